"""Performances: exact probability measures on Ω (paper §3.1, §3.4), and importances.

Two representations of the same object: :class:`Performance` (every outcome's probability) and
:class:`SparsePerformance` (a k-class performance by its non-zero cells, linear in them); a score
evaluates either. From real predictions: :mod:`~ordertheory.performances.from_predictions`. Two
performances compared under a preorder: :mod:`~ordertheory.performances.relations`.
"""

from ordertheory.performances.performance import Importance, Performance, filter_I, mixture
from ordertheory.performances.relations import Comparison
from ordertheory.performances.sparse_importance import SparseImportance
from ordertheory.performances.sparse_performance import SparsePerformance, as_sparse

__all__ = ["Comparison", "Importance", "Performance", "SparseImportance", "SparsePerformance", "as_sparse",
           "filter_I", "mixture"]
