"""Better for every importance: the pairs of a leaderboard no choice of ranking score can overturn, exactly
(:mod:`~ordertheory.ranking.robust.dominance` on the corners of :mod:`~ordertheory.ranking.robust.corners`) and
how sure (:mod:`~ordertheory.ranking.robust.robust_order`: P(better for every importance), P(for some), the
relation every / depends / some / not separated with Holm's control, the robust partial order); where the
Tile's regions of significance lie (:mod:`~ordertheory.ranking.robust.regions`); scoring classifiers at their
best thresholds (:mod:`~ordertheory.ranking.robust.scored`). The statements: section R of the supplementary
material (:mod:`ordertheory.theory.robust_statements`).
"""
