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

The **ECE** is the calibration literature's: B equal-width bins of the positive class's probability
q (:func:`bin_of`: bin i = [i/B, (i+1)/B), the last one closed, [(B−1)/B, 1], its boundaries the doubles
nearest i/B), ECE = Σ_b |Σ_{l ∈ b}
(p_l − q_l·(n_l + p_l))| — the share of each bin times |its positives' rate − its mean q| —, 15
bins by default (``ece``; ``ece@B`` for B bins). ``ece_per_level`` is one bin per score level.

>>> from ordertheory.performances.performance import Performance
>>> from ordertheory.spaces.sample_space import scored
>>> sp = scored(4)
>>> P1 = Performance.from_counts(sp, {"y0_s0": 1, "y1_s1": 1})  # negatives at level 0, positives at 1
>>> get("roc_auc").score(sp)(P1), get("brier").score(sp)(P1)
(Fraction(1, 1), Fraction(13, 64))
"""

from __future__ import annotations

import bisect
from fractions import Fraction

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
       "ECE = Σᵢ P(i)·|oᵢ − eᵢ| over the bins; Guo et al., On calibration of modern neural networks, ICML 2017 "
       "(equal-width bins, 15 by default as in torchmetrics' BinaryCalibrationError)")
DEFAULT_BINS = 15
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


def boundaries(bins: int) -> tuple[float, ...]:
    """The bins' boundaries i/B, each the double nearest to it (Python's ``i / B``, numpy's
    ``np.arange(B + 1) / B``; ``np.linspace(0, 1, B + 1)`` is one ulp off at some of them)."""
    return tuple(i / bins for i in range(bins + 1))


def bin_of(q: Fraction, bins: int) -> int:
    """The equal-width bin of a probability q: i with i/B ≤ q < (i+1)/B, the last bin closed (q = 1 in
    bin B − 1), compared as doubles — q (a float read exactly, or the double nearest an exact level) against
    the double nearest each i/B — so that a probability printed as 7/15 (a 15-neighbour KNN's) is in bin
    7: what a numpy loop ``i / B <= p < (i + 1) / B`` computes. (torchmetrics takes float32 boundaries;
    scikit-learn's ``calibration_curve`` closes the bins on the right.)

    >>> bin_of(Fraction(1, 15), 15), bin_of(Fraction(1), 15), bin_of(Fraction(0), 15), bin_of(Fraction(7 / 15), 15)
    (1, 14, 0, 7)
    """
    return min(bisect.bisect_right(boundaries(bins), float(q)) - 1, bins - 1)


def check_bins(bins: object) -> int:
    """B ≥ 1 bins, a whole number (one line otherwise)."""
    if isinstance(bins, bool) or not isinstance(bins, int) or not 1 <= bins <= 10**6:
        raise InvalidInput(f"expected a number of bins between 1 and 1000000 but got {bins!r}")
    return bins


def _ece_binned(bins: int | None):
    """Σ_b |Σ_{l ∈ b} (p_l − q_l (n_l + p_l))|: P(b)·|o_b − e_b| written out, so that an empty bin, which
    the source skips, is a term 0 instead of a 0/0 (the domain is every performance, as the source's sum is)."""
    def build(t, space):
        n, p = levels(t, space)
        q = [sympy.Rational(v.numerator, v.denominator) for v in space.q]
        groups: dict[int, list] = {}
        for i, (a, b, v, f) in enumerate(zip(n, p, q, space.q)):  # bins=None: one bin per level
            groups.setdefault(i if bins is None else bin_of(f, bins), []).append(b - v * (a + b))
        # unevaluated |…|: sympy would otherwise try to decide each sign (~20 ms per level)
        return Term.sum(Term(sympy.Abs(sympy.Add(*g), evaluate=False)) for g in groups.values())

    return build


def ece_entry(bins: int) -> Entry:
    """The ECE with ``bins`` equal-width bins (``ece`` is 15, ``ece@B`` any other B)."""
    check_bins(bins)
    return Entry("ece" if bins == DEFAULT_BINS else f"ece@{bins}", f"Expected calibration error ({bins} equal-width bins)",
                 _ece_binned(bins), ECE, "scored", ("expected_calibration_error",) if bins == DEFAULT_BINS else (),
                 f"Σ_b |Σ_(l in b) (p_l − q_l (n_l + p_l))| over {bins} bins [i/{bins}, (i+1)/{bins}), the last closed",
                 lower_is_better=True, argument=lambda arg: ece_entry(_bins_text(arg)))


def _bins_text(text: str) -> int:
    if not text.strip().isdigit():
        raise InvalidInput(f"expected ece@B with B a number of bins (ece@10) but got ece@{text}")
    return check_bins(int(text))


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
register(ece_entry(DEFAULT_BINS))
_s("ece_per_level", "Expected calibration error, one bin per score level", _ece_binned(None), ECE, ("ece_levels",),
   "Σ_l |p_l − q_l (n_l + p_l)|: the mean |y − q| when every score is its own level", lower=True)
_s("max_f1", "F1 at its best threshold", _max_over_thresholds(_f1), LIPTON, ("f1_max",),
   "max over the thresholds 'level ≥ j' of 2TP_j / (2TP_j + FP_j + FN_j)")
_s("max_informedness", "Youden's J at its optimal threshold", _max_over_thresholds(_informedness), YOUDEN,
   ("youden_j_max", "max_youden_j"), "max over the thresholds 'level ≥ j' of TPR_j + TNR_j − 1")
