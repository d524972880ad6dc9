"""The scoring scores from per-sample scores, exactly, at any number of distinct scores.

Each form reads a :class:`~ordertheory.performances.scored_samples.ScoredSamples` (counts n_l, p_l at the
distinct scores q_0 < … < q_{L−1}) and returns the value of the formula of :mod:`.formulas` on that
performance — exactly (a Fraction) where the formula is rational, the log loss as a float — or None
outside the domain as written. The arithmetic is integer: counts per level (int64), the levels as dyadic
rationals over one common power of two and the precisions by binary splitting (:mod:`ordertheory.exact_sums`) —
never a Fraction per case, O(L) after the sort.

>>> from ordertheory.performances.scored_samples import ScoredSamples
>>> s = ScoredSamples.of([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
>>> sample_value("roc_auc", s), sample_value("average_precision", s)
(Fraction(3, 4), Fraction(5, 6))
>>> sample_value("ece@2", s) == (abs(1 - Fraction(0.1) - Fraction(0.4) - Fraction(0.35)) + abs(1 - Fraction(0.8))) / 4
True
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ordertheory.catalogue.scoring.formulas import DEFAULT_BINS, boundaries, check_bins
from ordertheory.errors import InvalidInput
from ordertheory.exact_sums import dyadic_sums, grouped_fraction_sum

LOG_EPS = float(np.finfo(float).eps)  # scikit-learn clips each probability to [ε, 1 − ε] before the log
INT64_CASES = 2**31  # below this many cases every product of two counts fits in int64


def _suffix(x: np.ndarray) -> np.ndarray:
    """S_j = Σ_{l ≥ j} x_l (int64)."""
    return np.cumsum(x[::-1])[::-1]


def _auc(s):
    N, P = s.N, s.P
    if N == 0 or P == 0:
        return None
    neg, pos = s.negatives, s.positives
    if s.n >= INT64_CASES:
        neg, pos = neg.astype(object), pos.astype(object)
    below = np.cumsum(neg) - neg
    return Fraction(int(np.dot(pos, 2 * below + neg)), 2 * N * P)


def _precision_terms(s) -> tuple[np.ndarray, np.ndarray]:
    """(p_j·TP_j, D_j) at the occupied positive levels: AP = Σ p_j·TP_j / D_j / π₊."""
    tp, d = _suffix(s.positives), _suffix(s.negatives + s.positives)
    m = s.positives > 0
    return s.positives[m] * tp[m], d[m]


def _ap(s):
    if s.P == 0:
        return None
    w, d = _precision_terms(s)
    return grouped_fraction_sum(w, d) / s.P


def _pr_auc(s):
    """Σ_j p_j·(P_j + P_{j+1})/2 / π₊ with P_L = 1 (sklearn's last point, R = 0, P = 1)."""
    if s.P == 0:
        return None
    tp, d = _suffix(s.positives), _suffix(s.negatives + s.positives)
    pos = s.positives
    m = pos > 0
    nxt = np.flatnonzero(m[:-1])  # P_{j+1} at the levels below the top one
    top = int(pos[-1])  # the top level's next point is P_L = 1
    nums = np.concatenate([pos[m] * tp[m], pos[nxt] * tp[nxt + 1], [top]])
    dens = np.concatenate([d[m], d[nxt + 1], [1]])
    return grouped_fraction_sum(nums, dens) / (2 * s.P)


def _brier(s):
    """(Σ_l t_l q_l² − 2 Σ_l p_l q_l + π₊)/n with t_l = n_l + p_l: E[(y − q)²]."""
    s.probabilities("brier")
    (sq,), K2 = dyadic_sums(s.floats, s.negatives + s.positives, power=2)
    (lin,), K = dyadic_sums(s.floats, s.positives)
    return Fraction(sq - (2 * lin << (K2 - K)) + (s.P << K2), s.n << K2)


def _log_loss(s):
    """A float: the log loss is irrational. Each probability clipped to [ε, 1 − ε] as scikit-learn does
    (a confident wrong 0 or 1 would make it infinite), the logs summed by math.fsum (correctly rounded
    sum of the terms): within about 1e-15 of the exact value."""
    s.probabilities("log_loss")
    q = np.clip(s.floats, LOG_EPS, 1 - LOG_EPS)
    not_q = np.clip(1 - s.floats, LOG_EPS, 1 - LOG_EPS)
    terms = np.concatenate([-s.negatives * np.log(not_q), -s.positives * np.log(q)])
    return math.fsum(terms.tolist()) / s.n


def bin_index(q: np.ndarray, bins: int) -> np.ndarray:
    """Each probability's equal-width bin (:func:`~.formulas.bin_of`: [i/B, (i+1)/B), the last closed, the
    boundaries the doubles nearest i/B), for an array of floats."""
    return np.minimum(np.searchsorted(np.array(boundaries(bins)), q, side="right") - 1, bins - 1).astype(np.int64)


def binned_gap(q: np.ndarray, hits: np.ndarray, counts: np.ndarray, groups: np.ndarray, ngroups: int) -> Fraction:
    """Σ_b |Σ_{l ∈ b} (hits_l − q_l·counts_l)|: the ECE's numerator, exactly."""
    means, K = dyadic_sums(q, counts, groups, ngroups)
    h = np.bincount(groups, weights=hits, minlength=ngroups).astype(np.int64).tolist()
    return Fraction(sum(abs((hb << K) - m) for hb, m in zip(h, means)), 1 << K)


def ece_value(s, bins: int | None = DEFAULT_BINS):
    """Σ_b |Σ_{l ∈ b} (p_l − q_l (n_l + p_l))| / n over ``bins`` equal-width bins (None: one per level)."""
    s.probabilities("ece")
    L = len(s.floats)
    groups = np.arange(L) if bins is None else bin_index(s.floats, bins)
    return binned_gap(s.floats, s.positives, s.negatives + s.positives, groups, L if bins is None else bins) / s.n


def _best(values: np.ndarray, exact) -> Fraction:
    """max_j exact(j): the float maximum proposes, the exact values of the near-ties decide."""
    top = float(values.max())
    near = np.flatnonzero(values >= top - 1e-9 * max(1.0, abs(top)))
    return max(exact(int(j)) for j in near)


def _max_f1(s):
    tp, fp, P = _suffix(s.positives), _suffix(s.negatives), s.P
    den = tp + fp + P  # 2TP + FP + FN with FN = π₊ − TP
    if (den == 0).any():
        return None  # the domain as written: every piece defined
    return _best(2 * tp / den, lambda j: Fraction(2 * int(tp[j]), int(den[j])))


def _max_informedness(s):
    N, P = s.N, s.P
    if N == 0 or P == 0:
        return None
    tp, fp = _suffix(s.positives), _suffix(s.negatives)
    num = tp.astype(object) * N - fp.astype(object) * P if s.n >= INT64_CASES else tp * N - fp * P
    return Fraction(int(num.max()), N * P)  # TPR + TNR − 1 = (TP·N − FP·P)/(N·P) with TN = N − FP


SAMPLE_FORMS = {"roc_auc": _auc, "average_precision": _ap, "pr_auc": _pr_auc, "brier": _brier,
                "log_loss": _log_loss, "ece": ece_value, "ece_per_level": lambda s: ece_value(s, None),
                "max_f1": _max_f1, "max_informedness": _max_informedness}
ORDER_ONLY = frozenset({"roc_auc", "average_precision", "pr_auc", "max_f1", "max_informedness"})  # read the levels' order only
NUMERIC = frozenset({"log_loss"})  # irrational: a float
EXPECTATIONS = frozenset({"brier", "log_loss"})  # the mean of a per-case loss: E_P[f]


def split_bins(name: str) -> tuple[str, int | None]:
    """(``ece``, B) for ``ece@B``; (name, None) otherwise.

    >>> split_bins("ece@10"), split_bins("brier")
    (('ece', 10), ('brier', None))
    """
    base, at, arg = name.partition("@")
    if not at or base != "ece":
        return name, None
    if not arg.strip().isdigit():
        raise InvalidInput(f"expected ece@B with B a number of bins (ece@10) but got {name}")
    return "ece", check_bins(int(arg))


def sample_value(slug: str, samples):
    """The value of the catalogue score ``slug`` (``ece@B`` for B bins) on per-sample scores."""
    base, bins = split_bins(slug)
    if bins is not None:
        return ece_value(samples, bins)
    form = SAMPLE_FORMS.get(base)
    if form is None:
        raise InvalidInput(f"{slug} has no per-sample form; per-sample scores rank by "
                           f"{', '.join(sorted(SAMPLE_FORMS))} (ece@B: B bins)")
    return form(samples)
