"""``--timeout`` honoured by every command, whatever it is doing, start-up included: the safety net
behind each command's own budget.

A command hands its work the time left (:func:`ordertheory.cli.common.time_left`) and normally ends
by itself, its unsettled parts unknown with their reasons. Should it not (sympy, a solver or an
import that never looks at the clock), the watchdog stops it in two steps:

- ``SOFT`` seconds past the deadline, :class:`DeadlineReached` is raised in the main thread
  (SIGALRM): the command unwinds, its ``finally`` blocks kill their children, and
  :func:`ordertheory.cli.main` prints an unknown answer with the reason (exit 3). Anything the
  command raises once the alarm has fired — an ``ImportError: initialization failed`` from a C
  extension interrupted while it loaded — is the deadline too (:func:`fired`), never exit 4;
- ``HARD`` seconds past it, when even that did not end the command (a long call in C that holds
  the interpreter and never runs a signal handler), the command is killed from outside: a real
  command runs in a forked child of a small supervising process (:func:`supervise`, which has
  loaded nothing but the standard library and the command line's parser), and the supervisor
  kills the child with every process below it, prints the same unknown answer and exits 3.

Either way the answer is ``unknown`` — a timeout is never a proof — and comes within ``HARD``
seconds of the deadline. Where ``fork`` does not exist a thread of the command's own process takes
the supervisor's place (it needs the interpreter, so a call in C that holds it delays it); where
SIGALRM or /proc do not exist the corresponding step is skipped.
"""

from __future__ import annotations

import mmap
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager

SOFT, HARD = 0.5, 1.0
_PR_SET_PDEATHSIG, _PR_SET_CHILD_SUBREAPER = 1, 36  # prctl(2)

_STATE = {"fired": False, "answering": None}  # answering: the byte the supervisor reads (shared memory)


class DeadlineReached(BaseException):  # noqa: N818 - not an error: the user's deadline
    """The command's ``--timeout`` passed before it ended (a BaseException, so that no
    ``except Exception`` inside the work swallows it)."""


def fired() -> bool:
    """Whether the alarm of :func:`armed` has gone off in this process: from then on, whatever the
    command raises is the deadline's doing (an import interrupted in C says ``ImportError``)."""
    return _STATE["fired"]


def answering() -> None:
    """Say that the command is writing its answer: the alarm then lets it finish, and the supervisor
    prints no second answer when it has to kill the command."""
    _STATE["answering"] = _STATE["answering"] or bytearray(1)
    _STATE["answering"][0] = 1


def is_answering() -> bool:
    """Whether :func:`answering` was called (in this process, or in the supervised child)."""
    flag = _STATE["answering"]
    return bool(flag is not None and flag[0])


def reset() -> None:
    """Forget a previous command's alarm and answer (:func:`ordertheory.cli.main` called again in
    one process, as the tests do)."""
    _STATE["fired"] = False
    if _STATE["answering"] is not None:
        _STATE["answering"][0] = 0


def descendants(pid: int) -> list[int]:
    """Every live descendant of ``pid``, parents before their children (Linux /proc; [] elsewhere)."""
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


def kill_descendants(rounds: int = 3) -> None:
    """SIGKILL every process this one started, and theirs (solver workers, forked checks); again
    while some remain (a process forked between the listing and the kill is found the next round)."""
    for _ in range(rounds):
        found = descendants(os.getpid())
        if not found:
            return
        for p in found:
            try:
                os.kill(p, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def _prctl(option: int, value: int) -> None:
    """prctl(2) where the C library has it (Linux); nothing elsewhere."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _wait(pid: int, until: float) -> int | None:
    """The child's exit status (as ``os.waitstatus_to_exitcode``), or None at ``until`` (monotonic)."""
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        fd = None
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return os.waitstatus_to_exitcode(status)
            left = until - time.monotonic()
            if left <= 0:
                return None
            if fd is not None:
                select.select([fd], [], [], left)
            else:
                time.sleep(min(left, 0.05))
    except ChildProcessError:  # reaped elsewhere: nothing more to say about it
        return 0
    finally:
        if fd is not None:
            os.close(fd)


def supervise(deadline: float, answer: Callable[[], None]) -> bool:
    """Fork: the command goes on in the child (this returns True there); this process waits for it
    and exits with its exit code, or — ``HARD`` seconds past ``deadline`` (:func:`time.monotonic`) —
    kills it and every process below it, calls ``answer()`` (unless the child was already writing
    its own) and exits with code 3. Returns False, without forking, where ``fork`` is missing.

    Call it before any thread starts and before the heavy imports: the supervisor stays a small
    process that only waits, so no call in C inside the command can hold it up. The child's
    standard output is line-buffered, so that a killed command loses no line it printed.
    """
    if not hasattr(os, "fork"):
        return False
    sys.stdout.flush()
    sys.stderr.flush()
    flag = mmap.mmap(-1, 1)  # shared with the child: set by answering()
    _prctl(_PR_SET_CHILD_SUBREAPER, 1)  # orphans of the command come here, and are killed with it
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:  # no process to spare: the thread of armed() stands in
        return False
    if pid == 0:
        _STATE["answering"] = flag
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)  # the supervisor killed: the command goes too
        if os.getppid() != parent:
            os._exit(3)
        try:
            sys.stdout.reconfigure(line_buffering=True)
        except (AttributeError, ValueError):
            pass
        return True
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the terminal sends it to the child too: it answers
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda signum, frame: os.kill(pid, signum))
    code = _wait(pid, deadline + HARD)
    if code is None:
        os.kill(pid, signal.SIGKILL)
        kill_descendants()
        if not flag[0]:
            try:
                answer()
            except Exception:  # the exit code still says unknown
                pass
        code = 3
    else:
        kill_descendants()  # what the command left running (its orphans were reparented here)
        code = code if code >= 0 else 128 - code  # killed by a signal: the shell's 128 + N
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


@contextmanager
def armed(deadline: float | None, answer: Callable[[], None], hard: bool = True, finished: Callable[[], bool] = bool):
    """Watch the block until ``deadline`` (:func:`time.monotonic`): past it by :data:`SOFT` s raise
    :class:`DeadlineReached` in the main thread (:func:`fired` says so from then on); with ``hard``
    (a real command process that no supervisor watches, never inside a test's), past it by
    :data:`HARD` s call ``answer()`` and exit with code 3 from a thread. Nothing happens while
    ``finished()`` or :func:`is_answering` says the command is already writing its answer."""
    if deadline is None:
        yield
        return
    stop = threading.Event()
    soft = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    previous = None
    if soft:
        def on_alarm(signum, frame):
            if not (finished() or is_answering()):
                _STATE["fired"] = True
                raise DeadlineReached()

        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, max(0.01, deadline + SOFT - time.monotonic()))

    def last_resort() -> None:
        if stop.wait(max(0.0, deadline + HARD - time.monotonic())) or finished() or is_answering():
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
