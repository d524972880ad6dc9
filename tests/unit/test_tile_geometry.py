"""The Tile by exact geometry: line arrangements against brute force, every rank and witness against
the definition in Fractions, winners and rank ranges against the NRA path (z3) on random leaderboards
with one prior and with mixed priors, ties for first reported as ties, Farkas certificates re-checked."""

from __future__ import annotations

import io
import random
from fractions import Fraction
from pathlib import Path

import pytest

from ordertheory.encoding.answer import Model, Status
from ordertheory.encoding.isolated import check_smtlib_isolated
from ordertheory.engine.prove import Decider
from ordertheory.engine.result import Verdict
from ordertheory.engine.sanity import SanityKind
from ordertheory.ranking import read_leaderboard
from ordertheory.ranking.tile.arrangement import Line, extremes
from ordertheory.ranking.tile.bilinear import Bilinear
from ordertheory.ranking.tile.charts import balanced, entity_chart, shared_prior
from ordertheory.ranking.tile.lp import LPStatus, solve
from ordertheory.ranking.tile.nra import Query
from ordertheory.ranking.tile.standing import simplest_in, standing
from ordertheory.ranking.winners import Outcome, farkas, rank_ranges, winners
from ordertheory.theory.tile_statements import no_skill_footing

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "semantic_segmentation_74_models.json"
F = Fraction


def R(P, a, b):
    """R_(a,b)(P) from its definition E[I·S] / E[I] (None where undefined)."""
    num = (1 - a) * P["tn"] + a * P["tp"]
    den = num + (1 - b) * P["fp"] + b * P["fn"]
    return None if den == 0 else num / den


def naive(lb, e, a, b):
    v = [R(P, a, b) for P in lb.performances]
    if v[e] is None:
        return None, ()
    return 1 + sum(x is not None and x > v[e] for x in v), tuple(o for o, x in enumerate(v) if o != e and x == v[e])


def random_lb(rng: random.Random, k: int, shared: bool):
    pos, neg = rng.randint(1, 5), rng.randint(1, 5)
    rows = []
    for i in range(k):
        if not shared:
            pos, neg = rng.randint(1, 5), rng.randint(1, 5)
        tp, tn = rng.randint(0, pos), rng.randint(0, neg)
        rows.append(f"E{i},{tn},{neg - tn},{pos - tp},{tp}")
    return read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\n" + "\n".join(rows) + "\n"))


def test_arrangement_extremes_against_a_grid():
    rng = random.Random(1)
    for _ in range(150):
        lines = []
        for _ in range(rng.randint(0, 6)):
            c = [F(rng.randint(-4, 4), rng.randint(1, 3)) for _ in range(3)]
            c[1] = c[1] or (F(1) if not c[2] else c[1])
            lines.append(Line(*c))
        S = F(rng.choice([1, 2]))
        x = extremes(lines, S, F(1))
        count = lambda s, t: sum(L(s, t) > 0 for L in lines)  # noqa: E731
        grid = [(S * i / 12, F(j, 12)) for i in range(13) for j in range(13)]
        assert x.min_vertex.count <= min(count(*p) for p in grid) and x.max_face.count >= max(count(*p) for p in grid)
        for opt in (x.min_vertex, x.min_face, x.max_face):
            assert count(*opt.point) == opt.count and 0 <= opt.point[0] <= S and 0 <= opt.point[1] <= 1
        assert all(L(*x.min_face.point) != 0 and L(*x.max_face.point) != 0 for L in lines)  # inside faces


def test_frontiers_are_lines_in_the_charts():
    lb = random_lb(random.Random(2), 6, shared=True)
    ch = balanced(shared_prior(lb))
    for P in lb.performances:
        for Q in lb.performances:
            assert ch.frontier(P, Q).c3 == 0  # one prior: every frontier is a line in balanced coordinates
    mixed = random_lb(random.Random(3), 6, shared=False)
    for P in mixed.performances:
        if all(P[o] for o in ("tn", "fp", "fn", "tp")):
            assert all(entity_chart(P).frontier(Q, P).c3 == 0 for Q in mixed.performances)


@pytest.mark.parametrize("shared", [True, False])
def test_standing_is_the_definition_at_exact_points(shared):
    rng = random.Random(4 if shared else 5)
    n = 8
    grid = [(F(i, n), F(j, n)) for i in range(n + 1) for j in range(n + 1)]
    for _ in range(25):
        lb = random_lb(rng, rng.randint(2, 6), shared)
        for e in range(len(lb)):
            st = standing(lb, e)
            on_grid = [r for r, _ in (naive(lb, e, a, b) for a, b in grid) if r is not None]
            for p, name in ((st.best, "best"), (st.worst, "worst"), (st.best_alone, "alone")):
                if p is None:
                    continue
                r, tied = naive(lb, e, p.a, p.b)
                assert (r, set(tied)) == (p.rank, set(p.tied)), name
            assert st.best.rank <= min(on_grid) and st.worst.rank >= max(on_grid)
            if st.best_alone is not None:
                same = {o for o in range(len(lb)) if lb.performances[o] == lb.performances[e]}
                assert set(st.best_alone.tied) <= same


@pytest.mark.parametrize("shared, seed", [(True, 6), (False, 7)])
def test_geometry_agrees_with_nra(shared, seed):
    rng = random.Random(seed)
    for trial in range(8):
        lb = random_lb(rng, rng.randint(2, 5), shared)
        g, z = winners(lb), winners(lb, method="nra", timeout=60)
        assert [(w.entity, w.outcome) for w in g.answers] == [(w.entity, w.outcome) for w in z.answers]
        if trial < 4:
            r1, r2 = rank_ranges(lb), rank_ranges(lb, method="nra", timeout=60)
            assert [(r.rank_min, r.rank_max) for r in r1] == [(r.rank_min, r.rank_max) for r in r2]


def test_a_first_place_that_is_only_a_tie_is_a_tie():
    lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nE0,1,0,1,2\nE1,1,0,0,3\nP,2,0,0,1\nQ,2,0,0,2\n"))
    w = {a.entity: a for a in winners(lb).answers}
    # P and Q are perfect classifiers: R = 1 for both at every (a, b), never apart (not identical)
    assert w["P"].outcome is Outcome.TIES and "Q" in w["P"].tied_with and w["Q"].outcome is Outcome.TIES
    assert winners(lb).tied == ("E1", "P", "Q") or set(winners(lb).tied) >= {"P", "Q"}
    lb2 = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nE0,1,0,1,2\nE1,1,0,0,3\n"))
    w2 = {a.entity: a for a in winners(lb2).answers}
    assert w2["E0"].outcome is Outcome.TIES and w2["E0"].tied_with == ("E1",)
    assert naive(lb2, 0, w2["E0"].at.a, w2["E0"].at.b) == (1, (1,))
    assert w2["E1"].outcome is Outcome.WINS and naive(lb2, 1, w2["E1"].at.a, w2["E1"].at.b) == (1, ())


def test_farkas_certificates_recheck_in_fractions():
    rng = random.Random(8)
    checked = 0
    for _ in range(30):
        lb = random_lb(rng, 5, shared=False)
        for e in range(len(lb)):
            st = standing(lb, e)
            f = farkas(lb, st)
            if f is None or st.always:
                continue
            t, y = f
            Pe = lb.performances[e]
            for a, b in ((0, 0), (1, 0), (0, 1), (1, 1)):  # Σ y_j (N_j/N_e − U_j/U_e), from the definition
                N = lambda P: (1 - a) * P["tn"] + a * P["tp"]  # noqa: E731
                U = lambda P: (1 - b) * P["fp"] + b * P["fn"]  # noqa: E731
                total = sum(yj * (N(lb.performances[j]) / N(Pe) - U(lb.performances[j]) / U(Pe)) for j, yj in y.items())
                assert total >= t
            assert (t > 0) == (st.best.rank > 1)
            checked += 1
    assert checked > 10


def test_lp_and_simplest_rationals():
    r = solve([F(1), F(1)], [([F(1), F(2)], "<=", F(4)), ([F(3), F(1)], "<=", F(6))])
    assert (r.status, r.value) == (LPStatus.OPTIMAL, F(14, 5))
    assert solve([F(1)], [([F(1)], ">=", F(0))]).status is LPStatus.UNBOUNDED
    assert simplest_in((F(1, 3), F(1, 2), False, False)) == F(2, 5)
    assert simplest_in((F(0), F(1, 7), True, False)) == 0
    assert simplest_in((F(1, 1000), F(3, 1000), False, False)) == F(1, 334)


@pytest.mark.slow
def test_74_models_geometry_agrees_with_nra():
    if not SHARED.is_file():
        pytest.skip("shared leaderboard data absent")
    lb = read_leaderboard(SHARED)
    g, z = winners(lb), winners(lb, method="nra", timeout=300)
    assert [(w.entity, w.outcome) for w in g.answers] == [(w.entity, w.outcome) for w in z.answers]
    assert len(g.names) == 4 and not g.tied
    ranges = rank_ranges(lb)
    for e, r in enumerate(ranges):  # every end re-checked by the definition in Fractions
        assert naive(lb, e, r.rank_min_at.a, r.rank_min_at.b)[0] == r.rank_min
        assert naive(lb, e, r.rank_max_at.a, r.rank_max_at.b)[0] == r.rank_max
    got = {r.entity: (r.rank_min, r.rank_max) for r in ranges}
    assert got["isanet_voc12aug"] == (1, 65) and got["ann_cityscapes"] == (42, 58)  # as z3 proved them


def test_cell_complex_rankings_and_exact_shares():
    from ordertheory.ranking.tile.tile_cells import cell_complex, first_shares, ranking_at

    rng = random.Random(9)
    for _ in range(8):
        lb = random_lb(rng, rng.randint(2, 5), shared=True)
        cx = cell_complex(lb)
        assert sum(polygon_area(c.polygon) for c in cx.cells) == 1  # the cells tile the square exactly
        for c in cx.cells:
            ranks = [naive(lb, e, c.a, c.b)[0] or 0 for e in range(len(lb))]
            assert list(c.ranks) == ranks == list(ranking_at(lb, c.a, c.b))
        shares = first_shares(lb)
        distinct = {P: s for P, s in zip(lb.performances, shares)}  # identical performances share one region
        assert sum(s.balanced for s in distinct.values()) == 1
        for s in shares:
            assert s.tile.lo <= s.tile.hi and s.tile.error < 1e-12


def polygon_area(poly):
    from ordertheory.ranking.tile.polygon import area

    return area(poly)


def test_tile_area_against_monte_carlo():
    import numpy as np

    from ordertheory.ranking.tile.area import tile_area
    from ordertheory.ranking.tile.charts import Axis, Chart
    from ordertheory.ranking.tile.polygon import clip, square

    ch = Chart(Axis(F(3), F(1)), Axis(F(1, 2), F(5)), "test")
    poly = clip(clip(square(F(1), F(1)), F(-1, 2), F(1), F(-1, 3)), F(-7, 10), F(1, 2), F(1))
    A = tile_area(poly, ch)
    rng = np.random.default_rng(0)
    a, b = rng.random(200_000), rng.random(200_000)
    s, t = a / ((1 - a) * 3 + a), b * 5 / ((1 - b) * 0.5 + b * 5)
    inside = (s - 0.5 - t / 3 <= 0) & (0.5 * s + t - 0.7 <= 0)
    assert abs(A.value - inside.mean()) < 4 * np.sqrt(A.value * (1 - A.value) / 200_000)


def test_maps_from_geometry_equal_the_definition():
    import numpy as np

    from ordertheory.ranking.tile import tile
    from ordertheory.ranking.tile_maps.raster import rank_maps, winner_map
    from ordertheory.ranking.tile_maps.skill import below_trivial_mask, trivial

    rng = random.Random(10)
    n = 7
    for trial in range(10):
        lb = random_lb(rng, rng.randint(2, 5), shared=trial % 2 == 0)
        M, W = rank_maps(lb, n), winner_map(lb, n)
        for e in range(len(lb)):
            zone = below_trivial_mask(lb, e, n)
            P = lb.performances[e]
            for j in range(n):
                for i in range(n):
                    a, b = F(i, n - 1), F(j, n - 1)
                    assert M[e, j, i] == (naive(lb, e, a, b)[0] or 0)
                    below = any(R(T, a, b) is not None and R(P, a, b) is not None and R(T, a, b) > R(P, a, b)
                                for T in trivial(P))
                    assert zone[j, i] == below
        assert (W.ravel() == np.array(tile.winner_map_exact(lb, n, [(j, i) for j in range(n) for i in range(n)]))).all()


def test_skill_zones_are_exact_polygons_in_the_chart():
    from ordertheory.ranking.tile_maps.skill import trivial, zones

    lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,5,0,4,1\nD,1,2,2,1\n"))
    z = zones(lb, 2)
    st = standing(lb, 2)
    for (name, poly), T in zip(z.items(), trivial(lb.performances[2])):
        for s, t in poly:  # every vertex: the trivial classifier at least level with D
            a, b = st.chart.from_chart(s, t)
            assert R(T, a, b) is None or R(T, a, b) >= R(lb.performances[2], a, b), name


def test_kclass_lp_equals_the_tile_on_two_classes_and_holds_on_three():
    from ordertheory.performances.performance import Importance
    from ordertheory.ranking.tile_k.first_place import kclass_winners

    rng = random.Random(11)
    for _ in range(60):
        lb = random_lb(rng, rng.randint(2, 5), shared=False)
        assert [(w.entity, w.outcome) for w in winners(lb).answers] == \
            [(w.entity, w.outcome) for w in kclass_winners(lb)]
    head = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))
    rows = "".join(f"E{e},{','.join(str(rng.randint(0, 4)) for _ in range(8))},{rng.randint(1, 4)}\n" for e in range(5))
    lb = read_leaderboard(io.StringIO(f"entity,{head}\n{rows}"))
    S = lb.space.satisfaction

    def values(I):
        out = []
        for P in lb.performances:
            den = sum(w * p for w, p in zip(I.values, P.probabilities))
            out.append(None if den == 0 else sum(w * s * p for w, s, p in zip(I.values, S, P.probabilities)) / den)
        return out

    ws = kclass_winners(lb)
    for e, w in enumerate(ws):
        if w.importance is not None:  # the witness importance, re-checked by the definition
            v = values(w.importance)
            first = v[e] is not None and all(x is None or x <= v[e] for x in v)
            assert first and (w.outcome is not Outcome.WINS or sum(x == v[e] for x in v) == 1)
    for _ in range(300):  # random importances never put a NEVER entity first
        I = Importance(lb.space, tuple(F(rng.randint(0, 6)) for _ in range(8)) + (F(rng.randint(1, 6)),))
        v = values(I)
        top = max(x for x in v if x is not None)
        for e, w in enumerate(ws):
            if w.outcome is Outcome.NEVER:
                assert v[e] is None or v[e] < top


def test_nra_decodes_an_algebraic_point_from_the_models_exact_truths():
    """z3's point may be algebraic (rounded to 40 digits in the model): the count of entities above
    and the tie curves through the point are read from the query's named truths, not re-evaluated
    at the rounded point."""
    lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,5,0,4,1\nC,1,1,1,7\nD,1,2,2,1\n"))
    q = Query(lb, 0)
    assert len(q.crossing) >= 2
    ob = q.obligation(1, at_least=True)
    assert ob.query is not None and set(ob.variables) >= {"a", "b", "above_0", "level_0"}
    root = F(7071067811865475244008443621048490392848, 10**40)  # √2/2 to 40 digits
    truths = {f"above_{j}": j == 1 for j in range(len(q.others))}
    truths.update({f"level_{j}": j == 0 for j in range(len(q.others))})
    point = ob.decode(Model({"a": root, "b": root, **truths}, rounded=frozenset({"a", "b"})))
    assert point.count == 1 and (point.a, point.b) == (root, root)
    for above in (True, False):  # the same point, other truths: the count follows the model
        other = ob.decode(Model({"a": root, "b": root, **truths, **{f"above_{j}": above for j in range(len(q.others))}}))
        assert other.count == (len(q.crossing) if above else 0)
    on_curve = [(a, b) for a, b in point.candidates if (a, b) != (root, root) and q.gs[0](a, b) == 0]
    assert on_curve and all(0 <= a <= 1 and 0 <= b <= 1 for a, b in on_curve)


def test_nra_asks_the_engines_decider_and_keeps_its_certificates(monkeypatch):
    lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nE0,0,5,0,5\nE1,0,5,1,4\nE2,1,4,1,4\nE3,2,3,2,3\n"))
    asked = []
    decide = Decider.decide

    def spy(self, ob, *args, **kw):
        asked.append(ob)
        return decide(self, ob, *args, **kw)

    monkeypatch.setattr(Decider, "decide", spy)
    w = {a.entity: a for a in winners(lb, method="nra", timeout=60).answers}
    assert asked and all(ob.query is not None for ob in asked)  # counterexample searches, through the decider
    assert [(a.outcome, bool(a.smtlib)) for a in w.values()] == [(Outcome.WINS, False), (Outcome.NEVER, True),
                                                                   (Outcome.TIES, True), (Outcome.WINS, False)]
    for a in (w["E1"], w["E2"]):  # z3's proofs of "never first (alone)", kept in the answer's Result
        assert a.result.verdict is Verdict.REFUTED and a.result.id == "winners/" + a.entity
        assert check_smtlib_isolated(a.smtlib, 20).status is Status.UNSAT
        assert "; sanity model (the assumptions alone hold here" in a.smtlib  # issue 34: not a vacuous proof
    r = rank_ranges(lb, method="nra", timeout=60)
    assert all(x.verdict is Verdict.PROVED for x in r) and any(x.result.certificate for x in r)


def test_nra_sanity_is_a_point_of_the_tile_or_vacuous():
    """The NRA obligations' assumptions ((a, b) in the Tile, e defined there) are shown satisfiable by
    an exact point, or the proof is vacuous: E_P[I] is bilinear, ≤ 0 at the four corners means nowhere."""
    lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,5,0,4,1\nC,1,1,1,7\n"))
    s = Query(lb, 0).sanity()
    assert s.kind is SanityKind.MODEL and Query(lb, 0).d.sign_at(s.model["a"], s.model["b"]) > 0
    q = Query(lb, 0)
    q.d = Bilinear(F(0), F(0), F(0), F(0))  # E_P[I] = 0 everywhere: e is defined nowhere
    assert q.sanity().kind is SanityKind.VACUOUS


def test_no_skill_statement_carries_its_sanity_line():
    r = no_skill_footing()
    assert r.verdict is Verdict.PROVED and r.sanity is not None and not r.sanity.vacuous
    assert all("sanity" in text for _, text in r.certificate)
