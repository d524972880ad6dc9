"""A score in a setting: the one runner of Table 1, the catalogue, the sweep and the paper job.

A **setting** names a set Π of performances in one syntax, Table 1's:

- ``all`` — every performance;
- ``prior=P`` — a two-class space (binary, ``scored:L``, ``selective:2``) at the positive prior P
  (``0.2`` alone is short for ``prior=0.2``);
- ``priors=p1,…,pk`` — k ground-truth classes, every class prior fixed;
- ``uniform`` — every class prior 1/k (``prior=1/2`` where a single prior applies);
- ``rate=T`` / ``rates=t1,…,tk`` — the rate of positive predictions (binary) / every prediction rate.

A **cell** is one catalogue score checked in one setting (:func:`decide_cell`): the
:class:`~ordertheory.fitness.report.ScoreReport` of its tests, bounded by a deadline in every phase
(:func:`~ordertheory.fitness.bounded_check.check_score_within`) or by the check's own budget. Cells
are independent tasks (:func:`cell_tasks`) on the one executor (:mod:`ordertheory.engine.executor`).

>>> [str(s) for s in parse_settings("all,0.2,priors=1/3,1/3,1/3,uniform")]
['all', 'prior=0.2', 'priors=1/3,1/3,1/3', 'uniform']
>>> cells = decide_catalogue(["accuracy"], [Setting.parse("all")], timeout=20, jobs=1)
>>> cells[0].verdicts["test2"], cells[0].verdict.label
('proved', 'proved')
"""

from __future__ import annotations

import enum
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction

from ordertheory.catalogue import get
from ordertheory.engine import executor as executors
from ordertheory.engine.executor import Task, run_tasks
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.witness import TestName
from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction
from ordertheory.fitness.bounded_check import check_score_within
from ordertheory.fitness.report import TESTS, ScoreReport
from ordertheory.fitness.score_tests import run_tests
from ordertheory.sets.performance_set import (
    PerformanceSet,
    all_performances,
    fixed_prior,
    fixed_priors,
    fixed_rate,
    fixed_rates,
)
from ordertheory.spaces.sample_space import SampleSpace, from_name

CELL_TESTS = (TestName.TEST1, TestName.TEST2, TestName.TEST3)  # the catalogue's columns (domain closure is decided with them)
_NUMBER = re.compile(r"[0-9./]+$")


class SettingKind(enum.Enum):
    """How a setting fixes Π."""

    ALL = "all"
    UNIFORM = "uniform"
    PRIOR = "prior"
    PRIORS = "priors"
    RATE = "rate"  # the rate of positive predictions fp + tp (issue 31)
    RATES = "rates"  # every prediction rate (the column sums)


@dataclass(frozen=True)
class Setting:
    """A set Π named in the one setting syntax (see the module); ``values`` are the priors as typed,
    so that the name reads as written (``prior=0.2``, not ``prior=1/5``)."""

    kind: SettingKind
    values: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.kind in (SettingKind.ALL, SettingKind.UNIFORM):
            return self.kind.value
        return f"{self.kind.value}={','.join(self.values)}"

    @classmethod
    def parse(cls, text: str) -> Setting:
        """One setting; a one-line error naming what was expected otherwise.

        >>> Setting.parse("prior=1/5").performance_set(from_name("binary")).label
        'prior=1/5'
        """
        t = str(text).strip()
        if t in ("all", "uniform"):
            return cls(SettingKind(t))
        key, _, rest = t.partition("=")
        if not rest and not t.isidentifier():
            key, rest = "prior", t  # a bare number: a two-class prior (checked as a number below)
        values = tuple(v.strip() for v in rest.split(",")) if rest else ()
        if key not in ("prior", "priors", "rate", "rates") or not values or (key in ("prior", "rate") and len(values) != 1):
            raise InvalidInput(f"expected a setting all, uniform, prior=P, priors=p1,...,pk, rate=T or rates=t1,...,tk "
                               f"but got {t!r}")
        what = "prior" if key.startswith("prior") else "rate"
        for v in values:
            p = to_fraction(v, what)
            if not 0 < p < 1:
                raise InvalidInput(f"expected a {what} strictly between 0 and 1 but got {v!r} in {t!r}")
        return cls(SettingKind(key), values)

    def applies_to(self, space: SampleSpace) -> bool:
        """A single prior is a two-class space's (binary, ``scored:L``, ``selective:2``; the k × k
        spaces take ``priors=``); class priors need one per ground-truth class; ``uniform`` needs
        classes; a single rate is the binary space's, rates need one per class.

        >>> [Setting.parse(t).applies_to(from_name("scored:4")) for t in ("prior=1/5", "priors=1/3,1/3,1/3", "uniform")]
        [True, False, True]
        """
        if self.kind is SettingKind.PRIOR:
            return space.truth_classes == 2 and not space.is_confusion
        if self.kind is SettingKind.PRIORS:
            return len(self.values) == space.truth_classes
        if self.kind is SettingKind.UNIFORM:
            return bool(space.truth_classes)
        if self.kind is SettingKind.RATE:
            return space.is_binary
        if self.kind is SettingKind.RATES:
            return bool(space.classes) and len(self.values) == space.classes
        return True

    def performance_set(self, space: SampleSpace) -> PerformanceSet:
        """Π on ``space``.

        >>> Setting.parse("uniform").performance_set(from_name("selective:3")).label
        'priors=1/3,1/3,1/3'
        """
        if self.kind is SettingKind.ALL:
            return all_performances(space)
        if self.kind is SettingKind.UNIFORM:
            if Setting(SettingKind.PRIOR, ("1/2",)).applies_to(space):  # two classes: prior=1/2, as on binary
                return fixed_prior(space, "1/2")
            k = space.truth_classes
            if not k:
                raise InvalidInput(f"'uniform' needs classes, and {space.name} has none")
            return fixed_priors(space, [Fraction(1, k)] * k)
        if self.kind is SettingKind.PRIOR:
            return fixed_prior(space, self.values[0])
        if self.kind is SettingKind.RATE:
            return fixed_rate(space, self.values[0])
        if self.kind is SettingKind.RATES:
            return fixed_rates(space, list(self.values))
        return fixed_priors(space, list(self.values))


def parse_settings(text: str) -> list[Setting]:
    """Comma-separated settings; the numbers after ``priors=`` belong to it (``all,priors=1/2,1/2``)."""
    out: list[list[str]] = []
    for token in (t.strip() for t in str(text).split(",")):
        if out and out[-1][0].startswith(("priors=", "rates=")) and _NUMBER.match(token or "-"):
            out[-1].append(token)
        else:
            out.append([token])
    if not out or any(not t[0] for t in out):
        raise InvalidInput(f"expected settings such as all,prior=0.2 but got {text!r}")
    return [Setting.parse(",".join(t)) for t in out]


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

    def to_json(self) -> dict:
        tests = {}
        for t in self.tests:
            r = self.report.tests[t]
            tests[t] = {"verdict": r.verdict.value, "method": r.method,
                        **({"reason": r.reason} if r.verdict is Verdict.UNKNOWN and r.reason else {})}
        return {"score": self.slug, "setting": str(self.setting), "verdict": self.verdict.value, "tests": tests,
                "seconds": round(self.seconds, 2)}


def decide_cell(slug: str, setting: Setting, space: str = "binary", timeout: float = 60.0,
                tests: Sequence[str] = TESTS, bounded: bool = True) -> Cell:
    """One cell within ``timeout`` seconds: stopped at its deadline in every phase (``bounded``), or
    by the check's own budget (Table 1, whose cells each keep one process)."""
    sp = from_name(space)
    Pi = setting.performance_set(sp)
    t0 = time.perf_counter()
    X = get(slug).score(sp)
    tests = tuple(tests)
    if bounded:
        rep = check_score_within(X, Pi, timeout=timeout, tests=tests)
    else:
        rep = run_tests(X, Pi, timeout=timeout, tests=tests)
    return Cell(slug, setting, space, tests, rep, time.perf_counter() - t0)


def cell_tasks(slugs: Sequence[str], settings: Sequence[Setting], space: str = "binary", timeout: float = 60.0,
               tests: Sequence[str] = TESTS) -> list[Task]:
    """The cells as executor tasks named ``cell:SLUG:SETTING``, slugs outer, settings inner."""
    return [Task(f"cell:{s}:{st}", decide_cell, (s, st, space, timeout, tuple(tests))) for s in slugs for st in settings]


def decide_catalogue(slugs: Sequence[str], settings: Sequence[Setting], space: str = "binary",
                     timeout: float = 60.0, executor: Executor | None = None, jobs: int = 1,
                     progress: Callable[[Cell], None] | None = None) -> list[Cell]:
    """Tests 1–3 of every (score, setting) cell, each bounded by ``timeout``, in the order given; on
    ``executor`` when given, else on the executor of ``jobs`` processes."""
    tasks = cell_tasks(slugs, settings, space, timeout, CELL_TESTS)
    done = (lambda name, value, seconds: progress(value)) if progress is not None else None
    if executor is not None:
        results, _ = run_tasks(executor, tasks, on_done=done)
    else:
        with executors.executor(jobs) as ex:
            results, _ = run_tasks(ex, tasks, on_done=done)
    return [results[t.name] for t in tasks]


def counts(cells: Sequence[Cell]) -> dict[str, dict[str, int]]:
    """Per setting: how many test cells are proved / refuted / unknown."""
    out: dict[str, Counter] = {}
    for c in cells:
        out.setdefault(str(c.setting), Counter()).update(r.verdict for r in (c.report.tests[t] for t in c.tests))
    return {st: {v.value: n.get(v, 0) for v in (Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN)}
            for st, n in out.items()}
