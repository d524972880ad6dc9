"""Powers' multi-class Bookmaker informedness, markedness and correlation (k ≥ 2 classes).

Each class l gives a one-vs-rest dichotomy with its informedness B(l) = TPR(l) + TNR(l) − 1 and
markedness M(l) = PPV(l) + NPV(l) − 1. Powers' general case (``references/
powers-informedness-markedness.md``, "Generalization of Association" and "Weighted multi-class
generalization") sums them weighted by probabilities: informedness by the prediction bias of each
label, Bias(l) = P(ŷ = l) (the bookmaker's bets), markedness, its dual, by the prevalence
Prev(l) = P(y = l); the correlation is their geometric mean, signed as B and M are: C = B·√(M/B).
On two classes the weights sum out (B(l) and M(l) do not depend on l), and B, M, C are the
dichotomous informedness, markedness and ±√(B·M).

>>> from ordertheory.catalogue.entry import get
>>> from ordertheory.performances.performance import Performance
>>> from ordertheory.spaces.sample_space import binary
>>> P = Performance.from_confusion_matrix([[60, 10], [5, 25]])
>>> get("powers_informedness_k").score(binary()).value(P) == get("informedness").score().value(P)
True
"""

from __future__ import annotations

from ordertheory.catalogue.confusion import ZERO, one_vs_rest, population, rates
from ordertheory.catalogue.entry import Entry, register
from ordertheory.scores.formula import Term

POWERS = ("Powers, Evaluation: from precision, recall and F-measure to ROC, informedness, markedness and "
          "correlation, JMLT 2011 (arXiv:2010.16061), the general case")
ZERO_NOTE = "Powers assumes every class present and predicted; where a one-vs-rest rate is 0/0 it is undefined"


def _weighted(t, s, by_bias: bool, f) -> Term:
    pop = population(t)
    out = ZERO
    for c in range(s.classes):
        r = one_vs_rest(t, s.classes, c)
        weight = (r["tp"] + r["fp"]) if by_bias else (r["tp"] + r["fn"])
        out = out + (weight / pop) * f(rates(r))
    return out


def informedness_k(t: dict[str, Term], s) -> Term:
    """B = Σ_l Bias(l)·(TPR(l) + TNR(l) − 1)."""
    return _weighted(t, s, True, lambda r: r["TPR"] + r["TNR"] - 1)


def markedness_k(t: dict[str, Term], s) -> Term:
    """M = Σ_l Prev(l)·(PPV(l) + NPV(l) − 1)."""
    return _weighted(t, s, False, lambda r: r["PPV"] + r["NPV"] - 1)


def _correlation(t, s) -> Term:
    b, m = informedness_k(t, s), markedness_k(t, s)
    return b * (m / b).sqrt()


def _p(slug, name, build, aliases=(), note=""):
    return register(Entry(slug, name, build, POWERS, "multiclass", tuple(aliases), note, ZERO_NOTE))


_p("powers_informedness_k", "Powers' multi-class Bookmaker informedness Σ Bias(l)·B(l)", informedness_k,
   aliases=("bookmaker_informedness_k", "multiclass_informedness"))
_p("powers_markedness_k", "Powers' multi-class markedness Σ Prev(l)·M(l)", markedness_k,
   aliases=("multiclass_markedness",))
_p("powers_correlation_k", "Powers' multi-class correlation B·√(M/B) (±√(B·M), signed as B and M)",
   _correlation, aliases=("multiclass_bookmaker_correlation",),
   note="the geometric mean of informedness and markedness; undefined where B = 0 or B, M differ in sign")
