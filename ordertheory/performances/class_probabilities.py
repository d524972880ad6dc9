"""A k-class probabilistic classifier's test set: each case's true class and its probabilities of the k classes.

What ``predict_proba`` returns, read exactly: each probability the dyadic rational its float is; a row that
sums to 1 within 1e-9 but not exactly (0.9999999999999999) is renormalised exactly — p_j / Σ_j p_j with the
row's exact sum, so that the performance is a probability vector per case (the count of such rows is kept for
the note) —; any other row is a one-line error naming it (as are NaN, ±inf and values outside [0, 1]).
Rows are grouped by their exact sum (almost every row: 1), so that the exact scores need one rational
per group, never one per case (:mod:`ordertheory.catalogue.scoring.class_samples`).

>>> import numpy as np
>>> c = ClassProbabilities.of([0, 2, 1], np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.2, 0.5, 0.3]]), ("a", "b", "c"))
>>> c.k, c.n, c.renormalised, c.top_label().tolist(), c.correct().tolist()  # 0.7+0.2+0.1, 0.1+0.1+0.8 ≠ 1 exactly
(3, 3, 2, [0, 2, 1], [True, True, True])
>>> ClassProbabilities.of([0], np.array([[0.5, 0.6, 0.1]]), ("a", "b", "c"), "model A")
Traceback (most recent call last):
...
ordertheory.errors.InvalidInput: model A: row 1: expected probabilities of the 3 classes summing to 1 (within 1e-9) but they sum to 1.2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.exact_sums import dyadic_sums

SUM_TOLERANCE = 1e-9  # a row whose sum is this close to 1 is renormalised exactly; any other is an error


@dataclass(frozen=True, eq=False)
class ClassProbabilities:
    """``truth`` (n,) the true class's index in ``labels``; ``probs`` (n, k) the probabilities as given;
    ``sums`` the distinct exact row sums and ``group`` (n,) each row's index among them."""

    truth: np.ndarray
    probs: np.ndarray
    labels: tuple
    sums: tuple[Fraction, ...]
    group: np.ndarray
    where: str = "<probabilities>"

    @classmethod
    def of(cls, truth: Sequence[int] | np.ndarray, probs: np.ndarray, labels: Sequence, where: str = "<probabilities>") -> ClassProbabilities:
        """From each case's true class (an index into ``labels``) and its row of k probabilities."""
        t = np.asarray(truth, dtype=np.int64)
        try:
            p = np.asarray(probs, dtype=float)
        except (TypeError, ValueError):
            raise InvalidInput(f"{where}: expected numbers as probabilities") from None
        k = len(labels)
        if p.ndim != 2 or p.shape != (len(t), k) or not len(t):
            raise InvalidInput(f"{where}: expected {len(t)} rows of {k} probabilities (one per class: "
                               f"{', '.join(map(str, labels))}) but got shape {p.shape}")
        bad = np.argwhere(~np.isfinite(p) | (p < 0) | (p > 1))
        if len(bad):
            i, j = (int(x) for x in bad[0])
            raise InvalidInput(f"{where}: row {i + 1}: expected a probability in [0, 1] for class {labels[j]} but "
                               f"got {float(p[i, j])!r}")
        if (t < 0).any() or (t >= k).any():
            raise InvalidInput(f"{where}: a true class is not one of the {k} classes")
        total = p.sum(axis=1)
        far = np.flatnonzero(np.abs(total - 1) > SUM_TOLERANCE)
        if len(far):
            i = int(far[0])
            raise InvalidInput(f"{where}: row {i + 1}: expected probabilities of the {k} classes summing to 1 "
                               f"(within 1e-9) but they sum to {float(total[i]):.10g}")
        return cls(t, p, tuple(labels), *exact_row_sums(p), where)

    @property
    def n(self) -> int:
        return int(self.truth.shape[0])

    @property
    def k(self) -> int:
        return len(self.labels)

    @property
    def renormalised(self) -> int:
        """How many rows did not sum to 1 exactly (renormalised by their exact sum)."""
        return int((self.group != self.sums.index(Fraction(1))).sum()) if Fraction(1) in self.sums else self.n

    @cached_property
    def normalised(self) -> np.ndarray:
        """(n, k) floats: each row divided by its exact sum (for the numeric parts: logs, resampling)."""
        s = np.array([float(x) for x in self.sums])[self.group]
        return self.probs / s[:, None]

    def top_label(self) -> np.ndarray:
        """(n,): the class of highest probability (the first one on a tie, numpy's argmax)."""
        return np.argmax(self.probs, axis=1)

    def correct(self) -> np.ndarray:
        """(n,): whether the top label is the true class."""
        return self.top_label() == self.truth

    def key(self) -> tuple:
        """Equal keys for equal test sets (the same rows in the same order)."""
        return self.truth.tobytes(), self.probs.tobytes()


def exact_row_sums(p: np.ndarray) -> tuple[tuple[Fraction, ...], np.ndarray]:
    """The distinct exact row sums and each row's index among them: every row summed exactly as integers over
    one power of two (:func:`~ordertheory.exact_sums.dyadic_sums`), only the rows whose sum is not 1 made
    Fractions (rows of predict_proba rarely are)."""
    n, k = p.shape
    nums, K = dyadic_sums(p.ravel(), np.ones(n * k, dtype=np.int64), np.repeat(np.arange(n), k), n)
    one = 1 << K
    sums: dict[Fraction, int] = {Fraction(1): 0}
    group = np.zeros(n, dtype=np.int64)
    for i, x in enumerate(nums):
        if x != one:
            group[i] = sums.setdefault(Fraction(x, one), len(sums))
    return tuple(sums), group
