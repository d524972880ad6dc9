"""What a batch of draws says about a ranking: competition ranks, who is above whom, Kendall's τ-b.

In every draw the entities are ranked as :func:`~ordertheory.ranking.rank.rank_leaderboard` ranks
the observed leaderboard: competition ranks, rank = 1 + the number of entities with a strictly
larger value, so equal values share a rank (Axiom 1: equal performances get equal values, hence
tie) and an entity outside the score's domain in a draw (NaN) gets no rank that draw (rank 0 here)
and is above no one. All of it is one broadcast comparison per batch of draws: no loop per draw.

>>> import numpy as np
>>> v = np.array([[0.9, 0.8, 0.8], [0.7, 0.9, np.nan]])
>>> s = summarise(v, reference=np.array([3.0, 2.0, 1.0]))
>>> s.ranks.tolist()
[[1, 2, 2], [2, 1, 0]]
>>> s.above.tolist()          # above[i][j]: draws where entity i is strictly above entity j
[[0, 1, 1], [1, 0, 0], [0, 0, 0]]
>>> [round(t, 4) for t in s.tau.tolist()]
[0.8165, -1.0]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ordertheory.analyses.tau.kendall import tau_b

BATCH_CELLS = 2_000_000  # draws × entities² compared at once (memory of one broadcast)


@dataclass(frozen=True)
class DrawSummary:
    """Per draw: competition ranks (0 = undefined) and τ-b against the reference; summed over
    the draws: ``above[i, j]`` = number of draws with entity i strictly above entity j."""

    ranks: np.ndarray  # int32 (draws, entities)
    above: np.ndarray  # int64 (entities, entities)
    tau: np.ndarray  # float64 (draws,), NaN where undefined

    @staticmethod
    def combine(parts: list[DrawSummary]) -> DrawSummary:
        """The summary of all the draws of ``parts``, in their order."""
        return DrawSummary(np.concatenate([p.ranks for p in parts]), sum(p.above for p in parts),
                           np.concatenate([p.tau for p in parts]))

    def rank_histogram(self) -> np.ndarray:
        """counts[e, r]: draws in which entity e has rank r (r = 0: undefined)."""
        d, e = self.ranks.shape
        flat = (np.arange(e)[None, :] * (e + 1) + self.ranks).ravel()
        return np.bincount(flat, minlength=e * (e + 1)).reshape(e, e + 1)


def summarise(values: np.ndarray, reference: np.ndarray | None = None) -> DrawSummary:
    """Ranks, pairwise counts and τ-b (against ``reference``: the observed values or any scores
    whose order is the observed one; NaN = undefined) of ``values`` (draws × entities, NaN = undefined)."""
    d, e = values.shape
    ranks = np.zeros((d, e), dtype=np.int32)
    above = np.zeros((e, e), dtype=np.int64)
    tau = np.full(d, np.nan)
    ref = None if reference is None else _Reference(np.asarray(reference, dtype=float))
    step = max(1, BATCH_CELLS // max(1, e * e))
    defined = ~np.isnan(values)
    for s in range(0, d, step):
        v = values[s:s + step]
        gt = (v[:, :, None] > v[:, None, :]).astype(np.float32)  # gt[k, i, j]: v_i > v_j (0 with a NaN)
        above += gt.sum(axis=0).astype(np.int64)
        ranks[s:s + step] = np.where(defined[s:s + step], 1 + gt.sum(axis=1), 0)
        if ref is not None:
            tau[s:s + step] = ref.tau_b(gt.reshape(len(v), e * e), defined[s:s + step])
    return DrawSummary(ranks, above, tau)


class _Reference:
    """The reference ranking's pair signs, set up once for τ-b: per draw, τ-b is then two
    sums over the ordered pairs (C − D and the untied pairs) and one quadratic form (the
    reference's ties among the defined entities)."""

    def __init__(self, ref: np.ndarray) -> None:
        self.known = ~np.isnan(ref)
        both = self.known[:, None] & self.known[None, :]
        np.fill_diagonal(both, False)
        with np.errstate(invalid="ignore"):
            sign = np.where(both, np.sign(ref[:, None] - ref[None, :]), 0.0)
        self.sign = sign.astype(np.float32).ravel()
        self.mask = both.astype(np.float32).ravel()
        self.ties = (both & (sign == 0)).astype(np.float32)

    def tau_b(self, gt: np.ndarray, defined: np.ndarray) -> np.ndarray:
        # einsum, not BLAS: a threaded BLAS on these small products is slower on a busy machine
        # (integer counts, exact in float32; the ratio in float64)
        num = np.einsum("kp,p->k", gt, self.sign).astype(np.float64)  # Σ_{v_i > v_j} sign(ref_i − ref_j): C − D
        untied = np.einsum("kp,p->k", gt, self.mask).astype(np.float64)  # unordered pairs the draw does not tie
        live = (defined & self.known[None, :]).astype(np.float32)
        m = live.sum(axis=1).astype(np.float64)
        n0 = m * (m - 1) / 2
        n1 = np.einsum("ki,ij,kj->k", live, self.ties, live).astype(np.float64) / 2
        with np.errstate(invalid="ignore", divide="ignore"):  # NaN where a ranking ties every pair
            return tau_b(num, n0, n1, n0 - untied)
