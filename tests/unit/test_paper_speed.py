"""The paper job's shortcuts give the very results of the long way (#17): shared orderings of the
ranking scores for τ, τ-b from ranks, Fraction evaluation of rational scores, memoised tie
classes, and section D built from an importance derived once."""

from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from ordertheory import Performance, binary, fixed_prior
from ordertheory.analyses.tau import grid as G
from ordertheory.analyses.tau import tau as T
from ordertheory.analyses.tau.exact_ties import counts_of, merge_structural_ties
from ordertheory.analyses.tau.kendall import KendallX
from ordertheory.catalogue import get
from ordertheory.errors import UndefinedScore
from ordertheory.exact import compile_rational


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 300), st.integers(1, 400), st.integers(1, 12), st.integers(0, 2**31))
def test_tau_from_ranks_is_tau_from_values(n, kx, ky, seed):
    """Any order-preserving integer relabelling of y gives the same float (ties in x or not)."""
    rng = np.random.default_rng(seed)
    x = rng.integers(0, kx, n).astype(float)
    y = rng.integers(0, ky, n)
    ranks = np.unique(y, return_inverse=True)[1].ravel() * 3 + 1  # not dense, same order and ties
    k = KendallX(x)
    a, b = k.tau(y.astype(float)), k.tau_ranks(ranks)
    assert (np.isnan(a) and np.isnan(b)) or a == b


def test_dense_ranks_keep_ties_and_undefined():
    assert T.dense_ranks(np.array([0.5, np.nan, 0.25, 0.5, -0.0, 0.0])).tolist() == [2, -1, 1, 2, 0, 0]


SCORES = ("accuracy", "mcc", "d_prime")  # rational, algebraic (exact ranks), and snapped (a sum of probits)


def test_tau_ranges_equal_one_call_per_score():
    Pi = fixed_prior(binary(), "1/5")
    scores = [get(s).score() for s in SCORES]
    alone = [T.tau_range(X, Pi, points=11, exact=False) for X in scores]
    shared = T.tau_ranges(scores, Pi, points=11)
    import dataclasses

    # the same results; the shared search evaluates fewer points (its orderings' distances are shared)
    assert [dataclasses.replace(r, evaluations=0) for r in shared] == [dataclasses.replace(r, evaluations=0) for r in alone]
    assert sum(r.evaluations for r in shared) <= sum(r.evaluations for r in alone)
    assert {r.exact_ties for r in shared} == {True, False}  # both kinds of orderings were shared


def test_with_derivation_sets_what_is_proved():
    from ordertheory.analyses.importance.derive import derive_importance

    Pi = fixed_prior(binary(), "1/2")
    r = T.TauResult(0.25, 0.75, False, False, {"a": 0.0, "b": 0.0}, {"a": 1.0, "b": 1.0}, 441, 10)
    up = T.with_derivation(r, derive_importance(get("accuracy").score(), Pi, check_tests=False))
    assert (up.tau_min, up.tau_max, up.tau_min_exact, up.tau_max_exact) == (0.25, 1.0, False, True)
    assert up.argmax == {"a": 0.5, "b": 0.5}
    down = T.with_derivation(r, derive_importance(get("error_rate").score(), Pi, check_tests=False))
    assert (down.tau_min, down.tau_max, down.tau_min_exact) == (-1.0, 0.75, True)
    const = T.with_derivation(r, derive_importance(get("chance_kappa").score(), Pi, check_tests=False))
    assert (const.tau_min, const.tau_max, const.tau_min_exact, const.tau_max_exact) == (0.0, 0.0, True, True)
    import dataclasses

    assert T.with_derivation(dataclasses.replace(r, protocol="generic"), derive_importance(
        get("accuracy").score(), Pi, check_tests=False)).tau_max == 0.75  # the generic protocol: untouched


def test_tie_classes_memo_changes_nothing():
    grid = G.simplex_grid(binary(), Fraction(1, 12))
    counts = counts_of(grid, 12)
    memo: dict = {}
    for a, b in ((0.5 + 1e-6, 0.25), (0.7 + 1e-6, 0.25), (0.25, 1 / 3 + 1e-6), (0.25, 0.9 + 1e-6)):
        R = G.ranking_values(grid, G.tile_importance(a, b), np.array([1.0, 0, 0, 1]))
        fa, fb = Fraction(a).limit_denominator(1000), Fraction(b).limit_denominator(1000)
        fa, fb = (fa if float(fa) == a else None), (fb if float(fb) == b else None)
        plain = merge_structural_ties(R, counts, fa, fb)
        assert np.array_equal(merge_structural_ties(R, counts, fa, fb, memo), plain, equal_nan=True)
    assert len(memo) == 2  # one class structure per rational coordinate (b = 1/4, then a = 1/4)


def _grid_performances(m: int):
    for tn in range(m + 1):
        for fp in range(m + 1 - tn):
            for fn in range(m + 1 - tn - fp):
                yield Performance(binary(), tuple(Fraction(c, m) for c in (tn, fp, fn, m - tn - fp - fn)))


@pytest.mark.parametrize("slug", ["cohen_kappa", "markedness", "plr", "f_beta_2", "mcc", "jaccard"])
def test_fraction_evaluation_is_sympys(slug):
    """Domain and value through Fractions equal sympy's xreplace at every point of a small grid,
    faces included (where denominators vanish)."""
    X = get(slug).score()
    syms = X.symbols
    for P in _grid_performances(4):
        m = {s: sympy.Rational(p.numerator, p.denominator) for s, p in zip(syms, P.probabilities)}
        dom = all(not (v := c.expr.xreplace(m)).has(sympy.zoo, sympy.nan) and c.holds(v) for c in X.conditions)
        assert X.in_domain(P) == dom
        if dom:
            assert sympy.nsimplify(X.exact_value(P)) == X.expr.xreplace(m)
            if X._rational[0] is not None:
                assert X.value(P) == Fraction(str(X.expr.xreplace(m)))
        else:
            with pytest.raises(UndefinedScore):
                X.value(P)


def test_compile_rational_refuses_what_it_cannot_do_exactly():
    x, y = sympy.symbols("x y")
    assert compile_rational(sympy.sqrt(x), (x, y)) is None
    assert compile_rational(x / y, (x,)) is None  # a symbol it was not given
    f = compile_rational((x + sympy.Rational(1, 3)) / (x - y) ** 2, (x, y))
    assert f((Fraction(1), Fraction(0))) == Fraction(4, 3)
    with pytest.raises(ZeroDivisionError):
        f((Fraction(1), Fraction(1)))


def test_section_d_from_a_given_importance_is_the_same():
    from ordertheory.analyses.importance.derive import derive_importance
    from ordertheory.paper.table1 import setting
    from ordertheory.reports.derivations import score_statements

    d = derive_importance(get("f_beta_2").score(), setting("prior=0.5"), check_tests=False)
    given_ = score_statements("f_beta_2", "prior=0.5", derivation=d)
    assert given_ and given_ == score_statements("f_beta_2", "prior=0.5")
    assert score_statements("g_mean", "prior=0.5", derivation=derive_importance(
        get("g_mean").score(), setting("prior=0.5"), check_tests=False)) == []


ORDER_CLASS = ("accuracy", "error_rate", "balanced_accuracy", "informedness", "tpr", "fnr")


def test_scores_ordering_the_grid_alike_or_reversed_are_searched_once():
    """error rate = 1 − accuracy, FNR = 1 − TPR, informedness = 2·BA − 1 at a fixed prior: one
    search per class, and the results of one call per score (mirrored: τ_min(−X) = −τ_max(X))."""
    Pi = fixed_prior(binary(), "1/5")
    scores = [get(s).score() for s in ORDER_CLASS]
    alone = [T.tau_range(X, Pi, points=11, exact=False) for X in scores]
    shared = T.tau_ranges(scores, Pi, points=11)
    assert [(r.tau_min, r.tau_max, r.argmin, r.argmax) for r in shared] == \
        [(r.tau_min, r.tau_max, r.argmin, r.argmax) for r in alone]
    acc, err = shared[0], shared[1]
    assert (err.tau_min, err.argmin) == (-acc.tau_max, acc.argmax) and acc.tau_max > acc.tau_min
    assert shared[1].evaluations == shared[0].evaluations  # error rate: accuracy's search, mirrored


def test_sides_proved_exactly_are_not_searched_and_change_nothing_else():
    Pi = fixed_prior(binary(), "1/5")
    scores = [get(s).score() for s in ("accuracy", "error_rate", "mcc")]
    both = T.tau_ranges(scores, Pi, points=11)
    one = T.tau_ranges(scores, Pi, points=11, exact=(("max",), ("min",), ()))
    assert np.isnan(one[0].tau_max) and np.isnan(one[1].tau_min)
    assert (one[0].tau_min, one[0].argmin) == (both[0].tau_min, both[0].argmin)
    assert (one[1].tau_max, one[1].argmax) == (both[1].tau_max, both[1].argmax)
    assert one[2] == both[2]
    assert one[0].evaluations < both[0].evaluations  # the max's zoom was left out


@pytest.mark.parametrize("slug", ["accuracy", "markedness", "mcc"])
def test_points_left_out_by_the_bounds_change_no_result(slug, monkeypatch):
    """The start points beside special values that the bounds leave out: the same min, max and
    arg points as evaluating every one of them (exact ties, and snapped floats for MCC)."""
    Pi = all_performances_binary()
    X = get(slug).score()
    pruned = T.tau_range(X, Pi, step=Fraction(1, 12), exact=False)
    monkeypatch.setattr(T, "_beyond", lambda *a, **k: False)
    full = T.tau_range(X, Pi, step=Fraction(1, 12), exact=False)
    assert (pruned.tau_min, pruned.tau_max, pruned.argmin, pruned.argmax) == \
        (full.tau_min, full.tau_max, full.argmin, full.argmax)
    assert pruned.evaluations < full.evaluations


def all_performances_binary():
    from ordertheory import all_performances

    return all_performances(binary())


def test_bounds_hold_beside_special_points():
    """τ at a point just beside a special value lies within the bounds read off the special point."""
    Pi = all_performances_binary()
    grid = T.grid_for(Pi, Fraction(1, 12))
    counts = counts_of(grid, 12)
    from ordertheory.analyses.tau.exact_ties import rational_values

    ev = T.TauEvaluator(rational_values(get("f_beta_1").score(), counts, 12), grid, np.array([1.0, 0, 0, 1]), counts)
    checked = 0
    for s in T.SPECIAL[1:-1]:
        for t in (0.0, 0.1, 0.25, 0.5, 0.9):
            for child, parent in (((s + 1e-6, t), (s, t)), ((t, s - 1e-6), (t, s))):
                ip, ic = T.tile_importance(*parent), T.tile_importance(*child)
                ev(ip)
                got = ev.bounds(ip, ic)
                if got is not None:
                    assert got[0] - 1e-12 <= ev(ic) <= got[1] + 1e-12
                    checked += 1
    assert checked > 50


def test_refinement_is_detected_and_refused():
    grid = G.simplex_grid(binary(), Fraction(1, 6))
    rr = T.RankingRanks(grid, np.array([1.0, 0, 0, 1]), counts_of(grid, 6))
    centre, beside, far = T.tile_importance(0.5, 0.5), T.tile_importance(0.5 + 1e-6, 0.5), T.tile_importance(0.9, 0.1)
    assert rr.refines(centre, beside) and rr.refines(centre, centre)
    assert not rr.refines(beside, centre)  # ties are never created
    assert not rr.refines(centre, far)  # strict orders flip


@settings(max_examples=30, deadline=None)
@given(st.tuples(st.floats(0, 1), st.floats(0, 1)), st.tuples(st.floats(0, 1), st.floats(0, 1)))
def test_distance_between_orderings_is_the_pairs_sum(p, q):
    """RankingRanks.distance against its definition, pair by pair: Σ |sign(R_p(P) − R_p(Q)) −
    sign(R_q(P) − R_q(Q))| over the points where both are defined (None when they differ there)."""
    grid = G.simplex_grid(binary(), Fraction(1, 6))
    rr = T.RankingRanks(grid, np.array([1.0, 0, 0, 1]), counts_of(grid, 6))
    ip, iq = T.tile_importance(*p), T.tile_importance(*q)
    rp, rq = rr(ip), rr(iq)
    if not np.array_equal(rp >= 0, rq >= 0):
        assert rr.distance(ip, iq) is None
        return
    idx = np.flatnonzero(rp >= 0)
    want = sum(abs(int(np.sign(rp[i] - rp[j])) - int(np.sign(rq[i] - rq[j])))
               for a, i in enumerate(idx) for j in idx[a + 1:])
    assert rr.distance(ip, iq) == rr.distance(iq, ip) == want


@pytest.mark.parametrize("slug", ["f_beta_1", "markedness", "mcc"])
def test_flip_bounds_hold_between_neighbours(slug):
    """τ at a point lies within the bounds read off a neighbour of the coarse grid (evaluated), and
    within those read off a neighbour that was itself only bounded (its interval)."""
    Pi = all_performances_binary()
    grid = T.grid_for(Pi, Fraction(1, 12))
    counts = counts_of(grid, 12)
    from ordertheory.analyses.tau.exact_ties import rational_values

    Xe = rational_values(get(slug).score(), counts, 12)
    ev = T.TauEvaluator(Xe, grid, np.array([1.0, 0, 0, 1]), counts) if Xe is not None else \
        T.TauEvaluator(get(slug).score().numeric([grid[:, j] for j in range(4)]), grid, np.array([1.0, 0, 0, 1]))
    fresh = T.TauEvaluator(ev.X, grid, ev.S, ev.counts)  # the truth, computed apart
    axis = [0.0, 0.125, 0.25, 1 / 3, 0.5, 0.75, 1.0]
    checked = 0
    for i in range(len(axis) - 2):
        for b in axis[1:-1]:
            p, q, r = (T.tile_importance(x, b) for x in axis[i:i + 3])
            ev(p)
            for child in (q, r):  # q from the evaluated p, then r from the bounded q
                got = ev.flip_bounds(p if child is q else q, child)
                if got is not None:
                    t = fresh(child)
                    assert got[0] - 1e-12 <= t <= got[1] + 1e-12
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize("slugs", [("accuracy", "mcc"), ("markedness", "f_beta_1", "g_mean")])
def test_checkerboard_of_shared_orderings_changes_no_result(slugs, monkeypatch):
    """Several scores on one grid (tau_ranges): the coarse points left out by their neighbours'
    distance bounds, and those beside special points, change no min, max or arg point."""
    Pi = all_performances_binary()
    scores = [get(s).score() for s in slugs]
    pruned = T.tau_ranges(scores, Pi, step=Fraction(1, 12))
    monkeypatch.setattr(T, "_beyond", lambda *a, **k: False)
    full = T.tau_ranges(scores, Pi, step=Fraction(1, 12))
    for p, f in zip(pruned, full):
        assert (p.tau_min, p.tau_max, p.argmin, p.argmax) == (f.tau_min, f.tau_max, f.argmin, f.argmax)
    assert sum(p.evaluations for p in pruned) < sum(f.evaluations for f in full)
