"""PyCM's per-class statistics (two classes: the positive class's dichotomy) that the Table 1 and
reference entries do not already hold, each written as PyCM's ``class_funcs`` computes it.

PyCM returns ``'None'`` where a division by zero (or a log of 0) occurs: those performances are
outside the domain here too (the formula as written). PyCM 4.6 is the reference version; its
value on ten real confusion matrices is compared in ``tests/unit/test_pycm_values.py``.

>>> from ordertheory.catalogue.entry import get
>>> str(get("icsi").score().expr)
'tp/(fp + tp) + tp/(fn + tp) - 1'
"""

from __future__ import annotations

import sympy

from ordertheory.catalogue.confusion import counts, harmonic, log2, population, rates
from ordertheory.catalogue.entry import Entry, register
from ordertheory.scores.formula import Term

PYCM = "PyCM 4.6 (Haghighi et al., PyCM: multiclass confusion matrix library in Python, JOSS 2018), class statistics"
PYCM_ZERO = "PyCM returns 'None' (undefined), as here"


def _c(slug, name, build, source=PYCM, aliases=(), note="", at_zero=PYCM_ZERO, loss=False):
    return register(Entry(slug, name, build, source, "binary", tuple(aliases), note, at_zero, lower_is_better=loss))


def _f_beta(tp: Term, fp: Term, fn: Term, beta2: Term) -> Term:
    """PyCM's F_calc: (1 + β²)·TP / ((1 + β²)·TP + FP + β²·FN)."""
    return ((1 + beta2) * tp) / ((1 + beta2) * tp + fp + beta2 * fn)


def _agf(t, s):
    """AGF = √(F₂ · F₀.₅ of the inverted classes), Maratea et al. (2014)."""
    tp, fp, fn, tn = counts(t)
    return (_f_beta(tp, fp, fn, Term.const(4)) * _f_beta(tn, fn, fp, Term.const(sympy.Rational(1, 4)))).sqrt()


def _agm(t, s):
    """AGM = (GM + TNR·Nn)/(1 + Nn), Nn = N/POP, Batuwita & Palade (2009); PyCM sets 0 when TPR = 0."""
    r = rates(t)
    nn = (t["tn"] + t["fp"]) / population(t)
    return ((r["TPR"] * r["TNR"]).sqrt() + r["TNR"] * nn) / (1 + nn)


def _dind(t):
    r = rates(t)
    return ((1 - r["TNR"]) ** 2 + (1 - r["TPR"]) ** 2).sqrt()


def _dp(t, s):
    """DP = √3/π · (log₁₀ X + log₁₀ Y), X = TPR/(1 − TPR), Y = TNR/(1 − TNR)."""
    r = rates(t)
    ln10 = Term(sympy.log(10))
    x, y = r["TPR"] / (1 - r["TPR"]), r["TNR"] / (1 - r["TNR"])
    return Term(sympy.sqrt(3) / sympy.pi) * (x.log() / ln10 + y.log() / ln10)


def _is(t, s):
    """IS = −log₂((TP + FN)/POP) + log₂(TP/(TP + FP)), Kononenko & Bratko (1991)."""
    tp, fp, fn, _ = counts(t)
    return -log2((tp + fn) / population(t)) + log2(tp / (tp + fp))


def _cen(t, s, modified: bool):
    """Class CEN (Wei et al. 2010) / MCEN (Delgado & Núñez-Nieto 2012) of the positive class on two
    classes: −Σ P log₂₍ₖ₋₁₎ P over its two misclassification probabilities, the log base 2(k − 1) = 2.
    PyCM skips a zero probability (0·log 0 = 0); as written here each must be > 0."""
    tp, fp, fn, _ = counts(t)
    den = (tp + fp) + (tp + fn) - (tp if modified else 0)
    total = Term.const(0)
    for cell in (fn, fp):
        p = cell / den
        total = total + p * (p.log() / Term(sympy.log(2)))
    return -total


_c("aupr", "Area under the PR curve of one operating point, (PPV + TPR)/2",
   lambda t, s: (rates(t)["PPV"] + rates(t)["TPR"]) / 2, aliases=("aupr_crisp",))
_c("braun_blanquet", "Braun-Blanquet similarity TP / max(TOP, P)",
   lambda t, s: t["tp"] / Term.max(t["tp"] + t["fp"], t["tp"] + t["fn"]), aliases=("bb",))
_c("bray_curtis", "Bray-Curtis dissimilarity |TOP − P| / (2·POP)",
   lambda t, s: ((t["tp"] + t["fp"]) - (t["tp"] + t["fn"])).abs() / (2 * population(t)), aliases=("bcd",), loss=True)
_c("icsi", "Individual classification success index PPV + TPR − 1 (Koch 2003)",
   lambda t, s: rates(t)["PPV"] + rates(t)["TPR"] - 1)
_c("iba", "Index of balanced accuracy (1 + α(TPR − TNR))·TPR·TNR, α = 1 (PyCM's default)",
   lambda t, s: (1 + (rates(t)["TPR"] - rates(t)["TNR"])) * rates(t)["TPR"] * rates(t)["TNR"],
   note="García, Mollineda & Sánchez (2009)")
_c("iba_0.1", "Index of balanced accuracy with α = 0.1 (García et al.'s choice)",
   lambda t, s: (1 + Term.const(sympy.Rational(1, 10)) * (rates(t)["TPR"] - rates(t)["TNR"]))
   * rates(t)["TPR"] * rates(t)["TNR"], source="García, Mollineda & Sánchez (2009); PyCM IBA(alpha=0.1)")
_c("information_score", "Information score −log₂(P/POP) + log₂(PPV)", _is, aliases=("is",))
_c("overlap_coefficient", "Overlap coefficient TP / min(TOP, P) (Szymkiewicz-Simpson)",
   lambda t, s: t["tp"] / Term.min(t["tp"] + t["fp"], t["tp"] + t["fn"]), aliases=("oc",))
_c("otsuka_ochiai", "Otsuka-Ochiai coefficient TP / √(TOP·P)",
   lambda t, s: t["tp"] / ((t["tp"] + t["fp"]) * (t["tp"] + t["fn"])).sqrt(), aliases=("ooc",))
_c("optimized_precision", "Optimized precision ACC − |TNR − TPR|/(TPR + TNR) (Ranawana & Palade 2006)",
   lambda t, s: (t["tp"] + t["tn"]) / population(t)
   - (rates(t)["TNR"] - rates(t)["TPR"]).abs() / (rates(t)["TPR"] + rates(t)["TNR"]), aliases=("op",))
_c("yule_q", "Yule's Q (OR − 1)/(OR + 1)",
   lambda t, s: (lambda o: (o - 1) / (o + 1))((t["tp"] * t["tn"]) / (t["fp"] * t["fn"])),
   aliases=("q",), note="OR = TP·TN/(FP·FN) (Yule 1900)")
_c("random_accuracy", "Random accuracy TOP·P / POP²",
   lambda t, s: ((t["tp"] + t["fp"]) * (t["tp"] + t["fn"])) / population(t) ** 2, aliases=("racc",))
_c("random_accuracy_unbiased", "Random accuracy unbiased ((TOP + P)/(2·POP))²",
   lambda t, s: (((t["tp"] + t["fp"]) + (t["tp"] + t["fn"])) / (2 * population(t))) ** 2, aliases=("raccu",))
_c("distance_index", "Distance index √((1 − TNR)² + (1 − TPR)²) to the ROC corner",
   lambda t, s: _dind(t), aliases=("dind",), loss=True)
_c("similarity_index", "Similarity index 1 − dInd/√2", lambda t, s: 1 - _dind(t) / Term(sympy.sqrt(2)),
   aliases=("sind",))
_c("discriminant_power", "Discriminant power √3/π (log₁₀ TPR/(1−TPR) + log₁₀ TNR/(1−TNR))", _dp,
   aliases=("dp",), note="Sokolova, Japkowicz & Szpakowicz (2006)")
_c("adjusted_f_score", "Adjusted F-score √(F₂ · inverse F₀.₅) (Maratea et al. 2014)", _agf, aliases=("agf",))
_c("adjusted_g_mean", "Adjusted G-mean (GM + TNR·Nn)/(1 + Nn)", _agm, aliases=("agm",),
   at_zero="PyCM: 0 where TPR = 0 (a second branch of the source's definition, not represented: "
           "the formula here is the TPR > 0 branch written for every performance)")
_c("cen_binary", "Confusion entropy of the positive class (two classes)", lambda t, s: _cen(t, s, False),
   aliases=("cen",), at_zero="PyCM skips a zero probability (0·log 0 = 0); here both misclassification "
                             "probabilities must be > 0 (log as written)", loss=True)
_c("mcen_binary", "Modified confusion entropy of the positive class (two classes)",
   lambda t, s: _cen(t, s, True), aliases=("mcen",),
   at_zero="PyCM skips a zero probability (0·log 0 = 0); here both must be > 0 (log as written)", loss=True)
_c("net_benefit_w1", "Net benefit (TP − w·FP)/POP at w = 1 (Vickers & Elkin 2006; PyCM NB(w=1); = net_benefit@1/2)",
   lambda t, s: (t["tp"] - t["fp"]) / population(t))
_c("f1_harmonic_tpr_ppv", "F1 as the harmonic mean GPS(PPV, TPR) (Wikipedia's GPS form)",
   lambda t, s: harmonic(rates(t)["PPV"], rates(t)["TPR"]),
   source="references/general-performance-score.md (GPS(PPV, TPR) = F1⁺)")
