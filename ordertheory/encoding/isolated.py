"""Bounded checks of SMT-LIB text in a child process: the solver worker, killed at its deadline.

A timeout of the solver itself is not enough: cvc5 and z3's nonlinear tactics overrun their own
limits. :class:`IsolatedSolver` keeps one worker process (:mod:`ordertheory.encoding.worker`) for many
queries and kills it when an answer is late; every answer is an
:class:`~ordertheory.encoding.answer.Answer`.

>>> with IsolatedSolver() as s:
...     s.check("(declare-fun x () Real)\\n(assert (< x x))\\n(check-sat)", 5).status.value
'unsat'
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Iterable

from ordertheory.encoding.answer import Answer
from ordertheory.encoding.cvc5_backend import configurations, share


class IsolatedSolver:
    """A long-lived solver child process; a query that overruns its deadline kills the child.

    Starting a process per query costs ~0.3 s (importing z3); one child serving many queries
    keeps the hard deadline without that cost. A killed child is restarted on the next query. A
    child inherited over a fork belongs to the parent: the forked process starts its own.
    """

    GRACE = 3.0  # seconds allowed beyond the solver's own limit before the kill

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self._pid: int | None = None
        self._lock = threading.Lock()

    def _start(self) -> subprocess.Popen:
        if self.proc is not None and self._pid != os.getpid():
            self.proc = None  # the parent's child, inherited over a fork: never written to from here
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "ordertheory.encoding.worker"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                text=True, bufsize=1,
            )
            self._pid = os.getpid()
        return self.proc

    def close(self) -> None:
        if self.proc is not None and self._pid == os.getpid() and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def __enter__(self) -> IsolatedSolver:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def check(self, text: str, timeout: float, solver: str = "z3", tactic: str | None = None,
              model_vars: Iterable[str] = (), deadline: float | None = None, enumerate_models: int = 0,
              rlimit: int = 0, cpu: float | None = None) -> Answer:
        """Check an SMT-LIB script within ``timeout`` seconds (the solver's own limit); the child is
        killed ``deadline`` seconds after the query was sent (default: the timeout plus a grace
        period). For cvc5, ``tactic`` is the index of one of its configurations; without it they are
        tried one request each. ``model_vars``: the names whose values the model reports (all when
        empty); ``enumerate_models``: list up to that many models of ``model_vars``. ``rlimit``: the
        solver's deterministic resource limit (z3's rlimit, cvc5's rlimit-per for each configuration),
        ``cpu``: CPU seconds before the worker is stopped — the budgets of a reproducible replay, the
        wall-clock ``timeout`` and ``deadline`` then being safety nets only."""
        if solver == "cvc5" and tactic is None:
            return self._check_cvc5(text, timeout, deadline, rlimit, cpu)
        with self._lock:
            return self._ask(text, timeout, solver, tactic, model_vars, deadline, enumerate_models, rlimit, cpu)

    def _ask(self, text, timeout, solver, tactic, model_vars, deadline, enumerate_models, rlimit=0,
             cpu=None) -> Answer:
        proc = self._start()
        req = json.dumps({"smt2": text, "timeout": timeout, "solver": solver, "tactic": tactic,
                          "vars": list(model_vars), "enumerate": enumerate_models, "rlimit": rlimit, "cpu": cpu})
        t0 = time.perf_counter()
        try:
            proc.stdin.write(req + "\n")
            proc.stdin.flush()
        except BrokenPipeError:
            self.close()
            return Answer.unknown(solver, "solver process died before the query", time.perf_counter() - t0)
        hard = deadline if deadline is not None else timeout + self.GRACE
        ready, _, _ = select.select([proc.stdout], [], [], hard)
        if not ready:
            self.close()
            return Answer.unknown(solver, f"{solver} killed at the {hard:g} s deadline", time.perf_counter() - t0)
        line = proc.stdout.readline()
        if not line:
            self.close()
            return Answer.unknown(solver, f"{solver} process died (crash or out of memory)", time.perf_counter() - t0)
        out = Answer.from_json(json.loads(line))
        return Answer(out.status, out.reason, out.model, out.solver, time.perf_counter() - t0, out.models)

    def _check_cvc5(self, text: str, timeout: float, deadline: float | None, rlimit: int = 0,
                    cpu: float | None = None) -> Answer:
        """cvc5's configurations in order, one request each, each killed at its own deadline
        (some overrun cvc5's limit), each with its weighted share of what is left (``share``):
        an early "incomplete" answer leaves its time to the next ones. With ``rlimit`` every
        configuration gets that many resource units instead (deterministic), ``cpu`` CPU seconds as
        the net for one that ignores its limits, and the wall clock is only the last resort."""
        t0 = time.perf_counter()
        if rlimit:
            out = Answer.unknown("cvc5", "cvc5 was not run")
            for i in range(len(configurations(text))):
                out = self.check(text, timeout, "cvc5", str(i), deadline=timeout + self.GRACE, rlimit=rlimit, cpu=cpu)
                if out.status.settled:
                    break
            return Answer(out.status, out.reason, out.model, out.solver, time.perf_counter() - t0, out.models)
        end = t0 + (deadline if deadline is not None else timeout + self.GRACE)
        n = len(configurations(text))
        out = Answer.unknown("cvc5", "cvc5 was not run (no time left)")
        for i in range(n):
            left = min(t0 + timeout, end - 1.0) - time.perf_counter()
            if left <= 0.05:
                break
            budget = share(i, n, left)
            out = self.check(text, budget, "cvc5", str(i), deadline=budget + 1.0)
            if out.status.settled:
                break
        return Answer(out.status, out.reason, out.model, out.solver, time.perf_counter() - t0, out.models)


def check_smtlib_isolated(text: str, timeout: float, solver: str = "z3", tactic: str | None = None,
                          model_vars: Iterable[str] = ()) -> Answer:
    """Check one SMT-LIB script in a fresh child process killed at the deadline."""
    with IsolatedSolver() as s:
        return s.check(text, timeout, solver, tactic, model_vars)
