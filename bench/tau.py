"""Table 1's τ columns (27 scores × 3 settings): the fast evaluator against a naive loop calling
scipy.stats.kendalltau at every evaluation, both measured in this run.

The naive baseline runs the same optimiser (same evaluation points) on a subset of cells, and the
per-evaluation ratio is reported next to the whole-table wall time with 1 and 2 processes.
"""

from __future__ import annotations

import time

import numpy as np
from scipy.stats import kendalltau

from ordertheory.analyses.tau import tau as T
from ordertheory.analyses.tau.grid import TauEvaluator, grid_for, ranking_values, snap
from ordertheory.catalogue import TABLE1, get
from ordertheory.paper.table1 import SETTINGS, setting

SUBSET = (("accuracy", "all"), ("mcc", "prior=0.2"), ("g_mean", "prior=0.5"), ("cohen_kappa", "all"))


class _Naive(TauEvaluator):
    def __call__(self, importance):
        self.count += 1
        R = snap(ranking_values(self.grid, importance, self.S))
        m = self.ok & ~np.isnan(R)
        return float(kendalltau(self.X[m], R[m]).statistic)


def _cell(args):
    slug, name = args
    t0 = time.perf_counter()
    r = T.tau_range(get(slug).score(), setting(name))
    return slug, name, r, time.perf_counter() - t0


def _optimise_only(slug, name, evaluator_cls):
    X = get(slug).score()
    Pi = setting(name)
    grid = grid_for(Pi)
    vals = X.numeric([grid[:, j] for j in range(4)])
    ev = evaluator_cls(vals, grid, np.array([1.0, 0, 0, 1]))
    t0 = time.perf_counter()
    lo, hi = T.optimise_tile(ev)
    return time.perf_counter() - t0, ev.count, lo[1], hi[1]


def run() -> list[str]:
    from concurrent.futures import ProcessPoolExecutor

    lines = ["## tau (Table 1's τ columns)"]
    fast_t = naive_t = 0.0
    fast_n = naive_n = 0
    for slug, name in SUBSET:
        tf, nf, lo_f, hi_f = _optimise_only(slug, name, TauEvaluator)
        tn, nn, lo_n, hi_n = _optimise_only(slug, name, _Naive)
        assert nf <= nn and abs(lo_f - lo_n) < 1e-12 and abs(hi_f - hi_n) < 1e-12  # fast: some points bounded, not evaluated
        fast_t, naive_t, fast_n, naive_n = fast_t + tf, naive_t + tn, fast_n + nf, naive_n + nn
    lines.append(f"optimiser on {len(SUBSET)} cells ({fast_n} τ evaluations, ~6550 points each, {naive_n} without "
                 f"the bounds): fast {fast_t:.2f} s ({1000 * fast_t / fast_n:.2f} ms/eval), naive scipy loop {naive_t:.2f} s "
                 f"({1000 * naive_t / naive_n:.2f} ms/eval): ratio {naive_t / fast_t:.2f}x, identical τ values")
    tasks = [(s, st) for s in TABLE1 for st in SETTINGS]
    for jobs in (1, 2):
        t0 = time.perf_counter()
        if jobs == 1:
            res = [_cell(t) for t in tasks]
        else:
            with ProcessPoolExecutor(max_workers=2) as pool:
                res = list(pool.map(_cell, tasks))
        wall = time.perf_counter() - t0
        evals = sum(r.evaluations for _, _, r, _ in res)
        lines.append(f"whole τ table, jobs={jobs}: {wall:.1f} s wall, {evals} evaluations "
                     f"(including the exact derivations behind the daggers)")
        if jobs == 1:
            est = naive_t / fast_t * sum(s for *_, s in res)
            lines.append(f"  naive loop estimate for the whole table: ~{est:.0f} s (same evaluations x measured ratio)")
            table = res
    lines.append("τ table (τ_min τ_max, † exact):")
    for slug in TABLE1:
        cells = [r for s, _, r, _ in table if s == slug]
        lines.append(f"  {slug:<26}" + "".join(
            f"{c.tau_min:+.3f}{'†' if c.tau_min_exact else ' '} {c.tau_max:+.3f}{'†' if c.tau_max_exact else ' '}   "
            for c in cells))
    return lines
