"""The facts a readable proof is made of: ≲-literals, the derived atoms unfolded by their
definitions, and what the facts in scope give by reflexivity and transitivity (with how).

>>> from ordertheory.theory.statement_syntax import parse_statement
>>> str(unfold(parse_statement("a < b").formula, set()))
'a ≲ b ∧ ¬(b ≲ a)'
"""

from __future__ import annotations

from ordertheory.theory.readable.proof_rules import FALSUM, definition, le
from ordertheory.theory.statement_syntax import Atom, Binary, Not


class NoProof(Exception):
    """The search found no short chain (the message says why)."""


# (i, j, holds): the atom on (x, y) gives (x, y)[i] ≲ (x, y)[j] (or ≴ when not holds)
FACTS = {"sim": ((0, 1, True), (1, 0, True)), "lt": ((0, 1, True), (1, 0, False)),
         "gt": ((0, 1, False), (1, 0, True)), "inc": ((0, 1, False), (1, 0, False)), "ge": ((1, 0, True),)}
DEFS = {"sim": (1,), "gt": (2,), "lt": (3,), "inc": (4,), "ge": (6, 1, 2)}


def literal(x: str, y: str, positive: bool):
    """x ≲ y, or x ≴ y."""
    return le(x, y) if positive else Not(le(x, y))


def negate(f):
    """¬f, without a double negation."""
    return f.arg if isinstance(f, Not) else Not(f)


def flatten(f, op: str) -> list:
    """The operands of a chain of one connective (a ∧ b ∧ c: [a, b, c])."""
    if isinstance(f, Binary) and f.op == op:
        return flatten(f.left, op) + flatten(f.right, op)
    return [f]


def is_literal(f) -> bool:
    """Whether f is x ≲ y or x ≴ y."""
    return (isinstance(f, Atom) and f.relation == "le") or (isinstance(f, Not) and is_literal(f.arg)
                                                           and isinstance(f.arg, Atom))


def unfold(f, defs: set[int]):
    """The formula with every derived atom replaced by its definition, recursively (≲ atoms only)."""
    if isinstance(f, Atom):
        if f.relation == "le":
            return f
        if f.relation == "eq":
            raise NoProof("no readable proof for statements with = (the solver proof stands)")
        defs.update(DEFS[f.relation][:1])
        return unfold(definition(f), defs)
    if isinstance(f, Not):
        return Not(unfold(f.arg, defs))
    if f is FALSUM:
        return f
    return Binary(f.op, unfold(f.left, defs), unfold(f.right, defs))


def closure(frames: list[dict], names) -> tuple[dict, dict]:
    """The ≲-facts in scope closed under reflexivity and transitivity (forwards and backwards), each
    with how it follows: ("line", n), ("refl",), ("trans", p, q), ("up" | "down", p, q)."""
    pos, neg = {}, {}
    for frame in frames:
        for f, n in frame.items():
            if isinstance(f, Atom) and f.relation == "le":
                pos.setdefault((f.left, f.right), ("line", n))
            elif isinstance(f, Not) and isinstance(f.arg, Atom) and f.arg.relation == "le":
                neg.setdefault((f.arg.left, f.arg.right), ("line", n))
    for x in names:
        pos.setdefault((x, x), ("refl",))
    changed = True
    while changed:  # rounds, so that every chain found is a shortest one
        changed = False
        for (x, m), (m2, y) in [(p, q) for p in list(pos) for q in list(pos)]:
            if m == m2 and (x, y) not in pos:
                pos[(x, y)] = ("trans", (x, m), (m, y))
                changed = True
        for (u, v) in list(neg):
            for (a, x) in list(pos):
                if a == u and x != u and (x, v) not in neg:  # u ≲ x, u ≴ v ⊢ x ≴ v
                    neg[(x, v)] = ("up", (u, x), (u, v))
                    changed = True
            for (y, b) in list(pos):
                if b == v and y != v and (u, y) not in neg:  # y ≲ v, u ≴ v ⊢ u ≴ y
                    neg[(u, y)] = ("down", (y, v), (u, v))
                    changed = True
    return pos, neg
