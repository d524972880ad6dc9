"""A multi-task table: entities evaluated on several tasks, each task in its own label set.

What :func:`~ordertheory.ranking.leaderboards.task_tables.read_tasks` returns, and the few rules every
reader of a task file shares: which column names the task, which names the entity, and that every
entity has a result on every task. Per task, :attr:`TaskTable.boards` holds a leaderboard of the
entities' performances in *that task's* sample space — the labels seen in that task (or the space
``--space`` states) — so that a per-task score is the score of that task as scikit-learn computes it
from that task's predictions. :meth:`TaskTable.label_sets` groups the tasks by label set: the summarized
performance (a mixture) exists only for tasks of one label set.

>>> from ordertheory.spaces.sample_space import binary
>>> t = TaskTable(("a", "b"), ("A",), "x", "counts", label_keys=("binary", "multiclass:3 (labels 0, 1, 2)"))
>>> t.label_sets()
{'binary': (0,), 'multiclass:3 (labels 0, 1, 2)': (1,)}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Performance
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard
from ordertheory.ranking.leaderboards.sparse_leaderboard import NAME_KEYS
from ordertheory.scores.direction import Direction
from ordertheory.spaces.sample_space import SampleSpace

TASK_KEYS = ("task", "dataset")  # the column naming the task, in this order of preference
SEP = "\x1f"  # joins task and entity into one name while a whole file is read as one leaderboard


@dataclass(frozen=True)
class TaskTable:
    """Entities evaluated on several tasks: per task a :class:`Leaderboard` of their performances
    (``boards``, entities in the order of :attr:`entities`, each task in its own sample space), or — a
    scores-only table — per value column the exact values ``values[column][task][entity]`` (None where
    a result is missing or failed: ranked last on its task)."""

    tasks: tuple[str, ...]
    entities: tuple[str, ...]
    source: str
    conversion: str
    boards: tuple[Leaderboard, ...] = ()
    columns: tuple[str, ...] = ()
    values: tuple[tuple[tuple[Fraction | None, ...], ...], ...] = ()
    #: per task, the key of its label set ("binary", or the space and its labels); tasks of one key share Ω
    label_keys: tuple[str, ...] = ()
    #: lines a reader adds to what is printed (folds averaged, failed runs, metrics of the tasks…)
    notes: tuple[str, ...] = ()
    #: a value column's direction when the file's format states it (amlb's metrics), by column
    directions: Mapping[str, Direction] = field(default_factory=dict)
    #: per task, its metric when the file names one (amlb's ``metric`` column)
    metrics: tuple[str, ...] = ()
    #: folds kept as resamples (``--folds resamples``): per value column, per task, per fold, per entity
    resamples: tuple[tuple[tuple[tuple[Fraction | None, ...], ...], ...], ...] = ()

    @property
    def has_performances(self) -> bool:
        """Whether the table holds performances (else only score values)."""
        return bool(self.boards)

    @property
    def space(self) -> SampleSpace | None:
        """The sample space of every task when they share one label set, else None."""
        if not self.boards or len(self.label_sets()) != 1:
            return None
        return self.boards[0].space

    def label_sets(self) -> dict[str, tuple[int, ...]]:
        """The tasks (indices) of each label set, in the order first met."""
        out: dict[str, list[int]] = {}
        for t, key in enumerate(self.label_keys or ("",) * len(self.tasks)):
            out.setdefault(key, []).append(t)
        return {k: tuple(v) for k, v in out.items()}

    def describe_label_sets(self) -> str:
        """One line: each label set and its number of tasks."""
        groups = self.label_sets()
        return "; ".join(f"{key} on {len(ts)} task{'s' if len(ts) > 1 else ''}" for key, ts in groups.items())

    def column(self, name: str) -> tuple[tuple[Fraction | None, ...], ...]:
        """One value column of a scores-only table, ``[task][entity]``."""
        if name not in self.columns:
            raise InvalidInput(f"unknown column {name!r}; this table's value columns are {', '.join(self.columns)}")
        return self.values[self.columns.index(name)]

    def folds(self, name: str) -> tuple[tuple[tuple[Fraction | None, ...], ...], ...] | None:
        """A value column's per-fold values ``[task][fold][entity]`` when the folds are kept as resamples."""
        return self.resamples[self.columns.index(name)] if self.resamples and name in self.columns else None

    def performances(self, task: int) -> tuple[Performance | SparsePerformance, ...]:
        """The entities' performances on one task, in the order of :attr:`entities`."""
        return self.boards[task].performances

    def to_json(self) -> dict:
        sets = self.label_sets() if self.boards else {}
        return {"source": self.source, "tasks": len(self.tasks), "entities": len(self.entities),
                "conversion": self.conversion, "space": None if self.space is None else self.space.name,
                "label_sets": [{"label_set": k, "tasks": [self.tasks[t] for t in ts]} for k, ts in sets.items()]
                if self.boards else None,
                "columns": list(self.columns) if self.columns else None, "notes": list(self.notes),
                "metrics": sorted(set(self.metrics)) if self.metrics else None}


def task_key(keys: Sequence[str]) -> str | None:
    """The task column of a header (``task``, else ``dataset``, any case), or None."""
    low = {str(k).strip().lower(): k for k in keys}
    return next((low[k] for k in TASK_KEYS if k in low), None)


def name_key(keys: Sequence[str], where: str) -> str:
    """The entity column of a header (``entity``, ``name``, ``filename``, ``model``), else a one-line error."""
    low = {str(k).strip().lower(): k for k in keys}
    key = next((low[k] for k in NAME_KEYS if k in low), None)
    if key is None:
        raise InvalidInput(f"{where}: expected an entity column ({', '.join(NAME_KEYS)}) beside the task column")
    return key


def joined(task: object, name: object, where: str) -> str:
    """``task SEP entity``, both non-empty and free of the separator."""
    t, n = str(task).strip() if task is not None else "", str(name).strip() if name is not None else ""
    if not t or not n:
        raise InvalidInput(f"{where}: expected a task and an entity name on every row")
    if SEP in t or SEP in n:
        raise InvalidInput(f"{where}: a task or entity name holds the control character U+001F")
    return t + SEP + n


def check_complete(results: Mapping[str, Mapping[str, object]], names: Sequence[str], where: str) -> None:
    """Every entity has a result on every task, and there are two tasks at least (one-line errors)."""
    for t, got in results.items():
        missing = [e for e in names if e not in got]
        if missing:
            raise InvalidInput(f"{where}: task {t!r} has no result for {', '.join(missing[:5])}"
                               + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
                               + " (every entity needs a result on every task)")
    if len(results) < 2:
        raise InvalidInput(f"{where}: expected at least 2 tasks but got {len(results)} ({', '.join(results)})")


def label_key(space: SampleSpace, labels: Sequence[object] = ()) -> str:
    """A task's label set: ``binary`` for two classes (negative, positive: binary tasks mix whatever their
    labels are called), else the space's name with the labels when the file names them."""
    if space.is_binary:
        return "binary"
    if labels and space.is_crisp_multiclass:
        shown = ", ".join(map(str, labels[:6])) + (", …" if len(labels) > 6 else "")
        return f"{space.name} (labels {shown})"
    return space.name


def sorted_labels(values: Sequence[object]) -> tuple:
    """Labels as the sparse reader orders them: integers numerically, then names."""
    out = set()
    for v in values:
        text = str(v).strip()
        digits = text.removeprefix("-")
        out.add(int(text) if digits.isascii() and digits.isdigit() else text)
    return tuple(sorted(out, key=lambda x: (isinstance(x, str), x if isinstance(x, int) else 0, str(x))))


__all__ = ["SEP", "TASK_KEYS", "TaskTable", "check_complete", "joined", "label_key", "name_key", "sorted_labels",
           "task_key"]
