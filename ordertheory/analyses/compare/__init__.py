"""Do two scores rank alike? On Π (``same``, ``reversed``, ``different``), at a symbolic prior, on finite
test sets, on a leaderboard (concordant and discordant pairs), and the catalogue's equivalence classes.
"""

from ordertheory.analyses.compare.compare import Comparison, compare_scores
from ordertheory.analyses.compare.symbolic import SymbolicComparison, compare_symbolic

__all__ = ["Comparison", "SymbolicComparison", "compare_scores", "compare_symbolic"]
