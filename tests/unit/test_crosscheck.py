"""The independent falsifier (ordertheory.crosscheck): sound on what is known, strong on what the
engine refutes, and a judge that catches planted wrong verdicts."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ordertheory.catalogue import get
from ordertheory.crosscheck import falsifier, orderings
from ordertheory.crosscheck.generate import Case, cases, ranking_text
from ordertheory.crosscheck.judge import judge, score_of
from ordertheory.crosscheck.points import combine, points, vertices
from ordertheory.performances.performance import Performance
from ordertheory.scores.expression import parse_score
from ordertheory.sets.performance_set import all_performances, fixed_prior, fixed_priors, with_constraints
from ordertheory.spaces.sample_space import binary, multiclass, ordinal, scored, selective, with_satisfaction
from tests.strategies import importances

B = binary()


def P(*v) -> Performance:
    return Performance(B, tuple(Fraction(x) for x in v))


SETS = [
    fixed_prior(B, "1/3"),
    with_constraints(all_performances(B), ["tp + fn >= 1/4", "tp <= 1/2"]),
    fixed_priors(multiclass(3), ["1/2", "1/4", "1/4"]),
    with_constraints(fixed_priors(multiclass(3), ["1/3"] * 3), ["y0_p0 + y1_p1 >= 1/2"]),
    fixed_prior(scored(3), "1/3"),  # issue 27's spaces: score levels, abstentions
    with_constraints(fixed_priors(selective(2), ["1/2", "1/2"]), ["y0_p0 + y1_p1 >= 1/4"]),
]


@pytest.mark.parametrize("Pi", SETS, ids=lambda Pi: Pi.label)
def test_vertices_agree_with_the_objects_own_enumeration(Pi):
    for support in (None, frozenset(o for o in Pi.space.outcomes if Pi.space.S(o) == 1)):
        assert {V.probabilities for V in vertices(Pi, support)} == {V.probabilities for V in Pi.vertices(support)}


@pytest.mark.parametrize("Pi", SETS, ids=lambda Pi: Pi.label)
def test_points_are_distinct_and_in_pi(Pi):
    pts = points(Pi, seed=3, size=30)
    assert len({Q.probabilities for Q in pts}) == len(pts) >= 10
    assert all(Pi.contains(Q) for Q in pts)


def test_combine_is_the_exact_mixture():
    a, b = P(1, 0, 0, 0), P(0, "1/3", "1/3", "1/3")
    assert combine([a, b], [1, 2]) == P("1/3", "2/9", "2/9", "2/9")
    assert combine([a, b], [Fraction(1, 2), Fraction(1, 2)]) == P("1/2", "1/6", "1/6", "1/6")


# --- soundness: no counterexample to what the paper proves -----------------------------------------
@settings(max_examples=15, deadline=None)
@given(importances(), st.sampled_from(["all", "1/3"]), st.integers(0, 5))
def test_no_counterexample_for_a_ranking_score(I, where, seed):
    X = parse_score(ranking_text(B, I.as_dict()), B)
    Pi = all_performances(B) if where == "all" else fixed_prior(B, where)
    found = falsifier.search(X, Pi, seed=seed, size=24)
    assert all(w is None for w in found.values()), found


def test_no_counterexample_for_a_ranking_score_with_a_custom_satisfaction():
    space = with_satisfaction([[1, "3/4", 0], ["1/2", 1, "1/4"], [0, "1/2", 1]])
    X = parse_score("(2*y0_p0 + 3/4*y0_p1 + 1/4*y1_p2 + y2_p2)/(2*y0_p0 + y0_p1 + y1_p2 + y2_p0 + y2_p2)", space)
    assert all(w is None for w in falsifier.search(X, all_performances(space), size=30).values())


# --- strength: it finds what the engine refutes (Table 1's counterexamples) ---------------------------
@pytest.mark.parametrize("slug,where,test", [
    ("g_mean", "1/2", "test2"), ("mcc", "all", "test2"), ("error_rate", "1/5", "test1"),
    ("cohen_kappa", "all", "test1"), ("balanced_accuracy", "all", "test3"), ("informedness", "1/2", "theorem2_condition"),
])
def test_it_refutes_table1s_refuted_cells(slug, where, test):
    X = get(slug).score()
    Pi = all_performances(B) if where == "all" else fixed_prior(B, where)
    w = falsifier.search(X, Pi, (test,))[test]
    assert w is not None and falsifier.validate(X, Pi, test, w.items) is True


def test_it_refutes_a_macro_average_on_three_classes():
    X = get("macro_f1").score(multiclass(3))
    assert falsifier.search(X, all_performances(multiclass(3)), ("test2",))["test2"] is not None


def test_domain_closure_is_refuted_at_the_exact_crossing():
    X = parse_score("1/(tp - fp)", B)
    w = falsifier.search(X, all_performances(B), ("domain_closed",))["domain_closed"]
    M = combine([w.items["P1"], w.items["P2"]], [w.items["lambda"], 1 - w.items["lambda"]])
    assert M["tp"] == M["fp"]


# --- validation of witnesses given from outside ------------------------------------------------------
def test_validate_accepts_a_true_witness_and_rejects_altered_ones():
    X, Pi = get("g_mean").score(), fixed_prior(B, "1/2")
    good = {"P1": P("1/2", 0, "1/2", 0), "P2": P(0, "1/2", 0, "1/2"), "lambda": Fraction(1, 2)}
    assert falsifier.validate(X, Pi, "test2", good) is True
    assert falsifier.validate(X, Pi, "test3", good) is False  # the other direction
    assert falsifier.validate(X, Pi, "test2", {**good, "lambda": Fraction(1)}) is False  # M = P1
    assert falsifier.validate(X, fixed_prior(B, "1/3"), "test2", good) is False  # not in Π


def test_validate_test1_checks_the_supports():
    X = parse_score("1 - tp", B)
    w = {"s": Fraction(1), "P1": P(0, 0, 0, 1), "P2": P(1, 0, 0, 0)}  # X(P1) = 0 < X(P2) = 1: no violation
    assert falsifier.validate(X, all_performances(B), "test1", w) is False
    w = {"s": Fraction(0), "P1": P(0, 1, 0, 0), "P2": P(0, 0, 0, 1)}  # X(P1) = 1 > X(P2) = 0
    assert falsifier.validate(X, all_performances(B), "test1", w) is True
    assert falsifier.validate(X, all_performances(B), "test1", {**w, "P1": P(1, 0, 0, 0)}) is False  # S(P1) = 1 > 0


def test_orderings_same_reversed_and_transforms():
    Pi = all_performances(B)
    R = parse_score("(tp + tn)/(tp + tn + fp + 2*fn)", B)
    cube, flip = parse_score("((tp + tn)/(tp + tn + fp + 2*fn))**3", B), parse_score("1 - (tp + tn)/(tp + tn + fp + 2*fn)", B)
    assert orderings.search_order(R, cube, Pi, 1) is None and orderings.search_order(R, flip, Pi, -1) is None
    assert orderings.search_order(R, flip, Pi, 1) is not None
    I = {"tn": Fraction(1), "fp": Fraction(1), "fn": Fraction(2), "tp": Fraction(1)}
    import sympy
    r = sympy.Symbol("r", real=True)
    assert orderings.search_transform(cube, Pi, I, r**3, 1) is None
    assert orderings.search_transform(cube, Pi, I, r**2, 1) is not None  # the identity fails
    assert orderings.search_transform(flip, Pi, I, None, 1, identity=False) is not None  # not increasing
    assert orderings.search_constant(parse_score("tp - tp + 1/2", B), Pi) is None


# --- the judge --------------------------------------------------------------------------------------
def test_the_judge_catches_planted_wrong_verdicts():
    case = Case("check", "geometric", "binary", ("sqrt(TPR*TNR)",), {}, prior="1/2")
    proved = {"verdict": "proved"} | {t: {"verdict": "proved"} for t in ("test1", "test2", "test3", "domain_closed")}
    j = judge(case, 0, proved)
    assert any("test2: proved, but the falsifier found" in w for w in j.wrong)
    bad = {"P1": {"tn": "1/2", "fp": "0", "fn": "1/2", "tp": "0"}, "P2": {"tn": "1/2", "fp": "0", "fn": "1/2", "tp": "0"},
           "lambda": "1/2"}
    refuted = {**proved, "verdict": "refuted", "test2": {"verdict": "refuted", "witness": bad}}
    j = judge(case, 1, refuted)
    assert "check test2: the witness fails exact re-validation" in j.wrong
    assert judge(case, 0, refuted).wrong[0].startswith("exit 0 for the overall verdict")
    assert judge(case, 4, None).wrong == ["exit 4 (internal error)"]


def test_the_judge_catches_a_wrong_none_from_importance():
    case = Case("importance", "ranking", "ordinal:3", ("(2*y0_p0 + 1/2*y1_p0)/(2*y0_p0 + y1_p0)",),
                {"encodes_importance": True})
    assert judge(case, 1, {"kind": "none"}).wrong == [
        "importance: 'none', but the score encodes an importance by construction"]
    wrong_I = {"kind": "ranking_score", "importance": {o: "1" if o == "y0_p0" else "0" for o in ordinal(3).outcomes},
               "transform": None, "monotone": None}
    assert any("X = g(R_I) fails" in w for w in judge(case, 0, wrong_I).wrong)


@pytest.mark.parametrize("spaces", [None, ("scored:3", "selective:2")], ids=["default", "scored-selective"])
def test_generated_cases_are_deterministic_and_their_truth_holds(spaces):
    kw = {"spaces": spaces} if spaces else {}
    a, b = cases(30, seed=7, **kw), cases(30, seed=7, **kw)
    assert [c.argv() for c in a] == [c.argv() for c in b]
    if spaces:
        assert {c.sample_space().name for c in a} == set(spaces)
    for c in a:
        space, Pi = c.sample_space(), c.performance_set()
        scores = [score_of(f, space) for f in c.formulas]
        if c.command == "check" and c.truth.get("test2"):
            assert falsifier.search(scores[0], Pi, ("test2",), size=16)["test2"] is None, c
        if c.command == "compare" and c.truth.get("reversed"):
            assert orderings.search_order(*scores, Pi, -1, size=16) is None, c


def test_a_command_stopped_at_its_deadline_is_an_unknown_not_a_judge_failure():
    """The stopped object of docs/json.md (verdict, reason, how it stopped): was 'the judge failed: KeyError'."""
    case = Case("compare", "transform_same", "binary", ("tp", "tp**3"), {"same": True})
    stopped = {"ordertheory_version": "0", "verdict": "unknown", "reason": "deadline reached", "stopped": "deadline"}
    j = judge(case, 3, stopped)
    assert not j.wrong and j.unknown == ["compare: deadline reached"]
    assert judge(case, 1, stopped).wrong  # an unknown must exit 3


def test_the_catalogue_family_draws_the_non_binary_catalogue_by_slug_on_its_own_spaces():
    from ordertheory.crosscheck.generate import catalogue_slugs

    slugs = set(catalogue_slugs())
    assert {"roc_auc", "log_loss", "coverage", "accuracy_at_coverage", "net_benefit", "expected_cost"} <= slugs
    cs = cases(40, seed=3, families=("catalogue", "catalogue_pair"))
    assert {c.command for c in cs} == {"check", "compare"}
    for c in cs:
        assert set(c.formulas) <= slugs and len(c.formulas) == (1 if c.command == "check" else 2)
        X = score_of(c.formulas[0], c.sample_space())  # the catalogue's score, on a space it accepts
        assert X.space == c.sample_space()
    with pytest.raises(ValueError, match="unknown families"):
        cases(3, families=("nope",))


def test_the_judge_reads_a_slug_and_revalidates_a_catalogue_refutation():
    case = Case("check", "catalogue", "scored:3", ("average_precision",))
    X, sp = score_of("average_precision", scored(3)), scored(3)
    good = falsifier.search(X, all_performances(sp), ("test1",), size=24)["test1"]
    assert good is not None  # average precision breaks Axiom 2
    doc = {"verdict": "refuted", "test1": {"verdict": "refuted", "witness": {
        "s": str(good.items["s"]), **{k: {o: str(p) for o, p in good.items[k].as_dict().items()} for k in ("P1", "P2")}}}}
    assert judge(case, 1, doc).wrong == []
    # a loss answered as if higher were better is a wrong answer, whatever its tests say
    brier = Case("check", "catalogue", "scored:3", ("brier",))
    assert any("direction" in w for w in judge(brier, 0, {"verdict": "proved", "direction": "higher"}).wrong)
    swapped = {"verdict": "refuted", "test1": {"verdict": "refuted", "witness": {
        **doc["test1"]["witness"], "P1": doc["test1"]["witness"]["P2"], "P2": doc["test1"]["witness"]["P1"]}}}
    assert "check test1: the witness fails exact re-validation" in judge(case, 1, swapped).wrong
