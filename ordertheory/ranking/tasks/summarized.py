"""The summarized performance: each entity's performances on the tasks, mixed (Piérard & Van Droogenbroeck, ICIP 2020).

A performance is a probability measure on Ω; so is any convex combination of performances. The
*summarized performance* of an entity over tasks t = 1..T with weights λ_t (λ_t ≥ 0, Σλ_t = 1) is
the mixture Σ_t λ_t·P_t — one performance, which any score then evaluates. The mixtures are exactly
the convex-combination setting (Φ = conv) in which the paper states its axioms, so a ranking score
R_I of the summarized performances inherits everything proved of R_I; a mean of per-task scores in
general is the score of no performance (:mod:`~ordertheory.ranking.tasks.coincidence` decides when the
two agree).

Weights (``--task-weights``):

- ``equal`` (default): λ_t = 1/T — every task counts the same, whatever its size (the macro average
  over tasks; the summarized performance of the ICIP paper);
- ``size``: λ_t = n_{t,e} / Σ_s n_{s,e}, the entity's test-set sizes — the mixture is then the pooled
  confusion matrix (the micro average: mIoU "from the pooled confusion matrix"); it needs counts;
- a weights file ``task,weight`` (any non-negative numbers, normalised exactly; every task named once).

>>> import io
>>> from ordertheory.ranking.leaderboards.task_tables import read_tasks
>>> tt = read_tasks(io.StringIO("task,entity,tn,fp,fn,tp\\nt1,A,6,2,1,1\\nt2,A,1,0,0,1\\n"
...                             "t1,B,5,3,1,1\\nt2,B,0,1,0,1\\n"))
>>> lb = summarized_leaderboard(tt, TaskWeights.parse("equal"))
>>> lb.performance("A")["tp"], lb.provenance.conversion.split(";")[0].split(", ")[-1]
(Fraction(3, 10), 'equal weights 1/T')
>>> pooled = summarized_leaderboard(tt, TaskWeights.parse("size"))
>>> pooled.performance("A")["tp"], pooled.counts[0]
(Fraction(1, 6), (7, 2, 1, 2))
"""

from __future__ import annotations

import csv
import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Performance, mixture
from ordertheory.performances.sparse_performance import SparsePerformance, sparse_mixture_of
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, Provenance
from ordertheory.ranking.leaderboards.numbers import exact_number
from ordertheory.ranking.leaderboards.task_tables import TaskTable
from ordertheory.ranking.tasks.label_sets import require_one_label_set


class Weighting(enum.StrEnum):
    """How the tasks are weighed in the summarized performance."""

    EQUAL = "equal"
    SIZE = "size"
    GIVEN = "file"


@dataclass(frozen=True)
class TaskWeights:
    """``equal``, ``size`` (pooled counts) or the weights of a file, per task name (exact)."""

    kind: Weighting
    given: tuple[tuple[str, Fraction], ...] = ()
    source: str = ""

    @classmethod
    def parse(cls, text: str | None) -> TaskWeights:
        """``equal`` (also None), ``size``, or the path of a ``task,weight`` CSV file."""
        t = (text or "equal").strip()
        if t in (Weighting.EQUAL, Weighting.SIZE):
            return cls(Weighting(t))
        path = Path(t)
        try:
            rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
        except OSError as exc:
            raise InvalidInput(f"--task-weights: expected equal, size or a task,weight CSV file but cannot read "
                               f"{t!r}: {exc.strerror or exc}") from None
        if not rows or [h.strip().lower() for h in rows[0]][:2] != ["task", "weight"]:
            raise InvalidInput(f"{t}: expected the header task,weight")
        given: dict[str, Fraction] = {}
        for n, r in enumerate(rows[1:], 2):
            if not r:
                continue
            if len(r) != 2 or not r[0].strip():
                raise InvalidInput(f"{t}: line {n}: expected a task and a weight")
            w, _ = exact_number(r[1], None, f"{t}: line {n}, weight")
            if w < 0:
                raise InvalidInput(f"{t}: line {n}: expected a non-negative weight but got {r[1].strip()}")
            if r[0].strip() in given:
                raise InvalidInput(f"{t}: line {n}: task {r[0].strip()!r} is given twice")
            given[r[0].strip()] = w
        return cls(Weighting.GIVEN, tuple(given.items()), t)

    def describe(self, tasks: int) -> str:
        if self.kind is Weighting.EQUAL:
            return "equal weights 1/T"
        if self.kind is Weighting.SIZE:
            return "weights by test-set size (the pooled counts: micro average)"
        return f"the weights of {self.source} (normalised exactly)"

    def to_json(self) -> dict:
        return {"kind": self.kind.value, "weights": {t: str(w) for t, w in self.given} or None}


def weights_for(table: TaskTable, weights: TaskWeights, entity: int) -> tuple[Fraction, ...]:
    """The mixture weights λ_t of one entity (exact, summing to 1)."""
    T = len(table.tasks)
    if weights.kind is Weighting.EQUAL:
        return (Fraction(1, T),) * T
    if weights.kind is Weighting.SIZE:
        sizes = [b.counts[entity] if b.counts is not None else None for b in table.boards]
        if any(s is None for s in sizes):
            raise InvalidInput("--task-weights size needs each task's counts (the test sets' sizes); this table "
                               "holds probabilities, or more classes than counts are kept for: give equal or a weights file")
        n = [sum(s) for s in sizes]
        return tuple(Fraction(x, sum(n)) for x in n)
    given = dict(weights.given)
    missing = [t for t in table.tasks if t not in given]
    extra = [t for t in given if t not in table.tasks]
    if missing or extra:
        raise InvalidInput(f"{weights.source}: expected one weight per task of the table"
                           + (f"; missing {', '.join(missing[:5])}" if missing else "")
                           + (f"; unknown {', '.join(extra[:5])}" if extra else ""))
    total = sum(given.values())
    if total == 0:
        raise InvalidInput(f"{weights.source}: every weight is 0; expected some positive weight")
    return tuple(given[t] / total for t in table.tasks)


def mix(performances: Sequence[Performance | SparsePerformance], lam: Sequence[Fraction]) -> Performance | SparsePerformance:
    """Σ λ_t·P_t for either representation of a performance (exact)."""
    if isinstance(performances[0], SparsePerformance):
        return sparse_mixture_of(performances, lam)
    return mixture(performances, lam)


def entity_mixture(table: TaskTable, weights: TaskWeights, entity: int) -> Performance | SparsePerformance:
    """One entity's summarized performance."""
    return mix([b.entities[entity][1] for b in table.boards], weights_for(table, weights, entity))


def summarized_leaderboard(table: TaskTable, weights: TaskWeights,
                           mixtures: Sequence[Performance | SparsePerformance] | None = None) -> Leaderboard:
    """Every entity's summarized performance, as a leaderboard on the tasks' space (``mixtures``: when
    already computed, e.g. on the executor); with ``size`` weights its counts are the pooled counts."""
    if not table.has_performances:
        raise InvalidInput("the summarized performance needs performances (confusion matrices, cells or "
                           "predictions); this table holds score values only: use --aggregate mean-score, mean-rank "
                           "or median-rank")
    require_one_label_set(table)
    mixed = list(mixtures) if mixtures is not None else [entity_mixture(table, weights, e)
                                                         for e in range(len(table.entities))]
    counts = None
    if weights.kind is Weighting.SIZE:
        counts = tuple(tuple(sum(c) for c in zip(*(b.counts[e] for b in table.boards)))
                       for e in range(len(table.entities)))
    how = (f"summarized performance: the mixture of each entity's {len(table.tasks)} task performances, "
           f"{weights.describe(len(table.tasks))}; {table.conversion}")
    return Leaderboard(table.space, tuple(zip(table.entities, mixed)), Provenance(table.source, "tasks", how), counts)


__all__ = ["TaskWeights", "Weighting", "entity_mixture", "mix", "summarized_leaderboard", "weights_for"]
