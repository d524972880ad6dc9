"""Paired tests between two entities evaluated on the same test cases, and Holm's correction.

- **McNemar's exact test** (crisp predictions): of the cases exactly one of A and B gets right,
  A is right on b and B on c; under H₀ b ~ Binomial(b + c, 1/2), two-sided p = min(1, 2·F(min(b, c))),
  the exact binomial test (``scipy.stats.binomtest``'s p-value).
- **A paired permutation test for any score X**: under H₀ the two entities' predictions are
  exchangeable on every case (every group, with a ``group`` column), so swapping them case by case
  leaves the distribution of T = X(A) − X(B) unchanged; p = (1 + #{|T*| ≥ |T|}) / (1 + R) over R
  random swaps, or the exact proportion over all 2^m swaps when only m ≤ :data:`EXACT_SWAPS` cases
  differ. Any score: X is evaluated on the swapped counts, vectorised.
- **DeLong's test** of two correlated ROC AUCs (scores per case), with the midrank algorithm of
  Sun & Xu (2014): the AUCs' covariance from the structural components V₁₀, V₀₁.
- **Holm's step-down correction** of a family of p-values (challengeR's default).

>>> mcnemar_p(np.array([1, 1, 1, 1, 0, 1], bool), np.array([0, 0, 0, 1, 0, 1], bool))
0.25
>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import special, stats

from ordertheory.ranking.uncertainty.resample import rng
from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator
from ordertheory.ranking.uncertainty.tiers import Tiers, holm_separated, tiers

EXACT_SWAPS = 16  # up to 2^16 = 65 536 swaps are enumerated (an exact permutation p-value)
PERMUTATION_STREAM = 2
TIE_TOLERANCE = 1e-12  # |T*| ≥ |T| up to this relative rounding (scipy's permutation_test does the same)


def mcnemar_p(right_a: np.ndarray, right_b: np.ndarray) -> float:
    """McNemar's exact two-sided p-value from the cases each entity gets right."""
    b = int(np.sum(right_a & ~right_b))
    c = int(np.sum(~right_a & right_b))
    n = b + c
    if n == 0:
        return 1.0
    return float(min(1.0, 2 * stats.binom.cdf(min(b, c), n, 0.5)))


def permutation_p(evaluator: DrawEvaluator, outcomes_a: np.ndarray, outcomes_b: np.ndarray, groups: np.ndarray,
                  k: int, permutations: int, seed: int, index: int) -> tuple[float, str]:
    """Two-sided paired permutation p-value of X(A) − X(B), and how it was obtained."""
    n_groups = int(groups.max()) + 1
    flat_a = (groups * k + outcomes_a)
    flat_b = (groups * k + outcomes_b)
    ca = np.bincount(flat_a, minlength=n_groups * k).reshape(n_groups, k).astype(float)
    cb = np.bincount(flat_b, minlength=n_groups * k).reshape(n_groups, k).astype(float)
    diff = cb - ca  # swapping group g moves diff[g] from B to A
    informative = np.flatnonzero(np.any(diff != 0, axis=1))
    base_a, base_b = ca.sum(axis=0), cb.sum(axis=0)
    observed = evaluator(np.stack([base_a, base_b])[None], counts=True)[0]
    t0 = observed[0] - observed[1]
    if np.isnan(t0):
        return float("nan"), "undefined (X is undefined for one of the two entities)"
    m = len(informative)
    if m == 0:
        return 1.0, "exact (the two entities' outcomes are identical)"
    d = diff[informative]
    if m <= EXACT_SWAPS:
        swaps = np.array(list(itertools.product((0.0, 1.0), repeat=m)))
        how = f"exact (all 2^{m} swaps of the {m} cases where the outcomes differ)"
    else:
        swaps = rng(seed, PERMUTATION_STREAM, index).integers(0, 2, size=(permutations, m)).astype(float)
        how = f"Monte Carlo ({permutations} random swaps)"
    moved = np.einsum("rg,gk->rk", swaps, d)
    pair = np.stack([base_a[None] + moved, base_b[None] - moved], axis=1)  # (R, 2, k)
    v = evaluator(pair, counts=True)
    t = np.abs(v[:, 0] - v[:, 1])
    hits = int(np.sum(t >= abs(t0) * (1 - TIE_TOLERANCE) - 1e-15))  # NaN (undefined) never counts
    if m <= EXACT_SWAPS:
        return hits / len(swaps), how
    return (1 + hits) / (1 + permutations), how


def _midranks(x: np.ndarray) -> np.ndarray:
    return stats.rankdata(x, method="average", axis=-1)


def delong(scores: np.ndarray, positive: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(AUC of each entity, their covariance matrix) by DeLong's method (Sun & Xu's midranks).

    ``scores``: (entities, cases); ``positive``: (cases,) bool, the positive class."""
    X, Y = scores[:, positive], scores[:, ~positive]
    m, n = X.shape[1], Y.shape[1]
    if m == 0 or n == 0:
        raise ValueError("DeLong's test needs positive and negative cases")
    tz = _midranks(np.concatenate([X, Y], axis=1))
    tx, ty = _midranks(X), _midranks(Y)
    auc = (tz[:, :m].sum(axis=1) - m * (m + 1) / 2) / (m * n)
    v10 = (tz[:, :m] - tx) / n
    v01 = 1.0 - (tz[:, m:] - ty) / m
    s10 = np.atleast_2d(np.cov(v10)) if m > 1 else np.zeros((len(scores), len(scores)))
    s01 = np.atleast_2d(np.cov(v01)) if n > 1 else np.zeros((len(scores), len(scores)))
    return auc, s10 / m + s01 / n


def delong_p(auc: np.ndarray, cov: np.ndarray, i: int, j: int) -> float:
    """Two-sided p-value of AUC_i = AUC_j from DeLong's covariance."""
    var = cov[i, i] + cov[j, j] - 2 * cov[i, j]
    diff = auc[i] - auc[j]
    if var <= 0:
        return 1.0 if diff == 0 else 0.0
    return float(special.erfc(abs(diff) / math.sqrt(2 * var)))


def holm(p: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (NaN stays NaN and does not count in the family)."""
    p = np.asarray(p, dtype=float)
    ok = np.flatnonzero(~np.isnan(p))
    out = np.full(len(p), np.nan)
    order = ok[np.argsort(p[ok], kind="stable")]
    m = len(order)
    running = 0.0
    for rank, idx in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[idx]))
        out[idx] = running
    return [float(x) for x in out]


@dataclass(frozen=True)
class DeLongSummary:
    """DeLong's view of ROC AUC on shared cases: each entity's AUC and interval (AUC ± z·√var, clipped to
    [0, 1]: a normal approximation), every pair's paired test and the tiers it gives (Holm over all pairs)."""

    level: float
    auc: dict[str, float]
    intervals: dict[str, tuple[float, float]]
    p: dict[tuple[str, str], float]  # two-sided p of AUC_a = AUC_b, pairs in the given order
    tiers: Tiers

    def lines(self) -> list[str]:
        iv = ", ".join(f"{n} {self.auc[n]:.4f} [{lo:.4f}, {hi:.4f}]" for n, (lo, hi) in self.intervals.items())
        return [f"DeLong {self.level:.0%} intervals of ROC AUC (normal approximation): {iv}", *self.tiers.lines()]

    def to_json(self) -> dict:
        return {"level": self.level, "auc": self.auc, "intervals": {n: list(v) for n, v in self.intervals.items()},
                "is": "DeLong's variance, normal approximation",
                "pairs": [{"a": a, "b": b, "p": p} for (a, b), p in self.p.items()], "tiers": self.tiers.to_json()}


def delong_summary(names: Sequence[str], scores: np.ndarray, positive: np.ndarray, level: float,
                   order: Sequence[str] | None = None) -> DeLongSummary:
    """DeLong's intervals, paired tests and tiers (``order``: the observed order, best first)."""
    auc, cov = delong(scores, positive)
    z = float(stats.norm.ppf((1 + level) / 2))
    sd = np.sqrt(np.clip(np.diag(cov), 0, None))
    idx = {n: i for i, n in enumerate(names)}
    order = list(order or names)
    p = {(a, b): delong_p(auc, cov, idx[a], idx[b]) for k, a in enumerate(order) for b in order[k + 1:]}
    sep = holm_separated({frozenset(k): v for k, v in p.items()}, level)
    t = tiers(order, sep, level, f"DeLong's paired test, {1 - level:.2g} with Holm's correction over {len(p)} pairs")
    return DeLongSummary(level, {n: float(auc[idx[n]]) for n in order},
                         {n: (max(0.0, float(auc[idx[n]] - z * sd[idx[n]])), min(1.0, float(auc[idx[n]] + z * sd[idx[n]])))
                          for n in order}, p, t)
