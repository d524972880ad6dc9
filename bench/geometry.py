"""The Tile's exact questions: the ROC hull at one prior against the line arrangement and against
Qhull on floats, for 10², 10⁴ and 10⁶ entities; then, on the 74-model leaderboard (74 priors: the
arrangement), exact geometry against the NRA path (z3); and compare --leaderboard on 10 000 random
entities, O(n log n) against the pair-by-pair path. Everything in one run.

- hull: random entities on one test set (1000 positives, 3000 negatives; one prior). At 10² and 10⁴
  ``winners`` itself (hull: every answer checked, answers built) from a Leaderboard; at 10⁶ the same
  geometry and checks on integer arrays (10⁶ Performance objects would measure the reading: its cost
  is measured at 10⁴ and said). The arrangement: all of 10², ``--arrangement-entities`` entities of
  10⁴, extrapolated (n per entity; per entity ~ n² log n: 10⁶ extrapolated from 10⁴). Qhull:
  ``scipy.spatial.ConvexHull`` on the float points (the whole hull, nothing decided about ties);
- winners on 74: geometry (every entity) against z3 through the engine's decider, cold cache;
- rank --over-tile on 74: geometry for all 74 entities against z3 on ``--nra-entities`` of them,
  extrapolated to 74 (the full NRA run takes minutes; the output says so);
- compare mcc f1 --leaderboard on 10 000 random entities (counts up to 10⁸): the O(n log n) count,
  and the pair-by-pair count timed on ``--pairwise-entities`` of them and extrapolated (n²).

    python -m bench geometry [--only hull|tile|compare] [--arrangement-entities K] [--nra-entities K]
                             [--pairwise-entities N] [--largest N]
"""

from __future__ import annotations

import argparse
import io
import math
import random
import time
from pathlib import Path

import numpy as np

from ordertheory.analyses.compare.discordance import compare_leaderboard, discordant_pairs
from ordertheory.catalogue import get
from ordertheory.performances.performance import Performance
from ordertheory.ranking import read_leaderboard
from ordertheory.ranking.tile.chart_places import win_geometry
from ordertheory.ranking.tile.hull import Cloud, places
from ordertheory.ranking.tile.hull_answers import Definition
from ordertheory.ranking.tile.outcome import Outcome
from ordertheory.ranking.winners import rank_ranges, winners
from ordertheory.spaces.sample_space import binary

POS, NEG = 1000, 3000

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "semantic_segmentation_74_models.json"


def _timed(f):
    t0 = time.perf_counter()
    out = f()
    return out, time.perf_counter() - t0


def run(argv: list[str] | None = None) -> list[str]:
    ap = argparse.ArgumentParser(prog="python -m bench geometry")
    ap.add_argument("--nra-entities", type=int, default=3)
    ap.add_argument("--pairwise-entities", type=int, default=1500)
    ap.add_argument("--data", default=str(DATA))
    ap.add_argument("--only", choices=["hull", "tile", "compare"])
    ap.add_argument("--arrangement-entities", type=int, default=3)
    ap.add_argument("--largest", type=int, default=10**6)
    args = ap.parse_args(argv or [])
    lines = []
    if args.only in (None, "hull"):
        lines += hull_lines(args.arrangement_entities, args.largest)
    if args.only in (None, "tile"):
        lines += tile_lines(args)
    if args.only in (None, "compare"):
        lines += compare_lines(args)
    return lines


def _points(n: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    g = np.random.default_rng(seed)
    return g.integers(0, NEG + 1, n), g.integers(0, POS + 1, n)  # fp, tp counts


def _csv(fp: np.ndarray, tp: np.ndarray) -> str:
    rows = [f"e{i},{NEG - f},{f},{POS - t},{t}" for i, (f, t) in enumerate(zip(fp.tolist(), tp.tolist()))]
    return "entity,tn,fp,fn,tp\n" + "\n".join(rows) + "\n"


def _arrays_path(fp: np.ndarray, tp: np.ndarray) -> tuple[float, int, list]:
    """The hull's geometry and checks on integer arrays: (seconds, entities that can win alone, findings)."""
    t0 = time.perf_counter()
    found = places(Cloud.of(fp, tp, NEG, POS))
    d = Definition(arrays={"tn": NEG - fp, "fp": fp, "fn": POS - tp, "tp": tp})
    wins = [r for r, f in found.special.items() if f.outcome is Outcome.WINS]
    for e in wins:  # each witness by the definition, every entity
        above, _, _ = d.standing(e, *found[e].at)
        assert above == 0
    single = found.by[found.rep]  # one dominating entity: all checked at once (two-point mixtures: few)
    hit = single >= 0
    assert bool(np.all((fp[single[hit]] < fp[hit]) & (tp[single[hit]] > tp[hit])))
    return time.perf_counter() - t0, int(np.isin(found.rep, wins).sum()), found


def _qhull(fp: np.ndarray, tp: np.ndarray) -> tuple[float, set]:
    from scipy.spatial import ConvexHull

    t0 = time.perf_counter()
    h = ConvexHull(np.column_stack([fp / NEG, tp / POS]).astype(float))
    return time.perf_counter() - t0, {(int(fp[v]), int(tp[v])) for v in h.vertices}


def hull_lines(k: int, largest: int) -> list[str]:
    lines = ["## hull (one prior: the upper-left ROC hull) against the line arrangement and Qhull, same run"]
    per_entity = None
    for n in (100, 10_000, largest):
        fp, tp = _points(n)
        ta, wins, found = _arrays_path(fp, tp)
        tq, qverts = _qhull(fp, tp)
        ours = {(int(fp[r]), int(tp[r])) for r, f in found.special.items() if f.outcome is Outcome.WINS}
        line = (f"n = {n:>9,}: hull {ta * 1000:8.1f} ms on integer arrays ({wins} win alone; every witness and "
                f"certificate checked); Qhull {tq * 1000:7.1f} ms on floats ({len(qverts)} hull vertices, ours among "
                f"them: {ours <= qverts})")
        if n <= 10_000:
            text = _csv(fp, tp)
            lb, tr = _timed(lambda: read_leaderboard(io.StringIO(text)))  # noqa: B023
            w, tw = _timed(lambda: winners(lb, timeout=3600))  # noqa: B023
            assert w.method == "hull" and {(int(fp[lb.index(e)]), int(tp[lb.index(e)])) for e in w.names} == ours
            line += f"; winners {tw:.3f} s from a Leaderboard (reading it: {tr:.2f} s)"
            if n == 100:
                g, tg = _timed(lambda: winners(lb, method="arrangement", timeout=3600))  # noqa: B023
                same = [(a.entity, a.outcome) for a in g.answers] == [(a.entity, a.outcome) for a in w.answers]
                per_entity = tg / n
                line += f"; arrangement {tg:.2f} s — ratio {tg / tw:.0f}x, same answers: {same}"
            else:
                sub = list(range(min(k, n)))
                t0 = time.perf_counter()
                for e in sub:
                    win_geometry(lb, e)
                per_entity = (time.perf_counter() - t0) / len(sub)
                est = per_entity * n
                line += f"; arrangement {est:,.0f} s (extrapolated from {len(sub)} entities measured) — ratio {est / tw:,.0f}x"
        elif per_entity is not None:
            grow = (n / 10_000) ** 2 * math.log(n) / math.log(10_000)
            est = per_entity * grow * n
            line += f"; arrangement ~{est:.1e} s (extrapolated: n per-entity sweeps of n² log n)"
        lines.append(line)
    return lines


def tile_lines(args) -> list[str]:
    lb = read_leaderboard(args.data)
    E = len(lb)
    lines = [f"## geometry (the Tile's exact questions on {Path(args.data).name}, {E} entities)"]
    g, tg = _timed(lambda: winners(lb))
    z, tz = _timed(lambda: winners(lb, method="nra", timeout=600))
    same = [(w.entity, w.outcome) for w in g.answers] == [(w.entity, w.outcome) for w in z.answers]
    lines.append(f"winners: geometry {tg:.2f} s, NRA (z3) {tz:.1f} s — ratio {tz / tg:.0f}x; same answers: {same} "
                 f"({len(g.names)} can win alone, {len(g.tied)} only tie)")
    r, tr = _timed(lambda: rank_ranges(lb))
    picks = list(range(min(args.nra_entities, E)))
    t0 = time.perf_counter()
    nra = rank_ranges(lb, timeout=600, method="nra", entities=picks)
    tn = time.perf_counter() - t0
    agree = all((a.rank_min, a.rank_max) == (b.rank_min, b.rank_max) for a, b in zip(nra, [r[e] for e in picks]))
    est = tn / len(picks) * E
    lines.append(f"rank --over-tile: geometry {tr:.2f} s for {E} entities (148 bounds, all proved); NRA {est:.0f} s "
                 f"(extrapolated from {len(picks)} entities measured in this run, {tn:.1f} s) — ratio {est / tr:.0f}x; "
                 f"same bounds on those: {agree}")
    return lines


def compare_lines(args) -> list[str]:
    lines = []
    rng = random.Random(1)
    ents = [(f"e{i}", Performance.from_counts(binary(), [rng.randint(0, 10**8) for _ in range(3)] + [rng.randint(1, 10**8)]))
            for i in range(10_000)]
    X, Y = get("mcc").score(), get("f1").score()
    c, tc = _timed(lambda: compare_leaderboard(X, Y, ents))
    k = min(args.pairwise_entities, len(ents))
    small = ents[:k]
    p, tp = _timed(lambda: discordant_pairs(X, Y, small))
    q = compare_leaderboard(X, Y, small)
    est = tp * (len(ents) / k) ** 2
    lines.append(f"compare mcc f1 --leaderboard, 10 000 entities: {tc:.2f} s (target <= 5 s); pair by pair "
                 f"{est:.0f} s (extrapolated from {k} entities, {tp:.1f} s) — ratio {est / tc:.0f}x; "
                 f"same counts on {k}: {(p.concordant, p.discordant, p.ties_x) == (q.concordant, q.discordant, q.ties_x)}")
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
