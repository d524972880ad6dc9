"""Statistics the sources compute that are *not* functions of a performance, each with the reason:
they are never silently dropped (the docs list them on the out-of-scope page, with the reason and,
for a count formula, an exact pair of matrices C and 2·C where its value differs).

A performance is a probability measure on Ω: it forgets the sample count n. A statistic depends on
n when it is a count (TP, POP, …), a test or an interval (χ², p-values, standard errors), uses
binomial coefficients or factorials of counts, or adds constants to counts; it needs per-sample
scores when it reads a classifier's scores rather than its decisions; a verbal label (PyCM's
"Good", "Poor", …) is a table look-up of another statistic, not a number.

>>> len(EXCLUDED) >= 60, sorted({x.reason.name for x in EXCLUDED})[:2]
(True, ['CONSTANT', 'COUNT'])
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction


class Reason(enum.Enum):
    """Why a statistic is not a function of one performance."""

    COUNT = "a count of samples: scales with n"
    SAMPLE_COUNT = "depends on the sample count n (not homogeneous of degree 0 in the counts)"
    FACTORIAL = "uses factorials or binomial coefficients of the counts"
    INFERENCE = "a test statistic, p-value, standard error or confidence interval: depends on n"
    LABEL = "a verbal label of another statistic (a table look-up), not a number"
    CONSTANT = "a constant of the number of classes, not a statistic of the performance"
    PER_SAMPLE = "needs per-sample scores or probabilities, not the confusion matrix"
    FUNCTION = "a function of the performance outside the formula language (see the note)"


@dataclass(frozen=True)
class Excluded:
    """A statistic of a source that the catalogue lists but cannot hold as a score of Ω."""

    name: str
    source: str
    reason: Reason
    note: str = ""
    #: the source's formula on counts (TP, FP, FN, TN) of two classes, when it has one: the
    #: out-of-scope page evaluates it at C and 2·C (exactly) to show the dependence on n
    counts: Callable[[Fraction, Fraction, Fraction, Fraction], object] | None = None

    def witness(self, C=(Fraction(3), Fraction(1), Fraction(2), Fraction(4))) -> tuple | None:
        """(C, f(C), f(2C)) with f(C) ≠ f(2C) at the matrix C = (TP, FP, FN, TN), or None."""
        if self.counts is None:
            return None
        twice = tuple(2 * c for c in C)
        a, b = self.counts(*C), self.counts(*twice)
        return (C, a, b) if a != b else None


PYCM_CLASS = "PyCM 4.6, class statistic {}"
PYCM_OVERALL = "PyCM 4.6, overall statistic {}"
PYCM_DIST = "PyCM 4.6, distance {}"
SKLEARN = "scikit-learn sklearn.metrics.{}"
TORCH = "torchmetrics {}"

_E: list[Excluded] = []


def _x(name, source, reason, note="", counts=None):
    _E.append(Excluded(name, source, reason, note, counts))


for _n, _what in (("TP", "true positives"), ("TN", "true negatives"), ("FP", "false positives"),
                  ("FN", "false negatives"), ("P", "real positives TP + FN"), ("N", "real negatives TN + FP"),
                  ("TOP", "test outcome positive TP + FP"), ("TON", "test outcome negative TN + FN"),
                  ("POP", "population"), ("HD", "Hamming distance FP + FN"), ("AM", "automatic − manual TOP − P")):
    _x(_n, PYCM_CLASS.format(_n), Reason.COUNT, _what + " (its normalised form is a catalogue score, e.g. ptp)")
for _n, _of in (("AUCI", "AUC"), ("DPI", "DP"), ("MCCI", "MCC"), ("NLRI", "NLR"), ("PLRI", "PLR"), ("QI", "Yule's Q")):
    _x(_n, PYCM_CLASS.format(_n), Reason.LABEL, f"PyCM's interpretation of {_of}")
for _i, _of in enumerate(("Landis & Koch: κ", "Fleiss: κ", "Altman: κ", "Cicchetti: κ", "Cramér: V", "Matthews: MCC",
                          "λ_A", "λ_B", "Krippendorff's α", "Pearson's C"), 1):
    _x(f"SOA{_i}", PYCM_OVERALL.format(f"SOA{_i}"), Reason.LABEL, f"strength of agreement ({_of})")
for _n, _note in (("95% CI", "the accuracy's normal-approximation interval"),
                  ("Standard Error", "√(ACC(1 − ACC)/POP)"), ("Kappa Standard Error", "κ's standard error"),
                  ("Kappa 95% CI", "κ's interval"), ("P-Value", "binomial test of ACC against NIR"),
                  ("Chi-Squared", "χ² = POP·φ² (φ² is a catalogue score)")):
    _x(_n, PYCM_OVERALL.format(_n), Reason.INFERENCE, _note)
_x("Chi-Squared DF", PYCM_OVERALL.format("Chi-Squared DF"), Reason.CONSTANT, "(k − 1)²")
_x("Zero-one Loss", PYCM_OVERALL.format("Zero-one Loss"), Reason.COUNT, "the number of errors (its rate is hamming_loss)")
_x("RR", PYCM_OVERALL.format("RR"), Reason.COUNT, "global performance index Σ TOPᵢ / k = POP/k")
_x("ARI", PYCM_OVERALL.format("ARI") + "; " + SKLEARN.format("adjusted_rand_score"), Reason.FACTORIAL,
   "pairs C(nᵢⱼ, 2) of the counts")
_x("Krippendorff Alpha", PYCM_OVERALL.format("Krippendorff Alpha"), Reason.SAMPLE_COUNT,
   "ε = 1/(2·POP) in the observed agreement")
_x("rand_score", SKLEARN.format("rand_score"), Reason.FACTORIAL, "pairs of samples C(n, 2)")
_x("adjusted_mutual_info_score", SKLEARN.format("adjusted_mutual_info_score"), Reason.FACTORIAL,
   "the expected mutual information under the hypergeometric model (factorials of the counts)")
_x("fowlkes_mallows_score", SKLEARN.format("fowlkes_mallows_score"), Reason.SAMPLE_COUNT,
   "TP = Σ nᵢⱼ² − n pairs (the clustering index; the confusion-matrix FM index is fowlkes_mallows)")
for _n in ("log_loss", "brier_score_loss", "hinge_loss", "roc_auc_score", "average_precision_score",
           "top_k_accuracy_score", "det_curve", "d2_log_loss_score"):
    _x(_n, SKLEARN.format(_n), Reason.PER_SAMPLE)
for _n in ("AUROC", "AveragePrecision", "CalibrationError", "LogAUC", "SensitivityAtSpecificity"):
    _x(_n, TORCH.format(_n), Reason.PER_SAMPLE)
_x("Log loss / Brier score", "PyCM 4.6 (cm.log_loss, cm.brier_score)", Reason.PER_SAMPLE)


def _ln(x: Fraction) -> float:
    return math.log(x)


_DIST = {
    "BaulieuIV": lambda tp, fp, fn, tn: (fp + fn - (tp + Fraction(1, 2)) * (tn + Fraction(1, 2)) * tn * math.e)
    / (tp + fp + fn + tn),
    "BaulieuV": lambda tp, fp, fn, tn: (fp + fn + 1) / (tp + fp + fn + 1),
    "BaulieuVI": lambda tp, fp, fn, tn: (fp + fn) / (tp + fp + fn + 1),
    "BaulieuVII": lambda tp, fp, fn, tn: (fp + fn) / ((tp + fp + fn + tn) + tp * (tp - 4) ** 2),
    "BaulieuXII": lambda tp, fp, fn, tn: (fp + fn) / (tp + fp + fn - 1),
    "BaulieuXIII": lambda tp, fp, fn, tn: (fp + fn) / (tp + fp + fn + tp * (tp - 4) ** 2),
    "ConsonniTodeschiniI": lambda tp, fp, fn, tn: _ln(1 + tp + tn) / _ln(1 + tp + fp + fn + tn),
    "ConsonniTodeschiniII": lambda tp, fp, fn, tn: (_ln(1 + tp + fp + fn + tn) - _ln(1 + fp + fn))
    / _ln(1 + tp + fp + fn + tn),
    "ConsonniTodeschiniIII": lambda tp, fp, fn, tn: _ln(1 + tp) / _ln(1 + tp + fp + fn + tn),
    "ConsonniTodeschiniIV": lambda tp, fp, fn, tn: _ln(1 + tp) / _ln(1 + tp + fp + fn),
    "ConsonniTodeschiniV": lambda tp, fp, fn, tn: (_ln(1 + tp * tn) - _ln(1 + fp * fn))
    / _ln(1 + (tp + fp + fn + tn) ** 2 / 4),
    "Dennis": lambda tp, fp, fn, tn: (tp - (tp + fp) * (tp + fn) / (tp + fp + fn + tn))
    / math.sqrt((tp + fp) * (tp + fn) / (tp + fp + fn + tn)),
    "Eyraud": lambda tp, fp, fn, tn: (tp - (tp + fp) * (tp + fn)) / ((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)),
    "FagerMcGowan": lambda tp, fp, fn, tn: tp / math.sqrt((tp + fp) * (tp + fn)) - 1 / (2 * math.sqrt(max(tp + fp, tp + fn))),
    "Fossum": lambda tp, fp, fn, tn: ((tp + fp + fn + tn) * (tp - Fraction(1, 2)) ** 2) / ((tp + fp) * (tp + fn)),
    "KendallTau": lambda tp, fp, fn, tn: 2 * (tp + tn - fp - fn) / ((tp + fp + fn + tn) * (tp + fp + fn + tn - 1)),
    "KoppenI": lambda tp, fp, fn, tn: ((2 * tp + fp + fn) / 2 * (2 * tn + fp + fn) / 2 - (fp + fn) / 2)
    / ((2 * tp + fp + fn) / 2 * (2 * tn + fp + fn) / 2),
    "KoppenII": lambda tp, fp, fn, tn: tp + (fp + fn) / 2,
}
for _n, _f in _DIST.items():
    _x(_n, PYCM_DIST.format(_n), Reason.SAMPLE_COUNT, "", _f)
_x("GilbertWells", PYCM_DIST.format("GilbertWells"), Reason.FACTORIAL, "log of factorials of the counts")
_x("Goodall", PYCM_DIST.format("Goodall"), Reason.FUNCTION,
   "(2/π)·arcsin √((TP + TN)/n): a function of the performance, but arcsin is not in the formula language")

#: every excluded statistic, in a stable order
EXCLUDED: tuple[Excluded, ...] = tuple(_E)
