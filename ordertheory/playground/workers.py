"""Worker processes that compute under a hard deadline: a job past its time is killed, never waited for.

Each worker is a spawned process (no state shared with the server) that imports the package once,
then answers jobs ``(name, kwargs)`` from :mod:`ordertheory.playground.jobs` one at a time. The
pool hands a job to an idle worker; when the deadline passes first, the worker's whole process
group is killed (with the solver processes it started) and a fresh worker takes its place. A
request finds no idle worker in its time, or more requests wait than the queue allows: it is
refused (``Busy``) instead of piling up. Workers run with an address-space limit and are replaced
after a number of jobs, so memory stays bounded; their environment points every cache and
temporary file into the server's temporary folder.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import resource
import signal
import time
from pathlib import Path


class Busy(Exception):
    """No worker became free in time (or the queue is full): refuse with 503."""


class Overrun(Exception):
    """The job ran past its deadline: its worker was killed (answer: unknown, 504)."""


class Crashed(Exception):
    """The worker died during the job (e.g. past its memory limit)."""


JOBS = "ordertheory.playground.jobs"  # the module whose run(name, kwargs) answers a worker's jobs


def _worker_main(conn, env: dict, memory_bytes: int, jobs_module: str = JOBS) -> None:
    # The limits and the environment first, then the computation stack: imported here, in the worker,
    # so that the server process never loads it (tests/unit/test_architecture.py allows this one module).
    import importlib

    os.setpgrp()  # one process group: killing it takes the solver children along
    os.environ.update(env)
    if memory_bytes:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    jobs = importlib.import_module(jobs_module)

    conn.send("ready")
    while True:
        try:
            name, kwargs = conn.recv()
        except EOFError:
            return
        conn.send(jobs.run(name, kwargs))


class _Worker:
    def __init__(self, ctx, env: dict, memory_bytes: int, jobs_module: str = JOBS) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker_main, args=(child, env, memory_bytes, jobs_module), daemon=False)
        self.process.start()
        child.close()
        self.jobs = 0

    def kill(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.process.join(timeout=5)
        self.conn.close()


class WorkerPool:
    """``size`` workers; :meth:`run` gives one job to an idle worker and waits at most until its deadline.
    ``jobs``: the module that answers the jobs (the tests give one with a job that never ends)."""

    def __init__(self, size: int, workdir: Path, memory_bytes: int, queue: int, jobs_per_worker: int,
                 jobs: str = JOBS) -> None:
        self.size, self.memory_bytes, self.queue_limit = size, memory_bytes, queue
        self.jobs_per_worker, self.jobs_module = jobs_per_worker, jobs
        self.ctx = multiprocessing.get_context("spawn")
        self.env = {"ORDERTHEORY_CACHE": str(workdir / "cache"), "MPLCONFIGDIR": str(workdir / "matplotlib"),
                    "TMPDIR": str(workdir / "tmp"), "MPLBACKEND": "Agg", "PYTHONDONTWRITEBYTECODE": "1"}
        for sub in ("cache", "matplotlib", "tmp"):
            (workdir / sub).mkdir(parents=True, exist_ok=True)
        self.idle: asyncio.Queue | None = None
        self.all: set[_Worker] = set()
        self.waiting = 0
        self.stats = {"jobs": 0, "killed": 0, "refused": 0, "crashed": 0}

    async def start(self) -> None:
        self.idle = asyncio.Queue()
        await asyncio.gather(*(self._spawn() for _ in range(self.size)))

    async def _spawn(self) -> None:
        loop = asyncio.get_running_loop()
        w = await loop.run_in_executor(None, _Worker, self.ctx, self.env, self.memory_bytes, self.jobs_module)
        self.all.add(w)
        ready = await loop.run_in_executor(None, w.conn.poll, 120)
        if ready and await loop.run_in_executor(None, w.conn.recv) == "ready":
            await self.idle.put(w)
        else:  # never came up: try again later, once
            self._retire(w)

    def _retire(self, w: _Worker) -> None:
        self.all.discard(w)
        w.kill()

    def _replace(self, w: _Worker) -> None:
        self._retire(w)
        asyncio.get_running_loop().create_task(self._spawn())

    async def run(self, name: str, kwargs: dict, seconds: float) -> dict:
        """The job's answer, or Busy (no worker in time / queue full), Overrun (killed), Crashed."""
        deadline = time.monotonic() + seconds
        if self.waiting >= self.queue_limit + self.size:
            self.stats["refused"] += 1
            raise Busy(f"the playground is busy ({self.waiting} requests waiting); try again shortly")
        self.waiting += 1
        try:
            w = await asyncio.wait_for(self.idle.get(), timeout=max(0.01, deadline - time.monotonic()))
        except TimeoutError:
            self.stats["refused"] += 1
            raise Busy("no worker became free within the request's time; try again shortly") from None
        finally:
            self.waiting -= 1
        loop = asyncio.get_running_loop()
        try:
            w.conn.send((name, kwargs))
            done = await loop.run_in_executor(None, w.conn.poll, max(0.01, deadline - time.monotonic()))
            if not done:
                self.stats["killed"] += 1
                self._replace(w)
                raise Overrun(f"unknown: the computation ran past its {seconds:g} s and was stopped")
            answer = await loop.run_in_executor(None, w.conn.recv)
        except (EOFError, OSError, BrokenPipeError):
            self.stats["crashed"] += 1
            self._replace(w)
            raise Crashed("internal error: the worker stopped during the computation") from None
        self.stats["jobs"] += 1
        w.jobs += 1
        if w.jobs >= self.jobs_per_worker:
            self._replace(w)
        else:
            await self.idle.put(w)
        return answer

    def stop(self) -> None:
        for w in list(self.all):
            self._retire(w)
