"""``advise`` writes its report and figures, and every claim of report.json is what the individual
command it names prints (rank, compare --leaderboard, importance, each with --json)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import numpy as np
import pytest

from ordertheory.cli import main
from tests.sklearn_leaderboards import digits_cells, write_counts, write_predictions

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
            assert u["tiers"] == s["uncertainty"]["tiers"]
    recommended = [s["score"] for s in report["scores"] if s["recommended"]]
    assert recommended == report["recommended"] == report["decision"]["recommended"]
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
    assert "## Recommendation" in md and "tiers (" in md.lower() and "separated from" in md
    for f in ("blob_accuracy.png", "significance_f1.png", "kendall_tau.png", "win_probability_tile.png",
              "tile_winners.png"):
        assert (out / f).stat().st_size > 5000, f
    report = check_claims(capsys, out)
    assert report["uncertainty"]["method"] == "posterior"
    g = next(s for s in report["scores"] if s["score"] == "g_mean")
    assert g["fitness"] == "refuted" and not g["recommended"]
    assert (out / "report.html").exists()


def test_advise_without_test_sets_says_why_and_still_advises(tmp_path, capsys):
    lb = tmp_path / "lb.json"
    lb.write_text(json.dumps([{"entity": "A", "tn": 0.62, "fp": 0.03, "fn": 0.15, "tp": 0.2},
                              {"entity": "B", "tn": 0.45, "fp": 0.15, "fn": 0.05, "tp": 0.35}]))
    assert main(["advise", str(lb), "--scores", "accuracy,f1", "--out", str(tmp_path / "r"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["uncertainty"] is None and "--samples N" in out["no_uncertainty"]
    # accuracy puts A first, F1 puts B first: two fit candidates that disagree, the organiser's choice —
    # not the first one listed (the old rule recommended accuracy)
    assert out["recommended"] == [] and out["decision"]["kind"] == "organiser's choice"
    assert set(out["decision"]["fit"]) == {"accuracy", "f1"} and "(a, b) = (1/2, 1/2)" in out["decision"]["text"]
    assert (tmp_path / "r" / "tile_winners.png").stat().st_size > 5000  # the Tile's winner map needs no counts
    assert (tmp_path / "r" / "report.html").exists()
    assert main(["advise", str(lb), "--scores", "accuracy,f1", "--out", str(tmp_path / "again")]) == 0
    capsys.readouterr()
    for f in ("report.md", "report.json"):  # deterministic: the same inputs, the same bytes
        assert (tmp_path / "r" / f).read_bytes() == (tmp_path / "again" / f).read_bytes()


def test_the_recommendation_never_depends_on_the_order_of_the_candidates(tmp_path, capsys):
    """Breast cancer, four candidates: the fit ones agree on these entities, so each is recommended — the
    same set whatever order they are listed in; with a refuted one and one fit one, the fit one."""
    counts = write_counts(tmp_path, "binary")
    decisions = []
    for order in ("accuracy,f1,mcc,cohen_kappa", "cohen_kappa,mcc,f1,accuracy"):
        assert main(["advise", str(counts), "--scores", order, "--out", str(tmp_path / order[:3]), "--no-uncertainty",
                     "--tile-resolution", "11", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        decisions.append((out["decision"]["kind"], sorted(out["recommended"]), out["decision"]["one_tier"]))
    assert decisions[0] == decisions[1]
    kind, recommended, _ = decisions[0]
    assert kind == "fit candidates that agree here" and recommended == ["accuracy", "cohen_kappa", "f1"]
    assert main(["advise", str(counts), "--scores", "g_mean,f1", "--out", str(tmp_path / "g"), "--no-uncertainty",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["recommended"] == ["f1"] and out["decision"]["kind"] == "the only fit candidate"


def test_a_report_stopped_by_its_deadline_is_written_with_what_was_decided(tmp_path):
    """No time left (a deterministic stand-in for --timeout): nothing examined, the report still written,
    saying what was not examined; the command's exit code is 3."""
    from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
    from ordertheory.reports.advise.advise import Options, advise
    from ordertheory.reports.advise.advise_render import claims, write_report

    lb = read_leaderboard(write_counts(tmp_path, "binary"))
    adv = advise(lb, ["accuracy", "f1"], Options(timeout=0.5), source="counts.csv")
    assert adv.stopped and "not examined: accuracy, f1" in adv.stopped and not adv.scores
    files = write_report(adv, tmp_path / "partial")
    assert "Partial report" in files["report.md"].read_text()
    assert claims(adv)["verdict"] == "unknown" and claims(adv)["partial"] == adv.stopped


@pytest.mark.slow
def test_advise_on_the_74_models_and_on_three_classes(tmp_path, capsys):
    if not SHARED.exists():
        pytest.skip("the shared 74-model leaderboard (../shared/data) is absent")
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


@pytest.mark.slow
def test_advise_on_ten_and_on_a_thousand_classes_ends_with_a_report(tmp_path, capsys):
    """The every-k forms: digits (10 classes, resampled) and a sparse 1000-class leaderboard (cells only, no
    resampling) both end with a report; a step cut by --timeout would be said in it (exit 3), never a hang."""
    digits = digits_cells(tmp_path)
    assert main(["advise", str(digits), "--out", str(tmp_path / "ten"), "--draws", "300", "--timeout", "300",
                 "--json"]) in (0, 3)
    out = json.loads(capsys.readouterr().out)
    assert out["space"] == "multiclass:10" and (tmp_path / "ten" / "report.html").exists()
    assert {s["score"]: s["fitness"] for s in out["scores"]}["multiclass_accuracy"] == "proved"
    rng = np.random.default_rng(0)
    rows = ["entity,true,pred,count"]
    for e, acc in enumerate((0.9, 0.8, 0.7)):
        for t in range(1000):
            right = int(rng.binomial(20, acc))
            if right:
                rows.append(f"m{e},{t},{t},{right}")
            if right < 20:
                rows.append(f"m{e},{t},{(t + 1 + e) % 1000},{20 - right}")
    big = tmp_path / "k1000.csv"
    big.write_text("\n".join(rows) + "\n")
    assert main(["advise", str(big), "--out", str(tmp_path / "k"), "--timeout", "120", "--json"]) in (0, 3)
    out = json.loads(capsys.readouterr().out)
    assert out["space"] == "multiclass:1000" and "20 classes" in out["no_uncertainty"]
    assert {s["score"]: s["fitness"] for s in out["scores"]}["macro_f1"] == "refuted"
    assert (tmp_path / "k" / "report.md").exists()
