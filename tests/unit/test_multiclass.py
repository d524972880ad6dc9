"""Any finite Ω (issue 13): the k-class catalogue against scikit-learn, the structural lemmas and
their fallback, ordinal and matrix satisfactions end to end, lifted faces, k = 19."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from ordertheory.catalogue import get
from ordertheory.catalogue.multiclass import one_vs_rest
from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.engine.search.faces import class_priors, lifted_sample
from ordertheory.fitness.score_tests import run_tests
from ordertheory.fitness.structure.generic_lemmas import LEMMAS, certificate, check_structure_lemmas
from ordertheory.fitness.structure.ratios import decide_by_structure, shape
from ordertheory.performances.performance import Performance
from ordertheory.scores.expression import parse_score
from ordertheory.sets.performance_set import all_performances, fixed_priors
from ordertheory.spaces.sample_space import binary, multiclass, ordinal, with_satisfaction

skm = pytest.importorskip("sklearn.metrics")
ROOT = Path(__file__).resolve().parents[2]


def _sk(name):
    m = {
        "multiclass_accuracy": skm.accuracy_score,
        "balanced_accuracy_k": skm.balanced_accuracy_score,
        "cohen_kappa_k": skm.cohen_kappa_score,
        "mcc_k": skm.matthews_corrcoef,
    }
    if name in m:
        return m[name]
    fn, avg = {"macro_recall": (skm.recall_score, "macro"), "micro_recall": (skm.recall_score, "micro"),
               "macro_precision": (skm.precision_score, "macro"), "micro_precision": (skm.precision_score, "micro"),
               "macro_f1": (skm.f1_score, "macro"), "micro_f1": (skm.f1_score, "micro"),
               "macro_jaccard": (skm.jaccard_score, "macro"), "micro_jaccard": (skm.jaccard_score, "micro"),
               "frequency_weighted_iou": (skm.jaccard_score, "weighted")}[name]
    return lambda yt, yp: fn(yt, yp, average=avg)


SCORES = ["multiclass_accuracy", "balanced_accuracy_k", "cohen_kappa_k", "mcc_k", "macro_recall", "micro_recall",
          "macro_precision", "micro_precision", "macro_f1", "micro_f1", "macro_jaccard", "micro_jaccard",
          "frequency_weighted_iou"]


@pytest.mark.parametrize("k", [2, 3, 5])
def test_catalogue_agrees_with_sklearn(k):
    rng = np.random.default_rng(k)
    space = multiclass(k)
    scores = {s: get(s).score(space) for s in SCORES}
    for _ in range(3):
        C = rng.integers(1, 20, size=(k, k))
        yt = np.repeat(np.arange(k), C.sum(axis=1))
        yp = np.concatenate([np.repeat(np.arange(k), C[i]) for i in range(k)])
        P = Performance(space, tuple(Fraction(int(c), int(C.sum())) for c in C.ravel()))
        for s, X in scores.items():
            assert float(X.value(P)) == pytest.approx(_sk(s)(yt, yp), abs=1e-12), s
        for c in range(k):
            ovr = one_vs_rest("jaccard", c).score(space).value(P)
            assert float(ovr) == pytest.approx(skm.jaccard_score(yt, yp, average=None)[c], abs=1e-12)


def test_structure_lemmas_proved_and_certificates_current():
    assert all(r.proved for r in check_structure_lemmas(timeout=10))
    for ob in LEMMAS:
        assert (ROOT / "proofs" / "structure" / f"{ob.id}.smt2").read_text() == certificate(ob), ob.id


def test_a_lemma_without_its_precondition_is_refuted():
    """Drop D2 > 0 from ratio-quasi-linear: z3 finds a counter-model, so the precondition matters."""
    from ordertheory.engine.prove import Obligation, prove
    from ordertheory.fitness.structure.generic_lemmas import _quasi_linear

    def weakened(env):
        hyp, claim = _quasi_linear(1)(env)
        return [h for h in hyp if "d2 > 0" not in str(h)], claim

    assert prove(Obligation("weak", "without d2 > 0", weakened), 10).refuted


def test_shape_is_recognised_on_the_formula_as_written():
    omega = binary()
    assert shape(parse_score("probit(tp/(tp+fn))", omega)).direction == 1
    assert shape(parse_score("-log(tp/(tp+fp))", omega)).direction == -1
    assert shape(parse_score("tp*fp/(tp+fn)", omega)).terms[0].W == parse_score("fp", omega).expr  # weighted
    assert shape(parse_score("tp*fp*fn/(tp+fn)", omega)) is None
    assert shape(get("mcc").score()) is None


def test_broken_precondition_falls_back_to_the_general_engine():
    X = parse_score("tp/(tp - fp)", binary())  # a ratio whose denominator changes sign on Π
    assert "test2" not in (decide_by_structure(X, None, 10) or {})
    r = run_tests(X, timeout=10, tests=("test2",), structure=True).tests["test2"]
    assert not r.method.startswith("lemma") and r.refuted
    ok = run_tests(parse_score("tp/(tp + fp)", binary()), timeout=10, tests=("test2",), structure=True).tests["test2"]
    assert ok.verdict is Verdict.PROVED and ok.method.startswith("lemma: ratio-quasi-linear") and ok.certificate


def test_ordinal_and_matrix_satisfactions():
    o = ordinal(5)
    assert o.S("y0_p4") == 0 and o.S("y1_p2") == Fraction(3, 4) and len(o.levels) == 5
    assert with_satisfaction([[1, "1/3"], [0, 1]]).S("y0_p1") == Fraction(1, 3)


def test_ordinal_check_and_importance_end_to_end(capsys):
    es = "y0_p0 + y1_p1 + y2_p2 + (y0_p1 + y1_p0 + y1_p2 + y2_p1)/2"
    assert main(["check", es, "--space", "ordinal:3", "--timeout", "20"]) == 0
    assert main(["importance", es, "--space", "ordinal:3"]) == 0
    assert "kind: ranking_score" in capsys.readouterr().out


def test_matrix_satisfaction_file_end_to_end(tmp_path, capsys):
    f = tmp_path / "S.txt"
    f.write_text("# S(y=i, p=j)\n1, 1/2\n0, 1\n")
    R = "(y0_p0 + y0_p1/2 + 2*y1_p1)/(y0_p0 + y0_p1 + 2*y1_p0 + 2*y1_p1)"  # R_I with I = (1, 1, 2, 2)
    assert main(["check", R, "--satisfaction", str(f), "--timeout", "20"]) == 0
    assert main(["importance", R, "--satisfaction", str(f)]) == 0
    assert "I(y1_p0) = 1, I(y1_p1) = 1" in capsys.readouterr().out
    f.write_text("1 0\n1\n")
    assert main(["check", R, "--satisfaction", str(f)]) == 2


def test_lifted_faces_are_exact_points_of_pi():
    Pi = fixed_priors(multiclass(7), ["1/10"] * 6 + ["2/5"])
    assert class_priors(Pi)[-1] == Fraction(2, 5)
    applies, smp = lifted_sample(Pi, None, 200, 1)
    assert applies and all(Pi.contains(smp.performance(i)) for i in range(0, len(smp.weights), 17))
    low = Pi.space.event_where(lambda s: s <= 0)
    _, off = lifted_sample(Pi, frozenset(low), 100, 1)
    assert all(off.performance(i).probability(low) == 1 for i in range(0, len(off.weights), 13))


@pytest.mark.slow
def test_k19_accuracy_proved_by_the_lemmas():
    X = get("multiclass_accuracy").score(multiclass(19))
    r = decide_by_structure(X, fixed_priors(X.space, ["1/19"] * 19), 60)
    assert all(r[t].verdict is Verdict.PROVED and r[t].method.startswith("lemma") for t in ("test1", "test2", "test3"))
    assert r["test1"].certificate


@pytest.mark.slow
def test_k6_macro_f1_refuted_from_a_lifted_face():
    X = get("macro_f1").score(multiclass(6))  # 36 outcomes: searched on lifted 2- and 3-class faces
    rep = run_tests(X, all_performances(X.space), timeout=20, tests=("test2",))
    assert rep.tests["test2"].refuted


def test_weighted_terms_and_nonnegative_polynomials_are_recognised():
    from ordertheory.fitness.structure.ratios import nonneg_polynomial

    sp = multiclass(3)
    fw = shape(get("frequency_weighted_iou").score(sp))  # Σ_c P(y=c)·IoU_c: weight P(y=c), ratio IoU_c
    assert len(fw.terms) == 3 and fw.terms[0].W == parse_score("y0_p0 + y0_p1 + y0_p2", sp).expr
    assert shape(get("macro_f1").score(sp)).terms[0].W == 1
    K = get("cohen_kappa_k").score(sp)  # 1 − Σ P(y=c)P(ŷ=c) = Σ_{c≠d} P(y=c)P(ŷ=d) once homogenised
    (_, hom), = nonneg_polynomial(K.conditions[0].expr, list(K.symbols))
    assert "-" not in str(hom)
    bad = parse_score("y0_p0/(y0_p0*y1_p1 - 2*y0_p1*y1_p0)", sp)  # a negative coefficient: no lemma
    assert nonneg_polynomial(bad.conditions[0].expr, list(bad.symbols)) is None


@pytest.mark.slow
@pytest.mark.parametrize("slug, test, lemma", [
    ("frequency_weighted_iou", "test1", "weighted-sum-of-bounds"),
    ("cohen_kappa_k", "domain_closed", "nonneg-polynomial-face"),
    ("y0_p0/(y0_p0*y1_p1 - 2*y0_p1*y1_p0)", "domain_closed", None),  # precondition broken: no lemma
])
def test_k3_weighted_iou_and_kappa_closure_by_the_lemmas(slug, test, lemma):
    sp = multiclass(3)
    X = get(slug).score(sp) if lemma else parse_score(slug, sp)
    r = decide_by_structure(X, all_performances(sp), 30) or {}
    if lemma is None:
        assert test not in r
        return
    assert r[test].verdict is Verdict.PROVED and lemma in r[test].method and r[test].certificate


def test_three_class_face_refutes_r_k_test1_on_five_classes():
    # R_K on 5 classes: z3 ran past a 60 s budget on test 1; on the face where classes 3 and 4 are
    # absent it reads as R_K on 3 classes, whose counterexample the search finds at once
    from ordertheory.fitness.searches import search_axiom2, subspace
    from ordertheory.theory.axioms import axiom2_violation

    Pi = all_performances(multiclass(5))
    X = get("mcc_k").score(Pi.space)
    w = search_axiom2(X, Pi, Fraction(0), 0)
    assert w is not None and axiom2_violation(X, Pi, w["s"], w["P1"], w["P2"])  # exact, on 5 classes
    absent = [o for o in Pi.space.outcomes if int(o[1]) >= 3 or int(o[-1]) >= 3]
    assert all(w[P].probabilities[Pi.space.outcomes.index(o)] == 0 for P in ("P1", "P2") for o in absent)
    assert subspace(fixed_priors(multiclass(5), ["1/5"] * 5), None) is None  # priors: no absent class


def test_vertex_stage_refutes_r_k_at_uniform_priors_on_four_classes():
    # the lifted faces keep other classes on their diagonal and missed these; every vertex of Π
    # (each class's mass in one column: 4^4 = 256) holds test 1's and test 2's witnesses
    from ordertheory.engine.search.faces import vertex_sample
    from ordertheory.engine.witness import mixture_violation
    from ordertheory.fitness.searches import search_axiom2, search_mixture
    from ordertheory.theory.axioms import axiom2_violation

    Pi = fixed_priors(multiclass(4), ["1/4"] * 4)
    X = get("mcc_k").score(Pi.space)
    w = search_axiom2(X, Pi, Fraction(0), 0)
    assert w is not None and axiom2_violation(X, Pi, w["s"], w["P1"], w["P2"])
    m = search_mixture(X, Pi, 1, 0)
    assert m is not None and mixture_violation(X, Pi, m["P1"], m["P2"], m["lambda"], 1)
    assert vertex_sample(all_performances(multiclass(4)), None) is None  # all performances: not this stage
