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

from importlib import import_module
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what type checkers and the API docs read; at run time, __getattr__ below
    from ordertheory.analyses.classification import classify_catalogue, classify_cell
    from ordertheory.analyses.compare_symbolic import compare_symbolic
    from ordertheory.analyses.encoded_satisfaction import EncodedSatisfaction, encoded_satisfaction
    from ordertheory.analyses.importance import Derivation, ImportanceKind, derive_importance
    from ordertheory.analyses.tau import tau_range
    from ordertheory.catalogue import TABLE1, as_score
    from ordertheory.catalogue import get as get_score
    from ordertheory.engine.result import Result, Verdict
    from ordertheory.engine.witness import Witness
    from ordertheory.errors import ExpressionError, InvalidInput, OrderTheoryError, UndefinedScore
    from ordertheory.expression import parse_score
    from ordertheory.fitness.report import ScoreReport
    from ordertheory.fitness.score_tests import check_score
    from ordertheory.performance import Importance, Performance, filter_I, mixture
    from ordertheory.performance_set import (
        PerformanceSet,
        all_performances,
        fixed_prior,
        fixed_priors,
        fixed_rate,
        fixed_rates,
        intersect,
        setting,
    )
    from ordertheory.predictions import from_predictions, from_scores
    from ordertheory.relations import Comparison
    from ordertheory.sample_space import SampleSpace, binary, custom, multiclass, scored, selective
    from ordertheory.scores import (
        Score,
        expected_satisfaction,
        expected_value_score,
        probabilistic_score,
        ranking_score,
    )

    from_confusion_matrix = Performance.from_confusion_matrix
    from_labels = Performance.from_labels
    from_counts = Performance.from_counts

# name -> (module, attribute path): imported on first use (PEP 562), so that a process needing
# one corner of the package — the solver worker needs z3 alone — does not import sympy and the rest
_EXPORTS = {
    "classify_catalogue": ("ordertheory.analyses.classification", "classify_catalogue"),
    "classify_cell": ("ordertheory.analyses.classification", "classify_cell"),
    "compare_symbolic": ("ordertheory.analyses.compare_symbolic", "compare_symbolic"),
    "Derivation": ("ordertheory.analyses.importance", "Derivation"),
    "EncodedSatisfaction": ("ordertheory.analyses.encoded_satisfaction", "EncodedSatisfaction"),
    "encoded_satisfaction": ("ordertheory.analyses.encoded_satisfaction", "encoded_satisfaction"),
    "ImportanceKind": ("ordertheory.analyses.importance", "ImportanceKind"),
    "derive_importance": ("ordertheory.analyses.importance", "derive_importance"),
    "tau_range": ("ordertheory.analyses.tau", "tau_range"),
    "TABLE1": ("ordertheory.catalogue", "TABLE1"),
    "as_score": ("ordertheory.catalogue", "as_score"),
    "get_score": ("ordertheory.catalogue", "get"),
    "Result": ("ordertheory.engine.result", "Result"),
    "Verdict": ("ordertheory.engine.result", "Verdict"),
    "Witness": ("ordertheory.engine.witness", "Witness"),
    "ExpressionError": ("ordertheory.errors", "ExpressionError"),
    "InvalidInput": ("ordertheory.errors", "InvalidInput"),
    "OrderTheoryError": ("ordertheory.errors", "OrderTheoryError"),
    "UndefinedScore": ("ordertheory.errors", "UndefinedScore"),
    "parse_score": ("ordertheory.expression", "parse_score"),
    "Importance": ("ordertheory.performance", "Importance"),
    "Performance": ("ordertheory.performance", "Performance"),
    "filter_I": ("ordertheory.performance", "filter_I"),
    "mixture": ("ordertheory.performance", "mixture"),
    "from_confusion_matrix": ("ordertheory.performance", "Performance.from_confusion_matrix"),
    "from_labels": ("ordertheory.performance", "Performance.from_labels"),
    "from_counts": ("ordertheory.performance", "Performance.from_counts"),
    "PerformanceSet": ("ordertheory.performance_set", "PerformanceSet"),
    "all_performances": ("ordertheory.performance_set", "all_performances"),
    "fixed_prior": ("ordertheory.performance_set", "fixed_prior"),
    "fixed_priors": ("ordertheory.performance_set", "fixed_priors"),
    "fixed_rate": ("ordertheory.performance_set", "fixed_rate"),
    "fixed_rates": ("ordertheory.performance_set", "fixed_rates"),
    "intersect": ("ordertheory.performance_set", "intersect"),
    "setting": ("ordertheory.performance_set", "setting"),
    "from_predictions": ("ordertheory.predictions", "from_predictions"),
    "from_scores": ("ordertheory.predictions", "from_scores"),
    "Comparison": ("ordertheory.relations", "Comparison"),
    "SampleSpace": ("ordertheory.sample_space", "SampleSpace"),
    "binary": ("ordertheory.sample_space", "binary"),
    "custom": ("ordertheory.sample_space", "custom"),
    "multiclass": ("ordertheory.sample_space", "multiclass"),
    "scored": ("ordertheory.sample_space", "scored"),
    "selective": ("ordertheory.sample_space", "selective"),
    "Score": ("ordertheory.scores", "Score"),
    "expected_satisfaction": ("ordertheory.scores", "expected_satisfaction"),
    "expected_value_score": ("ordertheory.scores", "expected_value_score"),
    "probabilistic_score": ("ordertheory.scores", "probabilistic_score"),
    "ranking_score": ("ordertheory.scores", "ranking_score"),
    "ScoreReport": ("ordertheory.fitness.report", "ScoreReport"),
    "check_score": ("ordertheory.fitness.score_tests", "check_score"),
}

try:
    __version__ = _version("ordertheory")
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0+unknown"


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module 'ordertheory' has no attribute {name!r}")
    module, path = _EXPORTS[name]
    value = import_module(module)
    for part in path.split("."):
        value = getattr(value, part)
    globals()[name] = value  # once imported, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


__all__ = [
    "TABLE1",
    "Comparison",
    "Derivation",
    "EncodedSatisfaction",
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
    "classify_catalogue",
    "classify_cell",
    "compare_symbolic",
    "custom",
    "derive_importance",
    "encoded_satisfaction",
    "expected_satisfaction",
    "expected_value_score",
    "filter_I",
    "fixed_prior",
    "fixed_priors",
    "fixed_rate",
    "fixed_rates",
    "from_confusion_matrix",
    "from_counts",
    "from_labels",
    "from_predictions",
    "from_scores",
    "get_score",
    "intersect",
    "mixture",
    "multiclass",
    "parse_score",
    "probabilistic_score",
    "ranking_score",
    "scored",
    "selective",
    "setting",
    "tau_range",
]
