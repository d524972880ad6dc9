"""Sparse leaderboards (entity,true,pred,count): every shape read alike, errors named (issue 28)."""

import io
import json
from fractions import Fraction

import pytest

from ordertheory.errors import InvalidInput
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
from ordertheory.spaces.sample_space import multiclass

ROWS = [("A", "cat", "cat", 3), ("A", "dog", "dog", 2), ("A", "dog", "emu", 1), ("B", "cat", "dog", 1),
        ("B", "emu", "emu", 5)]
CSV = "entity,true,pred,count\n" + "".join(f"{e},{t},{p},{c}\n" for e, t, p, c in ROWS)


def _check(lb):
    assert lb.names == ("A", "B") and lb.space == multiclass(3)
    A = lb.performance("A")
    assert A["y0_p0"] == Fraction(1, 2) and A["y1_p2"] == Fraction(1, 6) and A["y2_p2"] == 0
    assert "3 classes (cat, dog, emu)" in lb.provenance.conversion


def test_csv_tsv_json_and_dataframes_are_read_alike(tmp_path):
    _check(read_leaderboard(io.StringIO(CSV)))
    tsv = tmp_path / "lb.tsv"
    tsv.write_text(CSV.replace(",", "\t"))
    _check(read_leaderboard(tsv))
    flat = tmp_path / "flat.json"
    flat.write_text(json.dumps([dict(zip(("entity", "true", "pred", "count"), r)) for r in ROWS]))
    _check(read_leaderboard(flat))
    compact = tmp_path / "compact.json"
    compact.write_text(json.dumps([{"entity": e, "cells": [list(r[1:]) for r in ROWS if r[0] == e]} for e in "AB"]))
    _check(read_leaderboard(compact))
    pd = pytest.importorskip("pandas")
    _check(read_leaderboard(pd.DataFrame(ROWS, columns=["entity", "true", "pred", "count"])))


def test_two_classes_are_the_binary_space_and_integer_labels_sort_numerically():
    lb = read_leaderboard(io.StringIO("entity,true,pred,count\nA,10,10,1\nA,2,10,3\n"), pos_label="10")
    assert lb.space.name == "binary" and lb.performance("A")["fp"] == Fraction(3, 4)  # 2 < 10: class 0 is 2
    lb = read_leaderboard(io.StringIO("entity,true,pred,count\nA,10,10,1\nA,2,10,3\nA,9,9,1\n"))
    assert [str(x) for x in lb.provenance.conversion.split("(")[-1].rstrip(")").split(", ")] == ["2", "9", "10"]


def test_the_space_fixes_the_classes_and_keeps_absent_ones():
    lb = read_leaderboard(io.StringIO("entity,true,pred,count\nA,0,0,2\nA,4,1,2\n"), space=multiclass(50))
    (P,) = lb.performances
    assert isinstance(P, SparsePerformance) and P.k == 50 and P.probability(4, 1) == Fraction(1, 2)
    with pytest.raises(InvalidInput, match="integers 0..2"):
        read_leaderboard(io.StringIO(CSV), space=multiclass(3))
    dense = io.StringIO("entity,tn,fp,fn,tp\nA,1,2,3,4\n")
    with pytest.raises(InvalidInput, match="has 2 classes but the space given is multiclass:4"):
        read_leaderboard(dense, space=multiclass(4))


@pytest.mark.parametrize("text, message", [
    ("entity,true,pred,count\nA,0,0,1\nA,0,0,2\n", "row 2 \\(A\\): the cell true=0, pred=0 is given twice"),
    ("entity,true,pred,count\nA,0,0,-1\nA,1,1,1\n", "non-negative"),
    ("entity,true,pred,count\nA,0,0,0\nA,1,1,0\n", "every value is 0"),
    ("entity,true,pred,count\nA,0,0,0.5\nA,1,1,0.4\n", "probabilities sum to 0.9"),
    ("entity,true,pred,count\nA,0,0,x\nA,1,1,1\n", "expected a finite number"),
    ("entity,true,pred,count\nA,0,cat,1\nA,1,1,1\n", "all integers or all names"),
    ("entity,true,pred,count\nA,0,0,1\n", "at least 2 classes"),
    ("true,pred,count\n0,0,1\n1,1,1\n", "entity column"),
    ("entity,true,pred,count\nA,0,0,1,9\n", "row 1 has 5 fields"),
])
def test_bad_sparse_input_is_one_clear_line(text, message):
    with pytest.raises(InvalidInput, match=message):
        read_leaderboard(io.StringIO(text))


def test_a_large_confusion_matrix_keeps_only_its_non_zero_cells(tmp_path):
    k = 40
    m = [[0] * k for _ in range(k)]
    m[3][3], m[5][7] = 4, 1
    path = tmp_path / "cm.json"
    path.write_text(json.dumps([{"entity": "A", "confusion_matrix": m}]))
    (P,) = read_leaderboard(path).performances
    assert isinstance(P, SparsePerformance) and P.nnz == 2 and P.probability(5, 7) == Fraction(1, 5)


def test_cells_keep_their_counts_for_uncertainty():
    # 30, 20, 10: a common factor the exact performance drops (1/2, 1/3, 1/6), the test set keeps
    lb = read_leaderboard(io.StringIO("entity,true,pred,count\nA,cat,cat,30\nA,dog,dog,20\nA,dog,emu,10\n"
                                      "B,cat,dog,1\nB,emu,emu,5\n"))
    assert lb.counts == ((30, 0, 0, 0, 20, 10, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0, 0, 5))
    for (_, P), row in zip(lb.entities, lb.counts):  # counts / total is the performance, cell by cell
        assert tuple(Fraction(c, sum(row)) for c in row) == P.probabilities


def test_two_class_cells_swapped_by_pos_label_swap_their_counts_too():
    text = "entity,true,pred,count\nA,yes,yes,7\nA,yes,no,1\nA,no,no,4\nA,no,yes,2\n"
    lb = read_leaderboard(io.StringIO(text), pos_label="yes")
    assert lb.counts == ((4, 2, 1, 7),)  # tn, fp, fn, tp with "yes" positive
    assert lb.performances[0].probabilities == tuple(Fraction(c, 14) for c in (4, 2, 1, 7))


def test_uncertainty_on_cells_runs_and_beyond_dense_classes_says_why(tmp_path, capsys):
    from ordertheory.cli import main
    from ordertheory.ranking.leaderboards.counts import leaderboard_counts

    cells = tmp_path / "cells.csv"
    cells.write_text("entity,true,pred,count\nA,0,0,50\nA,0,1,5\nA,1,1,40\nA,2,2,30\nB,0,0,45\nB,1,1,42\n"
                     "B,1,0,3\nB,2,2,31\n")
    assert main(["rank", str(cells), "--score", "multiclass_accuracy", "--uncertainty", "bootstrap", "--draws", "200",
                 "--json", "--no-check"]) == 0
    assert json.loads(capsys.readouterr().out)["uncertainty"]["counts"] == "counts as given"
    big = "entity,true,pred,count\n" + "".join(f"A,{i},{i},3\n" for i in range(25))
    with pytest.raises(InvalidInput, match="up to 20 classes; this leaderboard has 25"):
        leaderboard_counts(read_leaderboard(io.StringIO(big)))
