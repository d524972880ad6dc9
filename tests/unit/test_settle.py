"""``check`` answers the question first (issue 33): once test 1, 2 or 3 is refuted, the score is not
fit whatever the others say, and each later test gets ``settle`` seconds — what they do not settle
is UNKNOWN with that reason, never a proof; ``--complete`` (``settle=None``) decides every test."""

import json

from ordertheory.cli import main
from ordertheory.fitness.score_tests import run_tests

LATER = ("test2", "test3", "theorem2_condition", "domain_closed")


def test_after_a_refutation_later_tests_get_only_their_settle_seconds():
    rep = run_tests("tp - fp", timeout=30, settle=0.01)
    assert rep.tests["test1"].verdict.value == "refuted" and rep.verdict.value == "refuted"
    for t in LATER:
        r = rep.tests[t]
        assert r.verdict.value == "unknown" and "test 1 is refuted" in r.reason and "--complete" in r.reason, t


def test_the_settle_seconds_still_decide_easy_tests():
    rep = run_tests("tp - fp", timeout=30, settle=5)  # a linear score: z3 proves tests 2 and 3 in ms
    assert [rep.tests[t].verdict.value for t in ("test1", "test2", "test3")] == ["refuted", "proved", "proved"]


def test_without_settle_every_test_is_decided():
    rep = run_tests("tp - fp", timeout=30)
    assert all(r.verdict.value != "unknown" for r in rep.tests.values())


def test_a_proof_is_never_cut_short_when_nothing_is_refuted():
    rep = run_tests("tpr", timeout=30, settle=0.01)  # nothing refuted: settle never applies
    assert rep.verdict.value == "proved"


def test_check_settles_by_default_and_complete_decides(capsys):
    # Kent & Foster's first coefficient: test 1 refuted by the search at once; test 2 holds but is hard
    # for z3 (it runs to any budget)
    code = main(["check", "kent_foster_1", "--json", "--timeout", "30"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1 and doc["test1"]["verdict"] == "refuted"
    assert doc["test2"]["verdict"] == "unknown" and "test 1 is refuted" in doc["test2"]["reason"]
    assert doc["test2"]["seconds"] < 10  # its settle seconds, not the 30 s budget
    code = main(["check", "kent_foster_1", "--json", "--timeout", "8", "--complete"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1 and "is refuted" not in (doc["test2"]["reason"] or "")


def test_min_and_max_of_pieces_are_decided_by_their_lemmas_on_two_classes():
    # min(TPR, TNR): a min of quasi-concave ratios passes test 3 (before: z3 ran to the budget)
    rep = run_tests("min(TPR, TNR)", timeout=30, settle=2.0)
    assert rep.tests["test2"].verdict.value == "refuted"
    assert rep.tests["test3"].verdict.value == "proved" and "min-of-quasi-concave" in rep.tests["test3"].method
