"""The language of statements about named elements of an order, read by a whitelist parser.

A statement such as ``a < b and b ~ c -> a < c`` speaks of named elements. Atoms, with the
paper's relations (eqs. (1)–(6)):

- ``a <= b``: a ≲ b;  ``a >= b``: a ≳ b, i.e. b ≲ a;  ``a ~ b``: a ∼ b (a ≲ b and b ≲ a);
- ``a < b``: a ≲ b and not b ≲ a;  ``a > b``: b ≲ a and not a ≲ b;
- ``a # b``: a ⋈ b (neither a ≲ b nor b ≲ a);  ``a = b``: a and b are the same element.

Connectives, loosest first: ``<->``, ``->`` (right-associative), ``or``, ``and``, ``not``;
parentheses group; the Unicode forms ≲ ≳ ∼ ⋈ ¬ ∧ ∨ ⇒ ⇔ are accepted too. The text is read token
by token against this whitelist (nothing is ever evaluated); an error is one line naming the
offending token and its column. Deciding a statement is :mod:`ordertheory.theory.statements`'.

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
class OrderStatement:
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


def parse_statement(text: str) -> OrderStatement:
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
    return OrderStatement(text, formula, tuple(parser.names))
