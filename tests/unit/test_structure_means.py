"""Test 1 of GPS-like scores by the harmonic-mean lemma (issue 13): recognition on the formula as
written, the lemma's certificates, and the fallback when a leaf leaves [0, 1]."""

from __future__ import annotations

from pathlib import Path

import pytest

from ordertheory.catalogue import get
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Verdict
from ordertheory.fitness.score_tests import run_tests
from ordertheory.fitness.structure.generic_lemmas import certificate
from ordertheory.fitness.structure.harmonic_means import MEAN_LEMMAS, _harmonic_unit, mean_tree
from ordertheory.fitness.structure.ratios import decide_by_structure
from ordertheory.scores.expression import parse_score
from ordertheory.sets.performance_set import fixed_priors
from ordertheory.spaces.sample_space import binary, multiclass

ROOT = Path(__file__).resolve().parents[2]


def test_harmonic_mean_lemmas_proved_and_certificates_current():
    for ob in MEAN_LEMMAS:
        assert prove(ob, 10).proved, ob.id
        assert (ROOT / "proofs" / "structure" / f"{ob.id}.smt2").read_text() == certificate(ob), ob.id


def test_harmonic_mean_lemma_needs_its_unit_interval():
    """Without pᵢ ≤ 1 the mean exceeds 1: z3 finds the counter-model, so the precondition matters."""
    def weakened(env):
        hyp, claim = _harmonic_unit(3)(env)
        return [h for h in hyp if "<= 1" not in str(h)], claim

    assert prove(Obligation("weak", "without p <= 1", weakened), 10).refuted


@pytest.mark.slow
def test_multiclass_gps_test1_proved_by_the_lemma_on_both_settings():
    space = multiclass(3)
    X = get("multiclass_gps").score(space)
    tree = mean_tree(X)
    assert tree.arity == 3 and all(node.arity == 4 for node in tree.args)
    for Pi in (None, fixed_priors(space, ["1/3"] * 3)):
        r = decide_by_structure(X, Pi, 30)["test1"]
        assert r.verdict is Verdict.PROVED and r.method.startswith("lemma: harmonic-mean-unit")
        ids = [qid for qid, _ in r.certificate]
        assert {"harmonic-mean-unit-3", "harmonic-mean-unit-4", "test1.means.leaves"} <= set(ids)
        leaves = dict(r.certificate)["test1.means.leaves"]
        assert "expected: unsat" in leaves and "(assert" in leaves


@pytest.mark.slow
def test_a_leaf_outside_the_unit_interval_falls_back_and_is_refuted():
    """H(a, b) with b = (tp+fp)/(tp+fn) ≥ 0 unbounded: the tree is recognised, the leaf query fails,
    and the general engine refutes test 1 (H = 4/3 > 1 at tp = fp = 1/2)."""
    X = parse_score("2*(tp/(tp+fn))*((tp+fp)/(tp+fn))/(tp/(tp+fn) + (tp+fp)/(tp+fn))", binary())
    assert mean_tree(X) is not None
    assert "test1" not in (decide_by_structure(X, None, 10) or {})
    r = run_tests(X, timeout=10, tests=("test1",), structure=True)
    assert r.tests["test1"].verdict is Verdict.REFUTED


def test_local_search_refutes_gps_test3_near_the_boundary():
    """Test 3 of the multiclass GPS is false on three classes, at uniform priors too: the vertex-grid
    sampler misses it (X(P1) ≈ X(P2) ≈ 0.01, outcomes at ~10⁻³); the local search's witness is
    re-validated here in exact arithmetic."""
    import time

    from ordertheory.engine.search.optimise import optimise_mixture
    from ordertheory.engine.witness import mixture_violation
    from ordertheory.sets.performance_set import all_performances

    space = multiclass(3)
    X = get("multiclass_gps").score(space)
    for Pi in (all_performances(space), fixed_priors(space, ["1/3"] * 3)):
        w = optimise_mixture(X, Pi, -1, 0, time.perf_counter() + 3)
        assert w is not None and mixture_violation(X, Pi, w["P1"], w["P2"], w["lambda"], -1)
        assert min(X.value(w["P1"]), X.value(w["P2"])) > X.value(mix(w))


def mix(w):
    from ordertheory.performances.performance import Performance

    lam, P1, P2 = w["lambda"], w["P1"], w["P2"]
    return Performance(P1.space, tuple(lam * a + (1 - lam) * b for a, b in zip(P1.probabilities, P2.probabilities)))
