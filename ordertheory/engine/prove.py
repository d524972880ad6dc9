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
from fractions import Fraction
from typing import Any

from ordertheory.encoding.z3_backend import Env, IsolatedSolver, Unsupported
from ordertheory.encoding.z3_run import z3_version
from ordertheory.engine import cache
from ordertheory.engine.obligations import Query
from ordertheory.engine.result import Result, Verdict
from ordertheory.errors import ResourceLimit

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
    split: bool = False  # the claim is a list of conjuncts, each decided by its own query

    def formulas(self, env: Env) -> list:
        """The satisfiability query: assumptions and the negated claim."""
        assumptions, claim = self.build(env)
        if isinstance(claim, list | tuple):
            claim = env.And(*claim)
        return [*assumptions, env.Not(claim)]

    def parts(self) -> list[Obligation]:
        """The conjuncts as obligations of their own (``split``), else ``[self]``.

        Proving every conjunct under the same assumptions proves the conjunction; z3 often finds
        one query with a disjunction of negated conjuncts much harder than the conjuncts one by one
        (Theorem 2's condition for R_I on three classes: 6.8 s at once, 0.2 s in parts).
        """
        if not self.split:
            return [self]
        n = len(self.build(Env())[1])

        def part(i: int) -> Builder:
            def build(env: Env):
                assumptions, claims = self.build(env)
                return assumptions, claims[i]
            return build

        return [Obligation(f"{self.id}/part-{i + 1}", f"{self.statement} (conjunct {i + 1} of {n})", part(i),
                           self.reference, self.mathlib, self.decode) for i in range(n)]

    def smtlib(self, env: Env | None = None, formulas: list | None = None) -> str:
        """A self-contained SMT-LIB 2 script whose 'unsat' answer proves the obligation (of the
        ``formulas`` already built in ``env``, when given: they are not built twice)."""
        if env is None or formulas is None:
            env = Env()
            formulas = self.formulas(env)
        comment = f"obligation {self.id}: {self.statement}\nexpected: unsat (the negated claim is impossible)"
        if self.reference:
            comment += f"\nreference: {self.reference}"
        return env.smtlib(formulas, comment)


def prove(ob: Obligation, timeout: float = 10.0) -> Result:
    """Decide one obligation within ``timeout`` seconds (a split one conjunct by conjunct, each
    with the time left); a proof carries its SMT-LIB certificates (one per conjunct).

    >>> prove(Obligation("demo", "0 <= x*x and 0 <= x*x*x*x", lambda env: ([], [(lambda x: 0 <= x * x)(env.Real("x")),
    ...     (lambda x: 0 <= x * x * x * x)(env.Real("x"))]), split=True)).certificate[1][0]
    'demo/part-2'
    """
    if not ob.split:
        return _prove_one(ob, timeout)
    t0 = time.perf_counter()
    deadline = t0 + timeout
    results = []
    for part in ob.parts():
        r = _prove_one(part, max(0.001, deadline - time.perf_counter()))
        results.append(r)
        if r.verdict is not Verdict.PROVED:
            break
    seconds = time.perf_counter() - t0
    last = results[-1]
    if last.verdict is Verdict.PROVED:
        certs = tuple(c for r in results for c in r.certificate)
        return Result(ob.id, ob.statement, Verdict.PROVED, seconds, last.method, certificate=certs)
    return Result(ob.id, ob.statement, last.verdict, seconds, last.method, last.witness,
                  f"{last.id}: {last.reason}" if last.reason else None)


def _prove_one(ob: Obligation, timeout: float) -> Result:
    """Decide one obligation in a fresh z3 context within ``timeout`` seconds.

    A proof or an 'unknown' is looked up in, and stored into, the result cache
    (:mod:`ordertheory.engine.cache`) under the obligation's SMT-LIB text; a counter-model is
    always recomputed, since it is decoded from z3's model object.
    """
    store = cache.current()
    text = key = None
    method = f"z3 {z3_version()}"
    env = Env()
    formulas = ob.formulas(env)  # built once: for the cache's key and for the check
    if store is not None:
        text = ob.smtlib(env, formulas)
        key = store.key("prove", text, method, {})
        body = store.get(key)
        if body is not None and cache.reusable(body, text, timeout):
            if body["status"] == "unsat":
                return Result(ob.id, ob.statement, Verdict.PROVED, 0.0, method, certificate=((ob.id, text),))
            return Result(ob.id, ob.statement, Verdict.UNKNOWN, 0.0, method, reason=cache.cached_reason(body))
    t0 = time.perf_counter()
    status, model, reason = env.check(formulas, timeout)
    seconds = time.perf_counter() - t0
    if status == "sat":
        witness = ob.decode(env, model) if ob.decode else str(model)
        return Result(ob.id, ob.statement, Verdict.REFUTED, seconds, method, witness)
    if store is not None:
        body = {"status": status, "reason": None if status == "unsat" else f"z3: {reason}", "timeout": timeout}
        if status == "unsat":
            body["certificate"] = text
        store.put(key, body)
    if status == "unsat":
        return Result(ob.id, ob.statement, Verdict.PROVED, seconds, method,
                      certificate=((ob.id, text if text is not None else ob.smtlib(env, formulas)),))
    return Result(ob.id, ob.statement, Verdict.UNKNOWN, seconds, method, reason=f"z3: {reason}")


# --- deciding ------------------------------------------------------------------------------------------
class Decider:
    """Runs queries in an isolated z3 process: default solver first, then the nlsat tactic."""

    def __init__(self, timeout: float = 30.0, solver: IsolatedSolver | None = None,
                 tactics: tuple[str | None, ...] = (None, "qfnra-nlsat")) -> None:
        self.timeout = timeout
        self.solver = solver or IsolatedSolver()
        self.tactics = tactics

    def decide(self, q: Query, budget: float | None = None) -> Result:
        """z3 on one query: PROVED with its SMT-LIB certificate, REFUTED with a validated model, or
        UNKNOWN with the reasons of every tactic tried."""
        t0 = time.perf_counter()
        try:
            text = q.smtlib()
        except (Unsupported, ResourceLimit, RecursionError) as exc:  # no obligation: nothing decided
            return Result(q.id, q.statement, Verdict.UNKNOWN, time.perf_counter() - t0, "z3",
                          reason=f"cannot encode the obligation: {exc}")
        reasons = []
        deadline = t0 + (self.timeout if budget is None else min(self.timeout, budget))

        def result(verdict, method, witness=None, reason=None, certificate=()):
            return Result(q.id, q.statement, verdict, time.perf_counter() - t0, method, witness, reason, certificate)

        for tactic in self.tactics:
            left = deadline - time.perf_counter()
            if left <= 0.05:
                break
            r = cache.solver_check(self.solver.check, text, left, "z3", z3_version(), tactic=tactic,
                                   model_vars=list(q.variables))
            how = f"{r.get('solver', 'z3')}" + (f" ({tactic})" if tactic else "")
            if r["status"] == "unsat":
                method = how + (" with non-algebraic functions abstracted as monotone" if q.abstracted else "")
                return result(Verdict.PROVED, method, certificate=((q.id, text),))
            if r["status"] == "sat":
                try:
                    w = q.decode(_fractions(r["model"]))
                    if q.validate(w):
                        return result(Verdict.REFUTED, how + " model, validated exactly", w)
                except Exception as exc:  # a model that does not decode is no witness
                    reasons.append(f"{how}: model did not decode ({type(exc).__name__})")
                    continue
                reasons.append(f"{how}: counter-model failed exact validation"
                               + (" (abstracted functions)" if q.abstracted else " (irrational or rounded)"))
                continue
            reasons.append(f"{how}: {r.get('reason')}")
        return result(Verdict.UNKNOWN, "z3", reason="; ".join(reasons) or "no time left")

    def close(self) -> None:
        self.solver.close()



class Budget:
    """One deadline for a whole check. A part may use the time left minus a reserve kept for each
    part after it (1 s, or less when time is short): most queries take milliseconds, so a hard one
    gets most of the budget, yet every later part still gets its turn."""

    def __init__(self, seconds: float) -> None:
        self.deadline = time.perf_counter() + seconds

    @property
    def left(self) -> float:
        return self.deadline - time.perf_counter()

    def share(self, parts_left: int) -> float:
        left, later = max(0.0, self.left), max(0, parts_left - 1)
        reserve = min(1.0, left / (2 * (later + 1)))
        return left - reserve * later


def _fractions(model: dict[str, str]) -> dict[str, Fraction]:
    return {k: Fraction(v) for k, v in model.items()}
