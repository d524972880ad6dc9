"""scikit-learn's and torchmetrics' k-class averages that the catalogue did not hold: weighted
averages (each class weighted by its prior, ``average='weighted'``), the chance-adjusted balanced
accuracy, macro F_β, and Cohen's κ with linear or quadratic disagreement weights.

scikit-learn's convention at a zero denominator is ``zero_division='warn'``: the class term counts
as 0 (with a warning); torchmetrics' is ``zero_division=0``. Here such performances are outside the
domain (the formula as written); ``at_zero`` records the libraries' choice.

>>> from ordertheory.catalogue.entry import get
>>> from ordertheory.spaces.sample_space import binary
>>> str(get("adjusted_balanced_accuracy").score(binary()).expr)
'tn/(fp + tn) + tp/(fn + tp) - 1'
"""

from __future__ import annotations

import sympy

from ordertheory.catalogue.confusion import ZERO, margins, mean, one_vs_rest, population, rates
from ordertheory.catalogue.entry import Entry, register
from ordertheory.scores.formula import Term

SKLEARN = "scikit-learn sklearn.metrics.{f}"
TORCH = "torchmetrics {f}"
SK_ZERO = "scikit-learn: 0 with a warning (zero_division='warn'); torchmetrics: 0; here undefined"


def _a(slug, name, build, source, aliases=(), note="", at_zero=SK_ZERO):
    return register(Entry(slug, name, build, source, "multiclass", tuple(aliases), note, at_zero))


def _weighted(t, s, f) -> Term:
    """Σᵢ (Pᵢ/POP)·fᵢ: scikit-learn's average='weighted' (weights = the support of each class)."""
    pop = population(t)
    out = ZERO
    for c in range(s.classes):
        r = one_vs_rest(t, s.classes, c)
        out = out + ((r["tp"] + r["fn"]) / pop) * f(r)
    return out


def _f_beta(beta2):
    return lambda r: ((1 + beta2) * r["tp"]) / ((1 + beta2) * r["tp"] + beta2 * r["fn"] + r["fp"])


def _iou(r):
    return r["tp"] / (r["tp"] + r["fp"] + r["fn"])


def _adjusted_ba(t, s):
    """balanced_accuracy_score(adjusted=True): (BA − 1/k)/(1 − 1/k), BA the mean recall."""
    k = s.classes
    ba = mean([rates(one_vs_rest(t, k, c))["TPR"] for c in range(k)])
    return (ba - Term.const(1) / k) / (1 - Term.const(1) / k)


def _weighted_kappa(t, s, power: int):
    """cohen_kappa_score(weights='linear'|'quadratic'): 1 − Σ wᵢⱼ Oᵢⱼ / Σ wᵢⱼ Eᵢⱼ, wᵢⱼ = |i − j|^power,
    E = the outer product of the margins over POP (scikit-learn's expected matrix)."""
    k = s.classes
    rows, cols, _ = margins(t, k)
    pop = population(t)
    obs = sum((abs(i - j) ** power * t[f"y{i}_p{j}"] for i in range(k) for j in range(k) if i != j), ZERO)
    exp = sum((abs(i - j) ** power * rows[i] * cols[j] / pop for i in range(k) for j in range(k) if i != j), ZERO)
    return 1 - obs / exp


_a("weighted_recall", "Prior-weighted recall (average='weighted')",
   lambda t, s: _weighted(t, s, lambda r: rates(r)["TPR"]), SKLEARN.format(f="recall_score(average='weighted')"))
_a("weighted_precision", "Prior-weighted precision (average='weighted')",
   lambda t, s: _weighted(t, s, lambda r: rates(r)["PPV"]), SKLEARN.format(f="precision_score(average='weighted')"))
_a("weighted_f1", "Prior-weighted F1 (average='weighted')",
   lambda t, s: _weighted(t, s, _f_beta(1)), SKLEARN.format(f="f1_score(average='weighted')"))
_a("weighted_jaccard", "Prior-weighted Jaccard index (average='weighted')",
   lambda t, s: _weighted(t, s, _iou), SKLEARN.format(f="jaccard_score(average='weighted')"))
_a("macro_f_beta_0.5", "Macro-averaged F_β, β = 1/2",
   lambda t, s: mean([_f_beta(Term(sympy.Rational(1, 4)))(one_vs_rest(t, s.classes, c)) for c in range(s.classes)]),
   SKLEARN.format(f="fbeta_score(beta=0.5, average='macro')") + "; " + TORCH.format(f="FBetaScore(beta=0.5)"))
_a("macro_f_beta_2", "Macro-averaged F_β, β = 2",
   lambda t, s: mean([_f_beta(Term.const(4))(one_vs_rest(t, s.classes, c)) for c in range(s.classes)]),
   SKLEARN.format(f="fbeta_score(beta=2, average='macro')") + "; " + TORCH.format(f="FBetaScore(beta=2)"))
_a("adjusted_balanced_accuracy", "Balanced accuracy adjusted for chance (BA − 1/k)/(1 − 1/k)", _adjusted_ba,
   SKLEARN.format(f="balanced_accuracy_score(adjusted=True)"),
   at_zero="scikit-learn: a class absent from y_true is dropped from the mean, with a warning; here undefined")
_a("cohen_kappa_linear", "Cohen's κ with linear disagreement weights |i − j|",
   lambda t, s: _weighted_kappa(t, s, 1), SKLEARN.format(f="cohen_kappa_score(weights='linear')"),
   note="Cohen (1968), weighted kappa", at_zero="scikit-learn: nan (a division by zero); here undefined")
_a("cohen_kappa_quadratic", "Cohen's κ with quadratic disagreement weights (i − j)²",
   lambda t, s: _weighted_kappa(t, s, 2), SKLEARN.format(f="cohen_kappa_score(weights='quadratic')"),
   aliases=("qwk",), note="Cohen (1968); the quadratic weighted kappa of ordinal benchmarks",
   at_zero="scikit-learn: nan (a division by zero); here undefined")
