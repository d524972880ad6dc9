"""A Leaderboard and a Ranking print as a summary, not as their internals (issue 33: no Python repr
of exact performances in front of a user)."""

from fractions import Fraction

from ordertheory.catalogue import as_score
from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
from ordertheory.ranking.rank import rank_leaderboard

SAMPLE = "tests/data/leaderboard_sample.json"


def test_leaderboard_and_ranking_reprs_are_summaries():
    lb = read_leaderboard(SAMPLE)
    r = rank_leaderboard(lb, as_score("f1"), check=False)
    for text in (repr(lb), repr(r)):
        assert "Fraction(" not in text and "Performance(" not in text and len(text) < 300, text
    assert "10 entities" in repr(lb) and "binary" in repr(lb)
    assert repr(r).startswith("<Ranking by f_beta_1 of 10 entities (1. ") and "not checked" in repr(r)


def test_winners_summary_says_which_wins_are_beside_an_identical_performance(tmp_path, capsys):
    from ordertheory.cli import main

    lb = tmp_path / "dup.csv"  # a and b are one performance: first together (Axiom 1), never apart
    lb.write_text("name,tn,fp,fn,tp\na,5,1,1,3\nb,5,1,1,3\nc,4,2,1,3\nd,6,0,3,1\ne,3,3,3,1\n")
    main(["winners", str(lb)])
    out = capsys.readouterr().out.splitlines()
    assert "only beside an identical performance, tied by Axiom 1: a, b" in out[-1], out[-1]
    assert any(line.startswith("NEVER     e   (c has a smaller FPR and a larger TPR") and "is above it" in line
               for line in out), out  # named, with its reason (one prior: the hull's certificate)


def test_a_dataframe_of_floats_is_read_alike_as_a_matrix_and_as_a_leaderboard():
    import pandas as pd

    from ordertheory.performances.performance import Performance

    cm = pd.DataFrame([[0.6, 0.1], [0.1, 0.2]], index=[0, 1], columns=[0, 1])  # 0.1, 0.2: no exact binary float
    row = pd.DataFrame([{"entity": "A", "tn": 0.6, "fp": 0.1, "fn": 0.1, "tp": 0.2}])
    P = Performance.from_confusion_matrix(cm)
    assert P == read_leaderboard(row).performances[0]
    assert P["fp"] != Fraction(1, 10)  # the float's binary value, not its decimal text
    assert Performance.from_confusion_matrix([[0.6, 0.1], [0.1, 0.2]])["fp"] == Fraction(1, 10)  # a list: as written
