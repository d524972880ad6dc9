"""A scoring classifier's test set, kept as counts per distinct score: the exact performance on
Ω = {negative, positive} × the distinct scores (``scored:L`` with L the number of distinct scores),
without writing Ω's 2L outcomes out — so any number of distinct scores (10 000 and more) is exact.

Each score is read exactly (a float by its binary value, as :func:`~ordertheory.performances.from_predictions.from_scores`
reads it); NaN and ±inf are refused in one line. The catalogue's scoring scores evaluate it directly
from the sorted counts (:func:`ordertheory.catalogue.scoring.sample_value`), equal to their formulas on
the same performance written out (:meth:`ScoredSamples.performance`) and to scikit-learn.

>>> s = ScoredSamples.of([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
>>> [float(q) for q in s.levels], s.negatives.tolist(), s.positives.tolist()
([0.1, 0.35, 0.4, 0.8], [1, 0, 1, 0], [0, 1, 0, 1])
>>> s.performance().space.name
'scored:4 levels (0.1 to 0.8)'
>>> ScoredSamples.of([0, 1], [0.2, float("nan")], "model A")
Traceback (most recent call last):
...
ordertheory.errors.InvalidInput: model A: expected a finite score for every case but case 2 has nan
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Performance
from ordertheory.spaces.sample_space import MAX_LEVELS, ScoredSpace, scored


@dataclass(frozen=True)
class ScoredSamples:
    """Counts of negatives and positives at each distinct score: ``floats`` the distinct scores
    (ascending, each read exactly as the dyadic rational it is), ``negatives`` and ``positives`` int64."""

    floats: np.ndarray = field(repr=False)  # float64 (L,): the distinct scores, increasing
    negatives: np.ndarray  # int64 (L,)
    positives: np.ndarray  # int64 (L,)
    where: str = "<scores>"

    @classmethod
    def of(cls, y: Sequence[int] | np.ndarray, scores: Sequence[float] | np.ndarray, where: str = "<scores>") -> ScoredSamples:
        """From each case's label (1 positive, 0 negative) and score (higher = more positive)."""
        y = np.asarray(y)
        try:
            s = np.asarray(scores, dtype=float)
        except (TypeError, ValueError):
            raise InvalidInput(f"{where}: expected numbers as scores") from None
        if y.shape != s.shape or y.ndim != 1 or not len(y):
            raise InvalidInput(f"{where}: expected one score per case (at least one) but got {len(s)} scores "
                               f"for {len(y)} cases")
        bad = np.flatnonzero(~np.isfinite(s))
        if len(bad):
            raise InvalidInput(f"{where}: expected a finite score for every case but case {int(bad[0]) + 1} has "
                               f"{float(s[bad[0]])!r}")
        values, inverse = np.unique(s + 0.0, return_inverse=True)  # + 0.0: −0.0 and 0.0 are one score
        pos = np.bincount(inverse, weights=(y == 1), minlength=len(values)).astype(np.int64)
        tot = np.bincount(inverse, minlength=len(values)).astype(np.int64)
        return cls(values, tot - pos, pos, where)

    @cached_property
    def levels(self) -> tuple[Fraction, ...]:
        """The distinct scores as exact rationals (what the written-out Ω's levels are)."""
        return tuple(Fraction(v) for v in self.floats.tolist())

    @property
    def n(self) -> int:
        return int(self.negatives.sum() + self.positives.sum())

    @property
    def P(self) -> int:  # noqa: N802 - the positives, as the metrics write them
        return int(self.positives.sum())

    @property
    def N(self) -> int:  # noqa: N802
        return int(self.negatives.sum())

    def key(self) -> tuple:
        """Equal keys exactly for equal performances (the same distribution over the same distinct scores)."""
        g = int(np.gcd.reduce(np.concatenate([self.negatives, self.positives])))
        return self.floats.tobytes(), (self.negatives // g).tobytes(), (self.positives // g).tobytes()

    def probabilities(self, what: str) -> None:
        """Refuse scores outside [0, 1] for a score that reads them as probabilities (Brier, log loss, ECE)."""
        if self.floats[0] < 0 or self.floats[-1] > 1:
            bad = self.floats[0] if self.floats[0] < 0 else self.floats[-1]
            raise InvalidInput(f"{self.where}: {what} reads the scores as probabilities of the positive class, "
                               f"in [0, 1], but one is {float(bad)!r}")

    def performance(self, space: ScoredSpace | None = None) -> Performance:
        """The same performance written out on ``space`` (default: one level per distinct score), whose
        levels must include these scores; at most :data:`~ordertheory.spaces.sample_space.MAX_LEVELS` levels."""
        if space is None:
            if len(self.levels) > MAX_LEVELS:
                raise InvalidInput(f"{self.where}: {len(self.levels)} distinct scores; Ω written out holds at most "
                                   f"{MAX_LEVELS} levels")
            space = scored(levels=list(self.levels)) if len(self.levels) >= 2 else None
            if space is None:
                space = scored(levels=sorted({self.levels[0], Fraction(0) if self.levels[0] else Fraction(1)}))
        index = {q: i for i, q in enumerate(space.q)}
        missing = [q for q in self.levels if q not in index]
        if missing:
            raise InvalidInput(f"{self.where}: the score {float(missing[0])!r} is no level of {space.name}")
        counts = [0] * len(space)
        for q, a, b in zip(self.levels, self.negatives, self.positives):
            counts[space.outcomes.index(f"y0_s{index[q]}")] += int(a)
            counts[space.outcomes.index(f"y1_s{index[q]}")] += int(b)
        return Performance.from_counts(space, counts)
