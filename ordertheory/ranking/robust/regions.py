"""Where on the Tile is one entity significantly better than another? For a pair whose order depends on
the importance, the regions of (a, b) where each is separated at the level, simultaneously over the Tile
(NUMERIC, on a grid of the Tile).

From the resampling's draws of the two entities (the posterior, the bootstrap, or the case bootstrap that
keeps a shared test set's pairing), δ(a, b) = R_(a,b)(A) − R_(a,b)(B) on the grid; with δ̂ the observed value
and σ(a, b) the draws' standard deviation, c is the ``level`` quantile over the draws of max over the grid of
|δ − δ̂|/σ (a sup-t band: Montiel Olea & Plagborg-Møller, 2019). The band δ̂ ± c·σ holds δ everywhere at once
with probability about ``level``; where it lies above 0, A is **separated above** B, below 0 B above A, and
elsewhere **neither**. A claimed region is wrong only where the band misses δ: the whole map is right with
probability about ``level`` (its coverage is simulated in tests/slow/test_robust_calibration.py). It is a
statement about one pair: it does not correct for the other pairs a reader may look at.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> from ordertheory.ranking.uncertainty.resample import Plan, Resampling
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nC,990,10,300,700\\nD,700,300,10,990\\n"))
>>> m = tile_regions(lb, "C", "D", Plan(Resampling.POSTERIOR, draws=400), resolution=11)
>>> int(m.map[0, 0]), int(m.map[10, 10]), m.shares()   # C above at TNR (a = b = 0), D at TPR
(1, -1, {'C': 0.4463, 'D': 0.4463, 'neither': 0.1074})
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard
from ordertheory.ranking.leaderboards.per_sample import Predictions
from ordertheory.ranking.tile.tile import MAX_RESOLUTION
from ordertheory.ranking.uncertainty.resample import Plan, check_level, draw
from ordertheory.ranking.uncertainty.tile_uncertainty import grid_values
from ordertheory.ranking.uncertainty.uncertainty import draw_source

STREAM = 12
MAX_DRAWS = 2000  # draws kept for a band (draws × grid points in memory)


@dataclass(frozen=True)
class RegionMap:
    """+1 where ``a`` is separated above ``b``, −1 where ``b`` is above ``a``, 0 where neither (row = b index)."""

    a: str
    b: str
    level: float
    resolution: int
    map: np.ndarray = field(repr=False)  # int8 (n, n)
    observed: np.ndarray = field(repr=False)  # float (n, n): δ̂, NaN where undefined
    critical: float  # c of the band
    draws: int
    plan: Plan

    def shares(self) -> dict[str, float]:
        size = self.map.size
        return {self.a: round(float((self.map > 0).sum()) / size, 4), self.b: round(float((self.map < 0).sum()) / size, 4),
                "neither": round(float((self.map == 0).sum()) / size, 4)}

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "level": self.level, "resolution": self.resolution, "share": self.shares(),
                "critical_value": self.critical, "draws": self.draws, "is": "numeric (grid; sup-t band over the Tile)",
                "method": self.plan.method.value}


def band(deltas: np.ndarray, observed: np.ndarray, level: float) -> tuple[np.ndarray, float]:
    """The map (+1 / −1 / 0) of a simultaneous band from draws (draws, n, n) of δ around ``observed``."""
    with np.errstate(invalid="ignore", divide="ignore"):
        sd = np.nanstd(deltas, axis=0)
        scaled = np.abs(deltas - observed[None]) / np.where(sd > 0, sd, np.inf)[None]
    top = np.nanmax(np.where(np.isnan(scaled), -np.inf, scaled).reshape(len(deltas), -1), axis=1)
    c = float(np.quantile(top, level)) if len(top) else np.inf
    lo, hi = observed - c * sd, observed + c * sd
    out = np.where(lo > 0, 1, np.where(hi < 0, -1, 0)).astype(np.int8)
    return np.where(np.isnan(observed) | (sd == 0) & (observed == 0), 0, out).astype(np.int8), c


def tile_regions(lb: Leaderboard, a: str, b: str, plan: Plan, level: float = 0.95, resolution: int = 51,
                 samples: int | None = None, predictions: Predictions | None = None) -> RegionMap:
    """The regions of the Tile where ``a`` and ``b`` are separated (see the module); two classes."""
    level = check_level(level)
    if not lb.space.is_binary:
        raise InvalidInput(f"the Tile's regions need a two-class leaderboard but got {lb.space.name}")
    if isinstance(resolution, bool) or not isinstance(resolution, int) or not 2 <= resolution <= MAX_RESOLUTION:
        raise InvalidInput(f"expected a resolution between 2 and {MAX_RESOLUTION} but got {resolution!r}")
    i, j = lb.index(a), lb.index(b)
    source, counts, _ = draw_source(lb, plan, samples, predictions)
    pair = source[..., [i, j], :]
    size = min(plan.draws, MAX_DRAWS)
    d = draw(plan.method, pair, size, plan.seed, 0, plan.prior(lb.space), stream=STREAM)
    R = grid_values(d, resolution)
    obs = grid_values(counts[None, [i, j]], resolution)[0]
    m, c = band(R[:, 0] - R[:, 1], obs[0] - obs[1], level)
    return RegionMap(a, b, level, resolution, m, obs[0] - obs[1], c, size, plan)
