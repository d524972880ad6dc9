"""The pieces every confusion-matrix formula is written from: rates, one-vs-rest counts, margins.

The sources (PyCM, scikit-learn, torchmetrics, Powers) write their statistics from the counts TP,
FP, FN, TN of a class, its margins P = TP + FN (real positives) and TOP = TP + FP (predicted
positives), and the population POP. On a performance the counts are probabilities; a statistic
that is homogeneous of degree 0 in the counts (the same for a matrix and for twice it) is then a
function of the performance, written here with POP as the sum of the cells, as the sources do.

>>> from ordertheory.scores.score import outcome_terms
>>> from ordertheory.spaces.sample_space import multiclass
>>> t = outcome_terms(multiclass(3))
>>> one_vs_rest(t, 3, 0)["fp"].expr
y1_p0 + y2_p0
"""

from __future__ import annotations

import sympy

from ordertheory.scores.formula import Term

ZERO, ONE = Term.const(0), Term.const(1)
LN2 = Term(sympy.log(2))


def counts(t: dict[str, Term]) -> tuple[Term, Term, Term, Term]:
    """(TP, FP, FN, TN) of the two-class space, in PyCM's order."""
    return t["tp"], t["fp"], t["fn"], t["tn"]


def population(t: dict[str, Term]) -> Term:
    """POP: the sum of every cell (1 on a performance; written out, as the sources divide by it)."""
    return sum(t.values(), ZERO)


def rates(t: dict[str, Term]) -> dict[str, Term]:
    """TPR, TNR, PPV, NPV and their complements FNR, FPR, FDR, FOR, each as a ratio of counts."""
    tp, fp, fn, tn = counts(t)
    return {
        "TPR": tp / (tp + fn), "TNR": tn / (tn + fp), "PPV": tp / (tp + fp), "NPV": tn / (tn + fn),
        "FNR": fn / (fn + tp), "FPR": fp / (fp + tn), "FDR": fp / (fp + tp), "FOR": fn / (fn + tn),
    }


def harmonic(*terms: Term) -> Term:
    """GPS(p1, …, pn) = n / Σ 1/pᵢ, in the product form n·Πpᵢ / Σⱼ Π_{i≠j} pᵢ of the GPS papers."""
    n = len(terms)
    num = Term.const(n)
    for p in terms:
        num = num * p
    den = ZERO
    for i in range(n):
        prod = ONE
        for j, p in enumerate(terms):
            if j != i:
                prod = prod * p
        den = den + prod
    return num / den


def log2(x: Term) -> Term:
    """log₂ x = ln x / ln 2 (defined for x > 0)."""
    return x.log() / LN2


def one_vs_rest(t: dict[str, Term], k: int, c: int) -> dict[str, Term]:
    """Class c's dichotomy: tp = P(y=c, ŷ=c), fn = P(y=c, ŷ≠c), fp = P(y≠c, ŷ=c), tn the rest."""
    tp = t[f"y{c}_p{c}"]
    fn = sum((t[f"y{c}_p{j}"] for j in range(k) if j != c), ZERO)
    fp = sum((t[f"y{i}_p{c}"] for i in range(k) if i != c), ZERO)
    tn = sum((t[f"y{i}_p{j}"] for i in range(k) for j in range(k) if i != c and j != c), ZERO)
    return {"tn": tn, "fp": fp, "fn": fn, "tp": tp}


def margins(t: dict[str, Term], k: int) -> tuple[list[Term], list[Term], Term]:
    """(P_i the row sums — class priors, TOP_j the column sums — prediction rates, Σ diagonal)."""
    rows = [sum((t[f"y{i}_p{j}"] for j in range(k)), ZERO) for i in range(k)]
    cols = [sum((t[f"y{i}_p{j}"] for i in range(k)), ZERO) for j in range(k)]
    diag = sum((t[f"y{c}_p{c}"] for c in range(k)), ZERO)
    return rows, cols, diag


def mean(terms: list[Term]) -> Term:
    """The arithmetic mean (a macro average)."""
    return sum(terms, ZERO) / len(terms)


def two_class_view(t: dict[str, Term]) -> dict[str, Term]:
    """The binary space's cells under the k-class names: class 0 negative, class 1 positive
    (rows are the ground truth), so that every k-class formula reads a two-class performance."""
    return {"y0_p0": t["tn"], "y0_p1": t["fp"], "y1_p0": t["fn"], "y1_p1": t["tp"]}
