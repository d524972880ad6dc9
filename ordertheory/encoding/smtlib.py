"""Obligations as SMT-LIB 2 files (certificates) and their replay by z3 and cvc5.

A file states its expected answer in a header comment (``; expected: unsat``): 'unsat' means the
negated claim is impossible, i.e. the claim is proved. Replay re-checks every file in a child
process per solver, killed at the deadline, and reports any disagreement.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ordertheory.encoding.z3_backend import IsolatedSolver

_EXPECTED = re.compile(r"^; expected: (sat|unsat)\b", re.MULTILINE)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def file_name(obligation_id: str) -> str:
    """A safe, stable file name for an obligation id."""
    return re.sub(r"[^A-Za-z0-9._=-]+", "_", obligation_id) + ".smt2"


def write(directory: Path, obligation_id: str, text: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / file_name(obligation_id)
    path.write_text(text)
    return path


@dataclass(frozen=True)
class Replay:
    """The replay of one file: the expected answer and what each solver said."""

    path: str
    expected: str
    answers: dict[str, str]
    reasons: dict[str, str | None]
    via: dict[str, str] = field(default_factory=dict)  # solver and version (cvc5: its configuration)

    @property
    def agreed(self) -> bool:
        """No solver contradicts the expectation (an 'unknown' is reported but is no contradiction)."""
        return all(a in (self.expected, "unknown") for a in self.answers.values())

    @property
    def confirmed_by(self) -> list[str]:
        return [s for s, a in self.answers.items() if a == self.expected]


def expected_answer(text: str) -> str:
    m = _EXPECTED.search(text)
    return m.group(1) if m else "unsat"


CVC5_TIMEOUT = 20.0  # shared by cvc5's configurations (encoding/cvc5_backend.QF_NRA_CONFIGS)


@dataclass(frozen=True)
class ReplayLimits:
    """Deterministic budgets for a replay, so that what a solver confirms does not depend on how busy
    the machine is: resource units per check (z3's ``rlimit``; cvc5's ``rlimit-per``, for each of
    its configurations), with ``cpu`` seconds of CPU time per check as the safety net for a
    configuration that ignores its limits (cvc5's coverings can), and the wall-clock timeouts only
    as the last resort.

    Measured on the committed certificates (z3 4.x/5.x, cvc5 1.x): z3 needs at most 1.33 × 10⁶ units
    (MCC's test 1 on all performances), cvc5's proofs at most ~8 × 10⁴ per configuration; its
    configurations that answer "unknown" stop after ~3.6 × 10⁴ or run on without accounting.
    """

    z3_rlimit: int = 20_000_000
    cvc5_rlimit: int = 400_000
    cpu: float = 5.0

    def for_solver(self, solver: str) -> int:
        return self.cvc5_rlimit if solver == "cvc5" else self.z3_rlimit


DETERMINISTIC = ReplayLimits()


def replay_file(path: Path, solvers: list[str], timeout: float = 30.0,
                processes: dict | None = None, cvc5_timeout: float = CVC5_TIMEOUT,
                limits: ReplayLimits | None = None) -> Replay:
    """Replay one file with each solver (reusing ``processes[solver]`` when given); with ``limits``
    the budgets are resource units and the timeouts only safety nets."""
    text = path.read_text()
    expected = expected_answer(text)
    answers, reasons, via = {}, {}, {}
    for solver in solvers:
        limit = min(timeout, cvc5_timeout) if solver == "cvc5" and limits is None else timeout
        extra = {} if limits is None else {"rlimit": limits.for_solver(solver), "cpu": limits.cpu}
        if processes is not None:
            r = processes.setdefault(solver, IsolatedSolver()).check(text, limit, solver=solver, **extra)
        else:
            with IsolatedSolver() as one:
                r = one.check(text, limit, solver=solver, **extra)
        answers[solver] = r["status"]
        reasons[solver] = r.get("reason")
        via[solver] = str(r.get("solver") or solver)
    return Replay(str(path), expected, answers, reasons, via)


_PART = re.compile(r"^; part (\d+)/(\d+) of (\S+)", re.MULTILINE)


def incomplete_groups(texts: Iterable[str]) -> dict[str, list[int]]:
    """Proofs made of parts (``; part i/n of GROUP`` headers) with parts missing: group → missing i.

    Such a proof (cells of a case split, or the steps of a reduction) holds only when every part
    is present and unsat: a directory with a part removed is no certificate of the claim.

    >>> incomplete_groups(["; part 1/2 of g\\n(check-sat)", "; part 2/2 of h"])
    {'g': [2], 'h': [1]}
    """
    seen: dict[str, set[int]] = {}
    sizes: dict[str, int] = {}
    for text in texts:
        m = _PART.search(text)
        if m:
            i, n, g = int(m.group(1)), int(m.group(2)), m.group(3)
            seen.setdefault(g, set()).add(i)
            sizes[g] = max(sizes.get(g, 0), n)
    return {g: sorted(set(range(1, sizes[g] + 1)) - s) for g, s in seen.items() if len(s) < sizes[g]}


def available_solvers() -> list[str]:
    from ordertheory.encoding.cvc5_backend import available

    return ["z3", "cvc5"] if available() else ["z3"]


def replay_directory(directory: Path, timeout: float = 30.0, solvers: list[str] | None = None,
                     jobs: int = 1, cvc5_timeout: float = CVC5_TIMEOUT,
                     progress: Callable[[int, int, str], None] | None = None,
                     limits: ReplayLimits | None = None) -> list[Replay]:
    """Replay every ``*.smt2`` file below ``directory`` with the available solvers.

    Each of the ``jobs`` threads keeps one solver child per solver, so a thousand small
    certificates cost milliseconds each rather than a process start each. ``progress(done,
    total, path)`` is called as each file is finished.
    """
    import threading
    from concurrent.futures import ThreadPoolExecutor

    paths = sorted(Path(directory).rglob("*.smt2"))
    solvers = solvers or available_solvers()
    local = threading.local()
    pools: list[dict] = []
    lock, done = threading.Lock(), [0]

    def one(p: Path) -> Replay:
        if not hasattr(local, "procs"):
            local.procs = {}
            pools.append(local.procs)
        r = replay_file(p, solvers, timeout, local.procs, cvc5_timeout, limits)
        if progress is not None:
            with lock:
                done[0] += 1
                progress(done[0], len(paths), str(p))
        return r

    try:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            return list(pool.map(one, paths))
    finally:
        for procs in pools:
            for proc in procs.values():
                proc.close()
