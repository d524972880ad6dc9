"""Tables of score values across tasks: ``task,entity,VALUE…`` and the AutoML Benchmark's results files.

A **scores-only** table has one row per task and entity and one numeric column per metric (MTEB's and
most papers' tables): the values are read exactly, every entity needs one on every task.

An **AutoML Benchmark results file** (amlb's ``results.csv``, as ``amlb.results.Scoreboard`` writes it:
``id, task, framework, constraint, fold, type, result, metric, mode, version, params, app_version, utc,
duration, training_duration, predict_duration, models_count, seed, info``, then one column per metric it
computed — ``acc, auc, balacc, logloss, …``) has one row per framework × task × fold. It is read as is:

- the entities are the ``framework`` column, the tasks the ``task`` column;
- ``result`` is the main metric *with amlb's sign*: higher is better, a loss negated and its metric named
  ``neg_…`` (``metric = neg_logloss, result = −logloss``); a row whose metric is a loss written without
  ``neg_`` (older files) is negated here, so that ``result`` always ranks its largest value first. The
  metric columns (``logloss``, ``acc``…) are the values as computed, each with amlb's direction
  (:data:`AMLB_LOWER`: the losses);
- a task's value is the **mean of its folds** (``--folds mean``, exact), or the folds are also **kept as
  resamples** (``--folds resamples``: the bootstrap over tasks then redraws each drawn task's folds);
- a failed run (an empty or non-finite ``result``), or a fold a framework lacks while another has it,
  leaves that framework *undefined* on that task: ranked last there (challengeR's convention for a missing
  value), left out of the paired tests, and counted in what is printed;
- results of several ``constraint`` values (1h8c, 4h8c…) are not mixed: ``--constraint`` chooses one.

>>> rows = [{"task": t, "framework": f, "fold": str(k), "metric": m, "result": str(v)} for t, m, vals in [
...     ("iris", "neg_logloss", {"A": [-0.2, -0.4], "B": [-0.5, -0.5]}),
...     ("credit", "auc", {"A": [0.8, 0.9], "B": [0.9, 0.9]})] for f, vs in vals.items() for k, v in enumerate(vs)]
>>> t = read_amlb(rows, list(rows[0]), "<records>")
>>> t.entities, [[str(v) for v in row] for row in t.column("result")], t.metrics
(('A', 'B'), [['-3/10', '-1/2'], ['17/20', '9/10']], ('neg_logloss', 'auc'))
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.numbers import exact_number
from ordertheory.ranking.leaderboards.task_table import SEP, TaskTable, check_complete, joined, name_key
from ordertheory.scores.direction import Direction

AMLB_KEYS = ("task", "framework", "result")  # the columns that make a file amlb's
#: amlb's metrics with higher_is_better=False (amlb.results: ClassificationResult, RegressionResult, TimeSeriesResult)
AMLB_LOWER = frozenset({"logloss", "max_pce", "mean_pce", "mae", "mse", "msle", "rmse", "rmsle", "mase", "smape",
                        "mape", "nrmse", "wape", "sql", "wql"})
AMLB_HIGHER = frozenset({"acc", "auc", "auc_ovo", "auc_ovr", "balacc", "f05", "f1", "f2", "pr_auc", "r2"})
FOLDS = ("mean", "resamples")


def is_amlb(keys: Sequence[str]) -> bool:
    """Whether a header is an AutoML Benchmark results file's (``task``, ``framework`` and ``result``)."""
    return set(AMLB_KEYS) <= {str(k).strip().lower() for k in keys}


def scores_only(rows: list, keys: Sequence[str], tkey: str, where: str, decimals) -> TaskTable:
    """A table of values only: ``task, entity`` and one numeric column per metric, exact."""
    nkey = name_key(keys, where)
    columns = tuple(str(k).strip() for k in keys if k not in (tkey, nkey))
    if not columns:
        raise InvalidInput(f"{where}: expected value columns beside {tkey} and {nkey} (e.g. task,entity,accuracy), "
                           "or the performance columns of a leaderboard (tn,fp,fn,tp; true,pred,count; y_true…)")
    table: dict[str, dict[str, tuple]] = {}
    entities: dict[str, None] = {}
    for n, r in enumerate(rows, 1):
        if not isinstance(r, Mapping):
            raise InvalidInput(f"{where}: row {n}: expected an object but got {type(r).__name__}")
        t, e = joined(r.get(tkey), r.get(nkey), f"{where}: row {n}").split(SEP)
        if e in table.setdefault(t, {}):
            raise InvalidInput(f"{where}: row {n}: entity {e!r} appears twice on task {t!r}")
        vals = []
        for c, k in zip(columns, (k for k in keys if k not in (tkey, nkey))):
            v = r.get(k)
            if v is None or str(v).strip() == "":
                raise InvalidInput(f"{where}: row {n} ({t} / {e}): missing value for {c}")
            vals.append(exact_number(v, decimals, f"{where}: row {n} ({t} / {e}), {c} (a scores-only table holds "
                                                  "task, entity and numeric value columns)")[0])
        table[t][e] = tuple(vals)
        entities.setdefault(e)
    names = tuple(entities)
    check_complete(table, names, where)
    values = tuple(tuple(tuple(table[t][e][c] for e in names) for t in table) for c in range(len(columns)))
    how = "values only (no performances): read exactly" + (f", rounded to {decimals} decimals" if decimals else "")
    return TaskTable(tuple(table), names, where, how, columns=columns, values=values)


def _number(v: object, decimals, where: str) -> Fraction | None:
    """An exact number, or None for a failed run (empty, NaN, ±inf)."""
    if v is None or str(v).strip() == "" or str(v).strip().lower() in ("nan", "inf", "-inf", "none", "null"):
        return None
    if isinstance(v, float) and not math.isfinite(v):
        return None
    return exact_number(v, decimals, where)[0]


def _key(r: Mapping, low: Mapping[str, str], name: str) -> str:
    return str(r.get(low[name], "")).strip() if name in low else ""


def read_amlb(rows: list, keys: Sequence[str], where: str, decimals=None, folds: str = "mean",
              constraint: str | None = None) -> TaskTable:
    """An AutoML Benchmark results file (see the module's docstring): ``result`` and every metric column,
    each task's folds averaged exactly (``folds``: ``mean``, or ``resamples`` to keep them too)."""
    if folds not in FOLDS:
        raise InvalidInput(f"expected --folds {' or '.join(FOLDS)} but got {folds!r}")
    low = {str(k).strip().lower(): str(k) for k in keys}
    if "metric" not in low:
        raise InvalidInput(f"{where}: an AutoML Benchmark results file needs its metric column (amlb writes it beside "
                           "result) to know the result's direction")
    found = sorted({_key(r, low, "constraint") for r in rows if isinstance(r, Mapping)} - {""})
    if len(found) > 1 and constraint is None:
        raise InvalidInput(f"{where}: results of {len(found)} constraints ({', '.join(found)}); choose one with "
                           "--constraint NAME")
    if constraint is not None and constraint not in found:
        raise InvalidInput(f"{where}: no result with constraint {constraint!r}; the file has "
                           f"{', '.join(found) or 'no constraint column'}")
    metric_cols = tuple(low[m] for m in sorted(AMLB_LOWER | AMLB_HIGHER) if m in low)
    columns = ("result",) + tuple(c for c in metric_cols)
    cells: dict[tuple[str, str, str], tuple] = {}
    metrics: dict[str, str] = {}
    negated = 0
    for n, r in enumerate(rows, 2):
        if not isinstance(r, Mapping):
            raise InvalidInput(f"{where}: row {n}: expected an object but got {type(r).__name__}")
        if constraint is not None and _key(r, low, "constraint") != constraint:
            continue
        t, f = joined(r.get(low["task"]), r.get(low["framework"]), f"{where}: row {n}").split(SEP)
        fold = _key(r, low, "fold") or "0"
        metric = _key(r, low, "metric")
        if not metric:
            raise InvalidInput(f"{where}: row {n} ({t} / {f}): expected a metric name but got none")
        if metric in AMLB_LOWER:  # a loss written as is (older files): its negation ranks as amlb's result
            metric, sign = "neg_" + metric, -1
            negated += 1
        else:
            sign = 1
        if metrics.setdefault(t, metric) != metric:
            raise InvalidInput(f"{where}: task {t!r} has results of two metrics ({metrics[t]}, {metric})")
        if (t, f, fold) in cells:
            raise InvalidInput(f"{where}: row {n}: framework {f!r} has two results for task {t!r}, fold {fold}"
                               + ("" if "constraint" in low else " (no constraint column to tell them apart)"))
        ctx = f"{where}: row {n} ({t} / {f} / fold {fold})"
        res = _number(r.get(low["result"]), decimals, f"{ctx}, result")
        vals = (None if res is None else sign * res,) + tuple(_number(r.get(c), decimals, f"{ctx}, {c}")
                                                              for c in metric_cols)
        cells[(t, f, fold)] = vals
    return _assemble(cells, metrics, columns, where, folds, negated, constraint)


def _assemble(cells, metrics, columns, where, folds, negated, constraint) -> TaskTable:
    tasks = tuple(dict.fromkeys(t for t, _, _ in cells))
    names = tuple(dict.fromkeys(f for _, f, _ in cells))
    if len(tasks) < 2:
        raise InvalidInput(f"{where}: expected at least 2 tasks but got {len(tasks)} ({', '.join(tasks)})")
    fold_sets = {t: sorted({k for tt, _, k in cells if tt == t}, key=lambda k: (len(k), k)) for t in tasks}
    undefined = missing = 0
    values, resamples = [], []
    for c in range(len(columns)):
        col, kept = [], []
        for t in tasks:
            row, per_fold = [], [[None] * len(names) for _ in fold_sets[t]]
            for e, f in enumerate(names):
                got = [cells.get((t, f, k)) for k in fold_sets[t]]
                vs = [None if g is None else g[c] for g in got]
                for i, v in enumerate(vs):
                    per_fold[i][e] = v
                ok = all(v is not None for v in vs)
                row.append(sum(vs, Fraction(0)) / len(vs) if ok else None)
                if c == 0 and not ok:
                    undefined += 1
                    missing += all(g is None for g in got)
            col.append(tuple(row))
            kept.append(tuple(map(tuple, per_fold)))
        values.append(tuple(col))
        resamples.append(tuple(kept))
    sizes = sorted({len(f) for f in fold_sets.values()})
    notes = [f"AutoML Benchmark results: {len(names)} frameworks × {len(tasks)} tasks"
             + (f", constraint {constraint}" if constraint else "")
             + f"; folds per task: {', '.join(map(str, sizes))}; "
             + ("each task's folds averaged (exactly)" if folds == "mean" else
                "each task's folds averaged, and kept as resamples for the bootstrap over tasks"),
             "result: amlb's main metric, higher is better (a loss negated, named neg_…): "
             + ", ".join(f"{m} on {sum(1 for x in metrics.values() if x == m)} tasks"
                         for m in dict.fromkeys(metrics.values()))]
    if negated:
        notes.append(f"{negated} rows name a loss without neg_ (older amlb files): their result negated here")
    if undefined:
        notes.append(f"failed or missing runs: {undefined} (task, framework) pairs lack a result on some fold "
                     f"({missing} have no row at all)")
    if len(set(metrics.values())) > 1:
        notes.append("the tasks' metrics differ: ranks are defined per task; value differences (Wilcoxon, the "
                     "Bayesian test, a mean of results) mix the metrics' units")
    directions = {c: (Direction.LOWER if c.lower() in AMLB_LOWER else Direction.HIGHER) for c in columns}
    return TaskTable(tasks, names, where, "an AutoML Benchmark results file, read exactly", columns=tuple(columns),
                     values=tuple(values), notes=tuple(notes), directions=directions,
                     metrics=tuple(metrics[t] for t in tasks),
                     resamples=tuple(resamples) if folds == "resamples" else ())


__all__ = ["AMLB_HIGHER", "AMLB_LOWER", "FOLDS", "is_amlb", "read_amlb", "scores_only"]
