"""The main job: documents are deterministic, match the golden copies, and follow the statements."""

import json
import os
from pathlib import Path

import pytest

from ordertheory.encoding import smtlib
from ordertheory.engine import executor
from ordertheory.engine.replay import DETERMINISTIC, replay_directory
from ordertheory.reports.paper import run_paper

pytestmark = pytest.mark.slow
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "paper_small"
FILES = ("supplementary.md", "supplementary.tex", "table1.md", "table1.csv", "table1.json", "proofs/certificates.json")
# the Coq kernel's check of proofs/coq/ is tested in tests/coq (here: the files are written, coqc not run)
SMALL = {"table1_scores": ["accuracy", "g_mean"], "generic_spaces": ("binary",), "progress": False, "coq_check": False}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """a: 2 local processes; b: a Dask LocalCluster of 2 workers; each with a cold cache of its own.
    c: jobs=1 again on a's cache (warm), with every solver call and every phase's work made an
    error: the cache covers the whole job."""
    pytest.importorskip("distributed")
    from ordertheory.encoding.isolated import IsolatedSolver

    a, b, c = (tmp_path_factory.mktemp(x) for x in "abc")
    ca, cb = tmp_path_factory.mktemp("cache-a"), tmp_path_factory.mktemp("cache-b")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ORDERTHEORY_CACHE", str(ca))
        sa = run_paper(a, jobs=2, **SMALL)
        mp.setenv("ORDERTHEORY_CACHE", str(cb))
        sb = run_paper(b, jobs=2, scheduler="local", **SMALL)
        mp.setenv("ORDERTHEORY_CACHE", str(ca))

        def no_solver(*args, **kwargs):
            raise AssertionError("a warm run called a solver")

        mp.setattr(IsolatedSolver, "check", no_solver)

        def no_phase(fn, *args):
            raise AssertionError(f"a warm run computed {fn.__qualname__}")

        mp.setattr(executor, "timed", no_phase)
        sc = run_paper(c, jobs=1, **SMALL)
    return a, b, sa, sb, c, sc


def test_byte_identical_whatever_the_executor(runs):
    a, b, sa, sb, c, sc = runs
    for other in (b, c):  # Dask, and a warm run from the cache
        for f in FILES:
            assert (a / f).read_bytes() == (other / f).read_bytes(), f
        assert sorted(p.name for p in (a / "proofs").iterdir()) == sorted(p.name for p in (other / "proofs").iterdir())
    assert sa["unknown"] == 0 and sa["line"] == sb["line"] == sc["line"]
    assert json.loads((b / "timings.json").read_text())["scheduler"] == "local"


def test_a_warm_run_reuses_every_phase(runs):
    # the warm run computed no phase and asked no solver (run under an error on both) and took a fraction
    a, c = runs[0], runs[4]
    ta, tc = (json.loads((d / "timings.json").read_text()) for d in (a, c))
    assert tc["total"] < ta["total"] / 5


def test_golden(runs):
    a = runs[0]
    if os.environ.get("ORDERTHEORY_UPDATE_GOLDEN"):
        for f in FILES:
            (GOLDEN / f).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / f).write_bytes((a / f).read_bytes())
    for f in FILES:
        assert (a / f).read_text() == (GOLDEN / f).read_text(), f"{f} changed: rerun with ORDERTHEORY_UPDATE_GOLDEN=1"


def test_documents_say_what_was_decided(runs):
    a, _, s = runs[:3]
    md = (a / "supplementary.md").read_text()
    assert s["line"] in md
    assert "A.6.2/nlr" in md and "corrected: X = (1 - R)/R" in md  # an erratum with its correction
    assert "case-29" in md and "lemma-12" in md
    assert "\\documentclass" in (a / "supplementary.tex").read_text()
    assert all(ord(c) < 128 for c in (a / "supplementary.tex").read_text())


def test_certificates_replay(runs):
    a = runs[0]
    certs = json.loads((a / "proofs" / "certificates.json").read_text())
    for c in certs:
        assert smtlib.sha256((a / "proofs" / c["file"]).read_text()) == c["sha256"]
    replays = replay_directory(a / "proofs", timeout=300, solvers=["z3"], jobs=2, limits=DETERMINISTIC)
    assert len(replays) == len(certs)
    assert all(r.answers["z3"] == r.expected for r in replays)


def test_a_changed_statement_changes_the_document(tmp_path, monkeypatch):
    import ordertheory.paper.claims as claims
    from ordertheory.reports import paper

    monkeypatch.setattr(claims, "A6_CLAIMS", claims.A6_CLAIMS[:-1] + (
        ("A.6.2", "ptp", ("0", "0", "1", "1"), "2*pi_pos*R"),))  # a wrong printed relation
    monkeypatch.setattr(paper, "phase_lemmas", lambda timeout: [])
    s = run_paper(tmp_path, jobs=1, table1_scores=["accuracy"], generic_spaces=(), progress=False, cache=False)
    md = (tmp_path / "supplementary.md").read_text()
    assert "A.6.2/ptp" in md and "2*pi_pos*R" in md
    golden = (GOLDEN / "supplementary.md").read_text()
    assert md != golden and s["errata"] >= 1


def test_latex_compiles_when_pdflatex_is_available(runs, tmp_path):
    import shutil
    import subprocess

    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex is not installed on this machine")
    src = runs[0] / "supplementary.tex"
    r = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-output-directory",
                        str(tmp_path), str(src)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:]
    assert (tmp_path / "supplementary.pdf").exists()
