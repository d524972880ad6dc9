"""Decide every catalogue score's tests 1–3 in several settings: one cell per (score, setting).

A setting is ``all`` (every performance) or a fixed positive prior such as ``0.2`` (binary) /
``0.2,0.3,0.5`` (class priors). Each cell is :func:`check_score` with its own time budget, run by
a ``concurrent.futures.Executor`` the caller passes in (a local process pool by default), so that
another executor (threads, Dask) can take the cells. Cells are independent and picklable.

>>> cells = decide_catalogue(["accuracy"], ["all"], timeout=20, jobs=1)
>>> cells[0].verdicts["test2"], cells[0].verdict.label
('proved', 'proved')
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field

from ordertheory.engine.result import Verdict

CELL_TESTS = ("test1", "test2", "test3")
SETTINGS = ("all", "0.2", "0.5")


@dataclass(frozen=True)
class CatalogueCell:
    """Tests 1–3 of one score in one setting."""

    slug: str
    setting: str
    verdicts: dict[str, str]
    methods: dict[str, str]
    seconds: float
    reasons: dict[str, str] = field(default_factory=dict)
    certificates: tuple[tuple[str, str], ...] = ()  # (obligation id, SMT-LIB text) of the proved tests

    @property
    def verdict(self) -> Verdict:
        return Verdict.conjunction(Verdict(v) for v in self.verdicts.values())

    def to_json(self) -> dict:
        return {"score": self.slug, "setting": self.setting, "verdict": self.verdict.value,
                "tests": {t: {"verdict": v, "method": self.methods[t], **({"reason": self.reasons[t]}
                                                                           if t in self.reasons else {})}
                          for t, v in self.verdicts.items()},
                "seconds": round(self.seconds, 2)}


def performance_set_of(space_name: str, setting: str):
    """Π for a setting name: ``all``, ``uniform`` (k classes, every class prior 1/k) or the fixed
    prior(s) it names."""
    from fractions import Fraction

    from ordertheory.performance_set import all_performances, fixed_prior, fixed_priors
    from ordertheory.sample_space import from_name

    space = from_name(space_name)
    if setting == "all":
        return all_performances(space)
    if setting == "uniform" and space.truth_classes:
        return fixed_priors(space, [Fraction(1, space.truth_classes)] * space.truth_classes)
    return fixed_priors(space, setting.split(",")) if "," in setting else fixed_prior(space, setting)


def decide_cell(slug: str, setting: str, space_name: str = "binary", timeout: float = 60.0) -> CatalogueCell:
    """One cell: tests 1–3 (with domain closure, which tests 2 and 3 need) within ``timeout`` s."""
    from ordertheory.catalogue import get
    from ordertheory.theory.bounded_check import check_score_within

    Pi = performance_set_of(space_name, setting)
    t0 = time.perf_counter()
    rep = check_score_within(get(slug).score(Pi.space), Pi, timeout=timeout, tests=CELL_TESTS)
    return CatalogueCell(slug, setting, {t: rep.tests[t].verdict.value for t in CELL_TESTS},
                         {t: rep.tests[t].method for t in CELL_TESTS}, time.perf_counter() - t0,
                         {t: rep.tests[t].reason for t in CELL_TESTS
                          if rep.tests[t].verdict is Verdict.UNKNOWN and rep.tests[t].reason},
                         tuple((f"{slug}.{setting}.{t}.{qid}", text) for t in CELL_TESTS
                               if rep.tests[t].verdict is Verdict.PROVED for qid, text in rep.tests[t].certificate))


def _cell(args: tuple) -> CatalogueCell:
    return decide_cell(*args)


def decide_catalogue(slugs: Sequence[str], settings: Sequence[str] = SETTINGS, space_name: str = "binary",
                     timeout: float = 60.0, executor: Executor | None = None, jobs: int = 1,
                     progress: Callable[[CatalogueCell], None] | None = None) -> list[CatalogueCell]:
    """Every (score, setting) cell, in the order given (slugs outer, settings inner)."""
    args = [(s, st, space_name, timeout) for s in slugs for st in settings]
    own = executor is None
    executor = executor or ProcessPoolExecutor(max_workers=max(1, jobs))
    out = []
    try:
        for cell in executor.map(_cell, args):
            if progress is not None:
                progress(cell)
            out.append(cell)
    finally:
        if own:
            executor.shutdown(cancel_futures=True)
    return out


def counts(cells: Sequence[CatalogueCell]) -> dict[str, dict[str, int]]:
    """Per setting: how many test cells are proved / refuted / unknown."""
    out: dict[str, Counter] = {}
    for c in cells:
        out.setdefault(c.setting, Counter()).update(c.verdicts.values())
    return {st: {v.value: n.get(v.value, 0) for v in (Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN)}
            for st, n in out.items()}
