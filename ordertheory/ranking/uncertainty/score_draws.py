"""A score's values on a batch of drawn performances, vectorised, with exact ties where they matter.

On bootstrap draws (integer counts) a linear-fractional score X = (a·c) / (b·c)
(:mod:`ordertheory.analyses.importance.linear_fractional`: every ranking score, F1, accuracy, …) is computed
as one division of two exact integers (both forms scaled to integer coefficients): the division
is correctly rounded, so two draws with equal values — equal performances above all (Axiom 1) —
get the same float and tie. Any other score goes through its vectorised formula
(:attr:`ordertheory.scores.score.Score.numeric`) on c / n: equal performances still get the same float;
distinct performances with equal values may then be separated by rounding (a numeric caveat
reported with the results). The domain as written decides where a value is undefined (NaN) in
every case.

>>> import numpy as np
>>> from ordertheory.catalogue import get
>>> ev = DrawEvaluator(get("accuracy").score())
>>> c = np.array([[[1.0, 5, 2, 2], [3, 5, 2, 0]]])    # accuracy 3/10 twice, from different counts
>>> 0.1 + 0.2 == 0.3                                  # the formula tn + tp on probabilities would split them
False
>>> ev(c, counts=True).tolist()                       # (1 + 2) / 10 and 3 / 10: one float, a tie
[[0.3, 0.3]]
>>> ev.exact_ties
True
"""

from __future__ import annotations

import numpy as np

from ordertheory.analyses.importance.linear_fractional import LinearFractional, linear_fractional
from ordertheory.scores.class_score import ClassScore
from ordertheory.scores.score import Score

EXACT_LIMIT = 2.0**53  # integers below this are exact in float64


class DrawEvaluator:
    """X on arrays of draws (draws × entities × |Ω|): probabilities, or counts with ``counts=True``."""

    def __init__(self, score: Score | ClassScore) -> None:
        if isinstance(score, ClassScore):  # draws are dense (k ≤ 20): the formula's vectorised form
            score = score.symbolic()
        self.score = score
        self.lf: LinearFractional | None = linear_fractional(score)
        if self.lf is not None:
            a, b = self.lf.integer_forms()
            self._a, self._b = np.array(a, dtype=float), np.array(b, dtype=float)
            self._scale = float(max(map(abs, a + b)))

    @property
    def exact_ties(self) -> bool:
        """Whether equal values on integer counts always give equal floats (linear-fractional X)."""
        return self.lf is not None

    def __call__(self, draws: np.ndarray, counts: bool) -> np.ndarray:
        totals = draws.sum(axis=-1, keepdims=True)
        with np.errstate(all="ignore"):
            probs = draws / totals if counts else draws
            k = probs.shape[-1]
            flat = probs.reshape(-1, k)
            values = self.score.numeric([flat[:, i] for i in range(k)]).reshape(probs.shape[:-1])
            if self.lf is not None and counts and float(totals.max(initial=0)) * self._scale < EXACT_LIMIT:
                num, den = np.einsum("...k,k->...", draws, self._a), np.einsum("...k,k->...", draws, self._b)
                values = np.where(np.isnan(values) | (den == 0), np.nan, num / den)
        return values
