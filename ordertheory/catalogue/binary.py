"""Two-class scores (Ω = tn, fp, fn, tp): the 27 of the paper's Table 1, then the references'.

Formulas are written as their sources write them, so that each domain is the domain as written.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from ordertheory.catalogue.entry import Entry, register
from ordertheory.scores.formula import Term

PAPER = "Piérard et al., Foundations of the theory of performance-based ranking, CVPR 2025, Table 1"
WIKI = "references/general-performance-score.md (confusion-matrix table)"
GPS = "De Diego et al., General Performance Score for classification problems, 2022"
UPM = "Redondo et al., Unified Performance Measure for binary classification problems, 2020"
POWERS = "Powers, Evaluation: from precision, recall and F-measure to ROC, informedness, markedness and correlation, 2011"

#: The 27 scores of Table 1, in the paper's order (the list is the input; the verdicts are computed).
TABLE1 = (
    "accuracy", "f_beta_0.5", "f_beta_1", "f_beta_2", "npv", "ppv", "tnr", "tpr",
    "balanced_accuracy", "cohen_kappa", "informedness", "plr", "ptn", "ptp", "chance_kappa",
    "error_rate", "fdr", "fnr", "for", "fpr", "g_mean", "markedness", "mcc", "nlr",
    "odds_ratio", "positive_prediction_rate", "d_prime",
)


def _rates(t):
    tn, fp, fn, tp = t["tn"], t["fp"], t["fn"], t["tp"]
    return {
        "TPR": tp / (tp + fn), "TNR": tn / (tn + fp), "FPR": fp / (fp + tn), "FNR": fn / (fn + tp),
        "PPV": tp / (tp + fp), "NPV": tn / (tn + fn), "FDR": fp / (fp + tp), "FOR": fn / (fn + tn),
    }


def harmonic(*terms: Term) -> Term:
    """GPS(p1, …, pn) = n / Σ 1/pᵢ, written in the product form of the GPS papers."""
    n = len(terms)
    num = Term.const(n)
    for p in terms:
        num = num * p
    den = Term.const(0)
    for i in range(n):
        prod = Term.const(1)
        for j, p in enumerate(terms):
            if j != i:
                prod = prod * p
        den = den + prod
    return num / den


def f_beta(beta: object) -> Entry:
    """An (unregistered) entry for F_β with any β > 0 (rational or a sympy symbol).

    >>> f_beta("1/2").score().expr
    5*tp/(fn + 4*fp + 5*tp)
    """
    b = sympy.Symbol(beta, positive=True) if isinstance(beta, str) and beta.isidentifier() else (
        sympy.Rational(str(Fraction(str(beta)))) if not isinstance(beta, sympy.Basic) else beta
    )
    b2 = b**2
    # for a rational β² = p/q, numerator and denominator are both scaled by q (> 0): same value,
    # same domain, integer coefficients
    q = b2.q if b2.is_Rational else 1
    p = b2.p if b2.is_Rational else b2

    def build(t, space):
        return (q + p) * t["tp"] / ((q + p) * t["tp"] + p * t["fn"] + q * t["fp"])

    return Entry(f"f_beta_{beta}", f"F-score for β = {beta}", build,
                 "van Rijsbergen (1979); paper A.6.1", note="F_β = (1+β²)tp / ((1+β²)tp + β²fn + fp)")


def _e(slug, name, build, source=PAPER, aliases=(), note="", loss=False):
    return register(Entry(slug, name, build, source, "binary", tuple(aliases), note, lower_is_better=loss))


def _kappa_parts(t):
    tn, fp, fn, tp = t["tn"], t["fp"], t["fn"], t["tp"]
    chance = (tp + fn) * (tp + fp) + (tn + fp) * (tn + fn)
    return tn + tp, chance


# --- the 27 scores of Table 1 -------------------------------------------------------------------
_e("accuracy", "Accuracy", lambda t, s: t["tn"] + t["tp"], aliases=("acc",))
for _beta, _name in (("0.5", "F-score for β = 0.5"), ("1", "F-score for β = 1"), ("2", "F-score for β = 2")):
    _fb = f_beta(_beta)
    _e(f"f_beta_{_beta}", _name, _fb.build, aliases={"1": ("f1", "dice", "f_1")}.get(_beta, ()),
       note=_fb.note)
_e("npv", "Negative predictive value", lambda t, s: _rates(t)["NPV"])
_e("ppv", "Positive predictive value", lambda t, s: _rates(t)["PPV"], aliases=("precision",))
_e("tnr", "True negative rate", lambda t, s: _rates(t)["TNR"], aliases=("specificity", "selectivity"))
_e("tpr", "True positive rate", lambda t, s: _rates(t)["TPR"], aliases=("recall", "sensitivity", "hit_rate"))
_e("balanced_accuracy", "Balanced accuracy", lambda t, s: (_rates(t)["TPR"] + _rates(t)["TNR"]) / 2,
   aliases=("ba",))
_e("cohen_kappa", "Cohen's κ",
   lambda t, s: (lambda a, pe: (a - pe) / (1 - pe))(*_kappa_parts(t)), aliases=("kappa",),
   note="κ = (A − pₑ)/(1 − pₑ), pₑ = π₊·(tp+fp) + π₋·(tn+fn)")
_e("informedness", "Informedness", lambda t, s: _rates(t)["TPR"] + _rates(t)["TNR"] - 1,
   aliases=("youden_j", "bookmaker_informedness", "bm"), source=f"{PAPER}; {POWERS}")
_e("plr", "Positive likelihood ratio", lambda t, s: _rates(t)["TPR"] / _rates(t)["FPR"], aliases=("lr_plus",))
_e("ptn", "Probability of true negative", lambda t, s: t["tn"])
_e("ptp", "Probability of true positive", lambda t, s: t["tp"])
_e("chance_kappa", "Chance agreement in Cohen's κ", lambda t, s: _kappa_parts(t)[1],
   note="pₑ = π₊·(tp+fp) + π₋·(tn+fn)")
_e("error_rate", "Error rate", lambda t, s: t["fp"] + t["fn"], loss=True)
_e("fdr", "False discovery rate", lambda t, s: _rates(t)["FDR"], loss=True)
_e("fnr", "False negative rate", lambda t, s: _rates(t)["FNR"], aliases=("miss_rate",), loss=True)
_e("for", "False omission rate", lambda t, s: _rates(t)["FOR"], loss=True)
_e("fpr", "False positive rate", lambda t, s: _rates(t)["FPR"], aliases=("fall_out",), loss=True)
_e("g_mean", "Geometric mean of TPR and TNR", lambda t, s: (_rates(t)["TPR"] * _rates(t)["TNR"]).sqrt())
_e("markedness", "Markedness", lambda t, s: _rates(t)["PPV"] + _rates(t)["NPV"] - 1,
   aliases=("mk", "delta_p"), source=f"{PAPER}; {POWERS}")
_e("mcc", "Matthews correlation coefficient",
   lambda t, s: (t["tp"] * t["tn"] - t["fp"] * t["fn"])
   / ((t["tp"] + t["fp"]) * (t["tp"] + t["fn"]) * (t["tn"] + t["fp"]) * (t["tn"] + t["fn"])).sqrt(),
   aliases=("phi",))
_e("nlr", "Negative likelihood ratio", lambda t, s: _rates(t)["FNR"] / _rates(t)["TNR"], aliases=("lr_minus",), loss=True)
_e("odds_ratio", "Odds ratio", lambda t, s: (t["tp"] * t["tn"]) / (t["fp"] * t["fn"]),
   note="OR = (tp·tn)/(fp·fn)")
_e("positive_prediction_rate", "Rate of positive predictions", lambda t, s: t["tp"] + t["fp"],
   aliases=("pred_pos_rate",))
_e("d_prime", "Sensitivity index estimate d′",
   lambda t, s: _rates(t)["TPR"].probit() - _rates(t)["FPR"].probit(), note="d′ = probit(TPR) − probit(FPR)")

# --- beyond Table 1: the references' scores ---------------------------------------------------------
_e("jaccard", "Jaccard index (threat score, critical success index)",
   lambda t, s: t["tp"] / (t["tp"] + t["fn"] + t["fp"]), source=WIKI,
   aliases=("threat_score", "csi", "iou"))
_e("jaccard_negative", "Jaccard index of the negative class",
   lambda t, s: t["tn"] / (t["tn"] + t["fn"] + t["fp"]), source=WIKI)
_e("mean_iou", "Mean of the two classes' Jaccard indices",
   lambda t, s: (t["tp"] / (t["tp"] + t["fn"] + t["fp"]) + t["tn"] / (t["tn"] + t["fn"] + t["fp"])) / 2,
   source="semantic-segmentation practice (mIoU)")
_e("fowlkes_mallows", "Fowlkes–Mallows index", lambda t, s: (_rates(t)["PPV"] * _rates(t)["TPR"]).sqrt(),
   source=WIKI, aliases=("fm",))
_e("f1_negative", "Inverse F1 (F1 of the negative class)",
   lambda t, s: harmonic(_rates(t)["NPV"], _rates(t)["TNR"]), source=GPS, aliases=("inverse_f1", "f1_minus"))
_e("gps_tpr_tnr", "GPS of TPR and TNR (harmonic mean)",
   lambda t, s: harmonic(_rates(t)["TPR"], _rates(t)["TNR"]), source=GPS)
_e("gps_ppv_npv", "GPS of PPV and NPV (harmonic mean)",
   lambda t, s: harmonic(_rates(t)["PPV"], _rates(t)["NPV"]), source=GPS)
_e("upm", "Unified Performance Measure (GPS of PPV, TPR, TNR, NPV)",
   lambda t, s: harmonic(_rates(t)["PPV"], _rates(t)["TPR"], _rates(t)["TNR"], _rates(t)["NPV"]),
   source=f"{UPM}; {GPS}", aliases=("gps_ppv_tpr_tnr_npv",))
_e("diagnostic_odds_ratio", "Diagnostic odds ratio (PLR / NLR)",
   lambda t, s: (_rates(t)["TPR"] / _rates(t)["FPR"]) / (_rates(t)["FNR"] / _rates(t)["TNR"]),
   source=WIKI, aliases=("dor",))
_e("prevalence_threshold", "Prevalence threshold",
   lambda t, s: _rates(t)["FPR"].sqrt() / (_rates(t)["TPR"].sqrt() + _rates(t)["FPR"].sqrt()),
   source=WIKI + "; Balayla (2020)", aliases=("pt",))
_e("weighted_relative_accuracy", "Weighted relative accuracy",
   lambda t, s: (t["tp"] + t["fp"]) * (_rates(t)["PPV"] - (t["tp"] + t["fn"])),
   source="Lavrač et al. (1999)", aliases=("wracc",))
_e("prevalence", "Prevalence (positive prior)", lambda t, s: t["tp"] + t["fn"], source=WIKI,
   aliases=("prior_pos",))
_e("negative_prediction_rate", "Rate of negative predictions", lambda t, s: t["tn"] + t["fn"], source=WIKI)
_e("balanced_error_rate", "Balanced error rate", lambda t, s: (_rates(t)["FNR"] + _rates(t)["FPR"]) / 2,
   source=WIKI, aliases=("ber",), loss=True)
_e("pfp", "Probability of false positive", lambda t, s: t["fp"], source=WIKI, loss=True)
_e("pfn", "Probability of false negative", lambda t, s: t["fn"], source=WIKI, loss=True)
_e("bias", "Bias (predicted positives over actual positives)",
   lambda t, s: (t["tp"] + t["fp"]) / (t["tp"] + t["fn"]), source=POWERS)
_e("lift", "Lift (PPV over prevalence)", lambda t, s: _rates(t)["PPV"] / (t["tp"] + t["fn"]), source=POWERS)
_e("powers_correlation", "Powers' correlation √(informedness · markedness)",
   lambda t, s: ((_rates(t)["TPR"] + _rates(t)["TNR"] - 1) * (_rates(t)["PPV"] + _rates(t)["NPV"] - 1)).sqrt(),
   source=POWERS)
_e("f_beta_0.25", "F-score for β = 0.25", f_beta("0.25").build, source="van Rijsbergen (1979)")
_e("f_beta_4", "F-score for β = 4", f_beta("4").build, source="van Rijsbergen (1979)")
