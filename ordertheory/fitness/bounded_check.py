"""A check that ends at its deadline, whatever phase it is in.

:func:`~ordertheory.fitness.score_tests.run_tests` shares one budget between its phases, but some
of them have no natural point at which to look at the clock (sympy on the large expressions of
k-class scores, compiling a score for the numeric search, the in-process part of the prover
portfolio): on three classes they could overrun a 20 s budget by minutes. Here the check runs in a
forked child process, in its own process group (so its solver workers go with it), which sends each
test's result as soon as it is settled. At the deadline the whole group is killed; the tests settled
by then keep their verdicts, and the others are UNKNOWN with the reason ("deadline reached during
test 3"). A timeout is never a proof, so stopping a run early can only leave cells undecided. The
child and its kill are :class:`~ordertheory.engine.deadline.Forked`'s (the package's one
mechanism for work stopped at a deadline).

Where ``os.fork`` does not exist the check runs in-process (bounded by its own budget only).

>>> from ordertheory.catalogue import get
>>> rep = check_score_within(get("accuracy").score(), timeout=20)
>>> rep.tests["test1"].verdict.label
'proved'
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ordertheory.catalogue import as_score
from ordertheory.engine.deadline import FORKS, Forked
from ordertheory.engine.result import Result, Verdict
from ordertheory.fitness.report import (
    SETTLED_BY,
    T1,
    T2,
    T3,
    TEST_TITLES,
    TESTS,
    ScoreReport,
    expected_tests,
    short_title,
)
from ordertheory.fitness.score_tests import closure_rule, run_tests
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet, all_performances

# the child's own budget ends this much before the hard deadline, so that in the usual case it
# finishes by itself, with its own reasons; the kill is for the phases that do not look at the clock
MARGIN_SHARE, MARGIN_MAX = 0.15, 3.0
DEADLINE_REASON = "deadline reached during {phase} (the check was stopped at its {timeout:.1f} s limit)"
NOT_ASKED = "not asked"  # the method of a test left undecided because another one is refuted


def _work(score, Pi, timeout: float, progress, kwargs: dict):
    """The check as the child runs it, sending each phase and each settled test as it goes."""
    def work(send) -> None:
        def started(phase: str) -> None:
            send(("phase", phase))
            if progress is not None:
                progress(phase)

        rep = run_tests(score, Pi, timeout=timeout, progress=started,
                          on_result=lambda t, r: send(("result", t, r)), **kwargs)
        send(("done", rep.tests, rep.domain))
    return work


def check_score_within(score: Score, Pi: PerformanceSet | None = None, timeout: float = 30.0,
                       progress: Callable[[str], None] | None = None, tests=TESTS,
                       stop_at_refutation: bool = False, **kwargs) -> ScoreReport:
    """:func:`run_tests` stopped at ``timeout`` seconds wall time, in every phase: what is not
    settled by then is UNKNOWN with the phase the deadline interrupted. With ``stop_at_refutation``
    the run also stops as soon as test 1, 2 or 3 is refuted (the score is then not fit, whatever
    the others say): the tests not yet settled are UNKNOWN with that reason. Other keyword
    arguments go to :func:`run_tests`; exceptions of the check (bad input, resource limits) are
    raised here."""
    score = as_score(score, Pi.space if Pi is not None else None)
    Pi = Pi or all_performances(score.space)
    if not FORKS:
        return run_tests(score, Pi, timeout=timeout, progress=progress, tests=tests, **kwargs)
    t0 = time.perf_counter()
    own = max(0.0, timeout - min(MARGIN_MAX, MARGIN_SHARE * timeout))
    got: dict[str, Result] = {}
    phase, final, stopped, domain = None, None, None, None
    # the child's own process group: killing it at the deadline kills its solver workers too
    with Forked(_work(score, Pi, own, progress, {"tests": tests, **kwargs}), timeout) as child:
        for msg in child.messages():  # the check's exceptions (bad input, resource limits) are raised here
            if msg[0] == "phase":
                phase = msg[1]
            elif msg[0] == "result":
                got[msg[1]] = msg[2]
                if stop_at_refutation and msg[1] in (T1, T2, T3) and msg[2].verdict is Verdict.REFUTED:
                    stopped = SETTLED_BY.format(test=short_title(msg[1]))
                    break
            else:
                final, domain = msg[1], msg[2]
                break
    if final is not None:
        return ScoreReport(score, Pi, final, domain)
    spent = time.perf_counter() - t0
    out = {}
    for t in expected_tests(tests):
        if t in got:
            out[t] = got[t]
            continue
        reason = stopped or DEADLINE_REASON.format(phase=_phase_name(phase), timeout=timeout)
        if phase != t and not stopped:
            reason += ", before this test was settled"
        out[t] = Result(t, f"{TEST_TITLES[t]} for {score.name}", Verdict.UNKNOWN,
                        spent if phase == t else 0.0, NOT_ASKED if stopped else "none", reason=reason)
    return ScoreReport(score, Pi, closure_rule(out))


def _phase_name(phase: str | None) -> str:
    if phase is None:
        return "the set-up (parsing the score's shape)"
    return TEST_TITLES.get(phase, phase)
