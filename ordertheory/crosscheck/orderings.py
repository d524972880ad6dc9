"""What ``compare`` and ``importance`` claim, searched and re-validated without the engine.

- X and Y order a set A **alike** when sign(X(P2) − X(P1)) = sign(Y(P2) − Y(P1)) for every pair of
  A = Π ∩ dom(X) ∩ dom(Y), **in reverse** when the signs are opposite; a pair breaking that is a
  :class:`PairCounterexample`. The domains **agree** on Π when no P ∈ Π is in exactly one.
- X **is g(R_I)** on Π when X(P) = g(R_I(P)) wherever both sides are defined, with
  R_I(P) = E_P[I·S] / E_P[I] computed here from I and S alone; g **increasing** (decreasing) when X
  and R_I order every pair alike (in reverse). X is **constant** on Π when it takes one value on
  Π ∩ dom(X).

>>> from ordertheory.spaces.sample_space import binary
>>> from ordertheory.scores.expression import parse_score
>>> from ordertheory.sets.performance_set import all_performances
>>> om = binary()
>>> X, Y = parse_score("tp/(tp+fn)", om), parse_score("tn/(tn+fp)", om)
>>> w = search_order(X, Y, all_performances(om), direction=1)
>>> validate_order(X, Y, all_performances(om), 1, w.P1, w.P2)
True
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.crosscheck.arith import compare
from ordertheory.crosscheck.falsifier import inside
from ordertheory.crosscheck.points import points
from ordertheory.errors import OrderTheoryError
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet


@dataclass(frozen=True)
class PairCounterexample:
    """Two exact performances where the claimed relation between two orderings fails."""

    claim: str  # "same" | "reversed" | "g(R_I)" | "constant"
    P1: Performance
    P2: Performance

    def __str__(self) -> str:
        return f"{self.claim} fails at P1 = {self.P1}, P2 = {self.P2}"


@dataclass(frozen=True)
class PointCounterexample:
    """One exact performance where a claimed identity or a claimed domain fails."""

    claim: str  # "domains equal" | "X = g(R_I)" | "dom(X) = dom(R_I)"
    P: Performance

    def __str__(self) -> str:
        return f"{self.claim} fails at P = {self.P}"


def _common(X: Score, Y: Score, Pi: PerformanceSet, pts) -> list[tuple[Performance, object, object]]:
    out = []
    for P in pts:
        if inside(X, Pi, P) is True and inside(Y, Pi, P) is True:
            out.append((P, X.value(P), Y.value(P)))
    return out


def _pair_breaks(a1, a2, b1, b2, direction: int) -> bool | None:
    """Whether sign(a2 − a1) ≠ direction · sign(b2 − b1), decided exactly (None: too close)."""
    sa, sb = compare(a2, a1), compare(b2, b1)
    if sa is None or sb is None:
        return None
    return sa != direction * sb


# --- compare: same / reversed / domains --------------------------------------------------------------
def validate_order(X: Score, Y: Score, Pi: PerformanceSet, direction: int, P1: Performance,
                   P2: Performance) -> bool | None:
    """Whether P1, P2 ∈ Π ∩ dom(X) ∩ dom(Y) break 'same' (+1) or 'reversed' (−1)."""
    facts = [inside(S, Pi, P) for S in (X, Y) for P in (P1, P2)]
    if False in facts:
        return False
    if None in facts:
        return None
    return _pair_breaks(X.value(P1), X.value(P2), Y.value(P1), Y.value(P2), direction)


def search_order(X: Score, Y: Score, Pi: PerformanceSet, direction: int, seed: int = 0,
                 size: int = 48) -> PairCounterexample | None:
    """A pair breaking 'same' (+1) or 'reversed' (−1): every pair of exact points compared."""
    rows = _common(X, Y, Pi, points(Pi, seed=seed, size=size))
    for (P1, x1, y1), (P2, x2, y2) in itertools.combinations(rows, 2):
        if _pair_breaks(x1, x2, y1, y2, direction) is True:
            return PairCounterexample("same" if direction > 0 else "reversed", P1, P2)
    return None


def validate_domains(X: Score, Y: Score, Pi: PerformanceSet, P: Performance) -> bool | None:
    """Whether P ∈ Π lies in exactly one of dom(X), dom(Y)."""
    if not Pi.contains(P):
        return False
    a, b = inside(X, Pi, P), inside(Y, Pi, P)
    return None if None in (a, b) else a != b


def search_domains(X: Score, Y: Score, Pi: PerformanceSet, seed: int = 0, size: int = 48) -> PointCounterexample | None:
    for P in points(Pi, seed=seed, size=size):
        if validate_domains(X, Y, Pi, P) is True:
            return PointCounterexample("domains equal", P)
    return None


# --- importance: X = g(R_I) -------------------------------------------------------------------------
def ranking_value(I: Mapping[str, Fraction], P: Performance) -> Fraction | None:
    """R_I(P) = E_P[I·S] / E_P[I], exactly; None where E_P[I] = 0."""
    space = P.space
    den = sum((Fraction(I[o]) * P[o] for o in space.outcomes), Fraction(0))
    if den == 0:
        return None
    return sum((Fraction(I[o]) * space.S(o) * P[o] for o in space.outcomes), Fraction(0)) / den


def apply(g: sympy.Expr | None, r: Fraction):
    """g(r) exactly (g in the variable ``r``; None is the identity); None where g is undefined."""
    if g is None:
        return r
    (sym,) = g.free_symbols or {sympy.Symbol("r")}
    v = g.xreplace({sym: sympy.Rational(r.numerator, r.denominator)})
    if v.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo, sympy.I) or not v.is_number or v.is_real is False:
        return None
    return v


def search_transform(X: Score, Pi: PerformanceSet, I: Mapping[str, Fraction], g: sympy.Expr | None,
                     monotone: int, seed: int = 0, size: int = 48, identity: bool = True):
    """A counterexample to "X = g(R_I) on Π with g strictly monotone" (``monotone`` +1 or −1; 0:
    not claimed; g None: the identity; ``identity=False``: only the ordering is checked): a point
    where the identity fails, or a pair ordered against the claim."""
    rows = []
    for P in points(Pi, seed=seed, size=size):
        if inside(X, Pi, P) is not True:
            continue
        r = ranking_value(I, P)
        if r is None:
            continue
        x = X.value(P)
        if identity:
            want = apply(g, r)
            if want is not None and compare(x, want) not in (0, None):
                return PointCounterexample("X = g(R_I)", P)
        rows.append((P, x, r))
    if monotone:
        for (P1, x1, r1), (P2, x2, r2) in itertools.combinations(rows, 2):
            if _pair_breaks(x1, x2, r1, r2, monotone) is True:
                return PairCounterexample("g(R_I) " + ("increasing" if monotone > 0 else "decreasing"), P1, P2)
    return None


def search_constant(X: Score, Pi: PerformanceSet, seed: int = 0, size: int = 48) -> PairCounterexample | None:
    """Two points of Π ∩ dom(X) where X differs (refutes "X is constant on Π")."""
    first = None
    for P in points(Pi, seed=seed, size=size):
        if inside(X, Pi, P) is not True:
            continue
        if first is None:
            first = (P, X.value(P))
            continue
        c = compare(X.value(P), first[1])
        if c not in (0, None):
            return PairCounterexample("constant", first[0], P)
    return None


def search_ranking_domain(X: Score, Pi: PerformanceSet, I: Mapping[str, Fraction], seed: int = 0,
                          size: int = 48) -> PointCounterexample | None:
    """A point of Π in dom(X) but not dom(R_I) or the reverse (refutes "the domains agree")."""
    for P in points(Pi, seed=seed, size=size):
        try:
            a = X.in_domain(P)
        except OrderTheoryError:
            continue
        if a != (ranking_value(I, P) is not None):
            return PointCounterexample("dom(X) = dom(R_I)", P)
    return None

