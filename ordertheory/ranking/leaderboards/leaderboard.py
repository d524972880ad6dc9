"""Leaderboards as data: entities and their exact performances, read from JSON, CSV or pandas.

Accepted shapes (one entity per row/object; nothing is silently dropped — a bad row raises
:class:`~ordertheory.errors.InvalidInput` naming it):

- **two classes**: columns/keys ``tn, fp, fn, tp`` (counts or probabilities), or
  ``proba_tn, proba_fp, proba_fn, proba_tp`` (the shape of sorbetto's leaderboard file);
- **k classes**: the k² columns ``y{i}_p{j}`` of :func:`~ordertheory.spaces.sample_space.multiclass`
  (ground truth i, prediction j), or in JSON a key ``confusion_matrix`` holding a k × k list;
- **scores and abstentions**: the columns of ``scored:L`` or ``selective:k``, or raw per-sample
  predictions in JSON (:mod:`~ordertheory.ranking.leaderboards.prediction_leaderboards`);
- **k classes, sparse**: one row per non-zero cell, ``entity,true,pred,count`` (CSV, TSV, JSON,
  DataFrame; see :mod:`ordertheory.ranking.leaderboards.sparse_leaderboard`) — memory and time linear in the cells;
- the entity's name: ``entity``, else ``name``, else ``filename``, else ``model`` (in that order).

Every command that reads a leaderboard reads it here, so its space is inferred one way: two
classes are the binary space (tn, fp, fn, tp = cells (0,0), (0,1), (1,0), (1,1)); k classes are
``multiclass:k`` (``space=`` gives k when some class never occurs). Beyond
:data:`~ordertheory.scores.class_score.SYMBOLIC_MAX_CLASSES` classes an entity's performance is a
:class:`~ordertheory.performances.sparse_performance.SparsePerformance` (k² probabilities are never written).

Numbers are read exactly: integers and decimal text as they are written, binary floats (JSON,
DataFrames) by their exact binary value (``Fraction(float)``), or — with ``decimals=N`` — rounded
to N decimals (half to even). Each row is then normalised exactly by its sum (counts become
probabilities); probabilities must already sum to 1 within 10⁻⁶ (plus the rounding). The provenance says which.

>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,3,1,1,0\\n"))
>>> lb.names
('A', 'B')
>>> lb.performance("A")["tp"]
Fraction(1, 10)
>>> lb.provenance.conversion
'counts, normalised exactly'
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ordertheory.errors import InvalidInput
from ordertheory.frames import data_frame
from ordertheory.performances.performance import Performance
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.ranking.leaderboards.numbers import (
    Integer,
    check_total,
    csv_errors,
    exact_number,
    json_document,
)
from ordertheory.ranking.leaderboards.prediction_leaderboards import columns as prediction_columns
from ordertheory.ranking.leaderboards.prediction_leaderboards import is_raw, raw_entities
from ordertheory.ranking.leaderboards.sparse_leaderboard import (
    NAME_KEYS,
    Cells,
    is_cells_header,
    oriented,
    read_cells_csv,
    read_cells_frame,
    read_cells_records,
    sniff_delimiter,
)
from ordertheory.scores.class_score import SYMBOLIC_MAX_CLASSES
from ordertheory.spaces.sample_space import SampleSpace, binary, multiclass

BINARY = ("tn", "fp", "fn", "tp")


@dataclass(frozen=True)
class Provenance:
    """Where a leaderboard came from and how its numbers became exact."""

    source: str
    format: str  # "json" | "csv" | "dataframe"
    conversion: str  # e.g. "counts, normalised exactly" or "floats read exactly (binary value), ..."
    decimals: int | None = None
    renormalised: int = 0  # rows of probabilities whose exact sum was not 1 (divided by it)

    def to_json(self) -> dict:
        return {"source": self.source, "format": self.format, "conversion": self.conversion,
                "decimals": self.decimals, "renormalised_rows": self.renormalised}


@dataclass(frozen=True)
class Leaderboard:
    """Named entities, each with an exact performance on one common sample space."""

    space: SampleSpace
    entities: tuple[tuple[str, Performance | SparsePerformance], ...]
    provenance: Provenance
    #: each entity's counts in Ω's order when every number was an integer as written (the test set
    #: itself, which uncertainty needs: :mod:`ordertheory.ranking.leaderboards.counts`); None for probabilities
    counts: tuple[tuple[int, ...], ...] | None = None

    def __post_init__(self) -> None:
        if not self.entities:
            raise InvalidInput("expected a leaderboard with at least one entity but got none")

    def __len__(self) -> int:
        return len(self.entities)

    def __repr__(self) -> str:  # a summary: the performances are exact fractions, too long to dump
        shown = ", ".join(self.names[:3]) + (", …" if len(self) > 3 else "")
        return (f"<Leaderboard of {len(self)} {'entity' if len(self) == 1 else 'entities'} ({shown}) on "
                f"{self.space.name} from {self.provenance.source}; "
                f"{'counts kept' if self.counts is not None else 'probabilities only'}>")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.entities)

    @property
    def performances(self) -> tuple[Performance | SparsePerformance, ...]:
        return tuple(P for _, P in self.entities)

    def to_frame(self):
        """One row per entity (pandas): its performance, one column per outcome, exact Fractions."""
        return data_frame([{"entity": n, **dict(zip(self.space.outcomes, P.probabilities))} for n, P in self.entities],
                          "entity")

    @property
    def sparse(self) -> bool:
        """Whether the entities are :class:`SparsePerformance` (more classes than formulas can hold)."""
        return isinstance(self.entities[0][1], SparsePerformance)

    def performance(self, name: str) -> Performance | SparsePerformance:
        """The performance of one entity, by name."""
        return self.entities[self.index(name)][1]

    def index(self, name: str) -> int:
        for i, (n, _) in enumerate(self.entities):
            if n == name:
                return i
        raise InvalidInput(f"unknown entity {name!r}; expected one of {', '.join(self.names[:8])}"
                           + (", ..." if len(self) > 8 else ""))

    def common_prior(self) -> tuple[Fraction, ...] | None:
        """The class priors when every entity has the same ones (exactly), else None."""
        k = self.space.truth_classes or 0
        if not k:
            return None
        rows = [self.space.row(i) for i in range(k)]
        priors = {P.priors() if isinstance(P, SparsePerformance) else
                  tuple(sum((P[o] for o in row), Fraction(0)) for row in rows)
                  for P in self.performances}
        return priors.pop() if len(priors) == 1 else None


def read_leaderboard(source: object, decimals: int | None = None, space: SampleSpace | None = None,
                     pos_label: object = None) -> Leaderboard:
    """Read a leaderboard from a path (.json, .csv or .tsv), a text stream of CSV, a pandas DataFrame or a
    list of records (objects, as a JSON file holds them).

    ``space`` (a k-class space, e.g. from ``--space multiclass:K``) fixes the number of classes of
    a sparse leaderboard, whose labels must then be 0..K−1; any other shape must agree with it (a
    scored or selective leaderboard is read from its columns and must then be that space).
    ``pos_label`` is the positive class of a leaderboard of two labelled classes (sparse cells,
    per-sample scores): without it 1 for labels 0/1 or −1/1, else a one-line error asking for it
    (:func:`ordertheory.spaces.labels.positive_class`); a leaderboard without labels refuses it.
    """
    if decimals is not None and (not isinstance(decimals, int) or isinstance(decimals, bool)
                                 or not 0 <= decimals <= 30):
        raise InvalidInput(f"expected decimals between 0 and 30 but got decimals={decimals!r}")
    classes = space.classes if space is not None and space.is_crisp_multiclass else None
    lb = _read(source, decimals, classes, pos_label)
    if classes and lb.space.classes != classes:
        raise InvalidInput(f"the leaderboard has {lb.space.classes} classes but the space given is {space.name}")
    if space is not None and not classes and lb.space.name != space.name:
        raise InvalidInput(f"the leaderboard's space is {lb.space.name} but the space given is {space.name}")
    return lb


def _read(source: object, decimals: int | None, classes: int | None, pos_label: object = None) -> Leaderboard:
    if hasattr(source, "to_dict") and hasattr(source, "columns"):
        if is_cells_header([str(c) for c in source.columns]):
            return _from_cells(read_cells_frame(source, "DataFrame", decimals, classes), "DataFrame", "dataframe",
                               decimals, pos_label)
        rows = source.to_dict(orient="records")
        return _build(_unlabelled(rows, pos_label, "DataFrame"), "DataFrame", "dataframe", decimals)
    if isinstance(source, list):  # JSON-like records, already parsed
        return read_records(source, "<records>", decimals, classes, pos_label)
    if isinstance(source, io.TextIOBase) or hasattr(source, "read"):
        return _from_text(source.read(), "<stream>", ".csv", decimals, classes, pos_label)
    if isinstance(source, (str, Path)):
        path = Path(source)
        suffix = path.suffix.lower()
        if suffix not in (".json", ".csv", ".tsv", ".txt"):
            raise InvalidInput(f"expected a .json, .csv or .tsv leaderboard but got {str(path)!r}")
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidInput(f"cannot read leaderboard {str(path)!r}: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise InvalidInput(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        if suffix == ".json":
            data = json_document(text, str(path), parse_int=Integer)
            meta = data if isinstance(data, Mapping) else {}
            if isinstance(data, Mapping) and isinstance(data.get("entities"), list):
                data = data["entities"]
            if not isinstance(data, list):
                raise InvalidInput(f"{path}: expected a JSON list of entities (objects) but got {type(data).__name__}")
            if data and isinstance(data[0], Mapping) and is_raw(data[0]):  # per-sample predictions: labels and
                # labels and levels are plain integers, not counts read exactly (Integer is for counts)
                plain = json_document(text, str(path))
                meta = plain if isinstance(plain, Mapping) else {}
                data = plain["entities"] if isinstance(plain, Mapping) else plain
            return read_records(data, str(path), decimals, classes, pos_label, meta)
        return _from_text(text, str(path), suffix, decimals, classes, pos_label)
    raise InvalidInput(f"expected a path, a CSV stream, a list of records or a pandas DataFrame but got "
                       f"{type(source).__name__}")


def read_records(data: list, source: str, decimals: int | None = None, classes: int | None = None,
                 pos_label: object = None, meta: Mapping | None = None) -> Leaderboard:
    """A leaderboard from JSON-like records (a list of objects, as a .json file holds them): confusion
    matrices, sparse cells or raw per-sample predictions; ``meta``: the file's top-level keys
    (``space``, ``levels``, ``pos_label``), ``classes``: K of ``--space multiclass:K``."""
    meta = dict(meta or {})
    if data and isinstance(data[0], Mapping) and is_raw(data[0]):
        if pos_label is not None:  # the command line's --pos-label over the file's "pos_label"
            meta["pos_label"] = pos_label
        return _raw(data, meta, source)
    if data and isinstance(data[0], Mapping) and ("cells" in data[0] or is_cells_header(list(data[0]))):
        return _from_cells(read_cells_records(data, source, decimals, classes), source, "json", decimals, pos_label)
    return _build(_unlabelled(data, pos_label, source), source, "json", decimals, meta.get("space"))


def _from_text(text: str, where: str, suffix: str, decimals: int | None, classes: int | None,
               pos_label: object = None) -> Leaderboard:
    """CSV or TSV text: the sparse shape when its header has true, pred and count."""
    first = text.split("\n", 1)[0]
    delimiter = sniff_delimiter(first, suffix)
    if is_cells_header(next(csv.reader([first], delimiter=delimiter), [])):
        return _from_cells(read_cells_csv(io.StringIO(text), where, delimiter, decimals, classes), where,
                           "tsv" if delimiter == "\t" else "csv", decimals, pos_label)
    return _build(_unlabelled(_csv_rows(text, where, delimiter), pos_label, where), where, "csv", decimals)


def _unlabelled(rows: list, pos_label: object, where: str) -> list:
    """The rows of a leaderboard without class labels (tn, fp, fn, tp; y{i}_p{j}): no pos_label to apply."""
    if pos_label is not None:
        raise InvalidInput(f"{where}: pos_label (--pos-label) names a class label, but this leaderboard has none "
                           "(its columns are the outcomes themselves)")
    return rows


def _from_cells(cells: Cells, source: str, fmt: str, decimals: int | None, pos_label: object = None) -> Leaderboard:
    """A sparse leaderboard: dense performances while formulas can be written out, else sparse; on
    two classes (negative, positive) by ``pos_label`` or scikit-learn's default (issue 33)."""
    cells = oriented(cells, pos_label, source)
    k = cells.classes
    space = binary() if k == 2 else multiclass(k)
    entities = tuple((name, P.to_performance(space) if k <= SYMBOLIC_MAX_CLASSES else P)
                     for name, P in cells.entities)
    if cells.integer_counts:
        conversion = "counts (non-zero cells), normalised exactly"
    elif decimals is not None:
        conversion = f"numbers rounded to {decimals} decimals (half to even), then normalised exactly"
    else:
        conversion = "decimal text read exactly" if fmt in ("csv", "tsv") else "floats read exactly (their binary value)"
    shown = ", ".join(map(str, cells.labels[:4])) + (", …" if k > 4 else "")
    conversion += f"; {k} classes ({shown})" + (f", positive class {cells.labels[1]}" if k == 2 else "")
    if cells.renormalised:
        conversion += f"; {cells.renormalised} entities of probabilities divided by their exact sum"
    counts = cells.dense_counts() if k <= SYMBOLIC_MAX_CLASSES else None  # k² per entity: dense spaces only
    return Leaderboard(space, entities, Provenance(source, fmt, conversion, decimals, cells.renormalised), counts)


# --- rows ----------------------------------------------------------------------------------------
def _csv_rows(text: str, where: str, delimiter: str = ",") -> list[dict]:
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    with csv_errors(reader, where):
        if not reader.fieldnames:
            raise InvalidInput(f"{where}: expected a CSV header such as entity,tn,fp,fn,tp but the file is empty")
        rows = []
        for r in reader:
            if None in r:
                raise InvalidInput(f"{where}: row {len(rows) + 1} has more fields than the header")
            rows.append(r)
    return rows


def _columns(keys: Sequence[str], hint: str | None = None) -> tuple[SampleSpace, tuple[str, ...]]:
    ks = set(keys)
    found = prediction_columns(keys, hint)  # scored:L (y0_s0 …) and selective:k (… y{i}_abstain)
    if found is not None:
        return found
    if "confusion_matrix" in ks:
        return None, ("confusion_matrix",)  # type: ignore[return-value]
    if set(BINARY) <= ks:
        return binary(), BINARY
    if {f"proba_{o}" for o in BINARY} <= ks:
        return binary(), tuple(f"proba_{o}" for o in BINARY)
    cells = [k for k in keys if k.startswith("y") and "_p" in k]
    k = math.isqrt(len(cells))
    if k >= 2 and k * k == len(cells):
        space = multiclass(k)
        if set(space.outcomes) <= ks:
            return space, tuple(space.outcomes)
    raise InvalidInput("expected columns tn,fp,fn,tp (or proba_tn..proba_tp, y{i}_p{j} for k classes, y{c}_s{l} for "
                       "scores, y{i}_abstain beside y{i}_p{j} with abstentions, a confusion_matrix, "
                       "entity,true,pred,count, per-sample predictions sample,y_true,<entity>... with score:<entity> "
                       "columns, or a task column for several tasks: `ordertheory rank` ranks each of these, "
                       f"`ordertheory tasks` compares tasks) but got {', '.join(sorted(ks)[:12])}")


def _name(row: Mapping, i: int) -> str:
    for key in NAME_KEYS:
        v = row.get(key)
        if v is not None and str(v).strip():
            return str(v).strip()
    raise InvalidInput(f"row {i}: expected an entity name (one of {', '.join(NAME_KEYS)}) but got none")


def _raw(rows: list, meta: Mapping, source: str) -> Leaderboard:
    """Entities of per-sample predictions (:mod:`~ordertheory.ranking.leaderboards.prediction_leaderboards`)."""
    names = [_name(r, i) if isinstance(r, Mapping) else "" for i, r in enumerate(rows, 1)]
    if len(set(names)) != len(names):
        raise InvalidInput(f"{source}: duplicate entity names")
    space, entities, conversion = raw_entities(rows, meta, source, names)
    return Leaderboard(space, tuple(entities), Provenance(source, "json", conversion))


def _build(rows: list, source: str, fmt: str, decimals: int | None, hint: str | None = None) -> Leaderboard:
    if not rows:
        raise InvalidInput(f"{source}: expected at least one entity but the leaderboard is empty")
    first = rows[0]
    if not isinstance(first, Mapping):
        raise InvalidInput(f"{source}: row 1: expected an object with named fields but got {type(first).__name__}")
    space, cols = _columns(list(first.keys()), hint)
    entities: list[tuple[str, Performance]] = []
    seen: dict[str, int] = {}
    all_int, renorm = True, 0
    raw: list[tuple[int, ...]] = []
    for i, row in enumerate(rows, 1):
        if not isinstance(row, Mapping):
            raise InvalidInput(f"{source}: row {i}: expected an object with named fields but got {type(row).__name__}")
        name = _name(row, i)
        where = f"{source}: row {i} ({name})"
        if name in seen:
            raise InvalidInput(f"{where}: duplicate entity name, already used by row {seen[name]}")
        seen[name] = i
        if cols == ("confusion_matrix",):
            values, space = _matrix_row(row, where, space)
        else:
            missing = [c for c in cols if c not in row or row[c] is None or str(row[c]).strip() == ""]
            if missing:
                raise InvalidInput(f"{where}: missing value for {', '.join(missing)}")
            values = [(c, row[c]) for c in cols]
        nums, ints = [], True
        for c, v in values:
            f, is_int = exact_number(v, decimals, f"{where}, {c}")
            if f < 0:
                raise InvalidInput(f"{where}: expected non-negative values but got {c}={v}")
            nums.append(f)
            ints &= is_int
        total = sum(nums, Fraction(0))
        check_total(total, len(nums), ints, decimals, where)
        renorm += (not ints) and total != 1
        all_int &= ints
        if (space.classes or 0) > SYMBOLIC_MAX_CLASSES:  # a large confusion matrix: only its non-zero cells are kept
            k = space.classes
            entities.append((name, SparsePerformance.from_cells(k, ((n // k, n % k, x) for n, x in enumerate(nums)),
                                                                where)))
            continue
        if ints:  # the counts themselves (the test sets of rank --uncertainty); not kept for sparse entities
            raw.append(tuple(int(x) for x in nums))
        entities.append((name, Performance(space, tuple(x / total for x in nums))))
    if all_int:
        conversion = "counts, normalised exactly"
    elif decimals is not None:
        conversion = f"numbers rounded to {decimals} decimals (half to even), then normalised exactly"
    elif fmt == "csv":
        conversion = "decimal text read exactly"
    else:
        conversion = "floats read exactly (their binary value)"
    if renorm:
        conversion += f"; {renorm} rows of probabilities divided by their exact sum"
    return Leaderboard(space, tuple(entities), Provenance(source, fmt, conversion, decimals, renorm),
                       tuple(raw) if all_int and len(raw) == len(entities) else None)


def _matrix_row(row: Mapping, where: str, space: SampleSpace | None):
    m = row.get("confusion_matrix")
    if not isinstance(m, list) or not m or not all(isinstance(r, list) and len(r) == len(m) for r in m):
        raise InvalidInput(f"{where}: expected confusion_matrix as a square k x k list of rows")
    k = len(m)
    sp = binary() if k == 2 else multiclass(k)
    if space is not None and space != sp:
        raise InvalidInput(f"{where}: expected a {space.classes} x {space.classes} confusion matrix "
                           f"like the first row but got {k} x {k}")
    flat = [v for r in m for v in r]
    return list(zip(sp.outcomes, flat)), sp
