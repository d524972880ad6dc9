"""One obligation → one result, in a fresh z3 context with a time limit.

An :class:`Obligation` states a claim and how to build it in z3. Proving checks that
``assumptions ∧ ¬claim`` is unsatisfiable: unsat → PROVED; sat → REFUTED with the counter-model
decoded into the package's objects; unknown or timeout → UNKNOWN with z3's reason. A timeout is
never a proof.

>>> ob = Obligation("demo", "x*x >= 0 for every real x",
...                 lambda env: ([], (lambda x: x * x >= 0)(env.Real("x"))))
>>> prove(ob).verdict.label
'proved'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ordertheory.encoding.z3_backend import Env, z3_version
from ordertheory.engine.result import Result, Verdict

Builder = Callable[[Env], tuple[list, Any]]
Decoder = Callable[[Env, Any], Any]


@dataclass(frozen=True)
class Obligation:
    """A statement to prove: ``build(env)`` returns (assumptions, claim) as z3 formulas.

    ``decode(env, model)`` turns a counter-model into package objects; ``reference`` points into
    the paper; ``mathlib`` names the matching Lean lemma, where one exists.
    """

    id: str
    statement: str
    build: Builder
    reference: str = ""
    mathlib: str = ""
    decode: Decoder | None = None

    def formulas(self, env: Env) -> list:
        """The satisfiability query: assumptions and the negated claim."""
        assumptions, claim = self.build(env)
        return [*assumptions, env.Not(claim)]

    def smtlib(self) -> str:
        """A self-contained SMT-LIB 2 script whose 'unsat' answer proves the obligation."""
        env = Env()
        comment = f"obligation {self.id}: {self.statement}\nexpected: unsat (the negated claim is impossible)"
        if self.reference:
            comment += f"\nreference: {self.reference}"
        return env.smtlib(self.formulas(env), comment)


def prove(ob: Obligation, timeout: float = 10.0) -> Result:
    """Decide one obligation in a fresh z3 context within ``timeout`` seconds."""
    env = Env()
    t0 = time.perf_counter()
    status, model, reason = env.check(ob.formulas(env), timeout)
    seconds = time.perf_counter() - t0
    if status == "unsat":
        return Result(ob.id, ob.statement, Verdict.PROVED, seconds, f"z3 {z3_version()}")
    if status == "sat":
        witness = ob.decode(env, model) if ob.decode else str(model)
        return Result(ob.id, ob.statement, Verdict.REFUTED, seconds, f"z3 {z3_version()}", witness)
    return Result(ob.id, ob.statement, Verdict.UNKNOWN, seconds, f"z3 {z3_version()}",
                  reason=f"z3: {reason}")
