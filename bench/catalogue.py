"""The catalogue's classification: the whole two-class catalogue in its four settings (the cells
`ordertheory catalogue` runs), and on a fixed subset the two-pass test runner (each test alone
with a short budget, then together, stopping at the first refutation) against the baseline of
one bounded check of tests 1–3 per cell (what the command ran before), measured in the same run.

``python -m bench catalogue [full]``: ``full`` adds the whole catalogue (about 450 cells).
"""

from __future__ import annotations

import statistics
import time

from ordertheory.analyses.classification import SETTINGS, Category, classify_catalogue
from ordertheory.catalogue import all_entries, get
from ordertheory.fitness.bounded_check import check_score_within
from ordertheory.fitness.runner import quick_first_tests
from ordertheory.sets.settings import setting
from ordertheory.spaces.sample_space import binary

SUBSET = ("aupr", "icsi", "overlap_coefficient", "braun_blanquet", "kent_foster_1", "goodman_kruskal_lambda_r",
          "yule_q", "f_beta_1")
TIMEOUT = 30.0


def _timed(fn) -> tuple[float, int]:
    t0 = time.perf_counter()
    decided = 0
    for slug in SUBSET:
        X = get(slug).score()
        for st in ("all", "rate=0.2"):
            rep = fn(X, setting(binary(), st))
            decided += rep.verdict.label != "unknown"
    return time.perf_counter() - t0, decided


def run(argv: list[str] | None = None) -> list[str]:
    from ordertheory.cli.common import no_cache

    with no_cache():
        return _run(argv or [])


def _run(argv: list[str]) -> list[str]:
    lines = ["## catalogue"]
    base, n_base = _timed(lambda X, Pi: check_score_within(X, Pi, timeout=TIMEOUT, tests=("test1", "test2", "test3")))
    two, n_two = _timed(lambda X, Pi: quick_first_tests(X, Pi, TIMEOUT))
    cells = 2 * len(SUBSET)
    lines.append(f"subset of {len(SUBSET)} scores x (all, rate=0.2), {TIMEOUT:.0f} s per cell:")
    lines.append(f"  one check of tests 1-3 per cell (baseline): {base:.1f} s, {n_base}/{cells} cells decided")
    lines.append(f"  two passes, first refutation stops:         {two:.1f} s, {n_two}/{cells} cells decided "
                 f"(ratio {base / two:.2f}x)")
    if "full" in argv:
        slugs = [e.slug for e in all_entries("binary")]
        t0 = time.perf_counter()
        out = classify_catalogue(slugs, SETTINGS, timeout=60, jobs=2)
        wall = time.perf_counter() - t0
        secs = sorted(c.seconds for c in out)
        unknown = sum(c.category is Category.UNKNOWN for c in out)
        lines.append(f"whole two-class catalogue: {len(out)} cells in {wall:.0f} s wall (2 jobs); per cell median "
                     f"{statistics.median(secs):.1f} s, max {secs[-1]:.1f} s; {unknown} unknown")
    return lines
