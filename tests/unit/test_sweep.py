"""``ordertheory sweep``: one line per (score, space, Π) valid against the documented schema, resumable."""

from __future__ import annotations

import json

import pytest

from ordertheory.cli import main
from ordertheory.cli.schemas import schema
from ordertheory.cli.sweep import expand_spaces, plan, read_done
from ordertheory.errors import InvalidInput

LINE_SCHEMA = schema("sweep_line")


def test_spaces_and_priors_expand_in_a_fixed_order():
    assert expand_spaces("binary,multiclass:3..5") == ["binary", "multiclass:3", "multiclass:4", "multiclass:5"]
    with pytest.raises(InvalidInput):
        expand_spaces("multiclass:5..3")
    p = plan("accuracy,macro_recall", ["binary", "multiclass:3"], "all,0.2,uniform")
    # a number is a binary prior only: macro_recall gets 'all' and 'uniform' on three classes
    assert p == [("accuracy", "binary", "all"), ("accuracy", "binary", "prior=0.2"), ("accuracy", "binary", "uniform"),
                 ("macro_recall", "multiclass:3", "all"), ("macro_recall", "multiclass:3", "uniform")]
    with pytest.raises(InvalidInput):
        plan("accuracy", ["binary"], "1.5")


def test_a_line_cut_by_a_kill_is_dropped(tmp_path):
    path = tmp_path / "sweep.jsonl"
    path.write_text('{"score": "a", "space": "binary", "Pi": "all"}\n{"score": "b", "spa')
    assert list(read_done(path)) == [("a", "binary", "all")]
    assert path.read_text().endswith("}\n")  # appending resumes on a whole line


@pytest.mark.slow
def test_sweep_runs_resumes_and_validates(tmp_path, capsys):
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(LINE_SCHEMA)
    argv = ["sweep", "--scores", "tpr,g_mean", "--spaces", "binary", "--priors", "0.5,uniform",
            "--out", str(tmp_path), "--jobs", "1", "--cell-timeout", "20", "--quiet"]
    code = main(argv)
    lines = [json.loads(x) for x in (tmp_path / "sweep.jsonl").read_text().splitlines()]
    assert code == 0 and len(lines) == 2  # 0.5 and 'uniform' are the same Π on the binary space
    for line in lines:
        jsonschema.validate(line, LINE_SCHEMA)
    by = {(x["score"], x["Pi"]): x for x in lines}
    assert by["tpr", "prior=0.5"]["verdict"] == "proved" and by["tpr", "prior=0.5"]["certificates"]
    g = by["g_mean", "prior=0.5"]
    assert g["verdict"] == "refuted" and g["tests"]["test2"]["witness"]  # the G-mean at a fixed prior
    for c in by["tpr", "prior=0.5"]["certificates"]:
        assert (tmp_path / c["file"]).read_text().startswith(";")
    # resume: nothing left to do; drop one line and only that one runs again
    assert main(argv) == 0 and len((tmp_path / "sweep.jsonl").read_text().splitlines()) == 2
    (tmp_path / "sweep.jsonl").write_text(json.dumps(lines[0]) + "\n")
    capsys.readouterr()
    assert main(argv) == 0
    assert "1 lines written" in capsys.readouterr().out
    again = [json.loads(x) for x in (tmp_path / "sweep.jsonl").read_text().splitlines()]
    assert sorted((x["score"], x["Pi"]) for x in again) == sorted(by)


def test_sweep_schema_and_bad_input(tmp_path, capsys):
    assert main(["sweep", "--schema"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "ordertheory sweep line"
    assert main(["sweep", "--spaces", "ternary", "--out", str(tmp_path)]) == 2
    assert main(["sweep", "--scores", "accuracy"]) == 2  # no --out
