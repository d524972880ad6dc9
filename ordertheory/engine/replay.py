"""Replaying certificates: every SMT-LIB file below a folder re-checked by z3 and cvc5.

Each file states the answer it expects (``; expected: unsat``); each solver re-checks it through the
decider (:class:`~ordertheory.engine.prove.Decider`, the result cache off: a replay asks the solvers
again), in a worker killed at the deadline, and any disagreement is reported. An UNKNOWN answer is
reported but contradicts nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ordertheory.encoding.answer import Status
from ordertheory.encoding.isolated import IsolatedSolver
from ordertheory.encoding.smtlib import available_solvers, expected_answer
from ordertheory.engine.prove import Decider, Obligation

CVC5_TIMEOUT = 20.0  # shared by cvc5's configurations (encoding/cvc5_backend.QF_NRA_CONFIGS)


@dataclass(frozen=True)
class ReplayLimits:
    """Deterministic budgets for a replay, so that what a solver confirms does not depend on how busy
    the machine is: resource units per check (z3's ``rlimit``; cvc5's ``rlimit-per``, for each of
    its configurations), with ``cpu`` seconds of CPU time per check as the safety net for a
    configuration that ignores its limits (cvc5's coverings can), and the wall-clock timeouts only
    as the last resort.

    Measured on the committed certificates (z3 4.x/5.x, cvc5 1.x): z3 needs at most 1.33 × 10⁶ units
    (MCC's test 1 on all performances); cvc5's proofs at most ~8 × 10⁴ units per configuration, and
    at most 2 CPU seconds in the configuration that settles them; its configurations that answer
    "unknown" stop after ~3.6 × 10⁴ units or run on without accounting (the CPU net stops those).
    """

    z3_rlimit: int = 20_000_000
    cvc5_rlimit: int = 400_000
    cpu: float = 5.0

    def for_solver(self, solver: str) -> int:
        return self.cvc5_rlimit if solver == "cvc5" else self.z3_rlimit


DETERMINISTIC = ReplayLimits()


@dataclass(frozen=True)
class Replay:
    """The replay of one file: the expected answer and what each solver said."""

    path: str
    expected: Status
    answers: dict[str, Status]
    reasons: dict[str, str | None]
    via: dict[str, str] = field(default_factory=dict)  # solver and version (cvc5: its configuration)

    @property
    def agreed(self) -> bool:
        """No solver contradicts the expectation (an UNKNOWN is reported but is no contradiction)."""
        return all(a in (self.expected, Status.UNKNOWN) for a in self.answers.values())

    @property
    def confirmed_by(self) -> list[str]:
        return [s for s, a in self.answers.items() if a is self.expected]


def replay_file(path: Path, solvers: list[str], timeout: float = 30.0,
                deciders: dict[str, Decider] | None = None, cvc5_timeout: float = CVC5_TIMEOUT,
                limits: ReplayLimits | None = None) -> Replay:
    """Replay one file with each solver (``deciders[solver]`` when given, one worker each); with
    ``limits`` the budgets are resource units and the timeouts only safety nets."""
    text = path.read_text()
    answers, reasons, via = {}, {}, {}
    own = deciders is None
    deciders = {} if deciders is None else deciders
    try:
        for solver in solvers:
            limit = min(timeout, cvc5_timeout) if solver == "cvc5" and limits is None else timeout
            decider = deciders.setdefault(solver, Decider(limit, IsolatedSolver(), tactics=(None,), cache=False))
            budget = {} if limits is None else {"rlimit": limits.for_solver(solver), "cpu": limits.cpu}
            a = decider.check(Obligation.script(path.name, f"replay of {path.name}", text, solver), limit, **budget)
            answers[solver], reasons[solver], via[solver] = a.status, a.reason, a.solver or solver
    finally:
        if own:
            for d in deciders.values():
                d.close()
    return Replay(str(path), expected_answer(text), answers, reasons, via)


def replay_directory(directory: Path, timeout: float = 30.0, solvers: list[str] | None = None,
                     jobs: int = 1, cvc5_timeout: float = CVC5_TIMEOUT,
                     progress: Callable[[int, int, str], None] | None = None,
                     limits: ReplayLimits | None = None) -> list[Replay]:
    """Replay every ``*.smt2`` file below ``directory`` with the available solvers.

    Each of the ``jobs`` threads keeps one solver worker per solver, so a thousand small
    certificates cost milliseconds each rather than a process start each. ``progress(done,
    total, path)`` is called as each file is finished.
    """
    paths = sorted(Path(directory).rglob("*.smt2"))
    solvers = solvers or available_solvers()
    local = threading.local()
    pools: list[dict] = []
    lock, done = threading.Lock(), [0]

    def one(p: Path) -> Replay:
        if not hasattr(local, "deciders"):
            local.deciders = {}
            pools.append(local.deciders)
        r = replay_file(p, solvers, timeout, local.deciders, cvc5_timeout, limits)
        if progress is not None:
            with lock:
                done[0] += 1
                progress(done[0], len(paths), str(p))
        return r

    try:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            return list(pool.map(one, paths))
    finally:
        for deciders in pools:
            for d in deciders.values():
                d.close()
