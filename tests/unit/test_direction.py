"""A score knows its direction (issue 44): losses rank smallest first everywhere a user reads an order,
``-SLUG`` / ``neg_SLUG`` / ``-(formula)`` are the gains scikit-learn's ``neg_`` scorers are, and a check
or an importance whose only failure is the direction or the written satisfaction says what it is."""

from __future__ import annotations

import json

import pytest
from sklearn.metrics import brier_score_loss, log_loss

from ordertheory.catalogue import as_score
from ordertheory.cli import main
from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
from ordertheory.ranking.rank import rank_leaderboard
from ordertheory.scores.direction import Direction
from ordertheory.spaces.sample_space import binary, multiclass, scored

BINARY = "entity,tn,fp,fn,tp\nA,50,10,20,20\nB,60,5,5,30\nC,40,30,10,20\nD,45,15,15,25\n"
# per-outcome counts of scored:4 (y0: negatives at score levels 0..3, y1: positives)
SCORED = ("entity,y0_s0,y0_s1,y0_s2,y0_s3,y1_s0,y1_s1,y1_s2,y1_s3\n"
          "good,40,8,2,0,0,2,8,40\nfair,25,15,7,3,3,7,15,25\nbad,10,15,15,10,10,15,15,10\n")


@pytest.fixture
def files(tmp_path):
    b, s = tmp_path / "lb.csv", tmp_path / "scored.csv"
    b.write_text(BINARY)
    s.write_text(SCORED)
    return b, s


def _ranked(path, score):
    lb = read_leaderboard(str(path))
    r = rank_leaderboard(lb, as_score(score, lb.space), check=False)
    return r, [e.name for e in r.entries], [e.value for e in r.entries]


@pytest.mark.parametrize("score", ["error_rate", "fpr", "balanced_error_rate", "fnr", "fdr"])
def test_binary_losses_rank_the_smallest_value_first(files, score):
    r, names, values = _ranked(files[0], score)
    assert r.direction is Direction.LOWER and "lower" in r.ranked_by
    assert values == sorted(values)  # a wrong direction puts the largest first
    assert values[0] < values[-1]


@pytest.mark.parametrize("score", ["brier", "log_loss", "ece"])
def test_scored_losses_rank_the_smallest_value_first(files, score):
    r, names, values = _ranked(files[1], score)
    assert values == sorted(values) and values[0] < values[-1]
    if score != "ece":  # calibration, not discrimination: "fair" may be the better calibrated
        assert names[0] == "good" and names[-1] == "bad"


def test_the_scored_values_are_scikit_learns(files):
    """Brier and log loss of the leaderboard's first entity equal scikit-learn's on the same samples."""
    lb = read_leaderboard(str(files[1]))
    levels = [float(x) for x in lb.space.levels]
    y_true, y_score = [], []
    for col, n in zip(lb.space.outcomes, (40, 8, 2, 0, 0, 2, 8, 40)):
        y, s = int(col[1]), levels[int(col.split("_s")[1])]
        y_true += [y] * n
        y_score += [s] * n
    P = dict(lb.entities)["good"]
    assert float(as_score("brier", lb.space)(P)) == pytest.approx(brier_score_loss(y_true, y_score), abs=1e-12)
    assert float(as_score("log_loss", lb.space)(P)) == pytest.approx(log_loss(y_true, y_score), abs=1e-12)


@pytest.mark.parametrize("text", ["-brier", "neg_brier", "neg_log_loss", "−log_loss"])
def test_negated_losses_are_gains_with_the_same_order(files, text):
    X = as_score(text, scored(4))
    assert X.direction is Direction.HIGHER and X.name.startswith("-")
    _, names, values = _ranked(files[1], text)
    assert names == ["good", "fair", "bad"] and values == sorted(values, reverse=True) and values[0] < 0


def test_cli_rank_by_a_loss_and_its_negation(files, capsys):
    assert main(["rank", str(files[1]), "--score", "-brier", "--json", "--no-check"]) == 0
    neg = json.loads(capsys.readouterr().out)
    assert main(["rank", str(files[1]), "--score", "brier", "--json", "--no-check"]) == 0
    loss = json.loads(capsys.readouterr().out)
    assert [e["entity"] for e in neg["entities"]] == [e["entity"] for e in loss["entities"]] == ["good", "fair", "bad"]
    assert loss["direction"] == "lower" and neg["direction"] == "higher"
    assert main(["rank", str(files[0]), "--score", "error_rate", "--no-check"]) == 0
    out = capsys.readouterr().out
    assert "ranked by −error_rate (lower error_rate is better)" in out
    assert out.index(" B\n") < out.index(" C\n")  # B (error 0.1) above C (0.4)


def test_a_formula_that_is_an_expected_cost_is_a_loss():
    assert as_score("fp + 5*fn", binary()).direction is Direction.LOWER
    assert as_score("-(fp + 5*fn)", binary()).direction is Direction.HIGHER
    assert as_score("tp/(tp+fn)", binary()).direction is Direction.HIGHER  # not an expectation: as written
    assert as_score("-tp", binary()).direction is Direction.HIGHER  # a minus: read as written


def test_k_class_losses_have_a_structured_form_at_any_k():
    X = as_score("hamming_loss", multiclass(1000))
    assert X.direction is Direction.LOWER and hasattr(X, "form")  # a ClassScore: no k² formula
    assert as_score("-hamming_loss", multiclass(1000)).direction is Direction.HIGHER


def test_compare_on_a_leaderboard_follows_both_directions(files, capsys):
    """error_rate (a loss) and accuracy order every pair alike: 0 discordant pairs, kind same."""
    assert main(["compare", "error_rate", "accuracy", "--leaderboard", str(files[0]), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "same" and out["discordant"] == 0 and out["concordant"] >= 5


def test_check_of_a_loss_is_fit_as_a_loss(capsys):
    assert main(["check", "brier", "--space", "scored:5", "--json", "--timeout", "60"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["direction"] == "lower" and out["verdict"] == "proved" and out["fit_for_ranking"] is True
    assert main(["check", "error_rate", "--timeout", "60"]) == 0
    assert "as a loss (ranked by −error_rate: lower error_rate is better)" in capsys.readouterr().out


def test_importance_of_a_cost_formula_is_for_the_satisfaction_it_encodes(capsys):
    assert main(["importance", "1 - fp - 5*fn", "--json", "--timeout", "60"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "none" and out["fit_for"] == "encoded_satisfaction"
    assert out["satisfaction"]["satisfaction"] == {"tn": "1", "fp": "4/5", "fn": "0", "tp": "1"}
    assert out["with_encoded_satisfaction"]["kind"] in ("ranking_score", "monotone_transform")
