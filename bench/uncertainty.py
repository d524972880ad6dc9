"""Rank uncertainty on the 74-model leaderboard (read with --samples N, default 10^6 test samples):
ours (vectorised draws in chunks, one broadcast comparison per batch) against a plain per-draw Python
loop, both measured in this run.

1. 10 000 Dirichlet-posterior draws, rank intervals, the pairwise matrix P(A ranks above B) and the
   Kendall τ of every draw, for one score (F1; the exact pairwise quadrature of its Beta posteriors
   is timed as well). Target: ≤ 5 s on 2 cores. The baseline draws each entity's Dirichlet, computes
   F1 in Python floats, ranks by counting and updates the pairwise counts and τ (scipy) once per
   draw; it is timed on a few hundred draws and extrapolated (the output says so).
2. The win-probability Tile at 101 × 101 with 1 000 draws. Target: ≤ 60 s. The baseline computes,
   per draw and per entity, R_(a,b) on the grid with numpy and counts the winners (a Python loop
   over draws and entities); timed on a few dozen draws, extrapolated.

3. Scoring classifiers at real size: 10 models × 10 000 cases with distinct scores, ranked by the exact
   per-sample forms (ROC AUC, AP, PR AUC, Brier, log loss as Fractions / a float: integer counts per level,
   the levels as dyadic rationals over one power of two, binary splitting) against scikit-learn's metrics on
   the same scores in the same run (the largest difference of values is reported: it must be below 1e-12,
   and the orders equal; target: each within 5x of scikit-learn), the check of three of them on Ω of every
   distinct score, and the case bootstrap of the 10 models (draws/s).

    python -m bench uncertainty [--samples N] [--draws D] [--tile-draws T] [--resolution R] [--jobs J]
                                [--cases C] [--models M] [--scored-draws S] [--only scored]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
from scipy import stats
from sklearn import metrics

from ordertheory.catalogue import get
from ordertheory.performances.scored_samples import ScoredSamples
from ordertheory.ranking import read_leaderboard
from ordertheory.ranking.leaderboards.counts import leaderboard_counts
from ordertheory.ranking.rank import rank_leaderboard
from ordertheory.ranking.scored_ranking import ScoredLeaderboard, rank_samples
from ordertheory.ranking.uncertainty.resample import Plan, Resampling
from ordertheory.ranking.uncertainty.scored_uncertainty import scored_uncertainty
from ordertheory.ranking.uncertainty.tile_uncertainty import tile_uncertainty
from ordertheory.ranking.uncertainty.uncertainty import rank_uncertainty

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "semantic_segmentation_74_models.json"


def baseline_posterior(counts: np.ndarray, draws: int, reference: np.ndarray, seed: int = 0) -> dict:
    """The plain loop: one draw at a time, one entity at a time."""
    rng = np.random.default_rng(seed)
    E = len(counts)
    above = [[0] * E for _ in range(E)]
    hist = [[0] * (E + 1) for _ in range(E)]
    taus = []
    for _ in range(draws):
        values = []
        for e in range(E):
            tn, fp, fn, tp = rng.dirichlet(counts[e] + 1.0)
            values.append(2 * tp / (2 * tp + fp + fn))
        for i in range(E):
            r = 1
            for j in range(E):
                if values[j] > values[i]:
                    r += 1
                    above[j][i] += 1
            hist[i][r] += 1
        taus.append(stats.kendalltau(values, reference).statistic)
    return {"above": above, "hist": hist, "tau": taus}


def baseline_tile(counts: np.ndarray, draws: int, n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    a = np.linspace(0, 1, n)[None, :]
    b = np.linspace(0, 1, n)[:, None]
    first = np.zeros((len(counts), n, n))
    for _ in range(draws):
        maps = []
        for c in counts:
            tn, fp, fn, tp = rng.dirichlet(c + 1.0)
            num = (1 - a) * tn + a * tp
            maps.append(num / (num + (1 - b) * fp + b * fn))
        top = np.max(maps, axis=0)
        for e, m in enumerate(maps):
            first[e] += m == top
    return first / draws


def run(argv: list[str] | None = None) -> list[str]:
    ap = argparse.ArgumentParser(prog="python -m bench uncertainty")
    ap.add_argument("--samples", type=int, default=1_000_000)
    ap.add_argument("--draws", type=int, default=10_000)
    ap.add_argument("--baseline-draws", type=int, default=300)
    ap.add_argument("--tile-draws", type=int, default=1000)
    ap.add_argument("--tile-baseline-draws", type=int, default=40)
    ap.add_argument("--resolution", type=int, default=101)
    ap.add_argument("--jobs", type=int, default=2, help="processes of the second posterior run (same results)")
    ap.add_argument("--data", default=str(DATA))
    ap.add_argument("--cases", type=int, default=10_000, help="cases of the scored benchmark")
    ap.add_argument("--models", type=int, default=10, help="models of the scored benchmark")
    ap.add_argument("--scored-draws", type=int, default=1000, help="case-bootstrap draws of the scored benchmark")
    ap.add_argument("--only", choices=["scored"], help="run only the scored part")
    args = ap.parse_args(argv or [])
    if args.only == "scored":
        return scored(args)
    lb = read_leaderboard(args.data)
    E = len(lb)
    X = get("f1").score()
    counts = leaderboard_counts(lb, args.samples).matrix
    ranking = rank_leaderboard(lb, X, check=False)
    lines = [f"## uncertainty ({E} entities of {Path(args.data).name}, --samples {args.samples}, score f1)"]

    plan = Plan(Resampling.POSTERIOR, args.draws, seed=0)
    t0 = time.perf_counter()
    mc = rank_uncertainty(lb, X, plan, samples=args.samples, ranking=ranking, exact=False)
    t_mc = time.perf_counter() - t0
    t0 = time.perf_counter()
    ex = rank_uncertainty(lb, X, plan, samples=args.samples, ranking=ranking)
    t_ex = time.perf_counter() - t0
    t0 = time.perf_counter()
    par = rank_uncertainty(lb, X, plan, samples=args.samples, ranking=ranking, exact=False, jobs=args.jobs)
    t_par = time.perf_counter() - t0
    same = np.array_equal(par.values, mc.values)
    worst = max(p.stderr for p in ex.pairs.values())
    lines.append(f"ours: {args.draws} posterior draws + rank intervals + {E * (E - 1)} ordered pairs + tau: "
                 f"{t_mc:.2f} s (Monte Carlo pairs); {t_ex:.2f} s with every pair and value interval exact "
                 f"(Beta quadrature, largest error estimate {worst:.1e}); --jobs {args.jobs}: {t_par:.2f} s, "
                 f"identical draws: {same} (target <= 5 s)")
    reference = np.array([-float(e.rank) for e in sorted(ranking.entries, key=lambda e: lb.index(e.name))])
    k = min(args.baseline_draws, args.draws)
    t0 = time.perf_counter()
    baseline_posterior(counts, k, reference)
    t_base = (time.perf_counter() - t0) / k * args.draws
    lines.append(f"baseline (per-draw Python loop): {t_base:.1f} s for {args.draws} draws (extrapolated from {k} "
                 f"draws measured in this run)")
    lines.append(f"ratio: {t_base / t_mc:.0f}x faster (Monte Carlo pairs), {t_base / t_ex:.0f}x with the exact pairs")

    tplan = Plan(Resampling.POSTERIOR, args.tile_draws, seed=0)
    n = args.resolution
    t0 = time.perf_counter()
    tile_uncertainty(lb, tplan, n, samples=args.samples, ranks=False)
    t_tile = time.perf_counter() - t0
    kt = min(args.tile_baseline_draws, args.tile_draws)
    t0 = time.perf_counter()
    baseline_tile(counts, kt, n)
    t_tb = (time.perf_counter() - t0) / kt * args.tile_draws
    lines.append(f"ours: win-probability Tile at {n} x {n}, {args.tile_draws} draws: {t_tile:.1f} s (target <= 60 s)")
    lines.append(f"baseline (per-draw, per-entity loop): {t_tb:.1f} s (extrapolated from {kt} draws measured in "
                 f"this run); ratio: {t_tb / t_tile:.1f}x faster")
    kr = max(1, args.tile_draws // 10)
    t0 = time.perf_counter()
    tile_uncertainty(lb, Plan(Resampling.POSTERIOR, kr, seed=0), n, samples=args.samples, ranks=True)
    t_r = time.perf_counter() - t0
    lines.append(f"with every entity's best and worst rank over the grid too: {t_r:.1f} s for {kr} draws "
                 f"({t_r / kr * args.tile_draws:.0f} s per {args.tile_draws}, extrapolated)")
    return lines + scored(args)


SKLEARN = {"roc_auc": lambda y, q: metrics.roc_auc_score(y, q),
           "average_precision": lambda y, q: metrics.average_precision_score(y, q),
           "pr_auc": lambda y, q: metrics.auc(*metrics.precision_recall_curve(y, q)[1::-1]),
           "brier": lambda y, q: metrics.brier_score_loss(y, q), "log_loss": lambda y, q: metrics.log_loss(y, q)}


def scored(args) -> list[str]:
    """Part 3: the exact per-sample ranking against scikit-learn, in the same run."""
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, args.cases)
    scores = np.array([np.clip(rng.normal(0.3 + (0.1 + 0.03 * m) * y, 0.2), 0.0, 1.0) for m in range(args.models)])
    names = tuple(f"m{m}" for m in range(args.models))
    lines = [f"## scoring classifiers: {args.models} models x {args.cases} cases (distinct scores), against scikit-learn"]
    t0 = time.perf_counter()
    lb = ScoredLeaderboard(names, tuple(ScoredSamples.of(y, q) for q in scores), "<bench>", y, scores)
    t_read = time.perf_counter() - t0
    lines.append(f"counts per distinct score ({len(lb.levels())} levels): {t_read:.2f} s")
    for slug, ref in SKLEARN.items():
        t0 = time.perf_counter()
        r = rank_samples(lb, slug, check=False)
        t_ours = time.perf_counter() - t0
        t0 = time.perf_counter()
        theirs = {n: ref(y, q) for n, q in zip(names, scores)}
        t_sk = time.perf_counter() - t0
        worst = max(abs(float(e.value) - theirs[e.name]) for e in r.entries)
        sign = -1 if slug in ("brier", "log_loss") else 1
        same = [e.name for e in r.entries] == sorted(names, key=lambda n: -sign * theirs[n])
        lines.append(f"{slug}: ours (exact) {t_ours:.2f} s, scikit-learn (floats) {t_sk:.2f} s, ratio "
                     f"{t_ours / t_sk:.1f}x; largest difference {worst:.1e}; same order: {same}")
    for slug in ("roc_auc", "brier", "ece"):
        t0 = time.perf_counter()
        r = rank_samples(lb, slug, check=True, timeout=60)
        lines.append(f"{slug} with the check on Ω of {len(lb.levels())} levels (expectations by lemma; order-only and "
                     f"ECE by witnesses lifted from 4 of Ω's levels): {r.fitness.verdict.value} in "
                     f"{time.perf_counter() - t0:.2f} s")
    plan = Plan(Resampling.CASE_BOOTSTRAP, args.scored_draws, seed=0)
    ranking = rank_samples(lb, "roc_auc", check=False)
    t0 = time.perf_counter()
    scored_uncertainty(lb, "roc_auc", plan, ranking)
    t_u = time.perf_counter() - t0
    lines.append(f"case bootstrap of roc_auc, {args.scored_draws} draws x {args.models} models x {args.cases} cases: "
                 f"{t_u:.1f} s ({args.scored_draws / t_u:.0f} draws/s)")
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
