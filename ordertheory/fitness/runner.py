"""A score in a setting: the one runner of Table 1, the catalogue, the sweep and the paper job.

A **cell** is one catalogue score checked in one setting (the one syntax:
:mod:`ordertheory.sets.settings`) on one space: the :class:`~ordertheory.fitness.report.ScoreReport`
of its tests (:func:`decide_cell`). How a cell spends its time is its :class:`Mode`: stopped at its
deadline in every phase (the sweep), by the check's own budget (Table 1, whose cells each keep
one process), or each test first alone with a short budget and then the open ones together,
stopping at the first refutation (the catalogue, :mod:`ordertheory.analyses.classification`).

Cells are independent tasks (:func:`cell_tasks`), and :func:`run_cells` is the one way any cell
runs: on the one executor (:mod:`ordertheory.engine.executor`: local processes, or Dask with
``--scheduler``), the results in the order given whatever the executor, a cell reused
from the result cache by a later run of the same code.

>>> cells = decide_catalogue(["accuracy"], [Setting.parse("all")], timeout=20, jobs=1)
>>> cells[0].verdicts["test2"], cells[0].verdict.label
('proved', 'proved')
"""

from __future__ import annotations

import enum
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from ordertheory.catalogue import get
from ordertheory.engine.executor import Task, executor, run_tasks
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.witness import TestName
from ordertheory.fitness.bounded_check import NOT_ASKED, check_score_within
from ordertheory.fitness.report import TESTS, ScoreReport
from ordertheory.fitness.score_tests import closure_rule, run_tests
from ordertheory.sets.settings import Setting
from ordertheory.spaces.sample_space import from_name

CELL_TESTS = (TestName.TEST1, TestName.TEST2, TestName.TEST3)  # the catalogue's columns (domain closure is decided with them)
QUICK_SHARE, QUICK_MAX = 1 / 8, 4.0  # each test's first pass (Mode.QUICK_FIRST): an eighth of the budget, ≤ 4 s


class Mode(enum.Enum):
    """How a cell spends its time."""

    WITHIN = "within"  # one check stopped at its deadline in every phase (a forked child)
    BUDGET = "budget"  # one check bounded by its own budget, in this process
    QUICK_FIRST = "quick first"  # each test alone briefly, then the open ones; the first refutation ends it


@dataclass(frozen=True)
class Cell:
    """A catalogue score checked in one setting on one space: the report of the ``tests`` asked."""

    slug: str
    setting: Setting
    space: str
    tests: tuple[str, ...]
    report: ScoreReport
    seconds: float

    def result(self, test: str) -> Result:
        return self.report.tests[test]

    @property
    def verdict(self) -> Verdict:
        """The conjunction of the tests asked (the report's own verdict is fitness, Theorem 3)."""
        return Verdict.conjunction(self.report.tests[t].verdict for t in self.tests)

    @property
    def verdicts(self) -> dict[str, str]:
        return {t: self.report.tests[t].verdict.value for t in self.tests}

    @property
    def certificates(self) -> tuple[tuple[str, str], ...]:
        """(file id, SMT-LIB text) of the proved tests asked, ``slug.setting.test.query``."""
        return tuple((f"{self.slug}.{self.setting}.{t}.{qid}", text) for t in self.tests
                     if self.report.tests[t].verdict is Verdict.PROVED for qid, text in self.report.tests[t].certificate)

    @property
    def settled(self) -> bool:
        """No test asked stayed unknown (what the cache entry of the cell records)."""
        return all(self.report.tests[t].verdict is not Verdict.UNKNOWN for t in self.tests)

    def to_json(self) -> dict:
        tests = {}
        for t in self.tests:
            r = self.report.tests[t]
            tests[t] = {"verdict": r.verdict.value, "method": r.method,
                        **({"reason": r.reason} if r.verdict is Verdict.UNKNOWN and r.reason else {})}
        return {"score": self.slug, "setting": str(self.setting), "verdict": self.verdict.value, "tests": tests,
                "seconds": round(self.seconds, 2)}


def quick_first_tests(X, Pi, timeout: float, tests: Sequence[str] = CELL_TESTS) -> ScoreReport:
    """Tests 1–3 (and domain closure), each first alone with a short budget, then the undecided
    ones together with the time left; the run ends at the first refutation (a hard test 2 must not
    spend the time that refutes test 3 in a second)."""
    deadline = time.perf_counter() + timeout
    quick = min(QUICK_MAX, QUICK_SHARE * timeout)
    got: dict[str, Result] = {}
    for t in tests:
        rep = check_score_within(X, Pi, timeout=min(quick, max(0.1, deadline - time.perf_counter())), tests=(t,))
        got.update({k: r for k, r in rep.tests.items() if r.verdict is not Verdict.UNKNOWN or k not in got})
        if rep.tests[t].refuted:
            return ScoreReport(X, Pi, _fill(got, X, tests, f"not decided: {t} is refuted, so X is not fit on Π"))
    open_ = [t for t in tests if got[t].verdict is Verdict.UNKNOWN]
    if open_ and deadline - time.perf_counter() > 0.5:
        rep = check_score_within(X, Pi, timeout=deadline - time.perf_counter(), tests=tuple(open_),
                                 stop_at_refutation=True)
        got.update({k: r for k, r in rep.tests.items() if r.verdict is not Verdict.UNKNOWN or k in open_})
    return ScoreReport(X, Pi, closure_rule(got))


def _fill(got: dict[str, Result], X, tests: Sequence[str], reason: str) -> dict[str, Result]:
    out = dict(got)
    for t in tests:
        out.setdefault(t, Result(t, f"{t} for {X.name}", Verdict.UNKNOWN, 0.0, NOT_ASKED, reason=reason))
    return closure_rule(out)


def decide_cell(slug: str, setting: Setting | str, space: str = "binary", timeout: float = 60.0,
                tests: Sequence[str] = TESTS, mode: Mode = Mode.WITHIN) -> Cell:
    """One cell within ``timeout`` seconds, spent as ``mode`` says (see :class:`Mode`); the setting
    is kept as it is written on the space (``uniform`` is ``prior=0.5`` on two classes)."""
    sp = from_name(space)
    st = (setting if isinstance(setting, Setting) else Setting.parse(setting)).on(sp)
    Pi = st.performance_set(sp)
    t0 = time.perf_counter()
    X = get(slug).score(sp)
    tests = tuple(tests)
    if mode is Mode.WITHIN:
        rep = check_score_within(X, Pi, timeout=timeout, tests=tests)
    elif mode is Mode.BUDGET:
        rep = run_tests(X, Pi, timeout=timeout, tests=tests)
    else:
        rep = quick_first_tests(X, Pi, timeout, tests)
    return Cell(slug, st, space, tests, rep, time.perf_counter() - t0)


def _settled(cell: Cell) -> bool:
    return cell.settled


def cell_tasks(slugs: Sequence[str], settings: Sequence[Setting], space: str = "binary", timeout: float = 60.0,
               tests: Sequence[str] = TESTS, mode: Mode = Mode.WITHIN) -> list[Task]:
    """The cells as executor tasks named ``cell:SLUG:SETTING``, slugs outer, settings inner; a
    cell is reused from the cache by the very same call (:func:`run_cells`)."""
    return [Task(f"cell:{s}:{st}", decide_cell, (s, st, space, timeout, tuple(tests), mode), keep=_settled)
            for s in slugs for st in settings]


def run_cells(tasks: Sequence[Task], jobs: int | None = None, scheduler: str | None = None,
              executor_: Executor | None = None, memo: bool = True, progress: Callable[[object], None] | None = None, bar: bool = False) -> list:
    """The one way cells run: ``tasks`` on ``executor_`` when given, else on the executor of ``jobs``
    processes (None: every core) or of the Dask ``scheduler``; the results in the order of ``tasks``
    whatever the executor. With ``memo`` a cell asked before by the very same call (arguments,
    budget and code) comes from the result cache
    (:func:`~ordertheory.engine.executor.run_tasks`). ``progress(result)`` hears of each task as
    it ends (completion order); ``bar`` draws a progress bar on stderr."""
    done = (lambda name, value, seconds: progress(value)) if progress is not None else None
    if executor_ is not None:
        results, _ = run_tasks(executor_, tasks, progress=bar, memo=memo, on_done=done)
    else:
        with executor(jobs, scheduler) as ex:
            results, _ = run_tasks(ex, tasks, progress=bar, memo=memo, on_done=done)
    return [results[t.name] for t in tasks]


def decide_catalogue(slugs: Sequence[str], settings: Sequence[Setting], space: str = "binary",
                     timeout: float = 60.0, executor: Executor | None = None, jobs: int = 1,
                     progress: Callable[[Cell], None] | None = None) -> list[Cell]:
    """Tests 1–3 of every (score, setting) cell, each bounded by ``timeout``, in the order given; on
    ``executor`` when given, else on the executor of ``jobs`` processes."""
    return run_cells(cell_tasks(slugs, settings, space, timeout, CELL_TESTS), jobs, executor_=executor,
                     progress=progress)


def counts(cells: Sequence[Cell]) -> dict[str, dict[str, int]]:
    """Per setting: how many test cells are proved / refuted / unknown."""
    out: dict[str, Counter] = {}
    for c in cells:
        out.setdefault(str(c.setting), Counter()).update(r.verdict for r in (c.report.tests[t] for t in c.tests))
    return {st: {v.value: n.get(v, 0) for v in (Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN)}
            for st, n in out.items()}
