"""PyCM's ``distance`` module: similarity and distance measures of the positive class's 2 × 2
table, those that are functions of a performance (homogeneous of degree 0 in the counts), each
written as PyCM 4.6 computes it (the others are in :mod:`ordertheory.catalogue.excluded`).

A count formula is a function of the performance exactly when it takes the same value on a matrix
and on any multiple of it; ``tests/unit/test_catalogue_sources.py`` proves that identity with sympy
for every entry here and finds an exact counterexample for every excluded one.

>>> from ordertheory.catalogue.entry import get
>>> str(get("hamann").score().expr)
'(-fn - fp + tn + tp)/(fn + fp + tn + tp)'
"""

from __future__ import annotations

import sympy

from ordertheory.catalogue.confusion import counts
from ordertheory.catalogue.entry import Entry, register
from ordertheory.scores.formula import Term

PYCM_DISTANCE = "PyCM 4.6 distance module (cm.distance(metric=DistanceType.{name}))"
ZERO_NOTE = "PyCM returns 'None' on any exception (a zero denominator), as here"

_MAX, _MIN = Term.max, Term.min


def _d(slug: str, pycm_name: str, name: str, formula, source: str, aliases=(), loss: bool = False):
    """A measure given as a function of (TP, FP, FN, TN, n)."""
    def build(t, s):
        tp, fp, fn, tn = counts(t)
        return formula(tp, fp, fn, tn, tp + fp + fn + tn)

    return register(Entry(slug, name, build, f"{PYCM_DISTANCE.format(name=pycm_name)}; {source}", "binary",
                          tuple(aliases), "", ZERO_NOTE, lower_is_better=loss))


def _delta(tp, fp, fn, n):
    return tp - ((tp + fp) * (tp + fn)) / n


_d("ample", "AMPLE", "AMPLE similarity |TP/(TP+FP) − FN/(FN+TN)|",
   lambda tp, fp, fn, tn, n: (tp / (tp + fp) - fn / (fn + tn)).abs(), "Dallas (1996)")
_d("anderberg", "Anderberg", "Anderberg's D",
   lambda tp, fp, fn, tn, n: ((_MAX(tp, fp) + _MAX(fn, tn) + _MAX(tp, fn) + _MAX(fp, tn))
                              - (_MAX(tp + fp, fp + tn) + _MAX(tp + fp, fn + tn))) / (2 * n), "Anderberg (1973)")
_d("andres_marzo_delta", "AndresMarzoDelta", "Andrés & Marzo's Δ",
   lambda tp, fp, fn, tn, n: (tp + tn - 2 * (fp * fn).sqrt()) / n, "Andrés & Marzo (2004)")
_d("baroni_urbani_buser_1", "BaroniUrbaniBuserI", "Baroni-Urbani & Buser I",
   lambda tp, fp, fn, tn, n: ((tp * tn).sqrt() + tp) / ((tp * tn).sqrt() + tp + fp + fn), "Baroni-Urbani & Buser (1976)")
_d("baroni_urbani_buser_2", "BaroniUrbaniBuserII", "Baroni-Urbani & Buser II",
   lambda tp, fp, fn, tn, n: ((tp * tn).sqrt() + tp - fp - fn) / ((tp * tn).sqrt() + tp + fp + fn),
   "Baroni-Urbani & Buser (1976)")
_d("batagelj_bren", "BatageljBren", "Batagelj & Bren's dissimilarity FP·FN/(TP·TN)",
   lambda tp, fp, fn, tn, n: (fp * fn) / (tp * tn), "Batagelj & Bren (1995)", loss=True)
_d("baulieu_1", "BaulieuI", "Baulieu I", lambda tp, fp, fn, tn, n: ((tp + fp) * (tp + fn) - tp * tp)
   / ((tp + fp) * (tp + fn)), "Baulieu (1989)")
_d("baulieu_2", "BaulieuII", "Baulieu II", lambda tp, fp, fn, tn, n: (tp * tp * tn * tn)
   / ((tp + fp) * (tp + fn) * (fp + tn) * (fn + tn)), "Baulieu (1989)")
_d("baulieu_3", "BaulieuIII", "Baulieu III",
   lambda tp, fp, fn, tn, n: (n * n - 4 * (tp * tn - fp * fn)) / (2 * n * n), "Baulieu (1989)")
_d("baulieu_8", "BaulieuVIII", "Baulieu VIII", lambda tp, fp, fn, tn, n: ((fp - fn) * (fp - fn)) / (n * n),
   "Baulieu (1997)")
_d("baulieu_9", "BaulieuIX", "Baulieu IX", lambda tp, fp, fn, tn, n: (fp + 2 * fn) / (tp + fp + 2 * fn + tn),
   "Baulieu (1997)")
_d("baulieu_10", "BaulieuX", "Baulieu X",
   lambda tp, fp, fn, tn, n: (fp + fn + _MAX(fp, fn)) / (n + _MAX(fp, fn)), "Baulieu (1997)")
_d("baulieu_11", "BaulieuXI", "Baulieu XI", lambda tp, fp, fn, tn, n: (fp + fn) / (fp + fn + tn), "Baulieu (1997)")
_d("baulieu_14", "BaulieuXIV", "Baulieu XIV", lambda tp, fp, fn, tn, n: (fp + 2 * fn) / (tp + fp + 2 * fn),
   "Baulieu (1997)")
_d("baulieu_15", "BaulieuXV", "Baulieu XV",
   lambda tp, fp, fn, tn, n: (fp + fn + _MAX(fp, fn)) / (tp + fp + fn + _MAX(fp, fn)), "Baulieu (1997)")
_d("benini_1", "BeniniI", "Benini I", lambda tp, fp, fn, tn, n: (tp * tn - fp * fn) / ((tp + fn) * (fn + tn)),
   "Benini (1901)")
_d("benini_2", "BeniniII", "Benini II", lambda tp, fp, fn, tn, n: (tp * tn - fp * fn)
   / _MIN((tp + fn) * (fn + tn), (tp + fp) * (fp + tn)), "Benini (1901)")
_d("canberra", "Canberra", "Canberra distance (FP + FN)/((TP + FP) + (TP + FN))",
   lambda tp, fp, fn, tn, n: (fp + fn) / ((tp + fp) + (tp + fn)), "Lance & Williams (1966)", loss=True)
_d("clement", "Clement", "Clement's similarity",
   lambda tp, fp, fn, tn, n: (tp / (tp + fp)) * (1 - (tp + fp) / n) + (tn / (fn + tn)) * (1 - (fn + tn) / n),
   "Clement (1976)")
_d("digby", "Digby", "Digby's approximation of log odds",
   lambda tp, fp, fn, tn, n: ((tp * tn) ** Term(sympy.Rational(3, 4)) - (fp * fn) ** Term(sympy.Rational(3, 4)))
   / ((tp * tn) ** Term(sympy.Rational(3, 4)) + (fp * fn) ** Term(sympy.Rational(3, 4))), "Digby (1983)")
_d("dispersion", "Dispersion", "Dispersion similarity (TP·TN − FP·FN)/n²",
   lambda tp, fp, fn, tn, n: (tp * tn - fp * fn) / (n ** 2), "IBM SPSS (2017)")
_d("doolittle", "Doolittle", "Doolittle's similarity",
   lambda tp, fp, fn, tn, n: ((tp * n - (tp + fp) * (tp + fn)) ** 2)
   / (((tp + fp) * (tp + fn)) * ((tn + fp) * (tn + fn))), "Doolittle (1885)")
_d("faith", "Faith", "Faith's similarity (TP + TN/2)/n", lambda tp, fp, fn, tn, n: (tp + tn / 2) / n, "Faith (1983)")
_d("fleiss_levin_paik", "FleissLevinPaik", "Fleiss-Levin-Paik similarity 2TN/(2TN + FP + FN)",
   lambda tp, fp, fn, tn, n: (2 * tn) / (2 * tn + fp + fn), "Fleiss, Levin & Paik (2003)")
_d("forbes_1", "ForbesI", "Forbes I n·TP/(TOP·P)", lambda tp, fp, fn, tn, n: (n * tp) / ((tp + fp) * (tp + fn)),
   "Forbes (1907)")
_d("forbes_2", "ForbesII", "Forbes II",
   lambda tp, fp, fn, tn, n: ((fp * fn) - (tp * tn)) / ((tp + fp) * (tp + fn) - n * _MIN(tp + fp, tp + fn)),
   "Forbes (1925)")
_d("goodman_kruskal_lambda", "GoodmanKruskalLambda", "Goodman & Kruskal's λ (symmetric)",
   lambda tp, fp, fn, tn, n: ((_MAX(tp, fp) + _MAX(fn, tn) + _MAX(tp, fn) + _MAX(fp, tn))
                              - (_MAX(tp + fp, fn + tn) + _MAX(tp + fn, fp + tn))) / 2
   / (n - (_MAX(tp + fp, fn + tn) + _MAX(tp + fn, fp + tn)) / 2), "Goodman & Kruskal (1954)")
_d("goodman_kruskal_lambda_r", "GoodmanKruskalLambdaR", "Goodman & Kruskal's λ_r",
   lambda tp, fp, fn, tn, n: (tp + tn - (_MAX(tp + fp, fn + tn) + _MAX(tp + fn, fp + tn)) / 2)
   / (n - (_MAX(tp + fp, fn + tn) + _MAX(tp + fn, fp + tn)) / 2), "Goodman & Kruskal (1954)")
_d("guttman_lambda_a", "GuttmanLambdaA", "Guttman's λ_A",
   lambda tp, fp, fn, tn, n: ((_MAX(tp, fn) + _MAX(fp, tn)) - _MAX(tp + fp, fn + tn)) / (n - _MAX(tp + fp, fn + tn)),
   "Guttman (1941)")
_d("guttman_lambda_b", "GuttmanLambdaB", "Guttman's λ_B",
   lambda tp, fp, fn, tn, n: ((_MAX(tp, fp) + _MAX(fn, tn)) - _MAX(tp + fn, fp + tn)) / (n - _MAX(tp + fn, fp + tn)),
   "Guttman (1941)")
_d("hamann", "Hamann", "Hamann's similarity (TP + TN − FP − FN)/n",
   lambda tp, fp, fn, tn, n: (tp + tn - fp - fn) / n, "Hamann (1961)")
_d("harris_lahey", "HarrisLahey", "Harris & Lahey's similarity",
   lambda tp, fp, fn, tn, n: (tp / (tp + fp + fn)) * ((2 * tn + fp + fn) / (2 * n))
   + (tn / (tn + fp + fn)) * ((2 * tp + fp + fn) / (2 * n)), "Harris & Lahey (1978)")
_d("hawkins_dotson", "HawkinsDotson", "Hawkins & Dotson's similarity (mean of the two Jaccard indices)",
   lambda tp, fp, fn, tn, n: (tp / (tp + fp + fn) + tn / (tn + fn + fp)) / 2, "Hawkins & Dotson (1968)")
_d("kent_foster_1", "KentFosterI", "Kent & Foster I",
   lambda tp, fp, fn, tn, n: (tp - ((tp + fp) * (tp + fn)) / (tp + fp + fn))
   / (tp - ((tp + fp) * (tp + fn)) / (tp + fp + fn) + fp + fn), "Kent & Foster (1977)")
_d("kent_foster_2", "KentFosterII", "Kent & Foster II",
   lambda tp, fp, fn, tn, n: (tn - ((tn + fp) * (tn + fn)) / (tn + fp + fn))
   / (tn - ((tn + fp) * (tn + fn)) / (tn + fp + fn) + fp + fn), "Kent & Foster (1977)")
_d("kuder_richardson", "KuderRichardson", "Kuder & Richardson's similarity",
   lambda tp, fp, fn, tn, n: (4 * (tp * tn - fp * fn))
   / ((tp + fp) * (fn + tn) + (tp + fn) * (fp + tn) + 2 * (tp * tn - fp * fn)), "Kuder & Richardson (1937)")
_d("kuhns_1", "KuhnsI", "Kuhns I 2δ/n", lambda tp, fp, fn, tn, n: 2 * _delta(tp, fp, fn, n) / n, "Kuhns (1965)")
_d("kuhns_2", "KuhnsII", "Kuhns II δ/max(TOP, P)",
   lambda tp, fp, fn, tn, n: _delta(tp, fp, fn, n) / _MAX(tp + fp, tp + fn), "Kuhns (1965)")
_d("kuhns_3", "KuhnsIII", "Kuhns III",
   lambda tp, fp, fn, tn, n: _delta(tp, fp, fn, n) / ((1 - tp / (2 * tp + fp + fn))
                                                       * (2 * tp + fp + fn - (tp + fp) * (tp + fn) / n)), "Kuhns (1965)")
_d("kuhns_4", "KuhnsIV", "Kuhns IV δ/min(TOP, P)",
   lambda tp, fp, fn, tn, n: _delta(tp, fp, fn, n) / _MIN(tp + fp, tp + fn), "Kuhns (1965)")
_d("kuhns_5", "KuhnsV", "Kuhns V",
   lambda tp, fp, fn, tn, n: _delta(tp, fp, fn, n) / _MAX((tp + fp) * (1 - (tp + fp) / n),
                                                         (tp + fn) * (1 - (tp + fn) / n)), "Kuhns (1965)")
_d("kuhns_6", "KuhnsVI", "Kuhns VI",
   lambda tp, fp, fn, tn, n: _delta(tp, fp, fn, n) / _MIN((tp + fp) * (1 - (tp + fp) / n),
                                                         (tp + fn) * (1 - (tp + fn) / n)), "Kuhns (1965)")
_d("kuhns_7", "KuhnsVII", "Kuhns VII δ/√(TOP·P)",
   lambda tp, fp, fn, tn, n: _delta(tp, fp, fn, n) / ((tp + fp) * (tp + fn)).sqrt(), "Kuhns (1965)")
