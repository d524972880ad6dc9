"""Call a function with a hard wall-clock deadline: in a forked child, in its own process group,
killed (with every solver worker it started) when the deadline passes.

For work that has no point at which to look at the clock — sympy on a large expression, the
transform search of the importance derivation — but must stay bounded. The answer is the
function's value, its exception (raised here as if called in-process), or :data:`TIMED_OUT`;
a timeout is never an answer, so the caller reports it as unknown, with the reason.
Where ``os.fork`` does not exist the call runs in-process, bounded by its own budget only.

>>> call_within(pow, (2, 10), timeout=5)
1024
>>> import time
>>> call_within(time.sleep, (5,), timeout=0.5) is TIMED_OUT
True
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import time
from collections.abc import Callable

TIMED_OUT = type("TimedOut", (), {"__repr__": lambda self: "TIMED_OUT", "__bool__": lambda self: False})()


def _kill(pid: int) -> None:
    for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            kill()
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


def _read_all(fd: int, deadline: float) -> bytes | None:
    """Everything the child writes before it closes the pipe, or None at the deadline."""
    chunks = []
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def call_within(fn: Callable, args: tuple = (), kwargs: dict | None = None, timeout: float = 30.0):
    """``fn(*args, **kwargs)``, or :data:`TIMED_OUT` when it has not returned within ``timeout`` s."""
    kwargs = kwargs or {}
    if not hasattr(os, "fork"):
        return fn(*args, **kwargs)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its own group, so that the kill reaches its solver workers
        code = 0
        try:
            os.close(r)
            os.setpgid(0, 0)
            try:
                msg = ("value", fn(*args, **kwargs))
            except BaseException as exc:  # raised in the parent
                msg = ("error", exc)
            try:
                data = pickle.dumps(msg)
            except Exception as exc:
                data = pickle.dumps(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))
            view = memoryview(data)
            while view:
                view = view[os.write(w, view):]
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(w)
    with contextlib.suppress(OSError):
        os.setpgid(pid, pid)
    try:
        data = _read_all(r, time.perf_counter() + timeout)
    finally:
        os.close(r)
        _kill(pid)
    if data is None:
        return TIMED_OUT
    if not data:
        raise RuntimeError(f"{getattr(fn, '__name__', fn)} ended without an answer (its process died)")
    kind, value = pickle.loads(data)
    if kind == "error":
        raise value
    return value
