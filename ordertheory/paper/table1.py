"""Table 1 of the paper, computed: the three tests for 27 scores in three settings, with τ and the importance.

The scores (catalogue slugs) and settings are the paper's inputs; every verdict is decided at run
time by the one runner of a score in a setting (:func:`ordertheory.fitness.runner.decide_cell`), on
which a row adds the importance the score encodes and τ_min, τ_max. Cells are independent tasks:
:func:`run_table1` and :func:`cell_tasks` serve ``ordertheory table1``; the paper job runs
:func:`cell` and the τ columns one setting at a time (:func:`tau_column`).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.tau.tau import tau_range, tau_ranges
from ordertheory.catalogue import TABLE1, get
from ordertheory.engine.executor import Task
from ordertheory.engine.result import Verdict
from ordertheory.engine.witness import TestName
from ordertheory.fitness import runner
from ordertheory.fitness.report import TESTS, ScoreReport
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.sets.settings import Setting
from ordertheory.spaces.sample_space import binary

SETTINGS = ("all", "prior=0.2", "prior=0.5")


def setting(name: str) -> PerformanceSet:
    """Π of a setting (:mod:`ordertheory.sets.settings`) on the binary space.

    >>> setting("prior=1/5").label
    'prior=0.2'
    """
    return Setting.parse(name).performance_set(binary())


@dataclass(frozen=True)
class Table1Cell:
    """One row of Table 1: the score checked in the setting (``fitness``, its report), and τ and the
    importance when computed."""

    fitness: runner.Cell
    tau: object = None  # TauResult when the τ columns were computed
    importance: object = None  # ImportanceDerivation when the importance was derived (the paper job)

    @property
    def score(self) -> str:
        return self.fitness.slug

    @property
    def setting(self) -> str:
        return str(self.fitness.setting)

    @property
    def report(self) -> ScoreReport:
        return self.fitness.report

    @property
    def seconds(self) -> float:
        return self.fitness.seconds

    def to_json(self, full: bool = False) -> dict:
        out = {"score": self.score, "setting": self.setting}
        for t in (TestName.TEST1, TestName.TEST2, TestName.TEST3):
            out[t] = self.report.tests[t].verdict.label
        if self.tau is not None:
            out.update({k: getattr(self.tau, k) for k in ("tau_min", "tau_max", "tau_min_exact", "tau_max_exact")})
        if full:
            out["details"] = {t: self.report.tests[t].to_json() for t in TESTS}
        return out

    @property
    def settled(self) -> bool:
        """No test stayed unknown (what the cache entry of the cell records)."""
        return all(r.verdict is not Verdict.UNKNOWN for r in self.report.tests.values())


def cell(slug: str, name: str, timeout: float, with_tau: bool = False, with_importance: bool = False) -> Table1Cell:
    """One cell, decided in this process by the check's own budget, then its importance and τ."""
    t0 = time.perf_counter()
    fit = runner.decide_cell(slug, name, "binary", timeout, mode=runner.Mode.BUDGET)
    X, Pi, rep = get(slug).score(), fit.report.Pi, fit.report
    tau = imp = None
    if with_importance:
        imp = derive_importance(X, Pi, timeout=timeout, report=rep, bounded=False)  # tests 2 and 3 read, not decided again
    if with_tau:
        tau = tau_range(X, Pi, derivation=imp)  # the importance is derived once per cell
    return Table1Cell(dataclasses.replace(fit, seconds=time.perf_counter() - t0), tau, imp)


def tau_column(name: str, scores, exact: tuple | None = None) -> list:
    """τ_min and τ_max (numeric, before the importance's exact values:
    :func:`~ordertheory.analyses.tau.tau.with_derivation`) of several catalogue scores on one setting,
    each ranking score's ordering sorted once for all of them (the paper job's τ tasks);
    ``exact``: per score, the sides its derivation gives (:func:`~ordertheory.analyses.tau.tau.exact_sides`),
    not searched."""
    return tau_ranges([get(s).score() for s in scores], setting(name), exact=exact)


def cell_tasks(scores=TABLE1, settings=SETTINGS, timeout: float = 30.0, tau: bool = False,
               importance: bool = False) -> list[Task]:
    """The cells as executor tasks named ``table1:SCORE:SETTING``, in the paper's order."""
    return [Task(f"table1:{s}:{st}", cell, (s, st, timeout, tau, importance), keep=_settled)
            for s in scores for st in settings]


def _settled(c: Table1Cell) -> bool:
    return c.settled


def run_table1(scores=TABLE1, settings=SETTINGS, timeout: float = 30.0, jobs: int | None = None,
               progress: bool = True, tau: bool = False, scheduler: str | None = None,
               importance: bool = False) -> list[Table1Cell]:
    """Decide every (score, setting) cell (and τ_min, τ_max with ``tau``), in the paper's order,
    on the executor of ``jobs`` / ``scheduler`` (:mod:`ordertheory.engine.executor`); cells kept
    in the result cache by an earlier run of the same code are reused."""
    return runner.run_cells(cell_tasks(scores, settings, timeout, tau, importance), jobs, scheduler,
                            bar=progress)
