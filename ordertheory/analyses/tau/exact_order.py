"""Exact values of a score at many performances, and exact orderings of them.

A rational score is evaluated by its compiled formula in Fractions (fast, exact); any other score
by sympy exactly, compared first on a 30-digit approximation, with exact sign decisions where the
approximations are close.

>>> from ordertheory.catalogue import get
>>> from ordertheory.performances.performance import Performance
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
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score


class Evaluator:
    """X(P) and "P ∈ dom(X)" decided exactly: the score's own compiled formula for a rational one
    (:func:`ordertheory.exact.compile_rational`, Fractions), sympy otherwise; a structured k-class
    score (:class:`~ordertheory.scores.class_score.ClassScore`) by its class sums."""

    def __init__(self, score: Score) -> None:
        if isinstance(score, Score):
            score._require_bound()
        self.score = score

    def in_domain(self, P: Performance) -> bool:
        return self.score.in_domain(P)

    def value(self, P: Performance) -> Fraction | sympy.Expr:
        """X(P) exactly (a Fraction when rational); UndefinedScore outside the domain."""
        return self.score.value(P)

    def value_or_none(self, P: Performance):
        return self.score.value_or_none(P)


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
    return dense_ranks_of_keys([key(v) for v in values])


def dense_ranks_of_keys(keys: Sequence) -> list[int]:
    """Dense ranks of exact sort keys (Fractions, :class:`ExactKey`, or any totally ordered keys): one sort."""
    order = sorted(range(len(keys)), key=keys.__getitem__)
    ranks = [0] * len(keys)
    r = 0
    for a, b in zip(order, order[1:]):
        if keys[a] < keys[b]:
            r += 1
        ranks[b] = r
    return ranks
