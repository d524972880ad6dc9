"""cvc5 as the second, independent solver (the ``crosscheck`` extra), used only to replay SMT-LIB.

Called from the worker child process only, since cvc5 can overrun its own time limit.
"""

from __future__ import annotations

import importlib.util
import re


def available() -> bool:
    """True when the cvc5 Python package is installed."""
    return importlib.util.find_spec("cvc5") is not None


def run_cvc5_smtlib(text: str, timeout: float) -> dict:
    """Check an SMT-LIB script with cvc5 (status only; models are not needed for replay).

    A quantifier-free real script that cvc5 leaves 'unknown' under the catch-all logic ALL is
    tried again as QF_NRA, where cvc5 runs its complete cylindrical-algebraic-coverings procedure
    instead of incremental linearisation (measured: it then decides most of what ALL leaves open).
    """
    import time

    t0 = time.perf_counter()
    body = _strip_for_cvc5(text)
    attempts = [None]
    if "(set-logic" not in _code(text) and _pure_real(text):
        attempts = ["QF_NRA", None]
    result, reason = None, None
    for k, logic in enumerate(attempts):
        left = timeout - (time.perf_counter() - t0)
        if left <= 0.05:
            break
        limit = left / (len(attempts) - k) if k + 1 < len(attempts) else left
        try:
            result = _check(body if logic is None else body.replace("(set-logic ALL)", f"(set-logic {logic})", 1), limit)
        except RuntimeError as exc:  # e.g. a construct outside the logic: try the next one
            result, reason = None, f"cvc5 error: {str(exc).splitlines()[0][:120]}"
            continue
        if result in ("sat", "unsat"):
            break
    status = {"sat": "sat", "unsat": "unsat"}.get(result or "", "unknown")
    version = "cvc5 " + str(getattr(cvc5_module(), "__version__", "")).strip()
    if status == "unknown":
        reason = reason or f"cvc5 answered {result or 'nothing'}"
    return {"status": status, "reason": None if status != "unknown" else reason, "model": {}, "solver": version}


def cvc5_module():
    import cvc5

    return cvc5


def _check(body: str, timeout: float) -> str | None:
    cvc5 = cvc5_module()
    tm = cvc5.TermManager() if hasattr(cvc5, "TermManager") else None
    solver = cvc5.Solver(tm) if tm is not None else cvc5.Solver()
    solver.setOption("tlimit-per", str(max(1, int(timeout * 1000))))
    solver.setOption("produce-models", "false")
    parser = cvc5.InputParser(solver)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, body, "obligation")
    sm = parser.getSymbolManager()
    result = None
    while True:
        cmd = parser.nextCommand()
        if cmd.isNull():
            break
        out = cmd.invoke(solver, sm)
        if "check-sat" in str(cmd):
            result = out.strip()
    return result


def _code(text: str) -> str:
    """The script without its comments."""
    return "\n".join(ln.split(";", 1)[0] for ln in text.splitlines())


def _pure_real(text: str) -> bool:
    """Only real constants, no quantifier, sort or function symbol: the QF_NRA fragment."""
    code = _code(text)
    if re.search(r"\b(forall|exists|declare-sort|define-fun|Int|to_real|to_int)\b", code):
        return False
    return all(args == "" and sort == "Real"
               for args, sort in re.findall(r"\(declare-fun \S+ \(([^)]*)\) (\w+)\)", code))


def _strip_for_cvc5(text: str) -> str:
    """cvc5 needs a logic; z3's scripts set none. ALL is the catch-all logic."""
    lines = [ln for ln in text.splitlines() if not ln.startswith("(set-info :status")]
    body = "\n".join(lines)
    if "(set-logic" not in body:
        body = "(set-logic ALL)\n" + body
    return body
