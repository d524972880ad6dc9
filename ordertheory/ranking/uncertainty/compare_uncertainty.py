"""Do two scores order a leaderboard alike — and would they on another draw of its test sets?

Both scores are evaluated on the same draws (:mod:`~ordertheory.ranking.uncertainty.resample`), so the
comparison is paired: per draw, Kendall's τ-b between the two rankings and the number of
discordant pairs (one score puts A strictly above B, the other strictly below; a tie is no
discordance, as in :mod:`ordertheory.analyses.compare.discordance`), and for any given pair of entities
the probability that the two scores order it oppositely.

>>> import io
>>> from ordertheory.catalogue import get
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> from ordertheory.ranking.uncertainty.resample import Plan, Resampling
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\na,50,10,20,20\\nb,80,0,20,0\\nc,30,30,0,40\\n"))
>>> c = compare_uncertainty(lb, get("accuracy").score(), get("f1").score(), Plan(Resampling.POSTERIOR, 2000),
...                         pairs=[("a", "b"), ("c", "b")])
>>> [round(p, 3) for p in c.p_discordant.values()]
[0.952, 0.95]
>>> c.discordant_summary()["median"]
2.0
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ordertheory.analyses.tau.kendall import tau_b
from ordertheory.ranking.leaderboards.counts import leaderboard_counts
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard
from ordertheory.ranking.leaderboards.per_sample import Predictions
from ordertheory.ranking.uncertainty.resample import Plan, Resampling, draw, quantile_interval, run_chunks
from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator
from ordertheory.scores.score import Score

BATCH_CELLS = 2_000_000


@dataclass(frozen=True)
class ComparisonUncertainty:
    """Per draw τ-b and discordant pairs of the two rankings; P(discordant) of the pairs asked for."""

    plan: Plan
    level: float
    tau: np.ndarray = field(repr=False)
    discordant: np.ndarray = field(repr=False)
    p_discordant: dict[tuple[str, str], float]

    def tau_summary(self) -> dict:
        t = self.tau[~np.isnan(self.tau)]  # clipped to [−1, 1] by tau_b
        if not len(t):
            return {"median": None, "interval": None}
        lo, hi = quantile_interval(t, self.level)
        return {"median": float(np.median(t)), "mean": float(t.mean()), "interval": [float(lo), float(hi)]}

    def discordant_summary(self) -> dict:
        lo, hi = quantile_interval(self.discordant.astype(float), self.level)
        return {"median": float(np.median(self.discordant)), "mean": float(self.discordant.mean()),
                "interval": [float(lo), float(hi)]}

    def to_json(self) -> dict:
        return {**self.plan.to_json(), "level": self.level, "tau_b": self.tau_summary(),
                "discordant": self.discordant_summary(), "is": "numeric (Monte Carlo over the draws)",
                "p_discordant": [{"first": a, "second": b, "p": p} for (a, b), p in self.p_discordant.items()]}


def _signs(v: np.ndarray) -> np.ndarray:
    gt = v[:, :, None] > v[:, None, :]
    return gt.astype(np.int8) - np.transpose(gt, (0, 2, 1)).astype(np.int8)


def _chunk(method: Resampling, source: np.ndarray, alpha: np.ndarray, seed: int, ex: DrawEvaluator, ey: DrawEvaluator,
           pairs: np.ndarray, index: int, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    d = draw(method, source, size, seed, index, alpha)
    vx, vy = ex(d, counts=method.gives_counts), ey(d, counts=method.gives_counts)
    e = vx.shape[1]
    tau = np.full(size, np.nan)
    disc = np.zeros(size, dtype=np.int64)
    hits = np.zeros(len(pairs), dtype=np.int64)
    step = max(1, BATCH_CELLS // max(1, e * e))
    off = ~np.eye(e, dtype=bool)
    for s in range(0, size, step):
        sx, sy = _signs(vx[s:s + step]), _signs(vy[s:s + step])
        ok = (~np.isnan(vx[s:s + step]) & ~np.isnan(vy[s:s + step]))
        ok2 = ok[:, :, None] & ok[:, None, :] & off[None]
        prod = np.where(ok2, sx.astype(np.int16) * sy, 0)
        n0 = ok2.sum(axis=(1, 2)) / 2
        n1 = (ok2 & (sx == 0)).sum(axis=(1, 2)) / 2
        n2 = (ok2 & (sy == 0)).sum(axis=(1, 2)) / 2
        num = prod.sum(axis=(1, 2)) / 2
        with np.errstate(invalid="ignore", divide="ignore"):  # NaN where a ranking ties every pair
            tau[s:s + step] = tau_b(num, n0, n1, n2)
        disc[s:s + step] = (prod < 0).sum(axis=(1, 2)) // 2
        if len(pairs):
            hits += (prod[:, pairs[:, 0], pairs[:, 1]] < 0).sum(axis=0)
    return tau, disc, hits


def compare_uncertainty(lb: Leaderboard, X: Score, Y: Score, plan: Plan, level: float = 0.95,
                        samples: int | None = None, predictions: Predictions | None = None,
                        pairs: list[tuple[str, str]] = (), jobs: int | None = 1, scheduler: str | None = None,
                        progress=None, deadline: float | None = None) -> ComparisonUncertainty:
    """τ-b and discordant pairs of X against Y under ``plan``; P(discordant) for each of ``pairs``."""
    if predictions is not None:
        source = predictions.group_counts() if plan.method is Resampling.CASE_BOOTSTRAP else predictions.counts()
    else:
        source = leaderboard_counts(lb, samples).matrix
    idx = np.array([(lb.index(a), lb.index(b)) for a, b in pairs], dtype=np.int64).reshape(-1, 2)
    # each score as it ranks (−X for a loss): concordance is about orders, not raw values
    parts = run_chunks(plan, _chunk, (plan.method, source, plan.prior(lb.space), plan.seed, DrawEvaluator(X.oriented()),
                                      DrawEvaluator(Y.oriented()), idx), jobs, scheduler, progress=progress, deadline=deadline)
    tau = np.concatenate([p[0] for p in parts])
    disc = np.concatenate([p[1] for p in parts])
    hits = sum(p[2] for p in parts) if parts else np.zeros(len(pairs))
    return ComparisonUncertainty(plan, level, tau, disc,
                                 {pair: float(h / plan.draws) for pair, h in zip(pairs, np.atleast_1d(hits))})
