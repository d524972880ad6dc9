"""The Tile's exact questions on two classes: who can rank first (or last) for some R_(a,b), and each
entity's rank range, decided by geometry (Fractions, integers) and, as a second path, by z3.

:mod:`~ordertheory.ranking.winners` answers and chooses the path. With one prior: the ROC hull
(:mod:`~ordertheory.ranking.tile.hull`, the hull theorem; answers checked in
:mod:`~ordertheory.ranking.tile.hull_answers`) and the Tile's diagonal for rank ranges
(:mod:`~ordertheory.ranking.tile.diagonal`). Whatever the priors: each entity's chart
(:mod:`~ordertheory.ranking.tile.chart_places`), built on :mod:`~ordertheory.ranking.tile.bilinear`
(two entities compared on the Tile), :mod:`~ordertheory.ranking.tile.charts` (charts where frontiers are
lines), :mod:`~ordertheory.ranking.tile.arrangement`, :mod:`~ordertheory.ranking.tile.polygon`,
:mod:`~ordertheory.ranking.tile.standing` (one entity over the Tile), :mod:`~ordertheory.ranking.tile.lp`
(an exact simplex); :mod:`~ordertheory.ranking.tile.nra` (z3) and the answers' types
(:mod:`~ordertheory.ranking.tile.outcome`); :mod:`~ordertheory.ranking.tile.tile` evaluates the Tile
numerically, :mod:`~ordertheory.ranking.tile.tile_cells` and :mod:`~ordertheory.ranking.tile.area` give
the shares of first place.
"""
