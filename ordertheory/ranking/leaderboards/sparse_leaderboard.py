"""Sparse leaderboards: one row per non-zero cell of each entity's confusion matrix.

The shape is ``entity,true,pred,count`` (CSV, TSV, a JSON list of such objects, or a DataFrame
with those columns); a JSON entity may also list its cells compactly as
``{"entity": "A", "cells": [[true, pred, count], ...]}``. A cell absent from the file is 0; a
cell given twice for one entity is an error naming its row. Labels are integers or names; the
classes are the sorted labels of the whole leaderboard (scikit-learn's order), or — with
``classes=K`` (``--space multiclass:K``) — the integers 0..K−1, so that a class no entity ever
met still counts. On two classes the positive one is ``pos_label`` (``--pos-label``), 1 by
default for labels 0/1 or −1/1; other labels need it (:func:`oriented`: never a silent choice).
Reading costs one pass over the rows: memory and time linear in the cells.

>>> import io
>>> rows = io.StringIO("entity,true,pred,count\\nA,0,0,3\\nA,1,1,1\\nB,0,1,2\\nB,1,1,2\\n")
>>> cells = read_cells_csv(rows, "<stream>", ",", None, None)
>>> [(name, P.probability(0, 0)) for name, P in cells.entities], cells.classes
([('A', Fraction(3, 4)), ('B', Fraction(0, 1))], 2)
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ordertheory.errors import InvalidInput
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.ranking.leaderboards.numbers import MAX_DIGITS, check_total, csv_errors, exact_number
from ordertheory.spaces.labels import negative_first

CELL_COLUMNS = ("entity", "true", "pred", "count")
NAME_KEYS = ("entity", "name", "filename", "model")
@dataclass(frozen=True)
class Cells:
    """What a sparse file held: each entity's performance, the classes, and how numbers were read."""

    entities: tuple[tuple[str, SparsePerformance], ...]
    classes: int
    labels: tuple  # the label of each class, in order
    integer_counts: bool
    renormalised: int  # entities of probabilities whose exact sum was not 1
    #: with integer counts, each entity's non-zero cells as written, {(true, pred): count} (the
    #: performances are reduced by their gcd; uncertainty needs the test set itself); else None
    counts: tuple[dict[tuple[int, int], int], ...] | None = None

    def dense_counts(self) -> tuple[tuple[int, ...], ...] | None:
        """Each entity's k² counts in Ω's order (row-major: true class, then predicted), or None."""
        k = self.classes
        if self.counts is None:
            return None
        return tuple(tuple(c.get(divmod(n, k), 0) for n in range(k * k)) for c in self.counts)


class _Reader:
    """Accumulates rows (entity, true, pred, value) into per-entity cells, labels coded on the fly."""

    def __init__(self, where: str, decimals: int | None, classes: int | None) -> None:
        self.where, self.decimals, self.classes = where, decimals, classes
        self.codes: dict[object, int] = {}
        self.order: dict[str, int] = {}
        self.cells: dict[str, dict[tuple[int, int], Fraction | int]] = {}
        self.ints, self.rows = True, 0

    def _code(self, label: object, row: int) -> int:
        key = _label(label, f"{self.where}: row {row}")
        code = self.codes.get(key)
        if code is None:
            code = self.codes[key] = len(self.codes)
        return code

    def add(self, entity: object, true: object, pred: object, value: object) -> None:
        self.rows += 1
        row = self.rows
        name = str(entity).strip() if entity is not None else ""
        if not name:
            raise InvalidInput(f"{self.where}: row {row}: expected an entity name but got none")
        if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= MAX_DIGITS:
            f, is_int = int(value), True  # the common case, read without Decimal
        else:
            f, is_int = exact_number(value, self.decimals, f"{self.where}: row {row} ({name}), count")
        if f < 0:
            raise InvalidInput(f"{self.where}: row {row} ({name}): expected a non-negative count but got {value}")
        self.ints &= is_int
        cells = self.cells.setdefault(name, {})
        self.order.setdefault(name, row)
        key = (self._code(true, row), self._code(pred, row))
        if key in cells:
            raise InvalidInput(f"{self.where}: row {row} ({name}): the cell true={true}, pred={pred} is given twice")
        cells[key] = f

    def finish(self) -> Cells:
        if not self.cells:
            raise InvalidInput(f"{self.where}: expected at least one entity but the leaderboard is empty")
        labels, index = _classes(list(self.codes), self.classes, self.where)
        remap = [index[lab] for lab in self.codes]
        k = len(labels)
        out, renorm, raw = [], 0, []
        for name, cells in self.cells.items():
            where = f"{self.where}: entity {name}"
            total = Fraction(sum(cells.values()))
            check_total(total, len(cells), self.ints, self.decimals, where)
            renorm += (not self.ints) and total != 1
            P = SparsePerformance.from_cells(k, ((remap[i], remap[j], v) for (i, j), v in cells.items()), where)
            out.append((name, P))
            if self.ints:
                raw.append({(remap[i], remap[j]): int(v) for (i, j), v in cells.items() if v})
        return Cells(tuple(out), k, tuple(labels), self.ints, renorm, tuple(raw) if self.ints else None)


def _label(value: object, where: str) -> object:
    """A class label: an integer (also when written as text) of at most MAX_DIGITS digits, or a
    non-empty name; never NaN or infinity."""
    if isinstance(value, bool) or value is None:
        raise InvalidInput(f"{where}: expected a class label but got {value!r}")
    if hasattr(value, "dtype") and getattr(value.dtype, "kind", "") in "iu":
        return int(value)
    if isinstance(value, int):
        if value.bit_length() > 4 * MAX_DIGITS:  # 10^MAX_DIGITS < 2^(4·MAX_DIGITS)
            raise InvalidInput(f"{where}: expected a class label of at most {MAX_DIGITS} digits")
        return value
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidInput(f"{where}: expected a class label but got {value!r}")
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if not isinstance(value, str | int | float) and not hasattr(value, "dtype"):
        raise InvalidInput(f"{where}: expected a class label (a whole number or a name) but got "
                           f"{type(value).__name__}")
    text = str(value).strip()
    if not text:
        raise InvalidInput(f"{where}: expected a class label but got an empty one")
    digits = text.removeprefix("-")
    if digits.isascii() and digits.isdigit():
        if len(digits) > MAX_DIGITS:
            raise InvalidInput(f"{where}: expected a class label of at most {MAX_DIGITS} digits but got one of "
                               f"{len(digits)}")
        return int(text)
    return text


def _classes(labels: list, classes: int | None, where: str) -> tuple[list, dict]:
    """(the classes in order, label → class index)."""
    if classes is not None:
        bad = [lab for lab in labels if not (isinstance(lab, int) and 0 <= lab < classes)]
        if bad:
            raise InvalidInput(f"{where}: with {classes} classes the labels must be the integers 0..{classes - 1} "
                               f"but got {sorted(map(str, bad))[:5]}")
        return list(range(classes)), {i: i for i in range(classes)}
    kinds = {type(lab) for lab in labels}
    if len(kinds) > 1:
        raise InvalidInput(f"{where}: expected labels that are all integers or all names but got both "
                           f"(e.g. {sorted(map(str, labels))[:4]})")
    ordered = sorted(labels)
    if len(ordered) < 2:
        raise InvalidInput(f"{where}: expected at least 2 classes but the labels are {ordered}; "
                           "give --space multiclass:K when some classes never occur")
    return ordered, {lab: n for n, lab in enumerate(ordered)}


def oriented(cells: Cells, pos_label: object, where: str) -> Cells:
    """Two classes as (negative, positive) — ``pos_label``, else 1 for labels 0/1 or −1/1, else a
    one-line error asking for it (:func:`ordertheory.spaces.labels.positive_class`) — the cells of every
    entity swapped when the positive class sorts first; k > 2 classes refuse ``pos_label``."""
    if cells.classes != 2:
        if pos_label is not None:
            raise InvalidInput(f"{where}: pos_label (--pos-label) is for two classes but the leaderboard has "
                               f"{cells.classes}")
        return cells
    order = negative_first(cells.labels, pos_label, where)
    if [str(x) for x in order] == [str(x) for x in cells.labels]:
        return cells
    swapped = tuple((name, SparsePerformance.from_cells(2, ((1 - i, 1 - j, v) for i, j, v in P.cells())))
                    for name, P in cells.entities)
    counts = None if cells.counts is None else tuple({(1 - i, 1 - j): v for (i, j), v in c.items()}
                                                     for c in cells.counts)
    return replace(cells, entities=swapped, labels=tuple(reversed(cells.labels)), counts=counts)


def is_cells_header(fields: Sequence[str]) -> bool:
    """Whether a header names the sparse shape (true, pred and count columns)."""
    return {"true", "pred", "count"} <= {f.strip().lower() for f in fields}


def read_cells_csv(stream: Iterable[str], where: str, delimiter: str, decimals: int | None,
                   classes: int | None) -> Cells:
    """A CSV/TSV of ``entity,true,pred,count`` rows, streamed (no row is kept as text)."""
    reader = csv.reader(stream, delimiter=delimiter)
    with csv_errors(reader, where):
        header = [h.strip().lower() for h in next(reader, [])]
        if not is_cells_header(header):
            raise InvalidInput(f"{where}: expected the header {','.join(CELL_COLUMNS)} but got {','.join(header)}")
        name_col = next((header.index(k) for k in NAME_KEYS if k in header), None)
        if name_col is None:
            raise InvalidInput(f"{where}: expected an entity column ({', '.join(NAME_KEYS)}) beside true,pred,count")
        t, p, c = header.index("true"), header.index("pred"), header.index("count")
        r = _Reader(where, decimals, classes)
        for n, row in enumerate(reader, 1):
            if not row:
                continue
            if len(row) != len(header):
                raise InvalidInput(f"{where}: row {n} has {len(row)} fields, expected {len(header)}")
            r.add(row[name_col], row[t], row[p], row[c])
    return r.finish()


def read_cells_records(records: Sequence, where: str, decimals: int | None, classes: int | None) -> Cells:
    """JSON objects: one per cell (``entity, true, pred, count``) or one per entity with ``cells``."""
    r = _Reader(where, decimals, classes)
    for n, rec in enumerate(records, 1):
        if not isinstance(rec, Mapping):
            raise InvalidInput(f"{where}: item {n}: expected an object but got {type(rec).__name__}")
        name = next((rec[k] for k in NAME_KEYS if rec.get(k) is not None), None)
        if "cells" in rec:
            cells = rec["cells"]
            if not isinstance(cells, list) or not all(isinstance(x, list) and len(x) == 3 for x in cells):
                raise InvalidInput(f"{where}: item {n} ({name}): expected cells as a list of [true, pred, count]")
            for x in cells:
                r.add(name, *x)
        else:
            missing = [k for k in ("true", "pred", "count") if k not in rec]
            if missing:
                raise InvalidInput(f"{where}: item {n}: missing {', '.join(missing)}")
            r.add(name, rec["true"], rec["pred"], rec["count"])
    return r.finish()


def read_cells_frame(frame, where: str, decimals: int | None, classes: int | None) -> Cells:
    """A DataFrame with columns entity (or name, …), true, pred, count."""
    cols = {str(c).strip().lower(): c for c in frame.columns}
    name = next((cols[k] for k in NAME_KEYS if k in cols), None)
    if name is None:
        raise InvalidInput(f"{where}: expected an entity column ({', '.join(NAME_KEYS)}) beside true,pred,count")
    r = _Reader(where, decimals, classes)
    for e, t, p, c in zip(frame[name].tolist(), frame[cols["true"]].tolist(), frame[cols["pred"]].tolist(),
                          frame[cols["count"]].to_numpy()):
        r.add(e, t, p, c)
    return r.finish()


def sniff_delimiter(first_line: str, suffix: str) -> str:
    """Tab for .tsv files or a tab-separated header, else comma."""
    return "\t" if suffix == ".tsv" or ("\t" in first_line and "," not in first_line) else ","


__all__ = ["CELL_COLUMNS", "NAME_KEYS", "Cells", "is_cells_header",
           "read_cells_csv", "read_cells_frame", "read_cells_records", "sniff_delimiter"]
