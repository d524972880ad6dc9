"""What the solver worker runs: parse an SMT-LIB script and check it with z3, with nothing else.

Kept apart from :mod:`~ordertheory.encoding.z3_backend` (which also encodes sympy expressions) so
that a worker process imports z3 alone: each of the paper job's solver children started in ~1 s
when it imported sympy and the package with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import z3

from ordertheory.errors import SolverError


def z3_version() -> str:
    return z3.get_version_string()


def to_fraction(v) -> Fraction:
    """A numeric z3 value as a Fraction (algebraic numbers are rounded: validate it!)."""
    if z3.is_rational_value(v):
        return Fraction(v.as_fraction())
    if z3.is_algebraic_value(v):
        return Fraction(v.approx(40).as_fraction())
    if z3.is_int_value(v):
        return Fraction(v.as_long())
    raise SolverError(f"expected a numeric model value but got {v}")


def run_z3_smtlib(text: str, timeout: float, tactic: str | None, names: Sequence[str], rlimit: int = 0) -> dict:
    """In the worker: parse and check an SMT-LIB script with z3; model values as exact strings.

    ``rlimit`` > 0: z3's deterministic resource limit (the same answer on a busy machine as on an
    idle one, for one z3 version); the ``timeout`` is then only a safety net.
    """
    ctx = z3.Context()
    assertions = z3.parse_smt2_string(text, ctx=ctx)
    if tactic:
        s = z3.Tactic(tactic, ctx).solver()
    else:
        s = z3.Solver(ctx=ctx)
    s.set("timeout", max(1, int(timeout * 1000)))
    if rlimit:
        s.set("rlimit", int(rlimit))
    s.add(assertions)
    r = s.check()
    out = {"status": str(r), "reason": None, "model": {}, "solver": f"z3 {z3_version()}"}
    if r == z3.unknown:
        out["reason"] = s.reason_unknown() or "z3 returned unknown"
    elif r == z3.sat:
        m = s.model()
        wanted = set(names)
        for d in m.decls():
            if wanted and d.name() not in wanted:
                continue
            try:
                out["model"][d.name()] = str(to_fraction(m[d]))
            except SolverError:
                continue
    return out
