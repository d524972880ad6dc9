"""One call stopped at a wall-clock deadline, whatever it does (sympy included).

Exact derivations (an importance, a satisfaction) are sympy work with no point at which to look at
the clock: on 40 outcomes one linear system can take minutes. :func:`call_within` runs the call in
a forked child in its own process group (its solver workers go with it) and kills the group at the
deadline: the caller gets the value, or ``None`` with ``finished = False`` — a timeout is never an
answer. Exceptions of the call are raised in the caller, as if it had run in-process. Where
``os.fork`` does not exist the call runs in-process, bounded by its own limits only.

>>> call_within(sum, 10, [1, 2, 3])
(True, 6)
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import time
from collections.abc import Callable
from typing import Any

from ordertheory.errors import OrderTheoryError


def _read_all(fd: int, deadline: float) -> bytes | None:
    """Everything the child writes until it closes the pipe, or None at the deadline."""
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


def _kill(pid: int) -> None:
    for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            kill()
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


def call_within(fn: Callable[..., Any], seconds: float, /, *args, **kwargs) -> tuple[bool, Any]:
    """(True, fn(*args, **kwargs)) when the call ends within ``seconds``, else (False, None)."""
    if not hasattr(os, "fork"):
        return True, fn(*args, **kwargs)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        code = 0
        try:
            os.close(r)
            os.setpgid(0, 0)
            try:
                msg = ("value", fn(*args, **kwargs))
            except BaseException as exc:  # raised again in the parent
                msg = ("error", exc)
            try:
                data = pickle.dumps(msg)
            except Exception as exc:
                data = pickle.dumps(("error", OrderTheoryError(f"unpicklable result: {type(exc).__name__}")))
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
        data = _read_all(r, time.perf_counter() + seconds)
    finally:
        os.close(r)
        _kill(pid)
    if not data:
        return False, None
    kind, value = pickle.loads(data)
    if kind == "error":
        raise value
    return True, value
