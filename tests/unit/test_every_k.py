"""Statements for every number of classes: each lemma's conclusion checked exactly at a few k, and
each lemma's precondition broken to see the general procedure run instead (issue 28)."""

from fractions import Fraction

import numpy as np
import pytest

from ordertheory.catalogue import get
from ordertheory.catalogue.class_forms import form_of
from ordertheory.engine.result import Verdict
from ordertheory.fitness.classes.closed_importance import closed_importance
from ordertheory.fitness.classes.every_k_lemmas import bounds_shape, closure_argument
from ordertheory.fitness.classes.lifts import embedding, violation
from ordertheory.fitness.classes.structured_check import check_classes, structured
from ordertheory.performances.performance import Importance, Performance
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.scores.class_score import ClassForm, ClassSum
from ordertheory.scores.score import ranking_score
from ordertheory.sets.class_pi import ClassPi
from ordertheory.sets.performance_set import all_performances, fixed_priors, with_constraints
from ordertheory.spaces.sample_space import multiclass, ordinal


def _on_priors(k: int, priors, rng) -> Performance:
    """A random exact performance with the given class priors (each row scaled to its prior)."""
    rows = []
    for p in priors:
        c = rng.integers(0, 4, k) + (np.arange(k) == len(rows))
        rows.append([Fraction(int(x), int(c.sum())) * p for x in c])
    return Performance(multiclass(k), tuple(x for r in rows for x in r))


@pytest.mark.parametrize("slug, setting, priors", [
    ("macro_recall", "priors", ["1/2", "1/3", "1/6"]),
    ("multiclass_accuracy", "all", None),
    ("micro_f1", "all", None),
    ("cohen_kappa_k", "uniform", ["1/4"] * 4),
    ("micro_jaccard", "all", None),
])
def test_the_closed_importance_gives_the_score_exactly(slug, setting, priors):
    """X = h(R_I) at k = 3 or 4, on random performances of Π, with I built from the closed form."""
    import sympy

    from ordertheory.fitness.classes.algebra import PI, K

    I = closed_importance(form_of(slug), setting)
    assert I is not None
    k = len(priors) if priors else 3
    rng = np.random.default_rng(2)
    space = multiclass(k)
    ps = [Fraction(p) for p in priors] if priors else [Fraction(1, k)] * k
    imp = Importance(space, tuple(Fraction(str(I.profile.xreplace({PI: sympy.Rational(str(ps[i])), K: k})))
                                  for i in range(k) for _ in range(k)))
    R = ranking_score(imp)
    X = get(slug).score(space)
    for _ in range(8):
        P = _on_priors(k, ps, rng) if priors else Performance.from_counts(space, list(rng.integers(1, 5, k * k)))
        r = R.value(P)
        if I.transform is None:
            assert X.value(P) == r
        else:
            a, b, c, d = (Fraction(str(e.xreplace({K: k}))) for e in I.transform)
            assert X.value(P) == (a * r + b) / (c * r + d)


def test_the_ranking_score_lemma_needs_its_precondition():
    assert closed_importance(form_of("macro_recall"), "all") is None  # priors not fixed: no importance
    assert closed_importance(form_of("cohen_kappa_k"), "priors") is None  # κ only at uniform priors
    assert closed_importance(form_of("macro_f1"), "uniform") is None


@pytest.mark.slow
def test_kappa_at_other_priors_goes_to_the_general_procedure():
    """κ is a ranking score up to h at uniform priors for every k; at priors 1/2, 1/4, 1/4 the lemma
    does not apply and the general procedure decides (z3)."""
    uni = check_classes(form_of("cohen_kappa_k").at(3), ClassPi.uniform(3), timeout=20, tests=("test2",))
    assert uni.tests["test2"].method.startswith("lemma: ranking score for every k")
    other = check_classes(form_of("cohen_kappa_k").at(3), ClassPi.fixed(["1/2", "1/4", "1/4"]), timeout=30,
                          tests=("test2",))
    r = other.tests["test2"]
    assert "for every k" not in r.method and r.verdict is not Verdict.REFUTED  # fit there too, by z3


@pytest.mark.parametrize("slug, kind, m, k", [("macro_f1", "pad", 3, 5), ("frequency_weighted_iou", "pad", 3, 6),
                                               ("cohen_kappa_k", "zero", 3, 5), ("mcc_k", "zero", 3, 4)])
def test_each_embedding_is_the_affine_map_it_states(slug, kind, m, k):
    """X_k(e_k(P)) = slope·X_m(P) + offset exactly, at random performances (and e_k keeps the domain)."""
    e = embedding(form_of(slug), "all", m)
    assert e.kind == kind
    from ordertheory.fitness.classes.algebra import K
    from ordertheory.fitness.classes.lifts import ALPHA

    slope, offset = (Fraction(str(v.xreplace({K: k, ALPHA: Fraction(m, k)}))) for v in (e.slope, e.offset))
    Xm, Xk = form_of(slug).at(m), form_of(slug).at(k)
    rng = np.random.default_rng(4)
    for _ in range(10):
        P = SparsePerformance.from_matrix(rng.integers(0, 3, (m, m)) + np.eye(m, dtype=int))
        a, b = Xm.value_or_none(P), Xk.value_or_none(e.lift(P, ClassPi.all(k)))
        assert (a is None) == (b is None)
        if a is not None:
            assert sympy_equal(b, slope * a + offset)


def sympy_equal(a, b) -> bool:
    import sympy

    return sympy.simplify(sympy.sympify(a) - sympy.sympify(b)) == 0


def test_the_embeddings_need_their_preconditions():
    assert embedding(form_of("macro_f1"), "all", 3).kind == "pad"  # an absent class is 0/0: no zero embedding
    assert embedding(form_of("mcc_k"), "uniform", 3) is None  # two sums under a root: no affine padding
    assert embedding(form_of("cohen_kappa_k"), "priors", 3) is None  # absent classes would break the priors
    assert embedding(form_of("class_weighted_accuracy"), "all", 3) is None


def test_padding_keeps_fixed_priors_and_the_score_up_to_an_increasing_affine_map():
    Pi = ClassPi.fixed(["1/10", "1/5", "1/5", "1/4", "1/4"])
    e = embedding(form_of("frequency_weighted_iou"), "priors", 3)
    small = e.small_pi(Pi)
    assert small.priors == (Fraction(1, 5), Fraction(2, 5), Fraction(2, 5))
    P = SparsePerformance.from_cells(3, [(0, 0, 1), (0, 1, 1), (1, 1, 4), (2, 0, 2), (2, 2, 2)])
    assert small.contains(P) and Pi.contains(e.lift(P, Pi))
    x3, x5 = form_of("frequency_weighted_iou").at(3).value(P), form_of("frequency_weighted_iou").at(5).value(e.lift(P, Pi))
    assert x5 == Fraction(1, 2) * x3 + Fraction(1, 2) and e.phi(5, Pi) == "x/2 + 1/2"  # α = 1/2: α·X₃ + (1 − α)


def test_a_lifted_witness_is_validated_on_the_k_class_score():
    rep = check_classes(form_of("macro_jaccard").at(200), ClassPi.all(200), timeout=30, tests=("test2",))
    r = rep.tests["test2"]
    assert r.verdict is Verdict.REFUTED and "lifted to every k ≥ 3" in r.method
    w = {key: r.witness[key] for key in ("P1", "P2", "lambda")}
    assert w["P1"].k == 200 and violation("test2", form_of("macro_jaccard").at(200), ClassPi.all(200), w)
    assert not violation("test3", form_of("macro_jaccard").at(200), ClassPi.all(200), w)  # the other direction
    assert not violation("test2", form_of("macro_jaccard").at(200), ClassPi.uniform(200), w)  # not in that Π


def test_bounds_and_closure_lemmas_need_their_shapes():
    assert bounds_shape(form_of("macro_f1").at(7)) is not None
    assert bounds_shape(form_of("frequency_weighted_iou").at(7)).weighted
    assert bounds_shape(form_of("cohen_kappa_k").at(7)) is None
    assert closure_argument(form_of("mcc_k").at(7)) is not None
    odd = ClassForm("odd", "a denominator that takes both signs", (ClassSum("D", lambda t: t["tp"] / (t["tp"] - t["fp"])),),
                    lambda s, k: s["D"] / k)
    assert closure_argument(odd.at(4)) is None and closed_importance(odd, "all") is None


def test_the_structured_path_applies_only_to_the_catalogue_formula_on_a_crisp_space():
    sp = multiclass(3)
    X, Pi = structured(get("macro_recall").score(sp), fixed_priors(sp, ["1/2", "1/4", "1/4"]))
    assert X.name == "macro_recall" and Pi.priors == (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4))
    from ordertheory.scores.expression import parse_score

    same = parse_score("(y0_p0/(y0_p0+y0_p1+y0_p2) + y1_p1/(y1_p0+y1_p1+y1_p2) + y2_p2/(y2_p0+y2_p1+y2_p2))/3", sp)
    assert structured(same, all_performances(sp)) is None  # a formula typed by hand: the general procedure
    assert structured(get("macro_recall").score(sp), with_constraints(all_performances(sp), ["y0_p0 >= 1/10"])) is None
    o = ordinal(3)
    assert structured(get("macro_recall").score(o), all_performances(o)) is None  # S is not crisp


@pytest.mark.slow
def test_on_a_non_crisp_space_the_general_procedure_decides():
    from ordertheory.fitness.score_tests import run_tests

    o = ordinal(3)
    rep = run_tests(get("multiclass_accuracy").score(o), all_performances(o), timeout=20, tests=("test1",))
    assert "for every k" not in rep.tests["test1"].method


def test_a_linear_score_is_decided_at_the_dirac_measures():
    """A cost-matrix accuracy is linear: tests 2, 3 hold for every k; test 1 holds iff every confusion
    costs the same (a cheaper one beats a dearer one on the face S = 0), checked against the Diracs."""
    from ordertheory.catalogue.class_forms import cost_matrix_accuracy
    from ordertheory.fitness.classes.cost_matrix import decide, values

    cheap = cost_matrix_accuracy(500, {(0, 1): "1/4"})
    rep = check_classes(cheap, ClassPi.all(500), timeout=20, tests=("test1", "test2"))
    assert rep.tests["test2"].verdict is Verdict.PROVED and rep.tests["test1"].verdict is Verdict.REFUTED
    w = rep.tests["test1"].witness
    assert w["P1"].probability(0, 1) == 1 and cheap.value(w["P1"]) > cheap.value(w["P2"])
    flat = values(cost_matrix_accuracy(500, {}, default="1/2"))
    assert (flat.diagonal, flat.off) == (1, Fraction(1, 2)) and decide(flat)["test1"][0]
    small = cost_matrix_accuracy(3, {(0, 1): "1/4"})  # the same verdict from the general procedure on 3 classes
    from ordertheory.fitness.score_tests import run_tests

    general = run_tests(small.symbolic(), all_performances(multiclass(3)), timeout=20, tests=("test1",))
    assert general.tests["test1"].verdict is Verdict.REFUTED
