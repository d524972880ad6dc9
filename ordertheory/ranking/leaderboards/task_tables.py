"""Multi-task leaderboards: a ``task`` column beside every leaderboard shape, and tables of scores only.

Every benchmark has several tasks (datasets, videos, images, cases). A multi-task file is any
leaderboard of :mod:`~ordertheory.ranking.leaderboards.leaderboard` with one more column (or JSON key)
``task`` (or ``dataset``), one row per task and entity — ``task,entity,tn,fp,fn,tp``,
``task,entity,y0_p0,…``, ``task,entity,true,pred,count`` (sparse cells), a JSON list of such objects
(raw per-sample predictions with ``y_true``/``y_score`` too), a DataFrame — or a per-sample
predictions CSV ``task,sample,y_true,A,B,…`` (crisp labels, counted per task).

**Each task is read in its own label set**: its sample space is made of the labels seen in that task
(true or predicted, by any entity), so that a binary task is binary and a 3-class task has 3 classes
whatever the other tasks hold, and a per-task score is that task's score as scikit-learn computes it
from the task's predictions; ``--space multiclass:K`` states one space for every task instead (the
images of one segmentation data set share its K classes even when an image misses one). The positive
class of a two-class task is ``--pos-label`` (1 by default for labels 0/1). A dense header
(``tn,fp,fn,tp``, ``y{i}_p{j}``) states its classes itself; raw per-sample *scores* (JSON ``y_score``)
share one space, the union of the tasks' score levels. Tasks of one label set can be mixed into the
summarized performance; across label sets only the aggregates defined per task exist.

A **scores-only** table — ``task,entity,VALUE…`` (one numeric column per metric, as MTEB writes), or an
AutoML Benchmark results file (``task,framework,fold,metric,result,…``, one row per framework, task and
fold: :mod:`~ordertheory.ranking.leaderboards.score_tables`) — holds no performance: it is ranked by its
values alone (the statistics of :mod:`ordertheory.ranking.tasks`), never summarized.

Every entity must have a result on every task (the statistics compare the entities task by task,
as Friedman's test and the critical-difference diagram assume); a missing or repeated one is a
one-line error naming it.

>>> text = "task,entity,tn,fp,fn,tp\\nt1,A,6,2,1,1\\nt1,B,5,3,1,1\\nt2,A,3,1,1,0\\nt2,B,2,2,0,1\\n"
>>> tt = read_tasks(io.StringIO(text))
>>> tt.tasks, tt.entities, tt.boards[1].performance("B")["tp"]
(('t1', 't2'), ('A', 'B'), Fraction(1, 5))
>>> mixed = read_tasks(io.StringIO("task,entity,true,pred,count\\nt1,A,0,0,3\\nt1,A,1,1,2\\n"
...                                "t2,A,0,0,1\\nt2,A,1,2,1\\nt2,A,2,2,2\\n"))
>>> [b.space.name for b in mixed.boards], mixed.space is None
(['binary', 'multiclass:3'], True)
>>> st = read_tasks(io.StringIO("task,entity,accuracy\\nt1,A,0.9\\nt1,B,0.8\\nt2,A,0.7\\nt2,B,0.75\\n"))
>>> st.columns, st.column("accuracy")[1]
(('accuracy',), (Fraction(7, 10), Fraction(3, 4)))
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.leaderboard import BINARY, Leaderboard, Provenance, read_leaderboard
from ordertheory.ranking.leaderboards.numbers import Integer
from ordertheory.ranking.leaderboards.prediction_leaderboards import is_raw
from ordertheory.ranking.leaderboards.score_tables import is_amlb, read_amlb, scores_only
from ordertheory.ranking.leaderboards.sparse_leaderboard import is_cells_header, sniff_delimiter
from ordertheory.ranking.leaderboards.task_table import (
    SEP,
    TASK_KEYS,
    TaskTable,
    check_complete,
    joined,
    label_key,
    name_key,
    sorted_labels,
    task_key,
)
from ordertheory.spaces.sample_space import SampleSpace

ONE_LEADERBOARD = ("; without one it is one leaderboard, which `ordertheory rank FILE --score SCORE` ranks (a "
                   "benchmark has one row per task and entity: task,entity,tn,fp,fn,tp, task,entity,true,pred,count, "
                   "task,sample,y_true,<entity>..., task,entity,<value column>..., or an AutoML Benchmark results.csv)")
_OUTCOME = re.compile(r"y\d+_(p\d+|s\d+|abstain)|proba_(tn|fp|fn|tp)")


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
               pos_label: object = None, folds: str = "mean", constraint: str | None = None) -> TaskTable:
    """Read a multi-task table from a path (.csv, .tsv, .json), a CSV text stream, a DataFrame or a list
    of records (see the module's docstring for the shapes); ``folds`` and ``constraint`` are read by an
    AutoML Benchmark results file (:func:`~ordertheory.ranking.leaderboards.score_tables.read_amlb`)."""
    where = str(source) if isinstance(source, str | Path) else ("DataFrame" if hasattr(source, "columns")
                                                                 else "<records>" if isinstance(source, list)
                                                                 else "<stream>")
    opts = (decimals, space, pos_label, folds, constraint)
    if hasattr(source, "columns") and hasattr(source, "to_dict"):
        return _from_records(source.to_dict(orient="records"), where, *opts)
    if isinstance(source, list):
        return _from_records(source, where, *opts)
    if isinstance(source, str | Path):
        path = Path(source)
        suffix = path.suffix.lower()
        if suffix not in (".json", ".csv", ".tsv", ".txt"):
            raise InvalidInput(f"expected a .json, .csv or .tsv table of tasks but got {where!r}")
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidInput(f"cannot read {where!r}: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise InvalidInput(f"{where}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
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
            return _from_records(data, where, *opts)
        return _from_text(text, where, suffix, *opts)
    if hasattr(source, "read"):
        return _from_text(source.read(), where, ".csv", *opts)
    raise InvalidInput(f"expected a path, a CSV stream, a list of records or a DataFrame but got {type(source).__name__}")


def _is_performance(keys: Sequence[str]) -> bool:
    ks = {str(k).strip() for k in keys}
    return (is_cells_header(list(ks)) or "y_true" in ks or "cells" in ks or "confusion_matrix" in ks
            or set(BINARY) <= ks or any(_OUTCOME.fullmatch(k) for k in ks))


def _from_text(text: str, where: str, suffix: str, decimals, space, pos_label, folds, constraint) -> TaskTable:
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
    if is_amlb(header):
        return read_amlb([dict(zip(header, r)) for r in body], header, where, decimals, folds, constraint)
    if "y_true" in header:
        return _predictions(header, body, ti, where, space, pos_label)
    if not _is_performance(header):
        return scores_only([dict(zip(header, r)) for r in body], header, tkey, where, decimals)
    ni = header.index(name_key(header, where))
    kept = [h for i, h in enumerate(header) if i != ti]
    groups: dict[str, list[list[str]]] = {}
    for n, r in enumerate(body, 2):
        joined(r[ti], r[ni], f"{where}: line {n}")  # both names present
        groups.setdefault(r[ti].strip(), []).append([x for i, x in enumerate(r) if i != ti])
    cells = is_cells_header(kept)
    ci = (kept.index(next(h for h in kept if h.lower() == "true")), kept.index(next(h for h in kept if h.lower() == "pred"))) \
        if cells else ()

    def read(rows: list[list[str]]) -> tuple[Leaderboard, tuple]:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(kept)
        w.writerows(rows)
        out.seek(0)
        labels = sorted_labels([r[i] for r in rows for i in ci]) if cells else ()
        return read_leaderboard(out, decimals=decimals, space=space, pos_label=pos_label), labels

    return _per_task(groups, read, where, space=space)


def _from_records(records: list, where: str, decimals, space, pos_label, folds, constraint) -> TaskTable:
    if not records or not isinstance(records[0], Mapping):
        raise InvalidInput(f"{where}: expected a non-empty list of objects, each with a task")
    keys = [str(k) for k in records[0].keys()]
    tkey = task_key(keys)
    if tkey is None:
        raise InvalidInput(f"{where}: expected a task key (task or dataset) in every object" + ONE_LEADERBOARD)
    if is_amlb(keys):
        return read_amlb(records, keys, where, decimals, folds, constraint)
    if not _is_performance(keys):
        return scores_only(records, keys, tkey, where, decimals)
    nkey = name_key(keys, where)
    if is_raw(records[0]) and "y_score" in records[0]:  # scores: one space, the union of the tasks' levels
        return _joined_scores(records, tkey, nkey, where, decimals, space, pos_label)
    groups: dict[str, list[Mapping]] = {}
    for n, r in enumerate(records, 1):
        if not isinstance(r, Mapping):
            raise InvalidInput(f"{where}: item {n}: expected an object but got {type(r).__name__}")
        t, _ = joined(r.get(tkey), r.get(nkey), f"{where}: item {n}").split(SEP)
        groups.setdefault(t, []).append({k: v for k, v in r.items() if k != tkey})

    def read(rows: list[Mapping]) -> tuple[Leaderboard, tuple]:
        labels = sorted_labels([v for r in rows for k in ("true", "pred") if (v := r.get(k)) is not None]
                               + [c[i] for r in rows for c in (r.get("cells") or []) for i in (0, 1)
                                  if isinstance(c, list) and len(c) == 3]
                               + [v for r in rows if is_raw(r) for k in ("y_true", "y_pred")
                                  for v in (r.get(k) or []) if v is not None])
        return read_leaderboard(rows, decimals=decimals, space=space, pos_label=pos_label), labels

    return _per_task(groups, read, where, space=space)


def _per_task(groups: Mapping[str, object], read: Callable[[object], tuple[Leaderboard, tuple]], where: str,
              how: str | None = None, space: SampleSpace | None = None) -> TaskTable:
    """Each task's rows read as one leaderboard in its own label set (``space``: the one stated for every
    task, labels 0..K−1), then every entity checked on every task."""
    boards: dict[str, Leaderboard] = {}
    keys: dict[str, str] = {}
    for t, rows in groups.items():
        try:
            lb, labels = read(rows)
        except InvalidInput as exc:
            text = str(exc).replace("<stream>", f"{where}, task {t!r}").replace("<records>", f"{where}, task {t!r}")
            raise InvalidInput(text if t in text else f"{where}, task {t!r}: {text}") from None
        boards[t], keys[t] = lb, label_key(lb.space, () if space is not None else labels)
    names = tuple(dict.fromkeys(n for lb in boards.values() for n in lb.names))
    check_complete({t: set(lb.names) for t, lb in boards.items()}, names, where)
    out = []
    for t, lb in boards.items():
        idx = [lb.names.index(e) for e in names]
        counts = None if lb.counts is None else tuple(lb.counts[i] for i in idx)
        conv = how + "; " + lb.provenance.conversion if how else lb.provenance.conversion
        prov = Provenance(f"{where} (task {t})", lb.provenance.format, conv, lb.provenance.decimals)
        out.append(Leaderboard(lb.space, tuple(lb.entities[i] for i in idx), prov, counts))
    conversions = dict.fromkeys(b.provenance.conversion.split("; ")[0] for b in out)
    conversion = "; ".join(conversions) + "; each task in its own label set"
    return TaskTable(tuple(boards), names, where, conversion, boards=tuple(out),
                     label_keys=tuple(keys[t] for t in boards))


def _joined_scores(records, tkey, nkey, where, decimals, space, pos_label) -> TaskTable:
    """Per-sample scores (JSON ``y_score``): the whole file as one leaderboard of (task, entity) names —
    one scored space, the union of every task's levels — split back into tasks."""
    rows = []
    for n, r in enumerate(records, 1):
        if not isinstance(r, Mapping):
            raise InvalidInput(f"{where}: item {n}: expected an object but got {type(r).__name__}")
        row = {k: v for k, v in r.items() if k != tkey}
        row[nkey] = joined(r.get(tkey), r.get(nkey), f"{where}: item {n}")
        rows.append(row)
    try:
        lb = read_leaderboard(rows, decimals=decimals, space=space, pos_label=pos_label)
    except InvalidInput as exc:
        raise InvalidInput(str(exc).replace("<records>", where).replace(SEP, " / ")) from None
    groups: dict[str, dict[str, object]] = {}
    for name, P in lb.entities:
        t, e = name.split(SEP, 1)
        groups.setdefault(t, {})[e] = P
    names = tuple(dict.fromkeys(e for got in groups.values() for e in got))
    check_complete(groups, names, where)
    prov = lb.provenance
    boards = tuple(Leaderboard(lb.space, tuple((e, got[e]) for e in names),
                               Provenance(f"{where} (task {t})", prov.format, prov.conversion, prov.decimals))
                   for t, got in groups.items())
    return TaskTable(tuple(groups), names, where, prov.conversion + "; one scored space for every task",
                     boards=boards, label_keys=(label_key(lb.space),) * len(groups))


def _predictions(header, body, ti, where, space, pos_label) -> TaskTable:
    """A per-sample predictions CSV with a task column: each task's cases counted into sparse cells."""
    if any(h.startswith("score:") for h in header):
        raise InvalidInput(f"{where}: score:<entity> columns are read for one task (rank --predictions); "
                           "a multi-task file of predictions holds labels only")
    yi = header.index("y_true")
    cols = [i for i, h in enumerate(header) if h not in ("task", "dataset", "sample", "y_true", "group") and i != ti]
    if not cols:
        raise InvalidInput(f"{where}: expected one column of predicted labels per entity after y_true")
    groups: dict[str, dict[tuple[str, str, str], int]] = {}
    for n, r in enumerate(body, 2):
        t = joined(r[ti], "x", f"{where}: line {n}").split(SEP)[0]
        cells = groups.setdefault(t, {})
        for i in cols:
            key = (header[i].strip(), r[yi].strip(), r[i].strip())
            if not key[1] or not key[2]:
                raise InvalidInput(f"{where}: line {n}: expected a value in every column")
            cells[key] = cells.get(key, 0) + 1

    def read(cells: dict[tuple[str, str, str], int]) -> tuple[Leaderboard, tuple]:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["entity", "true", "pred", "count"])
        w.writerows([e, tr, p, c] for (e, tr, p), c in cells.items())
        out.seek(0)
        labels = sorted_labels([x for (_, tr, p) in cells for x in (tr, p)])
        return read_leaderboard(out, space=space, pos_label=pos_label), labels

    return _per_task(groups, read, where, "per-sample predictions counted per task", space)


__all__ = ["SEP", "TASK_KEYS", "TaskTable", "has_task_column", "read_tasks", "task_key"]
