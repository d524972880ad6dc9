"""Several tasks at scale: E entities × T tasks × K-class sparse per-task confusion data (default 100 × 1 000 ×
1 000), ranked by the summarized performance and the statistics computed — ours (exact mixtures linear in the
cells, exact values and ranks, scipy's tests) against a plain numpy/scipy baseline in the same run (float
mixtures of the per-task class sums, float scores, scipy's rankdata/friedmanchisquare/wilcoxon). The
score is Cohen's κ on K classes (defined whatever classes a task lacks, unlike macro F1).

Each task has its own test set (200 to 800 samples over 20 of the K classes); entity e is right with
probability 0.5 + 0.4·e/E, else it predicts one of the task's classes at random. The baseline is what one
would write with numpy: per task and entity the class sums (diagonal, row and column sums, by bincount) of
the normalised confusion matrix, averaged over tasks (κ of the mixture reads only these), κ in floats; per task the score in floats, then scipy on the float table.

    python -m bench tasks [--entities E] [--tasks T] [--classes K] [--score SLUG] [--jobs J] [--bayes-samples S]
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction

import numpy as np
from scipy import stats

from ordertheory.catalogue import as_score
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, Provenance
from ordertheory.ranking.leaderboards.task_tables import TaskTable
from ordertheory.ranking.rank import rank_leaderboard
from ordertheory.ranking.tasks.aggregates import mixtures, task_values
from ordertheory.ranking.tasks.summarized import TaskWeights, summarized_leaderboard
from ordertheory.ranking.tasks.task_report import task_statistics
from ordertheory.spaces.sample_space import multiclass


def make(E: int, T: int, K: int, seed: int = 0):
    """(TaskTable, counts[t][e] as (rows, cols, counts) arrays) of the synthetic benchmark."""
    rng = np.random.default_rng(seed)
    boards, raw = [], []
    space = multiclass(K)
    for t in range(T):
        classes = rng.choice(K, size=20, replace=False)
        n = int(rng.integers(200, 801))
        truth = rng.choice(classes, size=n)
        row, ents = [], []
        for e in range(E):
            right = rng.random(n) < 0.5 + 0.4 * e / E
            pred = np.where(right, truth, rng.choice(classes, size=n))
            code, cnt = np.unique(truth * K + pred, return_counts=True)
            r, c = code // K, code % K
            row.append((r, c, cnt))
            ents.append((f"m{e:03d}", SparsePerformance.from_cells(K, zip(r.tolist(), c.tolist(), cnt.tolist()))))
        raw.append(row)
        boards.append(Leaderboard(space, tuple(ents), Provenance(f"synthetic task {t}", "bench", "counts")))
    names = tuple(n for n, _ in boards[0].entities)
    return TaskTable(tuple(f"t{t}" for t in range(T)), names, "synthetic", "counts", boards=tuple(boards)), raw


def baseline(raw, K: int):
    """Plain numpy/scipy: float mixtures of the class sums and Cohen's κ, per-task κ, ranks and scipy's tests."""
    T, E = len(raw), len(raw[0])

    def kappa(d: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> float:  # Cohen's κ = (A − E)/(1 − E)
        a, e = d.sum(), float(rows @ cols)
        return (a - e) / (1 - e)

    t0 = time.perf_counter()
    mixed = np.zeros((E, 3, K))  # per entity the mixture's diagonal, row sums and column sums (linear in P)
    per_task = np.zeros((T, E))
    for t in range(T):
        for e in range(E):
            r, c, n = raw[t][e]
            p = n / n.sum()
            d = np.bincount(r[r == c], weights=p[r == c], minlength=K)
            rows, cols = np.bincount(r, weights=p, minlength=K), np.bincount(c, weights=p, minlength=K)
            mixed[e] += np.stack([d, rows, cols]) / T
            per_task[t, e] = kappa(d, rows, cols)
    summarized = np.array([kappa(*mixed[e]) for e in range(E)])
    order = np.argsort(-summarized, kind="stable")
    t_rank = time.perf_counter() - t0
    ranks = np.array([stats.rankdata(-row) for row in per_task])
    fr = stats.friedmanchisquare(*per_task.T)
    q = stats.studentized_range.ppf(0.95, E, np.inf) / np.sqrt(2)
    cd = q * np.sqrt(E * (E + 1) / (6 * T))
    avg = ranks.mean(axis=0)
    idx = np.argsort(avg)
    p = [stats.wilcoxon(per_task[:, i], per_task[:, j]).pvalue for x, i in enumerate(idx) for j in idx[x + 1:]]
    return {"seconds_rank": t_rank, "seconds_all": time.perf_counter() - t0, "order": order, "summarized": summarized,
            "friedman": float(fr.statistic), "cd": cd, "pairs": len(p)}


def run(argv: list[str]) -> list[str]:
    ap = argparse.ArgumentParser(prog="python -m bench tasks")
    ap.add_argument("--entities", type=int, default=100)
    ap.add_argument("--tasks", type=int, default=1000)
    ap.add_argument("--classes", type=int, default=1000)
    ap.add_argument("--score", default="cohen_kappa_k")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--bayes-samples", type=int, default=1000)
    a = ap.parse_args(argv)
    out = [f"tasks: {a.entities} entities × {a.tasks} tasks × {a.classes}-class sparse confusion data, "
           f"score {a.score}, --jobs {a.jobs}"]
    t0 = time.perf_counter()
    table, raw = make(a.entities, a.tasks, a.classes)
    out.append(f"  data made in {time.perf_counter() - t0:.1f} s (not timed below)")
    X = as_score(a.score, table.space)
    t0 = time.perf_counter()
    weights = TaskWeights.parse("equal")
    lb = summarized_leaderboard(table, weights, mixtures(table, weights, a.jobs))
    t_mix = time.perf_counter() - t0
    r = rank_leaderboard(lb, X, check=False)
    t_rank = time.perf_counter() - t0
    t1 = time.perf_counter()
    r_checked = rank_leaderboard(lb, X, check=True, timeout=120)
    t_check = time.perf_counter() - t1
    t1 = time.perf_counter()
    values = task_values(table, X, a.jobs, None, a.score)
    t_values = time.perf_counter() - t1
    t1 = time.perf_counter()
    st = task_statistics(table, X, alpha=0.05, rope=Fraction(1, 100), bayes="adjacent", bayes_samples=a.bayes_samples,
                         draws=200, jobs=a.jobs, score_text=a.score, values=values)
    t_stats = time.perf_counter() - t1
    out.append(f"  ours: summarized performances (exact mixtures) {t_mix:.2f} s; ranked exactly {t_rank:.2f} s; the check "
               f"on Π {t_check:.1f} s ({r_checked.fitness.verdict.value}); per-task exact values {t_values:.1f} s; "
               f"statistics (ranks, Friedman, Nemenyi, Wilcoxon-Holm on {len(st.pairs)} pairs, Bayesian on "
               f"{len(st.bayes)} adjacent pairs × {a.bayes_samples} draws, consensus, 200 bootstrap draws) {t_stats:.1f} s")
    b = baseline(raw, a.classes)
    ours_order = [e.name for e in r.entries]
    base_order = [table.entities[i] for i in b["order"]]
    agree = sum(x == y for x, y in zip(ours_order, base_order))
    out.append(f"  baseline (numpy/scipy, floats): ranked {b['seconds_rank']:.2f} s; with the statistics "
               f"{b['seconds_all']:.1f} s")
    out.append(f"  ratios: ranking ours/baseline {t_rank / b['seconds_rank']:.2f}; everything ours/baseline "
               f"{(t_rank + t_values + t_stats) / b['seconds_all']:.2f}")
    out.append(f"  agreement: the same order at {agree}/{len(ours_order)} places; Friedman χ² ours {st.friedman.chi2:.6f} "
               f"baseline {b['friedman']:.6f}; CD ours {st.cd:.6f} baseline {b['cd']:.6f}")
    return out


if __name__ == "__main__":
    print("\n".join(run([])))
