"""Ranking real entities: leaderboards, exact ranks, the Tile, who can win (paper §4.3, §5).

- :mod:`~ordertheory.ranking.leaderboard` reads a leaderboard (JSON, CSV, DataFrame) exactly;
- :mod:`~ordertheory.ranking.rank` ranks it by one score, ties by Axiom 1, after checking the score;
- :mod:`~ordertheory.ranking.tile` draws the Tile's maps (numeric, vectorised);
- :mod:`~ordertheory.ranking.winners` answers exactly who can rank first and how far ranks move.
"""

from ordertheory.ranking.leaderboard import Leaderboard, read_leaderboard

__all__ = ["Leaderboard", "read_leaderboard"]
