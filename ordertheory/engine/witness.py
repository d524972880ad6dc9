"""Exact re-validation of witnesses, independent of any solver.

Each function takes exact performances and returns True only when the violation holds in exact
arithmetic (rationals, or sympy's guarded evaluation for radicals and probit): membership in Π,
supports, domains, and the strict inequality itself.
"""

from __future__ import annotations

from fractions import Fraction

from ordertheory.exact import sign
from ordertheory.performance import Performance, mixture
from ordertheory.performance_set import PerformanceSet
from ordertheory.scores import Score


def _inside(score: Score, Pi: PerformanceSet, *Ps: Performance) -> bool:
    return all(Pi.contains(P) and score.in_domain(P) for P in Ps)


def axiom2_violation(score: Score, Pi: PerformanceSet, s: Fraction, P1: Performance, P2: Performance) -> bool:
    """P1(S ≤ s) = 1, P2(S ≥ s) = 1, both in Π ∩ dom(X), and X(P1) > X(P2) strictly."""
    sp = score.space
    low = sp.event_where(lambda v: v <= s)
    high = sp.event_where(lambda v: v >= s)
    if P1.probability(low) != 1 or P2.probability(high) != 1:
        return False
    if not _inside(score, Pi, P1, P2):
        return False
    return sign(score.exact_value(P1) - score.exact_value(P2)) > 0


def mixture_violation(score: Score, Pi: PerformanceSet, P1: Performance, P2: Performance,
                      lam: Fraction, direction: int) -> bool:
    """direction +1 (test 2): X(M) > max(X(P1), X(P2)); −1 (test 3): X(M) < min(...)."""
    if not (0 <= lam <= 1) or not _inside(score, Pi, P1, P2):
        return False
    M = mixture([P1, P2], [lam, 1 - lam])
    if not _inside(score, Pi, M):
        return False
    xm = score.exact_value(M)
    return all(direction * sign(xm - score.exact_value(P)) > 0 for P in (P1, P2))


def closure_violation(score: Score, Pi: PerformanceSet, P1: Performance, P2: Performance,
                      lam: Fraction) -> bool:
    """P1, P2 ∈ Π ∩ dom(X) but the mixture λP1 + (1−λ)P2 is outside dom(X)."""
    if not (0 <= lam <= 1) or not _inside(score, Pi, P1, P2):
        return False
    return not score.in_domain(mixture([P1, P2], [lam, 1 - lam]))


def theorem2_violation(score: Score, Pi: PerformanceSet, event: frozenset[str], P: Performance) -> bool:
    """P(E) = 1, P ∈ Π ∩ dom(X) and X(P) outside [min_E S, max_E S]."""
    if P.probability(event) != 1 or not _inside(score, Pi, P):
        return False
    sat = [score.space.S(o) for o in event]
    x = score.exact_value(P)
    return sign(x - min(sat)) < 0 or sign(x - max(sat)) > 0
