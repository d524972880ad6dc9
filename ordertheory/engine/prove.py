"""The one decider: an :class:`Obligation` in, a :class:`~ordertheory.engine.result.Result` out.

Every solver call of the package goes through :class:`Decider` (Knuckledragger's single kernel):
the obligation becomes its SMT-LIB text (the certificate, and the key of the result cache), a solver
worker answers in a child process killed at its deadline (:mod:`ordertheory.encoding.isolated`), and
the typed answer (:class:`~ordertheory.encoding.answer.Answer`: a status, an exact model, a reason)
becomes a verdict here and nowhere else: UNSAT → PROVED with the certificate; SAT → REFUTED with the
model decoded into the package's objects (and re-validated exactly when the obligation can); UNKNOWN
or a timeout → UNKNOWN with the reason. A timeout is never a proof.

An obligation has one of three forms:

- a **claim** (``Obligation(id, statement, build)``): ``build(env)`` returns (assumptions, claim) as
  solver formulas; proving checks that ``assumptions ∧ ¬claim`` is unsatisfiable;
- a **counterexample search** (:meth:`Obligation.counterexample`): ``query(env)`` returns formulas
  whose models are counterexamples, ``decode`` turns a model into one, ``validate`` re-checks it in
  exact arithmetic without the solver;
- a **script** (:meth:`Obligation.script`): a ready SMT-LIB text for z3 or cvc5 (a part of a
  portfolio proof, a linear lemma instance, a certificate to replay).

>>> ob = Obligation("demo", "x*x >= 0 for every real x",
...                 lambda env: ([], (lambda x: x * x >= 0)(env.Real("x"))))
>>> prove(ob).verdict.label
'proved'
>>> q = Obligation.counterexample("neg", "no real x has x > 1 and x < 2", lambda env: [env.Real("x") > 1, env.Real("x") < 2],
...                               decode=lambda m: m["x"], validate=lambda x: 1 < x < 2, variables=("x",))
>>> r = Decider(10).decide(q)
>>> r.verdict.label, r.method.endswith("model, validated exactly"), 1 < r.witness < 2
('refuted', True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from ordertheory.encoding.answer import Answer, Model, Status, expectation
from ordertheory.encoding.exact_eval import holds
from ordertheory.encoding.isolated import IsolatedSolver
from ordertheory.encoding.z3_backend import Env, Unsupported
from ordertheory.encoding.z3_run import z3_version
from ordertheory.engine import cache
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import Sanity, SanityKind, from_frame
from ordertheory.errors import ResourceLimit

Builder = Callable[[Env], tuple[list, Any]]
Decoder = Callable[[Model], Any]
SanityMaker = Callable[[Any, float], Sanity]  # (the decider, seconds) -> Sanity
SANITY_MIN, SANITY_MAX = 0.5, 5.0  # seconds a solver gets for a sanity model when no search found one
ABSTRACTED = "non-algebraic functions abstracted as monotone unknowns (sound for unsat only)"


@dataclass(frozen=True)
class Obligation:
    """A statement to decide and how to ask a solver about it (see the module for the three forms).

    ``reference`` points into the paper, ``mathlib`` names the matching Lean lemma; ``decode`` turns a
    model (:class:`~ordertheory.encoding.answer.Model`, exact values) into a witness; ``split``: the
    claim is a list of conjuncts, each decided by its own query; ``variables``: the model's names the
    decoder reads (every declared name when empty); ``abstracted``: non-algebraic functions are
    monotone unknowns (sound for proofs only).
    """

    id: str
    statement: str
    build: Builder | None = None
    reference: str = ""
    mathlib: str = ""
    decode: Decoder | None = None
    split: bool = False
    query: Callable[[Env], list] | None = None
    validate: Callable[[Any], bool] | None = None
    variables: tuple[str, ...] = ()
    abstracted: bool = False
    text: str | None = None
    solver: str = "z3"
    sanity: SanityMaker | None = None  # (decider, seconds) -> Sanity of the assumptions (issue 34)

    @classmethod
    def counterexample(cls, id: str, statement: str, query: Callable[[Env], list], decode: Decoder | None = None,
                       validate: Callable[[Any], bool] | None = None, variables: Sequence[str] = (),
                       abstracted: bool = False, sanity: SanityMaker | None = None) -> Obligation:
        """"No counterexample exists": ``query(env)`` asserts one; a model is decoded, then re-validated
        by ``validate`` (without it, the caller re-validates the witness). ``sanity`` shows, when the
        obligation is proved, that its assumptions can hold (:mod:`ordertheory.engine.sanity`)."""
        return cls(id, statement, decode=decode, query=query, validate=validate, variables=tuple(variables),
                   abstracted=abstracted, sanity=sanity)

    @classmethod
    def script(cls, id: str, statement: str, text: str, solver: str = "z3",
               sanity: SanityMaker | None = None) -> Obligation:
        """A ready SMT-LIB text, expected unsat, for ``solver`` (z3 or cvc5)."""
        return cls(id, statement, text=text, solver=solver, sanity=sanity)

    def formulas(self, env: Env) -> list:
        """The satisfiability query: assumptions and the negated claim (or the counterexample's formulas)."""
        if self.query is not None:
            return self.query(env)
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
                           self.reference, self.mathlib, self.decode, sanity=self.sanity) for i in range(n)]

    def smtlib(self, env: Env | None = None, formulas: list | None = None) -> str:
        """A self-contained SMT-LIB 2 script whose 'unsat' answer proves the obligation (of the
        ``formulas`` already built in ``env``, when given: they are not built twice)."""
        if self.text is not None:
            return self.text
        if env is None or formulas is None:
            env = Env()
            formulas = self.formulas(env)
        if self.query is not None:
            comment = f"obligation {self.id}: {self.statement}\n{expectation(Status.UNSAT, 'no counterexample exists')}"
            if self.abstracted:
                comment += f"\n{ABSTRACTED}"
        else:
            comment = (f"obligation {self.id}: {self.statement}\n"
                       f"{expectation(Status.UNSAT, 'the negated claim is impossible')}")
            if self.reference:
                comment += f"\nreference: {self.reference}"
        return env.smtlib(formulas, comment)


def _version(solver: str) -> str:
    if solver == "z3":
        return f"z3 {z3_version()}"
    try:
        return f"{solver} {metadata.version(solver)}"
    except metadata.PackageNotFoundError:
        return f"{solver} -"


class Decider:
    """Decides obligations in a solver worker killed at its deadline, through the result cache.

    ``timeout`` bounds each :meth:`decide` (a ``budget`` may shorten it); ``tactics`` are z3's tried in
    turn (the default solver first, then the nlsat tactic: each gets the time the previous ones left);
    ``cache=False`` asks the solver even when an answer is stored (replay). Without a ``solver`` the
    decider uses this process's shared worker (:func:`shared_solver`), which :meth:`close` leaves running.

    For a new caller (e.g. the Tile's queries): build an :class:`Obligation` — ``Obligation.counterexample``
    when a model is the answer sought — and call ``Decider(timeout).decide(ob)``; read ``result.verdict``,
    ``result.witness`` (your ``decode`` of the exact model) and ``result.certificate`` (the SMT-LIB text
    of a proof). :meth:`check` gives the raw typed answer where no verdict is meant (replay).
    """

    def __init__(self, timeout: float = 30.0, solver: IsolatedSolver | None = None,
                 tactics: tuple[str | None, ...] = (None, "qfnra-nlsat"), cache: bool = True) -> None:
        self.timeout = timeout
        self.own = solver is not None
        self.solver = solver if solver is not None else shared_solver()
        self.tactics = tactics
        self.cache = cache

    def check(self, ob: Obligation, timeout: float, tactic: str | None = None, text: str | None = None,
              enumerate_models: int = 0, rlimit: int = 0, cpu: float | None = None) -> Answer:
        """One solver call on the obligation's text (through the cache unless it is off): the typed
        answer. ``rlimit`` and ``cpu``: a deterministic budget (replay), the timeout then a safety net."""
        text = ob.smtlib() if text is None else text
        options = {"tactic": tactic, "model_vars": list(ob.variables)}
        if enumerate_models:
            options["enumerate_models"] = enumerate_models
        if rlimit:
            options.update(rlimit=rlimit, cpu=cpu)

        def ask(t: str, limit: float, **opts) -> Answer:
            return self.solver.check(t, limit, solver=ob.solver, **opts)

        if not self.cache:
            return ask(text, timeout, **options)
        return cache.cached_check(ask, text, timeout, _version(ob.solver), **options)

    def decide(self, ob: Obligation, budget: float | None = None,
               tactics: tuple[str | None, ...] | None = None) -> Result:
        """PROVED with the SMT-LIB certificate, REFUTED with a decoded (validated) model, or UNKNOWN
        with the reasons of every tactic tried; a split obligation conjunct by conjunct."""
        t0 = time.perf_counter()
        limit = self.timeout if budget is None else min(self.timeout, budget)
        if ob.split:
            return self._split(ob, t0 + limit)
        try:
            text = ob.smtlib()
        except (Unsupported, ResourceLimit, RecursionError) as exc:  # no obligation: nothing decided
            return Result(ob.id, ob.statement, Verdict.UNKNOWN, time.perf_counter() - t0, ob.solver,
                          reason=f"cannot encode the obligation: {exc}")
        deadline, reasons = t0 + limit, []

        def result(verdict, method, witness=None, reason=None, certificate=()):
            return Result(ob.id, ob.statement, verdict, time.perf_counter() - t0, method, witness, reason, certificate)

        for tactic in tactics or (self.tactics if ob.solver == "z3" else (None,)):
            left = deadline - time.perf_counter()
            if left <= 0.05:
                break
            answer = self.check(ob, left, tactic, text)
            how = (answer.solver or ob.solver) + (f" ({tactic})" if tactic else "")
            if answer.status is Status.UNSAT:
                method = how + (" with non-algebraic functions abstracted as monotone" if ob.abstracted else "")
                sanity = self.sanity_of(ob, deadline)  # no vacuous proof: the assumptions can hold, or not
                r = result(Verdict.PROVED, method, certificate=((ob.id, sanity.header(text)),))
                return Result(r.id, r.statement, r.verdict, r.seconds, r.method, certificate=r.certificate,
                              sanity=sanity, reason="vacuous: " + sanity.how if sanity.vacuous else None)
            if answer.status is Status.SAT:
                witness, why = self._witness(ob, answer.model)
                if why is None:
                    return result(Verdict.REFUTED, how + (" model, validated exactly" if ob.validate else ""), witness)
                reasons.append(f"{how}: {why}")
                continue
            reasons.append(f"{how}: {answer.reason}")
        return result(Verdict.UNKNOWN, ob.solver, reason="; ".join(reasons) or f"{ob.solver} not asked: no time left (its budget of {limit:.3g} s ran out)")

    def sanity_of(self, ob: Obligation, deadline: float) -> Sanity:
        """Whether the assumptions of a proved obligation can hold: its own ``sanity`` (an exact model
        re-validated without the solver, or vacuous), else — for a claim — the solver on the
        assumptions alone (a model of them, or unsat: vacuous), else undecided, with the reason."""
        budget = max(SANITY_MIN, min(SANITY_MAX, deadline - time.perf_counter()))
        try:
            if ob.sanity is not None:
                return ob.sanity(self, budget)
            if ob.build is not None:
                assumptions = ob.build(Env())[0]
                if not assumptions:
                    return Sanity(SanityKind.TRIVIAL, {}, "the statement has no assumptions")
                frame = Obligation.counterexample(f"{ob.id}/assumptions", f"the assumptions of {ob.id} can hold",
                                                  lambda env: ob.build(env)[0], decode=lambda m: dict(sorted(m.values.items())))
                got = from_frame(self, frame, budget)
                if got.kind is SanityKind.SOLVER and holds(ob.build(Env())[0], got.model):  # exact, no solving
                    return Sanity(SanityKind.MODEL, got.model, "a z3 model of the assumptions, re-validated by "
                                  "exact evaluation")
                return got
        except (Unsupported, ResourceLimit, RecursionError, ValueError, TypeError) as exc:
            return Sanity(SanityKind.UNDECIDED, {}, f"the sanity check failed: {type(exc).__name__}: {exc}")
        return Sanity(SanityKind.UNDECIDED, {}, "no frame given for this obligation")

    @staticmethod
    def _witness(ob: Obligation, model: Model | None) -> tuple[Any, str | None]:
        """(witness, None), or (None, why the model is no witness)."""
        model = model if model is not None else Model({})
        if ob.decode is None:
            return (None if ob.text is not None else str(model)), None
        try:
            w = ob.decode(model)
            if ob.validate is None or ob.validate(w):
                return w, None
        except Exception as exc:  # a model that does not decode is no witness
            return None, f"model did not decode ({type(exc).__name__})"
        return None, "counter-model failed exact validation" + (
            " (abstracted functions)" if ob.abstracted else " (irrational or rounded)")

    def _split(self, ob: Obligation, deadline: float) -> Result:
        t0 = time.perf_counter()
        results = []
        for part in ob.parts():
            r = self.decide(part, max(0.001, deadline - time.perf_counter()))
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

    def models(self, ob: Obligation, limit: int, budget: float | None = None) -> tuple[tuple[Model, ...], str | None]:
        """Every model of ``ob``'s query over its ``variables`` (at most ``limit``), each blocked in turn,
        and None when the list is complete, else why it may not be (time or ``limit`` ran out)."""
        a = self.check(ob, self.timeout if budget is None else min(self.timeout, budget), None, enumerate_models=limit)
        return a.models, (None if a.status is Status.UNSAT else a.reason or "undecided")

    def close(self) -> None:
        """Stop the solver worker, when this decider was given its own."""
        if self.own:
            self.solver.close()


class Budget:
    """One deadline for a whole check. A part may use the time left minus a reserve kept for each
    part after it (1 s, or less when time is short): most queries take milliseconds, so a hard one
    gets most of the budget, yet every later part still gets its turn."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.deadline = time.perf_counter() + seconds

    @property
    def exhausted(self) -> str:
        """The reason of a part that got no time: the budget that ran out, and how much it was."""
        return f"no time left: the check's budget of {self.seconds:.3g} s ran out"

    @property
    def left(self) -> float:
        return self.deadline - time.perf_counter()

    def share(self, parts_left: int) -> float:
        left, later = max(0.0, self.left), max(0, parts_left - 1)
        reserve = min(1.0, left / (2 * (later + 1)))
        return left - reserve * later


_SOLVER = IsolatedSolver()  # this process's worker (a forked process starts its own: IsolatedSolver)


def shared_solver() -> IsolatedSolver:
    """The solver worker of this process, shared by every decider without one of its own."""
    return _SOLVER


def prove(ob: Obligation, timeout: float = 10.0) -> Result:
    """Decide one obligation within ``timeout`` seconds with z3's default solver (a split one conjunct
    by conjunct, each with the time left); a proof carries its SMT-LIB certificates (one per conjunct).

    >>> prove(Obligation("demo", "0 <= x*x and 0 <= x*x*x*x", lambda env: ([], [(lambda x: 0 <= x * x)(env.Real("x")),
    ...     (lambda x: 0 <= x * x * x * x)(env.Real("x"))]), split=True)).certificate[1][0]
    'demo/part-2'
    """
    return Decider(float("inf"), tactics=(None,)).decide(ob, timeout)
