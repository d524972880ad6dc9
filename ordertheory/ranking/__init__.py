"""Ranking real entities: leaderboards, exact ranks, the Tile, who can win, how sure (paper §4.3, §5).

- :mod:`~ordertheory.ranking.leaderboards`: reading leaderboards exactly (confusion matrices, k-class
  cells, per-sample predictions and scores) and the test sets behind them;
- :mod:`~ordertheory.ranking.rank`: a leaderboard ranked by one score, ties by Axiom 1, the score checked on Π;
- :mod:`~ordertheory.ranking.winners`: who can rank first, and each entity's rank range, over the Tile
  (two classes: :mod:`~ordertheory.ranking.tile`, the exact geometry) or over the importances
  (k classes: :mod:`~ordertheory.ranking.tile_k`, exact LPs);
- :mod:`~ordertheory.ranking.tile_maps`: the Tile's maps as pictures (rank, winner, skill zones);
- :mod:`~ordertheory.ranking.uncertainty`: how sure a ranking is (resampling, exact posteriors, paired tests);
- :mod:`~ordertheory.ranking.robust`: better for every importance — the pairs no ranking score can overturn,
  how sure, the robust partial order (:func:`~ordertheory.ranking.robust.report.robust_report`).
"""

from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard

__all__ = ["Leaderboard", "read_leaderboard"]
