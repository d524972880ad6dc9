"""Ranking real entities: leaderboards, exact ranks, the Tile, who can win (paper §4.3, §5).

- :mod:`~ordertheory.ranking.leaderboard` reads a leaderboard (JSON, CSV, DataFrame) exactly;
- :mod:`~ordertheory.ranking.rank` ranks it by one score, ties by Axiom 1, after checking the score;
- :mod:`~ordertheory.ranking.tile` draws the Tile's maps (numeric, vectorised);
- :mod:`~ordertheory.ranking.winners` answers exactly who can rank first and how far ranks move, from
  the Tile's exact geometry: :mod:`~ordertheory.ranking.charts` (balanced coordinates, an entity's own
  chart: frontiers become lines), :mod:`~ordertheory.ranking.arrangement` (extremes of a count over
  a line arrangement), :mod:`~ordertheory.ranking.standing` (one entity over the Tile),
  :mod:`~ordertheory.ranking.polygon`, :mod:`~ordertheory.ranking.lp` (an exact simplex),
  :mod:`~ordertheory.ranking.nra` (the same questions for z3); :mod:`~ordertheory.ranking.kclass`
  (k classes, by LP), :mod:`~ordertheory.ranking.outcome` (the answers' types);
- :mod:`~ordertheory.ranking.cells` (the cell complex of one shared prior, shares of first place),
  :mod:`~ordertheory.ranking.area` (areas in (a, b) with an error bound),
  :mod:`~ordertheory.ranking.raster` (maps drawn from the geometry), :mod:`~ordertheory.ranking.skill`
  (negative-skill zones, the no-skill curve), :mod:`~ordertheory.ranking.plot` (figures);
- how sure a ranking is: :mod:`~ordertheory.ranking.uncertainty` (rank intervals, P(A ranks above B)),
  from the test sets (:mod:`~ordertheory.ranking.counts`, :mod:`~ordertheory.ranking.predictions`)
  redrawn by :mod:`~ordertheory.ranking.resample`, exactly where the theory allows
  (:mod:`~ordertheory.ranking.exact_posterior`, :mod:`~ordertheory.ranking.lf_pairs`), with paired
  tests (:mod:`~ordertheory.ranking.paired`), over the Tile (:mod:`~ordertheory.ranking.tile_uncertainty`)
  and between two scores (:mod:`~ordertheory.ranking.compare_uncertainty`).
"""

from ordertheory.ranking.leaderboard import Leaderboard, read_leaderboard

__all__ = ["Leaderboard", "read_leaderboard"]
