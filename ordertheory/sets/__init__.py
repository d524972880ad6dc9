"""Sets Π of performances (paper §3.4): where a score is checked and a ranking lives.

:class:`PerformanceSet` writes Π as the simplex of Ω cut by linear constraints (fixed priors, fixed
rates, any constraint); :class:`ClassPi` is the same Π on k crisp classes held without its k²
coordinates (every performance, or fixed class priors); :mod:`~ordertheory.sets.settings` is the one
syntax that names a Π (``all``, ``prior=0.2``, ``uniform``, ``rate=0.2``…), its parser and its one label.
"""

from ordertheory.sets.class_pi import ClassPi
from ordertheory.sets.performance_set import (
    PerformanceSet,
    all_performances,
    fixed_prior,
    fixed_priors,
    fixed_rate,
    fixed_rates,
    intersect,
)
from ordertheory.sets.settings import Setting, parse, setting

__all__ = ["ClassPi", "PerformanceSet", "Setting", "all_performances", "fixed_prior", "fixed_priors", "fixed_rate",
           "fixed_rates", "intersect", "parse", "setting"]
