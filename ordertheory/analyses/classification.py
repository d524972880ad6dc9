"""Which kind of score is each catalogue entry? A ranking score, a transform of one, fit only under a
constraint, or not fit — decided per setting and summed up per entry.

In one setting Π a score X is

* a **ranking score** — X = R_I on Π (the importance derivation, sympy-verified; its place on the
  Tile for two classes);
* a **transform** — X = g(R_I) on Π for a strictly monotone g: increasing (X ranks like R_I) or
  decreasing (a loss: X ranks like R_I reversed, so test 1 fails);
* **constant** on Π;
* **fit** — tests 1–3 proved (with domain closure) but no importance derived;
* **not fit** — a test refuted, with its exact witness;
* **unknown** — with the open sub-case named (which test, which phase, why).

Over the settings (all performances first, then the constrained ones), an entry is a ranking
score or a transform when it is one on all performances (an importance derived and verified),
**fit, no importance derived** when tests 1–3 are proved there but no derivation says R_I or
g(R_I), **constant** when it is constant there; **fit only under a constraint** when it
is not on all performances but is in some constrained setting (those are named); **not fit** when
it is not in any; **unknown** when an open cell leaves this undecided (the cells are named).

A cell's tests are the one cell runner's (:func:`ordertheory.fitness.runner.decide_cell` in its
``QUICK_FIRST`` mode: each test alone with a short budget, then the undecided ones with the rest,
stopping at the first refutation); its derivation is one call with a hard deadline
(:func:`ordertheory.engine.deadline.call_within`). Cells are tasks on the one executor
(:func:`classify_catalogue`: local processes or Dask), a cell reused from the result cache by the same call.

>>> c = classify_cell("f_beta_1", "all", timeout=60)
>>> c.category.value, c.tile
('ranking score', {'a': '1', 'b': '1/2'})
"""

from __future__ import annotations

import enum
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field

from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.importance import ImportanceDerivation, ImportanceKind
from ordertheory.engine.deadline import call_within
from ordertheory.engine.executor import Task
from ordertheory.engine.result import Result, Verdict, jsonable
from ordertheory.engine.witness import TestName
from ordertheory.fitness.bounded_check import NOT_ASKED
from ordertheory.fitness.report import ScoreReport
from ordertheory.fitness.runner import CELL_TESTS, Mode, decide_cell, run_cells
from ordertheory.sets.settings import Setting

#: the settings of ``ordertheory catalogue`` on two classes: the paper's three, and a fixed rate
SETTINGS = ("all", "prior=0.2", "prior=0.5", "rate=0.2")
DERIVATION_SHARE, DERIVATION_MAX = 0.3, 20.0


class Category(enum.Enum):
    """What X is on one Π."""

    RANKING_SCORE = "ranking score"
    TRANSFORM = "increasing transform"
    LOSS = "decreasing transform"
    CONSTANT = "constant"
    FIT = "fit, no importance derived"
    NOT_FIT = "not fit"
    UNKNOWN = "unknown"

    @property
    def fit(self) -> bool:
        """Whether X orders Π like a ranking score (as it stands: a loss orders it in reverse)."""
        return self in (Category.RANKING_SCORE, Category.TRANSFORM, Category.CONSTANT, Category.FIT)


class EntryClass(enum.Enum):
    """What an entry is, over all its settings."""

    RANKING_SCORE = "ranking score"
    TRANSFORM = "transform of a ranking score"
    FIT = "fit for ranking, no importance derived"  # tests 1–3 proved: fit, but not shown to be R_I or g(R_I)
    CONSTANT = "constant"
    CONSTRAINED = "fit only under a constraint"
    FIT_WHERE_ASKED = "fit where asked (all performances not asked)"
    NOT_FIT = "not fit"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Classified:
    """One entry in one setting: its tests, its derivation, and what they make of it."""

    slug: str
    setting: str
    category: Category
    tests: dict[str, Result]
    derivation: ImportanceDerivation | None
    detail: str  # the importance, the transform, the witness or the open sub-case, in words
    seconds: float

    @property
    def verdict(self) -> Verdict:
        """Fit on Π as it stands: PROVED, REFUTED (not fit or a loss) or UNKNOWN."""
        if self.category.fit:
            return Verdict.PROVED
        return Verdict.UNKNOWN if self.category is Category.UNKNOWN else Verdict.REFUTED

    @property
    def tile(self) -> dict[str, str] | None:
        d = self.derivation
        return None if d is None or d.tile is None else {k: str(v) for k, v in d.tile.items()}

    @property
    def witness(self):
        """The first refuted test's exact witness (None unless a test is refuted)."""
        return next((r.witness for t, r in self.tests.items() if t in CELL_TESTS and r.refuted), None)

    def to_json(self) -> dict:
        d = self.derivation
        return {"score": self.slug, "setting": self.setting, "category": self.category.value,
                "verdict": self.verdict.value, "detail": self.detail,
                "tests": {t: {"verdict": r.verdict.value, "method": r.method,
                              **({"reason": r.reason} if r.verdict is Verdict.UNKNOWN and r.reason else {}),
                              **({"witness": jsonable(r.witness)} if r.refuted else {})}
                          for t, r in self.tests.items() if t in CELL_TESTS},
                "importance": None if d is None or d.importance is None else {o: str(v) for o, v in d.importance.items()},
                "transform": None if d is None or d.transform is None else str(d.transform),
                "monotone": None if d is None else d.monotone, "tile": self.tile,
                "seconds": round(self.seconds, 2)}


def categorise(rep: ScoreReport | None, d: ImportanceDerivation | None) -> tuple[Category, str]:
    """The category of one cell from its tests and its derivation, with the detail in words."""
    if d is not None and d.verified and d.kind is ImportanceKind.RANKING_SCORE:
        return Category.RANKING_SCORE, _importance(d)
    if d is not None and d.verified and d.kind is ImportanceKind.MONOTONE_TRANSFORM:
        cat = Category.LOSS if d.monotone == "decreasing" else Category.TRANSFORM
        return cat, f"X = g(R_I), g(r) = {d.transform} ({d.monotone}); {_importance(d)}"
    if d is not None and d.verified and d.kind is ImportanceKind.CONSTANT:
        return Category.CONSTANT, f"X = {d.transform} on Π"
    refuted = [t for t in CELL_TESTS if rep is not None and rep.tests[t].refuted]
    if refuted:
        t = refuted[0]
        return Category.NOT_FIT, f"{TestName(t).plain} refuted: {_witness_text(rep.tests[t].witness)}"
    if rep is not None and all(rep.tests[t].proved for t in CELL_TESTS):
        return Category.FIT, "tests 1–3 proved; " + (d.reason if d is not None and d.reason else "no importance derived")
    open_ = [f"{t}: {rep.tests[t].reason}" for t in CELL_TESTS if rep is not None and rep.tests[t].verdict is Verdict.UNKNOWN]
    why = "; ".join(open_) or "the tests did not run"
    return Category.UNKNOWN, why + (f"; derivation: {d.kind.value} ({d.reason})" if d is not None else "; derivation: no answer in time")


def _importance(d: ImportanceDerivation) -> str:
    imp = ", ".join(f"{o}: {v}" for o, v in d.importance.items())
    tile = "" if d.tile is None else f", on the Tile at (a, b) = ({d.tile['a']}, {d.tile['b']})"
    return f"I = ({imp}){tile}"


def _witness_text(w) -> str:
    lines = getattr(w, "lines", None)
    return "; ".join(lines()) if callable(lines) else str(w)


def _derive(X, Pi, budget: float) -> ImportanceDerivation:
    return derive_importance(X, Pi, check_tests=False, timeout=budget, bounded=False)


def classify_cell(slug: str, setting: Setting | str, space_name: str = "binary", timeout: float = 60.0) -> Classified:
    """One cell: the tests (:func:`~ordertheory.fitness.runner.decide_cell`, each test first alone,
    stopping at the first refutation), then the importance derivation with a hard deadline;
    ``timeout`` bounds both."""
    t0 = time.perf_counter()
    cell = decide_cell(slug, setting, space_name, timeout * (1 - DERIVATION_SHARE), CELL_TESTS, Mode.QUICK_FIRST)
    X, Pi, rep = cell.report.score, cell.report.Pi, cell.report
    left = max(1.0, timeout - (time.perf_counter() - t0))
    done, d = call_within(_derive, left, X, Pi, min(DERIVATION_MAX, left / 2))
    d = d if done else None
    category, detail = categorise(rep, d)
    if category.fit and any(rep.tests[t].refuted for t in CELL_TESTS):  # never hide a contradiction
        category, detail = Category.UNKNOWN, f"INCONSISTENT: the derivation says {detail} but a test is refuted"
    return Classified(slug, str(cell.setting), category, dict(rep.tests), d, detail, time.perf_counter() - t0)


def _decided(cell: Classified) -> bool:
    """Whether the cell is decided (what its cache entry records)."""
    return cell.category is not Category.UNKNOWN


def classify_tasks(slugs: Sequence[str], settings: Sequence[Setting | str] = SETTINGS, space_name: str = "binary",
                   timeout: float = 60.0) -> list[Task]:
    """Every (entry, setting) cell as an executor task named ``class:SLUG:SETTING`` (entries outer)."""
    sts = [st if isinstance(st, Setting) else Setting.parse(st) for st in settings]
    return [Task(f"class:{s}:{st}", classify_cell, (s, st, space_name, timeout), keep=_decided)
            for s in slugs for st in sts]


def classify_catalogue(slugs: Sequence[str], settings: Sequence[Setting | str] = SETTINGS, space_name: str = "binary",
                       timeout: float = 60.0, executor: Executor | None = None, jobs: int = 1,
                       progress: Callable[[Classified], None] | None = None, scheduler: str | None = None,
                       memo: bool = True) -> list[Classified]:
    """Every (entry, setting) cell, in the order given (entries outer, settings inner), run by the
    one cell runner (:func:`~ordertheory.fitness.runner.run_cells`) on ``executor``, or on ``jobs``
    local processes, or on the Dask ``scheduler``; a cell is reused from the result cache by the same call."""
    return run_cells(classify_tasks(slugs, settings, space_name, timeout), jobs, scheduler, executor, memo, progress)


@dataclass(frozen=True)
class EntrySummary:
    """An entry over its settings."""

    slug: str
    klass: EntryClass
    detail: str
    cells: tuple[Classified, ...] = field(repr=False)

    def to_json(self) -> dict:
        return {"score": self.slug, "class": self.klass.value, "detail": self.detail}


def summarise(cells: Sequence[Classified]) -> list[EntrySummary]:
    """One summary per entry (cells grouped by slug, in their order; 'all' is the reference)."""
    by: dict[str, list[Classified]] = {}
    for c in cells:
        by.setdefault(c.slug, []).append(c)
    return [_summary(slug, tuple(cs)) for slug, cs in by.items()]


def _summary(slug: str, cells: tuple[Classified, ...]) -> EntrySummary:
    base = next((c for c in cells if c.setting == "all"), None)
    rest = [c for c in cells if c is not base]
    if base is not None and base.category is Category.RANKING_SCORE:
        return EntrySummary(slug, EntryClass.RANKING_SCORE, base.detail, cells)
    if base is not None and base.category in (Category.TRANSFORM, Category.LOSS):
        return EntrySummary(slug, EntryClass.TRANSFORM, base.detail, cells)
    if base is not None and base.category in (Category.CONSTANT, Category.FIT):  # the label says what was
        # derived: tests 1–3 proved without an importance is no ranking score (accuracy_at_coverage was one)
        return EntrySummary(slug, EntryClass.FIT if base.category is Category.FIT else EntryClass.CONSTANT,
                            base.detail, cells)
    # a constant score passes every test, but is no reason to rank with it: not counted as fit
    fit = [c for c in rest if (c.category.fit or c.category is Category.LOSS) and c.category is not Category.CONSTANT]
    if base is None and fit:  # without all performances, "only under a constraint" cannot be said
        return EntrySummary(slug, EntryClass.FIT_WHERE_ASKED, "fit at " + ", ".join(
            f"{c.setting} ({c.category.value})" for c in fit), cells)
    if base is not None and base.category is not Category.UNKNOWN and fit:
        return EntrySummary(slug, EntryClass.CONSTRAINED, "fit at " + ", ".join(
            f"{c.setting} ({c.category.value})" for c in fit), cells)
    open_ = [c for c in cells if c.category is Category.UNKNOWN]
    if not open_:
        return EntrySummary(slug, EntryClass.NOT_FIT, base.detail if base is not None else "", cells)
    return EntrySummary(slug, EntryClass.UNKNOWN, "open: " + "; ".join(f"{c.setting}: {c.detail}" for c in open_), cells)


def counts(summaries: Sequence[EntrySummary]) -> dict[str, int]:
    """How many entries in each class."""
    n = Counter(s.klass for s in summaries)
    return {k.value: n.get(k, 0) for k in EntryClass}


def test_counts(cells: Sequence[Classified]) -> dict[str, dict[str, int]]:
    """Per setting: how many tests are proved, refuted, unknown, or not asked (another refuted)."""
    out: dict[str, Counter] = {}
    for c in cells:
        for t in CELL_TESTS:
            r = c.tests[t]
            key = "not_asked" if r.method == NOT_ASKED else r.verdict.value
            out.setdefault(c.setting, Counter())[key] += 1
    return {st: {k: n.get(k, 0) for k in ("proved", "refuted", "unknown", "not_asked")} for st, n in out.items()}


def category_counts(cells: Sequence[Classified]) -> dict[str, dict[str, int]]:
    """Per setting: how many cells in each category."""
    out: dict[str, Counter] = {}
    for c in cells:
        out.setdefault(c.setting, Counter())[c.category] += 1
    return {st: {k.value: n.get(k, 0) for k in Category} for st, n in out.items()}
