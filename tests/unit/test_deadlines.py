"""One deadline per command, polynomial work in |Ω|, and tests 2/3 only as the paper defines them."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

import pytest

from ordertheory import Verdict, binary, check_score, custom, multiclass
from ordertheory.cli import main
from ordertheory.sets.performance_set import all_performances, with_constraints


@pytest.mark.parametrize("space", [binary(), multiclass(3), custom({"a": 0, "b": "1/2", "c": 1, "d": "1/2"})])
def test_level_bands_stand_for_every_event(space):
    bands = space.level_bands()
    L = len(space.levels)
    assert len(bands) == L * (L + 1) // 2
    # every event F lies in the band with its own min and max of S, which has the same bounds
    for r in range(1, len(space.outcomes) + 1):
        for F in combinations(space.outcomes, r):
            sat = [space.S(o) for o in F]
            band = next(b for b in bands if set(F) <= b and min(space.S(o) for o in b) == min(sat)
                        and max(space.S(o) for o in b) == max(sat))
            assert band


def test_pairs_do_not_prove_tests_2_and_3_when_the_domain_is_not_closed():
    # three domain points with X = 0 whose mixture has X = 1/2 (issue 12): a pair proof is no proof
    expr = ("tp*(1-3*fp) + 9/2*fp*fn + 0*sqrt(-(fp*(fp-1)*(3*fp-1))**2) "
            "+ 0*sqrt(-(fn*(fn-1)*(3*fn-1))**2)")
    Pi = with_constraints(all_performances(binary()), ["tn==0"])
    rep = check_score(expr, Pi, timeout=60, tests=("test2",))
    assert rep.tests["domain_closed"].verdict is Verdict.REFUTED
    assert rep.tests["test2"].verdict is not Verdict.PROVED
    assert "closed under mixtures" in rep.tests["test2"].reason


def test_no_time_is_unknown_never_proved():
    rep = check_score("f1", timeout=0.01)
    assert all(r.verdict is Verdict.UNKNOWN for r in rep.tests.values())
    assert "no time left" in rep.tests["test1"].reason


@pytest.mark.slow
@pytest.mark.parametrize("argv", [
    ["check", "y0_p0+y1_p1+y2_p2", "--space", "multiclass:3", "--timeout", "3"],
    ["check", "y0_p0+y1_p1+y2_p2+y3_p3", "--space", "multiclass:4", "--timeout", "3"],
    ["check", "10**30*(sqrt(tp)+sqrt(fp)-sqrt(tp+fp+2*sqrt(tp*fp)))", "--timeout", "1"],
])
def test_the_command_returns_within_its_timeout(argv, capsys):
    # the mechanism (a child killed at the deadline, the rest unknown with the reason), not a
    # timing: on a busy machine the report may come seconds late; without the kill, minutes late
    t0 = time.perf_counter()
    code = main([*argv, "--json"])
    assert code in (0, 1, 3)
    assert time.perf_counter() - t0 < float(argv[-1]) + 60
    doc = json.loads(capsys.readouterr().out)
    assert doc["verdict"] != "unknown" or doc.get("reason") or any(t in doc for t in ("test1", "test2"))
    for t in ("test1", "test2", "test3", "domain_closed", "theorem2_condition"):
        assert t not in doc or doc[t]["verdict"] != "unknown" or doc[t]["reason"], t


def test_heartbeat_speaks_on_stderr_past_its_delay_and_stops_after(capsys):
    """Commands whose work is one call (claims, tau) say on stderr that they are still working."""
    import time

    from ordertheory.cli.common import heartbeat

    said = []
    with heartbeat("slow", after=0.05, every=0.05):
        for _ in range(2000):  # until it has spoken twice: counted, not timed (a busy machine is slow)
            said.append(capsys.readouterr().err)
            if "".join(said).count("\n") >= 2:
                break
            time.sleep(0.01)
    err = "".join(said) + capsys.readouterr().err
    assert "[slow] still working" in err and err.count("\n") >= 2
    time.sleep(0.15)
    assert capsys.readouterr().err == ""  # the thread stopped with the block (joined on the way out)
    with heartbeat("quick", after=5):
        pass
    assert capsys.readouterr().err == ""


def _spawn_and_hang(path: str) -> None:  # module level: a forked child runs it
    import subprocess

    p = subprocess.Popen(["sleep", "120"])  # a binary, not a Python: started at once, whatever the load
    with open(path, "w") as f:
        f.write(str(p.pid))
    time.sleep(120)


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as f:
            return "zombie" in f.read()
    except FileNotFoundError:
        return True


def test_within_raises_deadline_reached_and_kills_the_workers(tmp_path):
    from ordertheory.engine.deadline import DeadlineReached, within
    from ordertheory.errors import ResourceLimit

    path = tmp_path / "pid"
    with pytest.raises(DeadlineReached, match="a hang was stopped at its 2 s limit") as info:
        within(_spawn_and_hang, 2, "a hang", str(path))
    assert isinstance(info.value, ResourceLimit)  # the CLI answers unknown, with this reason
    worker = int(path.read_text())
    for _ in range(50):  # the worker's process group was killed; give init a moment to reap it
        if _gone(worker):
            break
        time.sleep(0.1)
    assert _gone(worker), f"process {worker} survived the deadline"
    with pytest.raises(ValueError):  # the call's own exceptions reach the caller
        within(int, 10, "a conversion", "not a number")
    assert within(sum, 10, "a sum", [1, 2, 3]) == 6


def test_importance_past_its_deadline_is_unknown_with_the_reason(monkeypatch, capsys):
    from ordertheory.analyses.importance import derive as importance

    def hang(*args, **kwargs):
        time.sleep(120)

    monkeypatch.setattr(importance, "derive_importance", hang)  # the forked child inherits it
    t0 = time.perf_counter()
    code = main(["importance", "accuracy", "--timeout", "2", "--json"])
    assert code == 3 and time.perf_counter() - t0 < 60  # killed, not slept out
    doc = json.loads(capsys.readouterr().out)
    assert doc["verdict"] == "unknown" and "deadline reached" in doc["reason"]


# --- the supervisor of a real command (issue 45): --timeout holds whatever the command is doing ---
STUCK = "sum(range(10**15))  # in C, holding the interpreter: no signal handler and no other thread runs\n"
INTERRUPTED = ("import time\ntry:\n    time.sleep(600)\nexcept BaseException:  # as a C extension does when its "
               "start is interrupted\n    raise ImportError('initialization failed') from None\n")
DRIVER = """import importlib, sys
sys.path.insert(0, {folder!r})
import ordertheory.cli.scores as command
from ordertheory.cli import main

def run(args):  # the command's work: an import that does not end by itself
    importlib.import_module({module!r})
    return 0

command.run = run
sys.exit(main())
"""


def _real_command(tmp_path, module: str, text: str, *argv: str) -> subprocess.CompletedProcess:
    """``ordertheory scores ARGV`` in a process of its own (a real command: argv from sys.argv), its
    work replaced by importing ``module``; the process group is killed afterwards whatever happened,
    so that a broken watchdog cannot leave a loop running."""
    (tmp_path / f"{module}.py").write_text(text)
    (tmp_path / "driver.py").write_text(DRIVER.format(folder=str(tmp_path), module=module))
    p = subprocess.Popen([sys.executable, str(tmp_path / "driver.py"), "scores", *argv], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = p.communicate(timeout=300)  # a safety net: the mechanism ends it 1 s past its --timeout
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGKILL)
    for pid in _pids_of(tmp_path):
        assert _gone(pid), f"process {pid} survived the command"
    return subprocess.CompletedProcess(p.args, p.returncode, out, err)


def _pids_of(tmp_path) -> list[int]:
    """Processes still running the driver of ``tmp_path`` (none should be)."""
    out = []
    for name in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError):
            if str(tmp_path / "driver.py").encode() in Path(f"/proc/{name}/cmdline").read_bytes():
                out.append(int(name))
    return out


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the supervisor needs fork")
@pytest.mark.parametrize("as_json", [False, True])
def test_a_command_stuck_in_c_is_ended_by_its_supervisor_with_exit_3(tmp_path, as_json):
    """Neither SIGALRM nor a thread can stop ``sum(range(10**15))``: the supervising process kills it."""
    r = _real_command(tmp_path, "stuck", STUCK, "--timeout", "1", *(["--json"] if as_json else []))
    assert r.returncode == 3, r.stderr
    assert r.stderr.strip().splitlines() == ["unknown: the command's --timeout of 1 s (start-up included) was reached "
                                             "before it ended; what it printed before stands"]
    if as_json:
        doc = json.loads(r.stdout)
        assert doc["verdict"] == "unknown" and doc["stopped"] == "deadline" and "ordertheory_version" in doc
    else:
        assert r.stdout.startswith("=> unknown: the command's --timeout of 1 s")


def test_an_import_interrupted_by_the_deadline_is_unknown_never_exit_4(tmp_path):
    """The alarm inside a C extension's start-up surfaces as ImportError("initialization failed"):
    past the deadline, that is the deadline's doing (exit 3), not a bug (exit 4)."""
    r = _real_command(tmp_path, "interrupted", INTERRUPTED, "--timeout", "1")
    assert r.returncode == 3 and "internal error" not in r.stderr, r.stderr
    assert r.stdout.startswith("=> unknown: the command's --timeout of 1 s") and r.stdout.count("=> unknown") == 1


def test_a_supervised_command_keeps_its_exit_code_and_output(tmp_path):
    r = _real_command(tmp_path, "quick", "VALUE = 1\n", "--timeout", "600")
    assert r.returncode == 0 and r.stdout == "" and r.stderr == ""
    r = _real_command(tmp_path, "bad", "raise SystemExit(2)\n", "--timeout", "600")
    assert r.returncode == 2
