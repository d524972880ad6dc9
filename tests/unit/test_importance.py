"""Importance derivation and the paper's printed claims."""

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from ordertheory import Importance, binary, fixed_prior, get_score, multiclass, parse_score, ranking_score
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.importance import R
from ordertheory.analyses.importance.pencil import nullspace
from ordertheory.cli import main
from ordertheory.paper.claims import check_a6_claims, check_properties
from ordertheory.sets.performance_set import fixed_priors
from ordertheory.spaces.sample_space import ordinal, with_satisfaction
from tests.strategies import importances, performances


@pytest.mark.parametrize("slug,expected", [
    ("accuracy", {"tn": 1, "fp": 1, "fn": 1, "tp": 1}),
    ("f_beta_1", {"tn": 0, "fp": Fraction(1, 2), "fn": Fraction(1, 2), "tp": 1}),
    ("f_beta_2", {"tn": 0, "fp": Fraction(1, 5), "fn": Fraction(4, 5), "tp": 1}),
    ("tpr", {"tn": 0, "fp": 0, "fn": 1, "tp": 1}),
    ("jaccard", {"tn": 0, "fp": 1, "fn": 1, "tp": 1}),
])
def test_ranking_scores_derived(slug, expected):
    d = derive_importance(get_score(slug).score(), check_tests=False)
    assert d.kind == "ranking_score" and d.verified
    assert {o: sympy.Rational(str(v)) for o, v in expected.items()} == d.importance


def test_tile_position():
    d = derive_importance(get_score("f_beta_1").score(), check_tests=False)
    assert d.tile == {"a": 1, "b": sympy.Rational(1, 2)}


def test_transforms_and_constant():
    d = derive_importance(get_score("informedness").score(), fixed_prior(binary(), "1/2"), check_tests=False)
    assert d.kind == "monotone_transform" and d.monotone == "increasing"
    assert sympy.simplify(d.transform - (2 * R - 1)) == 0
    d = derive_importance(get_score("nlr").score(), fixed_prior(binary(), "1/5"), check_tests=False)
    assert d.kind == "monotone_transform" and d.monotone == "decreasing"
    d = derive_importance(get_score("chance_kappa").score(), fixed_prior(binary(), "1/2"), check_tests=False)
    assert d.kind == "constant" and d.transform == sympy.Rational(1, 2)


def test_none_with_reasons():
    d = derive_importance(get_score("balanced_accuracy").score(), check_tests=False)
    # no linear-fractional g, but a nonlinear g is not excluded without a refuted test 2/3
    assert d.kind == "unknown" and "zero solution" in d.reason and "monotone transform" in d.reason
    d = derive_importance(get_score("ptn").score(), check_tests=False)  # X = P(tn): a ratio of affine maps
    assert d.kind == "none" and "pencils of level hyperplanes" in d.reason  # z3's unsat: complete
    d = derive_importance(get_score("g_mean").score(), fixed_prior(binary(), "1/5"), timeout=20)
    assert d.kind == "none" and "refuted" in d.reason


def test_a_transform_on_fixed_priors_is_found_not_declared_none():
    """A Π with equalities gives the identity a family of solutions the null space's combinations can
    miss: -1/(1 + R_I) on three classes at priors 1/3 (the differential check's case) was answered 'none'."""
    space = with_satisfaction([["1", "1", "1/4"], ["1", "1", "1/4"], ["1", "3/4", "1"]])
    R = ("(3*y0_p1 + 1/8*y0_p2 + 2*y1_p1 + 3/4*y1_p2 + 3*y2_p0 + 1/2*y2_p2)/"
         "(3*y0_p1 + 1/2*y0_p2 + 2*y1_p1 + 3*y1_p2 + 3*y2_p0 + 1/2*y2_p2)")
    X = parse_score(f"-1/(1 + ({R}))", space)
    d = derive_importance(X, fixed_priors(space, ["1/3"] * 3), check_tests=False)
    assert d.kind == "monotone_transform" and d.verified and d.monotone == "increasing"


def test_k_class():
    d = derive_importance(get_score("multiclass_accuracy").score(multiclass(3)), check_tests=False)
    assert d.kind == "ranking_score" and set(d.importance.values()) == {1}
    Pi = fixed_priors(multiclass(3), ["1/2", "1/4", "1/4"])
    d = derive_importance(get_score("macro_recall").score(multiclass(3)), Pi, check_tests=False)
    assert d.kind == "ranking_score" and d.verified
    assert d.importance["y1_p1"] == 2 * d.importance["y0_p0"]  # weights 1/π of each class


@settings(max_examples=10, deadline=None)
@given(importances())
def test_random_ranking_scores_recover_their_ordering(I):
    X = ranking_score(I)
    d = derive_importance(X, check_tests=False)
    assert d.kind in ("ranking_score", "monotone_transform", "constant")
    if d.kind == "ranking_score":  # the same function, so the same importance up to scale (where it acts)
        J = Importance(X.space, tuple(Fraction(str(v)) for v in d.importance.values()))
        P = X.space
        from ordertheory import Performance

        Q = Performance.from_probabilities(P, ["1/10", "2/10", "3/10", "4/10"])
        if X.in_domain(Q):
            assert ranking_score(J).value(Q) == X.value(Q)


def test_a6_claims_checked():
    res = {c.id: c for c in check_a6_claims()}
    assert len(res) == 15
    for c in res.values():
        assert c.verdict.label in ("proved", "refuted")
        if c.refuted:  # each wrong claim has an exact counterexample and a corrected identity
            assert c.witness and c.corrected
            P = {k: Fraction(v) for k, v in c.witness["P"].items()}
            assert sum(P.values()) == 1 and min(P.values()) >= 0
            assert P["fn"] + P["tp"] == Fraction(c.witness["prior"])
            X = get_score(c.id.split("/")[1]).score()
            from ordertheory import Performance

            assert str(X.value(Performance.from_probabilities(binary(), P))) == c.witness["X(P)"]
            assert c.witness["X(P)"] != c.witness["claimed"]


def test_properties_proved_and_printed_typos_found():
    res = {c.id: c for c in check_properties(sizes=(2, 3))}
    for k, c in res.items():
        if "/printed" in k:
            assert c.refuted and c.corrected, k
        else:
            assert c.verdict.label == "proved", k


def test_cli_importance_json(capsys):
    import json

    assert main(["importance", "2*tp/(2*tp+fp+fn)", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "ranking_score" and out["importance"] == {"tn": "0", "fp": "1/2", "fn": "1/2", "tp": "1"}
    assert out["tile"] == {"a": "1", "b": "1/2"}


@given(performances())
def test_derived_identity_numerically(P):
    """Independent numeric confirmation of a derived identity (informedness at prior 1/2)."""
    from ordertheory import Performance

    neg, pos = P["tn"] + P["fp"], P["fn"] + P["tp"]
    if neg == 0 or pos == 0:
        return
    half = Fraction(1, 2)
    Q = Performance.from_probabilities(binary(), [P["tn"] * half / neg, P["fp"] * half / neg,
                                                 P["fn"] * half / pos, P["tp"] * half / pos])
    X = parse_score("TPR + TNR - 1", binary())
    d = derive_importance(X, fixed_prior(binary(), "1/2"), check_tests=False)
    J = Importance(binary(), tuple(Fraction(str(d.importance[o])) for o in binary().outcomes))
    r = ranking_score(J).value(Q)
    assert X.value(Q) == d.transform.xreplace({R: sympy.Rational(r.numerator, r.denominator)})


def test_notebook_representations():
    from ordertheory import check_score

    d = derive_importance(get_score("f_beta_1").score(), check_tests=False)
    assert "I(\\mathrm{fp}) = \\frac{1}{2}" in d._repr_latex_()
    rep = check_score(parse_score("TPR*TNR", binary()), fixed_prior(binary(), "1/2"), timeout=10, tests=("test2",))
    html = rep._repr_html_()
    assert "<table>" in html and "refuted" in html
    assert "\\frac" in get_score("tpr").score()._repr_latex_()


def test_f_beta_with_symbolic_beta():
    from ordertheory.catalogue import f_beta
    from ordertheory.errors import InvalidInput

    X = f_beta("beta").score()
    beta = X.parameters[0]
    d = derive_importance(X, check_tests=False)
    assert d.kind == "ranking_score" and d.verified
    assert sympy.simplify(d.importance["fn"] - beta**2 / (1 + beta**2)) == 0
    assert sympy.simplify(d.importance["fp"] - 1 / (1 + beta**2)) == 0
    assert X.bind(beta=2).expr == get_score("f_beta_2").score().expr
    with pytest.raises(InvalidInput, match="bind the parameters beta"):
        from ordertheory import check_score

        check_score(X)


@pytest.mark.parametrize("text,prior,g,monotone", [
    ("(tn+tp)**2", None, R**2, "increasing"),
    ("(2*tp/(2*tp+fp+fn))**3", None, R**3, "increasing"),
    ("(tn+tp)**3", "1/2", R**3, "increasing"),
    ("1/(1+(tn+tp)**2)", None, 1 / (1 + R**2), "decreasing"),
    ("sqrt(2*tp/(2*tp+fp+fn))", None, sympy.sqrt(R), "increasing"),
    ("10*(tn+tp)**3/3 - 5*(tn+tp)**2 + 3*(tn+tp)", None, 10 * R**3 / 3 - 5 * R**2 + 3 * R, "increasing"),  # z3: g′ > 0
])
def test_strictly_monotone_transforms(text, prior, g, monotone):
    """Not only linear-fractional g: X = g(R_I) with g found by sympy and its monotonicity proved."""
    X = parse_score(text, binary())
    d = derive_importance(X, fixed_prior(binary(), prior) if prior else None, check_tests=False)
    assert d.kind == "monotone_transform" and d.verified and d.monotone == monotone
    assert sympy.simplify(d.transform - g) == 0
    assert d.domain["status"] == "equal"
    # the identity at an exact interior point, independently of the derivation
    from ordertheory import Performance

    Q = Performance.from_probabilities(binary(), ["1/10", "2/5", "1/10", "2/5"] if prior else ["1/10", "2/10", "3/10", "4/10"])
    J = Importance(binary(), tuple(Fraction(str(d.importance[o])) for o in binary().outcomes))
    r = ranking_score(J).value(Q)
    assert sympy.simplify(X.exact_value(Q) - d.transform.xreplace({R: sympy.Rational(r.numerator, r.denominator)})) == 0


def test_f1_importance_for_a_power_of_f1():
    d = derive_importance(parse_score("(2*tp/(2*tp+fp+fn))**3", binary()), check_tests=False)
    assert d.importance == {"tn": 0, "fp": sympy.Rational(1, 2), "fn": sympy.Rational(1, 2), "tp": 1}


def test_a_non_monotone_g_is_never_reported():
    """g(r) = r³ − r²/2 changes direction on (0, 1): no verdict without a proof."""
    d = derive_importance(parse_score("(tn+tp)**3 - (tn+tp)**2/2", binary()), check_tests=False)
    assert d.kind == "unknown" and d.importance is None


def test_not_monotone_transforms_stay_none():
    """F1² − tp is not quasi-linear: test 2 is refuted, so no importance at all (not a guess)."""
    d = derive_importance(parse_score("(2*tp/(2*tp+fp+fn))**2 - tp", binary()), timeout=20)
    assert d.kind == "none" and "refuted" in d.reason


def test_domain_smaller_than_the_ranking_scores():
    d = derive_importance(parse_score("2*tp/(2*tp+fp+fn) + 0*sqrt(tp-fn)", binary()), check_tests=False)
    assert d.kind == "ranking_score" and d.domain["status"] == "differs"
    P = {o: Fraction(v) for o, v in d.domain["witness"].items()}
    assert P["tp"] < P["fn"] and 2 * P["tp"] + P["fp"] + P["fn"] > 0  # X undefined, R_I defined
    d = derive_importance(get_score("f_beta_1").score(), check_tests=False)
    assert d.domain["status"] == "equal"


def test_cli_importance_domain(capsys):
    import json

    assert main(["importance", "2*tp/(2*tp+fp+fn) + 0*sqrt(tp-fn)"]) == 0
    out = capsys.readouterr().out
    assert "kind: ranking_score on dom(X) ∩ Π only" in out and "-fn + tp >= 0" in out
    assert main(["importance", "(tn+tp)**3", "--prior", "0.5", "--json"]) == 0
    js = json.loads(capsys.readouterr().out)
    assert js["kind"] == "monotone_transform" and js["transform"] == "r**3" and js["monotone"] == "increasing"
    assert js["domain"]["status"] == "equal"


def test_a_refuted_test_spares_the_transform_search_and_changes_nothing(monkeypatch):
    """With the cell's report refuting test 2, no monotone transform is searched for (it cannot
    exist), and the derivation is the one the search would have ended with."""
    from ordertheory.analyses.importance import importance as derivation_module
    from ordertheory.fitness.score_tests import run_tests

    X, Pi = get_score("markedness").score(), fixed_prior(binary(), "1/5")
    rep = run_tests(X, Pi, timeout=30)
    assert rep.tests["test2"].refuted
    searched = derive_importance(X, Pi, timeout=30, bounded=False)  # no report: the search runs, then test 2 is checked
    monkeypatch.setattr(derivation_module, "find_transform", lambda *a, **k: pytest.fail("searched"))
    spared = derive_importance(X, Pi, timeout=30, report=rep, bounded=False)  # in this process: the patch applies
    assert spared.kind == searched.kind == "none" and spared.steps == searched.steps
    with pytest.raises(pytest.fail.Exception):  # without a refutation the search still runs
        derive_importance(get_score("g_mean").score(), Pi, check_tests=False, bounded=False)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 5), st.integers(1, 8), st.data())
def test_rational_nullspace_is_sympys_basis(rows, cols, data):
    """The DomainMatrix null space gives Matrix.nullspace's very vectors (not just the same space):
    the derivation's candidates and printed steps are built from them."""
    vals = st.fractions(min_value=-3, max_value=3, max_denominator=4) | st.just(Fraction(0))
    A = sympy.Matrix(rows, cols, [sympy.Rational(v.numerator, v.denominator)
                                  for v in data.draw(st.lists(vals, min_size=rows * cols, max_size=rows * cols))])
    assert nullspace(A) == A.nullspace(simplify=True)


@pytest.mark.parametrize("space", [ordinal(3), with_satisfaction([[1, "3/4"], ["1/2", 1]])],
                         ids=["ordinal:3", "custom S"])
def test_a_level_without_importance_does_not_hide_a_ranking_score(space):
    # found by the differential checker (issue 34): R_I with I on the levels 1 and 1/2 only was
    # "none" (exit 1) because a third level carried no importance
    X = parse_score("(2*y0_p0 + 1/2*y1_p0)/(2*y0_p0 + y1_p0)", space)
    d = derive_importance(X)
    assert d.kind == "ranking_score" and d.verified
    assert d.importance["y0_p0"] == 1 and d.importance["y1_p0"] == sympy.Rational(1, 2)
    assert all(v == 0 for o, v in d.importance.items() if o not in ("y0_p0", "y1_p0"))
    cube = derive_importance(parse_score("((2*y0_p0 + 1/2*y1_p0)/(2*y0_p0 + y1_p0))**3", space))
    assert cube.kind == "monotone_transform" and cube.monotone == "increasing"
