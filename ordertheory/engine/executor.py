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
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field

from ordertheory.errors import InvalidInput


@dataclass(frozen=True)
class Task:
    """One independent piece of work: ``fn(*args)`` under a unique ``name``; a larger ``cost``
    is submitted earlier (the slowest first, so that it overlaps with the many small ones);
    ``keep(result)`` says whether a result may be stored for reuse (e.g. not when something stayed
    unknown: a later run retries it)."""

    name: str
    fn: Callable
    args: tuple = ()
    cost: float = field(default=0.0, compare=False)
    keep: Callable[[object], bool] | None = field(default=None, compare=False)


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


def run_tasks(ex: Executor, tasks: Sequence[Task], progress: bool = False,
              memo: bool = False) -> tuple[dict, dict]:
    """Run every task on ``ex``; return ``({name: result}, {name: seconds})``.

    Tasks are submitted by decreasing ``cost`` (ties in the given order); results are keyed by
    name, never by completion order. ``progress`` draws a bar on stderr. ``memo`` reuses a task's
    result stored by an earlier run of the same code (:func:`ordertheory.engine.cache.task_get`),
    reported with the seconds it took to load, and stores the new ones.
    """
    from ordertheory.engine import cache

    names = [t.name for t in tasks]
    if len(set(names)) != len(names):
        raise ValueError("task names must be unique")
    results: dict[str, object] = {}
    seconds: dict[str, float] = {}
    show = progress and sys.stderr.isatty()
    done = 0

    def finish(name: str, value, secs: float) -> None:
        nonlocal done
        results[name], seconds[name] = value, secs
        done += 1
        if progress:
            bar = "#" * (30 * done // len(tasks))
            print(f"[{bar:<30}] {done}/{len(tasks)} {name}".ljust(90), end="\r" if show else "\n",
                  file=sys.stderr, flush=True)

    todo = []
    for t in sorted(tasks, key=lambda t: -t.cost):
        t0 = time.perf_counter()
        hit = cache.task_get(t.fn, t.args) if memo else None
        if hit is not None:
            finish(t.name, hit[0], time.perf_counter() - t0)
        else:
            todo.append(t)
    by_task = {t.name: t for t in todo}

    def collect(name: str, fut: Future) -> None:
        value, secs = fut.result()
        task = by_task[name]
        if memo and (task.keep is None or task.keep(value)):
            cache.task_put(by_task[name].fn, by_task[name].args, value)
        finish(name, value, secs)

    if isinstance(ex, InlineExecutor):  # one at a time, so that the bar moves as work is done
        for t in todo:
            collect(t.name, ex.submit(timed, t.fn, *t.args))
    else:
        futs = {ex.submit(timed, t.fn, *t.args): t.name for t in todo}
        for fut in as_completed(futs):
            collect(futs[fut], fut)
    if show:
        print(file=sys.stderr)
    return {n: results[n] for n in names}, {n: seconds[n] for n in names}
