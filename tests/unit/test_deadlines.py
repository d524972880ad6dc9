"""One deadline per command, polynomial work in |Ω|, and tests 2/3 only as the paper defines them."""

from __future__ import annotations

import json
import time
from itertools import combinations

import pytest

from ordertheory import Verdict, binary, check_score, custom, multiclass
from ordertheory.cli import main
from ordertheory.performance_set import all_performances, with_constraints


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
