"""Exact convex polygons in a chart of the Tile: clipping by half-planes, area, an interior point.

A polygon is a tuple of vertices (σ, τ) in counter-clockwise order, exact Fractions; the empty
polygon is ``()``, a segment or a point keeps its one or two vertices (its area is 0). Clipping a
convex polygon by the closed half-plane c₀ + c₁σ + c₂τ ≤ 0 keeps it convex (Sutherland–Hodgman
with exact signs), so the region where one entity ranks first — the intersection of the
half-planes "no one beats it" — is computed exactly.

>>> box = square(Fraction(1), Fraction(1))
>>> half = clip(box, Fraction(-1, 2), Fraction(1), Fraction(0))      # σ ≤ 1/2
>>> area(half), centroid(half)
(Fraction(1, 2), (Fraction(1, 4), Fraction(1, 2)))
>>> clip(half, Fraction(-1, 4), Fraction(1), Fraction(1))            # σ + τ ≤ 1/4: a triangle
((Fraction(0, 1), Fraction(0, 1)), (Fraction(1, 4), Fraction(0, 1)), (Fraction(0, 1), Fraction(1, 4)))
"""

from __future__ import annotations

from fractions import Fraction

Point = tuple[Fraction, Fraction]
Polygon = tuple[Point, ...]

ZERO = Fraction(0)


def square(S: Fraction, T: Fraction) -> Polygon:
    """The box [0, S] × [0, T], counter-clockwise from the origin."""
    return ((ZERO, ZERO), (S, ZERO), (S, T), (ZERO, T))


def clip(poly: Polygon, c0: Fraction, c1: Fraction, c2: Fraction) -> Polygon:
    """``poly`` ∩ {c₀ + c₁σ + c₂τ ≤ 0}, exactly (vertices in the same order, duplicates removed)."""
    if not poly:
        return ()
    vals = [c0 + c1 * s + c2 * t for s, t in poly]
    if all(v <= 0 for v in vals):
        return poly
    if all(v > 0 for v in vals):
        return ()
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        vp, vq = vals[i], vals[(i + 1) % n]
        if vp <= 0:
            out.append(p)
        if (vp < 0 < vq) or (vq < 0 < vp):
            lam = vp / (vp - vq)
            out.append((p[0] + lam * (q[0] - p[0]), p[1] + lam * (q[1] - p[1])))
    dedup: list[Point] = []
    for v in out:
        if not dedup or dedup[-1] != v:
            dedup.append(v)
    if len(dedup) > 1 and dedup[0] == dedup[-1]:
        dedup.pop()
    return tuple(dedup)


def area(poly: Polygon) -> Fraction:
    """The exact area (shoelace formula); 0 for a segment or a point."""
    if len(poly) < 3:
        return ZERO
    twice = sum((p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1])), ZERO)
    return abs(twice) / 2


def centroid(poly: Polygon) -> Point:
    """The mean of the vertices: strictly inside a convex polygon of positive area (a point of a
    segment or the point itself otherwise)."""
    n = len(poly)
    return (sum((p[0] for p in poly), ZERO) / n, sum((p[1] for p in poly), ZERO) / n)
