"""The prover portfolio (engine/portfolio), its certificates in parts, the deterministic search
stage and the ``catalogue`` command. The nine cells that resisted the plain encoding are checked
through their committed certificates (proofs/catalogue, every part replayed by z3); a live proof
is in tests/slow/test_portfolio_live.py."""

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import sympy

from ordertheory import binary, fixed_prior
from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.encoding import smtlib
from ordertheory.encoding.answer import Status
from ordertheory.engine import portfolio
from ordertheory.engine.prove import RLIMIT_VARIABLE
from ordertheory.engine.replay import DETERMINISTIC, replay_file
from ordertheory.engine.result import Verdict
from ordertheory.engine.search import falsify
from ordertheory.fitness.queries import mixture_query
from ordertheory.fitness.runner import decide_catalogue
from ordertheory.sets.performance_set import all_performances
from ordertheory.sets.settings import Setting

ROOT = Path(__file__).resolve().parents[2]
CERTS = ROOT / "proofs" / "catalogue"
#: the cells z3's plain encoding left unknown (issue 19): (score, setting, test)
NINE = [("fowlkes_mallows", "all", "test2"), ("mean_iou", "all", "test3"), ("mean_iou", "0.2", "test3"),
        ("mean_iou", "0.5", "test3"), ("upm", "all", "test3"), ("upm", "0.2", "test3"), ("upm", "0.5", "test3"),
        ("powers_correlation", "0.2", "test2"), ("powers_correlation", "0.5", "test2")]


def _parts(slug, setting, test):
    return sorted(CERTS.glob(f"{slug}.{setting}.{test}.*.smt2"))


@pytest.mark.parametrize("cell", NINE, ids=["-".join(c) for c in NINE])
def test_nine_cells_have_complete_certificates_in_parts(cell):
    files = _parts(*cell)
    texts = [f.read_text() for f in files]
    assert len(files) >= 3 and all("; expected: unsat" in t for t in texts)
    assert all(t.startswith("; part ") for t in texts)  # a portfolio proof, each part replayable
    assert smtlib.incomplete_groups(texts) == {}
    assert smtlib.incomplete_groups(texts[1:]) != {}  # a part removed: no longer a proof


def test_a_certificate_with_a_part_removed_is_not_accepted(tmp_path):
    files = _parts("mean_iou", "0.5", "test3")
    for f in files:
        if ".range" not in f.name:  # the range part removed; the others replay fast
            (tmp_path / f.name).write_text(f.read_text())
    assert main(["replay", str(tmp_path), "--solvers", "z3", "--query-timeout", "20", "--jobs", "1"]) == 3


def test_every_part_of_the_nine_replays_with_z3():
    deciders = {}  # one solver child for all parts (a child per file costs a z3 import each)
    try:
        for f in (f for c in NINE for f in _parts(*c)):
            assert replay_file(f, ["z3"], timeout=300, deciders=deciders,
                               limits=DETERMINISTIC).answers["z3"] is Status.UNSAT, f.name
    finally:
        for d in deciders.values():
            d.close()


def test_squaring_keeps_the_domain_as_written():
    fm = get("fowlkes_mallows").score()
    y = portfolio.squared(fm)
    assert y.conditions == fm.conditions and not any(not p.exp.is_Integer for p in y.expr.atoms(sympy.Pow))
    assert portfolio.squared(get("accuracy").score()) is None  # no root: nothing to square


def test_portfolio_does_not_prove_a_false_test():
    # MCC's test 2 is refuted at prior 1/2: no member may prove it
    r = portfolio.decide_mixture(get("mcc").score(), fixed_prior(binary(), "1/2"), 1, mixture_query, 3.0,
                                 members=portfolio.MEMBERS[:2])
    assert r.verdict is Verdict.UNKNOWN and not r.certificate


def test_level_parts_name_the_level_function():
    parts = portfolio.level_parts(get("mean_iou").score(), fixed_prior(binary(), "1/2"), -1, mixture_query,
                                  portfolio.DEFAULT)
    assert [p.statement.split()[0] for p in parts] == ["D", "G_c", "concave"]
    assert "expected: unsat" in parts[1].text


def test_structured_stage_covers_every_vertex_pair():
    Pi = all_performances(binary())
    st = falsify.structured(Pi)
    assert len(st.vertices) == 4 and len(st.weights) == 4 + 6 * 3 + 4 + 1
    cands = falsify.structured_mixture_candidates(get("g_mean").score(), st, 1)
    assert cands and cands[0][3] > 0  # G-mean's test 2 fails between structured points already
    assert falsify.structured_mixture_candidates(get("accuracy").score(), st, 1) == []


class _Recording(ThreadPoolExecutor):
    calls = 0

    def submit(self, fn, *args, **kw):
        type(self).calls += 1
        return super().submit(fn, *args, **kw)


def test_catalogue_runs_on_the_executor_passed_in():
    with _Recording(max_workers=1) as ex:
        cells = decide_catalogue(["tpr"], [Setting.parse("0.5")], timeout=20, executor=ex)
    assert _Recording.calls == 1
    assert [c.verdicts for c in cells] == [{"test1": "proved", "test2": "proved", "test3": "proved"}]
    assert cells[0].certificates and all(q.startswith("tpr.prior=0.5.") for q, _ in cells[0].certificates)


def test_catalogue_command_bad_input_is_one_line(capsys):
    assert main(["catalogue", "--settings", "all,", "--scores", "tpr"]) == 2
    assert main(["catalogue", "--scores", "no_such_score"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 2


def test_catalogue_on_k_classes_decides_all_and_uniform_priors(capsys, monkeypatch):
    """multiclass:K takes the settings all and uniform (every class prior 1/K) by name; macro recall
    passes the tests only once the class priors are fixed (test 2 refuted on all). The solvers are
    bounded by resource units, the cells' deadline is a net (30 s left test 2 unknown at load 9)."""
    monkeypatch.setenv(RLIMIT_VARIABLE, "3000000")
    assert main(["catalogue", "--space", "multiclass:3", "--scores", "macro_recall", "--cell-timeout", "300",
                 "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["settings"] == ["all", "uniform"]
    cells = {c["setting"]: c["tests"] for c in out["cells"]}
    assert {t["verdict"] for t in cells["uniform"].values()} == {"proved"}
    assert cells["all"]["test2"]["verdict"] == "refuted"
