"""No silent choice of the positive class (issue 33): ``pos_label``, else 1 for labels 0/1 or −1/1.

Two text labels used to be mapped to (negative, positive) by their sort order, so "dog" was
positive because it sorts after "cat". As in scikit-learn, the API now raises a one-line
InvalidInput asking for ``pos_label=`` and the leaderboard commands ask for ``--pos-label``
(exit 2, the JSON error object under --json); with it, the run is the swapped-label run mirrored
(tn ↔ tp, fp ↔ fn). Numeric 0/1 labels and k-class leaderboards read as before.
"""

from __future__ import annotations

import io
import json

import pytest

from ordertheory import from_labels, from_scores
from ordertheory.cli import main
from ordertheory.errors import InvalidInput
from ordertheory.ranking import read_leaderboard
from ordertheory.ranking.leaderboards.per_sample import from_labels as predictions_from_labels
from ordertheory.ranking.leaderboards.per_sample import read_predictions

Y = ["cat", "dog", "dog", "cat", "cat"]
P = ["cat", "cat", "dog", "dog", "cat"]
CELLS = "entity,true,pred,count\nA,cat,cat,5\nA,cat,dog,1\nA,dog,dog,3\nA,dog,cat,2\nB,cat,cat,4\nB,dog,dog,4\n"


def _mirror(perf):
    d = perf.as_dict()
    return {"tn": d["tp"], "fp": d["fn"], "fn": d["fp"], "tp": d["tn"]}


def test_text_labels_without_pos_label_are_refused_in_one_line():
    for call in (lambda: from_labels(Y, P), lambda: from_scores(Y, [0.1, 0.9, 0.8, 0.3, 0.2]),
                 lambda: predictions_from_labels(Y, {"A": P}), lambda: read_leaderboard(io.StringIO(CELLS)),
                 lambda: from_labels([1, 2], [2, 2])):  # {1, 2}: not scikit-learn's {0, 1} / {-1, 1} either
        with pytest.raises(InvalidInput, match="pos_label") as err:
            call()
        assert "\n" not in str(err.value)


def test_pos_label_is_the_swapped_run_mirrored():
    assert from_labels(Y, P, pos_label="cat").as_dict() == _mirror(from_labels(Y, P, pos_label="dog"))
    a = read_leaderboard(io.StringIO(CELLS), pos_label="cat")
    b = read_leaderboard(io.StringIO(CELLS), pos_label="dog")
    for (n, Pa), (m, Pb) in zip(a.entities, b.entities):
        assert n == m and Pa.as_dict() == _mirror(Pb)
    assert a.provenance.conversion.endswith("positive class cat")
    pa = predictions_from_labels(Y, {"A": P}, pos_label="cat").leaderboard().performance("A")
    pb = predictions_from_labels(Y, {"A": P}, pos_label="dog").leaderboard().performance("A")
    assert pa.as_dict() == _mirror(pb) and pa == from_labels(Y, P, pos_label="cat")
    s = [0.1, 0.9, 0.8, 0.3, 0.2]
    assert from_scores(Y, s, pos_label="dog") == from_scores([int(y == "dog") for y in Y], s)


def test_numeric_01_labels_and_k_classes_are_unchanged():
    assert from_labels([0, 1, 1, 0], [0, 0, 1, 0]).as_dict() == {"tn": 0.5, "fp": 0, "fn": 0.25, "tp": 0.25}
    assert from_labels([False, True], [True, True]) == from_labels([0, 1], [1, 1])
    assert from_labels([-1, 1, 1], [1, 1, -1]) == from_labels([0, 1, 1], [1, 1, 0])
    csv01 = "entity,true,pred,count\nA,0,0,5\nA,0,1,1\nA,1,1,3\nA,1,0,2\n"
    assert read_leaderboard(io.StringIO(csv01)).performance("A")["fp"] * 11 == 1
    pr = read_predictions(io.StringIO("sample,y_true,A\n1,0,0\n2,1,1\n3,1,0\n"))
    assert pr.labels == ("0", "1") and pr.counts().tolist() == [[1.0, 0.0, 1.0, 1.0]]
    three = CELLS + "B,emu,emu,2\n"
    assert read_leaderboard(io.StringIO(three)).space.name == "multiclass:3"
    with pytest.raises(InvalidInput, match="two classes"):
        read_leaderboard(io.StringIO(three), pos_label="cat")
    with pytest.raises(InvalidInput, match="has none"):  # tn, fp, fn, tp: no labels to name
        read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nA,1,2,3,4\n"), pos_label="1")


def test_the_leaderboard_commands_ask_for_pos_label(tmp_path, capsys):
    f = tmp_path / "cells.csv"
    f.write_text(CELLS)
    assert main(["rank", str(f), "--score", "tpr", "--no-check"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--pos-label" in err
    assert main(["rank", str(f), "--score", "tpr", "--no-check", "--json"]) == 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["verdict"] == "error" and doc["error"]["exit_code"] == 2 and "--pos-label" in doc["error"]["message"]
    values = {}
    for pos, score in (("cat", "tpr"), ("dog", "tnr")):
        assert main(["rank", str(f), "--score", score, "--no-check", "--pos-label", pos, "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        values[pos] = json.dumps(doc["ranking"] if "ranking" in doc else doc.get("entities"), sort_keys=True)
    assert values["cat"] == values["dog"]  # the recall of cat is the specificity with dog positive
    pred = tmp_path / "pred.csv"
    pred.write_text("sample,y_true,A,B\n" + "".join(f"{i},{y},{p},{y}\n" for i, (y, p) in enumerate(zip(Y, P))))
    assert main(["compare", "tpr", "tnr", "--leaderboard", str(pred)]) == 2
    assert "--pos-label" in capsys.readouterr().err
    assert main(["compare", "tpr", "tnr", "--leaderboard", str(pred), "--pos-label", "cat"]) in (0, 1, 3)
