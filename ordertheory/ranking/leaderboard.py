"""Leaderboards as data: entities and their exact performances, read from JSON, CSV or pandas.

Accepted shapes (one entity per row/object; nothing is silently dropped — a bad row raises
:class:`~ordertheory.errors.InvalidInput` naming it):

- **two classes**: columns/keys ``tn, fp, fn, tp`` (counts or probabilities), or
  ``proba_tn, proba_fp, proba_fn, proba_tp`` (the shape of sorbetto's leaderboard file);
- **k classes**: the k² columns ``y{i}_p{j}`` of :func:`~ordertheory.sample_space.multiclass`
  (ground truth i, prediction j), or in JSON a key ``confusion_matrix`` holding a k × k list;
- **scores and abstentions**: the columns of ``scored:L`` or ``selective:k``, or raw per-sample
  predictions in JSON (:mod:`~ordertheory.ranking.prediction_leaderboards`);
- the entity's name: ``entity``, else ``name``, else ``filename``, else ``model`` (in that order).

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
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

from ordertheory.errors import InvalidInput
from ordertheory.performance import Performance
from ordertheory.ranking.prediction_leaderboards import columns as prediction_columns
from ordertheory.ranking.prediction_leaderboards import is_raw, raw_entities
from ordertheory.sample_space import SampleSpace, binary, multiclass

NAME_KEYS = ("entity", "name", "filename", "model")
BINARY = ("tn", "fp", "fn", "tp")
TOLERANCE = Fraction(1, 10**6)  # how far from 1 a row of probabilities may sum before it is rejected


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
    entities: tuple[tuple[str, Performance], ...]
    provenance: Provenance
    #: each entity's counts in Ω's order when every number was an integer as written (the test set
    #: itself, which uncertainty needs: :mod:`ordertheory.ranking.counts`); None for probabilities
    counts: tuple[tuple[int, ...], ...] | None = None

    def __post_init__(self) -> None:
        if not self.entities:
            raise InvalidInput("expected a leaderboard with at least one entity but got none")

    def __len__(self) -> int:
        return len(self.entities)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.entities)

    @property
    def performances(self) -> tuple[Performance, ...]:
        return tuple(P for _, P in self.entities)

    def performance(self, name: str) -> Performance:
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
        priors = {tuple(sum((P[o] for o in row), Fraction(0)) for row in rows) for P in self.performances}
        return priors.pop() if len(priors) == 1 else None


def read_leaderboard(source: object, decimals: int | None = None) -> Leaderboard:
    """Read a leaderboard from a path (.json or .csv), a text stream of CSV, or a pandas DataFrame."""
    if decimals is not None and (not isinstance(decimals, int) or isinstance(decimals, bool)
                                 or not 0 <= decimals <= 30):
        raise InvalidInput(f"expected decimals between 0 and 30 but got decimals={decimals!r}")
    if hasattr(source, "to_dict") and hasattr(source, "columns"):
        rows = source.to_dict(orient="records")
        return _build(rows, "DataFrame", "dataframe", decimals)
    if isinstance(source, io.TextIOBase) or hasattr(source, "read"):
        return _build(_csv_rows(source.read(), "<stream>"), "<stream>", "csv", decimals)
    if isinstance(source, (str, Path)):
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidInput(f"cannot read leaderboard {str(path)!r}: {exc.strerror or exc}") from None
        if path.suffix.lower() == ".json":
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise InvalidInput(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
            meta = data if isinstance(data, Mapping) else {}
            if isinstance(data, Mapping) and isinstance(data.get("entities"), list):
                data = data["entities"]
            if not isinstance(data, list):
                raise InvalidInput(f"{path}: expected a JSON list of entities (objects) but got {type(data).__name__}")
            if data and isinstance(data[0], Mapping) and is_raw(data[0]):  # per-sample predictions
                return _raw(data, meta, str(path))
            return _build(data, str(path), "json", decimals, meta.get("space"))
        if path.suffix.lower() in (".csv", ".txt"):
            return _build(_csv_rows(text, str(path)), str(path), "csv", decimals)
        raise InvalidInput(f"expected a .json or .csv leaderboard but got {str(path)!r}")
    raise InvalidInput(f"expected a path, a CSV stream or a pandas DataFrame but got {type(source).__name__}")


# --- rows ----------------------------------------------------------------------------------------
def _csv_rows(text: str, where: str) -> list[dict]:
    reader = csv.DictReader(io.StringIO(text))
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
            return space, space.outcomes
    raise InvalidInput("expected columns tn,fp,fn,tp (or proba_tn..proba_tp, y{i}_p{j} for k classes, y{c}_s{l} for "
                       "scores, y{i}_abstain beside y{i}_p{j} with abstentions, or a confusion_matrix) but got "
                       f"{', '.join(sorted(ks))}")


def _name(row: Mapping, i: int) -> str:
    for key in NAME_KEYS:
        v = row.get(key)
        if v is not None and str(v).strip():
            return str(v).strip()
    raise InvalidInput(f"row {i}: expected an entity name (one of {', '.join(NAME_KEYS)}) but got none")


def _number(value: object, decimals: int | None, where: str) -> tuple[Fraction, bool]:
    """(exact value, whether it was an integer as written)."""
    if isinstance(value, bool) or value is None:
        raise InvalidInput(f"{where}: expected a number but got {value!r}")
    if isinstance(value, int) or (hasattr(value, "dtype") and getattr(value.dtype, "kind", "") in "iu"):
        return Fraction(int(value)), True
    if isinstance(value, str):
        text = value.strip()
        try:
            f = Fraction(text) if "/" in text else Fraction(Decimal(text))
        except (ValueError, ZeroDivisionError, OverflowError, InvalidOperation):
            raise InvalidInput(f"{where}: expected a finite number but got {value!r}") from None
        is_int = "/" not in text and "." not in text and "e" not in text.lower()
    else:
        try:
            x = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise InvalidInput(f"{where}: expected a number but got {value!r}") from None
        if not math.isfinite(x):
            raise InvalidInput(f"{where}: expected a finite number but got {value!r}")
        f, is_int = Fraction(x), False
    if decimals is not None and not is_int:
        scale = 10**decimals
        f = Fraction(round(f * scale), scale)
    return f, is_int


def _raw(rows: list, meta: Mapping, source: str) -> Leaderboard:
    """Entities of per-sample predictions (:mod:`~ordertheory.ranking.prediction_leaderboards`)."""
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
            f, is_int = _number(v, decimals, f"{where}, {c}")
            if f < 0:
                raise InvalidInput(f"{where}: expected non-negative values but got {c}={v}")
            nums.append(f)
            ints &= is_int
        total = sum(nums, Fraction(0))
        if total == 0:
            raise InvalidInput(f"{where}: every value is 0; expected counts or probabilities with a positive total")
        if not ints:
            slack = TOLERANCE if decimals is None else TOLERANCE + Fraction(len(nums), 2 * 10**decimals)
            if abs(total - 1) > slack:
                raise InvalidInput(f"{where}: probabilities sum to {float(total):.6g}, expected 1 "
                                   "(give integer counts to have them normalised)")
            renorm += total != 1
        all_int &= ints
        if ints:
            raw.append(tuple(int(x) for x in nums))
        entities.append((name, Performance(space, tuple(x / total for x in nums))))
    if all_int:
        conversion = "counts, normalised exactly"
    elif decimals is not None:
        conversion = f"numbers rounded to {decimals} decimals (half to even), then normalised exactly"
    elif fmt == "csv":
        conversion = "decimal text read exactly"
    else:
        conversion = "floats read exactly (their binary value, Fraction(float))"
    if renorm:
        conversion += f"; {renorm} rows of probabilities divided by their exact sum"
    return Leaderboard(space, tuple(entities), Provenance(source, fmt, conversion, decimals, renorm),
                       tuple(raw) if all_int else None)


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
