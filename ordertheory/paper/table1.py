"""Table 1 of the paper, computed: the three tests for 27 scores in three settings.

The scores (catalogue slugs) and settings are the paper's inputs; every verdict is decided at run
time by :func:`ordertheory.theory.score_tests.check_score`. Cells are independent and run in
parallel processes, each with its own solver child.
"""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ordertheory.catalogue import TABLE1, get
from ordertheory.performance_set import PerformanceSet, all_performances, fixed_prior
from ordertheory.sample_space import binary
from ordertheory.theory.score_tests import TESTS, Decider, ScoreReport, check_score

SETTINGS = ("all", "prior=0.2", "prior=0.5")


def setting(name: str) -> PerformanceSet:
    """'all' or 'prior=P' on the binary space."""
    if name == "all":
        return all_performances(binary())
    if name.startswith("prior="):
        return fixed_prior(binary(), name.split("=", 1)[1])
    from ordertheory.errors import InvalidInput

    raise InvalidInput(f"unknown setting {name!r}; expected 'all' or 'prior=P'")


@dataclass(frozen=True)
class Cell:
    """One row of the Table 1 JSON: a score in a setting, with the full report (and τ)."""

    score: str
    setting: str
    report: ScoreReport
    seconds: float
    tau: object = None  # TauResult when the τ columns were computed

    def to_json(self, full: bool = False) -> dict:
        out = {"score": self.score, "setting": self.setting}
        for t in ("test1", "test2", "test3"):
            out[t] = self.report.tests[t].verdict.label
        if self.tau is not None:
            out.update({k: getattr(self.tau, k) for k in ("tau_min", "tau_max", "tau_min_exact", "tau_max_exact")})
        if full:
            out["details"] = {t: self.report.tests[t].to_json() for t in TESTS}
        return out


_DECIDER: Decider | None = None


def _cell(args: tuple[str, str, float, bool]) -> Cell:
    global _DECIDER
    slug, name, timeout, with_tau = args
    if _DECIDER is None or _DECIDER.timeout != timeout:
        _DECIDER = Decider(timeout)
    t0 = time.perf_counter()
    X, Pi = get(slug).score(), setting(name)
    rep = check_score(X, Pi, timeout=timeout, decider=_DECIDER)
    tau = None
    if with_tau:
        from ordertheory.analyses.tau import tau_range

        tau = tau_range(X, Pi)
    return Cell(slug, name, rep, time.perf_counter() - t0, tau)


def run_table1(scores=TABLE1, settings=SETTINGS, timeout: float = 30.0, jobs: int | None = None,
               progress: bool = True, tau: bool = False) -> list[Cell]:
    """Decide every (score, setting) cell (and τ_min, τ_max with ``tau``), in the paper's order."""
    tasks = [(s, st, timeout, tau) for s in scores for st in settings]
    jobs = jobs or os.cpu_count() or 1
    results: list[Cell] = []
    show = progress and sys.stderr.isatty()

    def tick(i: int, c: Cell) -> None:
        if progress:
            bar = "#" * (30 * i // len(tasks))
            end = "\r" if show else "\n"
            msg = f"[{bar:<30}] {i}/{len(tasks)} {c.score} {c.setting} ({c.seconds:.1f}s)"
            print(msg.ljust(90), end=end, file=sys.stderr, flush=True)

    if jobs <= 1:
        for i, t in enumerate(tasks, 1):
            results.append(_cell(t))
            tick(i, results[-1])
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for i, c in enumerate(pool.map(_cell, tasks), 1):
                results.append(c)
                tick(i, c)
    if show:
        print(file=sys.stderr)
    return results
