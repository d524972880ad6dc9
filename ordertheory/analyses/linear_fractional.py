"""A score as a ratio of two linear forms in the performance, X(P) = (a·P) / (b·P), when it is one.

Every ranking score R_I is one (a = I·S, b = I), and so are many others as written (F1, Jaccard,
the accuracy with b·P = Σ P = 1). For such a score the event X(P) > t is linear in P:
(a − t·b)·P > 0 where b·P > 0, which is what makes the uncertainty of a rank computable exactly
or by one-dimensional quadrature (:mod:`ordertheory.ranking.exact_posterior`).

The forms are read from the formula as written, after putting it over one denominator; a
constant term c becomes c·Σ_ω P(ω) (a performance sums to 1), so both forms are homogeneous.
They are exact (Fractions) and determined up to one common factor.

When the outcomes where (a_ω, b_ω) ≠ (0, 0) take only two distinct vectors — on an event E₁ and
on an event E₀ — X depends on P only through B = P(E₁) / P(E₁ ∪ E₀), by a Möbius map: the score is
*two-level*. Accuracy (E₁ = {tn, tp}), TPR, PPV, F1 and Jaccard (E₁ = {tp}, E₀ = {fp, fn}) are.

>>> from ordertheory.catalogue import get
>>> f1 = linear_fractional(get("f1").score())
>>> f1.numerator, f1.denominator
((Fraction(0, 1), Fraction(0, 1), Fraction(0, 1), Fraction(2, 1)), (Fraction(0, 1), Fraction(1, 1), Fraction(1, 1), Fraction(2, 1)))
>>> lv = f1.two_level()
>>> sorted(lv.high), sorted(lv.low), lv.increasing
(['tp'], ['fn', 'fp'], True)
>>> lv.value(Fraction(1, 2))        # B = P(tp) / P(tp, fp, fn) = 1/2: F1 = 2/3
Fraction(2, 3)
>>> linear_fractional(get("mcc").score()) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.formula import ConditionKind
from ordertheory.scores import Score


@dataclass(frozen=True)
class TwoLevel:
    """X = g(B) with B = P(high) / P(high ∪ low) and g(B) = (a₁B + a₀(1−B)) / (b₁B + b₀(1−B)),
    strictly monotone (``increasing`` or not) where its denominator does not vanish."""

    high: frozenset[str]
    low: frozenset[str]
    a1: Fraction
    b1: Fraction
    a0: Fraction
    b0: Fraction

    @property
    def increasing(self) -> bool:
        return self.a1 * self.b0 - self.a0 * self.b1 > 0

    def value(self, B: Fraction | float) -> Fraction | float:
        """g(B) (exact for a Fraction, a float for a float)."""
        if isinstance(B, Fraction):
            return (self.a1 * B + self.a0 * (1 - B)) / (self.b1 * B + self.b0 * (1 - B))
        a1, a0, b1, b0 = (float(x) for x in (self.a1, self.a0, self.b1, self.b0))
        return (a1 * B + a0 * (1 - B)) / (b1 * B + b0 * (1 - B))


@dataclass(frozen=True)
class LinearFractional:
    """X(P) = (a·P) / (b·P) on dom(X), the forms' coefficients in Ω's order (exact)."""

    outcomes: tuple[str, ...]
    numerator: tuple[Fraction, ...]
    denominator: tuple[Fraction, ...]

    @property
    def denominator_sign(self) -> int:
        """+1 (−1) when every b_ω ≥ 0 (≤ 0): then b·P keeps one sign on every performance; else 0."""
        if all(b >= 0 for b in self.denominator):
            return 1
        if all(b <= 0 for b in self.denominator):
            return -1
        return 0

    def integer_forms(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Both forms multiplied by one common positive integer so that every coefficient is an
        integer: on integer counts, (a·c) / (b·c) is then one correctly rounded division of two exact
        integers, and equal values give the same float (exact ties)."""
        scale = 1
        for c in self.numerator + self.denominator:
            scale = scale * c.denominator // _gcd(scale, c.denominator)
        return (tuple(int(c * scale) for c in self.numerator), tuple(int(c * scale) for c in self.denominator))

    def two_level(self) -> TwoLevel | None:
        """The two-level form of X (see the module's docstring), or None."""
        groups: dict[tuple[Fraction, Fraction], list[str]] = {}
        for o, a, b in zip(self.outcomes, self.numerator, self.denominator):
            if a or b:
                groups.setdefault((a, b), []).append(o)
        if len(groups) != 2 or self.denominator_sign == 0:
            return None
        (v1, e1), (v0, e0) = sorted(groups.items(), key=lambda kv: _ratio(kv[0]), reverse=True)
        if v1[0] * v0[1] == v0[0] * v1[1]:
            return None  # X is constant where defined
        return TwoLevel(frozenset(e1), frozenset(e0), v1[0], v1[1], v0[0], v0[1])


def _ratio(v: tuple[Fraction, Fraction]) -> Fraction:
    """a/b of one group (the value of X on that event alone); −∞-like when b = 0."""
    a, b = v
    return a / b if b else Fraction(-(10**30))


def _gcd(x: int, y: int) -> int:
    while y:
        x, y = y, x % y
    return x


def _form(e: sympy.Expr, syms: tuple[sympy.Symbol, ...]) -> tuple[Fraction, ...] | None:
    try:
        poly = sympy.Poly(sympy.expand(e), *syms)
    except sympy.PolynomialError:
        return None
    if poly.total_degree() > 1 or not (poly.domain.is_ZZ or poly.domain.is_QQ):
        return None
    const = Fraction(0)
    coeffs = [Fraction(0)] * len(syms)
    for monom, c in poly.terms():
        c = Fraction(int(sympy.Rational(c).p), int(sympy.Rational(c).q))
        if sum(monom) == 0:
            const = c
        else:
            coeffs[monom.index(1)] = c
    return tuple(x + const for x in coeffs)  # a constant c is c·Σ P(ω)


def linear_fractional(score: Score) -> LinearFractional | None:
    """The forms (a, b) with X(P) = (a·P) / (b·P), or None when X is not such a ratio as written.

    Only scores whose domain conditions are all "≠ 0" qualify: a non-zero polynomial vanishes on
    a null set, so under a posterior with a density the score is defined almost surely.
    """
    if score.parameters or any(c.kind is not ConditionKind.NONZERO for c in score.conditions):
        return None
    expr = score.expr
    syms = score.symbols
    if expr.has(sympy.Abs, sympy.Min, sympy.Max) or not expr.is_rational_function(*syms):
        return None
    num, den = sympy.fraction(sympy.cancel(sympy.together(expr)))
    a, b = _form(num, syms), _form(den, syms)
    if a is None or b is None or not any(b):
        return None
    if all(x <= 0 for x in b):  # the same ratio with b·P ≥ 0
        a, b = tuple(-x for x in a), tuple(-x for x in b)
    return LinearFractional(score.space.outcomes, a, b)
