"""Where independent work runs: one :class:`concurrent.futures.Executor` for every command.

``--jobs N`` picks a local process pool (``N = 1``: in this process, one task after the other);
``--scheduler tcp://HOST:PORT`` a Dask distributed cluster, ``--scheduler local`` a Dask
``LocalCluster`` on this machine (the optional extra ``pip install 'ordertheory[distributed]'``).
Tasks are plain module-level functions of texts and numbers; z3 objects never cross a process
boundary (every solver query is built, as SMT-LIB text, inside the task). :func:`run_tasks`
returns the results keyed by task name, so callers put them back in their own, fixed order and
the documents do not depend on scheduling.

>>> with executor(jobs=1) as ex:
...     out, secs = run_tasks(ex, [Task("a", pow, (2, 10)), Task("b", divmod, (7, 2))])
>>> out
{'a': 1024, 'b': (3, 1)}
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field

from ordertheory.engine import cache
from ordertheory.errors import InvalidInput


@dataclass(frozen=True)
class Task:
    """One independent piece of work: ``fn(*args)`` under a unique ``name``; a larger ``cost``
    is submitted earlier (the slowest first, so that it overlaps with the many small ones);
    ``keep(result)`` says whether a result is settled (nothing in it stayed unknown), which its
    cache entry records. A task runs once the tasks named in ``after`` are done;
    ``given(results)``, called where the tasks were submitted with the results so far, returns
    arguments appended to ``args`` (small values read off those results, never solver objects)."""

    name: str
    fn: Callable
    args: tuple = ()
    cost: float = field(default=0.0, compare=False)
    keep: Callable[[object], bool] | None = field(default=None, compare=False)
    after: tuple[str, ...] = field(default=(), compare=False)
    given: Callable[[dict], tuple] | None = field(default=None, compare=False)


class InlineExecutor(Executor):
    """Runs each task at submission, in this process (``--jobs 1``): the same code path as a pool."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        f: Future = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # delivered through the future, as a pool would
            f.set_exception(exc)
        return f


def _dask(scheduler: str, jobs: int):
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InvalidInput("--scheduler needs Dask: pip install 'ordertheory[distributed]'") from None
    import logging

    if scheduler == "local":
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                               silence_logs=logging.ERROR)
        return Client(cluster), cluster
    if not scheduler.startswith(("tcp://", "tls://", "ucx://", "inproc://")):
        raise InvalidInput(f"expected --scheduler local or tcp://HOST:PORT but got {scheduler!r}")
    try:
        return Client(scheduler, timeout=10), None
    except OSError as exc:
        raise InvalidInput(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None


@contextmanager
def executor(jobs: int | None = None, scheduler: str | None = None) -> Iterator[Executor]:
    """The executor for ``--jobs`` / ``--scheduler`` (default: a process pool over all cores)."""
    jobs = jobs or os.cpu_count() or 1
    if jobs < 1:
        raise InvalidInput(f"expected --jobs >= 1 but got {jobs}")
    if scheduler:
        client, cluster = _dask(scheduler, jobs)
        try:
            yield client.get_executor(pure=False)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    elif jobs == 1:
        yield InlineExecutor()
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield pool


def timed(fn: Callable, *args):
    """``(fn(*args), seconds)``: the time measured where the task ran."""
    t0 = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - t0


def run_tasks(ex: Executor, tasks: Sequence[Task], progress: bool = False, memo: bool = False,
              slots: int | None = None, on_done: Callable[[str, object, float], None] | None = None) -> tuple[dict, dict]:
    """Run every task on ``ex``; return ``({name: result}, {name: seconds})``.

    Of the tasks whose ``after`` are done, the costliest (ties: the given order) is submitted
    first, ``slots`` at a time (default: the pool's workers; all at once on a cluster), so that a
    task that became ready late still goes before cheaper work. Results are keyed by name, never
    by completion order. ``progress`` draws a bar on stderr. ``memo`` reuses a task's result
    stored by an earlier run of the very same call — the same function and arguments, budgets
    included, and the same code (:func:`ordertheory.engine.cache.code_fingerprint`) —, reported
    with the seconds it took to load, and stores the new ones. A result in which something stayed
    unknown is stored and reused too, as the solver cache reuses an unknown answer for a budget not
    larger: the same question with the same budget is not asked twice, so a warm run gives the
    cold run's documents whatever the load (a larger budget, or ``--no-cache``, asks again).
    ``on_done(name, result, seconds)`` is called as each task is finished (in completion order).

    >>> tasks = [Task("sum", lambda *xs: sum(xs), (1,), after=("a", "b"), given=lambda r: (r["a"], r["b"])),
    ...          Task("a", pow, (2, 3)), Task("b", pow, (3, 2))]
    >>> with executor(jobs=1) as ex:
    ...     run_tasks(ex, tasks)[0]["sum"]
    18
    """
    from concurrent.futures import FIRST_COMPLETED, wait

    names = [t.name for t in tasks]
    if len(set(names)) != len(names):
        raise ValueError("task names must be unique")
    missing = {d for t in tasks for d in t.after} - set(names)
    if missing:
        raise ValueError(f"tasks wait for unknown tasks: {', '.join(sorted(missing))}")
    if slots is None:
        slots = 1 if isinstance(ex, InlineExecutor) else getattr(ex, "_max_workers", None)
    results: dict[str, object] = {}
    seconds: dict[str, float] = {}
    show = progress and sys.stderr.isatty()
    done = 0

    def finish(name: str, value, secs: float) -> None:
        nonlocal done
        results[name], seconds[name] = value, secs
        done += 1
        if on_done is not None:
            on_done(name, value, secs)
        if progress:
            bar = "#" * (30 * done // len(tasks))
            print(f"[{bar:<30}] {done}/{len(tasks)} {name}".ljust(90), end="\r" if show else "\n",
                  file=sys.stderr, flush=True)

    waiting = sorted(tasks, key=lambda t: -t.cost)
    running: dict[Future, tuple[Task, tuple]] = {}
    while waiting or running:
        i = 0
        while i < len(waiting) and (slots is None or len(running) < slots):
            t = waiting[i]
            if not all(d in results for d in t.after):
                i += 1
                continue
            del waiting[i]
            args = t.args + (t.given(results) if t.given is not None else ())
            t0 = time.perf_counter()
            hit = cache.task_get(t.fn, args) if memo else None
            if hit is not None:
                finish(t.name, hit[0], time.perf_counter() - t0)
                i = 0  # it may have made a task ready that was passed over
                continue
            running[ex.submit(timed, t.fn, *args)] = (t, args)
        if not running:
            if waiting:
                raise ValueError(f"tasks wait for each other: {', '.join(t.name for t in waiting)}")
            break
        finished, _ = wait(running, return_when=FIRST_COMPLETED)
        for fut in finished:
            t, args = running.pop(fut)
            value, secs = fut.result()
            if memo:
                cache.task_put(t.fn, args, value, settled=t.keep is None or bool(t.keep(value)))
            finish(t.name, value, secs)
    if show:
        print(file=sys.stderr)
    return {n: results[n] for n in names}, {n: seconds[n] for n in names}
