"""Is X = Y on Π, as an identity? Then X and Y order Π ∩ dom(X) ∩ dom(Y) alike, with no solver.

Two ways of writing one statistic (GPS(PPV, TPR) and F1; a k-class score on two classes and its
two-class form) are common in the catalogue; z3 may time out on the pair query of an identity
that sympy settles at once.

>>> from ordertheory.catalogue import get
>>> from ordertheory.sets.performance_set import all_performances
>>> from ordertheory.spaces.sample_space import binary
>>> identical_on(get("upm").score(), get("gps_ppv_npv").score(), all_performances(binary()))
False
>>> identical_on(get("f1_harmonic_tpr_ppv").score(), get("f_beta_1").score(), all_performances(binary()))
True
"""

from __future__ import annotations

import sympy

from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet


def identical_on(X: Score, Y: Score, Pi: PerformanceSet) -> bool:
    """Whether X = Y on Π ∩ dom(X) ∩ dom(Y) as an identity (sympy, Π's equalities solved away): then
    they order it alike. For rational functions the expanded numerator decides; otherwise sympy's
    simplification, which may miss an identity but never invents one."""
    got = Pi.parametrise("id")
    if got is None:
        return False
    _, mapping, _ = got
    e = (X.expr - Y.expr).xreplace(mapping)
    num = sympy.numer(sympy.together(e))
    if all(a.exp.is_Integer for a in num.atoms(sympy.Pow)) and not num.has(sympy.Function):
        return sympy.expand(num) == 0
    return sympy.simplify(e) == 0
