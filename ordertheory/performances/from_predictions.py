"""Performances from real predictions: per-sample scores or labels (with abstentions) → exact P.

* :func:`from_scores` — a scoring classifier's scores for the positive class (e.g. scikit-learn's
  ``predict_proba(X)[:, 1]``) and the labels: a performance on a scored space ``scored:…``.
  ``levels="distinct"`` (default) makes each distinct score a level with q = that score, read
  exactly (the float's binary value): ROC AUC, average precision, Brier and log loss are then
  scikit-learn's values exactly. ``levels=B`` bins the scores as ``sklearn.calibration
  .calibration_curve`` does (``strategy="quantile"`` or ``"uniform"``), each non-empty bin a level
  with q = the mean score in it: ECE is then the binned ECE of calibration_curve (scores whose
  order within a bin is lost count as ties). ``levels=space`` (a scored space) puts each score on
  the level of nearest q: one common Ω for several models (a leaderboard).
* :func:`from_predictions` — labels and crisp predictions, some of them abstentions: a
  performance on ``selective:k``.

>>> P = from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
>>> P.space.name
'scored:4 levels (0.1 to 0.8)'
>>> from ordertheory.catalogue import get
>>> get("roc_auc").score(P.space)(P)  # sklearn's roc_auc_score: 0.75
Fraction(3, 4)
>>> Q = from_predictions(["a", "b", "b", "a"], ["a", "b", None, "b"])
>>> Q.space.name, Q["y1_abstain"]
('selective:2', Fraction(1, 4))
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Performance
from ordertheory.spaces.labels import positive_class
from ordertheory.spaces.sample_space import MAX_LEVELS, ScoredSpace, scored, selective

STRATEGIES = ("quantile", "uniform")


def _exact(x: object, where: str) -> Fraction:
    """A score read exactly: an int or Fraction as it is, a float by its binary value."""
    if isinstance(x, bool):
        raise InvalidInput(f"expected a number for {where} but got {x!r}")
    if isinstance(x, Fraction | int):
        return Fraction(x)
    try:
        f = float(x)  # numpy floats and ints too
    except (TypeError, ValueError):
        raise InvalidInput(f"expected a number for {where} but got {x!r}") from None
    if not math.isfinite(f):
        raise InvalidInput(f"expected a finite number for {where} but got {x!r}")
    return Fraction(f)


def _binary_truth(y_true: Sequence[object], pos_label: object) -> list[int]:
    """1 for the positive class, 0 for the other: ``pos_label``, else 1 for labels within {0, 1}
    or {−1, 1}, else a one-line error asking for it (scikit-learn's rule, :mod:`ordertheory.spaces.labels`)."""
    labels = sorted(set(y_true), key=repr) if pos_label is not None else _sorted(set(y_true))
    if len(labels) > 2:
        with_pos = f" with pos_label={pos_label!r}" if pos_label is not None else " in y_true"
        raise InvalidInput(f"expected two classes{with_pos} but got {len(labels)}: {labels[:6]}")
    pos = positive_class(labels, pos_label)
    return [int(y == pos or str(y) == str(pos)) for y in y_true]


def _sorted(values: set) -> list:
    try:
        return sorted(values)
    except TypeError:
        raise InvalidInput("expected labels that can be sorted (all numbers or all strings)") from None


def from_scores(y_true: Iterable[object], y_score: Iterable[object], levels: object = "distinct",
                strategy: str = "quantile", pos_label: object = None) -> Performance:
    """The exact performance of a scoring classifier on a scored space (see the module docstring).

    ``y_score`` holds each sample's probability of the positive class, in [0, 1] (for a decision
    function, map it first, e.g. with scipy.special.expit: every rank-based score is unchanged).
    ``pos_label`` is the positive class (default: 1 for labels within {0, 1} or {−1, 1}, as
    scikit-learn; other labels need it).
    """
    t, s = list(y_true), list(y_score)
    if len(t) != len(s) or not t:
        raise InvalidInput(f"expected as many scores as labels (at least one) but got {len(t)} labels "
                           f"and {len(s)} scores")
    y = _binary_truth(t, pos_label)
    q = [_exact(v, f"y_score[{i}]") for i, v in enumerate(s)]
    bad = next((i for i, v in enumerate(q) if not 0 <= v <= 1), None)
    if bad is not None:
        raise InvalidInput(f"expected scores in [0, 1] (probabilities of the positive class) but got "
                           f"y_score[{bad}] = {float(q[bad])!r}; map a decision function into [0, 1] first")
    if isinstance(levels, ScoredSpace):
        return _on_space(levels, y, q)
    if levels == "distinct":
        values = sorted(set(q))
        index = {v: i for i, v in enumerate(values)}
        ids = [index[v] for v in q]
    elif isinstance(levels, int) and not isinstance(levels, bool):
        values, ids = _bins(q, [float(v) for v in s], levels, strategy)
    else:
        raise InvalidInput(f"expected levels='distinct', a number of bins or a scored space but got {levels!r}")
    if len(values) < 2:
        values, ids = _widen(values, ids)
    if len(values) > MAX_LEVELS:
        raise InvalidInput(f"expected at most {MAX_LEVELS} distinct scores but got {len(values)}; bin them "
                           f"(levels=B, e.g. levels=100)")
    space = scored(levels=values)
    return _counted(space, y, ids)


def _bins(q: list[Fraction], floats: list[float], n_bins: int, strategy: str):
    """calibration_curve's bins: edges by quantiles (np.percentile) or uniform on [0, 1], bin of a
    score = np.searchsorted(inner edges, score); the levels are the non-empty bins' mean scores."""
    if strategy not in STRATEGIES:
        raise InvalidInput(f"expected strategy 'quantile' or 'uniform' but got {strategy!r}")
    if not 1 <= n_bins <= MAX_LEVELS:
        raise InvalidInput(f"expected between 1 and {MAX_LEVELS} bins but got {n_bins}")
    if strategy == "quantile":
        edges = np.percentile(np.asarray(floats), np.linspace(0, 1, n_bins + 1) * 100)
    else:
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    bins = np.searchsorted(edges[1:-1], np.asarray(floats)).tolist()
    members: dict[int, list[Fraction]] = {}
    for b, v in zip(bins, q):
        members.setdefault(b, []).append(v)
    order = sorted(members)
    means = [sum(members[b], Fraction(0)) / len(members[b]) for b in order]
    index = {b: i for i, b in enumerate(order)}
    return means, [index[b] for b in bins]


def _widen(values: list[Fraction], ids: list[int]):
    """One score only: a second level beside it (no mass there), since a scored space needs two."""
    v = values[0]
    other = v + (1 - v) / 2 if v < 1 else v / 2
    values2 = sorted([v, other])
    return values2, [values2.index(v)] * len(ids)


def _on_space(space: ScoredSpace, y: list[int], q: list[Fraction]) -> Performance:
    """Each score on the level of nearest q (ties to the upper level)."""
    qs = space.q
    ids = []
    for v in q:
        i = min(range(len(qs)), key=lambda j: (abs(qs[j] - v), -j))
        ids.append(i)
    return _counted(space, y, ids)


def _counted(space: ScoredSpace, y: list[int], ids: list[int]) -> Performance:
    counts = dict.fromkeys(space.outcomes, 0)
    for c, i in zip(y, ids):
        counts[f"y{c}_s{i}"] += 1
    return Performance.from_counts(space, counts)


def _missing(v: object, abstain: object) -> bool:
    if abstain is None:
        return v is None or isinstance(v, float) and math.isnan(v)
    return v == abstain


def from_predictions(y_true: Iterable[object], y_pred: Iterable[object], abstain: object = None,
                     labels: Sequence[object] | None = None) -> Performance:
    """The exact performance of a classifier that may abstain, on ``selective:k``.

    ``abstain`` is the value of ``y_pred`` that means "no answer" (default: None or NaN);
    ``labels`` fixes the k classes and their order (default: the sorted labels of y_true and of
    the answers, as scikit-learn sorts them).
    """
    t, p = list(y_true), list(y_pred)
    if len(t) != len(p) or not t:
        raise InvalidInput(f"expected as many predictions as labels (at least one) but got {len(t)} and {len(p)}")
    answered = [b for b in p if not _missing(b, abstain)]
    classes = list(labels) if labels is not None else _sorted(set(t) | set(answered))
    if len(classes) < 2:
        classes = classes + [object()]  # one class seen: a second, empty one (selective:k needs k >= 2)
    index = {c: i for i, c in enumerate(classes)}
    unknown = [v for v in [*t, *answered] if v not in index]
    if unknown:
        raise InvalidInput(f"expected labels among {classes} but got {unknown[0]!r}")
    space = selective(len(classes))
    counts = dict.fromkeys(space.outcomes, 0)
    for a, b in zip(t, p):
        counts[f"y{index[a]}_abstain" if _missing(b, abstain) else f"y{index[a]}_p{index[b]}"] += 1
    return Performance.from_counts(space, counts)
