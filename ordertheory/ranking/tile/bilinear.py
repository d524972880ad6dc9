"""Exact comparisons of two entities on the Tile: g(a, b) = N_{e′}(a)·U_e(b) − N_e(a)·U_{e′}(b).

With N(a) = (1−a)·tn + a·tp and U(b) = (1−b)·fp + b·fn, R_{a,b} = N / (N + U), and where
N_e + U_e > 0, R(e′) > R(e) ⟺ g > 0 (cross-multiplied, denominators positive; an entity where
R is undefined has N = U = 0, hence g = 0: it beats no one). g is bilinear in (a, b), so its
minimum and maximum over the Tile [0, 1]² are reached at the four corners: an entity that beats
e at the four corners beats it everywhere, one that does not beat it at any corner never does.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\n"))
>>> rank_at(lb, 0, Fraction(1, 2), Fraction(1, 2))
1
>>> split(lb, 0)
([], [], [1])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ordertheory.ranking.leaderboards.leaderboard import Leaderboard

CORNERS = ((Fraction(0), Fraction(0)), (Fraction(1), Fraction(0)), (Fraction(0), Fraction(1)),
           (Fraction(1), Fraction(1)))


@dataclass(frozen=True)
class Bilinear:
    """c₀ + c₁·a + c₂·b + c₃·a·b with exact coefficients."""

    c0: Fraction
    c1: Fraction
    c2: Fraction
    c3: Fraction

    def __call__(self, a: Fraction, b: Fraction) -> Fraction:
        return self.c0 + self.c1 * a + self.c2 * b + self.c3 * a * b

    def sign_at(self, a: Fraction, b: Fraction) -> int:
        """The sign of g(a, b), in integers when the coefficients are integers (no gcd per step)."""
        p, q, r, s = a.numerator, a.denominator, b.numerator, b.denominator
        v = self.c0 * q * s + self.c1 * p * s + self.c2 * q * r + self.c3 * p * r
        return (v > 0) - (v < 0)

    @property
    def is_zero(self) -> bool:
        return not (self.c0 or self.c1 or self.c2 or self.c3)

    def scaled(self) -> Bilinear:
        """The same sign everywhere, with small integer-ish coefficients (divided by the largest)."""
        top = max(abs(self.c0), abs(self.c1), abs(self.c2), abs(self.c3))
        return self if top == 0 else Bilinear(self.c0 / top, self.c1 / top, self.c2 / top, self.c3 / top)

    def solve_a(self, b: Fraction) -> Fraction | None:
        """The a with g(a, b) = 0 for this b (None when g(·, b) is constant)."""
        slope = self.c1 + self.c3 * b
        return None if slope == 0 else -(self.c0 + self.c2 * b) / slope

    def solve_b(self, a: Fraction) -> Fraction | None:
        slope = self.c2 + self.c3 * a
        return None if slope == 0 else -(self.c0 + self.c1 * a) / slope


def _nu(P) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    return P["tn"], P["tp"] - P["tn"], P["fp"], P["fn"] - P["fp"]


def integer_counts(P) -> dict[str, int]:
    """P's (tn, fp, fn, tp) times the least common multiple of their denominators: integers in the
    same proportions, for which every comparison keeps its sign (g is homogeneous in each side)."""
    d = P.as_dict() if hasattr(P, "as_dict") else P
    values = [d[o] for o in ("tn", "fp", "fn", "tp")]
    den = math.lcm(*(v.denominator for v in values))
    return {o: v.numerator * (den // v.denominator) for o, v in zip(("tn", "fp", "fn", "tp"), values)}


def beats_p(P1, P0) -> Bilinear:
    """g(a, b) = N₁·U₀ − N₀·U₁ for two performances: positive exactly where P1 ranks above P0."""
    tn1, dN1, fp1, dU1 = _nu(P1)
    tn0, dN0, fp0, dU0 = _nu(P0)
    return Bilinear(tn1 * fp0 - tn0 * fp1, dN1 * fp0 - dN0 * fp1, tn1 * dU0 - tn0 * dU1, dN1 * dU0 - dN0 * dU1)


def denominator_p(P) -> Bilinear:
    """E_P[I] = N(a) + U(b) of one performance, positive exactly where R_{a,b}(P) is defined."""
    tn, dN, fp, dU = _nu(P)
    return Bilinear(tn + fp, dN, dU, Fraction(0))


def beats(lb: Leaderboard, other: int, e: int) -> Bilinear:
    """g_{other,e}: positive exactly where ``other`` ranks strictly above ``e``."""
    return beats_p(lb.performances[other], lb.performances[e])


def denominator(lb: Leaderboard, e: int) -> Bilinear:
    """E_P[I] = N_e(a) + U_e(b), positive exactly where R_{a,b}(e) is defined."""
    return denominator_p(lb.performances[e])


def rank_at(lb: Leaderboard, e: int, a: Fraction, b: Fraction) -> int | None:
    """Exact competition rank of entity e at (a, b): 1 + #{e′ : R(e′) > R(e)}; None if undefined."""
    if denominator(lb, e)(a, b) <= 0:
        return None
    return 1 + sum(1 for o in range(len(lb)) if o != e and beats(lb, o, e)(a, b) > 0)


def ties_at(lb: Leaderboard, e: int, a: Fraction, b: Fraction) -> tuple[int, ...]:
    """The entities other than e whose R_{a,b} is defined and equal to e's (e defined there)."""
    return tuple(o for o in range(len(lb)) if o != e and denominator(lb, o)(a, b) > 0
                 and beats(lb, o, e)(a, b) == 0)


def split(lb: Leaderboard, e: int) -> tuple[list[int], list[int], list[int]]:
    """(always, never, crossing): entities beating e at every point of the Tile, at none, at some."""
    always, never, crossing = [], [], []
    for o in range(len(lb)):
        if o == e:
            continue
        g = beats(lb, o, e)
        at = [g(a, b) for a, b in CORNERS]
        if all(v > 0 for v in at):
            always.append(o)
        elif all(v <= 0 for v in at):
            never.append(o)
        else:
            crossing.append(o)
    return always, never, crossing
