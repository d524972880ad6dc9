"""Better for every importance (issue 53): section R's statements decided and their broken condition refuted;
the corners against the definition on grids of the Tile (Fractions) and against the exact LP of tile_k; the
robust order on the issue's five entities (its acceptance), its probabilities against draws, Holm and
transitivity, guards; the Tile's regions; ROC-hull dominance against every threshold by the definition;
the command line (JSON valid against its schema, figures, bad input)."""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput, ResourceLimit
from ordertheory.ranking import read_leaderboard
from ordertheory.ranking.robust import robust_order as ro
from ordertheory.ranking.robust.corners import reading
from ordertheory.ranking.robust.dominance import Exact, closure, exact_relations, reduction
from ordertheory.ranking.robust.regions import band, tile_regions
from ordertheory.ranking.robust.report import robust_report
from ordertheory.ranking.robust.robust_order import Relation, robust_order
from ordertheory.ranking.robust.scored import hull_relation, roc_points, upper_hull
from ordertheory.ranking.tile_k.cell_table import CellTable
from ordertheory.ranking.tile_k.families import Family, reduce
from ordertheory.ranking.tile_k.importance_lp import margin
from ordertheory.ranking.uncertainty.resample import Plan, Resampling, draw
from ordertheory.theory.robust_statements import no_prior_witness, robust_statements

F = Fraction
FIVE = ("entity,tn,fp,fn,tp\nA,950,50,50,950\nB,800,200,200,800\nC,990,10,300,700\nD,700,300,10,990\n"
        "E,951,49,49,951\n")
GRID = [F(i, 8) for i in range(9)]


def lb_of(text: str):
    return read_leaderboard(io.StringIO(text))


def R(P, a, b):
    tn, fp, fn, tp = P
    num = (1 - a) * tn + a * tp
    den = num + (1 - b) * fp + b * fn
    return None if den == 0 else num / den


# --- the statements (section R) ----------------------------------------------------------------------
def test_section_r_is_decided_and_its_condition_broken():
    rs = {r.id: r for r in robust_statements()}
    assert {k: r.verdict for k, r in rs.items()} == {
        **{f"tile/robust/{k}": Verdict.PROVED for k in ("R1", "R2", "R3", "R", "R4", "RK", "RS")},
        "tile/robust/R5": Verdict.REFUTED}
    assert all(r.certificate and r.sanity is not None for k, r in rs.items() if k.endswith(("R2", "R4", "RK")))
    w = rs["tile/robust/R5"].witness
    assert "PPV" in w["A"] or "NPV" in w["A"] or "TNR" in w["A"]
    good = {"A": (F(81, 100), F(9, 100), F(1, 100), F(9, 100)), "B": (F(2, 5), F(1, 10), F(1, 10), F(2, 5)),
            "a": 1, "b": 0}  # A's rates 9/10 > B's 4/5, yet PPV 1/2 < 4/5
    assert no_prior_witness(good)
    assert not no_prior_witness({**good, "a": 0, "b": 0})  # at TNR A is better: no witness there
    assert not no_prior_witness({**good, "B": (F(1, 2), 0, 0, F(1, 2))})  # B's rates 1 > A's: not dominated


# --- the corners against the definition --------------------------------------------------------------
def _random_perf(rng: random.Random, prior: Fraction | None = None) -> tuple[Fraction, ...]:
    p = prior if prior is not None else F(rng.randint(1, 9), 10)
    t, s = F(rng.randint(0, 10), 10), F(rng.randint(0, 10), 10)
    return ((1 - p) * s, (1 - p) * (1 - s), p * (1 - t), p * t)


@pytest.mark.parametrize("common", [True, False], ids=["one prior", "priors differ"])
def test_the_exact_relation_is_the_definition_on_a_grid_of_the_tile(common):
    rng = random.Random(53 + common)
    for _ in range(60):
        prior = F(rng.randint(1, 9), 10) if common else None
        A, B = _random_perf(rng, prior), _random_perf(rng, prior)
        text = "entity,tn,fp,fn,tp\n" + "".join(f"{n},{','.join(str(float(x)) for x in P)}\n" for n, P in
                                                (("A", A), ("B", B)))
        lb = lb_of(text)
        A, B = (tuple(P.probabilities) for P in lb.performances)
        (pair,) = exact_relations(lb)
        assert reading(lb).statement == ("tile/robust/R" if lb.common_prior() else "tile/robust/R4")
        signs = set()
        for a in GRID:
            for b in GRID:
                x, y = R(A, a, b), R(B, a, b)
                if x is not None and y is not None:
                    signs.add((x > y) - (x < y) if pair.a == "A" else (y > x) - (y < x))
        if pair.relation is Exact.EVERY:
            assert signs == {1}
        elif pair.relation is Exact.WEAKLY:
            assert 1 in signs and -1 not in signs
        elif pair.relation is Exact.LEVEL:
            assert signs <= {0}
        else:
            assert {1, -1} <= signs  # each strictly better at a corner, both on the grid


def test_rates_do_not_decide_without_one_prior_and_the_four_corners_do():
    lb = lb_of("entity,tn,fp,fn,tp\nA,81,9,1,9\nB,40,10,10,40\n")  # A's rates 0.9 > 0.8, PPV 0.5 < 0.8
    assert lb.common_prior() is None
    assert [c.name for c in reading(lb).corners] == ["TNR", "TPR", "NPV", "PPV"]
    (pair,) = exact_relations(lb)
    assert pair.relation is Exact.DEPENDS and "PPV" in pair.b_better and pair.b == "B"


def test_k_class_corners_agree_with_the_exact_lp_of_tile_k():
    """'B strictly above A for some importance' by the corners and by importance_lp's exact LP (N_A = U_A = 1,
    maximise t with N_B − U_B ≥ t), on random 3-class leaderboards, for every importance and two families."""
    rng = random.Random(7)
    head = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))
    for trial in range(12):
        rows = [[rng.randint(1, 9) for _ in range(9)] for _ in range(2)]
        if trial % 3 == 0:  # one entity better on every cell's ratio: a dominance the LP must not break
            rows[1] = [c * 3 if i in (0, 4, 8) else c for i, c in enumerate(rows[0])]
        lb = lb_of(f"entity,{head}\nA,{','.join(map(str, rows[0]))}\nB,{','.join(map(str, rows[1]))}\n")
        for family in (None, Family.PER_CLASS_ERRORS, Family.SYMMETRIC_COSTS):
            tab = CellTable(lb if family is None else reduce(lb, family).pseudo)
            vals = [reading(lb, family).exact(P) for P in lb.performances]
            for e, other in ((0, 1), (1, 0)):
                lp = margin(tab, e, {other: -1})
                corners_say = any(x < y for x, y in zip(vals[e], vals[other]))
                assert (lp.t > 0) == corners_say, (trial, family, e)


def test_class_weights_corners_are_the_per_class_recalls():
    head = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))
    lb = lb_of(f"entity,{head}\nA,8,1,1,2,6,2,0,1,9\nB,7,2,1,1,8,1,1,1,8\n")  # one prior: rows sum to 10
    r = reading(lb, "class-weights")
    assert [c.name for c in r.corners] == ["recall of class 0", "recall of class 1", "recall of class 2"]
    assert [str(v) for v in r.exact(lb.performances[0])] == ["4/5", "3/5", "9/10"] and r.independent
    (pair,) = exact_relations(lb, "class-weights")
    assert pair.relation is Exact.DEPENDS and pair.a_better == ("recall of class 0", "recall of class 2")
    with pytest.raises(InvalidInput, match="one class prior"):
        reading(lb_of(f"entity,{head}\nA,8,1,1,2,6,2,0,1,9\nB,7,2,1,1,8,1,1,1,9\n"), "class-weights")


def test_closure_and_reduction():
    G = np.zeros((4, 4), dtype=bool)
    G[0, 1] = G[1, 2] = G[2, 3] = True
    C = closure(G)
    assert C[0, 3] and C[0, 2] and not C[3, 0] and C.sum() == 6
    assert (reduction(C) == G).all()


# --- the robust order --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def five():
    return lb_of(FIVE)


@pytest.mark.parametrize("method", [Resampling.POSTERIOR, Resampling.BOOTSTRAP])
def test_the_issue_acceptance_on_five_entities(five, method):
    r = robust_order(five, Plan(method, draws=2000))
    rel = {frozenset((p.a, p.b)): p for p in r.pairs}
    ab = rel[frozenset("AB")]
    assert (ab.a, ab.b, ab.relation) == ("A", "B", Relation.EVERY) and ab.p_every >= 0.99
    for pair in ("CD", "AC", "BC", "BD"):
        assert rel[frozenset(pair)].relation is Relation.DEPENDS, pair
    assert rel[frozenset("AE")].relation is Relation.NOT_SEPARATED
    assert r.edges() == [("A", "B"), ("E", "B")]
    cd = rel[frozenset("CD")]
    assert set(cd.a_above_at) | set(cd.b_above_at) == {"TNR", "TPR"} and cd.p_some_a > 0.99 and cd.p_some_b > 0.99


def test_exact_posterior_probabilities_match_draws(five):
    """P(every) = P(TNR_A > TNR_B)·P(TPR_A > TPR_B) (independent Betas) against the posterior's own draws."""
    plan = Plan(Resampling.POSTERIOR, draws=20000, seed=3)
    r = robust_order(five, plan)
    from ordertheory.ranking.leaderboards.counts import leaderboard_counts

    counts = leaderboard_counts(five).matrix
    v = reading(five).values(draw(plan.method, counts, plan.draws, plan.seed, 0, plan.prior(five.space)))
    i, j = five.index("E"), five.index("A")
    every = float(np.mean((v[:, i] > v[:, j]).all(axis=-1)))
    some = float(np.mean((v[:, i] > v[:, j]).any(axis=-1)))
    p = r.pair("A", "E")
    assert abs(p.p_every - every) < 4 * np.sqrt(every * (1 - every) / plan.draws)
    assert abs(p.p_some_a - some) < 4 * np.sqrt(some * (1 - some) / plan.draws)


def test_equal_entities_are_never_separated_and_transitivity_is_marked():
    lb = lb_of("entity,tn,fp,fn,tp\nA,900,100,100,900\nA2,900,100,100,900\nB,800,200,200,800\nC,700,300,300,700\n")
    r = robust_order(lb, Plan(Resampling.POSTERIOR))
    assert r.pair("A", "A2").relation is Relation.NOT_SEPARATED and r.pair("A", "A2").p_every == pytest.approx(0.25)
    assert r.pair("A", "C").relation is Relation.EVERY and r.edges() == [("A", "B"), ("A2", "B"), ("B", "C")]
    shared = np.zeros((1, 4, 4), dtype=bool)
    shared[0, 0, 1] = shared[0, 1, 2] = True  # a > b and b > c rejected, a > c not: implied by transitivity
    assert closure(shared[0])[0, 2]


def test_four_corners_when_priors_differ_and_monte_carlo_notes():
    lb = lb_of("entity,tn,fp,fn,tp\nA,810,90,10,90\nB,400,100,100,400\nC,300,200,200,300\n")
    r = robust_order(lb, Plan(Resampling.POSTERIOR, draws=4000))
    assert r.reading.statement == "tile/robust/R4" and "Monte Carlo" in r.joint_method
    ab = r.pair("A", "B")
    assert ab.relation is Relation.DEPENDS and "PPV" in (ab.a_above_at + ab.b_above_at)
    assert r.pair("B", "C").relation is Relation.EVERY
    few = robust_order(lb, Plan(Resampling.BOOTSTRAP, draws=50))
    assert any("1/(D + 1)" in n for n in few.notes) and few.counts()["every"] == 0  # 50 draws separate nothing


def test_families_and_k_classes(tmp_path):
    head = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))
    lb = lb_of(f"entity,{head}\nA,90,5,5,5,90,5,5,5,90\nB,70,20,10,10,70,20,10,20,70\n")
    r = robust_order(lb, Plan(Resampling.POSTERIOR), family="class-weights")
    assert r.pair("A", "B").relation is Relation.EVERY and r.reading.independent
    mm = robust_order(lb, Plan(Resampling.POSTERIOR, draws=1000), family="macro-micro")
    assert [c.name for c in mm.reading.corners] == ["accuracy", "balanced accuracy"] and "Monte Carlo" in mm.p_method
    assert mm.pair("A", "B").relation is Relation.EVERY
    every = robust_order(lb, Plan(Resampling.POSTERIOR))  # 18 corners: some of A's are not yet shown at 100 cases
    assert len(every.reading.corners) == 18 and every.pair("A", "B").relation is Relation.SOME
    big = lb_of(f"entity,{head}\nA,900,50,50,50,900,50,50,50,900\nB,700,200,100,100,700,200,100,200,700\n")
    assert robust_order(big, Plan(Resampling.POSTERIOR)).pair("A", "B").relation is Relation.EVERY


def test_guards_give_unknown_with_the_reason(five, monkeypatch):
    monkeypatch.setattr(ro, "MAX_ENTITIES", 3)
    with pytest.raises(ResourceLimit, match="past its guard of 3"):
        robust_order(five, Plan(Resampling.POSTERIOR))
    rep = robust_report(five, Plan(Resampling.POSTERIOR))
    assert not rep.complete and rep.to_json()["robust_order"]["reason"].startswith("the robust order")


def test_regions_band():
    rng = np.random.default_rng(0)
    observed = np.array([[1.0, 0.0], [-1.0, 0.1]])
    deltas = observed[None] + rng.normal(scale=0.2, size=(2000, 2, 2))
    m, c = band(deltas, observed, 0.95)
    assert m.tolist() == [[1, 0], [-1, 0]] and 2.0 < c < 3.0  # the max of four |N(0,1)|: ~2.5 at 95 %
    lb = lb_of(FIVE)
    reg = tile_regions(lb, "C", "D", Plan(Resampling.BOOTSTRAP, draws=300), resolution=11)
    assert reg.map[0, 0] == 1 and reg.map[10, 10] == -1  # C above at TNR, D above at TPR


# --- scoring classifiers ----------------------------------------------------------------------------
def test_hull_dominance_is_the_best_threshold_for_every_importance():
    """RS against the definition: A's best R_(a,a) over its thresholds against B's along the diagonal (Fractions)."""
    rng = np.random.default_rng(5)
    for _ in range(25):
        y = (rng.random(12) < 0.5).astype(np.int64)
        y[:2] = (0, 1)
        sa, sb = rng.integers(0, 5, 12) + 2.0 * y * rng.integers(0, 2), rng.integers(0, 5, 12) + 1.0 * y
        ha, hb = (upper_hull(*roc_points(y, s)) for s in (sa, sb))
        up_a, up_b = hull_relation(ha, hb)
        N, P = int((y == 0).sum()), int((y == 1).sum())

        def best(s, a, b):
            X, Y = roc_points(y, s)
            vals = [R((F(N - x), F(x), F(P - t), F(t)), a, b) for x, t in zip(X.tolist(), Y.tolist())]
            return max(v for v in vals if v is not None)

        diag = [F(i, 64) for i in range(65)]  # the diagonal reaches every direction (H2)
        diffs = {(best(sa, a, a) > best(sb, a, a)) - (best(sa, a, a) < best(sb, a, a)) for a in diag}
        assert (-1 in diffs) == up_b
        if up_a and not up_b:
            assert 1 in diffs


# --- the command line -------------------------------------------------------------------------------
def _schema_valid(command: str, doc: dict) -> None:
    import jsonschema
    from referencing import Registry, Resource

    from ordertheory.cli.schemas import names, schema

    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in map(schema, names()))
    jsonschema.Draft202012Validator(schema(command), registry=registry).validate(doc)


def test_cli_rank_over_tile_uncertainty_json_and_figures(tmp_path, capsys):
    f = tmp_path / "five.csv"
    f.write_text(FIVE)
    out = tmp_path / "figs"
    code = main(["rank", str(f), "--over-tile", "--uncertainty", "posterior", "--draws", "200", "--resolution", "11",
                 "--robust-out", str(out), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["verdict"] == "numeric"
    _schema_valid("rank", data)
    ab = next(p for p in data["robust_pairs"] if {p["a"], p["b"]} == {"A", "B"})
    assert (ab["a"], ab["relation"], ab["p_every"] >= 0.99) == ("A", "every", True)
    assert data["robust_order"]["edges"] == [["A", "B"], ["E", "B"]]
    assert (out / "robust_order.png").exists() and (out / "regions_C_D.png").exists()
    assert main(["rank", str(f), "--over-tile", "--uncertainty", "posterior", "--draws", "200", "--resolution", "11",
                 "--family", "class-weights"]) == 0
    assert "recall of class" in capsys.readouterr().out
    g = tmp_path / "priors.csv"
    g.write_text("entity,tn,fp,fn,tp\nA,81,9,1,9\nB,40,10,10,40\n")
    assert main(["rank", str(g), "--over-tile", "--uncertainty", "posterior", "--family", "macro-micro"]) == 2
    assert "one class prior" in capsys.readouterr().err


def test_cli_scored_predictions_give_hull_dominance(tmp_path, capsys):
    rng = np.random.default_rng(1)
    y = (rng.random(120) < 0.5).astype(int)
    good, bad = y * 2.0 + rng.normal(size=120), rng.normal(size=120)
    rows = ["sample,y_true,G,W,score:G,score:W"] + [f"{i},{t},{int(g > 1)},{int(b > 0)},{g:.4f},{b:.4f}"
                                                    for i, (t, g, b) in enumerate(zip(y, good, bad))]
    f = tmp_path / "pred.csv"
    f.write_text("\n".join(rows) + "\n")
    code = main(["rank", str(f), "--over-tile", "--uncertainty", "bootstrap", "--draws", "200", "--resolution", "5",
                 "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    (pair,) = data["robust_scored"]["pairs"]
    assert (pair["a"], pair["relation"]) == ("G", "every") and data["robust_scored"]["edges"] == [["G", "W"]]


SHARED = next((p / "shared" / "data" / "semantic_segmentation_74_models.json" for p in Path(__file__).resolve().parents
               if (p / "shared" / "data" / "semantic_segmentation_74_models.json").exists()), Path("/absent"))


def test_the_74_models_exactly():
    if not SHARED.exists():
        pytest.skip(f"the shared leaderboard is absent ({SHARED})")
    lb = read_leaderboard(str(SHARED))
    rel = exact_relations(lb)
    assert len(rel) == 74 * 73 // 2 and reading(lb).statement == "tile/robust/R4"
    counts = {k: sum(p.relation is k for p in rel) for k in Exact}
    assert counts[Exact.EVERY] + counts[Exact.DEPENDS] == len(rel) and counts[Exact.EVERY] > 1000


def test_advise_says_what_no_score_changes(tmp_path, capsys):
    """advise's section and the note under its results table, its claims the command they name recomputes."""
    f = tmp_path / "five.csv"
    f.write_text(FIVE)
    out = tmp_path / "report"
    assert main(["advise", str(f), "--scores", "accuracy", "--out", str(out), "--draws", "300", "--tile-draws", "20",
                 "--tile-resolution", "5", "--json"]) == 0
    capsys.readouterr()
    md = (out / "report.md").read_text()
    assert "Whatever the score: of 10 pairs, 2 keep their order for every ranking score and 7 are ordered by the " \
           "choice of score" in md
    assert "## Whatever the score: pairs no ranking score can overturn" in md and "A > B (P = 1.000)" in md
    assert (out / "robust_order.png").exists() and "regions_" in md
    claim = json.loads((out / "report.json").read_text())["robust"]
    cmd = claim["robust_order"]["command"].split()
    assert cmd[:3] == ["ordertheory", "rank", str(f)] and "--over-tile" in cmd
    assert main([*cmd[1:], "--resolution", "5"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["robust_pairs"] == claim["robust_pairs"] and again["robust_order"]["edges"] == [["A", "B"], ["E", "B"]]
