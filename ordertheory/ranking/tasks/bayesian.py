"""The Bayesian signed-rank test with a region of practical equivalence (Benavoli et al., ICML 2014; JMLR 2017).

The model of ``baycomp.SignedRankTest`` (Demšar, Benavoli, Corani): a Dirichlet process on the
per-task differences z_t = value(B) − value(A) — the n observed differences plus a pseudo-observation
z_0 = 0 of weight ``prior`` (½) — so that one posterior draw is a weight vector w ~ Dirichlet(prior, 1, …, 1)
and gives θ_left = Σ_ij w_i w_j H(−(z_i + z_j) − 2r), θ_right = Σ_ij w_i w_j H(z_i + z_j − 2r) (H: 1 above 0,
½ at 0), θ_rope = 1 − θ_left − θ_right, with r the half-width of the ROPE. P(A better), P(practically
equivalent), P(B better) are the shares of the draws in which θ_left, θ_rope, θ_right is the largest
(baycomp's ``probs``). Values are oriented first (a loss ranks its smallest value first), so "left"
always means A is better.

Why not call baycomp: it builds the n × n matrix of the Walsh sums once per draw, n² work for each of
its 50 000 draws — 1.2 s for 12 tasks and 6 minutes for one pair at 1 000 tasks here. The sums'
thresholds do not depend on the draw: sorting the z once (exactly, on the exact values) makes
Σ_j w_j H(…) a difference of prefix sums of w, so a draw costs n, not n². The draws are
``numpy.random.RandomState(seed).dirichlet`` like baycomp's, so the two give the same probabilities
for the same seed (a test, where the Walsh sums are not at the ROPE's edge in floats).

**The boundary rule** (:data:`BOUNDARY_RULE`): a Walsh average (z_i + z_j)/2 exactly at ±r counts half in
the ROPE and half outside it — baycomp's own Heaviside, ½ at its threshold — decided here on the exact
values. baycomp decides the same comparison on floats, where a difference printed at the ROPE's edge is
not at it (0.71 − 0.70 = 0.010000000000000009 > 0.01): on such tables its P(rope) differs from ours
(by up to ~0.03 on values given to two decimals); with no Walsh average on the boundary the two agree
draw for draw (tests/unit/test_task_conventions.py shows both).

>>> from fractions import Fraction as F
>>> a = [F(80, 100), F(70, 100), F(90, 100), F(85, 100), F(60, 100)]
>>> b = [F(78, 100), F(71, 100), F(87, 100), F(84, 100), F(58, 100)]
>>> p = signed_rank(a, b, rope=F(1, 100), samples=2000, seed=1)
>>> round(p.left + p.rope + p.right, 9), p.left > p.right
(1.0, True)
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.errors import InvalidInput

PRIOR = 0.5  # baycomp's weight of the pseudo-observation at 0
BOUNDARY_RULE = ("a Walsh average exactly at ±ROPE counts ½ inside the ROPE and ½ outside (baycomp's Heaviside, "
                 "½ at the threshold), decided on exact values (baycomp compares floats)")
SAMPLES = 50_000  # baycomp's default number of posterior draws
CHUNK = 5_000  # draws held in memory at once (CHUNK × tasks floats)


@dataclass(frozen=True)
class BayesPair:
    """P(A better), P(within the ROPE), P(B better) over the tasks (Monte Carlo, ``samples`` draws)."""

    a: str
    b: str
    left: float
    rope: float
    right: float
    tasks: int = 0  # the tasks where both are defined

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "tasks": self.tasks, "p_a_better": self.left, "p_rope": self.rope,
                "p_b_better": self.right}


@dataclass(frozen=True)
class Probabilities:
    left: float
    rope: float
    right: float


def _bounds(z: Sequence[Fraction], threshold: Fraction) -> tuple[np.ndarray, np.ndarray]:
    """For each i (z sorted): #{j: z_j < threshold − z_i} and #{j: z_j ≤ threshold − z_i}, exactly."""
    lo = np.array([bisect.bisect_left(z, threshold - x) for x in z])
    hi = np.array([bisect.bisect_right(z, threshold - x) for x in z])
    return lo, hi


def signed_rank(a: Sequence[object], b: Sequence[object], rope: object = 0, samples: int = SAMPLES, seed: int = 0,
                prior: float = PRIOR) -> Probabilities:
    """baycomp's Bayesian signed-rank test of A against B (oriented values, higher is better), exact thresholds."""
    if len(a) != len(b) or not a:
        raise InvalidInput("expected two equally long, non-empty sequences of values")
    r = Fraction(rope) if not isinstance(rope, float) else Fraction(rope)
    if r < 0:
        raise InvalidInput(f"expected a ROPE half-width >= 0 but got {rope}")
    if not isinstance(samples, int) or not 1 <= samples <= 10**7:
        raise InvalidInput(f"expected between 1 and 10^7 posterior samples but got {samples!r}")
    diffs = [Fraction(0)] + [Fraction(y) - Fraction(x) if isinstance(x, Fraction | int) and isinstance(y, Fraction | int)
                             else Fraction(float(y) - float(x)) for x, y in zip(a, b)]
    order = sorted(range(len(diffs)), key=lambda i: diffs[i])
    z = [diffs[i] for i in order]
    # right: z_i + z_j > 2r  <=>  z_j > 2r − z_i ; left: z_i + z_j < −2r  <=>  z_j < −2r − z_i
    rlo, rhi = _bounds(z, 2 * r)
    llo, lhi = _bounds(z, -2 * r)
    n = len(z)
    weights = np.ones(n)
    weights[0] = prior
    state = np.random.RandomState(seed)
    draws = state.dirichlet(weights, samples)[:, order]  # baycomp's draws, in the sorted order
    wins = np.zeros(3, dtype=np.int64)
    for s in range(0, samples, CHUNK):
        w = draws[s:s + CHUNK]
        cum = np.concatenate([np.zeros((len(w), 1)), np.cumsum(w, axis=1)], axis=1)
        total = cum[:, -1:]
        right_i = (total - cum[:, rhi]) + 0.5 * (cum[:, rhi] - cum[:, rlo])
        left_i = cum[:, llo] + 0.5 * (cum[:, lhi] - cum[:, llo])
        right, left = np.sum(w * right_i, axis=1), np.sum(w * left_i, axis=1)
        theta = np.stack([left, 1 - left - right, right], axis=1)
        wins += np.bincount(np.argmax(theta, axis=1), minlength=3)
    # z = value(B) − value(A): "left" (z below −r) is A better, as baycomp's left is its first argument
    p = wins / samples
    return Probabilities(float(p[0]), float(p[1]), float(p[2]))


__all__ = ["BOUNDARY_RULE", "PRIOR", "SAMPLES", "BayesPair", "Probabilities", "signed_rank"]
