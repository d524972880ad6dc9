"""ordertheory: machine-checked performance-based ranking (Piérard et al., CVPR 2025).

The facade re-exports what a user needs; the layers are visible in the package names (imports run
one way, right to left; ``docs/architecture.md`` says where new work goes):
cli → playground → reports → paper → ranking → analyses → fitness → theory → engine → encoding →
the objects (spaces, performances, scores, sets, catalogue).

>>> import ordertheory
>>> ordertheory.check_score("f1", timeout=20).verdict
<Verdict.PROVED: 'proved'>
>>> P = ordertheory.from_confusion_matrix([[50, 10], [5, 35]])
>>> ordertheory.get_score("f1").score()(P)
Fraction(14, 17)
"""

from importlib import import_module as _import_module

# name -> (module, attribute path): imported on first use (PEP 562), so that a process needing
# one corner of the package — the command line's --help, the solver worker — does not import sympy
# and the rest. Type checkers read the same names from __init__.pyi.
_EXPORTS = {
    "classify_catalogue": ("ordertheory.analyses.classification", "classify_catalogue"),
    "classify_cell": ("ordertheory.analyses.classification", "classify_cell"),
    "compare_symbolic": ("ordertheory.analyses.compare.symbolic", "compare_symbolic"),
    "ImportanceDerivation": ("ordertheory.analyses.importance.importance", "ImportanceDerivation"),
    "EncodedSatisfaction": ("ordertheory.analyses.importance.encoded_satisfaction", "EncodedSatisfaction"),
    "encoded_satisfaction": ("ordertheory.analyses.importance.encoded_satisfaction", "encoded_satisfaction"),
    "ImportanceKind": ("ordertheory.analyses.importance.importance", "ImportanceKind"),
    "derive_importance": ("ordertheory.analyses.importance.derive", "derive_importance"),
    "tau_range": ("ordertheory.analyses.tau.tau", "tau_range"),
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
    "parse_score": ("ordertheory.scores.expression", "parse_score"),
    "Importance": ("ordertheory.performances.performance", "Importance"),
    "Performance": ("ordertheory.performances.performance", "Performance"),
    "filter_I": ("ordertheory.performances.performance", "filter_I"),
    "mixture": ("ordertheory.performances.performance", "mixture"),
    "from_confusion_matrix": ("ordertheory.performances.performance", "Performance.from_confusion_matrix"),
    "from_labels": ("ordertheory.performances.performance", "Performance.from_labels"),
    "from_counts": ("ordertheory.performances.performance", "Performance.from_counts"),
    "PerformanceSet": ("ordertheory.sets.performance_set", "PerformanceSet"),
    "all_performances": ("ordertheory.sets.performance_set", "all_performances"),
    "fixed_prior": ("ordertheory.sets.performance_set", "fixed_prior"),
    "fixed_priors": ("ordertheory.sets.performance_set", "fixed_priors"),
    "fixed_rate": ("ordertheory.sets.performance_set", "fixed_rate"),
    "fixed_rates": ("ordertheory.sets.performance_set", "fixed_rates"),
    "intersect": ("ordertheory.sets.performance_set", "intersect"),
    "setting": ("ordertheory.sets.settings", "setting"),
    "from_predictions": ("ordertheory.performances.from_predictions", "from_predictions"),
    "from_scores": ("ordertheory.performances.from_predictions", "from_scores"),
    "Comparison": ("ordertheory.performances.relations", "Comparison"),
    "SampleSpace": ("ordertheory.spaces.sample_space", "SampleSpace"),
    "binary": ("ordertheory.spaces.sample_space", "binary"),
    "custom": ("ordertheory.spaces.custom_space", "custom"),
    "multiclass": ("ordertheory.spaces.sample_space", "multiclass"),
    "scored": ("ordertheory.spaces.sample_space", "scored"),
    "selective": ("ordertheory.spaces.sample_space", "selective"),
    "Score": ("ordertheory.scores.score", "Score"),
    "expected_satisfaction": ("ordertheory.scores.score", "expected_satisfaction"),
    "expected_value_score": ("ordertheory.scores.score", "expected_value_score"),
    "probabilistic_score": ("ordertheory.scores.score", "probabilistic_score"),
    "ranking_score": ("ordertheory.scores.score", "ranking_score"),
    "Leaderboard": ("ordertheory.ranking.leaderboards.leaderboard", "Leaderboard"),
    "read_leaderboard": ("ordertheory.ranking.leaderboards.leaderboard", "read_leaderboard"),
    "Ranking": ("ordertheory.ranking.rank", "Ranking"),
    "rank_leaderboard": ("ordertheory.ranking.rank", "rank_leaderboard"),
    "ScoreReport": ("ordertheory.fitness.report", "ScoreReport"),
    "check_score": ("ordertheory.fitness.check", "check_score"),
}


def __getattr__(name: str):
    if name == "__version__":
        try:
            value = _import_module("importlib.metadata").version("ordertheory")
        except _import_module("importlib.metadata").PackageNotFoundError:  # a source tree never installed
            value = "0+unknown"
    elif name in _EXPORTS:
        module, path = _EXPORTS[name]
        value = _import_module(module)
        for part in path.split("."):
            value = getattr(value, part)
    elif name in _SUBPACKAGES:  # ordertheory.ranking & co. without importing them first
        value = _import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module 'ordertheory' has no attribute {name!r}")
    globals()[name] = value  # once imported, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted({*__all__, *_SUBPACKAGES})


# the package's rooms (see README's layout), reachable as attributes: ``ordertheory.ranking``
_SUBPACKAGES = ("analyses", "catalogue", "cli", "crosscheck", "encoding", "engine", "fitness", "paper",
                "performances", "playground", "ranking", "reports", "scores", "sets", "spaces", "theory")

__all__ = [
    "TABLE1",
    "Comparison",
    "ImportanceDerivation",
    "EncodedSatisfaction",
    "ExpressionError",
    "Importance",
    "ImportanceKind",
    "InvalidInput",
    "Leaderboard",
    "OrderTheoryError",
    "Performance",
    "PerformanceSet",
    "Ranking",
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
    "rank_leaderboard",
    "ranking_score",
    "read_leaderboard",
    "scored",
    "selective",
    "setting",
    "tau_range",
]
