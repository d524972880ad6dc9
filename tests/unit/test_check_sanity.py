"""Every proved test of ``check`` shows its sanity model, in JSON and in the human output (issue 34).

A test proved because its assumptions cannot hold says "vacuous", never "fit for ranking"; a test
proved on assumptions that can hold shows an exact point where they do, which re-validates in exact
arithmetic without any solver (:func:`ordertheory.fitness.assumptions.revalidate`).
"""

from __future__ import annotations

import json
from fractions import Fraction

from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.fitness.assumptions import from_json, revalidate
from ordertheory.scores.expression import parse_score
from ordertheory.sets.performance_set import all_performances, with_constraints
from ordertheory.spaces.sample_space import binary

TESTS = ("test1", "test2", "test3", "theorem2_condition", "domain_closed")


def _check(argv, capsys) -> tuple[int, str]:
    code = main(["check", *argv])
    return code, capsys.readouterr().out


def test_every_proved_test_of_f1_has_a_sanity_model_that_holds_exactly(capsys):
    code, out = _check(["f1", "--json"], capsys)
    doc = json.loads(out)
    X, Pi = get("f1").score(), all_performances(binary())
    assert code == 0 and doc["fit_for_ranking"] is True
    for t in TESTS:
        assert doc[t]["verdict"] == "proved"
        sanity = from_json(X.space, doc[t]["sanity"])
        assert sanity.kind is SanityKind.MODEL, (t, doc[t]["sanity"])
        assert revalidate(X, Pi, t, sanity), (t, doc[t]["sanity"])


def test_a_model_outside_the_domain_does_not_revalidate():
    X, Pi = get("f1").score(), all_performances(binary())
    tn = {"tn": "1", "fp": "0", "fn": "0", "tp": "0"}  # 2tp + fp + fn = 0: outside dom(F1)
    bad = from_json(X.space, {"kind": "model", "model": {"P1": tn, "P2": tn, "lambda": "1/2"}, "how": ""})
    assert not revalidate(X, Pi, "test2", bad)
    wrong_face = from_json(X.space, {"kind": "model", "how": "", "model": {
        "s": "0", "P1": {"tn": "0", "fp": "0", "fn": "0", "tp": "1"}, "P2": {"tn": "0", "fp": "0", "fn": "0", "tp": "1"}}})
    assert not revalidate(X, Pi, "test1", wrong_face)  # P1 must have S ≤ 0: tp has S = 1
    assert not revalidate(X, Pi, "test2", Sanity(SanityKind.VACUOUS, {}, "no model"))
    assert not revalidate(X, Pi, "test2", Sanity(SanityKind.MODEL, {"P1": None, "lambda": Fraction(2)}, ""))


def test_human_output_shows_the_model_under_each_proved_test(capsys):
    code, out = _check(["tp/(tp+fn)", "--prior", "1/2"], capsys)
    assert code == 0
    assert out.count("      assumptions satisfiable at ") == len(TESTS)
    assert "assumptions satisfiable at P1 = P2 = (" in out and "λ = 1/2" in out


def test_a_vacuous_case_reports_vacuous_never_fit_for_ranking(capsys):
    argv = ["--constraint", "tp+fn==0", "--", "tp/(tp+fn)"]
    code, out = _check(["--json", *argv], capsys)
    doc = json.loads(out)
    assert code == 2 and doc["vacuous"] is True and doc["fit_for_ranking"] is None and doc["verdict"] == "vacuous"
    assert all(doc[t]["sanity"]["kind"] == "vacuous" for t in TESTS)
    code, out = _check(argv, capsys)
    assert code == 2 and "fit for ranking on Π (" not in out
    assert out.count("      vacuous: ") == len(TESTS) and "=> vacuous on Π" in out


def test_a_refuted_or_unknown_test_has_a_null_sanity(capsys):
    code, out = _check(["sqrt(TPR*TNR)", "--prior", "1/2", "--json"], capsys)
    doc = json.loads(out)
    assert code == 1 and doc["test2"]["verdict"] == "refuted" and doc["test2"]["sanity"] is None
    X = parse_score("tp/(tp+fn)", binary())
    Pi = with_constraints(all_performances(binary()), ["tp+fn==0"])
    assert not revalidate(X, Pi, "test1", Sanity(SanityKind.MODEL, {}, ""))
