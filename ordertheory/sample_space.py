"""Finite sample spaces Ω with a satisfaction S (paper §3.1 and §3.3).

A :class:`SampleSpace` is an ordered tuple of named outcomes and an exact satisfaction value for
each. Events are subsets of Ω, given as iterables of outcome names.

>>> omega = binary()
>>> omega.outcomes
('tn', 'fp', 'fn', 'tp')
>>> omega.s_min, omega.s_max
(Fraction(0, 1), Fraction(1, 1))
>>> multiclass(3).outcomes[:4]
('y0_p0', 'y0_p1', 'y0_p2', 'y1_p0')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction

_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_RESERVED = {"sqrt", "log", "exp", "abs", "min", "max", "probit", "pi", "E", "I", "S", "N", "O", "Q"}

BINARY_OUTCOMES = ("tn", "fp", "fn", "tp")


@dataclass(frozen=True)
class SampleSpace:
    """A finite, ordered sample space Ω with a satisfaction S: Ω → ℚ."""

    name: str
    outcomes: tuple[str, ...]
    satisfaction: tuple[Fraction, ...]
    classes: int | None = None  # number of classes for classification spaces, else None

    def __post_init__(self) -> None:
        if len(self.outcomes) == 0:
            raise InvalidInput("expected at least one outcome in the sample space but got none")
        if len(set(self.outcomes)) != len(self.outcomes):
            raise InvalidInput(f"expected distinct outcome names but got {list(self.outcomes)}")
        for o in self.outcomes:
            if not _NAME.match(o) or o in _RESERVED:
                raise InvalidInput(
                    f"expected an outcome name made of letters, digits and _ (not a function name) but got {o!r}"
                )
        if len(self.satisfaction) != len(self.outcomes):
            raise InvalidInput(
                f"expected one satisfaction value per outcome ({len(self.outcomes)}) "
                f"but got {len(self.satisfaction)}"
            )

    def __len__(self) -> int:
        return len(self.outcomes)

    def __repr__(self) -> str:
        pairs = ", ".join(f"{o}: {s}" for o, s in zip(self.outcomes, self.satisfaction))
        return f"SampleSpace({self.name!r}, S = {{{pairs}}})"

    @cached_property
    def index(self) -> dict[str, int]:
        """Position of each outcome name in Ω."""
        return {o: i for i, o in enumerate(self.outcomes)}

    def position(self, outcome: str) -> int:
        """Index of ``outcome``, with a clear error for an unknown name."""
        try:
            return self.index[outcome]
        except KeyError:
            raise InvalidInput(
                f"unknown outcome {outcome!r}; expected one of {', '.join(self.outcomes)}"
            ) from None

    def S(self, outcome: str) -> Fraction:
        """Satisfaction of one outcome."""
        return self.satisfaction[self.position(outcome)]

    @property
    def s_min(self) -> Fraction:
        """s_min,Ω = min over Ω of S."""
        return min(self.satisfaction)

    @property
    def s_max(self) -> Fraction:
        """s_max,Ω = max over Ω of S."""
        return max(self.satisfaction)

    @property
    def levels(self) -> tuple[Fraction, ...]:
        """The distinct satisfaction values, increasing."""
        return tuple(sorted(set(self.satisfaction)))

    def event(self, outcomes: Iterable[str]) -> frozenset[str]:
        """An event (a subset of Ω), validated."""
        names = frozenset(outcomes)
        for o in names:
            self.position(o)
        return names

    def event_where(self, predicate) -> frozenset[str]:
        """The event {ω : predicate(S(ω))}, e.g. ``event_where(lambda s: s <= 0)``."""
        return frozenset(o for o, s in zip(self.outcomes, self.satisfaction) if predicate(s))

    def level_bands(self) -> list[frozenset[str]]:
        """The events {ω : lo ≤ S(ω) ≤ hi} for each pair of satisfaction levels lo ≤ hi.

        They stand for all 2^|Ω| − 1 events in Theorem 2's condition ("P(E) = 1 implies
        min_E S ≤ X(P) ≤ max_E S"): an event F has lo = min_F S and hi = max_F S, so F lies in the
        band B of (lo, hi), which has the same min and max of S; P(F) = 1 implies P(B) = 1, and the
        condition for B gives the bounds for F. Hence the condition on the bands implies it on every
        event, with L(L + 1)/2 events for L levels instead of 2^|Ω| − 1.

        >>> from ordertheory.sample_space import binary
        >>> tuple(" ".join(sorted(b)) for b in binary().level_bands())
        ('fn fp', 'fn fp tn tp', 'tn tp')
        """
        lv = self.levels
        return [self.event_where(lambda v, lo=lo, hi=hi: lo <= v <= hi)
                for i, lo in enumerate(lv) for hi in lv[i:]]

    def events(self) -> list[frozenset[str]]:
        """All non-empty events, in a stable order (by size, then by Ω's order)."""
        from itertools import combinations

        out = []
        for r in range(1, len(self.outcomes) + 1):
            out.extend(frozenset(c) for c in combinations(self.outcomes, r))
        return out

    @property
    def is_binary(self) -> bool:
        """Ω = (tn, fp, fn, tp): the two-class space of the paper, where TPR, PPV, … are defined."""
        return self.outcomes == BINARY_OUTCOMES

    @staticmethod
    def confusion_outcome(true: int, predicted: int) -> str:
        """The outcome "ground truth class ``true``, predicted class ``predicted``" of a k-class space.

        >>> SampleSpace.confusion_outcome(2, 0)
        'y2_p0'
        """
        return f"y{true}_p{predicted}"

    @cached_property
    def is_confusion(self) -> bool:
        """Ω is the k × k layout of :meth:`confusion_outcome` (multiclass, ordinal, any satisfaction matrix)."""
        k = self.classes
        return bool(k) and self.outcomes == tuple(self.confusion_outcome(i, j) for i in range(k) for j in range(k))

    def row(self, true: int) -> tuple[str, ...]:
        """The outcomes of ground truth class ``true``, its row of the confusion matrix (row-major
        spaces: the binary one, (tn, fp) and (fn, tp), and the k-class ones).

        >>> binary().row(1)
        ('fn', 'tp')
        """
        k = self.classes
        return self.outcomes[true * k:(true + 1) * k]


def custom(
    outcomes: Iterable[str] | Mapping[str, object],
    satisfaction: Iterable[object] | None = None,
    name: str = "custom",
) -> SampleSpace:
    """A sample space from outcome names and satisfactions (or a mapping name -> satisfaction).

    >>> custom({"bad": 0, "ok": "1/2", "good": 1}).levels
    (Fraction(0, 1), Fraction(1, 2), Fraction(1, 1))
    """
    if isinstance(outcomes, Mapping):
        if satisfaction is not None:
            raise InvalidInput("expected either a mapping outcome -> satisfaction or two lists, not both")
        names = tuple(str(k) for k in outcomes)
        values = tuple(to_fraction(v, f"S({k})") for k, v in outcomes.items())
    else:
        names = tuple(str(o) for o in outcomes)
        if satisfaction is None:
            raise InvalidInput("expected a satisfaction value for every outcome but got none")
        values = tuple(to_fraction(v, f"S({n})") for n, v in zip(names, satisfaction))
        if len(values) != len(names):
            raise InvalidInput(
                f"expected {len(names)} satisfaction values but got {len(list(satisfaction))}"
            )
    return SampleSpace(name, names, values)


def binary() -> SampleSpace:
    """Two-class crisp classification: Ω = (tn, fp, fn, tp), S = (1, 0, 0, 1) (paper §5.1)."""
    return SampleSpace(
        "binary", BINARY_OUTCOMES, tuple(Fraction(v) for v in (1, 0, 0, 1)), classes=2
    )


def multiclass(k: int) -> SampleSpace:
    """k-class crisp classification: Ω = (ground truth, prediction) pairs, S = 1 on the diagonal.

    Outcome ``yI_pJ`` means ground truth class I, predicted class J (row-major, like a confusion
    matrix in scikit-learn's convention).
    """
    if not isinstance(k, int) or isinstance(k, bool) or k < 2:
        raise InvalidInput(f"expected a number of classes k >= 2 but got k={k!r}")
    if k > 32:
        raise InvalidInput(f"expected at most 32 classes (k^2 outcomes) but got k={k}")
    names = tuple(SampleSpace.confusion_outcome(i, j) for i in range(k) for j in range(k))
    sat = tuple(Fraction(1 if i == j else 0) for i in range(k) for j in range(k))
    return SampleSpace(f"multiclass:{k}", names, sat, classes=k)


def with_satisfaction(matrix, name: str = "matrix") -> SampleSpace:
    """k classes with any satisfaction: S(y = i, ŷ = j) = matrix[i][j], exact rationals.

    >>> with_satisfaction([[1, "1/2"], [0, 1]]).satisfaction
    (Fraction(1, 1), Fraction(1, 2), Fraction(0, 1), Fraction(1, 1))
    """
    rows = [list(r) for r in matrix]
    k = len(rows)
    if k < 2 or any(len(r) != k for r in rows):
        raise InvalidInput(f"expected a k × k satisfaction matrix with k >= 2 but got {k} rows of lengths "
                           f"{[len(r) for r in rows]}")
    base = multiclass(k)
    sat = tuple(to_fraction(v, f"S(y{i}, p{j})") for i, r in enumerate(rows) for j, v in enumerate(r))
    return SampleSpace(name, base.outcomes, sat, classes=k)


def ordinal(k: int) -> SampleSpace:
    """k ordered classes with partial credit: S(y, ŷ) = 1 − |y − ŷ|/(k − 1).

    >>> ordinal(3).S("y0_p1"), ordinal(3).levels
    (Fraction(1, 2), (Fraction(0, 1), Fraction(1, 2), Fraction(1, 1)))
    """
    multiclass(k)  # validates k
    return with_satisfaction([[1 - Fraction(abs(i - j), k - 1) for j in range(k)] for i in range(k)], f"ordinal:{k}")


def read_satisfaction(path: str) -> SampleSpace:
    """A k × k satisfaction matrix from a text file: one row per line, rationals separated by
    commas or spaces (``#`` starts a comment)."""
    from pathlib import Path

    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise InvalidInput(f"cannot read the satisfaction file {path!r}: {exc.strerror}") from None
    rows = [line.split("#")[0].replace(",", " ").split() for line in text.splitlines()]
    return with_satisfaction([r for r in rows if r], f"satisfaction:{Path(path).name}")


def from_name(spec: str) -> SampleSpace:
    """Parse a space name as the CLI accepts it: ``binary``, ``multiclass:K`` or ``ordinal:K``."""
    if spec == "binary":
        return binary()
    m = re.fullmatch(r"(multiclass|ordinal):(\d{1,2})", spec)
    if m:
        return (multiclass if m.group(1) == "multiclass" else ordinal)(int(m.group(2)))
    raise InvalidInput(f"unknown space {spec!r}; expected 'binary', 'multiclass:K' or 'ordinal:K' with K >= 2")
