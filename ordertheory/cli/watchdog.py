"""``--timeout`` honoured by every command, whatever it is doing: the safety net behind each
command's own budget.

A command hands its work the time left (:func:`ordertheory.cli.common.time_left`) and normally ends
by itself, its unsettled parts unknown with their reasons. Should it not (sympy or a solver that
never looks at the clock), the watchdog stops it:

- ``SOFT`` seconds past the deadline, :class:`DeadlineReached` is raised in the main thread
  (SIGALRM): the command unwinds, its ``finally`` blocks kill their children, and :func:`main`
  prints an unknown answer with the reason;
- ``HARD`` seconds past it, when even that did not end the command (a long call in C), a thread
  kills the process's descendants, prints the same answer and exits with code 3.

Either way the answer is ``unknown`` — a timeout is never a proof — and comes within ``HARD``
seconds of the deadline. Where SIGALRM or /proc do not exist the corresponding step is skipped.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager

SOFT, HARD = 0.5, 1.5


class DeadlineReached(BaseException):  # noqa: N818 - not an error: the user's deadline
    """The command's ``--timeout`` passed before it ended (a BaseException, so that no
    ``except Exception`` inside the work swallows it)."""


def descendants(pid: int) -> list[int]:
    """Every live descendant of ``pid`` (Linux /proc; [] elsewhere)."""
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(name))
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def kill_descendants() -> None:
    """SIGKILL every process this one started, and theirs (solver workers, forked checks)."""
    for p in descendants(os.getpid()):
        try:
            os.kill(p, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


@contextmanager
def armed(deadline: float | None, answer: Callable[[], None], hard: bool = True, finished: Callable[[], bool] = bool):
    """Watch the block until ``deadline`` (:func:`time.monotonic`): past it by :data:`SOFT` s raise
    :class:`DeadlineReached` in the main thread; past it by :data:`HARD` s (``hard``: in a real
    command process, never inside a test's) call ``answer()`` and exit with code 3. Nothing happens
    while ``finished()`` says the command is already writing its answer."""
    if deadline is None:
        yield
        return
    stop = threading.Event()
    soft = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    previous = None
    if soft:
        def on_alarm(signum, frame):
            if not finished():
                raise DeadlineReached()

        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, max(0.01, deadline + SOFT - time.monotonic()))

    def last_resort() -> None:
        if stop.wait(max(0.0, deadline + HARD - time.monotonic())) or finished():
            return
        kill_descendants()
        try:
            answer()
            sys.stdout.flush()
        finally:
            os._exit(3)

    thread = threading.Thread(target=last_resort, daemon=True) if hard else None
    if thread is not None:
        thread.start()
    try:
        yield
    finally:
        stop.set()
        if soft:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
