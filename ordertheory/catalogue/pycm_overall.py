"""PyCM's overall statistics of a k-class confusion matrix (k ≥ 2) that the catalogue did not hold,
each written as PyCM 4.6's ``overall_funcs`` computes it. On the binary space they read class 1 as
positive (Ω's tn, fp, fn, tp are y0_p0, y0_p1, y1_p0, y1_p1).

Notation of PyCM: P_i (row sums, the class priors), TOP_i (column sums, the prediction rates),
TP_i (the diagonal), POP (every cell), RACC = Σ TOP_i·P_i/POP², RACCU = Σ ((TOP_i + P_i)/(2·POP))².

>>> from ordertheory.catalogue.entry import get
>>> from ordertheory.spaces.sample_space import binary
>>> str(get("kappa_no_prevalence").score(binary()).expr)
'2*(tn + tp)/(fn + fp + tn + tp) - 1'
"""

from __future__ import annotations

from ordertheory.catalogue.confusion import ZERO, margins, mean, one_vs_rest, population, rates
from ordertheory.catalogue.entry import Entry, register
from ordertheory.scores.formula import Term

PYCM = "PyCM 4.6 (Haghighi et al., JOSS 2018), overall statistics"
PYCM_ZERO = "PyCM returns 'None' (undefined), as here"


def _o(slug, name, build, source=PYCM, aliases=(), note="", at_zero=PYCM_ZERO, loss=False):
    return register(Entry(slug, name, build, source, "multiclass", tuple(aliases), note, at_zero, lower_is_better=loss))


def _parts(t, s):
    k = s.classes
    rows, cols, diag = margins(t, k)
    return k, rows, cols, diag, population(t)


def _acc(t, s):
    k, rows, cols, diag, pop = _parts(t, s)
    return diag / pop


def _reliability(chance: Term, acc: Term) -> Term:
    """PyCM's reliability_calc: (ACC − chance)/(1 − chance)."""
    return (acc - chance) / (1 - chance)


def _raccu(t, s):
    k, rows, cols, diag, pop = _parts(t, s)
    return sum((((c + r) / (2 * pop)) ** 2 for r, c in zip(rows, cols)), ZERO)


def _racc(t, s):
    k, rows, cols, diag, pop = _parts(t, s)
    return sum(((c * r) / pop ** 2 for r, c in zip(rows, cols)), ZERO)


def _per_class(t, s, f):
    return [f(one_vs_rest(t, s.classes, c)) for c in range(s.classes)]


def _gwet_ac1(t, s):
    """Gwet's AC1 = (ACC − pe)/(1 − pe), pe = Σ πᵢ(1 − πᵢ)/(k − 1), πᵢ = (Pᵢ + TOPᵢ)/(2·POP)."""
    k, rows, cols, diag, pop = _parts(t, s)
    pe = sum((((r + c) / (2 * pop)) * (1 - (r + c) / (2 * pop)) for r, c in zip(rows, cols)), ZERO) / (k - 1)
    return _reliability(pe, _acc(t, s))


def _phi2(t, s):
    """φ² = χ²/POP, χ² = Σᵢⱼ (nᵢⱼ − Eᵢⱼ)²/Eᵢⱼ with Eᵢⱼ = TOPⱼ·Pᵢ/POP (Pearson's chi-squared)."""
    k, rows, cols, diag, pop = _parts(t, s)
    chi2 = ZERO
    for i in range(k):
        for j in range(k):
            e = (cols[j] * rows[i]) / pop
            chi2 = chi2 + (t[f"y{i}_p{j}"] - e) ** 2 / e
    return chi2, pop


def _lambda(t, s, by_rows: bool):
    """Goodman & Kruskal's λ: λ_B takes each row's largest cell against the largest TOP; λ_A each
    column's largest cell against the largest P."""
    k, rows, cols, diag, pop = _parts(t, s)
    if by_rows:
        cells = [Term.max(*(t[f"y{i}_p{j}"] for j in range(k))) for i in range(k)]
        top = Term.max(*cols)
    else:
        cells = [Term.max(*(t[f"y{i}_p{j}"] for i in range(k))) for j in range(k)]
        top = Term.max(*rows)
    return (sum(cells, ZERO) - top) / (pop - top)


_o("acc_macro", "Macro-averaged one-vs-rest accuracy (ACC Macro)",
   lambda t, s: mean(_per_class(t, s, lambda r: (r["tp"] + r["tn"]) / (r["tp"] + r["tn"] + r["fn"] + r["fp"]))))
_o("aunu", "AUC of each class (TPR + TNR)/2, macro-averaged (AUNU)",
   lambda t, s: mean(_per_class(t, s, lambda r: (rates(r)["TNR"] + rates(r)["TPR"]) / 2)),
   note="Ferri, Hernández-Orallo & Modroiu (2009): AUNU")
_o("aunp", "AUC of each class weighted by its prior (AUNP)",
   lambda t, s: sum(((r["tp"] + r["fn"]) / population(t) * (rates(r)["TNR"] + rates(r)["TPR"]) / 2
                     for r in _per_class(t, s, lambda r: r)), ZERO),
   note="Ferri, Hernández-Orallo & Modroiu (2009): AUNP")
_o("bangdiwala_b", "Bangdiwala's B Σ TPᵢ² / Σ TOPᵢ·Pᵢ",
   lambda t, s: sum((t[f"y{c}_p{c}"] ** 2 for c in range(s.classes)), ZERO)
   / sum((c * r for r, c in zip(*_parts(t, s)[1:3])), ZERO), note="Bangdiwala (1985)")
_o("bennett_s", "Bennett, Alpert & Goldstein's S (ACC − 1/k)/(1 − 1/k)",
   lambda t, s: _reliability(Term.const(1) / s.classes, _acc(t, s)), aliases=("bennett_s_k",),
   note="Bennett, Alpert & Goldstein (1954)")
_o("cba", "Class balance accuracy Σ TPᵢ/max(TOPᵢ, Pᵢ) / k",
   lambda t, s: sum((t[f"y{c}_p{c}"] / Term.max(_parts(t, s)[2][c], _parts(t, s)[1][c])
                     for c in range(s.classes)), ZERO) / s.classes, note="Mosley (2013)")
_o("classification_success_index", "Classification success index: mean of PPVᵢ + TPRᵢ − 1",
   lambda t, s: mean(_per_class(t, s, lambda r: rates(r)["PPV"] + rates(r)["TPR"] - 1)), note="Koch (2003)")
_o("gwet_ac1", "Gwet's AC1", _gwet_ac1, note="Gwet (2008)")
_o("hamming_loss", "Hamming loss (1/POP)·(POP − Σ TPᵢ)",
   lambda t, s: (population(t) - _parts(t, s)[3]) / population(t), aliases=("error_rate_k",),
   source=f"{PYCM}; scikit-learn hamming_loss and zero_one_loss(normalize=True) on single-label data", loss=True)
_o("kappa_no_prevalence", "Kappa no prevalence 2·ACC − 1 (PABAK)", lambda t, s: 2 * _acc(t, s) - 1,
   aliases=("pabak",), note="Byrt, Bishop & Carlin (1993)")
_o("scott_pi", "Scott's π (PyCM's Kappa Unbiased) (ACC − RACCU)/(1 − RACCU)",
   lambda t, s: _reliability(_raccu(t, s), _acc(t, s)), aliases=("kappa_unbiased",), note="Scott (1955)")
_o("overall_racc", "Overall random accuracy Σ TOPᵢ·Pᵢ/POP²", _racc)
_o("overall_raccu", "Overall random accuracy unbiased Σ ((TOPᵢ + Pᵢ)/(2·POP))²", _raccu)
_o("phi_squared", "Phi-squared χ²/POP", lambda t, s: (lambda c, p: c / p)(*_phi2(t, s)))
_o("cramer_v", "Cramér's V √(φ²/(k − 1))",
   lambda t, s: ((lambda c, p: c / p)(*_phi2(t, s)) / (s.classes - 1)).sqrt(), note="Cramér (1946)")
_o("pearson_c", "Pearson's contingency coefficient C = √(χ²/(POP + χ²))",
   lambda t, s: (lambda c, p: (c / (p + c)).sqrt())(*_phi2(t, s)), note="Pearson (1904)")
_o("lambda_a", "Goodman & Kruskal's λ_A", lambda t, s: _lambda(t, s, False), note="Goodman & Kruskal (1954)")
_o("lambda_b", "Goodman & Kruskal's λ_B", lambda t, s: _lambda(t, s, True), note="Goodman & Kruskal (1954)")
_o("nir", "No information rate max Pᵢ / POP", lambda t, s: Term.max(*_parts(t, s)[1]) / population(t))
_o("tnr_macro", "Macro-averaged TNR", lambda t, s: mean(_per_class(t, s, lambda r: rates(r)["TNR"])),
   aliases=("macro_specificity",), source=f"{PYCM}; torchmetrics Specificity(average='macro')")
_o("tnr_micro", "Micro-averaged TNR Σ TNᵢ/(Σ TNᵢ + Σ FPᵢ)",
   lambda t, s: (lambda rs: sum((r["tn"] for r in rs), ZERO) / (sum((r["tn"] for r in rs), ZERO)
                                                                + sum((r["fp"] for r in rs), ZERO)))(
       _per_class(t, s, lambda r: r)), aliases=("micro_specificity",),
   source=f"{PYCM}; torchmetrics Specificity(average='micro')")
_o("fpr_macro", "Macro-averaged FPR 1 − TNR Macro",
   lambda t, s: 1 - mean(_per_class(t, s, lambda r: rates(r)["TNR"])), loss=True)
_o("fnr_macro", "Macro-averaged FNR 1 − TPR Macro",
   lambda t, s: 1 - mean(_per_class(t, s, lambda r: rates(r)["TPR"])), loss=True)
_o("fpr_micro", "Micro-averaged FPR 1 − TNR Micro",
   lambda t, s: (lambda rs: 1 - sum((r["tn"] for r in rs), ZERO) / (sum((r["tn"] for r in rs), ZERO)
                                                                    + sum((r["fp"] for r in rs), ZERO)))(
       _per_class(t, s, lambda r: r)), loss=True)
_o("fnr_micro", "Micro-averaged FNR 1 − TPR Micro (1 − overall accuracy)", lambda t, s: 1 - _acc(t, s), loss=True)
_o("npv_macro", "Macro-averaged NPV", lambda t, s: mean(_per_class(t, s, lambda r: rates(r)["NPV"])),
   aliases=("macro_npv",), source=f"{PYCM}; torchmetrics NegativePredictiveValue(average='macro')")
_o("npv_micro", "Micro-averaged NPV Σ TNᵢ/(Σ TNᵢ + Σ FNᵢ)",
   lambda t, s: (lambda rs: sum((r["tn"] for r in rs), ZERO) / (sum((r["tn"] for r in rs), ZERO)
                                                                + sum((r["fn"] for r in rs), ZERO)))(
       _per_class(t, s, lambda r: r)))
