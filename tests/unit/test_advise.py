"""``advise`` writes its report and figures, and every claim of report.json is what the individual
command it names prints (rank, compare --leaderboard, importance, each with --json)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from ordertheory.cli import main
from tests.sklearn_leaderboards import write_counts, write_predictions

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "semantic_segmentation_74_models.json"


def run_json(capsys, command: str) -> tuple[int, dict]:
    argv = shlex.split(command)
    assert argv[0] == "ordertheory"
    code = main(argv[1:])
    return code, json.loads(capsys.readouterr().out)


def check_claims(capsys, out: Path) -> dict:
    """Re-run the command behind every claim of report.json and compare."""
    report = json.loads((out / "report.json").read_text())
    for s in report["scores"]:
        cmd = s["commands"]
        _, fit = run_json(capsys, cmd["fitness"])
        assert fit["verdict"] == s["fitness"], s["score"]
        assert [(e["entity"], e["rank"]) for e in fit["entities"]] == [(e["entity"], e["rank"]) for e in s["ranking"]]
        _, imp = run_json(capsys, cmd["importance"])
        assert imp["kind"] == s["importance"]["kind"] and imp["tile"] == s["importance"]["tile"], s["score"]
        for other, c in cmd["compare"].items():
            _, cmp_ = run_json(capsys, c)
            assert cmp_["discordant"] == s["versus"][other]["discordant"]
            assert cmp_["tau_b"] == pytest.approx(s["versus"][other]["tau_b"], abs=1e-12)
        if "uncertainty" in s:
            _, u = run_json(capsys, cmd["uncertainty"])
            assert {e["entity"]: e["rank_interval"] for e in u["entities"]} == s["uncertainty"]["rank_intervals"]
            assert u["not_separated"] == s["uncertainty"]["not_separated"]
            assert u["tied_groups"] == s["uncertainty"]["tied_groups"]
    recommended = [s["score"] for s in report["scores"] if s["recommended"]]
    assert recommended == report["recommended"]
    assert all(s["fitness"] == "proved" for s in report["scores"] if s["recommended"])
    return report


def test_advise_report_on_a_scikit_learn_leaderboard_is_checkable_claim_by_claim(tmp_path, capsys):
    pred = write_predictions(tmp_path, "binary")
    out = tmp_path / "report"
    code = main(["advise", str(pred), "--scores", "accuracy,f1,g_mean", "--out", str(out), "--draws", "600",
                 "--tile-draws", "40", "--tile-resolution", "11"])
    assert code == 0
    capsys.readouterr()
    md = (out / "report.md").read_text()
    assert "## Recommendation" in md and "statistically tied" in md.lower()
    for f in ("blob_accuracy.png", "significance_f1.png", "kendall_tau.png", "win_probability_tile.png"):
        assert (out / f).stat().st_size > 5000, f
    report = check_claims(capsys, out)
    assert report["uncertainty"]["method"] == "posterior"
    g = next(s for s in report["scores"] if s["score"] == "g_mean")
    assert g["fitness"] == "refuted" and not g["recommended"]
    assert (out / "report.html").exists()


def test_advise_without_test_sets_says_why_and_still_advises(tmp_path, capsys):
    lb = tmp_path / "lb.json"
    lb.write_text(json.dumps([{"entity": "A", "tn": 0.5, "fp": 0.1, "fn": 0.1, "tp": 0.3},
                              {"entity": "B", "tn": 0.45, "fp": 0.15, "fn": 0.05, "tp": 0.35}]))
    assert main(["advise", str(lb), "--scores", "accuracy,f1", "--out", str(tmp_path / "r"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["uncertainty"] is None and "--samples N" in out["no_uncertainty"]
    assert out["recommended"] == ["accuracy"]
    assert main(["advise", str(lb), "--scores", "accuracy,f1", "--out", str(tmp_path / "again")]) == 0
    capsys.readouterr()
    for f in ("report.md", "report.json"):  # deterministic: the same inputs, the same bytes
        assert (tmp_path / "r" / f).read_bytes() == (tmp_path / "again" / f).read_bytes()


@pytest.mark.slow
def test_advise_on_the_74_models_and_on_three_classes(tmp_path, capsys):
    out = tmp_path / "seg"
    assert main(["advise", str(SHARED), "--samples", "1000000", "--scores", "f1,accuracy", "--draws", "2000",
                 "--out", str(out), "--tile-draws", "40", "--tile-resolution", "21"]) == 0
    capsys.readouterr()
    check_claims(capsys, out)
    counts = write_counts(tmp_path, "3-class")
    out3 = tmp_path / "wine"
    assert main(["advise", str(counts), "--scores", "multiclass_accuracy,macro_recall", "--draws", "1000",
                 "--out", str(out3)]) == 0
    capsys.readouterr()
    report = check_claims(capsys, out3)
    assert report["space"] == "multiclass:3" and "tile" not in report
