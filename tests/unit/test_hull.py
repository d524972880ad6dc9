"""Who can rank first or last at one prior, by the ROC hull: the same answers as the line arrangement
on random leaderboards built with collinear, identical and trivial points; every witness and
certificate against the definition in Fractions; the theorem's lemmas decided and its conditions
broken (no common prior: the arrangement, said; a point inside a hull edge: tied, never alone; every
other entity a trivial classifier: first alone at the corner where it is undefined)."""

from __future__ import annotations

import io
import random
from fractions import Fraction
from pathlib import Path

import pytest

from ordertheory.engine.result import Verdict
from ordertheory.engine.sanity import SanityKind
from ordertheory.ranking import read_leaderboard
from ordertheory.ranking.tile.hull import Cloud, Position, places
from ordertheory.ranking.tile.hull_answers import hull_answers
from ordertheory.ranking.winners import Outcome, Place, predicted_swap, rank_ranges, winners
from ordertheory.theory.hull_statements import hull_statements, no_prior_witness

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "semantic_segmentation_74_models.json"
F = Fraction


def R(P, a, b):
    """R_(a,b)(P) from its definition (None where undefined)."""
    num = (1 - a) * P["tn"] + a * P["tp"]
    den = num + (1 - b) * P["fp"] + b * P["fn"]
    return None if den == 0 else num / den


def place_at(lb, e, a, b, place):
    """(takes the place, the other entities level with it) at (a, b), by the definition."""
    v = [R(P, a, b) for P in lb.performances]
    if v[e] is None:
        return False, ()
    other = [(j, x) for j, x in enumerate(v) if j != e and x is not None]
    beaten = any(x > v[e] for _, x in other) if place is Place.FIRST else any(x < v[e] for _, x in other)
    return not beaten, tuple(j for j, x in other if x == v[e])


def random_lb(rng: random.Random, n: int):
    """One prior; points on a small grid (collinear and identical ones come by themselves), trivial
    classifiers, copies, and exact mixtures of two entities (a point inside a segment)."""
    pos, neg, scale = rng.choice([1, 2, 3, 4, 6]), rng.choice([1, 2, 3, 5]), rng.choice([1, 2])
    pts: list[tuple[int, int, int]] = []  # (fp, tp, total multiplier)
    for _ in range(n):
        r = rng.random()
        if r < 0.08:
            pts.append((neg, pos, 1))
        elif r < 0.16:
            pts.append((0, 0, 1))
        elif r < 0.3 and pts:
            pts.append(rng.choice(pts))
        elif r < 0.45 and len(pts) > 1:  # the mixture ½·P + ½·Q: counts added, total doubled
            (f1, t1, m1), (f2, t2, m2) = rng.sample(pts, 2)
            pts.append((f1 * m2 + f2 * m1, t1 * m2 + t2 * m1, 2 * m1 * m2))
        else:
            pts.append((rng.randint(0, neg), rng.randint(0, pos), 1))
    rows = [f"E{i},{scale * (m * neg - f)},{scale * f},{scale * (m * pos - t)},{scale * t}" for i, (f, t, m) in enumerate(pts)]
    return read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\n" + "\n".join(rows) + "\n"))


def outcomes(w):
    return [(a.entity, a.outcome) for a in w.answers]


def _agree(seed: int, count: int, most: int, both: bool = True) -> None:
    """``count`` leaderboards of at most ``most`` entities: both places each (``both``), else first
    and last place in turn."""
    rng = random.Random(seed)
    for i in range(count):
        lb = random_lb(rng, rng.randint(1, most))
        for place in (Place.FIRST, Place.LAST) if both else ((Place.FIRST, Place.LAST)[i % 2],):
            h, g = winners(lb, place=place), winners(lb, place=place, method="arrangement")
            assert h.method == "hull" and g.method == "arrangement"
            assert outcomes(h) == outcomes(g), (place, lb.entities)
            assert h.verdict is Verdict.PROVED


def test_the_hull_equals_the_arrangement_on_small_random_leaderboards():
    _agree(seed=1, count=60, most=10)


@pytest.mark.slow
def test_the_hull_equals_the_arrangement_on_200_random_leaderboards_of_at_most_50():
    _agree(seed=2, count=200, most=50, both=False)  # the arrangement's O(n³): one place per leaderboard


def test_every_witness_and_certificate_holds_by_the_definition():
    rng = random.Random(3)
    for _ in range(25):
        lb = random_lb(rng, rng.randint(2, 12))
        perfs = lb.performances
        for place in (Place.FIRST, Place.LAST):
            for e, a in enumerate(winners(lb, place=place).answers):
                if a.outcome in (Outcome.WINS, Outcome.TIES):
                    ok, level = place_at(lb, e, a.at.a, a.at.b, place)
                    assert ok, (place, a)
                    alone = all(perfs[j] == perfs[e] for j in level)
                    assert alone == (a.outcome is Outcome.WINS) or a.outcome is Outcome.TIES
                else:
                    assert a.outcome is Outcome.NEVER
                    # never: at every point of a fine grid someone is strictly beyond it (a sample, the
                    # certificate is what proves it; this catches a wrong certificate)
                    for i in range(0, 9):
                        for j in range(0, 9):
                            assert not place_at(lb, e, F(i, 8), F(j, 8), place)[0], (place, a.certificate)


def test_a_point_inside_a_hull_edge_ties_and_a_twin_wins_with_its_twin():
    # A = (fp 0, tp 2), C = (fp 2, tp 4), B = their mixture (1, 3): on the edge; D = A's twin; E below
    lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nA,4,0,2,2\nB,3,1,1,3\nC,2,2,0,4\nD,4,0,2,2\nE,1,3,3,1\n"))
    w = {a.entity: a for a in winners(lb).answers}
    assert w["A"].outcome is Outcome.WINS and w["A"].tied_with == ("D",) and w["D"].tied_with == ("A",)
    assert w["C"].outcome is Outcome.WINS
    assert w["B"].outcome is Outcome.TIES and "mixture 1/2·A + 1/2·C" in w["B"].certificate
    assert set(w["B"].tied_with) >= {"A", "C"} and w["B"].at.a == w["B"].at.b == F(1, 2)
    assert w["E"].outcome is Outcome.NEVER


def test_beside_an_end_of_the_chain_it_ties_at_a_corner():
    # the same least FPR as A with a smaller TPR: first only at (0, 0) (TNR), level with A
    lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nA,4,0,1,3\nL,4,0,3,1\nT,1,3,0,4\nR,0,4,0,4\n"))
    w = {a.entity: a for a in winners(lb).answers}
    assert w["L"].outcome is Outcome.TIES and (w["L"].at.a, w["L"].at.b) == (0, 0) and "A" in w["L"].tied_with
    assert w["R"].outcome is Outcome.TIES and (w["R"].at.a, w["R"].at.b) == (1, 1)  # right of T at TPR 1
    assert [a.outcome for a in winners(lb, method="arrangement").answers] == [w[n].outcome for n in "ALTR"]


def test_the_only_entity_defined_at_a_corner_ranks_first_alone_there():
    # every other entity is the always-positive classifier, undefined at (a, b) = (0, 1) (NPV): P has tn = 0
    lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nP,0,4,1,3\nT,0,4,0,4\nU,0,4,0,4\n"))
    w = {a.entity: a for a in winners(lb).answers}
    assert w["P"].outcome is Outcome.WINS and (w["P"].at.a, w["P"].at.b) == (0, 1)
    assert "the only entity defined there" in w["P"].certificate
    assert outcomes(winners(lb)) == outcomes(winners(lb, method="arrangement"))
    last = {a.entity: a for a in winners(lb, place="last").answers}
    assert last["P"].outcome is Outcome.WINS  # alone there, so last too


def test_without_a_common_prior_the_arrangement_decides_and_says_why():
    lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,5,0,4,1\nC,1,1,1,7\n"))
    w = winners(lb)
    assert w.method == "arrangement" and "3 different priors" in w.path and hull_answers(lb) is None
    assert winners(lb, method="arrangement").path == "--method arrangement"


def test_last_place_is_first_place_of_the_predicted_class_swap():
    rng = random.Random(5)
    for _ in range(10):
        lb = random_lb(rng, rng.randint(2, 8))
        last, swapped = winners(lb, place="last"), winners(predicted_swap(lb))
        assert [a.outcome for a in last.answers] == [a.outcome for a in swapped.answers]
        for a, s in zip(last.answers, swapped.answers):
            assert (a.at is None) == (s.at is None)


def test_the_staircase_and_the_chain_on_integer_points():
    found = places(Cloud.of([0, 1, 2, 3, 0, 2], [2, 3, 4, 1, 1, 4], neg=4, pos=4))
    assert [found[e].outcome for e in range(len(found))] == [Outcome.WINS, Outcome.TIES, Outcome.WINS, Outcome.NEVER, Outcome.TIES,
                                          Outcome.WINS]
    assert found[1].why is Position.EDGE and found[4].why is Position.LEFT
    big = 10**40  # beyond int64: Python integers, the same answers
    again = places(Cloud.of([0, big, 2 * big, 3 * big, 0], [2 * big, 3 * big, 4 * big, big, big], neg=4 * big, pos=4 * big))
    assert [again[e].outcome for e in range(5)] == [found[e].outcome for e in range(5)]


def test_rank_ranges_at_one_prior_come_from_the_diagonal_and_equal_the_arrangement():
    rng = random.Random(7)
    for _ in range(40):  # trivial classifiers among them: the corners where one is undefined count
        lb = random_lb(rng, rng.randint(2, 12))
        diag, plain = rank_ranges(lb), rank_ranges(lb, method="arrangement")
        assert [(r.rank_min, r.rank_max) for r in diag] == [(r.rank_min, r.rank_max) for r in plain]
        assert all(r.verdict is Verdict.PROVED and "diagonal" in r.result.method for r in diag)
        for e, r in enumerate(diag):  # each end by the definition in Fractions
            for rank, at in ((r.rank_min, r.rank_min_at), (r.rank_max, r.rank_max_at)):
                v = [R(P, at.a, at.b) for P in lb.performances]
                assert rank == 1 + sum(x is not None and x > v[e] for x in v)


def test_the_hull_theorem_is_decided_and_its_condition_broken():
    rs = {r.id: r for r in hull_statements()}
    for sid in ("H1", "H2", "H3", "H5", "H6", "H7", "H"):
        r = rs[f"tile/hull/{sid}"]
        assert r.verdict is Verdict.PROVED, (sid, r.reason)
        if r.certificate:  # a z3 proof: not vacuous, its assumptions hold at an exact point
            assert r.sanity is not None and r.sanity.kind is SanityKind.MODEL, sid
    h8 = rs["tile/hull/H8"]
    assert h8.verdict is Verdict.REFUTED and h8.corrected and "R = " in h8.witness["P"]
    # the witness re-validates without the search: Q strictly up-left of P in ROC space, P above Q
    P, Q = {"fp": F(9, 100), "tp": F(0), "pi": F(1, 10)}, {"fp": F(0), "tp": F(1, 20), "pi": F(1, 2)}
    w = {"a": 0, "b": 1, "lambda": 1, **{f"{k}_P": v for k, v in P.items()},
         **{f"{k}_{n}": v for n in ("Q1", "Q2") for k, v in Q.items()}}
    assert no_prior_witness(w) and not no_prior_witness({**w, "tp_Q1": F(0), "tp_Q2": F(0)})


def test_74_models_winners_are_the_four_known_with_witnesses():
    if not SHARED.is_file():
        pytest.skip("shared leaderboard data absent")
    lb = read_leaderboard(SHARED)
    w = winners(lb)
    assert w.method == "arrangement" and "74 different priors" in w.path
    assert set(w.names) == {"deeplabv3plus_voc12aug", "isanet_voc12aug", "mask2former_cityscapes", "setr_cityscapes"}
    for e, a in enumerate(w.answers):
        if a.outcome is Outcome.WINS:
            ok, level = place_at(lb, e, a.at.a, a.at.b, Place.FIRST)
            assert ok and not level


def _schema_valid(command: str, doc: dict) -> None:
    import jsonschema
    from referencing import Registry, Resource

    from ordertheory.cli.schemas import names, schema

    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in map(schema, names()))
    jsonschema.Draft202012Validator(schema(command), registry=registry).validate(doc)


def test_the_commands_say_the_path_the_place_and_the_family(tmp_path, capsys):
    import json

    from ordertheory.cli import main

    f = tmp_path / "one_prior.csv"
    f.write_text("entity,tn,fp,fn,tp\nA,4,0,2,2\nB,3,1,1,3\nC,2,2,0,4\nE,1,3,3,1\nW,1,3,4,0\n")
    assert main(["winners", str(f), "--last", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    _schema_valid("winners", doc)
    assert doc["place"] == "last" and doc["method"] == "hull" and "π₊ = 1/2" in doc["path"] and "W" in doc["winners"]
    assert main(["winners", str(f), "--method", "arrangement"]) == 0
    out = capsys.readouterr().out
    assert "CAN WIN   A" in out and "(arrangement: --method arrangement)" in out
    assert main(["rank", str(f), "--over-tile", "--family", "class-weights", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    _schema_valid("rank", doc)
    assert doc["family"] == "class-weights" and all(e["rank_min_weights"] for e in doc["entities"])
    assert main(["tile", str(f), "--map", "winner", "--resolution", "11", "--skill", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    _schema_valid("tile", doc)
    assert [x["entity"] for x in doc["below_trivial_everywhere"]] == ["E", "W"]  # TPR < FPR: worse than chance
    assert main(["winners", str(f), "--shares", "--last"]) == 2
    assert "not with --last" in capsys.readouterr().err


def test_skill_hatches_where_the_leader_has_no_skill_whoever_is_on_the_leaderboard():
    from ordertheory.ranking.tile_maps.skill import below_everywhere, skill_masks, trivial

    base = "entity,tn,fp,fn,tp\nA,60,20,10,10\nB,50,30,5,15\nC,70,10,15,5\nworse,30,50,15,5\n"
    lb = read_leaderboard(io.StringIO(base))
    with_baselines = read_leaderboard(io.StringIO(base + "allneg,80,0,20,0\nallpos,0,80,0,20\n"))
    n = 21
    hatch = skill_masks(lb, n)["leader"]
    assert 0 < hatch.mean() < 1  # not the whole map
    assert (skill_masks(with_baselines, n)["leader"] == hatch).all()  # a trivial baseline changes nothing
    assert [name for name, _ in below_everywhere(with_baselines)] == ["worse"]
    for j in range(0, n, 4):  # the definition in Fractions: every leader at most level with a trivial classifier
        for i in range(0, n, 4):
            a, b = F(i, n - 1), F(j, n - 1)
            v = [R(P, a, b) for P in lb.performances]
            top = max(x for x in v if x is not None)
            leaders = [e for e, x in enumerate(v) if x == top]
            no_skill = all(any(R(T, a, b) is not None and R(T, a, b) >= top for T in trivial(lb.performances[e]))
                           for e in leaders)
            assert hatch[j, i] == no_skill, (a, b)
