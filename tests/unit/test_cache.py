"""The result cache: atomic entries, corruption detected, proofs only with their certificate,
unknowns retried with a larger budget, a killed run leaves whole entries, a warm check asks no solver."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from ordertheory.encoding.answer import Answer, Model, Status
from ordertheory.engine import cache

TEXT = "; obligation demo\n(declare-fun x () Real)\n(assert (< (* x x) 0.0))\n(check-sat)\n"


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("ORDERTHEORY_CACHE", str(tmp_path))
    monkeypatch.delenv("ORDERTHEORY_NO_CACHE", raising=False)
    return cache.current()


class Solver:
    """A stand-in for IsolatedSolver.check that counts its calls."""

    def __init__(self, status: Status = Status.UNSAT) -> None:
        self.calls, self.status = 0, status

    def __call__(self, text, timeout, **options):
        self.calls += 1
        return Answer(self.status, "timeout" if self.status is Status.UNKNOWN else None,
                      Model({"x": Fraction(1, 2)}) if self.status is Status.SAT else None, "z3 test", 0.1)


def ask(solver, timeout=5.0, text=TEXT):
    return cache.cached_check(solver, text, timeout, "z3 test", tactic=None)


def entries(root: Path) -> list[Path]:
    return [p for p in root.rglob("*.json")]


def test_a_second_ask_is_answered_from_the_cache(store):
    s = Solver()
    assert ask(s).status is Status.UNSAT and s.calls == 1
    again = ask(s)
    assert again.status is Status.UNSAT and again.cached and s.calls == 1
    body = json.loads(entries(store.dir)[0].read_text())["body"]
    assert body["certificate"] == TEXT  # a proof is stored with its certificate


def test_another_text_solver_or_option_is_another_key(store):
    s = Solver()
    ask(s)
    ask(s, text=TEXT + "; another\n")
    cache.cached_check(s, TEXT, 5.0, "z3 other-version", tactic=None)
    cache.cached_check(s, TEXT, 5.0, "z3 test", tactic="qfnra-nlsat")
    assert s.calls == 4


def test_a_corrupt_entry_is_detected_and_recomputed(store):
    s = Solver()
    ask(s)
    (path,) = entries(store.dir)
    path.write_text(path.read_text().replace('"unsat"', '"sat"'))  # valid JSON, wrong hash
    assert ask(s).status is Status.UNSAT and s.calls == 2 and store.corrupt == 1
    path.write_text(path.read_text()[:40])  # truncated
    assert not ask(s).cached and s.calls == 3
    assert json.loads(path.read_text())["body"]["answer"]["status"] == Status.UNSAT.value  # rewritten whole


def test_a_proof_is_reused_only_with_its_certificate(store):
    s = Solver()
    ask(s)
    (path,) = entries(store.dir)
    entry = json.loads(path.read_text())
    entry["body"]["certificate"] = "(check-sat)\n"  # another text under this key, with a valid hash
    entry["sha256"] = cache._digest(cache._canonical(entry["body"]))
    path.write_text(json.dumps(entry))
    assert not ask(s).cached and s.calls == 2


def test_an_unknown_is_retried_when_the_budget_is_larger(store):
    s = Solver(Status.UNKNOWN)
    ask(s, timeout=2.0)
    again = ask(s, timeout=1.0)
    assert again.cached and s.calls == 1
    assert "earlier run with a 2 s budget" in again.reason  # never passed off as this run's timeout
    s.status = Status.UNSAT
    assert ask(s, timeout=4.0).status is Status.UNSAT and s.calls == 2
    assert ask(s, timeout=1.0).cached and s.calls == 2


def test_no_cache_reads_and_writes_nothing(store, monkeypatch):
    monkeypatch.setenv("ORDERTHEORY_NO_CACHE", "1")
    s = Solver()
    ask(s), ask(s)
    assert s.calls == 2 and not entries(store.dir)


def test_a_failed_write_leaves_no_entry_and_no_partial_file(store, monkeypatch):
    def killed(*args):
        raise OSError("disk full")

    monkeypatch.setattr(cache.os, "replace", killed)
    ask(Solver())
    assert not list(store.dir.rglob("*")) or all(p.is_dir() for p in store.dir.rglob("*"))


WRITER = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("cache", sys.argv[2])  # the module alone: a quick start
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
c = mod.Cache(sys.argv[1])
i = 0
while True:  # many entries, large enough that a kill lands inside a write
    c.put(c.key("smt", str(i), "z3", {}), {"status": "unsat", "certificate": "x" * 20000, "n": i})
    i += 1
"""


def test_a_run_killed_mid_way_leaves_the_cache_intact(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), cache.__file__])
    try:
        deadline = time.monotonic() + 20
        while len(entries(tmp_path)) < 10 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    c = cache.Cache(tmp_path)
    found = entries(tmp_path)
    assert len(found) >= 10
    for p in found:  # every entry is whole: its hash checks (a partial write is only ever a .part file)
        assert c.get(p.stem) is not None, p
    assert c.corrupt == 0
    assert all(p.name.startswith(".tmp-") for p in tmp_path.rglob("*") if p.is_file() and p.suffix != ".json")


@pytest.mark.slow
def test_a_warm_check_asks_no_solver(store, monkeypatch):
    from ordertheory import check_score
    from ordertheory.encoding.isolated import IsolatedSolver

    cold = check_score("f1", timeout=30)
    assert store.writes > 0

    def no_solver(*args, **kwargs):
        raise AssertionError("a warm check called the solver")

    monkeypatch.setattr(IsolatedSolver, "check", no_solver)
    warm = check_score("f1", timeout=30)
    for t, r in cold.tests.items():
        assert warm.tests[t].verdict is r.verdict and warm.tests[t].certificate == r.certificate, t


def test_a_task_is_keyed_by_the_code_it_depends_on():
    """A stored phase of the paper job stands for the code it imports (the solver worker it runs as
    ``python -m`` included), not for the documents' renderer or the commands: a change there
    re-renders without deciding anything again."""
    deps = cache.dependencies("ordertheory.reports.phases")
    assert {"ordertheory.engine.prove", "ordertheory.encoding.worker", "ordertheory.sets.settings",
            "ordertheory.reports.model", "ordertheory.reports", "ordertheory"} <= set(deps)
    assert not {"ordertheory.reports.render", "ordertheory.reports.paper", "ordertheory.cli.check"} & set(deps)
    assert "ordertheory.encoding.worker" not in cache.dependencies("ordertheory.engine.cache")
    fingerprints = {cache.code_fingerprint(m) for m in ("ordertheory.reports.phases", "ordertheory.engine.cache", None)}
    assert len(fingerprints) == 3


UNSETTLED: list[tuple] = []


def unsettled(budget: float) -> dict:
    UNSETTLED.append((budget,))
    return {"verdict": "unknown", "budget": budget}


def test_an_unsettled_task_is_reused_for_the_very_same_call_only(store):
    """Like an unknown solver answer: the same question with the same budget is answered from the
    cache (a warm run gives the cold run's documents whatever the load); a larger budget asks again."""
    from ordertheory.engine.executor import Task, executor, run_tasks

    UNSETTLED.clear()
    never = lambda value: False  # noqa: E731 - nothing in it is settled
    with executor(jobs=1) as ex:
        cold, _ = run_tasks(ex, [Task("t", unsettled, (5.0,), keep=never)], memo=True)
        warm, _ = run_tasks(ex, [Task("t", unsettled, (5.0,), keep=never)], memo=True)
        larger, _ = run_tasks(ex, [Task("t", unsettled, (10.0,), keep=never)], memo=True)
    assert cold == warm and UNSETTLED == [(5.0,), (10.0,)] and larger["t"]["budget"] == 10.0
    bodies = [json.loads(p.read_text())["body"] for p in entries(Path(store.dir))]
    assert sorted(b["settled"] for b in bodies) == [False, False]
