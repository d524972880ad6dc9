"""Ranking real entities: leaderboards, their ranks, and the Tile of ranking scores."""
