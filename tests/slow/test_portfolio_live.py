"""Live portfolio proofs and the full replay of the nine cells' committed certificates (issue 19)."""

import json

import pytest

from ordertheory import binary, check_score, fixed_prior
from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.encoding import smtlib
from ordertheory.engine.result import Verdict
from tests.unit.test_portfolio import NINE, _parts

pytestmark = pytest.mark.slow


def test_a_resisting_cell_is_proved_live_by_the_portfolio():
    rep = check_score(get("mean_iou").score(), fixed_prior(binary(), "1/2"), timeout=60, tests=("test3",))
    r = rep.tests["test3"]
    assert r.verdict is Verdict.PROVED and r.method.startswith("portfolio: level")
    texts = [t for _, t in r.certificate]
    assert smtlib.incomplete_groups(texts) == {} and len(texts) == 3


def test_every_part_of_the_nine_replays_with_z3():
    for cell in NINE:
        for f in _parts(*cell):
            assert smtlib.replay_file(f, ["z3"], timeout=60).answers["z3"] == "unsat", f.name


def test_catalogue_json(capsys):
    assert main(["catalogue", "--scores", "tpr", "--settings", "0.5", "--timeout", "30", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["counts"] == {"0.5": {"proved": 3, "refuted": 0, "unknown": 0}} and out["verdict"] == "proved"
