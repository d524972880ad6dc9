"""Ranking across tasks: the summarized performance, the alternatives people use, and where they disagree.

``rank TASKS --score X`` ranks each entity's summarized performance
(:mod:`~ordertheory.ranking.tasks.summarized`) exactly, after checking X on the Π the mixtures live in
(:func:`~ordertheory.ranking.rank.rank_leaderboard`: their common class priors, else every performance).
``--aggregate`` picks an alternative instead:

- ``mean-score``: the mean over the tasks of X's per-task values (the usual leaderboard column);
- ``mean-rank``: the mean of the per-task ranks (ties share their mean rank; Demšar's average ranks);
- ``median-rank``: their median.

Beside the alternative's ranking comes every pair of entities it orders differently from the
summarized ranking — reversed, tied by one and not the other — with the exact values on both sides,
each recomputed from the task performances before it is listed. An entity undefined on some task
has no mean score (it ranks last, unranked); per-task ranks put it last on that task.

>>> import io
>>> from ordertheory.catalogue import as_score
>>> from ordertheory.ranking.leaderboards.task_tables import read_tasks
>>> tt = read_tasks(io.StringIO("task,entity,tn,fp,fn,tp\\nt1,A,0,0,1,3\\nt1,B,0,0,2,2\\n"
...                             "t2,A,0,0,2,2\\nt2,B,3,0,0,1\\n"))
>>> r = rank_tasks(tt, as_score("f1"), Aggregate.MEAN_SCORE, check=False)
>>> [(e.name, str(e.value)) for e in r.summarized.entries]      # F1 of the mixtures
[('A', '10/13'), ('B', '3/4')]
>>> [(n, str(v)) for n, v, _ in r.alternative.entries()]        # the means of the per-task F1
[('B', '5/6'), ('A', '16/21')]
>>> [(d.a, d.b, d.kind) for d in r.disagreements]
[('A', 'B', 'reversed')]
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ordertheory.catalogue import as_score
from ordertheory.engine.executor import Task, executor, run_tasks
from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.task_tables import TaskTable
from ordertheory.ranking.rank import Ranking, approximate, rank_leaderboard
from ordertheory.ranking.tasks.label_sets import require_one_label_set, task_scores
from ordertheory.ranking.tasks.statistics import Value, competition, task_ranks
from ordertheory.ranking.tasks.summarized import (
    TaskWeights,
    entity_mixture,
    mix,
    summarized_leaderboard,
    weights_for,
)
from ordertheory.scores.class_score import ClassScore
from ordertheory.scores.direction import Direction
from ordertheory.scores.score import Score
from ordertheory.spaces.sample_space import from_name

PARALLEL_FROM = 20_000  # (task, entity) values from which the per-task work goes to the executor


class Aggregate(enum.StrEnum):
    """How the tasks are combined into one ranking."""

    SUMMARIZED = "summarized"
    MEAN_SCORE = "mean-score"
    MEAN_RANK = "mean-rank"
    MEDIAN_RANK = "median-rank"


@dataclass(frozen=True)
class Ordering:
    """An aggregate's value per entity (exact; None: undefined) and competition ranks by its direction."""

    aggregate: Aggregate
    names: tuple[str, ...]
    values: tuple[Value, ...]
    direction: Direction  # the score's for scores, lower is better for ranks

    @property
    def ranks(self) -> list[int | None]:
        return competition(self.values, self.direction)

    def entries(self) -> list[tuple[str, Value, int | None]]:
        """(name, value, rank), best first; ties and undefined by name (never by the file's order)."""
        ranks = self.ranks
        idx = sorted(range(len(self.names)), key=lambda i: (ranks[i] is None, ranks[i] or 0, self.names[i]))
        return [(self.names[i], self.values[i], ranks[i]) for i in idx]

    def to_json(self) -> dict:
        return {"aggregate": self.aggregate.value, "direction": self.direction.to_json(),
                "entities": [{"entity": n, "value": approximate(v), "value_exact": None if v is None else str(v),
                              "rank": r} for n, v, r in self.entries()]}


@dataclass(frozen=True)
class Disagreement:
    """A pair ordered differently by the summarized ranking and an alternative (exact values on both sides)."""

    a: str
    b: str
    summarized: tuple[Value, Value]
    alternative: tuple[Value, Value]
    kind: str  # "reversed" | "tied by the alternative" | "separated by the alternative"

    def to_json(self) -> dict:
        show = lambda v: None if v is None else str(v)  # noqa: E731
        return {"a": self.a, "b": self.b, "kind": self.kind, "summarized": [show(v) for v in self.summarized],
                "alternative": [show(v) for v in self.alternative], "rechecked": True}


@dataclass(frozen=True)
class TaskRanking:
    """The summarized ranking (with the check of the score on Π), and the alternative asked for."""

    score: str
    tasks: int
    weights: TaskWeights
    summarized: Ranking | None  # None on a scores-only table
    aggregate: Aggregate
    alternative: Ordering | None
    disagreements: tuple[Disagreement, ...]

    def to_json(self) -> dict:
        out = {"aggregate": self.aggregate.value, "tasks": self.tasks, "task_weights": self.weights.to_json()}
        if self.alternative is not None:
            out["alternative"] = self.alternative.to_json()
            out["disagreements"] = [d.to_json() for d in self.disagreements] if self.summarized else None
        return out


def _values_chunk(score_text: str, space_names: list[str], rows) -> list[list[Value]]:
    """A task chunk's values, in a worker: the score rebuilt from its text on each task's space (structured
    forms do not pickle)."""
    read: dict = {}
    out = []
    for name, row in zip(space_names, rows):
        X = read[name] if name in read else read.setdefault(name, as_score(score_text, from_name(name)))
        out.append([X.value_or_none(P) for P in row])
    return out


def task_values(table: TaskTable, score: Score | ClassScore | str, jobs: int = 1, scheduler: str | None = None,
                score_text: str | None = None) -> list[list[Value]]:
    """X's exact value on every (task, entity): ``[task][entity]``, each task's value in its own label set
    (:func:`~ordertheory.ranking.tasks.label_sets.task_scores`); a scores-only table: the column named by
    ``score``. Large tables run in chunks of tasks on the executor (``jobs``, ``scheduler``)."""
    if not table.has_performances:
        return [list(row) for row in table.column(score if isinstance(score, str) else score.name)]
    rows = [list(b.performances) for b in table.boards]
    cells = len(rows) * len(table.entities)
    if score_text is None or (cells < PARALLEL_FROM and not scheduler) or (jobs == 1 and not scheduler):
        scores = task_scores(table, score, score_text)
        cache: dict = {}
        return [[cache[(id(X), P)] if (id(X), P) in cache else cache.setdefault((id(X), P), X.value_or_none(P))
                 for P in row]
                for X, row in zip(scores, rows)]
    size = max(1, len(rows) // (4 * jobs))
    names = [b.space.name for b in table.boards]
    tasks = [Task(f"values:{i}", _values_chunk, (score_text, names[i:i + size], rows[i:i + size]))
             for i in range(0, len(rows), size)]
    with executor(jobs, scheduler) as ex:
        out, _ = run_tasks(ex, tasks)
    return [row for t in tasks for row in out[t.name]]


def _mixtures_chunk(rows, lams) -> list:
    """Some entities' summarized performances, in a worker."""
    return [mix(row, lam) for row, lam in zip(rows, lams)]


def mixtures(table: TaskTable, weights: TaskWeights, jobs: int = 1, scheduler: str | None = None) -> list:
    """Every entity's summarized performance: in this process, or — with a Dask ``scheduler`` — in chunks of
    entities on the cluster. Local processes are not used: shipping every task's performances out and each
    mixture's exact counts back (hundreds of digits per cell at 1 000 tasks) costs more than mixing them
    here (``python -m bench tasks``, 100 entities × 1 000 tasks × 1 000 classes: 46 s on 2 local processes with
    the machine's load at 5, 9 s in this process with it at 2)."""
    E = len(table.entities)
    rows = [[b.entities[e][1] for b in table.boards] for e in range(E)]
    lams = [weights_for(table, weights, e) for e in range(E)]
    if not scheduler or E * len(table.tasks) < PARALLEL_FROM:
        return [mix(row, lam) for row, lam in zip(rows, lams)]
    size = max(1, E // (4 * jobs))
    tasks = [Task(f"mixtures:{i}", _mixtures_chunk, (rows[i:i + size], lams[i:i + size])) for i in range(0, E, size)]
    with executor(jobs, scheduler) as ex:
        out, _ = run_tasks(ex, tasks)
    return [P for t in tasks for P in out[t.name]]


def _mean(xs: Sequence[Value]) -> Value:
    if any(x is None for x in xs):
        return None
    return sum(xs[1:], xs[0]) / len(xs)


def _median(xs: Sequence[Fraction]) -> Fraction:
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def alternative(aggregate: Aggregate, names: Sequence[str], values: Sequence[Sequence[Value]],
                direction: Direction) -> Ordering:
    """The ranking of an alternative aggregate, from the per-task values ``[task][entity]``."""
    E = len(names)
    if aggregate is Aggregate.MEAN_SCORE:
        return Ordering(aggregate, tuple(names), tuple(_mean([row[e] for row in values]) for e in range(E)), direction)
    ranks = task_ranks(values, direction)
    per = [[r[e] for r in ranks] for e in range(E)]
    agg = [_mean(p) if aggregate is Aggregate.MEAN_RANK else _median(p) for p in per]
    return Ordering(aggregate, tuple(names), tuple(agg), Direction.LOWER)


def _relation(values: Sequence[Value], direction: Direction, i: int, j: int) -> int:
    """+1 when i is better than j, −1 when worse, 0 when tied (undefined is worst, tied with undefined)."""
    r = competition([values[i], values[j]], direction)
    a, b = (r[0] or 3), (r[1] or 3)
    return (a < b) - (a > b)


def disagreements(base: Ordering, alt: Ordering) -> list[Disagreement]:
    """Every pair the two orderings order differently, the better by ``base`` first."""
    out = []
    names = base.names
    order = [names.index(n) for n, _, _ in base.entries()]
    for x, i in enumerate(order):
        for j in order[x + 1:]:
            s, t = _relation(base.values, base.direction, i, j), _relation(alt.values, alt.direction, i, j)
            if s == t:
                continue
            kind = "reversed" if s * t == -1 else "tied by the alternative" if t == 0 else "separated by the alternative"
            a, b = (i, j) if s > 0 or (s == 0 and t > 0) else (j, i)
            out.append(Disagreement(names[a], names[b], (base.values[a], base.values[b]),
                                    (alt.values[a], alt.values[b]), kind))
    return out


def recheck(table: TaskTable, score: Score | ClassScore, weights: TaskWeights, aggregate: Aggregate,
            found: Sequence[Disagreement]) -> None:
    """Recompute every listed pair from the task performances (a fresh mixture, fresh per-task values and
    ranks) and confirm that the two orders differ; a pair that does not is a bug, never printed."""
    if not found:
        return
    names = list(table.entities)
    fresh: dict[int, tuple] = {}
    values = [[score.value_or_none(P) for P in b.performances] for b in table.boards] \
        if aggregate is not Aggregate.MEAN_SCORE else None
    for d in found:
        i, j = names.index(d.a), names.index(d.b)
        for e in (i, j):
            if e not in fresh:
                per = [score.value_or_none(b.entities[e][1]) for b in table.boards]
                fresh[e] = (score.value_or_none(entity_mixture(table, weights, e)), per)
        base = Ordering(Aggregate.SUMMARIZED, (d.a, d.b), (fresh[i][0], fresh[j][0]), score.direction)
        if values is None:
            alt = alternative(aggregate, (d.a, d.b), [[fresh[i][1][t], fresh[j][1][t]] for t in range(len(table.tasks))],
                              score.direction)
        else:
            full = alternative(aggregate, names, values, score.direction)
            alt = Ordering(aggregate, (d.a, d.b), (full.values[i], full.values[j]), full.direction)
        if _relation(base.values, base.direction, 0, 1) == _relation(alt.values, alt.direction, 0, 1):
            raise AssertionError(f"the disagreement of {d.a} and {d.b} did not survive its exact recomputation")


def default_aggregate(table: TaskTable, asked: str | None = None) -> tuple[Aggregate, str | None]:
    """The aggregate ``rank`` uses (``asked``, else the summarized performance where it exists, else the mean
    rank) and, when it is not the one asked for by default, the one line that says why."""
    if asked:
        return Aggregate(asked), None
    if not table.has_performances:
        return Aggregate.MEAN_RANK, None
    if table.space is None:
        return Aggregate.MEAN_RANK, (f"these tasks have {len(table.label_sets())} label sets "
                                     f"({table.describe_label_sets()}): the summarized performance mixes tasks of one "
                                     "label set only; ranked by the mean of the per-task ranks (--aggregate mean-score "
                                     "or median-rank: also defined per task)")
    return Aggregate.SUMMARIZED, None


def rank_tasks(table: TaskTable, score: Score | ClassScore | str, aggregate: Aggregate = Aggregate.SUMMARIZED,
               weights: TaskWeights | None = None, check: bool = True, timeout: float = 30.0, jobs: int = 1,
               scheduler: str | None = None, score_text: str | None = None,
               direction: Direction | None = None) -> TaskRanking:
    """Rank a multi-task table (see the module's docstring). On a scores-only table ``score`` names a value
    column (``direction``: how it ranks) and only the alternatives exist."""
    weights = weights or TaskWeights.parse("equal")
    if table.has_performances and table.space is None:  # several label sets: the aggregates defined per task
        if aggregate is Aggregate.SUMMARIZED:
            require_one_label_set(table)
        values = task_values(table, score, jobs, scheduler, score_text)
        X = task_scores(table, score, score_text)[0]
        alt = alternative(aggregate, table.entities, values, X.direction)
        return TaskRanking(score_text or X.name or X.text, len(table.tasks), weights, None, aggregate, alt, ())
    if not table.has_performances:
        if aggregate is Aggregate.SUMMARIZED:
            raise InvalidInput("this table holds score values only, no performances: the summarized performance "
                               "needs confusion matrices (or cells, predictions); use --aggregate mean-score, "
                               "mean-rank or median-rank")
        values = task_values(table, score)
        alt = alternative(aggregate, table.entities, values, direction or Direction.HIGHER)
        return TaskRanking(str(score), len(table.tasks), weights, None, aggregate, alt, ())
    lb = summarized_leaderboard(table, weights, mixtures(table, weights, jobs, scheduler))
    summ = rank_leaderboard(lb, score, check=check, timeout=timeout)
    if aggregate is Aggregate.SUMMARIZED:
        return TaskRanking(summ.score, len(table.tasks), weights, summ, aggregate, None, ())
    values = task_values(table, score, jobs, scheduler, score_text)
    alt = alternative(aggregate, table.entities, values, score.direction)
    by_name = {e.name: e.value for e in summ.entries}
    base = Ordering(Aggregate.SUMMARIZED, table.entities, tuple(by_name[n] for n in table.entities), score.direction)
    found = disagreements(base, alt)
    recheck(table, score, weights, aggregate, found)
    return TaskRanking(summ.score, len(table.tasks), weights, summ, aggregate, alt, tuple(found))


__all__ = ["Aggregate", "Disagreement", "Ordering", "TaskRanking", "alternative", "default_aggregate", "disagreements",
           "mixtures",
           "rank_tasks", "recheck", "task_values"]
