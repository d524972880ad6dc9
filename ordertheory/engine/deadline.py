"""A call that ends at its deadline, whatever it does: for commands whose work has no point at
which to look at the clock (sympy on a large expression, a loop over 10 000 entities).

:func:`call_within` runs ``fn`` in a forked child process, in a process group of its own (so the
solver workers it starts go with it), and kills that group at the deadline; then
:class:`DeadlineReached` — a :class:`~ordertheory.errors.ResourceLimit`, so the command answers
``unknown`` with the reason — is raised. The child's value (or its exception) comes back pickled.
A timeout is never a proof: stopping a call can only leave it undecided. Where ``os.fork`` does
not exist the call runs in-process, bounded by its own budget only.

>>> call_within(pow, 10.0, "2 to the 10th", 2, 10)
1024
>>> import time
>>> call_within(time.sleep, 0.5, "a nap", 30)
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
from collections.abc import Callable
from typing import Any

from ordertheory.errors import OrderTheoryError, ResourceLimit

# the child's own budget ends this much before the kill, so that in the usual case it finishes by
# itself with its own reasons (the kill is for phases that never look at the clock)
MARGIN_SHARE, MARGIN_MAX = 0.15, 3.0


class DeadlineReached(ResourceLimit):
    """Raised when a call was killed at its deadline: the question stays unknown."""


def own_budget(timeout: float) -> float:
    """The seconds a call should give itself within a hard deadline of ``timeout`` seconds.

    >>> own_budget(20.0), own_budget(60.0)
    (17.0, 57.0)
    """
    return max(0.0, timeout - min(MARGIN_MAX, MARGIN_SHARE * timeout))


def _write(fd: int, data: bytes) -> None:
    os.write(fd, struct.pack("!Q", len(data)))
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _read(fd: int, deadline: float) -> bytes | None:
    """The child's message, or None when the deadline came first (or the child died)."""
    buf = b""
    while True:
        if len(buf) >= 8 and len(buf) >= 8 + struct.unpack("!Q", buf[:8])[0]:
            return buf[8:8 + struct.unpack("!Q", buf[:8])[0]]
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return None
        buf += chunk


def _kill(pid: int) -> None:
    for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            kill()
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


def call_within(fn: Callable[..., Any], seconds: float, what: str, /, *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``, or :class:`DeadlineReached` after ``seconds`` (wall time, from
    now); ``what`` names the work in the reason. Exceptions of ``fn`` are raised here."""
    if not hasattr(os, "fork"):
        return fn(*args, **kwargs)
    deadline = time.perf_counter() + max(0.0, seconds)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its own process group, so that the kill takes its workers too
        code = 0
        try:
            os.close(r)
            os.setpgid(0, 0)
            try:
                msg = ("value", fn(*args, **kwargs))
                data = pickle.dumps(msg)
            except BaseException as exc:  # raised in the parent as if the call had run there
                try:
                    data = pickle.dumps(("error", exc))
                except Exception:
                    data = pickle.dumps(("error", OrderTheoryError(f"{type(exc).__name__}: {exc}")))
            _write(w, data)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(w)
    with contextlib.suppress(OSError):  # the child did it first (or has already ended)
        os.setpgid(pid, pid)
    try:
        data = _read(r, deadline)
    finally:
        os.close(r)
        _kill(pid)
    if data is None:
        if time.perf_counter() < deadline:
            raise RuntimeError(f"{what}: the worker process died without an answer")
        raise DeadlineReached(f"deadline reached: {what} was stopped at its {max(0.0, seconds):.3g} s limit")
    kind, value = pickle.loads(data)
    if kind == "error":
        raise value
    return value
