"""Child process that runs solver queries, so that the parent can kill it at a deadline.

One request per line on stdin (JSON: ``smt2``, ``timeout``, ``solver``, ``tactic``, ``vars``,
``enumerate``, ``rlimit``, ``cpu``), one :class:`~ordertheory.encoding.answer.Answer` per line on stdout (its JSON). Run
as ``python -m ordertheory.encoding.worker``; it imports z3 (and cvc5 when asked), never sympy.
"""

from __future__ import annotations

import json
import resource
import sys

from ordertheory.encoding.answer import Answer
from ordertheory.encoding.cvc5_backend import run_cvc5_smtlib
from ordertheory.encoding.z3_run import run_z3_smtlib


def answer(req: dict) -> Answer:
    if req.get("cpu"):
        cpu_limit(float(req["cpu"]))
    rlimit = int(req.get("rlimit") or 0)
    if req.get("solver", "z3") == "cvc5":
        config = req.get("tactic")  # for cvc5, the index of one of its configurations
        return run_cvc5_smtlib(req["smt2"], float(req["timeout"]), int(config or 0), rlimit)
    return run_z3_smtlib(req["smt2"], float(req["timeout"]), req.get("tactic"), req.get("vars", []),
                         int(req.get("enumerate") or 0), rlimit)


def cpu_limit(seconds: float) -> None:
    """This process ends (SIGXCPU) after ``seconds`` more of CPU time: the safety net for a solver
    that ignores its own limits, which a busy machine stretches far less than wall time (the parent
    sees a dead worker: unknown, and starts another)."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    soft = int(used.ru_utime + used.ru_stime + seconds) + 1
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            out = answer(json.loads(line))
        except Exception as exc:  # a malformed query is an 'unknown', never a crash of the parent
            out = Answer.unknown("?", f"worker error: {type(exc).__name__}: {exc}")
        sys.stdout.write(json.dumps(out.to_json()) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
