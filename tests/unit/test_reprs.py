"""A Leaderboard and a Ranking print as a summary, not as their internals (issue 33: no Python repr
of exact performances in front of a user)."""

from ordertheory.catalogue import as_score
from ordertheory.ranking.leaderboard import read_leaderboard
from ordertheory.ranking.rank import rank_leaderboard

SAMPLE = "tests/data/leaderboard_sample.json"


def test_leaderboard_and_ranking_reprs_are_summaries():
    lb = read_leaderboard(SAMPLE)
    r = rank_leaderboard(lb, as_score("f1"), check=False)
    for text in (repr(lb), repr(r)):
        assert "Fraction(" not in text and "Performance(" not in text and len(text) < 300, text
    assert "10 entities" in repr(lb) and "binary" in repr(lb)
    assert repr(r).startswith("<Ranking by f_beta_1 of 10 entities (1. ") and "not checked" in repr(r)
