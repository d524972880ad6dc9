"""Work stopped at a wall-clock deadline, whatever it does (sympy included): the one forked child.

Some work has no point at which to look at the clock: exact derivations (an importance, a
satisfaction: on 40 outcomes one linear system of sympy can take minutes), compiling a large score,
the in-process part of the prover portfolio. :class:`Forked` runs ``work(send)`` in a forked child
in its own process group (so its solver workers go with it); the parent reads what the child sends
(length-prefixed pickles through a pipe) until the child ends or the deadline passes, and then
kills the whole group. A timeout is never an answer: what was not sent by the deadline is simply
missing. An exception of the work is raised in the parent, as if it had run in-process.

:func:`call_within` is the one-value case (an importance, the derivations of ``paper --only``);
:func:`~ordertheory.fitness.bounded_check.check_score_within` streams a check's settled tests.
Where ``os.fork`` does not exist the work runs in-process, bounded by its own limits only.

>>> call_within(sum, 10, [1, 2, 3])
(True, 6)
>>> with Forked(lambda send: [send(i) for i in range(3)], 10) as child:
...     list(child.messages())
[0, 1, 2]

:func:`within` is the same for a command: past the deadline it raises :class:`DeadlineReached` — a
:class:`~ordertheory.errors.ResourceLimit`, so the CLI answers ``unknown`` with the reason.

>>> import time
>>> within(time.sleep, 0.5, "a nap", 30)
Traceback (most recent call last):
...
ordertheory.engine.deadline.DeadlineReached: deadline reached: a nap was stopped at its 0.5 s limit
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import struct
import time
from collections.abc import Callable, Iterator
from typing import Any

from ordertheory.errors import OrderTheoryError, ResourceLimit

FORKS = hasattr(os, "fork")
# a command's own budget ends this much before the kill, so that in the usual case it finishes by
# itself with its own reasons (the kill is for phases that never look at the clock)
MARGIN_SHARE, MARGIN_MAX = 0.15, 3.0
_VALUE, _ERROR = 0, 1  # the frame's kind: a message of the work, or the exception it raised


def _send(fd: int, kind: int, payload: Any) -> None:
    try:
        data = pickle.dumps((kind, payload))
    except Exception as exc:  # an unpicklable message or exception: said, not lost (a bug stays a bug)
        kind_of = OrderTheoryError if isinstance(payload, OrderTheoryError) else RuntimeError
        data = pickle.dumps((_ERROR, kind_of(f"{type(payload).__name__}: {payload} (unpicklable: {exc})")))
    os.write(fd, struct.pack("!Q", len(data)))
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _kill(pid: int) -> None:
    """SIGKILL to the child's process group (its solver workers too), then to the child; reaped."""
    for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            kill()
    with contextlib.suppress(ChildProcessError):  # already reaped
        os.waitpid(pid, 0)


class Forked:
    """``work(send)`` in a forked child killed at ``seconds`` from the start (see the module).

    Use it as a context manager: :meth:`messages` yields what the child sends, in order, until it
    ends or the deadline passes (raising the work's exception, if any); leaving the block kills the
    child's process group, finished or not. Without ``os.fork`` the work runs in-process on entry
    and its messages are replayed.
    """

    def __init__(self, work: Callable[[Callable[[Any], None]], Any], seconds: float) -> None:
        self.work, self.deadline = work, time.perf_counter() + seconds
        self.pid: int | None = None
        self.fd: int | None = None
        self.buf = b""
        self.replay: list[Any] = []

    def __enter__(self) -> Forked:
        if not FORKS:
            self.work(self.replay.append)
            return self
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: its own process group, so that killing it kills its workers too
            code = 0
            try:
                os.close(r)
                os.setpgid(0, 0)
                try:
                    self.work(lambda msg: _send(w, _VALUE, msg))
                except BaseException as exc:  # raised again in the parent
                    _send(w, _ERROR, exc)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(w)
        with contextlib.suppress(OSError):  # the child did it first (or has already ended)
            os.setpgid(pid, pid)
        self.pid, self.fd = pid, r
        return self

    def __exit__(self, *exc) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        if self.pid is not None:
            _kill(self.pid)
            self.pid = None

    def messages(self) -> Iterator[Any]:
        """What the child sends, until it ends or the deadline passes."""
        if self.fd is None:
            yield from self.replay
            return
        while True:
            while len(self.buf) >= 8:
                (n,) = struct.unpack("!Q", self.buf[:8])
                if len(self.buf) < 8 + n:
                    break
                data, self.buf = self.buf[8:8 + n], self.buf[8 + n:]
                kind, payload = pickle.loads(data)
                if kind == _ERROR:
                    raise payload
                yield payload
            left = self.deadline - time.perf_counter()
            if left <= 0:
                return
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                return
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:  # the child ended (or died)
                return
            self.buf += chunk


def call_within(fn: Callable[..., Any], seconds: float, /, *args, **kwargs) -> tuple[bool, Any]:
    """(True, fn(*args, **kwargs)) when the call ends within ``seconds``, else (False, None)."""
    with Forked(lambda send: send(fn(*args, **kwargs)), seconds) as child:
        for value in child.messages():
            return True, value
    return False, None


class DeadlineReached(ResourceLimit):
    """Raised by :func:`within` when the call was killed at its deadline: the question stays unknown."""


def own_budget(timeout: float) -> float:
    """The seconds a call should give itself within a hard deadline of ``timeout`` seconds.

    >>> own_budget(20.0), own_budget(60.0)
    (17.0, 57.0)
    """
    return max(0.0, timeout - min(MARGIN_MAX, MARGIN_SHARE * timeout))


def within(fn: Callable[..., Any], seconds: float, what: str, /, *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` killed after ``seconds`` (from now), then :class:`DeadlineReached`
    naming ``what``: every long command's bound on its ``--timeout`` (issue 34)."""
    seconds = max(0.0, seconds)
    done, value = call_within(fn, seconds, *args, **kwargs)
    if not done:
        raise DeadlineReached(f"deadline reached: {what} was stopped at its {seconds:.3g} s limit")
    return value
