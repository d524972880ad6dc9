"""Issue 27's acceptance, end to end through the CLI: AUC refuted by exact witnesses re-validated
without a solver, Brier fit for ranking with the satisfaction it encodes, selective accuracy a ranking
score with I = 0 on the abstentions, the cost formula's satisfaction, and every command on the new
spaces (check, importance, compare, rank, paper --only) within its --timeout."""

from __future__ import annotations

import json
import time
from fractions import Fraction

import pytest

from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.performances.performance import Performance, mixture
from ordertheory.spaces.sample_space import scored

pytestmark = pytest.mark.slow


def run(capsys, *argv) -> tuple[int, dict]:
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def _performance(space, d: dict) -> Performance:
    return Performance(space, tuple(Fraction(d[o]) for o in space.outcomes))


def test_roc_auc_refuted_by_exact_witnesses(capsys):
    code, out = run(capsys, "check", "roc_auc", "--space", "scored:4", "--timeout", "60")
    assert code == 1 and out["verdict"] == "refuted"
    sp = scored(4)
    auc = get("roc_auc").score(sp)
    for test, sign in (("test2", 1), ("test3", -1)):
        w = out[test]["witness"]
        assert out[test]["verdict"] == "refuted"
        P1, P2 = _performance(sp, w["P1"]), _performance(sp, w["P2"])
        lam = Fraction(w["lambda"])
        M = mixture([P1, P2], [lam, 1 - lam])  # re-validated here in Fractions, no solver
        assert all(sign * (auc(M) - auc(P)) > 0 for P in (P1, P2)), test
    assert out["test1"]["verdict"] == "proved"  # with S = the probability given to the truth


def test_brier_fit_as_a_loss_and_for_the_satisfaction_it_encodes(capsys):
    """Brier is a loss: checked as −Brier (lower is better) it passes every test with the space's S; its
    encoded satisfaction (1 at the lowest loss) is the dual answer."""
    code, out = run(capsys, "check", "brier", "--space", "scored:5", "--timeout", "60")
    assert code == 0 and out["direction"] == "lower" and out["fit_for"] == "written_satisfaction"
    assert all(out[t]["verdict"] == "proved" for t in ("test1", "test2", "test3", "domain_closed"))
    code, out = run(capsys, "importance", "brier", "--space", "scored:5")
    s = out["satisfaction"]
    assert s["kind"] == "expectation" and s["verified"] and s["direction"] == "decreasing" and s["loss"]
    assert s["identity"] == "X = 81/100 − 4/5·E_P[S]"


def test_selective_accuracy_is_a_ranking_score(capsys):
    code, out = run(capsys, "check", "selective_accuracy", "--space", "selective:2", "--timeout", "60")
    assert code == 0 and out["fit_for_ranking"] is True
    code, out = run(capsys, "importance", "selective_accuracy", "--space", "selective:2")
    assert code == 0 and out["kind"] == "ranking_score"
    assert out["importance"]["y0_abstain"] == "0" and out["importance"]["y1_abstain"] == "0"
    assert out["importance"]["y0_p1"] == "1"


def test_importance_reports_the_encoded_satisfaction(capsys):
    code, out = run(capsys, "importance", "1 - fp - 5*fn")
    assert out["kind"] == "none"  # no importance for the written S (1, 0, 0, 1) …
    assert code == 0 and out["fit_for"] == "encoded_satisfaction"  # … one for the satisfaction it encodes
    s = out["satisfaction"]
    assert s["satisfaction"] == {"tn": "1", "fp": "4/5", "fn": "0", "tp": "1"}
    assert s["identity"] == "X = -4 + 5·E_P[S]" and s["verified"] and s["direction"] == "increasing"
    main(["check", "1 - fp - 5*fn", "--timeout", "30"])  # check suggests that S when test 1 fails
    text = capsys.readouterr().out
    assert "S(fp) = 4/5" in text and "FIT for ranking" in text


@pytest.mark.parametrize("space,X,Y", [("scored:3", "brier", "log_loss"), ("selective:2", "selective_accuracy",
                                                                           "selective_risk")])
def test_compare_paper_and_importance_on_the_new_spaces(capsys, space, X, Y):
    code, out = run(capsys, "compare", X, Y, "--space", space, "--timeout", "60")
    assert code in (0, 1) and out["kind"] in ("different", "reversed")
    if space.startswith("selective"):
        assert out["kind"] == "reversed"  # risk = 1 − accuracy on the answered
    assert main(["paper", "--only", X, "--space", space]) == 0  # Markdown alone (issue 33: one format per run)
    md = capsys.readouterr().out
    assert "checked by sympy" in md and "\\begin{document}" not in md
    assert main(["paper", "--only", X, "--space", space, "--format", "tex", "--standalone"]) == 0
    assert "\\begin{document}" in capsys.readouterr().out
    code, out = run(capsys, "importance", Y, "--space", space)
    assert code in (0, 1, 3) and "satisfaction" in out


def test_rank_leaderboards_of_scores_and_abstentions(capsys, tmp_path):
    raw = tmp_path / "raw.json"
    raw.write_text(json.dumps({"levels": 4, "entities": [
        {"entity": "A", "y_true": [0, 0, 1, 1, 1], "y_score": [0.1, 0.3, 0.7, 0.9, 0.6]},
        {"entity": "B", "y_true": [0, 0, 1, 1, 1], "y_score": [0.8, 0.3, 0.7, 0.2, 0.6]}]}))
    code, out = run(capsys, "rank", str(raw), "--score", "brier", "--timeout", "30")
    assert [e["entity"] for e in out["entities"]] == ["A", "B"]  # a loss: the lower Brier ranks first
    assert out["direction"] == "lower" and out["verdict"] == "proved"  # checked as −Brier
    code, out = run(capsys, "rank", str(raw), "--score", "roc_auc", "--timeout", "30")
    assert out["entities"][0]["entity"] == "A" and out["entities"][0]["value_exact"] == "1"
    sel = tmp_path / "sel.csv"
    sel.write_text("entity,y0_p0,y0_p1,y0_abstain,y1_p0,y1_p1,y1_abstain\nA,40,5,5,3,45,2\nC,30,2,18,2,30,18\n")
    code, out = run(capsys, "rank", str(sel), "--score", "selective_accuracy", "--timeout", "30")
    assert code == 0 and [e["entity"] for e in out["entities"]] == ["C", "A"]


def test_timeout_bounds_every_command_on_large_spaces(capsys):
    for argv in (["check", "roc_auc", "--space", "scored:40", "--timeout", "4"],
                 ["check", "max_f1", "--space", "scored:12", "--timeout", "4"],
                 ["compare", "roc_auc", "average_precision", "--space", "scored:30", "--timeout", "4"]):
        t0 = time.perf_counter()
        code = main(argv)
        capsys.readouterr()
        assert code in (1, 3) and time.perf_counter() - t0 < 4 + 60, argv  # the deadline, a margin for load
