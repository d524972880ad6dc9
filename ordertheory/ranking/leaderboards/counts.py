"""The test sets behind a leaderboard: each entity's counts, which every uncertainty starts from.

A performance estimated on n samples is uncertain by about 1/√n; a leaderboard of probabilities
has lost n. So uncertainty is available when the leaderboard holds integer counts (as written),
or when the caller states the number of test samples (``--samples N``: each entity's counts are
then the pseudo-counts N·P, real numbers — what a normalised leaderboard of N samples implies).
Anything else is refused with a one-line reason (:class:`~ordertheory.errors.InvalidInput`).

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,3,1,1,0\\n"))
>>> c = leaderboard_counts(lb)
>>> c.matrix.tolist(), c.origin, c.integer
([[6.0, 2.0, 1.0, 1.0], [3.0, 1.0, 1.0, 0.0]], 'counts as given', True)
>>> leaderboard_counts(read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,0.5,0.25,0.125,0.125\\n")))
Traceback (most recent call last):
...
ordertheory.errors.InvalidInput: uncertainty needs the test set: this leaderboard holds probabilities, not counts; give its number of test samples with --samples N
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard
from ordertheory.scores.class_score import SYMBOLIC_MAX_CLASSES

REFUSAL = ("uncertainty needs the test set: this leaderboard holds probabilities, not counts; "
           "give its number of test samples with --samples N")
MAX_SAMPLES = 10**12  # counts stay exact integers in float64 (< 2**53) after weighting by small importances


@dataclass(frozen=True)
class Counts:
    """Per entity (rows, in the leaderboard's order) its count of each outcome (columns, Ω's order).

    ``integer``: the counts are whole numbers (given as such, or N·P happened to be whole);
    ``origin`` says where they come from, for every report."""

    matrix: np.ndarray  # float64, shape (entities, |Ω|)
    origin: str
    integer: bool

    @property
    def totals(self) -> np.ndarray:
        """Each entity's number of test samples."""
        return self.matrix.sum(axis=1)


def leaderboard_counts(lb: Leaderboard, samples: int | None = None) -> Counts:
    """The counts of a leaderboard: as given, or N·P with ``samples = N`` for a normalised one."""
    if lb.sparse:
        raise InvalidInput(refusal(lb, samples))
    if samples is not None:
        if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
            raise InvalidInput(f"expected --samples between 1 and {MAX_SAMPLES} but got {samples!r}")
        if lb.counts is not None:
            raise InvalidInput("--samples is for a leaderboard of probabilities; this one holds counts "
                               "(their totals are the test sets' sizes): drop --samples")
        m = np.array([[float(p * samples) for p in P.probabilities] for P in lb.performances])
        whole = all((p * samples).denominator == 1 for P in lb.performances for p in P.probabilities)
        return Counts(m, f"pseudo-counts N·P with N = {samples} test samples (--samples)", whole)
    if lb.counts is None:
        raise InvalidInput(REFUSAL)
    if _largest(lb) > MAX_SAMPLES:  # compared exactly: a count of 10**400 has no float (issue 34)
        raise InvalidInput(refusal(lb, samples))
    return Counts(np.array(lb.counts, dtype=float), "counts as given", True)


def refusal(lb: Leaderboard, samples: int | None = None) -> str:
    """Why :func:`available` is False: no test set to read, counts too large to resample, or more
    classes than a dense resampling holds."""
    if lb.sparse:  # k² outcomes per entity (a million at k = 1000): no dense resampling
        return (f"uncertainty is available up to {SYMBOLIC_MAX_CLASSES} classes; this leaderboard has "
                f"{lb.space.classes} (sparse cells): its ranking and checks are exact without it")
    big = _largest(lb)
    if lb.counts is None or samples is not None or big <= MAX_SAMPLES:
        return REFUSAL
    shown = str(big) if big < 10**30 else f"one of {len(str(big))} digits"
    return f"expected counts below {MAX_SAMPLES} for uncertainty but got {shown}"


def _largest(lb: Leaderboard) -> int:
    return max((int(c) for row in lb.counts or () for c in row), default=0)


def available(lb: Leaderboard, samples: int | None = None) -> bool:
    """Whether :func:`leaderboard_counts` would succeed (for the one-line caveat of ``rank``): a
    normalised leaderboard with ``samples``, or counts within :data:`MAX_SAMPLES` (beyond it the
    sampling error is nil for any purpose, and the counts have no float)."""
    return not lb.sparse and (samples is not None or lb.counts is not None and _largest(lb) <= MAX_SAMPLES)
