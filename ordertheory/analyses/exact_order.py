"""Exact values of a score at many performances, and exact orderings of them.

A rational score is compiled once into its numerator and denominator polynomials evaluated in
Fractions (fast, exact); any other score is evaluated by sympy exactly and compared first on a
30-digit approximation, with exact sign decisions where the approximations are close.

>>> from ordertheory.catalogue import get
>>> from ordertheory.performance import Performance
>>> ev = Evaluator(get("f1").score())
>>> ev.value(Performance.from_counts(ev.score.space, [5, 1, 2, 2]))
Fraction(4, 7)
>>> dense_ranks([Fraction(1, 2), Fraction(1, 3), Fraction(1, 2)])
[1, 0, 1]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction

import sympy

from ordertheory.exact import as_sympy, sign
from ordertheory.performance import Performance
from ordertheory.scores import Score

EXPAND_MAX_OUTCOMES = 16  # numerator and denominator expanded into polynomials up to 4 classes


def _polynomial(expr: sympy.Expr, syms) -> list[tuple[tuple[int, ...], Fraction]] | None:
    try:
        poly = sympy.Poly(sympy.expand(expr), *syms)
    except sympy.PolynomialError:
        return None
    if not poly.domain.is_QQ and not poly.domain.is_ZZ:
        return None
    return [(m, Fraction(int(sympy.Rational(c).p), int(sympy.Rational(c).q))) for m, c in poly.terms()]


def _evaluate(terms, probs: Sequence[Fraction]) -> Fraction:
    total = Fraction(0)
    for monom, c in terms:
        t = c
        for p, e in zip(probs, monom):
            if e:
                t *= p**e
        total += t
    return total


def _rational(expr: sympy.Expr, syms):
    """(numerator terms, denominator terms) of a rational function, or None."""
    if not expr.is_rational_function(*syms) or expr.has(sympy.Abs, sympy.Min, sympy.Max):
        return None
    num, den = sympy.fraction(sympy.together(expr))
    n, d = _polynomial(num, syms), _polynomial(den, syms)
    return None if n is None or d is None else (n, d)


class Evaluator:
    """X(P) and "P ∈ dom(X)" decided exactly, fast for rational scores."""

    def __init__(self, score: Score) -> None:
        self.score = score
        if not isinstance(score, Score) or len(score.space) > EXPAND_MAX_OUTCOMES:
            # a structured k-class score, or a formula on many outcomes: its own exact evaluation
            # (expanding over one denominator is exponential in their number: macro F1 on 10 classes)
            self.value_fn, self.conds = None, None
            return
        score._require_bound()
        syms = score.symbols
        self.value_fn = _rational(score.expr, syms)
        self.conds = []
        for c in score.conditions:
            r = _rational(c.expr, syms)
            if r is None:
                self.conds = None
                break
            self.conds.append((c.kind, r))

    def in_domain(self, P: Performance) -> bool:
        if self.conds is None:
            return self.score.in_domain(P)
        for kind, (n, d) in self.conds:
            den = _evaluate(d, P.probabilities)
            if den == 0:
                return False
            v = _evaluate(n, P.probabilities) / den
            if (kind == "nonzero" and v == 0) or (kind == "nonneg" and v < 0) or (kind == "pos" and v <= 0) \
                    or (kind == "open_unit" and not 0 < v < 1):
                return False
        return True

    def value(self, P: Performance) -> Fraction | sympy.Expr:
        """X(P) exactly (a Fraction when rational); the caller checks the domain first."""
        if self.value_fn is None:
            return self.score.value(P)
        n, d = self.value_fn
        return _evaluate(n, P.probabilities) / _evaluate(d, P.probabilities)

    def value_or_none(self, P: Performance):
        return self.value(P) if self.in_domain(P) else None


@functools.total_ordering
class ExactKey:
    """A sort key for an exact real: 30-digit approximations first, exact signs when close."""

    __slots__ = ("v", "approx")

    def __init__(self, v) -> None:
        self.v = v
        self.approx = None if isinstance(v, Fraction) else sympy.Float(as_sympy(v).evalf(30), 30)

    def _cmp(self, other: ExactKey | Fraction) -> int:
        a = self.v
        b = other.v if isinstance(other, ExactKey) else other
        if isinstance(a, Fraction) and isinstance(b, Fraction):
            return (a > b) - (a < b)
        fa, fb = _approx(self), _approx(other)
        if abs(fa - fb) > sympy.Float("1e-20") * (1 + abs(fa)):
            return 1 if fa > fb else -1
        return -sign(as_sympy(b) - as_sympy(a))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ExactKey | Fraction) and self._cmp(other) == 0

    def __lt__(self, other: ExactKey) -> bool:
        return self._cmp(other) < 0

    def __neg__(self) -> ExactKey:
        return ExactKey(-self.v)

    __hash__ = None  # equality is exact but not structural


def _approx(k: ExactKey | Fraction) -> sympy.Float:
    if isinstance(k, ExactKey) and k.approx is not None:
        return k.approx
    v = k.v if isinstance(k, ExactKey) else k
    return sympy.Float(sympy.Rational(v.numerator, v.denominator), 30)


def key(v) -> Fraction | ExactKey:
    """The cheapest exact sort key for a value: the Fraction itself, else an :class:`ExactKey`."""
    return v if isinstance(v, Fraction) else ExactKey(v)


def dense_ranks(values: Sequence) -> list[int]:
    """Dense ranks (0 = smallest, ties share a rank), decided exactly."""
    keys = [key(v) for v in values]
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    ranks = [0] * len(keys)
    r = 0
    for a, b in zip(order, order[1:]):
        if keys[a] < keys[b]:
            r += 1
        ranks[b] = r
    return ranks
