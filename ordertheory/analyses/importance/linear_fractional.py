"""A score as a ratio of two linear forms in the performance, X(P) = (a·P) / (b·P), when it is one.

Every ranking score R_I is one (a = I·S, b = I), and so are many others as written (F1, Jaccard,
the accuracy with b·P = Σ P = 1). For such a score the event X(P) > t is linear in P:
(a − t·b)·P > 0 where b·P > 0, which is what makes the uncertainty of a rank computable exactly
or by one-dimensional quadrature (:mod:`ordertheory.ranking.uncertainty.exact_posterior`).

The forms are read from the formula as written by the structural recogniser of the tests of a
score (:func:`~ordertheory.fitness.structure.shape.shape`: a sum of ratios Nᵢ/Dᵢ of linear forms,
here with no transform and no weight), the ratios' denominators constant or proportional, so that
they add up over one of them; a constant term c becomes c·Σ_ω P(ω) (a performance sums to 1), so
both forms are homogeneous. They are exact (by :func:`~ordertheory.exact.affine_form`), determined
up to one common factor, and given as integers with no common factor (b·P ≥ 0 when b is one-signed).

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

import math
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.exact import affine_form, to_fraction
from ordertheory.fitness.structure.shape import shape
from ordertheory.scores.formula import ConditionKind
from ordertheory.scores.score import Score


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
        """Both forms as integers (:func:`linear_fractional` gives them so, with no common factor): on
        integer counts, (a·c) / (b·c) is then one correctly rounded division of two exact integers,
        and equal values give the same float (exact ties)."""
        scale = math.lcm(*(c.denominator for c in self.numerator + self.denominator))
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


def _ratio(v: tuple[Fraction, Fraction]) -> tuple[bool, Fraction]:
    """The order of a group by a/b (the value of X on that event alone), a group with b = 0 first
    (lowest)."""
    a, b = v
    return (b != 0, a / b if b else Fraction(0))


def _homogeneous(e: sympy.Expr, syms: tuple[sympy.Symbol, ...]) -> tuple[Fraction, ...] | None:
    """The coefficients of the linear form equal to the affine e on every performance (c = c·Σ P(ω))."""
    form = affine_form(e, syms)
    if form is None or not all(c.is_Rational for c in (*form[0], form[1])):
        return None
    const = to_fraction(form[1])
    return tuple(to_fraction(c) + const for c in form[0])


def _multiple(d: tuple[Fraction, ...], k: tuple[Fraction, ...]) -> Fraction | None:
    """c with d = c·k (k ≠ 0), or None."""
    i = next(i for i, x in enumerate(k) if x)
    c = d[i] / k[i]
    return c if c and all(x == c * y for x, y in zip(d, k)) else None


def linear_fractional(score: Score) -> LinearFractional | None:
    """The forms (a, b) with X(P) = (a·P) / (b·P), or None when X is not such a ratio as written.

    Only scores whose domain conditions are all "≠ 0" qualify: a non-zero polynomial vanishes on
    a null set, so under a posterior with a density the score is defined almost surely.
    """
    if score.parameters or any(c.kind is not ConditionKind.NONZERO for c in score.conditions):
        return None
    shp = shape(score)
    if shp is None or not shp.identity or any(t.W != 1 for t in shp.terms):
        return None
    syms = score.symbols
    const, den, num = Fraction(0), None, None
    for t in shp.terms:  # X = Σ Nᵢ/Dᵢ = (Σ Nᵢ/cᵢ)/K with Dᵢ = cᵢ·K, constant terms c = c·K/K
        n, d = _homogeneous(t.N, syms), _homogeneous(t.D, syms)
        if n is None or d is None or not any(d):
            return None
        value = _multiple(n, d) if any(n) else Fraction(0)
        if value is not None:  # Nᵢ/Dᵢ is a constant
            const += value
        elif den is None:
            den, num = d, n
        elif (c := _multiple(d, den)) is None:
            return None  # denominators not proportional: not one ratio of linear forms
        else:
            num = tuple(x + y / c for x, y in zip(num, n))
    if den is None:  # a constant score
        den, num = (Fraction(1),) * len(syms), (Fraction(0),) * len(syms)
    a, b = tuple(x + const * y for x, y in zip(num, den)), den
    # one representative of the forms: integers with no common factor, b·P ≥ 0 where b is one-signed
    scale = Fraction(math.lcm(*(x.denominator for x in a + b)), math.gcd(*(x.numerator for x in a + b)))
    if all(x <= 0 for x in b):
        scale = -scale
    return LinearFractional(score.space.outcomes, tuple(x * scale for x in a), tuple(x * scale for x in b))
