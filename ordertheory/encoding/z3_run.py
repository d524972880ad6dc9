"""What the solver worker runs: parse an SMT-LIB script and check it with z3, with nothing else.

Kept apart from :mod:`~ordertheory.encoding.z3_backend` (which also encodes sympy expressions) so
that a worker process imports z3 alone: each of the paper job's solver children started in ~1 s
when it imported sympy and the package with it. The answer is an
:class:`~ordertheory.encoding.answer.Answer` with the model in exact values.

>>> a = run_z3_smtlib("(declare-fun x () Real)\\n(assert (> x 1.0))\\n(assert (< x 2.0))", 5, None, ["x"])
>>> a.status.value, 1 < a.model["x"] < 2
('sat', True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from fractions import Fraction

import z3

from ordertheory.encoding.answer import Answer, Model, Status, Value
from ordertheory.errors import SolverError

MAX_TABLE = 4096  # function tables larger than this are not transported (the decoders need small ones)


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


def _declarations(assertions, names: Sequence[str] = ()) -> dict[str, object]:
    """The uninterpreted constants and functions of the assertions named in ``names`` (all when
    empty), by name, in first-seen order."""
    wanted = set(names)
    out: dict[str, object] = {}
    seen: set[int] = set()
    stack = list(reversed(list(assertions)))
    while stack:
        e = stack.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_quantifier(e):
            stack.append(e.body())
            continue
        if not z3.is_app(e):
            continue
        d = e.decl()
        if d.kind() == z3.Z3_OP_UNINTERPRETED and d.name() not in out and (not wanted or d.name() in wanted):
            out[d.name()] = d
            if wanted and len(out) == len(wanted):
                break
        stack.extend(reversed(e.children()))
    return out


def _value(v, rounded: set[str], name: str) -> Value | None:
    if z3.is_true(v) or z3.is_false(v):
        return z3.is_true(v)
    if z3.is_algebraic_value(v):
        rounded.add(name)
    try:
        return to_fraction(v)
    except SolverError:
        return str(v) if v.sort().kind() == z3.Z3_UNINTERPRETED_SORT else None


def _finite(sort, m) -> list | None:
    if sort.kind() == z3.Z3_BOOL_SORT:
        return [z3.BoolVal(False, sort.ctx), z3.BoolVal(True, sort.ctx)]
    if sort.kind() == z3.Z3_UNINTERPRETED_SORT:
        return list(m.get_universe(sort) or [])
    return None


def exact_model(m, decls: dict[str, object]) -> Model:
    """The model's values for the declarations ``decls`` (see :func:`_declarations`), model-completed,
    and the tables of the functions over finite sorts (Booleans, uninterpreted sorts)."""
    values: dict[str, Value] = {}
    tables: dict[str, dict[tuple, Value]] = {}
    rounded: set[str] = set()
    for name, d in decls.items():
        if d.arity() == 0:
            v = _value(m.eval(d(), model_completion=True), rounded, name)
            if v is not None:
                values[name] = v
            continue
        domains = [_finite(d.domain(i), m) for i in range(d.arity())]
        if any(dom is None for dom in domains) or _size(domains) > MAX_TABLE:
            continue
        table = {}
        for args in _product(domains):
            v = _value(m.eval(d(*args), model_completion=True), rounded, name)
            if v is not None:
                table[tuple(_value(a, set(), "") for a in args)] = v
        tables[name] = table
    universes = {s.name(): tuple(str(e) for e in (m.get_universe(s) or [])) for s in m.sorts()}
    return Model(values, universes, tables, frozenset(rounded))


def _size(domains: list) -> int:
    n = 1
    for d in domains:
        n *= len(d)
    return n


def _product(domains: list):
    if not domains:
        yield ()
        return
    for head in domains[0]:
        for rest in _product(domains[1:]):
            yield (head, *rest)


def run_z3_smtlib(text: str, timeout: float, tactic: str | None, names: Sequence[str],
                  enumerate_models: int = 0, rlimit: int = 0) -> Answer:
    """In the worker: parse and check an SMT-LIB script with z3 within ``timeout`` seconds.

    With ``enumerate_models = n`` every model of the constants ``names`` is listed (each blocked in
    turn, at most n): UNSAT then means the list is complete, UNKNOWN that time or n ran out."""
    ctx = z3.Context()
    assertions = z3.parse_smt2_string(text, ctx=ctx)
    s = z3.Tactic(tactic, ctx).solver() if tactic else z3.Solver(ctx=ctx)
    s.add(assertions)
    version = f"z3 {z3_version()}"
    if enumerate_models:
        return _enumerate(s, assertions, timeout, names, enumerate_models, version)
    s.set("timeout", max(1, int(timeout * 1000)))
    if rlimit:  # z3's deterministic resource limit: the same answer on a busy machine (timeout: a net)
        s.set("rlimit", int(rlimit))
    r = s.check()
    if r == z3.unknown:
        return Answer(Status.UNKNOWN, s.reason_unknown() or "z3 returned unknown", solver=version)
    if r == z3.sat:
        return Answer(Status.SAT, model=exact_model(s.model(), _declarations(assertions, names)), solver=version)
    return Answer(Status.UNSAT, solver=version)


def _enumerate(s, assertions, timeout: float, names: Sequence[str], limit: int, version: str) -> Answer:
    end = time.perf_counter() + timeout
    decls = _declarations(assertions, names)
    consts = [d() for d in decls.values() if d.arity() == 0]
    models = []
    while len(models) < limit:
        left = end - time.perf_counter()
        if left <= 0:
            return Answer(Status.UNKNOWN, "time ran out during the enumeration", solver=version, models=tuple(models))
        s.set("timeout", max(1, int(left * 1000)))
        r = s.check()
        if r == z3.unsat:
            return Answer(Status.UNSAT, solver=version, models=tuple(models))
        if r == z3.unknown:
            return Answer(Status.UNKNOWN, s.reason_unknown() or "z3 returned unknown", solver=version,
                          models=tuple(models))
        m = s.model()
        models.append(exact_model(m, decls))
        if not consts:  # nothing to tell models apart: this one is all
            return Answer(Status.UNSAT, solver=version, models=tuple(models))
        s.add(z3.Or(*[c != m.eval(c, model_completion=True) for c in consts]))
    return Answer(Status.UNKNOWN, f"more than {limit} models", solver=version, models=tuple(models))
