"""Leaderboards, exact ranks (Axiom 1), Tile maps against a naive per-pixel computation, exact
winners and rank ranges re-checked in Fractions, and the rank/tile/winners commands."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.ranking import read_leaderboard
from ordertheory.ranking.rank import leaderboard_set, rank_leaderboard
from ordertheory.ranking.tile import tile
from ordertheory.ranking.winners import rank_ranges, winners

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "leaderboard_sample.json"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "semantic_segmentation_74_models.json"


def csv_lb(text: str, **kw):
    return read_leaderboard(io.StringIO(text), **kw)


def R(P, a: Fraction, b: Fraction):
    """R_{a,b}(P) straight from the definition E_P[I·S] / E_P[I], in Fractions (None if undefined)."""
    num = (1 - a) * P["tn"] + a * P["tp"]
    den = num + (1 - b) * P["fp"] + b * P["fn"]
    return None if den == 0 else num / den


def naive_rank(lb, e: int, a: Fraction, b: Fraction):
    vals = [R(P, a, b) for P in lb.performances]
    if vals[e] is None:
        return None
    return 1 + sum(1 for v in vals if v is not None and v > vals[e])


# --- leaderboards ------------------------------------------------------------------------------
def test_json_sample_is_read_exactly_with_provenance():
    lb = read_leaderboard(SAMPLE)
    rows = json.loads(SAMPLE.read_text())
    assert lb.names == tuple(r["filename"] for r in rows)
    P, row = lb.performances[0], rows[0]
    total = sum(Fraction(row[f"proba_{o}"]) for o in ("tn", "fp", "fn", "tp"))
    assert P["tp"] == Fraction(row["proba_tp"]) / total  # the exact binary value, normalised exactly
    assert "binary value" in lb.provenance.conversion
    rounded = read_leaderboard(SAMPLE, decimals=3)
    assert "rounded to 3 decimals" in rounded.provenance.conversion
    assert rounded.performances[0]["tp"] == Fraction(round(row["proba_tp"] * 1000), 1000) / \
        sum(Fraction(round(row[f"proba_{o}"] * 1000), 1000) for o in ("tn", "fp", "fn", "tp"))


def test_name_falls_back_to_model_and_shared_file_if_present(tmp_path):
    f = tmp_path / "lb.json"
    f.write_text(json.dumps([{"model": "M", "tn": 5, "fp": 1, "fn": 1, "tp": 3}]))
    assert read_leaderboard(f).names == ("M",)
    if SHARED.exists():
        assert len(read_leaderboard(SHARED)) == 74


def test_csv_counts_and_decimal_text():
    lb = csv_lb("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,0.6,0.2,0.1,0.1\n")
    assert lb.performance("A") == lb.performance("B")
    assert lb.performance("A")["tn"] == Fraction(3, 5)


def test_kclass_csv_and_json_confusion_matrix(tmp_path):
    head = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))
    lb = csv_lb(f"entity,{head}\nA,5,1,0,1,4,1,0,0,6\nB,10,2,0,2,8,2,0,0,12\n")
    assert lb.space.classes == 3 and lb.performance("A") == lb.performance("B")
    f = tmp_path / "k.json"
    f.write_text(json.dumps([{"name": "A", "confusion_matrix": [[5, 1, 0], [1, 4, 1], [0, 0, 6]]}]))
    assert read_leaderboard(f).performance("A") == lb.performance("A")
    r = rank_leaderboard(lb, get("multiclass_accuracy").score(lb.space), check=False)
    assert [e.rank for e in r.entries] == [1, 1] and r.equal_performances == (("A", "B"),)


def test_dataframe():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"entity": ["A", "B"], "tn": [0.5, 0.25], "fp": [0.25, 0.25], "fn": [0.125, 0.25],
                       "tp": [0.125, 0.25]})
    lb = read_leaderboard(df)
    assert lb.performance("A")["fn"] == Fraction(1, 8) and lb.provenance.format == "dataframe"


@pytest.mark.parametrize("text, culprit", [
    ("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,6,-2,1,1\n", "row 2 (B)"),
    ("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,6,,1,1\n", "row 2 (B)"),
    ("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,6,x,1,1\n", "row 2 (B)"),
    ("entity,tn,fp,fn,tp\nA,6,2,1,1\nA,6,2,1,1\n", "row 2 (A)"),
    ("entity,tn,fp,fn,tp\nA,0.5,0.2,0.1,0.1\n", "row 1 (A)"),
    ("entity,tn,fp,fn,tp\nA,0,0,0,0\n", "row 1 (A)"),
    ("entity,tn,fp,fn,tp\n,1,2,1,1\n", "row 1"),
    ("entity,tn,fp,fn\nA,1,2,1\n", "expected columns"),
])
def test_bad_rows_are_named(text, culprit):
    with pytest.raises(InvalidInput, match=culprit.replace("(", r"\(").replace(")", r"\)")) as exc:
        csv_lb(text)
    assert "\n" not in str(exc.value)


# --- ranks -------------------------------------------------------------------------------------
def test_axiom1_equal_performances_and_value_ties_share_ranks():
    # A and B: the same counts scaled (equal performances); C: another performance with the same F1
    lb = csv_lb("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,12,4,2,2\nC,0,1,2,1\nD,1,5,3,1\nE,1,0,0,9\n")
    r = rank_leaderboard(lb, get("f1").score(), check=False)
    ranks = {e.name: e.rank for e in r.entries}
    assert ranks == {"E": 1, "A": 2, "B": 2, "C": 2, "D": 5}
    assert r.ties == (("A", "B", "C"),) and r.equal_performances == (("A", "B"),)
    assert {e.name: e.value for e in r.entries}["C"] == Fraction(2, 5)


def test_undefined_entities_get_no_rank():
    lb = csv_lb("entity,tn,fp,fn,tp\nA,6,2,1,1\nZ,5,0,5,0\n")
    r = rank_leaderboard(lb, get("ppv").score(), check=False)
    assert [(e.name, e.rank, e.value) for e in r.entries] == [("A", 1, Fraction(1, 3)), ("Z", None, None)]


def test_pi_is_the_common_prior_when_all_entities_share_it():
    assert leaderboard_set(csv_lb("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,7,1,2,0\n")).label == "prior=0.2"
    assert leaderboard_set(csv_lb("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,7,1,1,0\n")).label == "all"


# --- the Tile ----------------------------------------------------------------------------------
def _random_lb(seed: int, k: int = 6):
    rng = np.random.default_rng(seed)
    rows = "".join(f"E{i},{','.join(str(int(x)) for x in rng.integers(0, 9, 4) + (i == 0))}\n" for i in range(k))
    # a pair tied on the whole column a = 1/2 (equal accuracy, fp = fn) and a duplicate (Axiom 1)
    return csv_lb("entity,tn,fp,fn,tp\nT1,4,1,1,2\nT2,2,1,1,4\nT3,8,2,2,4\n" + rows)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_tile_maps_equal_a_naive_per_pixel_computation(seed):
    lb = _random_lb(seed)
    n = 9
    pts = [(Fraction(i, n - 1), Fraction(j, n - 1)) for j in range(n) for i in range(n)]
    for e in range(len(lb)):
        m = tile.rank_map(lb, e, n)
        want = np.array([naive_rank(lb, e, a, b) or 0 for a, b in pts]).reshape(n, n)
        assert (m == want).all(), (e, m, want)
        v = tile.values(lb, n, e)
        exact = np.array([np.nan if R(lb.performances[e], a, b) is None else float(R(lb.performances[e], a, b))
                          for a, b in pts]).reshape(n, n)
        assert np.allclose(v, exact, equal_nan=True)
    w = tile.winner_map(lb, n)
    for (a, b), k in zip(pts, w.ravel()):
        assert naive_rank(lb, int(k), a, b) == 1


def test_correlation_map_is_tau_b_with_exact_ties():
    lb = _random_lb(3)
    X = get("mcc").score()
    x = [X.value_or_none(P) for P in lb.performances]
    keep = [i for i, v in enumerate(x) if v is not None]
    n = 5
    m = tile.correlation_map(lb, x, n)
    for j in range(n):
        for i in range(n):
            a, b = Fraction(i, n - 1), Fraction(j, n - 1)
            r = [R(lb.performances[k], a, b) for k in keep]
            xs = [float(x[k]) for k in keep]
            s = sx = sr = 0
            for p in range(len(keep)):
                for q in range(p + 1, len(keep)):
                    dx = (xs[p] > xs[q]) - (xs[p] < xs[q])
                    dr = (r[p] > r[q]) - (r[p] < r[q])
                    s, sx, sr = s + dx * dr, sx + (dx != 0), sr + (dr != 0)
            assert m[j, i] == pytest.approx(s / np.sqrt(sx * sr))


# --- exact answers over the whole Tile ---------------------------------------------------------
def test_winners_have_exact_witnesses_and_the_others_never_win():
    lb = read_leaderboard(SAMPLE)
    w = winners(lb, timeout=60)
    assert w.verdict is Verdict.PROVED and w.names
    for ans in w.answers:
        e = lb.index(ans.entity)
        if ans.verdict is Verdict.PROVED:
            assert ans.at.exact and naive_rank(lb, e, ans.at.a, ans.at.b) == 1
        else:
            assert ans.verdict is Verdict.REFUTED and ans.certificate
    n = 41  # sanity: on a grid, only the certified winners ever rank first
    grid = {naive_rank_first for naive_rank_first in np.unique(tile.winner_map(lb, n))}
    assert {lb.names[int(k)] for k in grid} <= set(w.names)


def test_rank_ranges_are_attained_and_never_beaten_on_a_grid():
    lb = _random_lb(4, k=4)
    ranges = rank_ranges(lb, timeout=60)
    n = 17
    for e, r in enumerate(ranges):
        assert r.verdict is Verdict.PROVED
        for at, rank in ((r.rank_min_at, r.rank_min), (r.rank_max_at, r.rank_max)):
            assert at.exact and naive_rank(lb, e, at.a, at.b) == rank
        m = tile.rank_map(lb, e, n)
        assert m[m > 0].min() >= r.rank_min and m.max() <= r.rank_max


# --- command line ------------------------------------------------------------------------------
def test_cli_rank_tile_winners(capsys, tmp_path):
    f = str(SAMPLE)
    assert main(["rank", f, "--score", "accuracy", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ordertheory_version"] and out["verdict"] == "proved" and len(out["entities"]) == 10
    assert {"entity", "value", "value_exact", "rank"} <= set(out["entities"][0])
    assert main(["rank", f, "--score", "tp/(tp+fp*fp)", "--no-check"]) == 0
    assert "tp/(tp+fp*fp)" in capsys.readouterr().out
    assert main(["winners", f, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ordertheory_version"] and out["verdict"] == "proved" and out["winners"]
    assert main(["tile", f, "--map", "rank", "--entity", "setr_cityscapes", "--resolution", "21", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ordertheory_version"] and out["summary"]["best_on_grid"] == 1
    pytest.importorskip("matplotlib")
    png = tmp_path / "w.png"
    assert main(["tile", f, "--map", "winner", "--resolution", "21", "--out", str(png)]) == 0
    assert png.stat().st_size > 1000


def test_cli_over_tile_and_bad_input(capsys, tmp_path):
    f = tmp_path / "lb.csv"
    f.write_text("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,5,0,4,1\nC,1,1,1,7\n")
    assert main(["rank", str(f), "--over-tile", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ordertheory_version"] and out["verdict"] == "proved"
    assert {"rank_min", "rank_min_at", "rank_max", "rank_max_at"} <= set(out["entities"][0])
    assert main(["rank", str(f), "--score", "no_such_score"]) == 2
    assert main(["rank", str(tmp_path / "missing.csv"), "--score", "f1"]) == 2
    assert main(["tile", str(f), "--map", "rank"]) == 2
    assert main(["tile", str(f), "--map", "value", "--entity", "nobody"]) == 2
    f.write_text("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,5,oops,4,1\n")
    assert main(["rank", str(f), "--score", "f1"]) == 2
    assert "row 2 (B)" in capsys.readouterr().err


# --- huge numbers (issue 34): exact up to MAX_DIGITS digits, refused in one line beyond, never exit 4 --
HUGE = {
    "json 5000-digit count": ("json", '[{"entity": "A", "tn": ' + "9" * 5000 + ', "fp": 1, "fn": 2, "tp": 3}]'),
    "csv 5000-digit count": ("csv", "entity,tn,fp,fn,tp\nA," + "9" * 5000 + ",1,2,3\n"),
    "csv 1e999999": ("csv", "entity,tn,fp,fn,tp\nA,1e999999,1,2,3\n"),
    "json sum beyond float": ("json", '[{"entity": "A", "tn": 1e308, "fp": 1e308, "fn": 0, "tp": 0}]'),
    "csv fraction of huge parts": ("csv", "entity,tn,fp,fn,tp\nA,1/1" + "0" * 500 + ",0,0,0\n"),
}


@pytest.mark.parametrize("kind,text", HUGE.values(), ids=HUGE.keys())
def test_huge_numbers_are_refused_in_one_line(kind, text, tmp_path, capsys):
    path = tmp_path / f"lb.{kind}"
    path.write_text(text)
    with pytest.raises(InvalidInput) as info:
        read_leaderboard(path)
    assert "\n" not in str(info.value) and "row 1 (A)" in str(info.value)
    for cmd in (["rank", str(path), "--score", "f1"], ["winners", str(path)]):
        assert main(cmd) == 2
    assert "internal error" not in capsys.readouterr().err


def test_counts_up_to_the_bound_are_exact_and_rank(tmp_path, capsys):
    big = 10**399
    path = tmp_path / "lb.json"
    path.write_text(json.dumps([{"entity": "A", "tn": 1, "fp": 1, "fn": 2, "tp": big},
                                {"entity": "B", "tn": 4, "fp": 1, "fn": 2, "tp": 3}]))
    lb = read_leaderboard(path)
    assert lb.performance("A")["tp"] == Fraction(big, big + 4)
    assert main(["rank", str(path), "--score", "tp/fp", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    a = next(e for e in doc["entities"] if e["entity"] == "A")
    assert a["value"] is None and a["value_exact"] == str(big) and a["rank"] == 1  # exact, beyond float
    assert main(["winners", str(path)]) in (0, 3)
    # uncertainty from such counts is refused in one line (there is no float of 10**399), not exit 4
    assert main(["rank", str(path), "--score", "tp/fp", "--uncertainty", "posterior"]) == 2
    assert "expected counts below" in capsys.readouterr().err


def test_a_check_past_its_budget_leaves_the_ranking_standing(monkeypatch):
    # a dense 10-class κ check once took the whole --timeout and the command printed no ranking at all
    import time as _time

    from ordertheory.ranking import rank as rank_module

    monkeypatch.setattr(rank_module, "check_fitness", lambda *a, **k: _time.sleep(600))
    lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nA,5,1,2,4\nB,4,2,1,5\nC,6,0,3,3\n"))
    t0 = _time.monotonic()
    r = rank_leaderboard(lb, get("f1").score(), timeout=2.5)
    assert _time.monotonic() - t0 < 60  # killed at the budget, not slept out (a margin for a busy machine)
    assert [e.name for e in r.entries] == ["B", "A", "C"] and r.fitness.verdict is Verdict.UNKNOWN
    assert all("stopped" in t.reason and "kept for the ranking" in t.reason for t in r.fitness.report.tests.values())


def test_a_file_that_is_not_utf8_is_bad_input(capsys, tmp_path):
    f = tmp_path / "lb.csv"
    f.write_bytes(b"entity,tn\xff,fp,fn,tp\nA,1,2,3,4\n")
    assert main(["rank", str(f), "--score", "f1"]) == 2
    assert capsys.readouterr().err.strip() == f"error: {f}: not UTF-8 text (invalid start byte at byte 9)"
    assert main(["rank", str(f), "--score", "f1", "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["kind"] == "bad_input"
