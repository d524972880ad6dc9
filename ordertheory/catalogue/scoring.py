"""Scores of a scoring classifier on Ω = {negative, positive} × L score levels (``scored:L``).

Outcome ``y0_s{l}`` (``y1_s{l}``) is a negative (positive) sample that got score level l, whose
value q_l is the probability given to the positive class. Write n_l = P(y0_s{l}), p_l = P(y1_s{l}),
π₋ = Σ n_l, π₊ = Σ p_l, and for the threshold "positive iff level ≥ j" TP_j = Σ_{l ≥ j} p_l,
FP_j = Σ_{l ≥ j} n_l, D_j = TP_j + FP_j. Each formula is written as its source writes it, so that
its domain is the domain as written: ROC AUC divides by π₋·π₊; average precision and the PR AUC by
π₊ and by every D_j (the precision at each threshold — on a fixed grid of levels every level is a
threshold, so the top level must be occupied: sklearn, which takes the thresholds from the data,
never meets an empty one); Brier, log loss and ECE are defined everywhere. Values agree with
scikit-learn on real predictions (tests/unit/test_scoring_sklearn.py).

>>> from ordertheory.performances.performance import Performance
>>> from ordertheory.spaces.sample_space import scored
>>> sp = scored(4)
>>> P1 = Performance.from_counts(sp, {"y0_s0": 1, "y1_s1": 1})  # negatives at level 0, positives at 1
>>> get("roc_auc").score(sp)(P1), get("brier").score(sp)(P1)
(Fraction(1, 1), Fraction(13, 64))
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import sympy

from ordertheory.catalogue.entry import Entry, get, register  # noqa: F401 (get: doctest)
from ordertheory.errors import InvalidInput
from ordertheory.scores.formula import Condition, ConditionKind, Term
from ordertheory.spaces.sample_space import SampleSpace

SKLEARN = "scikit-learn metrics"
HANLEY = ("Hanley & McNeil, The meaning and use of the area under a ROC curve, Radiology 1982 (Mann–Whitney "
          "form, ties count ½); sklearn roc_auc_score")
AP = "sklearn average_precision_score: AP = Σₙ (Rₙ − Rₙ₋₁) Pₙ over the score thresholds"
PR_AUC = "sklearn auc(recall, precision) over precision_recall_curve (trapezoids, with the point R = 0, P = 1)"
BRIER = "Brier, Verification of forecasts expressed in terms of probability, 1950; sklearn brier_score_loss"
LOG_LOSS = "sklearn log_loss (cross-entropy, −y log q − (1 − y) log(1 − q))"
ECE = ("Naeini, Cooper & Hauskrecht, Obtaining well calibrated probabilities using Bayesian binning, AAAI 2015: "
       "ECE = Σᵢ P(i)·|oᵢ − eᵢ| over the bins (here the score levels)")
LIPTON = "Lipton, Elkan & Naryanaswamy, Optimal thresholding of classifiers to maximize F1, 2014"
YOUDEN = "Youden, Index for rating diagnostic tests, 1950; its optimum over the thresholds of sklearn roc_curve"


def levels(t: dict[str, Term], space: SampleSpace) -> tuple[list[sympy.Expr], list[sympy.Expr]]:
    """(n_l, p_l): the negatives' and the positives' outcome symbols, level by level."""
    L = len(space.q)
    return [t[f"y0_s{i}"].expr for i in range(L)], [t[f"y1_s{i}"].expr for i in range(L)]


def _sum(xs) -> Term:
    """A sum of outcome symbols built in one step (a chain of L additions costs O(L²))."""
    return Term(sympy.Add(*xs))


def confusion_at(t: dict[str, Term], space: SampleSpace, j: int) -> dict[str, Term]:
    """tn, fp, fn, tp of the crisp classifier "positive iff level ≥ j" (a linear map of P)."""
    n, p = levels(t, space)
    return {"tn": _sum(n[:j]), "fp": _sum(n[j:]), "fn": _sum(p[:j]), "tp": _sum(p[j:])}


def threshold_level(space: SampleSpace, threshold: Fraction) -> int:
    """The first level predicted positive at a probability threshold (q_l ≥ threshold, sklearn's
    ``y_score >= t``); len(q) when no level reaches it."""
    return next((i for i, q in enumerate(space.q) if q >= threshold), len(space.q))


def roc_points(P) -> list[tuple[Fraction, Fraction]]:
    """The ROC curve of a performance on a scored space, exactly: (FPR_j, TPR_j) for the thresholds
    "positive iff level ≥ j", j = L … 0, from (0, 0) to (1, 1) (π₋, π₊ > 0). ROC AUC is the area
    under its straight segments (the trapezoids, ties counting ½).

    >>> from ordertheory.performances.performance import Performance
    >>> from ordertheory.spaces.sample_space import scored
    >>> roc_points(Performance.from_counts(scored(2), {"y0_s0": 1, "y1_s1": 1}))
    [(Fraction(0, 1), Fraction(0, 1)), (Fraction(0, 1), Fraction(1, 1)), (Fraction(1, 1), Fraction(1, 1))]
    """
    L = len(P.space.q)
    n = [P[f"y0_s{i}"] for i in range(L)]
    p = [P[f"y1_s{i}"] for i in range(L)]
    neg, pos = sum(n), sum(p)
    return [(sum(n[j:], Fraction(0)) / neg, sum(p[j:], Fraction(0)) / pos) for j in range(L, -1, -1)]


def _roc_auc(t, space):
    """Σ_j p_j·(Σ_{i<j} n_i + n_j/2) over π₋π₊, each level's pairs grouped (L products, not L²/2)."""
    n, p = levels(t, space)
    below = [sympy.Add(*n[:j], n[j] / 2) for j in range(len(n))]
    return _sum([pj * b for pj, b in zip(p, below)]) / (_sum(n) * _sum(p))


def _precisions(t, space) -> list[Term]:
    """P_j = TP_j / D_j, the precision at each threshold. As written each D_j ≠ 0; D_j ≥ D_{L−1} ≥ 0
    (masses at or above a higher threshold), so these L conditions say exactly D_{L−1} ≠ 0 — the
    same domain, held as that one condition (L conditions over O(L) terms would cost O(L² log L)
    to sort and print)."""
    n, p = levels(t, space)
    top = Condition(ConditionKind.NONZERO, n[-1] + p[-1])
    return [Term(sympy.Add(*p[j:]) / sympy.Add(*n[j:], *p[j:]), (top,)) for j in range(len(p))]


def _average_precision(t, space):
    """Σ_j (R_j − R_{j+1})·P_j with R_j − R_{j+1} = p_j / π₊: (Σ_j p_j P_j) / π₊."""
    _, p = levels(t, space)
    return Term.sum(Term(pj) * pr for pj, pr in zip(p, _precisions(t, space))) / _sum(p)


def _pr_auc(t, space):
    """Σ_j (R_j − R_{j+1})·(P_j + P_{j+1})/2 with P_L = 1 (sklearn's last point, R = 0, P = 1)."""
    _, p = levels(t, space)
    pr = _precisions(t, space) + [Term.const(1)]
    return Term.sum(Term(pj) * (pr[j] + pr[j + 1]) for j, pj in enumerate(p)) / (2 * _sum(p))


def _brier(t, space):
    n, p = levels(t, space)
    q = [sympy.Rational(v.numerator, v.denominator) for v in space.q]
    return _sum([a * v**2 for a, v in zip(n, q)] + [b * (1 - v) ** 2 for b, v in zip(p, q)])


def _log_loss(t, space):
    bad = next((i for i, v in enumerate(space.q) if not 0 < v < 1), None)
    if bad is not None:
        raise InvalidInput(f"log loss needs every score level strictly between 0 and 1 but {space.name} has "
                           f"q_{bad} = {space.q[bad]} (log 0 is undefined); use levels away from 0 and 1 "
                           "(the default scored:L) or clip the scores")
    n, p = levels(t, space)
    terms = []
    for a, b, v in zip(n, p, space.q):
        q = sympy.Rational(v.numerator, v.denominator)
        terms += [-a * sympy.log(1 - q), -b * sympy.log(q)]
    return _sum(terms)


def _ece(t, space):
    """Σ_l P(l)·|o_l − q_l| with P(l)·o_l = p_l written out: an empty bin, which the source skips,
    is then a term 0 instead of a 0/0 (the domain is every performance, as the source's sum is)."""
    n, p = levels(t, space)
    q = [sympy.Rational(v.numerator, v.denominator) for v in space.q]
    # unevaluated |…|: sympy would otherwise try to decide each sign (~20 ms per level)
    return Term.sum(Term(sympy.Abs(b - v * (a + b), evaluate=False)) for a, b, v in zip(n, p, q))


def _f1(c: dict[str, Term]) -> Term:
    return 2 * c["tp"] / (2 * c["tp"] + c["fp"] + c["fn"])


def _informedness(c: dict[str, Term]) -> Term:
    return c["tp"] / (c["tp"] + c["fn"]) + c["tn"] / (c["tn"] + c["fp"]) - 1


def _max_over_thresholds(crisp):
    """max over the thresholds "positive iff level ≥ j", j = 0 … L − 1 (sklearn's thresholds: the
    scores themselves; predicting everything negative adds F1 = 0 or J = 0, never a larger value).
    The max is left unevaluated (sympy would compare its L arguments pairwise: minutes at L = 48);
    its domain is every piece's, as written."""
    def build(t, space):
        pieces = [crisp(confusion_at(t, space, j)) for j in range(len(space.q))]
        return Term(sympy.Max(*(p.expr for p in pieces), evaluate=False), Term.sum(pieces).conditions)

    return build


def _s(slug, name, build, source, aliases=(), note="", lower=False):
    return register(Entry(slug, name, build, source, "scored", tuple(aliases), note, lower_is_better=lower))


_s("roc_auc", "Area under the ROC curve", _roc_auc, HANLEY, ("auc", "auroc", "roc_auc_score"),
   "AUC = (Σ_{i<j} n_i p_j + ½ Σ_j n_j p_j) / (π₋ π₊): a ratio of quadratic forms in P")
_s("average_precision", "Average precision", _average_precision, AP, ("ap", "average_precision_score"),
   "AP = Σ_j (p_j / π₊)·TP_j / D_j")
_s("pr_auc", "Area under the precision–recall curve (trapezoids)", _pr_auc, PR_AUC, ("auprc",))
_s("brier", "Brier score", _brier, BRIER, ("brier_score", "brier_score_loss"),
   "E_P[(q − y)²]", lower=True)
_s("log_loss", "Log loss (cross-entropy)", _log_loss, LOG_LOSS, ("logloss",),
   "E_P[−y log q − (1 − y) log(1 − q)]; every level strictly inside (0, 1)", lower=True)
_s("ece", "Expected calibration error (bins = score levels)", _ece, ECE, ("expected_calibration_error",),
   "Σ_l |p_l − q_l (n_l + p_l)|", lower=True)
_s("max_f1", "F1 at its best threshold", _max_over_thresholds(_f1), LIPTON, ("f1_max",),
   "max over the thresholds 'level ≥ j' of 2TP_j / (2TP_j + FP_j + FN_j)")
_s("max_informedness", "Youden's J at its optimal threshold", _max_over_thresholds(_informedness), YOUDEN,
   ("youden_j_max", "max_youden_j"), "max over the thresholds 'level ≥ j' of TPR_j + TNR_j − 1")


# --- the same scores from per-sample scores, at any number of distinct scores ---------------------------
# Each function reads a ScoredSamples (counts n_l, p_l at the distinct scores q_0 < … < q_{L−1}) and
# returns the value of the formula above on that performance — exactly (a Fraction) where the formula is
# rational, the log loss as a float — or None outside the domain as written. O(L) after the sort.
def _suffix(x) -> list[int]:
    """S_j = Σ_{l ≥ j} x_l, as Python integers (exact), with S_L = 0."""
    out = [0] * (len(x) + 1)
    for j in range(len(x) - 1, -1, -1):
        out[j] = out[j + 1] + int(x[j])
    return out


def _auc_samples(s):
    if s.N == 0 or s.P == 0:
        return None
    below, twice = 0, 0
    for a, b in zip(s.negatives, s.positives):
        twice += int(b) * (2 * below + int(a))
        below += int(a)
    return Fraction(twice, 2 * s.N * s.P)


def _precisions_samples(s) -> list[Fraction]:
    tp, d = _suffix(s.positives), _suffix(s.negatives + s.positives)
    return [Fraction(tp[j], d[j]) for j in range(len(s.levels))]


def _ap_samples(s):
    if s.P == 0:
        return None
    tp, d = _suffix(s.positives), _suffix(s.negatives + s.positives)
    return sum((Fraction(int(p) * tp[j], d[j]) for j, p in enumerate(s.positives) if p), Fraction(0)) / s.P


def _pr_auc_samples(s):
    if s.P == 0:
        return None
    pr = _precisions_samples(s) + [Fraction(1)]
    return sum((int(p) * (pr[j] + pr[j + 1]) for j, p in enumerate(s.positives) if p), Fraction(0)) / (2 * s.P)


def _common(levels) -> tuple[list[int], int]:
    """The levels as integers over one common denominator D (a float's is a power of two): one exact sum."""
    D = math.lcm(*(q.denominator for q in levels))
    return [q.numerator * (D // q.denominator) for q in levels], D


def _brier_samples(s):
    s.probabilities("brier")
    a, D = _common(s.levels)
    total = sum(int(n) * x * x + int(p) * (D - x) ** 2 for x, n, p in zip(a, s.negatives, s.positives))
    return Fraction(total, D * D * s.n)


LOG_EPS = float(np.finfo(float).eps)  # scikit-learn clips each probability to [ε, 1 − ε] before the log


def _log_loss_samples(s):
    """A float: the log loss is irrational. Each probability clipped to [ε, 1 − ε] as scikit-learn does
    (a confident wrong 0 or 1 would make it infinite), the logs summed by math.fsum (correctly rounded
    sum of the terms): within about 1e-15 of the exact value."""
    s.probabilities("log_loss")
    q = np.clip(s.floats, LOG_EPS, 1 - LOG_EPS)
    not_q = np.clip(1 - s.floats, LOG_EPS, 1 - LOG_EPS)
    terms = [-int(a) * math.log(w) for a, w in zip(s.negatives, not_q) if a] + \
            [-int(b) * math.log(v) for b, v in zip(s.positives, q) if b]
    return math.fsum(terms) / s.n


def _ece_samples(s):
    s.probabilities("ece")
    a, D = _common(s.levels)
    return Fraction(sum(abs(int(p) * D - x * (int(n) + int(p))) for x, n, p in zip(a, s.negatives, s.positives)),
                    D * s.n)


def _max_samples(crisp):
    def value(s):
        tp, fp = _suffix(s.positives), _suffix(s.negatives)
        best = None
        for j in range(len(s.levels)):
            v = crisp(s.N - fp[j], fp[j], s.P - tp[j], tp[j])
            if v is None:
                return None  # the domain as written: every piece defined
            best = v if best is None or v > best else best
        return best

    return value


def _f1_counts(tn, fp, fn, tp):
    return Fraction(2 * tp, 2 * tp + fp + fn) if 2 * tp + fp + fn else None


def _informedness_counts(tn, fp, fn, tp):
    return Fraction(tp, tp + fn) + Fraction(tn, tn + fp) - 1 if tp + fn and tn + fp else None


SAMPLE_FORMS = {"roc_auc": _auc_samples, "average_precision": _ap_samples, "pr_auc": _pr_auc_samples,
                "brier": _brier_samples, "log_loss": _log_loss_samples, "ece": _ece_samples,
                "max_f1": _max_samples(_f1_counts), "max_informedness": _max_samples(_informedness_counts)}
ORDER_ONLY = frozenset({"roc_auc", "average_precision", "pr_auc", "max_f1", "max_informedness"})  # read the levels' order only
NUMERIC = frozenset({"log_loss"})  # irrational: a float


def sample_value(slug: str, samples):
    """The value of the catalogue score ``slug`` on per-sample scores (see the block above).

    >>> from ordertheory.performances.scored_samples import ScoredSamples
    >>> s = ScoredSamples.of([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> sample_value("roc_auc", s), sample_value("average_precision", s)
    (Fraction(3, 4), Fraction(5, 6))
    """
    form = SAMPLE_FORMS.get(slug)
    if form is None:
        raise InvalidInput(f"{slug} has no per-sample form; per-sample scores rank by "
                           f"{', '.join(sorted(SAMPLE_FORMS))}")
    return form(samples)
