"""The Tile under resampling: P(each entity ranks first) at each (a, b), and each entity's best and
worst rank over all canonical ranking scores R_(a,b), draw by draw (NUMERIC, on a grid).

The grid is that of :func:`ordertheory.ranking.tile.tile.axis` (a = i/m along the columns, b = j/m along the
rows, m = n − 1; row = b index as in every Tile map). At grid point (i, j),
R = N / (N + U) with N = (m − i)·tn + i·tp and U = (m − j)·fp + j·fn — on bootstrap counts both
are exact integers, so equal values tie exactly and an entity "ranks first" when no entity is
strictly above it (competition rank 1: tied winners all rank first).

Pruning, exact: the comparison of two entities is bilinear in (a, b), so an entity strictly beaten
by another at the four corners of the Tile is strictly beaten everywhere (the argument of
:mod:`ordertheory.ranking.winners`) and can never rank first; the win maps of a batch of draws
are computed for the entities that escape this in some draw of the batch only.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> from ordertheory.ranking.uncertainty.resample import Plan, Resampling
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,60,20,10,10\\nB,50,0,40,10\\nC,10,10,10,70\\n"))
>>> t = tile_uncertainty(lb, Plan(Resampling.BOOTSTRAP, draws=200), resolution=11)
>>> t.p_first.shape, [round(float(t.p_first[i, 0, 0]), 3) for i in range(3)]   # at TNR (a = b = 0)
((3, 11, 11), [0.0, 1.0, 0.0])
>>> [s["best_rank_interval"] for s in t.entity_summary(0.95)]
[[1, 1], [1, 1], [1, 1]]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.counts import leaderboard_counts
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard
from ordertheory.ranking.leaderboards.per_sample import Predictions
from ordertheory.ranking.tile.tile import MAX_RESOLUTION
from ordertheory.ranking.uncertainty.resample import Plan, Resampling, draw, integer_interval, run_chunks

TILE_CHUNK = 50  # draws per random stream (fixed: results do not depend on --jobs)
STREAM = 1
CELLS = 1_500_000  # draws × entities × grid points computed at once


@dataclass(frozen=True)
class TileUncertainty:
    """Win probabilities (entities × n × n) and per-draw best/worst ranks over the grid."""

    names: tuple[str, ...]
    resolution: int
    plan: Plan
    p_first: np.ndarray = field(repr=False)  # float (entities, n, n), row = b index
    best: np.ndarray | None = field(repr=False)  # int (draws, entities), None when not computed
    worst: np.ndarray | None = field(repr=False)

    def entity_summary(self, level: float) -> list[dict]:
        """Per entity: its largest P(first) and where, the share of the Tile where it wins in more than
        half of the draws, and the intervals of its best and worst rank over the grid."""
        n = self.resolution
        out = []
        for e, name in enumerate(self.names):
            m = self.p_first[e]
            flat = int(np.argmax(m))
            j, i = divmod(flat, n)
            row = {"entity": name, "p_first_max": float(m.max()),
                   "p_first_max_at": {"a": str(Fraction(i, n - 1)), "b": str(Fraction(j, n - 1))},
                   "share_first_majority": float(np.mean(m > 0.5))}
            for key, arr in (("best_rank_interval", self.best), ("worst_rank_interval", self.worst)):
                if arr is not None:
                    iv = integer_interval(np.bincount(arr[:, e], minlength=len(self.names) + 1), level)
                    row[key] = None if iv is None else [iv[0], iv[1]]
            out.append(row)
        return out

    def to_json(self, level: float) -> dict:
        return {"resolution": self.resolution, **self.plan.to_json(), "level": level, "is": "numeric (grid)",
                "entities": self.entity_summary(level)}


def grid_values(d: np.ndarray, n: int) -> np.ndarray:
    """R at every grid point: (draws, entities, n_b, n_a), NaN where undefined."""
    m = n - 1
    i = np.arange(n, dtype=float)
    tn, fp, fn, tp = (d[:, :, k, None, None] for k in range(4))
    num = (m - i)[None, None, None, :] * tn + i[None, None, None, :] * tp
    den = num + (m - i)[None, None, :, None] * fp + i[None, None, :, None] * fn
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, num / den, np.nan)


def _corners(d: np.ndarray) -> np.ndarray:
    """(draws, entities): whether some other entity beats the entity strictly at all four corners."""
    tn, fp, fn, tp = (d[:, :, k] for k in range(4))
    corners = []
    for num, err in ((tn, fp), (tn, fn), (tp, fp), (tp, fn)):
        with np.errstate(invalid="ignore", divide="ignore"):
            corners.append(np.where(num + err > 0, num / (num + err), np.nan))
    c = np.stack(corners, axis=-1)  # (draws, entities, 4)
    beats = np.all(c[:, :, None, :] > c[:, None, :, :], axis=-1)  # beats[d, e', e]
    return beats.any(axis=1)


def _ranks(R: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Best and worst competition rank of each entity over the grid: (draws, entities) each."""
    d, e = R.shape[:2]
    flat = np.where(np.isnan(R), -np.inf, R).reshape(d, e, -1).transpose(0, 2, 1)  # (draws, points, entities)
    order = np.argsort(flat, axis=-1, kind="stable")
    s = np.take_along_axis(flat, order, axis=-1)
    last = np.empty(s.shape, dtype=bool)
    last[..., -1] = True
    last[..., :-1] = s[..., 1:] != s[..., :-1]
    idx = np.where(last, np.arange(e, dtype=np.int32), e).astype(np.int32)
    run_end = np.minimum.accumulate(idx[..., ::-1], axis=-1)[..., ::-1]
    rank_sorted = (e - run_end).astype(np.int32)  # 1 + #strictly greater
    ranks = np.empty_like(rank_sorted)
    np.put_along_axis(ranks, order, rank_sorted, axis=-1)
    undefined = np.isnan(R).reshape(d, e, -1).transpose(0, 2, 1)
    best = np.where(undefined, e + 1, ranks).min(axis=1)
    worst = np.where(undefined, 0, ranks).max(axis=1)
    return best, worst


def _chunk(method: Resampling, source: np.ndarray, alpha: float, seed: int, n: int, ranks: bool,
           project: np.ndarray | None, index: int, size: int) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """One chunk: counts of draws where each entity ranks first (entities, n, n); best and worst ranks."""
    d = draw(method, source, size, seed, index, alpha, stream=STREAM)
    if project is not None:  # a two-parameter family: each draw's cells to its (tn, fp, fn, tp)
        d = d @ project
    e = d.shape[1]
    first = np.zeros((e, n, n), dtype=np.int64)
    best = np.zeros((size, e), dtype=np.int32) if ranks else None
    worst = np.zeros((size, e), dtype=np.int32) if ranks else None
    step = max(1, CELLS // (e * n * n))
    for s in range(0, size, step):
        part = d[s:s + step]
        if ranks:
            R = grid_values(part, n)
            best[s:s + step], worst[s:s + step] = _ranks(R)
            keep = np.arange(e)
        else:
            keep = np.flatnonzero(~_corners(part).all(axis=0))
            R = grid_values(part[:, keep], n)
        top = np.nanmax(np.where(np.isnan(R), -np.inf, R), axis=1, keepdims=True)
        first[keep] += ((R == top) & ~np.isnan(R)).sum(axis=0)
    return first, best, worst


def tile_uncertainty(lb: Leaderboard, plan: Plan, resolution: int = 101, samples: int | None = None,
                     predictions: Predictions | None = None, ranks: bool = True, jobs: int | None = 1,
                     scheduler: str | None = None, progress=None, deadline: float | None = None,
                     project: np.ndarray | None = None) -> TileUncertainty:
    """P(first) at every grid point and (with ``ranks``) each entity's best and worst rank per draw;
    ``project`` (|Ω| × 4, floats) maps each draw's cells to the (tn, fp, fn, tp) of a two-parameter
    family of importances (:func:`~ordertheory.ranking.tile_k.families.projection`), whose grid is (a, b)."""
    if project is None and not lb.space.is_binary:
        raise InvalidInput(f"the Tile needs a two-class leaderboard (tn, fp, fn, tp) but got {lb.space.name}")
    if isinstance(resolution, bool) or not isinstance(resolution, int) or not 2 <= resolution <= MAX_RESOLUTION:
        raise InvalidInput(f"expected a resolution between 2 and {MAX_RESOLUTION} but got {resolution!r}")
    if plan.method is Resampling.CASE_BOOTSTRAP:
        if predictions is None:
            raise InvalidInput("the case bootstrap needs per-sample predictions (--predictions FILE)")
        source = predictions.group_counts()
    elif predictions is not None:
        source = predictions.counts()
    else:
        source = leaderboard_counts(lb, samples).matrix
    n = resolution
    parts = run_chunks(plan, _chunk, (plan.method, source, plan.prior(lb.space), plan.seed, n, ranks, project),
                       jobs, scheduler, size=TILE_CHUNK, progress=progress, deadline=deadline)
    first = sum(p[0] for p in parts)
    best = np.concatenate([p[1] for p in parts]) if ranks else None
    worst = np.concatenate([p[2] for p in parts]) if ranks else None
    return TileUncertainty(lb.names, n, plan, first / plan.draws, best, worst)
