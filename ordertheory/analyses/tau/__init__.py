"""Kendall's τ between a score and the ranking scores (§5.2, Table 1's τ columns): τ_min and τ_max.

:mod:`~ordertheory.analyses.tau.tau` optimises over the Tile, on the grid of
:mod:`~ordertheory.analyses.tau.grid`, with τ-b from :mod:`~ordertheory.analyses.tau.kendall` and exact
ties (:mod:`~ordertheory.analyses.tau.exact_ties`, :mod:`~ordertheory.analyses.tau.exact_order`).
"""

from ordertheory.analyses.tau.tau import TauResult, tau_range

__all__ = ["TauResult", "tau_range"]
