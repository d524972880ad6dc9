"""Kendall τ-b and the τ_min / τ_max search (numeric parts, checked against scipy)."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import kendalltau

from ordertheory import Importance, all_performances, binary, fixed_prior, get_score, ranking_score
from ordertheory.analyses.tau.grid import prior_grid, ranking_values, simplex_grid
from ordertheory.analyses.tau.kendall import KendallX, discordant_numpy
from ordertheory.analyses.tau.tau import tau_range
from ordertheory.cli import main


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 400), st.integers(1, 12), st.integers(1, 12), st.integers(0, 2**31))
def test_tau_matches_scipy_with_ties(n, kx, ky, seed):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, kx, n).astype(float)
    y = rng.integers(0, ky, n).astype(float)
    ref = kendalltau(x, y).statistic
    k = KendallX(x)
    for use_scipy in (True, False):
        got = k.tau(y, use_scipy=use_scipy)
        if np.isnan(ref):
            assert np.isnan(got)
        else:
            assert abs(got - ref) <= 1e-12


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 300), st.sampled_from([1, 3, 12, 10**6]), st.integers(1, 12), st.sampled_from([1, 7, 5000]),
       st.integers(0, 2**31))
def test_tau_ranks_matches_scipy(n, kx, ky, gap, seed):
    """Every path of the integer kernel: x without ties (kx = 10⁶), with ties, and y ranks too
    large for the radix sort (gap 5000: ranks up to 55 000), constant x or y included."""
    rng = np.random.default_rng(seed)
    x = rng.integers(0, kx, n).astype(float)
    yr = rng.integers(0, ky, n) * gap
    ref = kendalltau(x, yr.astype(float)).statistic
    got = KendallX(x).tau_ranks(yr)
    assert (np.isnan(got) and np.isnan(ref)) or abs(got - ref) <= 1e-12


def test_discordant_numpy_counts_inversions():
    y = np.array([3, 1, 2, 5, 4])
    assert discordant_numpy(np.zeros(5, dtype=int), y) == 3


def test_grid_sizes():
    assert simplex_grid(binary()).shape == (6545, 4)
    g = prior_grid(Fraction(1, 5))
    assert g.shape == (6561, 4) and np.allclose(g[:, 2] + g[:, 3], 0.2)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.fractions(0, 3, max_denominator=6), min_size=4, max_size=4))
def test_tile_covers_every_importance(vals):
    """A random importance orders performances exactly as its Tile point (a, b) does (exact)."""
    if vals[0] + vals[3] == 0 or vals[1] + vals[2] == 0:
        return
    a = vals[3] / (vals[0] + vals[3])
    b = vals[2] / (vals[1] + vals[2])
    om = binary()
    R1 = ranking_score(Importance(om, tuple(vals)))
    R2 = ranking_score(Importance(om, (1 - a, 1 - b, b, a)))
    from ordertheory import Performance

    pts = [Performance(om, tuple(Fraction(int(c * 8), 8) for c in row)) for row in simplex_grid(om, Fraction(1, 8))]
    pts = [P for P in pts if R1.in_domain(P) and R2.in_domain(P)]
    for P, Q in zip(pts, pts[1:] + pts[:1]):
        assert (R1.value(P) < R1.value(Q)) == (R2.value(P) < R2.value(Q))
        assert (R1.value(P) == R1.value(Q)) == (R2.value(P) == R2.value(Q))


def test_float_ties_are_snapped():
    """1/3 computed two ways must tie, or τ-b would miss the tie."""
    grid = simplex_grid(binary(), Fraction(1, 12))
    S = np.array([1.0, 0, 0, 1])
    from ordertheory.analyses.tau.tau import TauEvaluator

    X = ranking_values(grid, np.array([0, 0, 1, 1.0]), S)
    ev = TauEvaluator(X, grid, S)
    assert ev(np.array([0, 0, 1, 2.0])) == pytest.approx(1.0, abs=1e-12)


def test_daggers_and_constant():
    acc = tau_range(get_score("accuracy").score(), all_performances(binary()))
    assert acc.tau_max == 1.0 and acc.tau_max_exact and not acc.tau_min_exact
    err = tau_range(get_score("error_rate").score(), all_performances(binary()))
    assert err.tau_min == -1.0 and err.tau_min_exact
    assert err.tau_max == pytest.approx(-acc.tau_min, abs=1e-9)
    const = tau_range(get_score("chance_kappa").score(), fixed_prior(binary(), "1/2"))
    assert (const.tau_min, const.tau_max, const.tau_min_exact, const.tau_max_exact) == (0.0, 0.0, True, True)


def test_numeric_tau_of_a_ranking_score_reaches_one_without_derivation():
    I = Importance.from_values(binary(), {"tn": 1, "fp": 2, "fn": 1, "tp": 3})
    r = tau_range(ranking_score(I), all_performances(binary()), exact=False)
    assert r.tau_max == pytest.approx(1.0, abs=1e-9)


def test_cli_tau_json(capsys):
    import json

    assert main(["tau", "tpr", "--prior", "0.5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["tau_max"] == 1.0 and out["tau_max_exact"] and out["points"] == 6561
    assert main(["tau", "tpr", "--step", "1/0"]) == 2
    assert main(["tau", "tpr", "--prior", "0.5", "--points", "-3"]) == 2  # was an internal error (exit 4)
    assert main(["tau", "tpr", "--prior", "0.5", "--points", "1"]) == 2  # was a NaN on a one-point grid


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(-2**60, 2**60) | st.integers(-50, 50), st.integers(-2**60, 2**60) | st.integers(-50, 50)),
                min_size=1, max_size=30))
def test_ratio_floats_are_the_fractions_floats(pairs):
    """Both paths (int64 below 2⁵³, Fraction above) give float(Fraction(n, d)) exactly, NaN at d = 0:
    equal rationals must give identical floats, or τ would see ties that are not there."""
    from ordertheory.analyses.tau.exact_ties import ratio_floats

    n = np.array([p[0] for p in pairs], dtype=object)
    d = np.array([p[1] for p in pairs], dtype=object)
    got = ratio_floats(n, d)
    for g, (a, b) in zip(got.tolist(), pairs):
        assert (b == 0 and np.isnan(g)) or g == float(Fraction(a, b))


def test_exact_ranks_order_algebraic_scores_as_exact_arithmetic_does():
    # issue 34: MCC's ties were floats (τ off in the 5th decimal); ranks from sign(u)·|u^k| are exact
    import itertools
    from fractions import Fraction

    import sympy

    from ordertheory.analyses.tau.exact_ties import exact_ranks
    from ordertheory.catalogue import get
    from ordertheory.exact import sign
    from ordertheory.performances.performance import Performance
    from ordertheory.scores.expression import parse_score
    from ordertheory.spaces.sample_space import binary

    B, L = binary(), 5
    counts = np.array([c for c in itertools.product(range(L + 1), repeat=4) if sum(c) == L])
    for X in (get("mcc").score(), get("g_mean").score(), parse_score("-log(sqrt(TPR))**3", B),
              parse_score("(tp - fn)*sqrt(tp)", B)):
        r = exact_ranks(X, counts, L)
        vals = [X.value_or_none(Performance(B, tuple(Fraction(int(x), L) for x in c))) for c in counts]
        assert [bool(np.isnan(v)) for v in r] == [v is None for v in vals]
        idx = [i for i, v in enumerate(vals) if v is not None]
        for i, j in itertools.combinations(idx, 2):
            assert sign(sympy.sympify(vals[j]) - sympy.sympify(vals[i])) == int(r[j] > r[i]) - int(r[j] < r[i])
    assert exact_ranks(get("d_prime").score(), counts, L) is None  # a difference of probits: no exact key
