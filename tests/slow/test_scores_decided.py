"""Solver-heavy checks: Table 1 decided, random ranking scores proved, broken scores refuted."""

import dataclasses
import json
import os
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ordertheory import Importance, binary, check_score, fixed_prior, multiclass, parse_score, ranking_score
from ordertheory.catalogue import get
from ordertheory.encoding import smtlib
from ordertheory.encoding.answer import Status
from ordertheory.engine import witness
from ordertheory.engine.prove import Decider
from ordertheory.engine.replay import DETERMINISTIC, replay_directory
from ordertheory.engine.result import Verdict
from ordertheory.paper.table1 import SETTINGS, run_table1, setting
from ordertheory.theory.axioms import axiom2_violation
from tests.strategies import importances

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


GOLDEN = ROOT / "tests" / "golden" / "table1_cells.json"
TESTS = ("test1", "test2", "test3", "domain_closed", "theorem2_condition")


@pytest.fixture(scope="module")
def table1():
    # one run of Table 1 (tests, importance and τ, as the paper job decides them) serves every test here
    cells = run_table1(timeout=30, jobs=2, progress=False, tau=True, importance=True)
    return {(c.score, c.setting): c for c in cells}


def _recorded(table1) -> dict:
    return {f"{slug}/{name}": {**{t: c.report.tests[t].verdict.value for t in TESTS}, "importance": c.importance.kind.value}
            for (slug, name), c in sorted(table1.items())}


def test_table1_is_the_golden(table1):
    """The oracle: every cell's five verdicts and importance kind as recorded. A flipped verdict (an
    encoding that proves a false cell, a search that misses a witness) fails here, even when every
    cell is decided and every witness re-validates. ORDERTHEORY_UPDATE_GOLDEN=1 records a new one."""
    got = _recorded(table1)
    if os.environ.get("ORDERTHEORY_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
    want = json.loads(GOLDEN.read_text())
    diff = {k: (want.get(k), got.get(k)) for k in sorted(set(want) | set(got)) if want.get(k) != got.get(k)}
    assert not diff, f"Table 1 differs from {GOLDEN.name} (recorded, computed): {diff}; rerun with ORDERTHEORY_UPDATE_GOLDEN=1 if intended"


def test_every_cell_decided(table1):
    assert len(table1) == 81
    for cell in table1.values():
        for t in ("test1", "test2", "test3", "domain_closed"):
            assert cell.report.tests[t].verdict is not Verdict.UNKNOWN, (cell.score, cell.setting, t)


def test_every_witness_revalidates(table1):
    for (slug, name), cell in table1.items():
        X, Pi = get(slug).score(), setting(name)
        for t, r in cell.report.tests.items():
            if r.verdict is not Verdict.REFUTED:
                continue
            w = r.witness
            ok = {
                "test1": lambda: axiom2_violation(X, Pi, w["s"], w["P1"], w["P2"]),
                "test2": lambda: witness.mixture_violation(X, Pi, w["P1"], w["P2"], w["lambda"], 1),
                "test3": lambda: witness.mixture_violation(X, Pi, w["P1"], w["P2"], w["lambda"], -1),
                "domain_closed": lambda: witness.closure_violation(X, Pi, w["P1"], w["P2"], w["lambda"]),
                "theorem2_condition": lambda: witness.theorem2_violation(X, Pi, frozenset(w["event"]), w["P"]),
            }[t]()
            assert ok, (slug, name, t)


def _row(table1, slug):
    return [table1[slug, s].report.tests[t].verdict for s in SETTINGS for t in ("test1", "test2", "test3")]


def test_consistency_derived_from_the_theory(table1):
    # scores that equal a ranking score (A.5.1): every test proved in every setting
    for slug in ("accuracy", "f_beta_0.5", "f_beta_1", "f_beta_2", "npv", "ppv", "tnr", "tpr"):
        assert set(_row(table1, slug)) == {Verdict.PROVED}, slug
    # 1 − R_I orders in reverse: test 1 fails, mixtures stay between the ends
    for slug in ("error_rate", "fdr", "fnr", "for", "fpr"):
        row = _row(table1, slug)
        assert row[0::3] == [Verdict.REFUTED] * 3 and set(row[1::3] + row[2::3]) == {Verdict.PROVED}, slug
    # the class-swap symmetry tn <-> tp, fp <-> fn maps these rows onto each other
    for a, b in (("tpr", "tnr"), ("ppv", "npv"), ("fnr", "fpr"), ("fdr", "for"), ("ptp", "ptn")):
        assert _row(table1, a)[:3] == _row(table1, b)[:3], (a, b)
    # a score constant on Π passes every test: chance agreement at balanced priors
    assert set(_row(table1, "chance_kappa")[6:]) == {Verdict.PROVED}


def test_certificates_are_current_and_replay(table1, tmp_path):
    for (slug, name), cell in table1.items():
        for r in cell.report.tests.values():
            for qid, text in r.certificate:
                smtlib.write(tmp_path, f"table1.{slug}.{name}.{qid}", text)
    fresh = {p.name: p.read_text() for p in tmp_path.glob("*.smt2")}
    committed = {p.name: p.read_text() for p in (ROOT / "proofs" / "table1").glob("*.smt2")}
    assert fresh == committed, "proofs/table1 is stale: regenerate with `ordertheory table1 --smt-dir`"
    # z3's deterministic resource limit, not seconds: the same certificates confirmed at any load
    replays = replay_directory(ROOT / "proofs", timeout=300, solvers=["z3"], jobs=2, limits=DETERMINISTIC)
    assert replays and all(r.answers["z3"] is Status.UNSAT for r in replays), [
        r.path for r in replays if r.answers["z3"] is not Status.UNSAT]


CVC5_SAMPLE = 10  # every 10th certificate (sorted by path) here; all of them in `python -m bench replay`


def test_cvc5_never_disagrees(tmp_path):
    pytest.importorskip("cvc5")
    # resource units per configuration (rlimit-per), CPU seconds as the net for configurations that
    # ignore their limits: coverage no longer depends on load (with 2 s of wall clock per certificate
    # a busy 2-core machine confirmed 417/506, an idle one 455/502 — issue 34). The whole set (494/506
    # measured) takes 3-4 minutes, so the suite replays a fixed sample that spans every folder.
    every = sorted((ROOT / "proofs").rglob("*.smt2"))
    sample = every[::CVC5_SAMPLE]
    assert {p.parent for p in sample} == {p.parent for p in every}, "the sample misses a folder of proofs/"
    for p in sample:
        (tmp_path / p.relative_to(ROOT / "proofs")).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / p.relative_to(ROOT / "proofs")).write_text(p.read_text())
    # 2 CPU seconds per configuration (the settling one needs at most 2): the configurations that run
    # on without accounting cost 2 s each, not 5, on the few certificates cvc5 cannot confirm
    replays = replay_directory(tmp_path, timeout=300, solvers=["cvc5"], jobs=2,
                               limits=dataclasses.replace(DETERMINISTIC, cpu=2.0))
    assert len(replays) == len(sample) and all(r.agreed for r in replays)
    confirmed = sum(r.answers["cvc5"] is Status.UNSAT for r in replays)
    assert confirmed >= 0.9 * len(replays), [r.path for r in replays if r.answers["cvc5"] is not Status.UNSAT]


@pytest.fixture(scope="module")
def decider():
    d = Decider(30)
    yield d
    d.close()


@settings(max_examples=8, deadline=None)
@given(importances(), st.sampled_from(["all", "prior=1/5"]))
def test_random_ranking_scores_are_proved(decider, I, where):
    Pi = setting(where)
    rep = check_score(ranking_score(I), Pi, decider=decider, tests=("test1", "test2", "test3", "domain_closed"))
    assert all(r.verdict is Verdict.PROVED for r in rep.tests.values()), {k: r.reason for k, r in rep.tests.items()}


def test_ranking_score_three_classes(decider):
    om = multiclass(3)
    I = Importance(om, tuple(Fraction(v) for v in (1, 2, 0, 1, 3, 1, 0, 1, 2)))
    rep = check_score(ranking_score(I), decider=decider, tests=("test1", "test2", "test3"))
    assert all(r.verdict is Verdict.PROVED for r in rep.tests.values())


@settings(max_examples=4, deadline=None)
@given(importances(), importances(), st.sampled_from(["product", "geometric"]))
def test_products_of_ranking_scores_are_caught(decider, I1, I2, how):
    om = binary()
    r1 = f"({_ranking_text(I1)})"
    r2 = f"({_ranking_text(I2)})"
    text = f"{r1}*{r2}" if how == "product" else f"sqrt({r1}*{r2})"
    X = parse_score(text, om)
    rep = check_score(X, decider=decider, tests=("test2", "test3"))
    for r in rep.tests.values():
        # an unknown only when the time ran out, and saying so (the decider's budget is wall time: on a
        # busy machine a hard product may use it up — an honest unknown, never a wrong verdict)
        assert r.verdict is not Verdict.UNKNOWN or any(w in (r.reason or "") for w in ("timeout", "no time left")), \
            r.reason
        if r.verdict is Verdict.REFUTED:
            assert r.witness is not None


def test_known_broken_scores_refuted_with_witness(decider):
    for text in ("TPR*TNR", "sqrt(TPR*PPV)", "TPR*PPV"):
        rep = check_score(parse_score(text, binary()), fixed_prior(binary(), "1/5"), decider=decider,
                          tests=("test2", "test3"))
        assert Verdict.REFUTED in {r.verdict for r in rep.tests.values()}, text


def _ranking_text(I: Importance) -> str:
    om = I.space
    num = " + ".join(f"({v})*{o}" for o, v, s in zip(om.outcomes, I.values, om.satisfaction) if s == 1)
    den = " + ".join(f"({v})*{o}" for o, v in zip(om.outcomes, I.values))
    return f"({num or '0'})/({den})"


def test_cli_check_json(capsys):
    from ordertheory.cli import main

    code = main(["check", "sqrt(TPR*TNR)", "--prior", "1/2", "--json", "--timeout", "20"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert out["test2"]["verdict"] == "refuted"
    w = out["test2"]["witness"]
    assert set(w) >= {"P1", "P2", "lambda", "values"} and "/" in w["lambda"]


@pytest.fixture(scope="module")
def tau_table(table1):
    return {key: c.tau for key, c in table1.items()}


def test_tau_table_consistency(tau_table):
    t = tau_table
    for s in SETTINGS:
        # class-swap symmetry: the same orderings, the same τ
        for a, b in (("ppv", "npv"), ("tpr", "tnr"), ("fdr", "for"), ("fnr", "fpr"), ("ptp", "ptn")):
            assert t[a, s].tau_min == pytest.approx(t[b, s].tau_min, abs=1e-9), (a, b, s)
            assert t[a, s].tau_max == pytest.approx(t[b, s].tau_max, abs=1e-9), (a, b, s)
        # 1 − X reverses every ranking: τ negated
        for a, b in (("accuracy", "error_rate"), ("ppv", "fdr"), ("tpr", "fnr")):
            assert t[a, s].tau_min == pytest.approx(-t[b, s].tau_max, abs=1e-9), (a, b, s)
            assert t[a, s].tau_max == pytest.approx(-t[b, s].tau_min, abs=1e-9), (a, b, s)
        for slug in ("accuracy", "f_beta_0.5", "f_beta_1", "f_beta_2", "npv", "ppv", "tnr", "tpr"):
            assert t[slug, s].tau_max == 1.0 and t[slug, s].tau_max_exact
    # scores of (TPR, TNR) alone see the same grid and the same family of orderings at both priors
    for slug in ("tpr", "tnr", "balanced_accuracy", "informedness", "g_mean", "d_prime", "fnr", "fpr"):
        a, b = t[slug, "prior=0.2"], t[slug, "prior=0.5"]
        assert a.tau_min == pytest.approx(b.tau_min, abs=0.01) and a.tau_max == pytest.approx(b.tau_max, abs=0.01), slug
    assert t["chance_kappa", "prior=0.5"].tau_min == 0.0 and t["chance_kappa", "prior=0.5"].tau_max_exact
