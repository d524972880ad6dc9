"""Charts of the Tile in which the frontiers R_(a,b)(P_i) = R_(a,b)(P_j) are straight lines.

The order R_(a,b) induces on performances depends on (a, b) only through the two ratios
I(tn) : I(tp) = (1 − a) : a and I(fp) : I(fn) = (1 − b) : b (R = N / (N + U) is increasing in
N / U, with N(a) = (1 − a)·tn + a·tp and U(b) = (1 − b)·fp + b·fn). An :class:`Axis` with positive
weights (w₀, w₁) re-parametrises one ratio by

    σ = a·w₁ / ((1 − a)·w₀ + a·w₁),   a = σ·w₀ / ((1 − σ)·w₁ + σ·w₀),

a bijection of [0, 1] fixing 0 and 1, under which N_j(a) = c(a)·((1 − σ)·tn_j/w₀ + σ·tp_j/w₁)
with c(a) = (1 − a)·w₀ + a·w₁ > 0: every entity's N (and U) is *affine* in the chart coordinate.
A frontier N_i·U_j − N_j·U_i is then bilinear in (σ, τ), and it is a straight line when its σ·τ
term vanishes. Two charts make it vanish:

- **balanced coordinates** (weights (π₋, π₊) on both axes, the class-prior shift of the Tile
  paper to priors ½): when every entity has the same prior π, the σ·τ term of every frontier is
  (TPR_i − TNR_i)(TNR_j − TPR_j) − (TPR_j − TNR_j)(TNR_i − TPR_i) = 0 — one chart for all pairs;
- **the chart of an entity e** (weights (tn_e, tp_e) and (fp_e, fn_e)): N_e ≡ c, U_e ≡ d, so every
  frontier *of e* is the line N_j/N_e − U_j/U_e = 0, whatever the priors of the others.

When a weight is 0 (an entity with tn_e = 0, say) the chart coordinate is projective:
σ = (1 − a)/a ∈ [0, ∞], the edge a = 0 (where N_e = 0) sits at infinity; :attr:`Axis.bounded`
says which.

>>> ax = Axis(Fraction(3, 4), Fraction(1, 4))   # the balanced axis of a prior π₊ = 1/4
>>> ax.to_chart(Fraction(1, 2)), ax.from_chart(Fraction(1, 4))
(Fraction(1, 4), Fraction(1, 2))
>>> ax.affine(Fraction(3, 8), Fraction(1, 8))   # an entity with tn = 3/8, tp = 1/8: N = c·(1/2 + 0·σ)
(Fraction(1, 2), Fraction(0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard
from ordertheory.ranking.tile.bilinear import Bilinear

ZERO, ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True)
class Axis:
    """One factor of the Tile (the a-axis: outcomes tn, tp; the b-axis: fp, fn) in a chart of weights
    (w₀, w₁), not both 0. ``affine(x₀, x₁)`` is (p, q) with x₀·(1 − a) + x₁·a = scale(a)·(p + q·σ)."""

    w0: Fraction
    w1: Fraction

    def __post_init__(self) -> None:
        if self.w0 < 0 or self.w1 < 0 or not (self.w0 or self.w1):
            raise InvalidInput(f"expected non-negative chart weights, not both 0, but got ({self.w0}, {self.w1})")

    @property
    def bounded(self) -> bool:
        """True when σ ranges over [0, 1]; False when one end of the Tile's axis is at σ = ∞."""
        return bool(self.w0 and self.w1)

    @property
    def at_infinity(self) -> Fraction | None:
        """The Tile coordinate sent to σ = ∞ (0 when w₀ = 0, 1 when w₁ = 0), None for a bounded axis."""
        return None if self.bounded else (ZERO if not self.w0 else ONE)

    def to_chart(self, a: Fraction) -> Fraction | None:
        """σ of the Tile coordinate a (None for the end at infinity)."""
        if self.bounded:
            return a * self.w1 / ((1 - a) * self.w0 + a * self.w1)
        if a == self.at_infinity:
            return None
        return (1 - a) / a if not self.w0 else a / (1 - a)

    def from_chart(self, s: Fraction) -> Fraction:
        """The Tile coordinate a of the chart coordinate σ ≥ 0 (σ ≤ 1 on a bounded axis)."""
        if self.bounded:
            return s * self.w0 / ((1 - s) * self.w1 + s * self.w0)
        return 1 / (1 + s) if not self.w0 else s / (1 + s)

    def affine(self, x0: Fraction, x1: Fraction) -> tuple[Fraction, Fraction]:
        """(p, q): an entity's N (or U), divided by the chart's positive scale, is p + q·σ."""
        if self.bounded:
            p = x0 / self.w0
            return p, x1 / self.w1 - p
        if not self.w0:  # σ = (1 − a)/a, scale a·w₁: x₀(1 − a) + x₁a = a·w₁·(x₁/w₁ + σ·x₀/w₁)
            return x1 / self.w1, x0 / self.w1
        return x0 / self.w0, x1 / self.w0  # σ = a/(1 − a), scale (1 − a)·w₀


@dataclass(frozen=True)
class Chart:
    """A chart of the Tile: the a-axis (N: tn, tp) and the b-axis (U: fp, fn)."""

    a: Axis
    b: Axis
    name: str

    @property
    def bounded(self) -> bool:
        return self.a.bounded and self.b.bounded

    def to_chart(self, a: Fraction, b: Fraction) -> tuple[Fraction | None, Fraction | None]:
        return self.a.to_chart(a), self.b.to_chart(b)

    def from_chart(self, s: Fraction, t: Fraction) -> tuple[Fraction, Fraction]:
        return self.a.from_chart(s), self.b.from_chart(t)

    def frontier(self, P_i, P_j) -> Bilinear:
        """N̂_i·Û_j − N̂_j·Û_i in chart coordinates (σ, τ): positive exactly where i ranks strictly
        above j (the comparison of :mod:`~ordertheory.ranking.tile.bilinear`, divided by the charts'
        positive scales); a line when its σ·τ coefficient is 0."""
        p_i, q_i = self.a.affine(P_i["tn"], P_i["tp"])
        p_j, q_j = self.a.affine(P_j["tn"], P_j["tp"])
        r_i, u_i = self.b.affine(P_i["fp"], P_i["fn"])
        r_j, u_j = self.b.affine(P_j["fp"], P_j["fn"])
        return Bilinear(p_i * r_j - p_j * r_i, q_i * r_j - q_j * r_i, p_i * u_j - p_j * u_i, q_i * u_j - q_j * u_i)


def balanced(prior_positive: Fraction) -> Chart:
    """The balanced coordinates of a prior π₊ ∈ (0, 1): σ = a·π₊ / ((1 − a)·π₋ + a·π₊), same for b."""
    if not 0 < prior_positive < 1:
        raise InvalidInput(f"expected a prior strictly between 0 and 1 but got {prior_positive}")
    ax = Axis(1 - prior_positive, prior_positive)
    return Chart(ax, ax, f"balanced coordinates (π₊ = {prior_positive})")


def entity_chart(P) -> Chart:
    """The chart of one performance: weights (tn, tp) and (fp, fn); needs (tn, tp) ≠ 0 and (fp, fn) ≠ 0."""
    return Chart(Axis(P["tn"], P["tp"]), Axis(P["fp"], P["fn"]), "chart of the entity")


def shared_prior(lb: Leaderboard) -> Fraction | None:
    """π₊ when every entity has exactly the same prior, strictly between 0 and 1; else None."""
    if lb.space.outcomes != ("tn", "fp", "fn", "tp"):
        return None
    priors = {P.probabilities[2] + P.probabilities[3] for P in lb.performances}  # fn + tp (Ω's order)
    if len(priors) != 1:
        return None
    p = priors.pop()
    return p if 0 < p < 1 else None
