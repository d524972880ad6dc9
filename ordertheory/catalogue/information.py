"""Information-theoretic statistics of a confusion matrix: PyCM's entropies (bits) and
scikit-learn's clustering scores read on the confusion matrix (nats), k ≥ 2 classes.

Every source sums p·log p over the cells and skips the empty ones (0·log 0 = 0, the limit). The
formula as written here takes the logarithm of each probability, so a performance with an empty
cell (or an empty class, or a class never predicted) is outside the domain; the sources' value
there is the continuous extension, recorded as each entry's ``at_zero``.

>>> from ordertheory.catalogue.entry import get
>>> from ordertheory.performances.performance import Performance
>>> from ordertheory.spaces.sample_space import multiclass
>>> P = Performance.from_probabilities(multiclass(2), ["1/4"] * 4)
>>> get("reference_entropy").score(multiclass(2)).value(P) == 1
True
"""

from __future__ import annotations

import sympy

from ordertheory.catalogue.confusion import ZERO, log2, margins, one_vs_rest, population
from ordertheory.catalogue.entry import Entry, register
from ordertheory.scores.formula import Term

PYCM = "PyCM 4.6 (Haghighi et al., JOSS 2018), overall statistics"
SKLEARN = "scikit-learn sklearn.metrics.{f}(labels_true=y, labels_pred=ŷ) on the confusion matrix"
SKIP = "the source skips empty cells (0·log 0 = 0); here every logged probability must be > 0"


def _i(slug, name, build, source=PYCM, aliases=(), note="", at_zero=SKIP, loss=False):
    return register(Entry(slug, name, build, source, "multiclass", tuple(aliases), note, at_zero, lower_is_better=loss))


def _entropy(ps: list[Term], pop: Term, log=log2) -> Term:
    """−Σ (p/POP)·log(p/POP)."""
    return -sum(((p / pop) * log(p / pop) for p in ps), ZERO)


def _ln(x: Term) -> Term:
    return x.log()


def _cells(t, k):
    return [t[f"y{i}_p{j}"] for i in range(k) for j in range(k)]


def _conditional(t, s, log=log2, given_truth: bool = True) -> Term:
    """H(ŷ | y) (PyCM's Conditional Entropy) or, with ``given_truth=False``, H(y | ŷ)."""
    k = s.classes
    rows, cols, _ = margins(t, k)
    pop = population(t)
    out = ZERO
    for i in range(k):
        m = rows[i] if given_truth else cols[i]
        cells = [t[f"y{i}_p{j}"] for j in range(k)] if given_truth else [t[f"y{j}_p{i}"] for j in range(k)]
        out = out + (m / pop) * -sum(((c / m) * log(c / m) for c in cells), ZERO)
    return out


def _mi(t, s, log=log2) -> Term:
    """Mutual information: response entropy − conditional entropy (PyCM's order of operations)."""
    k = s.classes
    _, cols, _ = margins(t, k)
    return _entropy(cols, population(t), log) - _conditional(t, s, log)


def _h(t, s, which: str, log=log2) -> Term:
    rows, cols, _ = margins(t, s.classes)
    return _entropy(rows if which == "truth" else cols, population(t), log)


def _cen_class(t, k: int, c: int, modified: bool) -> Term:
    """Class c's confusion entropy with the logarithm to base 2(k − 1) (Wei et al. 2010)."""
    r = one_vs_rest(t, k, c)
    den = (r["tp"] + r["fp"]) + (r["tp"] + r["fn"]) - (r["tp"] if modified else 0)
    base = Term(sympy.log(2 * (k - 1)))
    out = ZERO
    for j in range(k):
        if j == c:
            continue
        for cell in (t[f"y{c}_p{j}"], t[f"y{j}_p{c}"]):
            p = cell / den
            out = out + p * (p.log() / base)
    return -out


def _overall_cen(t, s, modified: bool) -> Term:
    """Σ_c w_c·CEN_c, w_c = (TOP_c + P_c)/(2·POP) (MCEN: (TOP_c + P_c − TP_c)/(2·POP − α·ΣTP),
    α = 0 for two classes, 1 otherwise), as PyCM's convex_combination."""
    k = s.classes
    rows, cols, diag = margins(t, k)
    pop = population(t)
    alpha = 0 if k == 2 else 1
    out = ZERO
    for c in range(k):
        up = cols[c] + rows[c] - (t[f"y{c}_p{c}"] if modified else 0)
        down = 2 * pop - (alpha * diag if modified else 0)
        out = out + (up / down) * _cen_class(t, k, c, modified)
    return out


_i("reference_entropy", "Reference entropy H(y) in bits", lambda t, s: _h(t, s, "truth"))
_i("response_entropy", "Response entropy H(ŷ) in bits", lambda t, s: _h(t, s, "pred"))
_i("label_cross_entropy", "Cross entropy of the label distributions −Σ P(y=i)·log₂ P(ŷ=i) (PyCM)",
   lambda t, s: (lambda rows, cols, pop: -sum(((r / pop) * log2(c / pop) for r, c in zip(rows, cols)), ZERO))(
       *margins(t, s.classes)[:2], population(t)))
_i("joint_entropy", "Joint entropy H(y, ŷ) in bits",
   lambda t, s: _entropy(_cells(t, s.classes), population(t)))
_i("conditional_entropy", "Conditional entropy H(ŷ | y) in bits", lambda t, s: _conditional(t, s), loss=True)
_i("mutual_information", "Mutual information I(y; ŷ) in bits", lambda t, s: _mi(t, s))
_i("kl_divergence", "Kullback-Leibler divergence of the prediction rates from the priors (bits)",
   lambda t, s: (lambda rows, cols, pop: sum(((r / pop) * log2((r / pop) / (c / pop)) for r, c in zip(rows, cols)),
                                              ZERO))(*margins(t, s.classes)[:2], population(t)), loss=True)
_i("rci", "Relative classifier information I(y; ŷ)/H(y)", lambda t, s: _mi(t, s) / _h(t, s, "truth"),
   note="Sindhwani et al. (2001)")
_i("overall_cen", "Overall confusion entropy", lambda t, s: _overall_cen(t, s, False), note="Wei et al. (2010)", loss=True)
_i("overall_mcen", "Overall modified confusion entropy", lambda t, s: _overall_cen(t, s, True),
   note="Delgado & Núñez-Nieto (2012)", loss=True)
_i("mutual_info_nats", "Mutual information in nats (scikit-learn mutual_info_score)",
   lambda t, s: _mi(t, s, _ln), source=SKLEARN.format(f="mutual_info_score"))
_i("normalized_mutual_info", "Normalized mutual information I/((H(y) + H(ŷ))/2)",
   lambda t, s: _mi(t, s, _ln) / ((_h(t, s, "truth", _ln) + _h(t, s, "pred", _ln)) / 2),
   source=SKLEARN.format(f="normalized_mutual_info_score (average_method='arithmetic')"), aliases=("nmi",),
   at_zero=SKIP + "; scikit-learn returns 1 when both entropies are 0")
_i("homogeneity", "Homogeneity 1 − H(y | ŷ)/H(y) (Rosenberg & Hirschberg 2007)",
   lambda t, s: 1 - _conditional(t, s, _ln, given_truth=False) / _h(t, s, "truth", _ln),
   source=SKLEARN.format(f="homogeneity_score"), at_zero=SKIP + "; scikit-learn returns 1 when H(y) = 0")
_i("completeness", "Completeness 1 − H(ŷ | y)/H(ŷ) (Rosenberg & Hirschberg 2007)",
   lambda t, s: 1 - _conditional(t, s, _ln) / _h(t, s, "pred", _ln),
   source=SKLEARN.format(f="completeness_score"), at_zero=SKIP + "; scikit-learn returns 1 when H(ŷ) = 0")


def _v(t, s):
    h = 1 - _conditional(t, s, _ln, given_truth=False) / _h(t, s, "truth", _ln)
    c = 1 - _conditional(t, s, _ln) / _h(t, s, "pred", _ln)
    return 2 * h * c / (h + c)


_i("v_measure", "V-measure: the harmonic mean of homogeneity and completeness (β = 1)", _v,
   source=SKLEARN.format(f="v_measure_score"), at_zero=SKIP + "; scikit-learn returns 0 when h + c = 0")
