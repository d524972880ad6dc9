"""Child process that runs solver queries, so that the parent can kill it at a deadline.

One request per line on stdin (JSON: ``smt2``, ``timeout``, ``solver``, ``tactic``, ``vars``), one
JSON answer per line on stdout. Run as ``python -m ordertheory.encoding.worker``.
"""

from __future__ import annotations

import json
import sys


def answer(req: dict) -> dict:
    if req.get("solver", "z3") == "cvc5":
        from ordertheory.encoding.cvc5_backend import run_cvc5_smtlib

        config = req.get("tactic")  # for cvc5, the index of one of its configurations
        return run_cvc5_smtlib(req["smt2"], float(req["timeout"]), int(config or 0))
    from ordertheory.encoding.z3_run import run_z3_smtlib

    return run_z3_smtlib(req["smt2"], float(req["timeout"]), req.get("tactic"), req.get("vars", []))


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
