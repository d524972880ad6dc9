"""Child process that runs solver queries, so that the parent can kill it at a deadline.

One request per line on stdin (JSON: ``smt2``, ``timeout``, ``solver``, ``tactic``, ``vars``,
``enumerate``), one :class:`~ordertheory.encoding.answer.Answer` per line on stdout (its JSON). Run
as ``python -m ordertheory.encoding.worker``; it imports z3 (and cvc5 when asked), never sympy.
"""

from __future__ import annotations

import json
import sys

from ordertheory.encoding.answer import Answer
from ordertheory.encoding.cvc5_backend import run_cvc5_smtlib
from ordertheory.encoding.z3_run import run_z3_smtlib


def answer(req: dict) -> Answer:
    if req.get("solver", "z3") == "cvc5":
        config = req.get("tactic")  # for cvc5, the index of one of its configurations
        return run_cvc5_smtlib(req["smt2"], float(req["timeout"]), int(config or 0))
    return run_z3_smtlib(req["smt2"], float(req["timeout"]), req.get("tactic"), req.get("vars", []),
                         int(req.get("enumerate") or 0))


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
