"""The extremes of a weighted count over an arrangement of lines in a box, exactly (Fractions).

An entity's rank in a chart where its frontiers are lines (:mod:`~ordertheory.ranking.tile.charts`)
is 1 + (the entities beating it everywhere) + count(p), count(p) = #{j : L_j(p) > 0} over the
lines L_j that cross the box. count is constant on the open faces of the arrangement, and

- its **minimum** over the closed box is reached at a vertex: {count ≤ k} is a finite union of
  closed convex polygons, and each non-empty one has a vertex of the arrangement (a crossing of
  two lines, or of a line with the box, or a corner of the box);
- its **maximum** is reached on an open face (at a vertex, the lines through it are 0 and count
  less than on one side of them), and every face has an edge on some line or on the box.

So walking along every line (and every side of the box) once, with the other lines' sign changes
sorted along it, visits every vertex and, on both sides of every edge, every face: O(m² log m)
for m lines. Coinciding lines are merged (w⁺ of them count on the positive side, w⁻ on the
negative one). Every optimum comes with an exact point; a face's point is the middle of one of
its edges moved off the line by less than the distance to any other line.

>>> L = [Line(Fraction(-1, 2), Fraction(1), Fraction(0)), Line(Fraction(-1, 2), Fraction(0), Fraction(1))]
>>> x = extremes(L, Fraction(1), Fraction(1))   # σ > 1/2 and τ > 1/2 count
>>> x.min_vertex.count, x.min_face.count, x.max_face.count, x.max_face.point
(0, 0, 2, (Fraction(3, 4), Fraction(3, 4)))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

ZERO, ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True)
class Line:
    """The line c₀ + c₁·σ + c₂·τ = 0 and its sides (positive where the expression is)."""

    c0: Fraction
    c1: Fraction
    c2: Fraction

    def __call__(self, s: Fraction, t: Fraction) -> Fraction:
        return self.c0 + self.c1 * s + self.c2 * t

    @property
    def constant(self) -> bool:
        return not (self.c1 or self.c2)


@dataclass(frozen=True)
class Optimum:
    """A count and an exact point (σ, τ) of the box where it is attained."""

    count: int
    point: tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Extremes:
    """min over vertices (the minimum over the closed box), min and max over open faces (the
    max is the maximum over the box; the min over faces is the best count without ties)."""

    min_vertex: Optimum
    min_face: Optimum
    max_face: Optimum


class _Canon:
    """A geometric line c₀ + c₁σ + c₂τ = 0 with coprime integer coefficients, its first non-zero
    of (c₁, c₂) positive, and the weights of its two sides; ``inner`` is +1 / −1 for a side of the
    box (the side inside it), None for a line inside."""

    __slots__ = ("c0", "c1", "c2", "wp", "wm", "inner")

    def __init__(self, c0: int, c1: int, c2: int, inner: int | None = None) -> None:
        self.c0, self.c1, self.c2, self.wp, self.wm, self.inner = c0, c1, c2, 0, 0, inner

    def contribution(self, sign: int) -> int:
        return self.wp if sign > 0 else self.wm if sign < 0 else 0

    def value(self, s: Fraction, t: Fraction) -> Fraction:
        return self.c0 + self.c1 * s + self.c2 * t


def _sign(x) -> int:
    return (x > 0) - (x < 0)


def _integer(L: Line) -> tuple[tuple[int, int, int], int]:
    """The coprime integer triple of L's geometric line (pivot positive) and L's orientation."""
    den = math.lcm(L.c0.denominator, L.c1.denominator, L.c2.denominator)
    c = [int(x * den) for x in (L.c0, L.c1, L.c2)]
    g = math.gcd(*c)
    pivot = c[1] if c[1] else c[2]
    o = _sign(pivot)
    return (o * c[0] // g, o * c[1] // g, o * c[2] // g), o


def _group(lines: Sequence[Line], S: Fraction, T: Fraction) -> list[_Canon]:
    sides = [_Canon(0, 1, 0, +1), _Canon(-S.numerator, S.denominator, 0, -1), _Canon(0, 0, 1, +1),
             _Canon(-T.numerator, 0, T.denominator, -1)]
    by_key = {(c.c0, c.c1, c.c2): c for c in sides}
    for L in lines:
        if L.constant:
            raise ValueError("a constant comparison is not a line of the arrangement")
        key, orientation = _integer(L)
        c = by_key.get(key)
        if c is None:
            c = by_key[key] = _Canon(*key)
        if orientation > 0:
            c.wp += 1
        else:
            c.wm += 1
    return list(by_key.values())


def _segment(c: _Canon, S: Fraction, T: Fraction) -> tuple[Fraction, Fraction] | None:
    """The parameter range of the line inside the box: τ when c₁ ≠ 0 (σ = −(c₀ + c₂τ)/c₁), else σ."""
    if not c.c1:  # horizontal: τ = −c₀/c₂, σ ∈ [0, S]
        return (ZERO, S) if 0 <= Fraction(-c.c0, c.c2) <= T else None
    lo, hi = ZERO, T
    if not c.c2:
        return (lo, hi) if 0 <= Fraction(-c.c0, c.c1) <= S else None
    ends = sorted((Fraction(-c.c0, c.c2), (-c.c0 - c.c1 * S) / c.c2))
    lo, hi = max(lo, ends[0]), min(hi, ends[1])
    return (lo, hi) if lo < hi else None


def _point(c: _Canon, lam: Fraction) -> tuple[Fraction, Fraction]:
    if not c.c1:
        return lam, Fraction(-c.c0, c.c2)
    return (-c.c0 - c.c2 * lam) / c.c1, lam


def _along(c: _Canon, k: _Canon) -> tuple[int, int]:
    """(A, B) with sign(k) = sign(A + B·λ) along line c at parameter λ (integers)."""
    if not c.c1:  # τ = −c₀/c₂, c₂ > 0: c₂·k = (k₀c₂ − k₂c₀) + k₁c₂·σ
        return k.c0 * c.c2 - k.c2 * c.c0, k.c1 * c.c2
    return k.c0 * c.c1 - k.c1 * c.c0, k.c2 * c.c1 - k.c1 * c.c2  # c₁ > 0: c₁·k


def _at(A: int, B: int, lam: Fraction) -> int:
    return _sign(A * lam.denominator + B * lam.numerator)


def extremes(lines: Sequence[Line], S: Fraction = ONE, T: Fraction = ONE) -> Extremes:
    """The extremes of #{L ∈ lines : L(σ, τ) > 0} over the box [0, S] × [0, T] (no constant lines)."""
    canons = _group(lines, S, T)
    weighted = [k for k in canons if k.wp or k.wm]
    best_v: tuple | None = None  # (count, line, λ)
    best_f: tuple | None = None  # (count, line, lo, hi, side)
    worst_f: tuple | None = None
    for c in canons:
        seg = _segment(c, S, T)
        if seg is None:
            continue
        lo, hi = seg
        start, at_lo, at_hi, events = 0, 0, 0, {}
        for k in weighted:
            if k is c:
                continue
            A, B = _along(c, k)
            s_lo, s_hi, sB = _at(A, B, lo), _at(A, B, hi), _sign(B)
            s0 = s_lo or sB
            w0 = k.contribution(s0)
            start += w0
            if not s_lo:
                at_lo += w0
            if not s_hi:
                at_hi += k.contribution(-sB)
            if s_lo and s_hi and s_lo != s_hi:  # a sign change strictly inside the segment
                events.setdefault(Fraction(-A, B), []).append((k, sB))
        count = start
        vertices = [(start - at_lo, lo)]
        faces = []
        prev = lo
        for lam in sorted(events):
            faces.append((count, prev, lam))
            group = events[lam]
            vertices.append((count - sum(k.contribution(-s) for k, s in group), lam))
            count += sum(k.contribution(s) - k.contribution(-s) for k, s in group)
            prev = lam
        faces.append((count, prev, hi))
        vertices.append((count - at_hi, hi))
        for n, lam in vertices:
            if best_v is None or n < best_v[0]:
                best_v = (n, c, lam)
        for n, x, y in faces:
            for side, w in ((+1, c.wp), (-1, c.wm)):
                if c.inner is not None and c.inner != side:
                    continue
                if best_f is None or n + w < best_f[0]:
                    best_f = (n + w, c, x, y, side)
                if worst_f is None or n + w > worst_f[0]:
                    worst_f = (n + w, c, x, y, side)
    assert best_v is not None and best_f is not None and worst_f is not None  # the box has sides
    return Extremes(Optimum(best_v[0], _point(best_v[1], best_v[2])), _face(best_f, canons), _face(worst_f, canons))


def _face(found: tuple, canons: list[_Canon]) -> Optimum:
    """A point strictly inside the face on ``side`` of the open edge (x, y) of line c."""
    n, c, x, y, side = found
    s, t = _point(c, (x + y) / 2)
    n1, n2 = c.c1 * side, c.c2 * side  # towards the chosen side
    delta = ONE
    for k in canons:
        if k is c:
            continue
        v = k.value(s, t)
        d = k.c1 * n1 + k.c2 * n2
        if d and _sign(d) != _sign(v):  # moving towards line k: stop before half the way
            delta = min(delta, abs(v) / abs(d) / 2)
    return Optimum(n, (s + delta * n1, t + delta * n2))
