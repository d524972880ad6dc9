"""Child process that runs solver queries, so that the parent can kill it at a deadline.

One request per line on stdin (JSON: ``smt2``, ``timeout``, ``solver``, ``tactic``, ``vars``), one
JSON answer per line on stdout. Run as ``python -m ordertheory.encoding.worker``.
"""

from __future__ import annotations

import json
import sys


def answer(req: dict) -> dict:
    if req.get("cpu"):
        cpu_limit(float(req["cpu"]))
    rlimit = int(req.get("rlimit") or 0)
    if req.get("solver", "z3") == "cvc5":
        from ordertheory.encoding.cvc5_backend import run_cvc5_smtlib

        config = req.get("tactic")  # for cvc5, the index of one of its configurations
        return run_cvc5_smtlib(req["smt2"], float(req["timeout"]), int(config or 0), rlimit)
    from ordertheory.encoding.z3_run import run_z3_smtlib

    return run_z3_smtlib(req["smt2"], float(req["timeout"]), req.get("tactic"), req.get("vars", []), rlimit)


def cpu_limit(seconds: float) -> None:
    """This process ends (SIGXCPU) after ``seconds`` more of CPU time: a safety net for a solver that
    ignores its own limits, which a busy machine stretches far less than wall time (the parent sees
    a dead worker: unknown, and starts another)."""
    import resource

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
            out = {"status": "unknown", "reason": f"worker error: {type(exc).__name__}: {exc}",
                   "model": {}, "solver": "?"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
