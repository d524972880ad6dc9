"""Rank uncertainty: the closed forms against exact rational arithmetic, the quadratures against
Monte Carlo, competition ranks and τ-b against a per-draw loop, Axiom 1 in every draw, seeds and
--jobs, the refusal without counts, and the rank/compare options."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from math import factorial
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from ordertheory.analyses.importance.linear_fractional import linear_fractional
from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Importance
from ordertheory.ranking.leaderboards.counts import leaderboard_counts
from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
from ordertheory.ranking.uncertainty import exact_posterior as ep
from ordertheory.ranking.uncertainty.draw_statistics import summarise
from ordertheory.ranking.uncertainty.resample import Plan, Resampling, draw
from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator
from ordertheory.ranking.uncertainty.uncertainty import rank_uncertainty
from ordertheory.scores.expression import parse_score
from ordertheory.scores.score import ranking_score
from ordertheory.spaces.sample_space import binary, multiclass

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "semantic_segmentation_74_models.json"
TWO = "entity,tn,fp,fn,tp\nA,6,1,2,11\nB,5,3,2,10\n"  # accuracy 17/20 and 15/20


def lb_of(text: str):
    return read_leaderboard(io.StringIO(text))


def _B(a: int, b: int) -> Fraction:
    return Fraction(factorial(a - 1) * factorial(b - 1), factorial(a + b - 1))


def exact_p_greater(a1: int, b1: int, a2: int, b2: int) -> Fraction:
    """P(Beta(a1, b1) > Beta(a2, b2)) in exact rationals (integer parameters), straight from
    P(X > Y) = Σ_{i<a1} B(a2 + i, b1 + b2) / ((b1 + i) B(1 + i, b1) B(a2, b2))."""
    return sum((_B(a2 + i, b1 + b2) / ((b1 + i) * _B(1 + i, b1) * _B(a2, b2)) for i in range(a1)), Fraction(0))


# --- the closed form and the quadratures ---------------------------------------------------------
def test_two_entities_accuracy_matches_the_closed_form_in_exact_arithmetic():
    u = rank_uncertainty(lb_of(TWO), get("accuracy").score(), Plan(Resampling.POSTERIOR, draws=200, alpha=1.0))
    truth = float(exact_p_greater(17 + 2, 3 + 2, 15 + 2, 5 + 2))  # Beta(right + 2α, wrong + 2α), α = 1
    p = u.pair("A", "B")
    assert p.method.startswith("closed form") and abs(p.p_above - truth) < 1e-9 and p.stderr < 1e-9
    assert abs(u.pair("B", "A").p_above - (1 - truth)) < 1e-9


def test_the_default_prior_gives_accuracy_the_jeffreys_posterior_at_any_k():
    """Total mass 1 (not α·k²): accuracy's posterior is Beta(right + ½, wrong + ½) on 2 and on 10 classes,
    so its interval is the Jeffreys interval whatever k; a flat α = 1 would add k² pseudo-counts."""
    u = rank_uncertainty(lb_of(TWO), get("accuracy").score(), Plan(Resampling.POSTERIOR, draws=200))
    lo, hi = stats.beta.ppf([0.025, 0.975], 17.5, 3.5)
    e = u.entities[0]
    assert e.value_method.startswith("Bayesian credible interval: exact Beta")
    assert e.value_interval == pytest.approx((lo, hi), abs=1e-12)
    cells = "entity,true,pred,count\n" + "".join(f"M,{c},{c},{45 + c}\n" for c in range(10)) + "M,3,4,5\nM,7,1,5\n"
    u10 = rank_uncertainty(lb_of(cells), get("multiclass_accuracy").score(multiclass(10)),
                           Plan(Resampling.POSTERIOR, draws=200))
    right, wrong = sum(45 + c for c in range(10)), 10
    assert u10.entities[0].value_interval == pytest.approx(tuple(stats.beta.ppf([0.025, 0.975], right + .5, wrong + .5)),
                                                           abs=1e-12)
    assert u10.entities[0].value_interval[0] < u10.entities[0].value < u10.entities[0].value_interval[1]


def test_every_route_to_the_beta_comparison_agrees_with_exact_arithmetic():
    for a1, b1, a2, b2 in [(19, 5, 17, 7), (3, 9, 7, 5), (1, 1, 1, 1), (40, 2, 30, 12), (2, 30, 5, 3)]:
        truth = float(exact_p_greater(a1, b1, a2, b2))
        assert abs(ep.p_greater_beta(a1, b1, a2, b2).value - truth) < 1e-12
        q = ep.p_greater_beta_many(*(np.array([x], dtype=float) for x in (a1, b1, a2, b2)))[0]
        assert abs(q.value - truth) < 1e-9 and q.error < 1e-9, (a1, b1, a2, b2, q)


def test_quadrature_with_a_fractional_prior_agrees_with_monte_carlo_within_four_standard_errors():
    lb = lb_of(TWO)
    exact = rank_uncertainty(lb, get("accuracy").score(), Plan(Resampling.POSTERIOR, draws=100, alpha=0.3))
    mc = rank_uncertainty(lb, get("accuracy").score(), Plan(Resampling.POSTERIOR, draws=40_000, alpha=0.3),
                          exact=False)
    p, q = exact.pair("A", "B"), mc.pair("A", "B")
    assert "quadrature" in p.method and q.method.startswith("Monte Carlo")
    assert abs(p.p_above - q.p_above) < 4 * q.stderr


def test_gil_pelaez_survival_equals_the_beta_tail_of_an_aggregated_score():
    beta = np.array([8.5, 2.25, 3.0, 12.75])
    lf = linear_fractional(get("accuracy").score())
    for t in (0.5, 0.7, 0.9):
        p = ep.lf_survival(lf, beta, t)
        assert abs(p.value - stats.beta.sf(t, beta[0] + beta[3], beta[1] + beta[2])) < 1e-9


# --- the linear-fractional forms, read by the structural recogniser of the tests of a score -------------
@pytest.mark.parametrize("text, forms", [
    ("tp/(tp+fn) + fn/(2*tp+2*fn)", ((0, 0, 1, 2), (0, 0, 2, 2))),  # proportional denominators add up
    ("1 - tp/(tp+fn)", ((0, 0, 1, 0), (0, 0, 1, 1))),  # a constant term c is c·K/K
    ("(tp+tn)/2", ((1, 0, 0, 1), (2, 2, 2, 2))),  # integers with no common factor, c = c·Σ P(ω)
    ("tp/(tp+fn) + fn/(tp+fn)", ((0, 0, 1, 1), (0, 0, 1, 1))),  # the domain as written: tp + fn ≠ 0
    ("-tp/(-tp-fn)", ((0, 0, 0, 1), (0, 0, 1, 1))),  # oriented so that b·P ≥ 0
    ("tp/(tp+fn) + tn/(tn+fp)", None),  # two denominators: a ratio of quadratic forms
    ("sqrt(tp/(tp+fn))", None),  # a monotone transform of a ratio, not a ratio
])
def test_linear_fractional_forms_are_read_as_written(text, forms):
    lf = linear_fractional(parse_score(text, binary()))
    assert (None if lf is None else lf.integer_forms()) == forms


def test_a_large_multiclass_fraction_is_not_expanded():
    # the recogniser's guard: the 4-class GPS is no single ratio of linear forms, and its fraction is too
    # large to cancel (putting it over one denominator took minutes)
    assert linear_fractional(get("multiclass_gps").score(multiclass(4))) is None


def test_intervals_and_pairs_of_a_ranking_score_by_quadrature_match_monte_carlo():
    I = Importance.from_values(binary(), {"tn": "3/10", "fp": "3/5", "fn": "2/5", "tp": "7/10"})
    X = ranking_score(I)
    assert linear_fractional(X).two_level() is None  # not a Beta: the Gil-Pelaez route
    lb = lb_of("entity,tn,fp,fn,tp\nA,60,12,9,40\nB,600,120,90,400\nC,3,1,1,2\n")
    u = rank_uncertainty(lb, X, Plan(Resampling.POSTERIOR, draws=100))
    mc = rank_uncertainty(lb, X, Plan(Resampling.POSTERIOR, draws=60_000), exact=False)
    for e, f in zip(u.entities, mc.entities):
        assert e.value_method.startswith("Bayesian credible interval: 1-D quadrature") and e.value_error < 1e-9
        width = e.value_interval[1] - e.value_interval[0]
        assert all(abs(x - y) < 0.03 * width for x, y in zip(e.value_interval, f.value_interval)), (e, f)
    for a, b in (("A", "B"), ("B", "A")):
        p, q = u.pair(a, b), mc.pair(a, b)
        assert p.method.startswith("nested 1-D quadrature") and p.stderr < 1e-8
        assert abs(p.p_above - q.p_above) < 4 * q.stderr, (a, b, p, q)
    assert u.pair("A", "C").method.startswith("Monte Carlo")  # 7 test samples: the quadrature is not accurate
    rows = ep.lf_intervals(linear_fractional(X), leaderboard_counts(lb).matrix + 1.0, 0.9)
    for r, beta in zip(rows, leaderboard_counts(lb).matrix + 1.0):
        single = ep.lf_interval(linear_fractional(X), beta, 0.9)
        assert abs(r[0] - single[0]) < 1e-8 and abs(r[1] - single[1]) < 1e-8


# --- ranks, ties, τ ------------------------------------------------------------------------------
def test_competition_ranks_pairs_and_tau_match_a_plain_loop_over_draws_with_ties():
    rng = np.random.default_rng(3)
    v = rng.integers(0, 4, size=(60, 7)).astype(float)
    v[rng.random(v.shape) < 0.1] = np.nan
    ref = np.array([6.0, 5, 5, 3, 2, 1, 0])
    s = summarise(v, ref)
    for k, row in enumerate(v):
        for i, x in enumerate(row):
            want = 0 if np.isnan(x) else 1 + sum(1 for y in row if not np.isnan(y) and y > x)
            assert s.ranks[k, i] == want
        ok = ~np.isnan(row)
        if ok.sum() >= 2 and len(set(row[ok])) > 1:
            assert abs(s.tau[k] - stats.kendalltau(row[ok], ref[ok]).statistic) < 1e-9
    want_above = np.array([[sum(1 for row in v if row[i] > row[j]) for j in range(7)] for i in range(7)])
    assert np.array_equal(s.above, want_above)


def test_equal_performances_tie_in_every_bootstrap_draw_and_equal_values_tie_exactly():
    ev = DrawEvaluator(get("accuracy").score())
    d = np.array([[[1.0, 5, 2, 2], [1, 5, 2, 2], [3, 5, 2, 0]]])  # equal counts; and accuracy 3/10 again
    ranks = summarise(ev(d, counts=True)).ranks
    assert ranks.tolist() == [[1, 1, 1]]
    counts = np.array([[6.0, 2, 1, 1], [6, 2, 1, 1], [3, 1, 1, 0]])  # A = B exactly
    draws = draw(Resampling.BOOTSTRAP, counts, 500, seed=1, index=0)
    same = np.all(draws[:, 0] == draws[:, 1], axis=1)
    r = summarise(ev(draws, counts=True)).ranks
    assert same.any() and np.all(r[same, 0] == r[same, 1])


def test_seeded_draws_are_reproducible_and_independent_of_the_number_of_processes():
    lb = lb_of("entity,tn,fp,fn,tp\nA,50,5,5,40\nB,48,7,6,39\nC,30,25,20,25\nD,49,6,6,39\n")
    X = get("mcc").score()
    plan = Plan(Resampling.BOOTSTRAP, draws=2500, seed=7)
    one = rank_uncertainty(lb, X, plan, jobs=1)
    two = rank_uncertainty(lb, X, plan, jobs=2)
    assert np.array_equal(one.values, two.values, equal_nan=True)
    assert one.to_json() == two.to_json()
    other = rank_uncertainty(lb, X, Plan(Resampling.BOOTSTRAP, draws=2500, seed=8))
    assert not np.array_equal(one.values, other.values)


# --- availability ------------------------------------------------------------------------------------
def test_uncertainty_is_refused_without_counts_and_given_with_samples(capsys):
    if not SHARED.exists():
        pytest.skip("the shared 74-model leaderboard (../shared/data) is absent")
    # (an explicit --timeout: the refusal must not depend on how long the first import of the catalogue
    # takes on a busy machine; only the command's own lines count, not another thread's)
    assert main(["rank", str(SHARED), "--score", "f1", "--uncertainty", "posterior", "--no-check",
                 "--timeout", "3600"]) == 2
    err = [line for line in capsys.readouterr().err.strip().splitlines() if not line.startswith("[")]
    assert len(err) == 1 and err[0].startswith("error: ") and "--samples N" in err[0]
    with pytest.raises(InvalidInput, match="drop --samples"):
        leaderboard_counts(lb_of(TWO), samples=100)
    c = leaderboard_counts(read_leaderboard(SHARED), samples=1000)
    assert abs(c.totals - 1000).max() < 1e-9 and not c.integer


def test_rank_json_has_the_names_other_scripts_rely_on(tmp_path, capsys):
    f = tmp_path / "lb.csv"
    f.write_text("entity,tn,fp,fn,tp\nA,50,5,5,40\nB,48,7,6,39\nC,30,25,20,25\n")
    assert main(["rank", str(f), "--score", "f1", "--uncertainty", "posterior", "--draws", "3000", "--seed", "3",
                 "--alpha", "0.5", "--json", "--no-check"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["uncertainty"]["prior_alpha"] == 0.5 and out["uncertainty"]["seed"] == 3
    assert all(len(e["rank_interval"]) == 2 for e in out["entities"])
    pairs = {(p["a"], p["b"]): p for p in out["pairwise"]}
    assert len(pairs) == 6 and {"a", "b", "p_above", "method", "stderr"} <= set(pairs[("A", "B")])
    assert abs(pairs[("A", "B")]["p_above"] + pairs[("B", "A")]["p_above"] - 1) < 1e-9
    assert main(["rank", str(f), "--score", "accuracy", "--no-check"]) == 0
    text = capsys.readouterr().out.strip().splitlines()
    assert text[-1].startswith("not separated at 95%: A ~ B")


def test_compare_leaderboard_gains_uncertainty(tmp_path, capsys):
    f = tmp_path / "lb.csv"
    f.write_text("entity,tn,fp,fn,tp\na,50,10,20,20\nb,80,0,20,0\nc,30,30,0,40\n")
    assert main(["compare", "accuracy", "f1", "--leaderboard", str(f), "--uncertainty", "bootstrap",
                 "--draws", "2000", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    u = out["uncertainty"]
    assert u["method"] == "bootstrap" and u["draws"] == 2000 and -1 <= u["tau_b"]["median"] <= 1
    assert [(p["first"], p["second"]) for p in u["p_discordant"]] == [("a", "b"), ("c", "b")]


def test_alpha_with_the_bootstrap_is_bad_input_not_ignored(tmp_path, capsys):
    from ordertheory.cli import main

    lb = tmp_path / "lb.csv"
    lb.write_text("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,3,1,1,5\n")
    assert main(["rank", str(lb), "--score", "f1", "--uncertainty", "bootstrap", "--alpha", "2", "--no-check"]) == 2
    assert "--alpha is the posterior's Dirichlet prior" in capsys.readouterr().err
    assert main(["rank", str(lb), "--score", "f1", "--uncertainty", "posterior", "--alpha", "2", "--no-check",
                 "--draws", "200"]) == 0
    assert "prior α = 2" in capsys.readouterr().out


def test_every_observed_macro_f1_of_the_digits_leaderboard_lies_inside_its_default_interval(tmp_path):
    """The issue's case: with α = 1 on each of 100 outcomes the 95 % interval of an SVC at macro-F1 0.98 was
    [0.81, 0.87]. With the default prior every observed value is inside its own interval (not by the
    extension: the credible interval itself holds it), and the interval says what it is."""
    from tests.sklearn_leaderboards import digits_cells

    lb = read_leaderboard(digits_cells(tmp_path))
    u = rank_uncertainty(lb, get("macro_f1").score(lb.space), Plan(Resampling.POSTERIOR, draws=1000))
    for e in u.entities:
        lo, hi = e.value_interval
        assert lo < e.value < hi and hi - lo < 0.1, e
        assert e.value_method.startswith("Bayesian credible interval") and "extended" not in e.value_method
    assert not any("fewer than" in n for n in u.notes)  # 540 cases on 100 outcomes: 5.4 per outcome
