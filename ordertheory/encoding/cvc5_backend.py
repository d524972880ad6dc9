"""cvc5 as the second, independent solver (the ``crosscheck`` extra), used only to replay SMT-LIB.

Called from the worker child process only, since cvc5 can overrun its own time limit; the
parent (``z3_backend.IsolatedSolver``) sends one configuration per request and kills at each deadline.
"""

from __future__ import annotations

import importlib.util

from ordertheory.encoding.answer import Answer, Status


def available() -> bool:
    """True when the cvc5 Python package is installed."""
    return importlib.util.find_spec("cvc5") is not None


# cvc5 configurations tried in order on quantifier-free real scripts, each with a weight: its share
# of the budget (what one leaves unused goes to the next ones, in proportion). Measured on the
# committed certificates (cvc5 1.4.2): the complete procedure for non-linear reals (``QF_NRA``,
# cylindrical algebraic coverings) settles most of them in under a second; the catch-all logic
# ``ALL`` (incremental linearisation) settles F-beta's tests on all performances in about 2 s, where
# the coverings answer "incomplete"; keeping the linear model across coverings calls
# (``nl-cov-linear-model``), with ite simplification and learned rewrites, or justification-based
# decisions settles most linear-fractional tests at fixed priors (F-beta, FOR, NPV) and a few
# domain closures.
QF_NRA_CONFIGS: tuple[tuple[str, dict[str, str]], ...] = (
    ("QF_NRA", {}),
    ("ALL", {}),
    ("QF_NRA", {"nl-cov-linear-model": "persistent"}),
    ("QF_NRA", {"nl-cov-linear-model": "persistent", "ite-simp": "true", "learned-rewrite": "true"}),
    ("QF_NRA", {"decision": "justification"}),
    ("QF_NRA", {"nl-cov-linear-model": "persistent", "decision": "justification"}),
)
WEIGHTS = (3.0, 2.5, 1.5, 1.0, 1.0, 1.0)


def share(i: int, n: int, left: float) -> float:
    """Configuration ``i``'s budget out of the ``left`` seconds (configurations i … n−1 remain).

    >>> share(0, 6, 10.0)
    3.0
    >>> share(5, 6, 2.0)
    2.0
    """
    weights = WEIGHTS[:n] if n == len(WEIGHTS) else (1.0,) * n
    return left * weights[i] / sum(weights[i:])


def configurations(text: str) -> tuple[tuple[str, dict[str, str]], ...]:
    """The cvc5 configurations to try on a script, in order."""
    return QF_NRA_CONFIGS if _is_qf_nra(text) else (("ALL", {}),)


def run_cvc5_smtlib(text: str, timeout: float, config: int = 0, rlimit: int = 0) -> Answer:
    """Check an SMT-LIB script with cvc5 in one of ``configurations(text)`` (status only; models
    are not needed for replay). The parent (``z3_backend.IsolatedSolver``) tries the
    configurations one request at a time, since some overrun cvc5's own limit and only a kill
    stops them. The configuration that answered is named in the solver string."""
    import cvc5

    logic, options = configurations(text)[config]
    try:
        result = _check(text, logic, timeout, options, rlimit)
    except Exception as e:  # noqa: BLE001 - cvc5 rejects the script in this logic: an unknown
        result = f"error ({str(e).splitlines()[0][:80] if str(e) else type(e).__name__})"
    status = {"sat": Status.SAT, "unsat": Status.UNSAT}.get(result or "", Status.UNKNOWN)
    version = "cvc5 " + str(getattr(cvc5, "__version__", "")).strip()
    if status.settled:
        version += f" ({_describe(logic, options)})"
    reason = None if status.settled else f"cvc5 answered {result or 'nothing'}"
    return Answer(status, reason, solver=version)


def _describe(logic: str, options: dict[str, str]) -> str:
    """``QF_NRA, nl-cov-linear-model=persistent`` — how a replay was settled."""
    return ", ".join([logic] + [f"{k}={v}" for k, v in options.items()])


def _check(text: str, logic: str, timeout: float, options: dict[str, str] | None = None, rlimit: int = 0) -> str | None:
    import cvc5

    tm = cvc5.TermManager() if hasattr(cvc5, "TermManager") else None
    solver = cvc5.Solver(tm) if tm is not None else cvc5.Solver()
    solver.setOption("tlimit-per", str(max(1, int(timeout * 1000))))
    if rlimit:  # deterministic: resource units per check, the same on a busy machine
        solver.setOption("rlimit-per", str(int(rlimit)))
    solver.setOption("produce-models", "false")
    for key, value in (options or {}).items():
        solver.setOption(key, value)
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

    Comments do not count (every certificate's header says "no counterexample exists"):

    >>> _is_qf_nra("; expected: unsat (no counterexample exists)\n(declare-fun x () Real)\n(check-sat)")
    True
    >>> _is_qf_nra("(assert (forall ((x Real)) (> (* x x) -1.0)))\n(check-sat)")
    False
    """
    code = [ln.split(";", 1)[0] for ln in text.splitlines()]
    body = "\n".join(code)
    if "(set-logic" in body or "(forall" in body or "(exists" in body:
        return False
    decls = [ln for ln in code if ln.startswith(("(declare-fun", "(declare-const"))]
    return all(ln.rstrip().endswith("Real)") for ln in decls)


def _strip_for_cvc5(text: str, logic: str = "ALL") -> str:
    """cvc5 needs a logic; z3's scripts set none."""
    lines = [ln for ln in text.splitlines() if not ln.startswith("(set-info :status")]
    body = "\n".join(lines)
    if "(set-logic" not in body:
        body = f"(set-logic {logic})\n" + body
    return body
