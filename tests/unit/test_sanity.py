"""No vacuous proof (issue 34): every proved obligation carries a sanity model — its assumptions
alone hold at an exact point re-validated without the solver — or says it holds vacuously."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from ordertheory.catalogue import get
from ordertheory.engine.prove import Decider, Obligation, prove
from ordertheory.engine.result import Verdict
from ordertheory.engine.sanity import SanityKind, in_frame
from ordertheory.performances.performance import Performance
from ordertheory.sets.performance_set import all_performances, fixed_prior
from ordertheory.spaces.sample_space import binary

ROOT = Path(__file__).resolve().parents[2]
SHOWN = ("; sanity model (", "; vacuous: ", "; sanity: nothing to show")
PERF = re.compile(r"\b(P\d?) = \(([^)]*)\)")
NAME = {"table1": re.compile(r"^table1\.(.+?)\.(all|prior=0\.2|prior=0\.5)\."),
        "catalogue": re.compile(r"^(.+?)\.(all|0\.2|0\.5)\.")}


def test_every_certificate_in_proofs_records_its_sanity():
    files = sorted((ROOT / "proofs").rglob("*.smt2"))
    assert len(files) > 500
    missing = [f.name for f in files if not any(line.startswith(SHOWN) for line in f.read_text().splitlines())]
    assert not missing, f"certificates without a sanity model: {missing[:5]}"


def _setting(name: str):
    B = binary()
    return all_performances(B) if name == "all" else fixed_prior(B, name.split("=")[-1])


@pytest.mark.parametrize("folder", ["table1", "catalogue"])
def test_the_sanity_models_of_score_certificates_hold_exactly(folder):
    """Read each model back from the certificate and re-check it: performances of Π in dom(X)."""
    checked = 0
    for f in sorted((ROOT / "proofs" / folder).glob("*.smt2")):
        m = NAME[folder].match(f.name)  # table1.<slug>.<setting>.<query> or <slug>.<setting>.<test>.<part>
        slug, setting = m.group(1), m.group(2)
        X, Pi = get(slug).score(), _setting(setting)
        line = next(x for x in f.read_text().splitlines() if x.startswith(SHOWN))
        for _name, body in PERF.findall(line):
            values = dict(kv.split("=") for kv in body.split(", "))
            P = Performance(X.space, tuple(Fraction(values[o]) for o in X.space.outcomes))
            assert in_frame(X, Pi, P), (f.name, body)
            checked += 1
    assert checked > (300 if folder == "table1" else 30)


def test_assumptions_that_cannot_hold_make_a_proof_vacuous_and_say_so():
    ob = Obligation("demo", "x > 5 whenever x > 0 and x < 0",
                    lambda env: ([env.Real("x") > 0, env.Real("x") < 0], env.Real("x") > 5))
    r = prove(ob, 10)
    assert r.verdict is Verdict.PROVED and r.sanity.kind is SanityKind.VACUOUS
    assert r.reason.startswith("vacuous") and "; vacuous: " in r.certificate[0][1]
    ok = prove(Obligation("demo2", "x*x >= 0 for x > 1", lambda env: ([env.Real("x") > 1], env.Real("x") ** 2 >= 0)), 10)
    assert ok.sanity.kind is SanityKind.MODEL and ok.sanity.model["x"] > 1  # z3's model, re-evaluated exactly


def test_a_test_of_a_score_carries_an_exact_point_of_its_frame():
    from ordertheory.fitness.queries import mixture_query

    X, Pi = get("f1").score(), fixed_prior(binary(), "1/3")
    r = Decider(20).decide(mixture_query(X, Pi, 1))
    assert r.verdict is Verdict.PROVED and r.sanity.kind is SanityKind.MODEL
    m = r.sanity.model
    assert m["lambda"] == Fraction(1, 2) and in_frame(X, Pi, m["P1"]) and in_frame(X, Pi, m["P2"])
