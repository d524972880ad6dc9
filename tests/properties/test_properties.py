"""Hypothesis properties on random exact objects (Fractions throughout)."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from ordertheory import (
    Importance,
    Performance,
    binary,
    custom,
    expected_satisfaction,
    filter_I,
    get_score,
    mixture,
    ranking_score,
)
from ordertheory.performances.relations import is_preorder
from tests.strategies import importances, performances


def _is_measure(P: Performance) -> bool:
    return sum(P.probabilities) == 1 and all(0 <= p <= 1 for p in P.probabilities)


@given(st.lists(performances(), min_size=1, max_size=4), st.data())
def test_mixtures_stay_probability_measures(Ps, data):
    w = data.draw(st.lists(st.integers(0, 9), min_size=len(Ps), max_size=len(Ps)))
    if sum(w) == 0:
        w[0] = 1
    M = mixture(Ps, [Fraction(x, sum(w)) for x in w])
    assert _is_measure(M)
    for j in range(4):
        assert min(P.probabilities[j] for P in Ps) <= M.probabilities[j] <= max(P.probabilities[j] for P in Ps)


@given(performances(), importances())
def test_filter_and_property_1(P, I):
    R = ranking_score(I)
    if P.expectation(I) == 0:
        assert not R.in_domain(P)
        return
    F = filter_I(I, P)
    assert _is_measure(F)
    assert R.value(P) == expected_satisfaction(P.space).value(F)  # Property 1: R_I = E_S ∘ filter_I


@given(performances(), importances(), st.fractions(-3, 3, max_denominator=7), st.fractions(-3, 3, max_denominator=7))
def test_property_2_affine_satisfaction(P, I, alpha, beta):
    om = P.space
    R = ranking_score(I)
    if not R.in_domain(P):
        return
    om2 = custom(om.outcomes, [alpha * s + beta for s in om.satisfaction], name="affine")
    R2 = ranking_score(Importance(om2, I.values))
    P2 = Performance(om2, P.probabilities)
    assert R2.value(P2) == alpha * R.value(P) + beta


@given(performances(), importances(), st.fractions(1, 10, max_denominator=9))
def test_property_3_scale_invariance(P, I, k):
    R, Rk = ranking_score(I), ranking_score(Importance(I.space, tuple(k * v for v in I.values)))
    assert R.value_or_none(P) == Rk.value_or_none(P)


@given(st.lists(performances(), min_size=1, max_size=6),
       st.sampled_from(["accuracy", "tpr", "mcc", "cohen_kappa", "odds_ratio", "g_mean", "d_prime"]))
def test_induced_ordering_is_a_preorder(Ps, slug):
    X = get_score(slug).score()
    idx = range(len(Ps))
    assert is_preorder(idx, lambda i, j: X.leq(Ps[i], Ps[j]))


@given(performances(), performances(), importances())
def test_property_7_contour_sets_are_convex(P, Q, I):
    """If R_I(P) ≤ v and R_I(Q) ≤ v then every mixture stays ≤ v (and likewise ≥, =)."""
    R = ranking_score(I)
    if not (R.in_domain(P) and R.in_domain(Q)):
        return
    for lam in (Fraction(1, 3), Fraction(1, 2), Fraction(4, 5)):
        M = mixture([P, Q], [lam, 1 - lam])
        lo, hi = sorted([R.value(P), R.value(Q)])
        assert lo <= R.value(M) <= hi


@given(performances(), importances(), st.fractions(1, 5, max_denominator=5), st.fractions(1, 5, max_denominator=5))
def test_property_4_binary_scaling_preserves_order(P, I, a0, a1):
    om = binary()
    scaled = Importance(om, tuple(v * (a1 if s == 1 else a0) for v, s in zip(I.values, om.satisfaction)))
    R, R2 = ranking_score(I), ranking_score(scaled)
    Q = Performance.from_probabilities(om, ["1/4"] * 4)
    if R.in_domain(P) and R.in_domain(Q):
        assert (R.value(P) <= R.value(Q)) == (R2.value(P) <= R2.value(Q))
