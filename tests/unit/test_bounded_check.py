"""A check stopped at its deadline, in any phase: settled tests kept, the rest unknown with the reason."""

from __future__ import annotations

import json
import os
import subprocess
import time

import pytest

from ordertheory import Verdict, multiclass
from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.engine.deadline import Forked, call_within
from ordertheory.errors import InvalidInput
from ordertheory.fitness import score_tests
from ordertheory.fitness.bounded_check import check_score_within
from ordertheory.sets.performance_set import all_performances

# The mechanism, not a timing (timings are benchmarks: python -m bench differential counts overruns):
# the child is killed at the deadline and the report says so. A phase that hangs runs 120 s, so a
# return well before that shows the kill, on a loaded machine too (a busy 2-core machine stretched
# 1.5 s of slack to 17 s in issue 34).
KILLED_WELL_BEFORE = 60.0  # seconds: far below the hang, far above any scheduling delay


def _hang(*args, **kwargs):  # a phase that never looks at the clock (sympy on a huge expression)
    time.sleep(120)


def test_a_phase_without_a_clock_is_stopped_at_the_deadline(monkeypatch):
    monkeypatch.setattr(score_tests, "decide_by_structure", _hang)  # the forked child inherits it
    Pi = all_performances(multiclass(3))
    t0 = time.perf_counter()
    rep = check_score_within(get("multiclass_accuracy").score(Pi.space), Pi, timeout=3)
    assert time.perf_counter() - t0 < KILLED_WELL_BEFORE
    assert set(rep.tests) == set(score_tests.TESTS)
    for r in rep.tests.values():
        assert r.verdict is Verdict.UNKNOWN
        assert "deadline reached during structural lemmas" in r.reason


def test_tests_settled_before_the_deadline_keep_their_verdicts(monkeypatch):
    monkeypatch.setattr(score_tests, "search_mixture", _hang)  # test 2 hangs after test 1 is proved
    Pi = all_performances(multiclass(3))
    t0 = time.perf_counter()
    rep = check_score_within(get("multiclass_accuracy").score(Pi.space), Pi, timeout=4,
                             tests=("test1", "test2"), structure=False)
    assert time.perf_counter() - t0 < KILLED_WELL_BEFORE
    assert rep.tests["test1"].verdict is Verdict.PROVED and rep.tests["test1"].certificate
    assert rep.tests["test2"].verdict is Verdict.UNKNOWN
    assert rep.tests["test2"].reason.startswith("deadline reached during test 2")
    assert "before this test was settled" in rep.tests["domain_closed"].reason


def test_errors_of_the_check_are_raised_in_the_caller():
    from ordertheory.errors import OrderTheoryError

    with pytest.raises(OrderTheoryError):
        check_score_within("no_such_score_name", timeout=3)


@pytest.mark.slow
def test_check_command_ends_at_its_timeout_on_gps_k4(capsys, monkeypatch):
    # measured before the child process: multiclass GPS on 3 classes at --timeout 20 took 160 s
    # (R_K on 5 classes at --timeout 60: 94 s). The mechanism: every test the clock stops is unknown
    # with the phase it stopped in, and the command returns (how close to 5 s is bench's business).
    # The check's own mechanism, not the --timeout watchdog behind it: the watchdog's alarm is moved
    # out of the way (on a busy machine it came before the check had written its report).
    from ordertheory.cli import watchdog

    monkeypatch.setattr(watchdog, "SOFT", KILLED_WELL_BEFORE)
    t0 = time.perf_counter()
    code = main(["check", "multiclass_gps", "--space", "multiclass:4", "--timeout", "5", "--json"])
    assert time.perf_counter() - t0 < KILLED_WELL_BEFORE
    doc = json.loads(capsys.readouterr().out)
    assert code in (1, 3) and doc["test1"]["verdict"] in ("proved", "unknown")
    for t in ("test1", "test2", "test3", "domain_closed"):
        assert doc[t]["verdict"] != "unknown" or doc[t]["reason"], t


@pytest.mark.slow
def test_quick_search_pass_refutes_test2_before_test1_takes_the_budget():
    # multiclass GPS on 3 classes: z3 on test 1 runs to any deadline; before the quick pass, test 2
    # (refuted by the search in under a second) was left 'no time left'
    from ordertheory.engine.witness import mixture_violation

    Pi = all_performances(multiclass(3))
    X = get("multiclass_gps").score(Pi.space)
    rep = score_tests.run_tests(X, Pi, timeout=12, tests=("test1", "test2"))
    r = rep.tests["test2"]
    assert r.verdict is Verdict.REFUTED
    w = r.witness  # a Mapping; re-validated here in exact arithmetic
    assert mixture_violation(X, Pi, w["P1"], w["P2"], w["lambda"], 1)


def _spawn_and_hang(pidfile):  # a call that starts a worker of its own, then never returns
    worker = subprocess.Popen(["sleep", "120"])
    pidfile.write_text(str(worker.pid))
    time.sleep(120)


def test_call_within_kills_the_call_and_its_workers_at_the_deadline(tmp_path):
    pidfile = tmp_path / "pid"
    t0 = time.perf_counter()
    assert call_within(_spawn_and_hang, 1.0, pidfile) == (False, None)
    assert time.perf_counter() - t0 < KILLED_WELL_BEFORE
    pid, end = int(pidfile.read_text()), time.monotonic() + 5
    while time.monotonic() < end:  # the whole process group was killed (init reaps the worker)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        raise AssertionError(f"the call's worker {pid} outlived the deadline")


def test_forked_work_streams_its_messages_and_raises_its_errors():
    assert call_within(sum, 10, [1, 2]) == (True, 3)
    with pytest.raises(ValueError):
        call_within(int, 10, "not a number")

    def work(send):
        send("first")
        send("second")
        raise InvalidInput("after two messages")

    got = []
    with pytest.raises(InvalidInput, match="after two messages"), Forked(work, 10) as child:
        got.extend(child.messages())
    assert got == ["first", "second"]
