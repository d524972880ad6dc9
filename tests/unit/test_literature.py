"""The published equivalence claims (issue 31): data that parses, decided by the package — a proof
at a symbolic prior or rate, a refutation with its witness and a corrected statement."""

import json

import pytest

from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.paper.literature import CLAIMS
from ordertheory.paper.literature_check import claim_score, decide_claim, setting_set

BY_ID = {c.id: c for c in CLAIMS}


def test_at_least_twenty_claims_each_with_a_source_that_parses():
    assert len(CLAIMS) >= 20 and len(BY_ID) == len(CLAIMS)
    for c in CLAIMS:
        assert c.source and c.relation in ("same", "reversed", "different", "exists")
        Pi = setting_set(c.setting)
        claim_score(c.X, Pi.space)
        assert bool(c.Y) == (c.relation != "exists"), c.id
        if c.Y:
            claim_score(c.Y, Pi.space)
    assert {c.setting.split("=")[0] for c in CLAIMS} == {"all", "prior", "rate"}


@pytest.mark.slow
def test_a_claim_at_a_symbolic_rate_is_proved_for_every_value():
    r = decide_claim(BY_ID["issue31/markedness_macro_precision"], timeout=90)
    assert r.verdict is Verdict.PROVED and "for every tau in (0, 1)" in r.method


@pytest.mark.slow
def test_a_wrong_claim_is_refuted_with_a_witness_and_corrected():
    r = decide_claim(BY_ID["powers/wracc_informedness"], timeout=120)
    assert r.verdict is Verdict.REFUTED and r.witness is not None
    assert "the claim holds at prior=p" in r.corrected  # and not on all performances


@pytest.mark.slow
def test_compare_at_a_symbolic_prior(capsys):
    assert main(["compare", "informedness", "balanced_accuracy", "--prior", "p", "--json", "--timeout", "90"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["mode"] == "symbolic" and out["kind"] == "same" and out["parameter"] == "p"
    assert main(["compare", "mcc", "informedness", "--prior", "p", "--json", "--timeout", "90"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "different" and out["at"] == {"p": "1/5"} and out["witness"]["kind"] == "discordant"
