"""Sets Π of performances (paper §3.4): where a score is checked and a ranking lives.

:class:`PerformanceSet` writes Π as the simplex of Ω cut by linear constraints (fixed priors, fixed
rates, any constraint); :class:`ClassPi` is the same Π on k crisp classes held without its k²
coordinates (every performance, or fixed class priors).
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
    setting,
)

__all__ = ["ClassPi", "PerformanceSet", "all_performances", "fixed_prior", "fixed_priors", "fixed_rate",
           "fixed_rates", "intersect", "setting"]
