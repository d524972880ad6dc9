"""One deadline per command, polynomial work in |Ω|, and tests 2/3 only as the paper defines them."""

from __future__ import annotations

import json
import time
from itertools import combinations

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

    with heartbeat("slow", after=0.05, every=0.05):
        time.sleep(0.2)
    err = capsys.readouterr().err
    assert "[slow] still working" in err and err.count("\n") >= 2
    time.sleep(0.15)
    assert capsys.readouterr().err == ""  # the thread stopped with the block
    with heartbeat("quick", after=5):
        pass
    assert capsys.readouterr().err == ""


def _spawn_and_hang(path: str) -> None:  # module level: a forked child runs it
    import subprocess
    import sys

    p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
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
