"""The Python and CLI surface: one result model, a verdict without truth value, versions, JSON."""

from __future__ import annotations

import json
from fractions import Fraction
from importlib.metadata import version

import numpy as np
import pytest

import ordertheory
from ordertheory import Verdict, check_score, from_confusion_matrix, from_labels, get_score
from ordertheory.cli import main
from ordertheory.engine.witness import Witness, WitnessKind


@pytest.mark.parametrize("v", list(Verdict))
def test_verdict_has_no_truth_value(v):
    with pytest.raises(TypeError):
        bool(v)
    with pytest.raises(TypeError):
        if v:  # noqa: SIM108 - the point is that this raises
            pass


def test_verdict_order_and_text():
    assert Verdict.conjunction([Verdict.PROVED, Verdict.UNKNOWN, Verdict.PROVED]) is Verdict.UNKNOWN
    assert Verdict.conjunction([Verdict.UNKNOWN, Verdict.REFUTED]) is Verdict.REFUTED
    assert Verdict.conjunction([]) is Verdict.PROVED
    assert str(Verdict.UNKNOWN) == "unknown" and f"{Verdict.PROVED}" == "proved"
    assert Verdict.parse(" Refuted ") is Verdict.REFUTED
    assert sorted([Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN]) == [Verdict.REFUTED, Verdict.UNKNOWN,
                                                                       Verdict.PROVED]


def test_version_agrees_with_metadata(capsys):
    assert ordertheory.__version__ == version("ordertheory")
    with pytest.raises(SystemExit):
        from ordertheory.cli import build_parser

        build_parser().parse_args(["--version"])
    assert capsys.readouterr().out.strip() == f"ordertheory {version('ordertheory')}"
    assert main(["--version"]) == 0


def test_check_score_accepts_slug_entry_formula_and_score():
    for what in ("tpr", get_score("tpr"), "tp/(tp+fn)", get_score("tpr").score()):
        rep = check_score(what, timeout=20, tests=("test2", "test3"))
        assert rep.tests["test2"].verdict is Verdict.PROVED
    with pytest.raises(ordertheory.InvalidInput):
        check_score(3.5)


def test_score_is_callable_and_exact():
    f1 = get_score("f1").score()
    P = from_confusion_matrix([[50, 10], [5, 35]])
    assert f1(P) == Fraction(70, 85) == f1.value(P)


def test_confusion_matrix_from_numpy_lists_and_pandas():
    pd = pytest.importorskip("pandas")
    m = [[50, 10], [5, 35]]
    a = from_confusion_matrix(m)
    assert from_confusion_matrix(np.array(m)) == a
    assert from_confusion_matrix(pd.DataFrame(m, index=["n", "p"], columns=["n", "p"]), pos_label="p") == a
    assert from_confusion_matrix(pd.DataFrame(m)) == a  # labels 0, 1: the positive class is 1
    k3 = pd.DataFrame(np.arange(9).reshape(3, 3) + 1)
    assert from_confusion_matrix(k3).space.classes == 3


def test_from_labels_pos_label():
    y, p = ["cat", "dog", "dog", "dog"], ["cat", "cat", "dog", "cat"]
    P = from_labels(y, p, pos_label="cat")  # cat is positive although it sorts first
    assert (P["tp"], P["fp"], P["tn"], P["fn"]) == (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4), 0)
    Q = from_labels(y, p, pos_label="dog")
    assert Q["tp"] == Fraction(1, 4) and Q["fn"] == Fraction(1, 2)
    with pytest.raises(ordertheory.InvalidInput):
        from_labels(["a", "b", "c"], ["a", "b", "c"], pos_label="a")
    with pytest.raises(ordertheory.InvalidInput):
        from_labels(["a", "b"], ["a"], pos_label="a")


def test_witness_is_rendered_with_decimals_the_mixture_and_the_inequality():
    rep = check_score("sqrt(TPR*TNR)", ordertheory.fixed_prior(ordertheory.binary(), "1/2"), timeout=20,
                      tests=("test2",))
    r = rep.tests["test2"]
    assert r.verdict is Verdict.REFUTED and isinstance(r.witness, Witness)
    assert r.witness.kind is WitnessKind.MIXTURE_ABOVE and sorted(r.witness) == ["P1", "P2", "lambda"]
    text = "\n".join(r.witness.lines())
    assert "M = λ·P1 + (1−λ)·P2" in text and "violated: X(M) ≤ max(X(P1), X(P2))" in text
    xm, x1 = r.witness.values["M"], r.witness.values["P1"]
    assert xm > x1  # the values shown are the ones that violate the inequality
    js = r.witness.to_json()
    assert set(js) >= {"P1", "P2", "lambda", "M", "values", "decimals", "violated"}
    assert "REFUTED" in str(rep) and "violated" in str(rep)
    frame = rep.to_frame()
    assert frame.loc["test2", "verdict"] == "refuted" and "violated" in frame.loc["test2", "witness"]


@pytest.mark.parametrize("argv", [
    ["scores", "--json"],
    ["check", "tpr", "--json", "--timeout", "20"],
    ["check", "tpr", "accuracy", "--json", "--timeout", "20"],
    ["importance", "f1", "--json"],
    ["lemmas", "--json"],
    ["cases", "--json"],
    ["preorders", "3", "--json"],
])
def test_every_json_carries_the_version_and_a_verdict(argv, capsys):
    code = main(argv)
    out = json.loads(capsys.readouterr().out)
    assert out["ordertheory_version"] == version("ordertheory")
    assert "verdict" in out
    assert code == 0


def test_check_several_scores_takes_the_worst_exit_code(capsys):
    code = main(["check", "tpr", "sqrt(TPR*TNR)", "--prior", "1/2", "--json", "--timeout", "20"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["verdict"] == "refuted" and out["fit_for_ranking"] is False
    assert [r["score"] for r in out["reports"]] == ["tpr", "sqrt(TPR*TNR)"]
    assert [r["fit_for_ranking"] for r in out["reports"]] == [True, False]


def test_expression_with_a_leading_minus_and_echoed_as_typed(capsys):
    code = main(["check", "-(tp/(tp+fn))", "--timeout", "20"])
    out = capsys.readouterr().out
    assert code == 1  # −TPR ranks backwards: test 1 is refuted
    assert out.splitlines()[0] == "score: -(tp/(tp+fn))"
    # −tp is an expectation: test 1 fails with the written S, and it ranks by the satisfaction it encodes
    # (S = 0 on tp alone), which the answer states: fit for that satisfaction, not for the written one
    assert main(["check", "-tp", "--json", "--timeout", "20"]) == 0
    js = json.loads(capsys.readouterr().out)
    assert js["score"] == "-tp" and js["direction"] == "higher"
    assert js["test1"]["verdict"] == "refuted" and js["fit_for"] == "encoded_satisfaction"
    assert js["satisfaction"]["satisfaction"] == {"tn": "1", "fp": "1", "fn": "1", "tp": "0"}
