"""What type checkers read of the facade (at run time, ordertheory/__init__.py imports these names
on first use); tests/unit/test_architecture.py keeps the two equal."""

from ordertheory.analyses.classification import classify_catalogue as classify_catalogue
from ordertheory.analyses.classification import classify_cell as classify_cell
from ordertheory.analyses.compare.symbolic import compare_symbolic as compare_symbolic
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.encoded_satisfaction import EncodedSatisfaction as EncodedSatisfaction
from ordertheory.analyses.importance.encoded_satisfaction import encoded_satisfaction as encoded_satisfaction
from ordertheory.analyses.importance.importance import ImportanceDerivation as ImportanceDerivation
from ordertheory.analyses.importance.importance import ImportanceKind as ImportanceKind
from ordertheory.analyses.tau.tau import tau_range as tau_range
from ordertheory.catalogue import TABLE1 as TABLE1
from ordertheory.catalogue import as_score as as_score
from ordertheory.catalogue import get as get_score
from ordertheory.engine.result import Result as Result
from ordertheory.engine.result import Verdict as Verdict
from ordertheory.engine.witness import Witness as Witness
from ordertheory.errors import ExpressionError as ExpressionError
from ordertheory.errors import InvalidInput as InvalidInput
from ordertheory.errors import OrderTheoryError as OrderTheoryError
from ordertheory.errors import UndefinedScore as UndefinedScore
from ordertheory.fitness.check import check_score as check_score
from ordertheory.fitness.report import ScoreReport as ScoreReport
from ordertheory.performances.from_predictions import from_predictions as from_predictions
from ordertheory.performances.from_predictions import from_scores as from_scores
from ordertheory.performances.performance import Importance as Importance
from ordertheory.performances.performance import Performance as Performance
from ordertheory.performances.performance import filter_I as filter_I
from ordertheory.performances.performance import mixture as mixture
from ordertheory.performances.relations import Comparison as Comparison
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard as Leaderboard
from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard as read_leaderboard
from ordertheory.ranking.rank import Ranking as Ranking
from ordertheory.ranking.rank import rank_leaderboard as rank_leaderboard
from ordertheory.scores.expression import parse_score as parse_score
from ordertheory.scores.score import Score as Score
from ordertheory.scores.score import expected_satisfaction as expected_satisfaction
from ordertheory.scores.score import expected_value_score as expected_value_score
from ordertheory.scores.score import probabilistic_score as probabilistic_score
from ordertheory.scores.score import ranking_score as ranking_score
from ordertheory.sets.performance_set import PerformanceSet as PerformanceSet
from ordertheory.sets.performance_set import all_performances as all_performances
from ordertheory.sets.performance_set import fixed_prior as fixed_prior
from ordertheory.sets.performance_set import fixed_priors as fixed_priors
from ordertheory.sets.performance_set import fixed_rate as fixed_rate
from ordertheory.sets.performance_set import fixed_rates as fixed_rates
from ordertheory.sets.performance_set import intersect as intersect
from ordertheory.sets.settings import setting as setting
from ordertheory.spaces.custom_space import custom as custom
from ordertheory.spaces.sample_space import SampleSpace as SampleSpace
from ordertheory.spaces.sample_space import binary as binary
from ordertheory.spaces.sample_space import multiclass as multiclass
from ordertheory.spaces.sample_space import scored as scored
from ordertheory.spaces.sample_space import selective as selective

from_confusion_matrix = Performance.from_confusion_matrix
from_labels = Performance.from_labels
from_counts = Performance.from_counts

__version__: str

__all__ = ['TABLE1', 'Comparison', 'ImportanceDerivation', 'EncodedSatisfaction', 'ExpressionError', 'Importance', 'ImportanceKind', 'InvalidInput', 'Leaderboard', 'OrderTheoryError', 'Performance', 'PerformanceSet', 'Ranking', 'Result', 'SampleSpace', 'Score', 'ScoreReport', 'UndefinedScore', 'Verdict', 'Witness', '__version__', 'all_performances', 'as_score', 'binary', 'check_score', 'classify_catalogue', 'classify_cell', 'compare_symbolic', 'custom', 'derive_importance', 'encoded_satisfaction', 'expected_satisfaction', 'expected_value_score', 'filter_I', 'fixed_prior', 'fixed_priors', 'fixed_rate', 'fixed_rates', 'from_confusion_matrix', 'from_counts', 'from_labels', 'from_predictions', 'from_scores', 'get_score', 'intersect', 'mixture', 'multiclass', 'parse_score', 'probabilistic_score', 'rank_leaderboard', 'ranking_score', 'read_leaderboard', 'scored', 'selective', 'setting', 'tau_range']
