"""A live portfolio proof of a cell the plain encoding leaves open, and the catalogue command's JSON (issue 19)."""

import json

import pytest

from ordertheory import binary, fixed_prior
from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.encoding import smtlib
from ordertheory.engine.portfolio import decide_mixture
from ordertheory.engine.result import Verdict
from ordertheory.fitness.queries import mixture_query

pytestmark = pytest.mark.slow


def test_a_resisting_cell_is_proved_live_by_the_portfolio():
    # the cell check_score hands to the portfolio once the plain encoding has timed out
    r = decide_mixture(get("mean_iou").score(), fixed_prior(binary(), "1/2"), -1, mixture_query, 30.0)
    assert r.verdict is Verdict.PROVED and r.method.startswith("portfolio: level")
    texts = [t for _, t in r.certificate]
    assert smtlib.incomplete_groups(texts) == {} and len(texts) == 3


def test_catalogue_json(capsys):
    assert main(["catalogue", "--scores", "tpr", "--settings", "0.5", "--timeout", "30", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["counts"] == {"prior=0.5": {"proved": 3, "refuted": 0, "unknown": 0, "not_asked": 0}}
    assert out["verdict"] == "proved" and out["cells"][0]["category"] == "ranking score"
    assert out["classes"]["fit where asked (all performances not asked)"] == 1  # only prior 1/2 was asked
    assert out["cells"][0]["tile"] == {"a": "1", "b": "1"}
