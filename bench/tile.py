"""The Tile's rank maps of the 74-model leaderboard: drawn from the geometry (one threshold per pair of
entities and row, all maps at once: :func:`ordertheory.ranking.tile_maps.raster.rank_maps`) against the previous
vectorised maps (one threshold per ordered pair, map by map: :func:`ordertheory.ranking.tile.tile.rank_maps`)
and the per-pixel evaluate-and-sort algorithm of the authors' library, all in this run; a sample of
pixels is checked against a direct exact evaluation (Fractions).

The baseline follows sorbetto's RankingFlavor: at every pixel, evaluate R_{a,b} for every entity,
``argsort`` the values, ``argsort`` the order again to get ranks, keep the entity's row — for each
of the 74 maps. It is our own re-implementation of that algorithm (rows processed in chunks so that
its memory stays bounded too). It is timed on a few maps and extrapolated to 74 when the full run
would take minutes; the output says so.

    python -m bench tile [--resolution N] [--baseline-maps K]
"""

from __future__ import annotations

import argparse
import random
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

from ordertheory.ranking import read_leaderboard
from ordertheory.ranking.tile import tile
from ordertheory.ranking.tile.bilinear import rank_at
from ordertheory.ranking.tile_maps import raster

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "semantic_segmentation_74_models.json"
CHUNK_PIXELS = 50_000  # the baseline's pixels per chunk: E x CHUNK floats at a time


def baseline_rank_map(P: np.ndarray, e: int, n: int) -> np.ndarray:
    """Per pixel: evaluate every entity, sort, rank (ties broken by the sort, as the baseline does)."""
    a, b = np.meshgrid(tile.axis(n), tile.axis(n))
    a, b = a.ravel(), b.ravel()
    out = np.empty(n * n, dtype=np.int64)
    tn, fp, fn, tp = (P[:, k:k + 1] for k in range(4))
    for s in range(0, n * n, CHUNK_PIXELS):
        ai, bi = a[None, s:s + CHUNK_PIXELS], b[None, s:s + CHUNK_PIXELS]
        num = (1 - ai) * tn + ai * tp
        values = num / (num + (1 - bi) * fp + bi * fn)
        order = np.argsort(-values, axis=0)
        ranks = np.argsort(order, axis=0) + 1
        out[s:s + CHUNK_PIXELS] = ranks[e]
    return out.reshape(n, n)


def run(argv: list[str] | None = None) -> list[str]:
    ap = argparse.ArgumentParser(prog="python -m bench tile")
    ap.add_argument("--resolution", type=int, default=1001)
    ap.add_argument("--baseline-maps", type=int, default=3, help="maps timed with the baseline (then extrapolated)")
    ap.add_argument("--data", default=str(DATA))
    args = ap.parse_args(argv or [])
    n = args.resolution
    lb = read_leaderboard(args.data)
    E = len(lb)
    lines = [f"## tile (the {E} rank maps of {Path(args.data).name} at {n} x {n})"]
    t0 = time.perf_counter()
    maps = raster.rank_maps(lb, n)
    t_cells = time.perf_counter() - t0
    t0 = time.perf_counter()
    ours = {}
    keep = set(range(min(args.baseline_maps, E)))
    differ_prev = 0
    for i, (_name, m) in enumerate(tile.rank_maps(lb, n)):
        differ_prev += int(np.sum(m != maps[i]))
        if i in keep:
            ours[i] = m
    t_ours = time.perf_counter() - t0
    rng = random.Random(0)
    sample = [(rng.randrange(E), rng.randrange(n), rng.randrange(n)) for _ in range(300)]
    exact_bad = sum(int(maps[e, j, i]) != (rank_at(lb, e, Fraction(i, n - 1), Fraction(j, n - 1)) or 0)
                    for e, j, i in sample)
    lines.append(f"from the geometry: {E} maps in {t_cells:.2f} s; previous vectorised maps: {t_ours:.2f} s — "
                 f"ratio {t_ours / t_cells:.1f}x; pixels that differ: {differ_prev}; against a direct exact "
                 f"evaluation on {len(sample)} random pixels: {exact_bad} differ")
    P = np.array([[float(p[o]) for o in ("tn", "fp", "fn", "tp")] for p in lb.performances])
    t0 = time.perf_counter()
    differ = 0
    for i in sorted(keep):
        differ += int(np.sum(baseline_rank_map(P, i, n) != ours[i]))
    t_base = time.perf_counter() - t0
    k = len(keep)
    est = t_base / k * E
    how = "measured" if k == E else f"extrapolated from {k} maps measured in this run ({t_base:.1f} s)"
    lines.append(f"baseline (per-pixel evaluate + double argsort): {est:.1f} s for {E} maps ({how})")
    lines.append(f"ratio: {est / t_cells:.0f}x faster than the baseline (target >= 50x); pixels where the ranks differ on the "
                 f"{k} compared maps: {differ} (the baseline breaks exact ties arbitrarily)")
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
