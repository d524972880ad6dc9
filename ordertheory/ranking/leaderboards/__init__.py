"""Leaderboards as data, read exactly: confusion matrices (JSON, CSV, DataFrame), sparse k-class cells,
per-sample predictions and scores, and the test sets' counts behind them.

Every reader bounds its numbers (:mod:`~ordertheory.ranking.leaderboards.numbers`) and answers bad
input with one line (:class:`~ordertheory.errors.InvalidInput`).
"""

from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard

__all__ = ["Leaderboard", "read_leaderboard"]
