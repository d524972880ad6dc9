"""Spaces of what a classifier outputs (issue 27): scored:L and selective:K, their catalogue's exact
values, thresholds, performances from per-sample predictions, leaderboards, and bad input."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import sympy

from ordertheory import from_predictions, from_scores
from ordertheory.catalogue import all_entries, as_score, get
from ordertheory.cli import main
from ordertheory.cli.satisfaction import satisfaction_rows
from ordertheory.engine.search.class_points import class_points
from ordertheory.errors import ExpressionError, InvalidInput
from ordertheory.performances.performance import Performance, mixture
from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
from ordertheory.sets.performance_set import all_performances, fixed_prior, fixed_priors, with_constraints
from ordertheory.sets.settings import Setting
from ordertheory.spaces.sample_space import binary, from_name, multiclass, scored, selective

F = Fraction


def P(space, **counts):
    return Performance.from_counts(space, counts)


def test_spaces_and_names():
    sp = from_name("scored:4")
    assert sp.q == (F(1, 8), F(3, 8), F(5, 8), F(7, 8)) and len(sp) == 8
    assert sp.S("y1_s3") == F(7, 8) and sp.S("y0_s3") == F(1, 8)  # the probability given to the truth
    assert from_name("scored:0,1/2,1").q == (0, F(1, 2), 1)
    sel = from_name("selective:3")
    assert sel.outcomes[:4] == ("y0_p0", "y0_p1", "y0_p2", "y0_abstain")
    assert [sel.S(o) for o in ("y0_p0", "y0_p1", "y0_abstain")] == [1, 0, F(1, 2)]
    assert sel.row(2) == ("y2_p0", "y2_p1", "y2_p2", "y2_abstain")
    assert from_name("scored:4") == scored(4) != scored(5)
    for bad in ("scored:1", "scored:1/2,1/4", "scored:0,2", "selective:1", "scored:x"):
        with pytest.raises(InvalidInput):
            from_name(bad)


def test_fixed_priors_and_named_events():
    sp = scored(3)
    Pi = fixed_prior(sp, "1/5")
    assert Pi.label == "prior=0.2" and str(Pi.constraints[0]) == "y1_s0 + y1_s1 + y1_s2 == 1/5"
    assert str(fixed_prior(binary(), "1/5").constraints[0]) == "fn + tp == 1/5"  # unchanged on binary
    sel = selective(2)
    assert fixed_priors(sel, ["1/2", "1/2"]).contains(P(sel, y0_p0=1, y1_abstain=1))
    Pc = with_constraints(all_performances(sel), ["coverage == 4/5"])
    assert Pc.contains(P(sel, y0_p0=3, y0_p1=1, y1_abstain=1)) and not Pc.contains(P(sel, y0_p0=1))
    assert str(as_score("correct / coverage", sel).expr) == str(get("selective_accuracy").score(sel).expr)


def test_the_one_setting_syntax_on_scored_and_selective_spaces(capsys):
    sc, sel2, sel3 = scored(3), selective(2), selective(3)
    assert Setting.parse("prior=1/5").performance_set(sc).constraints == fixed_prior(sc, "1/5").constraints
    assert Setting.parse("uniform").performance_set(sel2).constraints == fixed_prior(sel2, "1/2").constraints
    assert Setting.parse("uniform").performance_set(sel3).label == "uniform"
    assert sel3.row(1) == ("y1_p0", "y1_p1", "y1_p2", "y1_abstain") and sc.row(0) == ("y0_s0", "y0_s1", "y0_s2")
    assert Setting.parse("priors=1/2,1/4,1/4").applies_to(sel3) and not Setting.parse("priors=1/2,1/2").applies_to(sel3)
    assert Setting.parse("prior=1/2").applies_to(sc) and not Setting.parse("prior=1/2").applies_to(sel3)
    assert not Setting.parse("prior=1/2").applies_to(multiclass(2))  # the k × k spaces take priors=
    # the CLI reads --prior and --settings in that syntax: a setting that does not apply is one line, exit 2
    assert main(["check", "coverage", "--space", "selective:3", "--prior", "prior=1/2"]) == 2
    assert main(["catalogue", "--space", "selective:3", "--settings", "all,prior=1/2"]) == 2
    assert capsys.readouterr().err.count("\n") == 2


def test_satisfaction_rows_inline_and_errors(tmp_path):
    sp = satisfaction_rows(selective(2), "1, 0, 3/4; 0, 1, 3/4")
    assert sp.S("y1_abstain") == F(3, 4) and sp.outcomes == selective(2).outcomes
    f = tmp_path / "S.txt"
    f.write_text("# negatives then positives\n1 1 0\n0 1 1\n")
    assert satisfaction_rows(scored(3), str(f)).S("y0_s2") == 0
    with pytest.raises(InvalidInput, match="expected 2 rows of 3"):
        satisfaction_rows(scored(3), "1,0;0,1")
    with pytest.raises(InvalidInput, match="cannot read"):
        satisfaction_rows(scored(3), "missing.txt")


def test_auc_mixture_counterexample_by_hand():
    """The issue's example: both ends have AUC 1, their mixture 3/4; reversed levels: 0, 0 and 1/4."""
    sp = scored(4)
    auc = get("roc_auc").score(sp)
    P1, P2 = P(sp, y0_s0=1, y1_s1=1), P(sp, y0_s2=1, y1_s3=1)
    assert (auc(P1), auc(P2), auc(mixture([P1, P2], ["1/2", "1/2"]))) == (1, 1, F(3, 4))
    Q1, Q2 = P(sp, y1_s0=1, y0_s1=1), P(sp, y1_s2=1, y0_s3=1)
    assert (auc(Q1), auc(Q2), auc(mixture([Q1, Q2], ["1/2", "1/2"]))) == (0, 0, F(1, 4))
    assert auc(P(sp, y0_s1=1, y1_s1=1)) == F(1, 2)  # ties count one half
    assert not auc.in_domain(P(sp, y1_s2=1))  # one class only: π₋π₊ = 0, as written


def test_exact_values_and_domains():
    sp = scored(2)  # q = 1/4, 3/4
    X = P(sp, y0_s0=3, y0_s1=1, y1_s0=1, y1_s1=3)
    assert get("brier").score(sp)(X) == F(1, 16) * F(6, 8) + F(9, 16) * F(2, 8)
    assert get("ece").score(sp)(X) == 0  # each level's positive rate is its q: calibrated
    assert get("average_precision").score(sp)(X) == F(1, 4) * F(1, 2) + F(3, 4) * F(3, 4)
    assert get("max_f1").score(sp)(X) == F(3, 4)
    ap = get("average_precision").score(scored(3))
    assert not ap.in_domain(P(scored(3), y0_s0=1, y1_s1=1))  # the top level empty: a precision 0/0
    ll = get("log_loss").score(sp)(X)
    expected = -(2 * sympy.Rational(3, 8) * sympy.log(sympy.Rational(3, 4)) + 2 * sympy.Rational(1, 8) * sympy.log(sympy.Rational(1, 4)))
    assert sympy.expand_log(ll - expected, force=True) == 0
    with pytest.raises(InvalidInput, match="log loss needs every score level strictly between 0 and 1"):
        get("log_loss").score(scored(levels=[0, F(1, 2), 1]))


def test_thresholds_compose_with_the_confusion_matrix():
    sp = scored(4)
    X = P(sp, y0_s0=5, y0_s1=2, y0_s2=2, y0_s3=1, y1_s0=1, y1_s1=1, y1_s2=3, y1_s3=5)
    crisp = Performance.from_counts(binary(), {"tn": 7, "fp": 3, "fn": 2, "tp": 8})  # positive iff q >= 1/2
    for slug in ("f1", "accuracy", "mcc", "informedness"):
        assert as_score(f"{slug}@1/2", sp)(X) == get(slug).score()(crisp), slug
    assert as_score("expected_cost@0,1;5,0", sp)(X) == F(5 + 5 * 1, 20)  # Bayes threshold 1/6: levels ≥ 1 positive
    assert as_score("net_benefit@1/2", sp)(X) == F(8 - 3, 20)
    with pytest.raises(InvalidInput, match="constant"):
        as_score("f1@0", sp)
    with pytest.raises(InvalidInput, match="not defined"):
        as_score("f1@1/2", selective(2))
    with pytest.raises(InvalidInput, match="2 × 2 cost matrix"):
        as_score("expected_cost@0,1,1;1,0,1", sp)
    with pytest.raises(InvalidInput):
        as_score("roc_auc", binary())


def test_every_new_entry_has_a_source_and_builds_on_its_spaces():
    new = [e for e in all_entries() if e.kind in ("scored", "selective", "decision", "thresholded")]
    assert {e.slug for e in new} >= {"roc_auc", "average_precision", "brier", "log_loss", "ece", "coverage",
                                     "selective_risk", "selective_accuracy", "accuracy_at_coverage",
                                     "net_benefit", "expected_cost", "pr_auc", "max_f1", "max_informedness"}
    for e in new:
        assert e.source
        for sp in (binary(), scored(3), selective(2)):
            if e.accepts(sp):
                X = e.score(sp)
                assert X.value_or_none(Performance.from_counts(sp, list(range(1, len(sp) + 1)))) is not None


def test_from_scores_and_from_predictions():
    P1 = from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    assert get("roc_auc").score(P1.space)(P1) == F(3, 4)
    assert P1.space.q[0] == Fraction(0.1)  # the float's binary value
    P2 = from_scores(["b", "a", "b"], [0.2, 0.2, 0.9], pos_label="a")
    assert P2["y1_s0"] == F(1, 3)
    binned = from_scores([0, 1, 0, 1], [0.1, 0.2, 0.7, 0.9], levels=scored(2))  # nearest of 1/4, 3/4
    assert binned.as_dict() == {"y0_s0": F(1, 4), "y0_s1": F(1, 4), "y1_s0": F(1, 4), "y1_s1": F(1, 4)}
    with pytest.raises(InvalidInput, match=r"scores in \[0, 1\]"):
        from_scores([0, 1], [0.5, 1.5])
    with pytest.raises(InvalidInput, match="two classes"):
        from_scores([0, 1, 2], [0.5, 0.5, 0.5])
    Q = from_predictions([0, 1, 1, 2], [0, -1, 1, 2], abstain=-1)
    assert Q.space.name == "selective:3" and Q["y1_abstain"] == F(1, 4)
    with pytest.raises(InvalidInput, match="labels among"):
        from_predictions([0, 1], [0, 5], labels=[0, 1])


def test_class_points_hold_the_known_counterexample():
    """The seeded search's points include the two-level performances of the AUC example."""
    Pi = fixed_prior(scored(4), "1/2")
    smp = class_points(Pi)
    pts = {smp.performance(i) for i in range(len(smp.weights))}
    assert P(scored(4), y0_s0=1, y1_s1=1) in pts and P(scored(4), y0_s2=1, y1_s3=1) in pts
    assert all(Pi.contains(p) for p in pts) and len(pts) == 16


def test_leaderboards_of_scores_and_abstentions(tmp_path):
    f = tmp_path / "lb.csv"
    f.write_text("entity,y0_s0,y0_s1,y1_s0,y1_s1\nA,3,1,1,3\nB,2,2,1,3\n")
    lb = read_leaderboard(f)
    assert lb.space == scored(2) and lb.common_prior() == (F(1, 2), F(1, 2))
    j = tmp_path / "lb.json"
    j.write_text(json.dumps({"space": "scored:0.2,0.9", "entities": [{"entity": "A", "y0_s0": 1, "y0_s1": 0,
                                                                      "y1_s0": 0, "y1_s1": 1}]}))
    assert read_leaderboard(j).space.q == (F(1, 5), F(9, 10))
    raw = tmp_path / "raw.json"
    raw.write_text(json.dumps({"entities": [{"entity": "A", "y_true": [0, 1, 1], "y_score": [0.2, 0.9, 0.4]},
                                            {"entity": "B", "y_true": [0, 1, 1], "y_score": [0.5, 0.9, 0.2]}]}))
    lb = read_leaderboard(raw)
    assert len(lb.space.q) == 4 and get("roc_auc").score(lb.space)(lb.performance("A")) == 1
    sel = tmp_path / "sel.json"
    sel.write_text(json.dumps([{"entity": "A", "y_true": ["x", "y"], "y_pred": ["x", None]},
                               {"entity": "B", "y_true": ["x", "y"], "y_pred": ["y", "y"]}]))
    lb = read_leaderboard(sel)
    assert lb.space == selective(2) and lb.performance("A")["y1_abstain"] == F(1, 2)
    bad = tmp_path / "bad.csv"
    bad.write_text("entity,y0_s0,y1_s0,y1_s1\nA,1,1,1\n")
    with pytest.raises(InvalidInput, match="missing"):
        read_leaderboard(bad)


def test_cli_bad_input_is_one_line(capsys):
    assert main(["check", "log_loss", "--space", "scored:0,1/2,1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "strictly between 0 and 1" in err
    assert main(["check", "roc_auc", "--space", "selective:2"]) == 2
    assert main(["check", "f1@2", "--space", "scored:4"]) == 2
    assert main(["check", "brier", "--space", "scored:4", "--satisfaction", "1,0;0,1"]) == 2
    with pytest.raises(ExpressionError):
        as_score("y0_s9", scored(4))
