"""Performances: exact probability measures on a finite Ω (paper §3.1, §3.4, Property 1).

>>> from ordertheory.spaces.sample_space import binary
>>> P = Performance.from_confusion_matrix([[6, 2], [1, 1]])
>>> P
Performance(binary: tn=3/5, fp=1/5, fn=1/10, tp=1/10)
>>> P.probability({"tn", "tp"})
Fraction(7, 10)
>>> Q = Performance.vertex(binary(), "tp")
>>> mixture([P, Q], ["1/2", "1/2"])["tp"]
Fraction(11, 20)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ordertheory.errors import InvalidInput, UndefinedScore
from ordertheory.exact import to_fraction
from ordertheory.spaces.labels import negative_first
from ordertheory.spaces.sample_space import SampleSpace, binary, multiclass


@dataclass(frozen=True)
class Importance:
    """An importance I: Ω → ℚ≥0, not identically 0 (paper §3.6).

    >>> Importance.from_values(binary(), {"tn": 0, "fp": "1/2", "fn": "1/2", "tp": 1})
    Importance(binary: tn=0, fp=1/2, fn=1/2, tp=1)
    """

    space: SampleSpace
    values: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        if len(self.values) != len(self.space):
            raise InvalidInput(
                f"expected {len(self.space)} importance values but got {len(self.values)}"
            )
        for o, v in zip(self.space.outcomes, self.values):
            if v < 0:
                raise InvalidInput(f"expected a non-negative importance but got I({o})={v}")
        if all(v == 0 for v in self.values):
            raise InvalidInput("expected an importance that is not identically 0 but got all zeros")

    @classmethod
    def from_values(
        cls, space: SampleSpace, values: Mapping[str, object] | Sequence[object]
    ) -> Importance:
        """Build from a mapping outcome -> value (missing outcomes are 0) or a full sequence."""
        return cls(space, _vector(space, values, "I"))

    @classmethod
    def uniform(cls, space: SampleSpace) -> Importance:
        """All outcomes equally important (R_I is then the expected satisfaction)."""
        return cls(space, tuple(Fraction(1) for _ in space.outcomes))

    def __getitem__(self, outcome: str) -> Fraction:
        return self.values[self.space.position(outcome)]

    def as_dict(self) -> dict[str, Fraction]:
        return dict(zip(self.space.outcomes, self.values))

    def normalised(self) -> Importance:
        """Scaled so that the largest value is 1 (Property 3: the scale does not matter)."""
        top = max(self.values)
        return Importance(self.space, tuple(v / top for v in self.values))

    def __repr__(self) -> str:
        return f"Importance({_show(self.space, self.values)})"


@dataclass(frozen=True)
class Performance:
    """A probability measure on Ω, stored as the exact probability of each outcome."""

    space: SampleSpace
    probabilities: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        if len(self.probabilities) != len(self.space):
            raise InvalidInput(
                f"expected {len(self.space)} probabilities but got {len(self.probabilities)}"
            )
        for o, p in zip(self.space.outcomes, self.probabilities):
            if not isinstance(p, Fraction):
                raise InvalidInput(f"expected exact probabilities (Fraction) but got P({o})={p!r}")
            if p < 0 or p > 1:
                raise InvalidInput(f"expected a probability in [0, 1] but got {o}={p}")
        total = sum(self.probabilities, Fraction(0))
        if total != 1:
            raise InvalidInput(f"expected probabilities summing to 1 but they sum to {total}")

    # construction -------------------------------------------------------------------------
    @classmethod
    def from_probabilities(
        cls, space: SampleSpace, values: Mapping[str, object] | Sequence[object]
    ) -> Performance:
        """From exact probabilities (mapping with every outcome, or a sequence in Ω's order)."""
        if isinstance(values, Mapping):
            for k in values:
                space.position(str(k))
            missing = [o for o in space.outcomes if o not in values]
            if missing:
                raise InvalidInput(f"expected a probability for every outcome but {missing} are missing")
        return cls(space, _vector(space, values, "P"))

    @classmethod
    def from_counts(
        cls, space: SampleSpace, counts: Mapping[str, object] | Sequence[object]
    ) -> Performance:
        """From non-negative counts (normalised exactly)."""
        vec = _vector(space, counts, "count")
        for o, c in zip(space.outcomes, vec):
            if c < 0:
                raise InvalidInput(f"expected non-negative counts but got {o}={c}")
        total = sum(vec, Fraction(0))
        if total == 0:
            raise InvalidInput("expected counts with a positive total but all counts are 0")
        return cls(space, tuple(c / total for c in vec))

    @classmethod
    def from_confusion_matrix(cls, matrix: object, space: SampleSpace | None = None,
                              pos_label: object = None) -> Performance:
        """From a k×k confusion matrix, scikit-learn's convention (rows = truth, cols = prediction).

        For two classes the matrix is ``[[tn, fp], [fn, tp]]`` and the space is :func:`binary`. A
        pandas DataFrame is read by its labels, never by the order of its rows, as
        :meth:`from_labels` reads labels: the classes are put in sorted order (scikit-learn's
        ``confusion_matrix`` order). On two classes the positive class is ``pos_label``, which
        defaults to 1 (or True) when the labels are {0, 1}, {-1, 1} or {False, True} and must
        otherwise be given — the rows' order is no guess of which class is positive. The floats of a
        DataFrame or an array are read by their exact binary value, as a leaderboard reads them (a
        Python list's numbers as written):

        >>> import pandas as pd
        >>> cm = pd.DataFrame([[8, 2], [1, 5]], index=["pos", "neg"], columns=["pos", "neg"])
        >>> Performance.from_confusion_matrix(cm, pos_label="pos")
        Performance(binary: tn=5/16, fp=1/16, fn=1/8, tp=1/2)
        >>> Performance.from_confusion_matrix(cm)
        Traceback (most recent call last):
        ...
        ordertheory.errors.InvalidInput: expected pos_label= to say which of the classes ['neg', 'pos'] is positive (a two-class DataFrame's rows do not say it)
        >>> Performance.from_confusion_matrix(pd.DataFrame([[35, 5], [10, 50]], index=[1, 0], columns=[1, 0]))
        Performance(binary: tn=1/2, fp=1/10, fn=1/20, tp=7/20)
        """
        rows = _matrix(_by_labels(matrix, pos_label, space is None or space.name == "binary"))
        k = len(rows)
        if space is None:
            space = binary() if k == 2 else multiclass(k)
        if space.classes != k:
            raise InvalidInput(
                f"expected a {space.classes}x{space.classes} confusion matrix for {space.name} but got {k}x{k}"
            )
        flat = [c for row in rows for c in row]
        return cls.from_counts(space, flat)

    @classmethod
    def from_labels(
        cls, y_true: Iterable[object], y_pred: Iterable[object], space: SampleSpace | None = None,
        pos_label: object = None,
    ) -> Performance:
        """From ground-truth and predicted labels (classes sorted as scikit-learn sorts them).

        On two classes (the binary space) the positive class is ``pos_label``, 1 by default for
        labels within {0, 1} or {-1, 1} (scikit-learn's rule); other labels need ``pos_label``,
        whatever their sort order (:func:`ordertheory.spaces.labels.positive_class`):

        >>> Performance.from_labels(["cat", "dog", "dog"], ["cat", "cat", "dog"], pos_label="cat")
        Performance(binary: tn=1/3, fp=1/3, fn=0, tp=1/3)
        >>> Performance.from_labels([0, 1, 1], [0, 0, 1])
        Performance(binary: tn=1/3, fp=0, fn=1/3, tp=1/3)
        """
        t, p = list(y_true), list(y_pred)
        seen = list(dict.fromkeys([*t, *p]))
        two = space.name == "binary" if space is not None else len(seen) <= 2
        if pos_label is not None or two:
            if len(seen) > 2:
                raise InvalidInput(f"expected two classes{f' with pos_label={pos_label!r}' if pos_label is not None else ''}"
                                   f" but got the labels {sorted(seen, key=repr)}")
            if len(t) != len(p) or not t:
                raise InvalidInput(f"expected as many predictions as labels (at least one) but got {len(t)} and {len(p)}")
            ordered = negative_first(seen, pos_label)  # one label, the positive one: it is still class 1
            order = {lab: i + 2 - len(ordered) for i, lab in enumerate(ordered)}
            counts = [[0, 0], [0, 0]]
            for a, b in zip(t, p):
                counts[_at(order, a)][_at(order, b)] += 1
            return cls.from_confusion_matrix(counts, space)
        if len(t) != len(p):
            raise InvalidInput(f"expected as many predictions as labels but got {len(t)} and {len(p)}")
        if not t:
            raise InvalidInput("expected at least one (label, prediction) pair but got none")
        try:
            labels = sorted(set(t) | set(p))
        except TypeError:
            raise InvalidInput("expected labels that can be sorted (all numbers or all strings)") from None
        k = space.classes if space is not None and space.classes else max(2, len(labels))
        if len(labels) > k:
            raise InvalidInput(f"expected at most {k} distinct labels but got {len(labels)}: {labels}")
        pos = {lab: i for i, lab in enumerate(labels)}
        counts = [[0] * k for _ in range(k)]
        for a, b in zip(t, p):
            counts[pos[a]][pos[b]] += 1
        return cls.from_confusion_matrix(counts, space)

    @classmethod
    def vertex(cls, space: SampleSpace, outcome: str) -> Performance:
        """The Dirac measure on one outcome."""
        i = space.position(outcome)
        return cls(space, tuple(Fraction(int(j == i)) for j in range(len(space))))

    # access -------------------------------------------------------------------------------
    def __getitem__(self, outcome: str) -> Fraction:
        return self.probabilities[self.space.position(outcome)]

    def as_dict(self) -> dict[str, Fraction]:
        return dict(zip(self.space.outcomes, self.probabilities))

    def probability(self, event: Iterable[str]) -> Fraction:
        """P(E) for an event given as outcome names."""
        ev = self.space.event(event)
        return sum((self[o] for o in ev), Fraction(0))

    def expectation(self, values: Sequence[Fraction] | Importance) -> Fraction:
        """E_P[V] for a random variable given by its values in Ω's order."""
        vals = values.values if isinstance(values, Importance) else values
        return sum((p * v for p, v in zip(self.probabilities, vals)), Fraction(0))

    @property
    def support(self) -> frozenset[str]:
        return frozenset(o for o, p in zip(self.space.outcomes, self.probabilities) if p != 0)

    def __repr__(self) -> str:
        return f"Performance({_show(self.space, self.probabilities)})"

    def __str__(self) -> str:
        """As every witness prints it: ``(tn=1/3, fp=0, fn=1/3, tp=1/3)``, exact values by outcome."""
        return "(" + ", ".join(f"{o}={p}" for o, p in zip(self.space.outcomes, self.probabilities)) + ")"

    def _repr_latex_(self) -> str:
        body = ", ".join(
            rf"P(\{{\mathrm{{{o}}}\}}) = {_latex_fraction(p)}" for o, p in self.as_dict().items()
        )
        return f"${body}$"


def mixture(performances: Sequence[Performance], weights: Sequence[object]) -> Performance:
    """The convex combination Σ λᵢ Pᵢ (a mixture; paper §3.4)."""
    if not performances:
        raise InvalidInput("expected at least one performance to mix but got none")
    if len(weights) != len(performances):
        raise InvalidInput(f"expected {len(performances)} weights but got {len(weights)}")
    space = performances[0].space
    for P in performances:
        if P.space != space:
            raise InvalidInput("expected performances on one common sample space")
    lam = [to_fraction(w, f"lambda{i + 1}") for i, w in enumerate(weights)]
    for i, w in enumerate(lam):
        if w < 0:
            raise InvalidInput(f"expected non-negative mixture weights but got lambda{i + 1}={w}")
    if sum(lam) != 1:
        raise InvalidInput(f"expected mixture weights summing to 1 but they sum to {sum(lam)}")
    probs = tuple(
        sum((w * P.probabilities[j] for w, P in zip(lam, performances)), Fraction(0))
        for j in range(len(space))
    )
    return Performance(space, probs)


def filter_I(importance: Importance, performance: Performance) -> Performance:
    """filter_I(P)(E) = Σ_{ω∈E} P(ω) I(ω) / Σ_ω P(ω) I(ω) (Property 1); needs E_P[I] ≠ 0."""
    if importance.space != performance.space:
        raise InvalidInput("expected the importance and the performance on the same sample space")
    total = performance.expectation(importance)
    if total == 0:
        raise UndefinedScore(f"filter_I is undefined: E_P[I] = 0 at {performance}")
    return Performance(
        performance.space,
        tuple(p * i / total for p, i in zip(performance.probabilities, importance.values)),
    )


def _vector(space: SampleSpace, values: Mapping[str, object] | Sequence[object], what: str):
    if isinstance(values, Mapping):
        for k in values:
            space.position(str(k))
        return tuple(
            to_fraction(values.get(o, 0), f"{what}({o})") for o in space.outcomes
        )
    if isinstance(values, (str, bytes)):
        raise InvalidInput(f"expected a sequence of {len(space)} numbers but got a string")
    vals = list(values)
    if len(vals) != len(space):
        raise InvalidInput(
            f"expected {len(space)} values ({', '.join(space.outcomes)}) but got {len(vals)}"
        )
    return tuple(to_fraction(v, f"{what}({o})") for o, v in zip(space.outcomes, vals))


def _at(order: dict, label: object) -> int:
    """A label's index in (negative, positive): by value, else by its text (pos_label "1" for 1)."""
    return order[label] if label in order else next(i for lab, i in order.items() if str(lab) == str(label))


_DEFAULT_POSITIVE = ({0, 1}, {-1, 1})  # scikit-learn's pos_label=1 default (True == 1: {False, True} too)


def _by_labels(matrix: object, pos_label: object, positive: bool) -> object:
    """A DataFrame with its rows and columns in sorted label order, the positive class last on two
    classes (``positive``: the space is :func:`binary`, which has a positive class to name).

    Why: a DataFrame's rows are in whatever order its author built it; reading them by position
    silently swaps the classes of ``index=["pos", "neg"]``. Sorted order and pos_label are
    scikit-learn's convention (``confusion_matrix(labels=sorted)``, ``pos_label=1``).
    """
    if not (hasattr(matrix, "index") and hasattr(matrix, "columns") and hasattr(matrix, "loc")):
        if pos_label is not None:
            raise InvalidInput("pos_label needs a labelled confusion matrix (a pandas DataFrame)")
        return matrix
    labels = list(matrix.index)
    if set(labels) != set(matrix.columns) or len(set(labels)) != len(labels) or len(set(matrix.columns)) != len(labels):
        raise InvalidInput(f"expected the rows and the columns of the confusion matrix to name the same classes "
                           f"but got rows {labels} and columns {list(matrix.columns)}")
    if pos_label is not None:
        if len(labels) != 2 or pos_label not in labels:
            raise InvalidInput(f"expected pos_label to be one of two classes but got {pos_label!r} for {labels}")
        return _reordered(matrix, [x for x in labels if x != pos_label] + [pos_label])
    try:
        labels = sorted(labels)
    except TypeError:
        raise InvalidInput(f"expected class labels that can be sorted (all numbers or all strings) but got {labels}") from None
    if positive and len(labels) == 2 and not any(set(labels) == d for d in _DEFAULT_POSITIVE):
        raise InvalidInput(f"expected pos_label= to say which of the classes {labels} is positive "
                           f"(a two-class DataFrame's rows do not say it)")
    return _reordered(matrix, labels)


def _reordered(matrix: object, labels: list) -> object:
    """The DataFrame's rows and columns in the order of ``labels``, by position (``.loc`` would read
    a list of booleans as a mask)."""
    rows, cols = list(matrix.index), list(matrix.columns)
    return matrix.iloc[[rows.index(x) for x in labels], [cols.index(x) for x in labels]]


def _matrix(matrix: object) -> list[list[object]]:
    """The rows of a k × k matrix. The floats of an array or a DataFrame are data, read by their
    exact binary value (``Fraction(float)``) as a leaderboard reads them; a Python list keeps its
    numbers as written (:func:`~ordertheory.exact.to_fraction`: 0.1 is 1/10)."""
    if hasattr(matrix, "to_numpy") and hasattr(matrix, "columns"):  # a pandas DataFrame, k x k
        matrix = matrix.to_numpy()
    if getattr(getattr(matrix, "dtype", None), "kind", "") == "f" and hasattr(matrix, "tolist"):
        matrix = [[Fraction(x) if math.isfinite(x) else x for x in row] for row in matrix.tolist()]
    if hasattr(matrix, "tolist"):
        matrix = matrix.tolist()
    if not isinstance(matrix, (list, tuple)) or not matrix:
        raise InvalidInput("expected a square confusion matrix (list of rows) but got something else")
    rows = []
    for r in matrix:
        if hasattr(r, "tolist"):
            r = r.tolist()
        if not isinstance(r, (list, tuple)):
            raise InvalidInput("expected a square confusion matrix (list of rows) but a row is not a list")
        rows.append(list(r))
    k = len(rows)
    if k < 2 or any(len(r) != k for r in rows):
        shape = f"{k}x{'/'.join(str(len(r)) for r in rows)}"
        raise InvalidInput(f"expected a square k x k confusion matrix with k >= 2 but got shape {shape}")
    return rows


def _show(space: SampleSpace, values: Sequence[Fraction]) -> str:
    return f"{space.name}: " + ", ".join(f"{o}={v}" for o, v in zip(space.outcomes, values))


def _latex_fraction(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else rf"\frac{{{f.numerator}}}{{{f.denominator}}}"
