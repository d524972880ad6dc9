"""Statements about named elements of an order, parsed by a whitelist and decided by z3.

A statement such as ``a < b and b ~ c -> a < c`` speaks of named elements; it is read as
universally quantified: *for every order of the chosen kind and every choice of elements
a, b, c in it*. Names are variables: two names may denote the same element (``a = b`` asks
whether they do). Atoms, with the paper's relations (eqs. (1)–(6)):

- ``a <= b``: a ≲ b;  ``a >= b``: a ≳ b, i.e. b ≲ a;  ``a ~ b``: a ∼ b (a ≲ b and b ≲ a);
- ``a < b``: a ≲ b and not b ≲ a;  ``a > b``: b ≲ a and not a ≲ b;
- ``a # b``: a ⋈ b (neither a ≲ b nor b ≲ a);  ``a = b``: a and b are the same element.

Connectives, loosest first: ``<->``, ``->`` (right-associative), ``or``, ``and``, ``not``;
parentheses group; the Unicode forms ≲ ≳ ∼ ⋈ ¬ ∧ ∨ ⇒ ⇔ are accepted too. The text is read token
by token against this whitelist (nothing is ever evaluated); an error is one line naming the
offending token and its column.

Deciding (:func:`prove_statement`): z3 checks the negation against the axioms of the order kind,
≲ being an uninterpreted relation (the vocabulary of ``theory.lemmas``). A counter-model needs
only the named elements (a preorder, partial order or total preorder restricted to a subset is
one again), so the one reported is the relation on the elements the names denote, with as few
elements as possible.

>>> s = parse_statement("a < b and b ~ c -> a < c")
>>> str(s), s.names
('a < b ∧ b ∼ c ⇒ a < c', ('a', 'b', 'c'))
>>> parse_statement("a <= <= b")
Traceback (most recent call last):
...
ordertheory.errors.InvalidInput: unexpected '<=' at column 6 of the statement; expected a name
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ordertheory.errors import InvalidInput
from ordertheory.theory.countermodel import CounterModel, Order

MAX_LENGTH = 1_000
MAX_NAMES = 8
MAX_NAME_LENGTH = 24
MAX_ATOMS = 200
MAX_DEPTH = 40

# relation token -> (kind, symbol as printed)
_RELATIONS = {
    "<=": "le", "≲": "le", "≤": "le",
    ">=": "ge", "≳": "ge", "≥": "ge",
    "~": "sim", "∼": "sim",
    "<": "lt", ">": "gt",
    "#": "inc", "⋈": "inc",
    "=": "eq",
}
SYMBOLS = {"le": "≲", "ge": "≳", "sim": "∼", "lt": "<", "gt": ">", "inc": "⋈", "eq": "="}
ASCII_SYMBOLS = {"le": "<=", "ge": ">=", "sim": "~", "lt": "<", "gt": ">", "inc": "#", "eq": "="}
_CONNECTIVES = {
    "<->": "iff", "⇔": "iff", "↔": "iff",
    "->": "implies", "⇒": "implies", "→": "implies",
    "and": "and", "∧": "and", "or": "or", "∨": "or", "not": "not", "¬": "not",
    "(": "(", ")": ")",
}
_SYMBOL_TOKENS = sorted([t for t in (*_RELATIONS, *_CONNECTIVES) if not t.isalpha()], key=len, reverse=True)
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_KEYWORDS = {"and", "or", "not"}
_BINARY_SYMBOLS = {"and": "∧", "or": "∨", "implies": "⇒", "iff": "⇔"}
_PRECEDENCE = {"iff": 1, "implies": 2, "or": 3, "and": 4}


# --- the formula tree ------------------------------------------------------------------------
@dataclass(frozen=True)
class Atom:
    """``left relation right`` with relation one of le, ge, sim, lt, gt, inc, eq."""

    relation: str
    left: str
    right: str

    def __str__(self) -> str:
        return f"{self.left} {SYMBOLS[self.relation]} {self.right}"

    def ascii(self) -> str:
        return f"{self.left} {ASCII_SYMBOLS[self.relation]} {self.right}"


@dataclass(frozen=True)
class Not:
    arg: Formula

    def __str__(self) -> str:
        inner = str(self.arg)
        return f"¬{inner}" if isinstance(self.arg, Not) else f"¬({inner})"


@dataclass(frozen=True)
class Binary:
    """``left op right`` with op one of and, or, implies, iff."""

    op: str
    left: Formula
    right: Formula

    def __str__(self) -> str:
        def side(f: Formula, right: bool) -> str:
            if isinstance(f, Binary):
                p, q = _PRECEDENCE[f.op], _PRECEDENCE[self.op]
                tight = (p > q and not (self.op == "or" and f.op == "and")) \
                    or (p == q and f.op in ("and", "or") and not right) or (p == q and f.op == "implies" and right)
                return str(f) if tight else f"({f})"
            return str(f)

        return f"{side(self.left, False)} {_BINARY_SYMBOLS[self.op]} {side(self.right, True)}"


Formula = Atom | Not | Binary


def atoms(f: Formula) -> list[Atom]:
    """The distinct atoms of a formula, in reading order."""
    out: list[Atom] = []

    def walk(g: Formula) -> None:
        if isinstance(g, Atom):
            if g not in out:
                out.append(g)
        elif isinstance(g, Not):
            walk(g.arg)
        else:
            walk(g.left)
            walk(g.right)

    walk(f)
    return out


def evaluate(f: Formula, atom_value) -> bool:
    """The truth value of ``f`` given ``atom_value(atom) -> bool`` (pure Python, no solver)."""
    if isinstance(f, Atom):
        return bool(atom_value(f))
    if isinstance(f, Not):
        return not evaluate(f.arg, atom_value)
    a, b = evaluate(f.left, atom_value), evaluate(f.right, atom_value)
    return {"and": a and b, "or": a or b, "implies": (not a) or b, "iff": a == b}[f.op]


def build_formula(f: Formula, atom_term, env) -> object:
    """The formula as a solver term through ``env`` (And/Or/Not/Implies), atoms by ``atom_term``."""
    if isinstance(f, Atom):
        return atom_term(f)
    if isinstance(f, Not):
        return env.Not(build_formula(f.arg, atom_term, env))
    a, b = build_formula(f.left, atom_term, env), build_formula(f.right, atom_term, env)
    if f.op == "and":
        return env.And(a, b)
    if f.op == "or":
        return env.Or(a, b)
    if f.op == "implies":
        return env.Implies(a, b)
    return env.And(env.Implies(a, b), env.Implies(b, a))


@dataclass(frozen=True)
class Statement:
    """A parsed statement: its text, its formula, and its names in order of first appearance."""

    text: str
    formula: Formula
    names: tuple[str, ...]

    def __str__(self) -> str:
        return str(self.formula)

    @property
    def atoms(self) -> list[Atom]:
        return atoms(self.formula)


# --- tokens and parser --------------------------------------------------------------------------
@dataclass(frozen=True)
class _Token:
    kind: str  # "name", a relation kind, a connective kind, or "end"
    text: str
    column: int  # 1-based


def _tokens(text: str) -> list[_Token]:
    out, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        sym = next((s for s in _SYMBOL_TOKENS if text.startswith(s, i)), None)
        if sym is not None:
            out.append(_Token(_RELATIONS.get(sym) or _CONNECTIVES[sym], sym, i + 1))
            i += len(sym)
            continue
        m = _NAME.match(text, i)
        if m is None:
            raise InvalidInput(f"unexpected character {ch!r} at column {i + 1} of the statement; expected a name "
                               "(letters, digits, _), a relation <= >= ~ < > # = or a connective")
        word = m.group()
        if word in _KEYWORDS:
            out.append(_Token(word, word, i + 1))
        else:
            if len(word) > MAX_NAME_LENGTH:
                raise InvalidInput(f"name {word[:MAX_NAME_LENGTH]}... at column {i + 1} is longer than "
                                   f"{MAX_NAME_LENGTH} characters")
            out.append(_Token("name", word, i + 1))
        i = m.end()
    out.append(_Token("end", "end of statement", len(text) + 1))
    return out


class _Parser:
    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens, self.i, self.depth, self.names, self.n_atoms = tokens, 0, 0, [], 0

    @property
    def tok(self) -> _Token:
        return self.tokens[self.i]

    def fail(self, expected: str):
        t = self.tok
        what = "end of statement" if t.kind == "end" else f"unexpected {t.text!r}"
        raise InvalidInput(f"{what} at column {t.column} of the statement; expected {expected}")

    def take(self, kind: str, expected: str) -> _Token:
        if self.tok.kind != kind:
            self.fail(expected)
        t = self.tok
        self.i += 1
        return t

    def nested(self):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise InvalidInput(f"statement nested deeper than {MAX_DEPTH} levels at column {self.tok.column}")

    def iff(self) -> Formula:
        self.nested()
        f = self.implies()
        while self.tok.kind == "iff":
            self.i += 1
            f = Binary("iff", f, self.implies())
        self.depth -= 1
        return f

    def implies(self) -> Formula:
        f = self.disjunction()
        if self.tok.kind == "implies":
            self.i += 1
            self.nested()
            f = Binary("implies", f, self.implies())
            self.depth -= 1
        return f

    def disjunction(self) -> Formula:
        f = self.conjunction()
        while self.tok.kind == "or":
            self.i += 1
            f = Binary("or", f, self.conjunction())
        return f

    def conjunction(self) -> Formula:
        f = self.negation()
        while self.tok.kind == "and":
            self.i += 1
            f = Binary("and", f, self.negation())
        return f

    def negation(self) -> Formula:
        if self.tok.kind == "not":
            self.i += 1
            self.nested()
            f = Not(self.negation())
            self.depth -= 1
            return f
        if self.tok.kind == "(":
            self.i += 1
            f = self.iff()
            self.take(")", "')' or a connective")
            return f
        return self.atom()

    def atom(self) -> Atom:
        left = self.take("name", "a name")
        if self.tok.kind not in SYMBOLS:
            self.fail("a relation <= >= ~ < > # or =")
        relation = self.tok.kind
        self.i += 1
        right = self.take("name", "a name")
        for name in (left, right):
            if name.text not in self.names:
                self.names.append(name.text)
                if len(self.names) > MAX_NAMES:
                    raise InvalidInput(f"name {name.text!r} at column {name.column} is one too many: "
                                       f"a statement may name at most {MAX_NAMES} elements")
        self.n_atoms += 1
        if self.n_atoms > MAX_ATOMS:
            raise InvalidInput(f"statement has more than {MAX_ATOMS} atoms")
        return Atom(relation, left.text, right.text)


def parse_statement(text: str) -> Statement:
    """Parse a statement by the whitelist grammar; raise InvalidInput with a one-line message."""
    if not isinstance(text, str):
        raise InvalidInput(f"expected the statement as text but got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise InvalidInput(f"statement is {len(text)} characters long; expected at most {MAX_LENGTH}")
    if not text.strip():
        raise InvalidInput("empty statement; expected e.g. 'a <= b and b <= c -> a <= c'")
    parser = _Parser(_tokens(text))
    formula = parser.iff()
    if parser.tok.kind != "end":
        parser.fail("a connective (and, or, ->, <->) or the end of the statement")
    return Statement(text, formula, tuple(parser.names))


# --- deciding -----------------------------------------------------------------------------------
def _vocabulary(env, statement: Statement):
    """≲ as an uninterpreted relation (checks.lemmas), one constant per name, atoms as terms."""
    from ordertheory.theory.lemmas import vocabulary

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


def obligation(statement: Statement, order: Order):
    """"For every order of this kind, the statement holds" as an obligation (its SMT-LIB is the certificate)."""
    from ordertheory.engine.prove import Obligation

    def build(env):
        V, _, atom_term = _vocabulary(env, statement)
        return order_axioms(env, V, order), build_formula(statement.formula, atom_term, env)

    return Obligation(f"statement@{order.value}", f"for every {order.description}: {statement}", build,
                      "A.2.2–A.2.3 (relations derived from ≲)")



def _countermodel_with(statement: Statement, order: Order, k: int, timeout: float):
    """A counter-model whose names denote at most k elements: ('sat', model) | (status, reason)."""
    from ordertheory.encoding.z3_backend import Env

    def formulas(env):
        V, consts, atom_term = _vocabulary(env, statement)
        slots = env.Consts(" ".join(f"slot{i}" for i in range(k)), V.sort)
        bound = [env.Or(*[c == s for s in slots]) for c in consts.values()]
        return [*order_axioms(env, V, order), env.Not(build_formula(statement.formula, atom_term, env)), *bound]

    def decode(env, model) -> CounterModel:
        V, consts, _ = _vocabulary(env, statement)
        denotes: dict[str, int] = {}
        reps: list = []
        for name, c in consts.items():
            same = next((i for i, r in enumerate(reps) if env.evaluate_bool(model, c == r)), None)
            if same is None:
                reps.append(c)
                same = len(reps) - 1
            denotes[name] = same
        le = frozenset((i, j) for i, a in enumerate(reps) for j, b in enumerate(reps)
                       if env.evaluate_bool(model, V.le(a, b)))
        return CounterModel(order, statement, denotes, le)

    env = Env()
    status, model, reason = env.check(formulas(env), timeout)
    return (status, decode(env, model)) if status == "sat" else (status, reason)


def prove_statement(statement: str | Statement, order: str | Order = Order.PREORDER, timeout: float = 10.0,
                    progress=None):
    """Decide a statement for every order of the given kind: a Result (engine.result).

    PROVED carries the SMT-LIB certificate (``result.smtlib``, expected answer unsat); REFUTED
    carries the smallest counter-model (fewest elements), re-validated without z3; UNKNOWN says why.
    ``progress(message)``, when given, hears of each step of the search for the smallest model.

    >>> prove_statement("a < b and b < c -> a < c").verdict.name
    'PROVED'
    >>> r = prove_statement("a <= b or b <= a", "partial")
    >>> r.verdict.name, r.witness.elements, r.witness.atom_values()
    ('REFUTED', ('a', 'b'), {'a ≲ b': False, 'b ≲ a': False})
    >>> prove_statement("a <= b or b <= a", "total").verdict.name
    'PROVED'
    """
    import time

    from ordertheory.engine.prove import prove
    from ordertheory.engine.result import Result, Verdict

    t0 = time.perf_counter()
    s = statement if isinstance(statement, Statement) else parse_statement(statement)
    kind = Order.parse(order)
    ob = obligation(s, kind)
    first = prove(ob, timeout)
    if first.verdict is Verdict.PROVED:
        return Result(ob.id, ob.statement, Verdict.PROVED, time.perf_counter() - t0, first.method,
                      certificate=((ob.id, ob.smtlib()),))
    if first.verdict is not Verdict.REFUTED:
        return Result(ob.id, ob.statement, Verdict.UNKNOWN, time.perf_counter() - t0, first.method,
                      reason=first.reason)
    reasons = []
    for k in range(1, len(s.names) + 1):
        remaining = timeout - (time.perf_counter() - t0)
        if remaining <= 0:
            reasons.append("time ran out while searching for the smallest counter-model")
            break
        if progress is not None:
            progress(f"refuted; looking for a counter-model with {k} element{'s' if k > 1 else ''}")
        status, found = _countermodel_with(s, kind, k, remaining)
        if status == "sat":
            problems = found.problems()
            if problems:  # never report a refutation that Python cannot confirm
                reasons.append(f"z3's counter-model failed validation: {'; '.join(problems)}")
                break
            return Result(ob.id, ob.statement, Verdict.REFUTED, time.perf_counter() - t0, first.method,
                          witness=found)
        if status == "unknown":
            reasons.append(f"z3 could not decide {k} element(s): {found}")
    return Result(ob.id, ob.statement, Verdict.UNKNOWN, time.perf_counter() - t0, first.method,
                  reason="; ".join(reasons) or "no counter-model found")
