"""A check that ends at its deadline, whatever phase it is in.

:func:`~ordertheory.fitness.score_tests.check_score` shares one budget between its phases, but some
of them have no natural point at which to look at the clock (sympy on the large expressions of
k-class scores, compiling a score for the numeric search, the in-process part of the prover
portfolio): on three classes they could overrun a 20 s budget by minutes. Here the check runs in a
forked child process, in its own process group (so its solver workers go with it), which sends each
test's result as soon as it is settled. At the deadline the whole group is killed; the tests settled
by then keep their verdicts, and the others are UNKNOWN with the reason ("deadline reached during
test 3"). A timeout is never a proof, so stopping a run early can only leave cells undecided.

Where ``os.fork`` does not exist the check runs in-process (bounded by its own budget only).

>>> from ordertheory.catalogue import get
>>> rep = check_score_within(get("accuracy").score(), timeout=20)
>>> rep.tests["test1"].verdict.label
'proved'
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import struct
import time
from collections.abc import Callable

from ordertheory.catalogue import as_score
from ordertheory.engine.result import Result, Verdict
from ordertheory.errors import OrderTheoryError
from ordertheory.fitness.report import CLOSED, T2, T3, TEST_TITLES, TESTS, ScoreReport
from ordertheory.fitness.score_tests import check_score, closure_rule
from ordertheory.performance_set import PerformanceSet, all_performances
from ordertheory.scores import Score

# the child's own budget ends this much before the hard deadline, so that in the usual case it
# finishes by itself, with its own reasons; the kill is for the phases that do not look at the clock
MARGIN_SHARE, MARGIN_MAX = 0.15, 3.0
DEADLINE_REASON = "deadline reached during {phase} (the check was stopped at its {timeout:.1f} s limit)"


def _send(fd: int, msg: tuple) -> None:
    data = pickle.dumps(msg)
    os.write(fd, struct.pack("!Q", len(data)))
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class _Reader:
    """Length-prefixed pickled messages from the child's pipe, read without blocking past a deadline."""

    def __init__(self, fd: int) -> None:
        self.fd, self.buf = fd, b""

    def messages(self, deadline: float):
        import select

        while True:
            while len(self.buf) >= 8:
                (n,) = struct.unpack("!Q", self.buf[:8])
                if len(self.buf) < 8 + n:
                    break
                data, self.buf = self.buf[8:8 + n], self.buf[8 + n:]
                yield pickle.loads(data)
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                return
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:  # the child ended (or died)
                return
            self.buf += chunk


def _child(fd: int, score, Pi, timeout: float, progress, kwargs: dict) -> None:
    def started(phase: str) -> None:
        _send(fd, ("phase", phase))
        if progress is not None:
            progress(phase)

    try:
        rep = check_score(score, Pi, timeout=timeout, progress=started,
                          on_result=lambda t, r: _send(fd, ("result", t, r)), **kwargs)
        _send(fd, ("done", rep.tests))
    except BaseException as exc:  # the parent raises it as if the check had run in-process
        try:
            _send(fd, ("error", exc))
        except Exception:
            _send(fd, ("error", OrderTheoryError(f"{type(exc).__name__}: {exc}")))


def _kill(pid: int) -> None:
    for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            kill()
        except (ProcessLookupError, PermissionError):
            continue
    with contextlib.suppress(ChildProcessError):  # already reaped
        os.waitpid(pid, 0)


def expected_tests(tests) -> list[str]:
    """The tests a report holds: those asked, and domain closure when test 2 or 3 is asked."""
    want = [t for t in TESTS if t in tests]
    if (T2 in want or T3 in want) and CLOSED not in want:
        want.append(CLOSED)
    return want


def check_score_within(score: Score, Pi: PerformanceSet | None = None, timeout: float = 30.0,
                       progress: Callable[[str], None] | None = None, tests=TESTS, **kwargs) -> ScoreReport:
    """:func:`check_score` stopped at ``timeout`` seconds wall time, in every phase: what is not
    settled by then is UNKNOWN with the phase the deadline interrupted. Other keyword arguments
    go to :func:`check_score`; exceptions of the check (bad input, resource limits) are raised here."""
    score = as_score(score, Pi.space if Pi is not None else None)
    Pi = Pi or all_performances(score.space)
    if not hasattr(os, "fork"):
        return check_score(score, Pi, timeout=timeout, progress=progress, tests=tests, **kwargs)
    t0 = time.perf_counter()
    deadline = t0 + timeout
    own = max(0.0, timeout - min(MARGIN_MAX, MARGIN_SHARE * timeout))
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its own process group, so that killing it kills its solver workers too
        code = 0
        try:
            os.close(r)
            os.setpgid(0, 0)
            _child(w, score, Pi, own, progress, {"tests": tests, **kwargs})
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(w)
    with contextlib.suppress(OSError):  # the child did it first (or has already ended)
        os.setpgid(pid, pid)
    got: dict[str, Result] = {}
    phase, final, error = None, None, None
    try:
        for msg in _Reader(r).messages(deadline):
            if msg[0] == "phase":
                phase = msg[1]
            elif msg[0] == "result":
                got[msg[1]] = msg[2]
            elif msg[0] == "done":
                final = msg[1]
                break
            else:
                error = msg[1]
                break
    finally:
        os.close(r)
        _kill(pid)
    if error is not None:
        raise error
    if final is not None:
        return ScoreReport(score, Pi, final)
    spent = time.perf_counter() - t0
    out = {}
    for t in expected_tests(tests):
        if t in got:
            out[t] = got[t]
            continue
        reason = DEADLINE_REASON.format(phase=_phase_name(phase), timeout=timeout)
        if phase != t:
            reason += ", before this test was settled"
        out[t] = Result(t, f"{TEST_TITLES[t]} for {score.name}", Verdict.UNKNOWN,
                        spent if phase == t else 0.0, "none", reason=reason)
    return ScoreReport(score, Pi, closure_rule(out))


def _phase_name(phase: str | None) -> str:
    if phase is None:
        return "the set-up (parsing the score's shape)"
    return TEST_TITLES.get(phase, phase)
