"""cvc5 as the second, independent solver (the ``crosscheck`` extra), used only to replay SMT-LIB.

Called from the worker child process only, since cvc5 can overrun its own time limit.
"""

from __future__ import annotations

import importlib.util


def available() -> bool:
    """True when the cvc5 Python package is installed."""
    return importlib.util.find_spec("cvc5") is not None


def run_cvc5_smtlib(text: str, timeout: float) -> dict:
    """Check an SMT-LIB script with cvc5 (status only; models are not needed for replay).

    Our certificates are quantifier-free real arithmetic. Declared as such (``QF_NRA``), cvc5 runs
    its complete procedure for non-linear reals and settles scripts on which the catch-all logic
    ``ALL`` answers ``unknown`` (measured: the F-β and NPV certificates at fixed priors, unsat in
    0.4 s under QF_NRA, unknown after 5 s under ALL). Scripts outside that fragment, or left
    ``unknown``, get the catch-all logic with the rest of the budget."""
    import time

    deadline = time.monotonic() + timeout
    result = None
    for logic in (("QF_NRA", "ALL") if _is_qf_nra(text) else ("ALL",)):
        left = deadline - time.monotonic()
        if left <= 0.05:
            break
        budget = left / 2 if logic == "QF_NRA" else left
        try:
            result = _check(text, logic, budget)
        except Exception as e:  # noqa: BLE001 - cvc5 rejects the script in this logic: try the next one
            result = f"error ({str(e).splitlines()[0][:80] if str(e) else type(e).__name__})"
            continue
        if result in ("sat", "unsat"):
            break
    import cvc5

    status = {"sat": "sat", "unsat": "unsat"}.get(result or "", "unknown")
    version = "cvc5 " + str(getattr(cvc5, "__version__", "")).strip()
    reason = None if status != "unknown" else f"cvc5 answered {result or 'nothing'}"
    return {"status": status, "reason": reason, "model": {}, "solver": version}


def _check(text: str, logic: str, timeout: float) -> str | None:
    import cvc5

    tm = cvc5.TermManager() if hasattr(cvc5, "TermManager") else None
    solver = cvc5.Solver(tm) if tm is not None else cvc5.Solver()
    solver.setOption("tlimit-per", str(max(1, int(timeout * 1000))))
    solver.setOption("produce-models", "false")
    parser = cvc5.InputParser(solver)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, _strip_for_cvc5(text, logic), "obligation")
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


def _is_qf_nra(text: str) -> bool:
    r"""Real variables only, no quantifier and no logic already set: the QF_NRA fragment.

    >>> _is_qf_nra("(declare-fun x () Real)\n(assert (> (* x x) 0.0))\n(check-sat)")
    True
    >>> _is_qf_nra("(declare-fun n () Int)\n(check-sat)")
    False
    """
    if "(set-logic" in text or "forall" in text or "exists" in text:
        return False
    decls = [ln for ln in text.splitlines() if ln.startswith(("(declare-fun", "(declare-const"))]
    return all(ln.rstrip().endswith("Real)") for ln in decls)


def _strip_for_cvc5(text: str, logic: str = "ALL") -> str:
    """cvc5 needs a logic; z3's scripts set none."""
    lines = [ln for ln in text.splitlines() if not ln.startswith("(set-info :status")]
    body = "\n".join(lines)
    if "(set-logic" not in body:
        body = f"(set-logic {logic})\n" + body
    return body
