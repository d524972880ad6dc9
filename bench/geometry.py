"""The Tile's exact questions on the 74-model leaderboard: exact geometry against the NRA path (z3),
both measured in this run, and compare --leaderboard on 10 000 random entities, O(n log n) against
the pair-by-pair path.

- winners: geometry (every entity) against z3 through the engine's decider (every entity), cold cache;
- rank --over-tile: geometry for all 74 entities against z3 on ``--nra-entities`` of them,
  extrapolated to 74 (the full NRA run takes minutes; the output says so);
- compare mcc f1 --leaderboard on 10 000 random entities (counts up to 10⁸): the O(n log n) count,
  and the pair-by-pair count timed on ``--pairwise-entities`` of them and extrapolated (n²).

    python -m bench geometry [--nra-entities K] [--pairwise-entities N]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from ordertheory.analyses.compare.discordance import compare_leaderboard, discordant_pairs
from ordertheory.catalogue import get
from ordertheory.performances.performance import Performance
from ordertheory.ranking import read_leaderboard
from ordertheory.ranking.winners import rank_ranges, winners
from ordertheory.spaces.sample_space import binary

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
    args = ap.parse_args(argv or [])
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
