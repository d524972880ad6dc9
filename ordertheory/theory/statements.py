"""Statements about named elements of an order, decided by z3 with their smallest counter-models.

A statement (its language: :mod:`ordertheory.theory.statement_syntax`) such as
``a < b and b ~ c -> a < c`` is read as universally quantified: *for every order of the chosen kind
and every choice of elements a, b, c in it*. Names are variables: two names may denote the same
element (``a = b`` asks whether they do).

Deciding (:func:`prove_statement`): the engine's decider checks the negation against the axioms of
the order kind, ≲ being an uninterpreted relation (the vocabulary of ``theory.lemmas``). A
counter-model needs only the named elements (a preorder, partial order or total preorder restricted
to a subset is one again), so the one reported is the relation on the elements the names denote,
with as few elements as possible.

>>> prove_statement("a < b and b ~ c -> a < c").verdict.name
'PROVED'
"""

from __future__ import annotations

import time

from ordertheory.engine.prove import Decider, Obligation, prove
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import trivial_preorder
from ordertheory.theory.countermodel import CounterModel, Order
from ordertheory.theory.lemmas import vocabulary
from ordertheory.theory.statement_syntax import (  # noqa: F401 - the statement language, re-exported
    ASCII_SYMBOLS,
    SYMBOLS,
    Atom,
    Binary,
    Formula,
    Not,
    OrderStatement,
    atoms,
    build_formula,
    evaluate,
    parse_statement,
)


# --- deciding -----------------------------------------------------------------------------------
def _vocabulary(env, statement: OrderStatement):
    """≲ as an uninterpreted relation (checks.lemmas), one constant per name, atoms as terms."""
    V = vocabulary(env)
    consts = dict(zip(statement.names, env.Consts(" ".join(statement.names), V.sort)))
    relations = {"le": V.le, "ge": V.ge, "sim": V.sim, "lt": V.lt, "gt": V.gt, "inc": V.inc,
                 "eq": lambda x, y: x == y}

    def atom_term(a: Atom):
        return relations[a.relation](consts[a.left], consts[a.right])

    return V, consts, atom_term


def order_axioms(env, V, order: Order) -> list:
    """The axioms of the order kind over the whole sort: preorder, + antisymmetry, or + totality."""
    axioms = [V.reflexive(), V.transitive()]
    x, y = env.Consts("x y", V.sort)
    if order is Order.PARTIAL:
        axioms.append(env.ForAll([x, y], env.Implies(env.And(V.le(x, y), V.le(y, x)), x == y)))
    if order is Order.TOTAL:
        axioms.append(env.ForAll([x, y], env.Or(V.le(x, y), V.le(y, x))))
    return axioms


def obligation(statement: OrderStatement, order: Order):
    """"For every order of this kind, the statement holds" as an obligation (its SMT-LIB is the certificate)."""
    def build(env):
        V, _, atom_term = _vocabulary(env, statement)
        return order_axioms(env, V, order), build_formula(statement.formula, atom_term, env)

    return Obligation(f"statement@{order.value}", f"for every {order.description}: {statement}", build,
                      "A.2.2–A.2.3 (relations derived from ≲)", sanity=trivial_preorder)



def countermodel_obligation(statement: OrderStatement, order: Order, k: int) -> Obligation:
    """"No counter-model whose names denote at most k elements": refuted by the smallest ones."""

    def query(env) -> list:
        V, consts, atom_term = _vocabulary(env, statement)
        slots = env.Consts(" ".join(f"slot{i}" for i in range(k)), V.sort)
        bound = [env.Or(*[c == s for s in slots]) for c in consts.values()]
        return [*order_axioms(env, V, order), env.Not(build_formula(statement.formula, atom_term, env)), *bound]

    def decode(model) -> CounterModel:
        denotes: dict[str, int] = {}
        reps: list = []
        for name in statement.names:
            if model[name] not in reps:
                reps.append(model[name])
            denotes[name] = reps.index(model[name])
        table = model.table("le")
        le = frozenset((i, j) for i, a in enumerate(reps) for j, b in enumerate(reps) if table.get((a, b), False))
        return CounterModel(order, statement, denotes, le)

    # validated by prove_statement (CounterModel.problems), which reports why a model fails
    return Obligation.counterexample(f"statement@{order.value}/{k}", f"no counter-model with at most {k} elements",
                                     query, decode, variables=(*statement.names, "le"), sanity=trivial_preorder)


def prove_statement(statement: str | OrderStatement, order: str | Order = Order.PREORDER, timeout: float = 10.0,
                    progress=None):
    """Decide a statement for every order of the given kind: a Result (engine.result).

    PROVED carries the SMT-LIB certificate (``result.smtlib``, expected answer unsat); REFUTED
    carries the smallest counter-model (fewest elements), re-validated without z3; UNKNOWN says why.
    ``progress(message)``, when given, hears of each step of the search for the smallest model.

    >>> r = prove_statement("a <= b or b <= a", "partial")
    >>> r.verdict.name, r.witness.elements, r.witness.atom_values()
    ('REFUTED', ('a', 'b'), {'a ≲ b': False, 'b ≲ a': False})
    >>> prove_statement("a <= b or b <= a", "total").verdict.name
    'PROVED'
    """
    t0 = time.perf_counter()
    s = statement if isinstance(statement, OrderStatement) else parse_statement(statement)
    kind = Order.parse(order)
    ob = obligation(s, kind)
    first = prove(ob, timeout)
    if first.verdict is Verdict.PROVED:
        return Result(ob.id, ob.statement, Verdict.PROVED, time.perf_counter() - t0, first.method,
                      certificate=first.certificate, sanity=first.sanity)
    if first.verdict is not Verdict.REFUTED:
        return Result(ob.id, ob.statement, Verdict.UNKNOWN, time.perf_counter() - t0, first.method,
                      reason=first.reason)
    reasons = []
    decider = Decider(timeout, tactics=(None,))
    for k in range(1, len(s.names) + 1):
        remaining = timeout - (time.perf_counter() - t0)
        if remaining <= 0:
            reasons.append("time ran out while searching for the smallest counter-model")
            break
        if progress is not None:
            progress(f"z3 says a counter-model exists; looking for the smallest: {k} element{'s' if k > 1 else ''}?")
        r = decider.decide(countermodel_obligation(s, kind, k), remaining)
        if r.verdict is Verdict.REFUTED:
            found = r.witness
            problems = found.problems()
            if problems:  # never report a refutation that Python cannot confirm
                reasons.append(f"z3's counter-model failed validation: {'; '.join(problems)}")
                break
            return Result(ob.id, ob.statement, Verdict.REFUTED, time.perf_counter() - t0, first.method,
                          witness=found)
        if r.verdict is Verdict.UNKNOWN:
            reasons.append(f"z3 could not decide {k} element(s): {r.reason}")
    return Result(ob.id, ob.statement, Verdict.UNKNOWN, time.perf_counter() - t0, first.method,
                  reason="; ".join(reasons) or "no counter-model found")
