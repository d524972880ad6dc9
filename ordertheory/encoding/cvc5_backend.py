"""cvc5 as the second, independent solver (the ``crosscheck`` extra), used only to replay SMT-LIB.

Called from the worker child process only, since cvc5 can overrun its own time limit.
"""

from __future__ import annotations

import importlib.util


def available() -> bool:
    """True when the cvc5 Python package is installed."""
    return importlib.util.find_spec("cvc5") is not None


def run_cvc5_smtlib(text: str, timeout: float) -> dict:
    """Check an SMT-LIB script with cvc5 (status only; models are not needed for replay)."""
    import cvc5

    tm = cvc5.TermManager() if hasattr(cvc5, "TermManager") else None
    solver = cvc5.Solver(tm) if tm is not None else cvc5.Solver()
    solver.setOption("tlimit-per", str(max(1, int(timeout * 1000))))
    solver.setOption("produce-models", "false")
    parser = cvc5.InputParser(solver)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, _strip_for_cvc5(text), "obligation")
    sm = parser.getSymbolManager()
    result = None
    while True:
        cmd = parser.nextCommand()
        if cmd.isNull():
            break
        out = cmd.invoke(solver, sm)
        if "check-sat" in str(cmd):
            result = out.strip()
    status = {"sat": "sat", "unsat": "unsat"}.get(result or "", "unknown")
    version = "cvc5 " + str(getattr(cvc5, "__version__", "")).strip()
    reason = None if status != "unknown" else f"cvc5 answered {result or 'nothing'}"
    return {"status": status, "reason": reason, "model": {}, "solver": version}


def _strip_for_cvc5(text: str) -> str:
    """cvc5 needs a logic; z3's scripts set none. ALL is the catch-all logic."""
    lines = [ln for ln in text.splitlines() if not ln.startswith("(set-info :status")]
    body = "\n".join(lines)
    if "(set-logic" not in body:
        body = "(set-logic ALL)\n" + body
    return body
