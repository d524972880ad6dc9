"""ordertheory: machine-checked performance-based ranking (Piérard et al., CVPR 2025).

The facade re-exports what a user needs; the layers are visible in the package names:
objects (sample_space, performance, scores, expression, catalogue) → encoding (z3, SMT-LIB) →
engine (results, obligations, search, witnesses) → theory (lemmas, cases, theorems, score tests)
→ analyses (importance, τ) → paper (printed claims, Table 1) → reports → cli.

>>> import ordertheory
>>> ordertheory.check_score("f1", timeout=20).verdict
<Verdict.PROVED: 'proved'>
>>> P = ordertheory.from_confusion_matrix([[50, 10], [5, 35]])
>>> ordertheory.get_score("f1").score()(P)
Fraction(14, 17)
"""

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

from ordertheory.analyses.importance import Derivation, ImportanceKind, derive_importance
from ordertheory.analyses.tau import tau_range
from ordertheory.catalogue import TABLE1, as_score
from ordertheory.catalogue import get as get_score
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.witness import Witness
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
from ordertheory.theory.score_tests import ScoreReport, check_score

try:
    __version__ = _version("ordertheory")
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0+unknown"

from_confusion_matrix = Performance.from_confusion_matrix
from_labels = Performance.from_labels
from_counts = Performance.from_counts

__all__ = [
    "TABLE1",
    "Comparison",
    "Derivation",
    "ExpressionError",
    "Importance",
    "ImportanceKind",
    "InvalidInput",
    "OrderTheoryError",
    "Performance",
    "PerformanceSet",
    "Result",
    "SampleSpace",
    "Score",
    "ScoreReport",
    "UndefinedScore",
    "Verdict",
    "Witness",
    "__version__",
    "all_performances",
    "as_score",
    "binary",
    "check_score",
    "custom",
    "derive_importance",
    "expected_satisfaction",
    "expected_value_score",
    "filter_I",
    "fixed_prior",
    "fixed_priors",
    "from_confusion_matrix",
    "from_counts",
    "from_labels",
    "get_score",
    "mixture",
    "multiclass",
    "parse_score",
    "probabilistic_score",
    "ranking_score",
    "tau_range",
]
