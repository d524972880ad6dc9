"""Table 1 without τ: the whole run, per-cell times, against baselines in the same run.

Baselines: the naive encoding (all four outcome variables with Σ = 1 asserted, quotients by
auxiliary inverse variables) and no falsifying search (z3 alone must find counterexamples).
Baselines run on a fixed subset of scores to keep the benchmark bounded.
"""

from __future__ import annotations

import statistics
import time

from ordertheory.catalogue import get
from ordertheory.engine.obligations import NAIVE
from ordertheory.engine.prove import Decider
from ordertheory.fitness.score_tests import run_tests
from ordertheory.paper.table1 import SETTINGS, run_table1, setting

SUBSET = ("accuracy", "f_beta_2", "balanced_accuracy", "cohen_kappa", "g_mean", "mcc", "odds_ratio", "d_prime")


def _subset(timeout: float, **kw) -> tuple[float, int]:
    d = Decider(timeout)
    t0 = time.perf_counter()
    unknown = 0
    try:
        for slug in SUBSET:
            for name in SETTINGS:
                rep = run_tests(get(slug).score(), setting(name), decider=d, **kw)
                unknown += sum(r.verdict.label == "unknown" for t, r in rep.tests.items() if t.startswith("test"))
    finally:
        d.close()
    return time.perf_counter() - t0, unknown


def run(jobs: int = 2) -> list[str]:
    from ordertheory.cli.common import no_cache

    with no_cache():  # every run cold: the cache would answer the second one
        return _run(jobs)


def _run(jobs: int) -> list[str]:
    lines = ["## table1 --no-tau"]
    for j in sorted({1, jobs}):
        t0 = time.perf_counter()
        cells = run_table1(timeout=30, jobs=j, progress=False)
        wall = time.perf_counter() - t0
        secs = sorted(c.seconds for c in cells)
        unknown = sum(c.report.tests[t].verdict.label == "unknown" for c in cells for t in ("test1", "test2", "test3"))
        lines.append(f"jobs={j}: {len(cells)} cells in {wall:.1f} s wall; per cell median {statistics.median(secs):.2f} s, "
                     f"max {secs[-1]:.2f} s; {unknown} unknown")
        if j == 1:
            slowest = sorted(cells, key=lambda c: -c.seconds)[:5]
            lines.append("slowest cells: " + ", ".join(f"{c.score}@{c.setting} {c.seconds:.2f}s" for c in slowest))
    t_def, u_def = _subset(10)
    t_naive, u_naive = _subset(10, opts=NAIVE)
    t_nosearch, u_nosearch = _subset(10, search=False)
    lines.append(f"subset of {len(SUBSET)} scores x 3 settings, 10 s per query:")
    lines.append(f"  default (search + substituted x·D = N): {t_def:.1f} s, {u_def} unknown")
    lines.append(f"  naive encoding:                          {t_naive:.1f} s, {u_naive} unknown  (ratio {t_naive / t_def:.2f}x)")
    lines.append(f"  no falsifying search:                    {t_nosearch:.1f} s, {u_nosearch} unknown  (ratio {t_nosearch / t_def:.2f}x)")
    return lines
