"""The Tile's rank maps of the 74-model leaderboard: ours (thresholds + cumulative sums, no per-pixel
sort) against the per-pixel evaluate-and-sort algorithm of the authors' library, both in this run.

The baseline follows sorbetto's RankingFlavor: at every pixel, evaluate R_{a,b} for every entity,
``argsort`` the values, ``argsort`` the order again to get ranks, keep the entity's row — for each
of the 74 maps. It is our own re-implementation of that algorithm (rows processed in chunks so that
its memory stays bounded too). It is timed on a few maps and extrapolated to 74 when the full run
would take minutes; the output says so.

    python -m bench tile [--resolution N] [--baseline-maps K]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from ordertheory.ranking import read_leaderboard, tile

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
    ours = {}
    keep = set(range(min(args.baseline_maps, E)))
    for i, (_name, m) in enumerate(tile.rank_maps(lb, n)):
        if i in keep:
            ours[i] = m
    t_ours = time.perf_counter() - t0
    lines.append(f"ours: {E} maps in {t_ours:.2f} s ({1000 * t_ours / E:.0f} ms per map), memory: one map "
                 "plus one chunk of thresholds")
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
    lines.append(f"ratio: {est / t_ours:.0f}x faster (target >= 50x); pixels where the ranks differ on the "
                 f"{k} compared maps: {differ} (the baseline breaks exact ties arbitrarily)")
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
