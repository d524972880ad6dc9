"""The structured forms of the catalogue's k-class scores, and two families with parameters.

Each form writes one class's term exactly as :mod:`ordertheory.catalogue.multiclass` writes it
(on that class's one-vs-rest counts) and combines the sums as the catalogue formula does, so that
for every k the form *is* the catalogue's formula, regrouped by class (the tests compare the two
expanded formulas exactly for small k). :func:`form_of` finds a form by catalogue slug or alias.

>>> from ordertheory.performances.sparse_performance import SparsePerformance
>>> P = SparsePerformance.from_matrix([[2, 1, 0], [0, 3, 0], [1, 0, 1]])
>>> form_of("miou").at(3).value(P)
Fraction(7, 12)
>>> class_weighted_accuracy([1, 2, 1]).value(P)
Fraction(9, 11)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ordertheory.catalogue.entry import find
from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction
from ordertheory.scores.class_score import WEIGHT, CellSum, ClassForm, ClassScore, ClassSum
from ordertheory.scores.direction import Direction
from ordertheory.scores.formula import Term

FORMS: dict[str, ClassForm] = {}


def _form(slug: str, description: str, sums: tuple[ClassSum, ...], combine, weighted: bool = False,
          loss: bool = False) -> ClassForm:
    FORMS[slug] = ClassForm(slug, description, sums, combine, weighted, Direction.LOWER if loss else Direction.HIGHER)
    return FORMS[slug]


def _sum(name: str, build) -> ClassSum:
    return ClassSum(name, build)


def _ratio(t: dict[str, Term], *parts: str) -> Term:
    return t["tp"] / sum((t[p] for p in parts), Term.const(0))


TP = _sum("TP", lambda t: t["tp"])
FP = _sum("FP", lambda t: t["fp"])
FN = _sum("FN", lambda t: t["fn"])
CHANCE = _sum("E", lambda t: (t["tp"] + t["fp"]) * (t["tp"] + t["fn"]))  # P(ŷ = c)·P(y = c)

_form("multiclass_accuracy", "the mass of the diagonal", (TP,), lambda s, k: s["TP"])
_form("macro_recall", "the mean over classes of recall", (_sum("R", lambda t: _ratio(t, "tp", "fn")),),
      lambda s, k: s["R"] / k)
_form("macro_precision", "the mean over classes of precision", (_sum("Pr", lambda t: _ratio(t, "tp", "fp")),),
      lambda s, k: s["Pr"] / k)
_form("macro_f1", "the mean over classes of F1",
      (_sum("F", lambda t: 2 * t["tp"] / (2 * t["tp"] + t["fp"] + t["fn"])),), lambda s, k: s["F"] / k)
_form("macro_jaccard", "the mean over classes of the IoU",
      (_sum("J", lambda t: _ratio(t, "tp", "fp", "fn")),), lambda s, k: s["J"] / k)
_form("micro_f1", "F1 of the summed counts", (TP, FP, FN),
      lambda s, k: 2 * s["TP"] / (2 * s["TP"] + s["FP"] + s["FN"]))
_form("micro_recall", "recall of the summed counts", (TP, FP, FN), lambda s, k: s["TP"] / (s["TP"] + s["FN"]))
_form("micro_precision", "precision of the summed counts", (TP, FP, FN),
      lambda s, k: s["TP"] / (s["TP"] + s["FP"]))
_form("micro_jaccard", "the IoU of the summed counts", (TP, FP, FN),
      lambda s, k: s["TP"] / (s["TP"] + s["FP"] + s["FN"]))
_form("frequency_weighted_iou", "the IoU of each class weighted by its prior",
      (_sum("W", lambda t: (t["tp"] + t["fn"]) * _ratio(t, "tp", "fp", "fn")),), lambda s, k: s["W"] / s["T"])
_form("cohen_kappa_k", "(A − E)/(1 − E), E the chance agreement", (TP, CHANCE),
      lambda s, k: (s["TP"] - s["E"]) / (1 - s["E"]))
_form("mcc_k", "Gorodkin's R_K, as scikit-learn computes it",
      (TP, CHANCE, _sum("Q", lambda t: (t["tp"] + t["fp"]) * (t["tp"] + t["fp"])),
       _sum("R", lambda t: (t["tp"] + t["fn"]) * (t["tp"] + t["fn"]))),
      lambda s, k: (s["TP"] * s["T"] - s["E"]) / ((s["T"] * s["T"] - s["Q"]) * (s["T"] * s["T"] - s["R"])).sqrt())
# the losses among them: lower is better, as the catalogue entries say
TN = _sum("TN", lambda t: t["tn"])
_form("hamming_loss", "the mass off the diagonal", (TP,), lambda s, k: (s["T"] - s["TP"]) / s["T"], loss=True)
_form("fnr_micro", "1 − the mass of the diagonal", (TP,), lambda s, k: 1 - s["TP"] / s["T"], loss=True)
_form("fnr_macro", "1 − the mean over classes of recall", (_sum("R", lambda t: _ratio(t, "tp", "fn")),),
      lambda s, k: 1 - s["R"] / k, loss=True)
_form("fpr_macro", "1 − the mean over classes of specificity",
      (_sum("S", lambda t: t["tn"] / (t["tn"] + t["fp"])),), lambda s, k: 1 - s["S"] / k, loss=True)
_form("fpr_micro", "1 − the specificity of the summed counts", (TN, FP),
      lambda s, k: 1 - s["TN"] / (s["TN"] + s["FP"]), loss=True)
WEIGHTED = _form("class_weighted_accuracy", "Σ_c w_c·tp_c / Σ_c w_c·P(y = c): accuracy with a weight per true class",
                 (_sum("WA", lambda t: t[WEIGHT] * t["tp"]), _sum("WR", lambda t: t[WEIGHT] * (t["tp"] + t["fn"]))),
                 lambda s, k: s["WA"] / s["WR"], weighted=True)


def form_of(key: str) -> ClassForm | None:
    """The structured form of a k-class score, by catalogue slug or alias (None when it has none)."""
    entry = find(key)
    slug = entry.slug if entry is not None else key.strip().lower()
    return FORMS.get(slug)


def class_weighted_accuracy(weights) -> ClassScore:
    """Accuracy with one non-negative weight per true class (scikit-learn's ``accuracy_score`` with
    ``sample_weight = w[y_true]``): Σ_c w_c·P(c, c) / Σ_c w_c·P(y = c); k = the number of weights."""
    w = list(weights)
    return WEIGHTED.at(len(w), w)


def cost_matrix_accuracy(k: int, costs: Mapping[tuple[int, int], object] | None = None,
                         default: object = 1) -> ClassScore:
    """1 − E_P[C] for misclassification costs C in [0, 1]: ``default`` off the diagonal, ``costs``
    for the listed cells (i, j), 0 on the diagonal. With every cost 1 it is the accuracy.

    Written 1 − c₀·(T − Σ_c tp_c) − Σ_listed (C_ij − c₀)·P(i, j): the listed cells are one sparse
    linear form (:class:`~ordertheory.scores.class_score.CellSum`), so a value costs O(cells of P + cells of C).

    >>> from ordertheory.performances.sparse_performance import SparsePerformance
    >>> X = cost_matrix_accuracy(3, {(0, 1): "1/2"})
    >>> X.value(SparsePerformance.from_matrix([[2, 2, 0], [0, 3, 1], [0, 0, 2]]))
    Fraction(4, 5)
    """
    c0 = to_fraction(default, "default cost")
    table: dict[tuple[int, int], Fraction] = {}
    for (i, j), v in (costs or {}).items():
        if not (0 <= i < k and 0 <= j < k) or i == j:
            raise InvalidInput(f"expected off-diagonal cells of {k} classes but got the cost of ({i}, {j})")
        table[(int(i), int(j))] = to_fraction(v, f"cost ({i}, {j})")
    if any(not 0 <= v <= 1 for v in (c0, *table.values())):
        raise InvalidInput("expected misclassification costs in [0, 1]")
    extra = CellSum("C", tuple(sorted((ij, v - c0) for ij, v in table.items() if v != c0)))
    form = ClassForm("cost_matrix_accuracy", f"1 − E_P[C], cost {c0} off the diagonal except {len(extra.cells)} cells",
                     (TP, extra), lambda s, k: 1 - c0 * (s["T"] - s["TP"]) - s["C"])
    return form.at(k)


__all__ = ["FORMS", "class_weighted_accuracy", "cost_matrix_accuracy", "form_of"]
