"""The area in (a, b) of a polygon given in a bounded chart of the Tile, with a rigorous error bound.

A chart maps each axis by a Möbius bijection of [0, 1] (:mod:`~ordertheory.ranking.tile.charts`), so a
polygon with straight edges in the chart has edges that are hyperbola arcs in (a, b). Its area is
∮ a db (Green's theorem; the maps are increasing, so orientation is kept), and along an edge the
integrand is a rational function of the edge's parameter: the integral is a rational number plus
rational multiples of logarithms of positive rationals, found by partial fractions in Fractions.
Only the logarithms are evaluated — in interval arithmetic (mpmath's ``iv``), so the result is an
interval that contains the exact area: its width is the stated error bound.

>>> from ordertheory.ranking.tile.charts import Axis, Chart
>>> identity = Chart(Axis(Fraction(1), Fraction(1)), Axis(Fraction(1), Fraction(1)), "identity")
>>> tile_area(((Fraction(0), Fraction(0)), (Fraction(1), Fraction(0)), (Fraction(0), Fraction(1))), identity).exact
Fraction(1, 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from mpmath import iv

from ordertheory.ranking.tile.charts import Chart
from ordertheory.ranking.tile.polygon import Polygon

DIGITS = 40


@dataclass(frozen=True)
class Area:
    """rational + Σ cᵢ·ln(rᵢ), and an interval [lo, hi] (floats, outward-rounded) that contains it."""

    rational: Fraction
    logs: tuple[tuple[Fraction, Fraction], ...] = field(default=())
    lo: float = 0.0
    hi: float = 0.0

    @property
    def exact(self) -> Fraction | None:
        """The area when it has no logarithmic part (an identity chart, or straight edges)."""
        return self.rational if not self.logs else None

    @property
    def value(self) -> float:
        return (self.lo + self.hi) / 2

    @property
    def error(self) -> float:
        """A bound on |value − exact area|."""
        return (self.hi - self.lo) / 2


def _edge(s0, t0, s1, t1, w0, w1, v0, v1, logs: list) -> Fraction:
    """∫ a db along one chart edge: returns the rational part, appends (coefficient, argument) logs."""
    ds, dt = s1 - s0, t1 - t0
    if not dt:
        return Fraction(0)
    a0, a1 = s0 * w0, ds * w0  # a(λ) = (a0 + a1λ)/(b0 + b1λ)
    b0, b1 = w1 + s0 * (w0 - w1), ds * (w0 - w1)
    g0, g1 = v1 + t0 * (v0 - v1), dt * (v0 - v1)  # b′ ∝ 1/(g0 + g1λ)²
    K = v0 * v1 * dt
    if not b1 and not g1:
        return K * (a0 + a1 / 2) / (b0 * g0**2)
    if not b1:
        A, B = a0 - a1 * g0 / g1, a1 / g1
        u0, u1 = g0, g0 + g1
        logs.append((K * B / (b0 * g1), u1 / u0))
        return K * A * (1 / u0 - 1 / u1) / (b0 * g1)
    if not g1:
        logs.append((K * (a0 - a1 * b0 / b1) / (b1 * g0**2), (b0 + b1) / b0))
        return K * a1 / (b1 * g0**2)
    if b0 * g1 == b1 * g0:  # the same root: (b0 + b1λ) = (b1/g1)(g0 + g1λ)
        A, B = a0 - a1 * g0 / g1, a1 / g1
        u0, u1 = g0, g0 + g1
        return K * (A / 2 * (1 / u0**2 - 1 / u1**2) + B * (1 / u0 - 1 / u1)) / b1
    p, q = -b0 / b1, -g0 / g1
    C1 = (a0 + a1 * p) / (p - q) ** 2
    C3 = (a0 + a1 * q) / (q - p)
    scale = K / (b1 * g1**2)
    logs.append((scale * C1, (b0 + b1) / b0))
    logs.append((-scale * C1, (g0 + g1) / g0))
    return -scale * C3 * (1 / (1 - q) + 1 / q)


def tile_area(poly: Polygon, chart: Chart) -> Area:
    """The (a, b)-area of a convex polygon of a bounded chart (vertices counter-clockwise)."""
    if len(poly) < 3:
        return Area(Fraction(0))
    if not chart.bounded:
        raise ValueError("the area needs a bounded chart")
    w0, w1, v0, v1 = chart.a.w0, chart.a.w1, chart.b.w0, chart.b.w1
    logs: list[tuple[Fraction, Fraction]] = []
    rational = Fraction(0)
    for (s0, t0), (s1, t1) in zip(poly, poly[1:] + poly[:1]):
        rational += _edge(s0, t0, s1, t1, w0, w1, v0, v1, logs)
    logs = [(c, r) for c, r in logs if c and r != 1]
    iv.dps = DIGITS
    total = iv.mpf(rational.numerator) / rational.denominator
    for c, r in logs:
        total += iv.mpf(c.numerator) / c.denominator * iv.log(iv.mpf(r.numerator) / r.denominator)
    lo, hi = float(total.a), float(total.b)  # rounded to nearest: widen by one float step each way
    return Area(rational, tuple(logs), math.nextafter(lo, -math.inf), math.nextafter(hi, math.inf))
