"""Issue 49's acceptance on real-size predictions: 7 scikit-learn classifiers × 4 000 test cases (about 12 000
distinct scores), as a new user runs them: the scoring rules proved, the order-only scores refuted by lifted
witnesses, advise recommending the proper scoring rule."""

from __future__ import annotations

import json

import pytest

from ordertheory.cli import main
from tests.sklearn_leaderboards import write_scored

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def predictions(tmp_path_factory):
    return write_scored(tmp_path_factory.mktemp("size"), "binary")


def _rank(capsys, path, score):
    code = main(["rank", str(path), "--score", score, "--json", "--timeout", "120"])
    return code, json.loads(capsys.readouterr().out)


def test_scoring_rules_proved_and_order_only_scores_refuted(predictions, capsys):
    orders = {}
    for score in ("brier", "log_loss", "neg_brier", "-log_loss"):
        code, out = _rank(capsys, predictions, score)
        assert code == 0 and out["verdict"] == "proved", score
        orders[score] = [e["entity"] for e in out["entities"]]
    assert orders["brier"] == orders["neg_brier"] and orders["log_loss"] == orders["-log_loss"]
    for score in ("roc_auc", "average_precision"):
        code, out = _rank(capsys, predictions, score)
        assert code == 1 and out["verdict"] == "refuted", score
        refuted = [t for t in ("test1", "test2", "test3") if out["fitness"]["tests"][t]["verdict"] == "refuted"]
        assert refuted and all("re-validated exactly on Ω" in out["fitness"]["tests"][t]["method"] for t in refuted)


def test_advise_recommends_the_proper_scoring_rule(predictions, tmp_path, capsys):
    assert main(["advise", str(predictions), "--scores", "roc_auc,brier", "--no-uncertainty", "--json",
                 "--out", str(tmp_path / "report"), "--timeout", "240"]) == 0
    report = json.loads((tmp_path / "report" / "report.json").read_text())
    assert report["decision"]["recommended"] == ["brier"], report["decision"]
