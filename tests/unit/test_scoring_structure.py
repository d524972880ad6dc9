"""Scoring scores decided at any number of levels (issue 49): expectations by lemmas for every finite Ω,
order-only scores and the ECE by lifted witnesses, ECE's bins, every name of a score, exact sums."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics

from ordertheory.catalogue.scoring import sample_value
from ordertheory.catalogue.scoring.level_score import LevelScore, sample_name, with_bins
from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.engine.sanity import SanityKind
from ordertheory.engine.witness import Witness
from ordertheory.errors import InvalidInput
from ordertheory.exact_sums import dyadic_sums, fraction_sum
from ordertheory.fitness.check import check_score
from ordertheory.fitness.structure.expectation import check_expectation_lemmas
from ordertheory.ranking.scored_ranking import rank_samples, read_scored
from ordertheory.spaces.sample_space import scored
from tests.sklearn_leaderboards import write_scored

TOL = 1e-12


@pytest.fixture(scope="module")
def binary(tmp_path_factory):
    path = write_scored(tmp_path_factory.mktemp("scored"), "binary")
    rows = np.genfromtxt(path, delimiter=",", names=True, deletechars="")
    lb = read_scored(str(path))
    return path, lb, rows["y_true"].astype(int), {n: rows[f"score:{n}"] for n in lb.names}


def test_the_expectation_lemmas_are_proved_and_not_vacuous():
    for r in check_expectation_lemmas():
        assert r.verdict is Verdict.PROVED and r.certificate, r.id
    rep = check_score("brier", "prior=1/3", space=scored(1000))
    for t in ("test1", "test2", "test3", "domain_closed"):
        assert rep.tests[t].verdict is Verdict.PROVED and rep.tests[t].sanity.kind is SanityKind.MODEL, t
    assert rep.tests["test1"].method.startswith("lemma: expectation-bound")


def test_brier_and_log_loss_are_proved_on_real_predictions_under_every_name(binary):
    path, lb, y, scores = binary
    assert len(lb.levels()) > 10_000  # one level per distinct score: Ω is never written out
    orders = {}
    for name in ("brier", "neg_brier", "-brier", "−brier", "log_loss", "neg_log_loss", "-log_loss"):
        r = rank_samples(lb, name, check=name in ("brier", "log_loss"), timeout=60)
        orders[name] = [e.name for e in r.entries]
        slug = sample_name(name).slug
        ref = {n: (metrics.brier_score_loss if slug == "brier" else metrics.log_loss)(y, scores[n]) for n in lb.names}
        sign = -1 if sample_name(name).negated else 1
        assert all(float(e.value) == pytest.approx(sign * ref[e.name], abs=TOL) for e in r.entries), name
        if r.fitness is not None:
            assert r.fitness.verdict is Verdict.PROVED, name
    assert orders["brier"] == orders["neg_brier"] == orders["-brier"] == orders["−brier"]
    assert orders["log_loss"] == orders["neg_log_loss"] == orders["-log_loss"]


def test_a_formula_that_is_an_expectation_is_decided_by_its_structure():
    """An affine formula on scored:L: f read from its coefficients; decreasing in S somewhere → an exact witness."""
    sp = scored(20)
    good = check_score("-(" + " + ".join(f"{(1 - q) ** 2}*y1_s{i} + {q ** 2}*y0_s{i}" for i, q in enumerate(sp.q)) + ")",
                       space=sp)
    assert good.verdict is Verdict.PROVED and "expectation" in good.tests["test1"].method
    bad = check_score("y1_s10 - y1_s19", space=sp)  # a gain that punishes the best outcome: Axiom 2 fails
    w = bad.tests["test1"].witness
    assert bad.tests["test1"].verdict is Verdict.REFUTED and isinstance(w, Witness)
    X = bad.score
    assert X.exact_value(w["P1"]) > X.exact_value(w["P2"])  # re-validated here, from the formula


def test_ece_equals_an_independent_loop_at_15_and_10_bins(binary, capsys):
    path, lb, y, scores = binary
    for bins in (15, 10):
        edges = np.arange(bins + 1) / bins  # [i/B, (i+1)/B), the last closed: a plain numpy loop
        for n, q in scores.items():
            ref = 0.0
            for i in range(bins):
                m = (q >= edges[i]) & ((q < edges[i + 1]) if i < bins - 1 else (q <= 1))
                ref += m.sum() / len(q) * abs(y[m].mean() - q[m].mean()) if m.any() else 0.0
            got = rank_samples(lb, f"ece@{bins}", check=False).entries
            assert float(next(e.value for e in got if e.name == n)) == pytest.approx(ref, abs=1e-9), (n, bins)
    assert main(["rank", str(path), "--score", "ece", "--bins", "10", "--no-check", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["score"] == "ece@10" and "10 equal-width bins" in out["note"]
    assert main(["rank", str(path), "--score", "ece", "--bins", "15", "--no-check"]) == 0  # the default, said again
    capsys.readouterr()
    assert main(["rank", str(path), "--score", "brier", "--bins", "10"]) == 2  # no ECE: one line
    assert main(["rank", str(path), "--score", "ece", "--space", "scored:10"]) == 2  # refused, never ignored
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and "--space scored:10" in err[1]


def test_names_read_bins_and_negation():
    assert with_bins("neg_expected_calibration_error", 10) == "-ece@10" and with_bins("brier", 7) == "brier"
    with pytest.raises(InvalidInput):
        with_bins("ece@10", 20)
    assert sample_name("−log_loss").negated and sample_name("f1") is None


def test_order_only_scores_are_refuted_by_witnesses_lifted_to_every_level():
    X = LevelScore(sample_name("roc_auc"), scored(5000))
    rep = check_score(X, "prior=1/2", tests=("test2", "test3"), timeout=60)
    for t in ("test2", "test3"):
        r = rep.tests[t]
        assert r.verdict is Verdict.REFUTED and "lifted and re-validated" in r.method, t
        w = r.witness
        x1, x2, xm = (sample_value("roc_auc", w[k].samples()) for k in ("P1", "P2", "M"))  # independently, here
        assert (xm > max(x1, x2)) if t == "test2" else (xm < min(x1, x2))
        assert w["P1"].prior == w["P2"].prior == Fraction(1, 2)
    assert rep.tests["domain_closed"].verdict is Verdict.PROVED


def test_the_importance_of_an_expectation_is_derived_by_structure(capsys):
    assert main(["importance", "brier", "--space", "scored:1000", "--json"]) == 0  # fit for the S′ it encodes
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "none" and out["fit_for"] == "encoded_satisfaction"
    assert "rank 4" in out["reason"] or out["reason"].startswith("the linear system")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 50)), min_size=1, max_size=30))
def test_exact_sums_equal_fractions(pairs):
    v, w = np.array([p for p, _ in pairs]), np.array([c for _, c in pairs])
    for power in (1, 2):
        (num,), K = dyadic_sums(v, w, power=power)
        assert Fraction(num, 1 << K) == sum((Fraction(p) ** power * c for p, c in pairs), Fraction(0))
    assert fraction_sum([c for _, c in pairs], [c + 1 for _, c in pairs]) == sum(
        (Fraction(c, c + 1) for _, c in pairs), Fraction(0))
