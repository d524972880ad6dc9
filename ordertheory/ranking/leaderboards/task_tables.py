"""Multi-task leaderboards: a ``task`` column beside every leaderboard shape, and tables of scores only.

Every benchmark has several tasks (datasets, videos, images, cases). A multi-task file is any
leaderboard of :mod:`~ordertheory.ranking.leaderboards.leaderboard` with one more column (or JSON key)
``task`` (or ``dataset``), one row per task and entity — ``task,entity,tn,fp,fn,tp``,
``task,entity,y0_p0,…``, ``task,entity,true,pred,count`` (sparse cells), a JSON list of such objects
(raw per-sample predictions with ``y_true``/``y_score`` too), a DataFrame — or a per-sample
predictions CSV ``task,sample,y_true,A,B,…`` (crisp labels, counted per task). All tasks share one
sample space: the classes are the labels of the whole file (``--space multiclass:K`` fixes K), the
positive class of two is chosen once (``--pos-label``).

A **scores-only** table ``task,entity,VALUE…`` (the shape of an AutoML benchmark or MTEB results
file: one numeric column per metric) holds no performance: it is ranked by its values alone (the
statistics of :mod:`ordertheory.ranking.tasks`), never summarized.

Every entity must have a result on every task (the statistics compare the entities task by task,
as Friedman's test and the critical-difference diagram assume); a missing or repeated one is a
one-line error naming it.

>>> text = "task,entity,tn,fp,fn,tp\\nt1,A,6,2,1,1\\nt1,B,5,3,1,1\\nt2,A,3,1,1,0\\nt2,B,2,2,0,1\\n"
>>> tt = read_tasks(io.StringIO(text))
>>> tt.tasks, tt.entities, tt.boards[1].performance("B")["tp"]
(('t1', 't2'), ('A', 'B'), Fraction(1, 5))
>>> st = read_tasks(io.StringIO("task,entity,accuracy\\nt1,A,0.9\\nt1,B,0.8\\nt2,A,0.7\\nt2,B,0.75\\n"))
>>> st.columns, st.column("accuracy")[1]
(('accuracy',), (Fraction(7, 10), Fraction(3, 4)))
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Performance
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.ranking.leaderboards.leaderboard import BINARY, Leaderboard, Provenance, read_leaderboard
from ordertheory.ranking.leaderboards.numbers import Integer, exact_number
from ordertheory.ranking.leaderboards.sparse_leaderboard import NAME_KEYS, is_cells_header, sniff_delimiter
from ordertheory.spaces.sample_space import SampleSpace

TASK_KEYS = ("task", "dataset")  # the column naming the task, in this order of preference
ONE_LEADERBOARD = ("; without one it is one leaderboard, which `ordertheory rank FILE --score SCORE` ranks (a "
                   "benchmark has one row per task and entity: task,entity,tn,fp,fn,tp, task,entity,true,pred,count, "
                   "task,sample,y_true,<entity>..., or task,entity,<value column>...)")
SEP = "\x1f"  # joins task and entity into one name while the whole file is read as one leaderboard
_OUTCOME = re.compile(r"y\d+_(p\d+|s\d+|abstain)|proba_(tn|fp|fn|tp)")


@dataclass(frozen=True)
class TaskTable:
    """Entities evaluated on several tasks: per task a :class:`Leaderboard` of their performances
    (``boards``, entities in the order of :attr:`entities`), or — a scores-only table — per value
    column the exact values ``values[column][task][entity]``."""

    tasks: tuple[str, ...]
    entities: tuple[str, ...]
    source: str
    conversion: str
    boards: tuple[Leaderboard, ...] = ()
    columns: tuple[str, ...] = ()
    values: tuple[tuple[tuple[Fraction, ...], ...], ...] = ()

    @property
    def has_performances(self) -> bool:
        """Whether the table holds performances (else only score values)."""
        return bool(self.boards)

    @property
    def space(self) -> SampleSpace | None:
        return self.boards[0].space if self.boards else None

    def column(self, name: str) -> tuple[tuple[Fraction, ...], ...]:
        """One value column of a scores-only table, ``[task][entity]``."""
        if name not in self.columns:
            raise InvalidInput(f"unknown column {name!r}; this table's value columns are {', '.join(self.columns)}")
        return self.values[self.columns.index(name)]

    def performances(self, task: int) -> tuple[Performance | SparsePerformance, ...]:
        """The entities' performances on one task, in the order of :attr:`entities`."""
        return self.boards[task].performances

    def to_json(self) -> dict:
        return {"source": self.source, "tasks": len(self.tasks), "entities": len(self.entities),
                "conversion": self.conversion, "space": None if self.space is None else self.space.name,
                "columns": list(self.columns) if self.columns else None}


def task_key(keys: Sequence[str]) -> str | None:
    """The task column of a header (``task``, else ``dataset``, any case), or None."""
    low = {str(k).strip().lower(): k for k in keys}
    return next((low[k] for k in TASK_KEYS if k in low), None)


def has_task_column(source: object) -> bool:
    """Whether a file (its header or first JSON object) or a DataFrame has a task column."""
    if hasattr(source, "columns"):
        return task_key([str(c) for c in source.columns]) is not None
    path = Path(str(source))
    try:
        with path.open(encoding="utf-8") as f:
            head = f.read(4096) if path.suffix.lower() == ".json" else f.readline()
    except (OSError, UnicodeDecodeError):
        return False
    if path.suffix.lower() == ".json":
        return re.search(r'"(task|dataset)"\s*:', head, re.IGNORECASE) is not None
    return task_key(next(csv.reader([head], delimiter=sniff_delimiter(head, path.suffix.lower())), [])) is not None


def read_tasks(source: object, decimals: int | None = None, space: SampleSpace | None = None,
               pos_label: object = None) -> TaskTable:
    """Read a multi-task table from a path (.csv, .tsv, .json), a CSV text stream, a DataFrame or a list
    of records (see the module's docstring for the shapes)."""
    where = str(source) if isinstance(source, str | Path) else ("DataFrame" if hasattr(source, "columns")
                                                                 else "<records>" if isinstance(source, list)
                                                                 else "<stream>")
    if hasattr(source, "columns") and hasattr(source, "to_dict"):
        return _from_records(source.to_dict(orient="records"), where, decimals, space, pos_label)
    if isinstance(source, list):
        return _from_records(source, where, decimals, space, pos_label)
    if isinstance(source, str | Path):
        path = Path(source)
        suffix = path.suffix.lower()
        if suffix not in (".json", ".csv", ".tsv", ".txt"):
            raise InvalidInput(f"expected a .json, .csv or .tsv table of tasks but got {where!r}")
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidInput(f"cannot read {where!r}: {exc.strerror or exc}") from None
        if suffix == ".json":
            try:
                data = json.loads(text, parse_int=Integer)
            except json.JSONDecodeError as exc:
                raise InvalidInput(f"{where}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
            if isinstance(data, Mapping) and isinstance(data.get("entities"), list):
                data = data["entities"]
            if not isinstance(data, list):
                raise InvalidInput(f"{where}: expected a JSON list of objects but got {type(data).__name__}")
            if data and isinstance(data[0], Mapping) and "y_true" in data[0]:  # per-sample: plain integers
                try:
                    plain = json.loads(text)
                except ValueError:
                    raise InvalidInput(f"{where}: a number in the predictions is too long to read") from None
                data = plain["entities"] if isinstance(plain, Mapping) else plain
            return _from_records(data, where, decimals, space, pos_label)
        return _from_text(text, where, suffix, decimals, space, pos_label)
    if hasattr(source, "read"):
        return _from_text(source.read(), where, ".csv", decimals, space, pos_label)
    raise InvalidInput(f"expected a path, a CSV stream, a list of records or a DataFrame but got {type(source).__name__}")


def _is_performance(keys: Sequence[str]) -> bool:
    ks = {str(k).strip() for k in keys}
    return (is_cells_header(list(ks)) or "y_true" in ks or "cells" in ks or "confusion_matrix" in ks
            or set(BINARY) <= ks or any(_OUTCOME.fullmatch(k) for k in ks))


def _name_key(keys: Sequence[str], where: str) -> str:
    low = {str(k).strip().lower(): k for k in keys}
    key = next((low[k] for k in NAME_KEYS if k in low), None)
    if key is None:
        raise InvalidInput(f"{where}: expected an entity column ({', '.join(NAME_KEYS)}) beside the task column")
    return key


def _joined(task: object, name: object, where: str) -> str:
    t, n = str(task).strip() if task is not None else "", str(name).strip() if name is not None else ""
    if not t or not n:
        raise InvalidInput(f"{where}: expected a task and an entity name on every row")
    if SEP in t or SEP in n:
        raise InvalidInput(f"{where}: a task or entity name holds the control character U+001F")
    return t + SEP + n


def _from_text(text: str, where: str, suffix: str, decimals, space, pos_label) -> TaskTable:
    first = text.split("\n", 1)[0]
    delimiter = sniff_delimiter(first, suffix)
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    header = [h.strip() for h in rows[0]] if rows else []
    tkey = task_key(header)
    if tkey is None:
        raise InvalidInput(f"{where}: expected a task column (task or dataset) but the header is {','.join(header)}"
                           + ONE_LEADERBOARD)
    ti = header.index(tkey)
    body = [r for r in rows[1:] if r]
    for n, r in enumerate(body, 2):
        if len(r) != len(header):
            raise InvalidInput(f"{where}: line {n} has {len(r)} fields, expected {len(header)}")
    if "y_true" in header:
        return _predictions(header, body, ti, where, space, pos_label)
    if not _is_performance(header):
        return _scores_only([dict(zip(header, r)) for r in body], header, tkey, where, decimals)
    ni = header.index(_name_key(header, where))
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow([h for i, h in enumerate(header) if i != ti])
    for n, r in enumerate(body, 2):
        r = list(r)
        r[ni] = _joined(r[ti], r[ni], f"{where}: line {n}")
        w.writerow([x for i, x in enumerate(r) if i != ti])
    out.seek(0)
    return _split(_read_joined(out, where, decimals, space, pos_label), where)


def _from_records(records: list, where: str, decimals, space, pos_label) -> TaskTable:
    if not records or not isinstance(records[0], Mapping):
        raise InvalidInput(f"{where}: expected a non-empty list of objects, each with a task")
    keys = list(records[0].keys())
    tkey = task_key(keys)
    if tkey is None:
        raise InvalidInput(f"{where}: expected a task key (task or dataset) in every object" + ONE_LEADERBOARD)
    if not _is_performance(keys):
        return _scores_only(records, keys, tkey, where, decimals)
    nkey = _name_key(keys, where)
    joined = []
    for n, r in enumerate(records, 1):
        if not isinstance(r, Mapping):
            raise InvalidInput(f"{where}: item {n}: expected an object but got {type(r).__name__}")
        r = {k: v for k, v in r.items() if k != tkey}
        r[nkey] = _joined(records[n - 1].get(tkey), r.get(nkey), f"{where}: item {n}")
        joined.append(r)
    return _split(_read_joined(joined, where, decimals, space, pos_label), where)


def _read_joined(source, where: str, decimals, space, pos_label) -> Leaderboard:
    """The whole file as one leaderboard of (task, entity) names: one space, one reading of the numbers."""
    try:
        return read_leaderboard(source, decimals=decimals, space=space, pos_label=pos_label)
    except InvalidInput as exc:  # the joined names, as a reader writes them
        raise InvalidInput(str(exc).replace("<stream>", where).replace("<records>", where).replace(SEP, " / ")) from None


def _predictions(header, body, ti, where, space, pos_label) -> TaskTable:
    """A per-sample predictions CSV with a task column: each task's cases counted into sparse cells."""
    if any(h.startswith("score:") for h in header):
        raise InvalidInput(f"{where}: score:<entity> columns are read for one task (rank --predictions); "
                           "a multi-task file of predictions holds labels only")
    yi = header.index("y_true")
    cols = [i for i, h in enumerate(header) if h not in ("task", "dataset", "sample", "y_true", "group") and i != ti]
    if not cols:
        raise InvalidInput(f"{where}: expected one column of predicted labels per entity after y_true")
    cells: dict[tuple[str, str, str], int] = {}
    for n, r in enumerate(body, 2):
        for i in cols:
            key = (_joined(r[ti], header[i], f"{where}: line {n}"), r[yi].strip(), r[i].strip())
            if not key[1] or not key[2]:
                raise InvalidInput(f"{where}: line {n}: expected a value in every column")
            cells[key] = cells.get(key, 0) + 1
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["entity", "true", "pred", "count"])
    w.writerows([e, t, p, c] for (e, t, p), c in cells.items())
    out.seek(0)
    return _split(_read_joined(out, where, None, space, pos_label), where, "per-sample predictions counted per task")


def _split(lb: Leaderboard, where: str, how: str | None = None) -> TaskTable:
    """The joined leaderboard split back into one leaderboard per task, every entity on every task."""
    tasks: dict[str, dict[str, int]] = {}
    entities: dict[str, None] = {}
    for i, name in enumerate(lb.names):
        t, e = name.split(SEP, 1)
        tasks.setdefault(t, {})[e] = i
        entities.setdefault(e)
    names = tuple(entities)
    for t, got in tasks.items():
        missing = [e for e in names if e not in got]
        if missing:
            raise InvalidInput(f"{where}: task {t!r} has no result for {', '.join(missing[:5])}"
                               + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
                               + " (every entity needs a result on every task)")
    if len(tasks) < 2:
        raise InvalidInput(f"{where}: expected at least 2 tasks but got {len(tasks)} ({', '.join(tasks)})")
    conversion = how + "; " + lb.provenance.conversion if how else lb.provenance.conversion
    boards = []
    for t, got in tasks.items():
        idx = [got[e] for e in names]
        counts = None if lb.counts is None else tuple(lb.counts[i] for i in idx)
        prov = Provenance(f"{where} (task {t})", lb.provenance.format, conversion, lb.provenance.decimals)
        boards.append(Leaderboard(lb.space, tuple((e, lb.entities[i][1]) for e, i in zip(names, idx)), prov, counts))
    return TaskTable(tuple(tasks), names, where, conversion, boards=tuple(boards))


def _scores_only(rows: list, keys: Sequence[str], tkey: str, where: str, decimals) -> TaskTable:
    """A table of values only: ``task, entity`` and one numeric column per metric, exact."""
    nkey = _name_key(keys, where)
    columns = tuple(str(k).strip() for k in keys if k not in (tkey, nkey))
    if not columns:
        raise InvalidInput(f"{where}: expected value columns beside {tkey} and {nkey} (e.g. task,entity,accuracy)")
    table: dict[str, dict[str, tuple]] = {}
    entities: dict[str, None] = {}
    for n, r in enumerate(rows, 1):
        if not isinstance(r, Mapping):
            raise InvalidInput(f"{where}: row {n}: expected an object but got {type(r).__name__}")
        t, e = _joined(r.get(tkey), r.get(nkey), f"{where}: row {n}").split(SEP)
        if e in table.setdefault(t, {}):
            raise InvalidInput(f"{where}: row {n}: entity {e!r} appears twice on task {t!r}")
        vals = []
        for c, k in zip(columns, (k for k in keys if k not in (tkey, nkey))):
            v = r.get(k)
            if v is None or str(v).strip() == "":
                raise InvalidInput(f"{where}: row {n} ({t} / {e}): missing value for {c}")
            vals.append(exact_number(v, decimals, f"{where}: row {n} ({t} / {e}), {c}")[0])
        table[t][e] = tuple(vals)
        entities.setdefault(e)
    names = tuple(entities)
    for t, got in table.items():
        missing = [e for e in names if e not in got]
        if missing:
            raise InvalidInput(f"{where}: task {t!r} has no result for {', '.join(missing[:5])}"
                               + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
                               + " (every entity needs a result on every task)")
    if len(table) < 2:
        raise InvalidInput(f"{where}: expected at least 2 tasks but got {len(table)}")
    values = tuple(tuple(tuple(table[t][e][c] for e in names) for t in table) for c in range(len(columns)))
    how = "values only (no performances): read exactly" + (f", rounded to {decimals} decimals" if decimals else "")
    return TaskTable(tuple(table), names, where, how, columns=columns, values=values)


__all__ = ["SEP", "TASK_KEYS", "TaskTable", "has_task_column", "read_tasks", "task_key"]
