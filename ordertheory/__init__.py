"""ordertheory: machine-checked performance-based ranking (Piérard et al., CVPR 2025).

The facade re-exports the objects a user needs; the layers are visible in the module names:
objects (sample_space, performance, scores, expression, catalogue) → encoding (z3, SMT-LIB) →
checks (lemmas, cases, score tests) → cli.
"""

from ordertheory.catalogue import TABLE1
from ordertheory.catalogue import get as get_score
from ordertheory.engine.result import Result, Verdict
from ordertheory.errors import ExpressionError, InvalidInput, OrderTheoryError, UndefinedScore
from ordertheory.expression import parse_score
from ordertheory.performance import Importance, Performance, filter_I, mixture
from ordertheory.performance_set import PerformanceSet, all_performances, fixed_prior, fixed_priors
from ordertheory.relations import Comparison
from ordertheory.sample_space import SampleSpace, binary, custom, multiclass
from ordertheory.scores import (
    Score,
    expected_satisfaction,
    expected_value_score,
    probabilistic_score,
    ranking_score,
)
from ordertheory.theory.score_tests import check_score

__all__ = [
    "TABLE1",
    "Comparison",
    "ExpressionError",
    "Importance",
    "InvalidInput",
    "OrderTheoryError",
    "Performance",
    "PerformanceSet",
    "Result",
    "SampleSpace",
    "Score",
    "UndefinedScore",
    "Verdict",
    "all_performances",
    "binary",
    "check_score",
    "custom",
    "expected_satisfaction",
    "expected_value_score",
    "filter_I",
    "fixed_prior",
    "fixed_priors",
    "get_score",
    "mixture",
    "multiclass",
    "parse_score",
    "probabilistic_score",
    "ranking_score",
]
