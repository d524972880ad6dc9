"""Formulas evaluated at a point in exact arithmetic, without solving: a sanity model's re-check.

A solver's model of a proof's assumptions shows them satisfiable only if the model is right; here
the quantifier-free real arithmetic of the assumptions (Boolean connectives, comparisons, + − × ÷,
rational constants) is evaluated in Fractions at the model's values, by walking the formulas' syntax.
Quantifiers, uninterpreted functions or anything else give ``None``: not decided here.

>>> import z3
>>> x, y = z3.Reals("x y")
>>> holds([x > 0, x * y == 1], {"x": Fraction(2), "y": Fraction(1, 2)})
True
>>> holds([x > 0, z3.ForAll([y], y * y >= 0)], {"x": Fraction(1)}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import z3


class _Undecided(Exception):
    """The formula leaves the fragment evaluated here."""


def holds(formulas: Sequence, values: Mapping[str, object]) -> bool | None:
    """Whether every formula holds at ``values`` (names → Fractions or booleans), exactly; None when
    some formula is outside quantifier-free rational arithmetic or a name has no value."""
    try:
        return all(_truth(f, values) for f in formulas)
    except (_Undecided, ZeroDivisionError):
        return None


def _truth(e, values) -> bool:
    if z3.is_true(e):
        return True
    if z3.is_false(e):
        return False
    if z3.is_quantifier(e) or not z3.is_app(e):
        raise _Undecided
    k, args = e.decl().kind(), e.children()
    if k == z3.Z3_OP_AND:
        return all(_truth(a, values) for a in args)
    if k == z3.Z3_OP_OR:
        return any(_truth(a, values) for a in args)
    if k == z3.Z3_OP_NOT:
        return not _truth(args[0], values)
    if k == z3.Z3_OP_IMPLIES:
        return (not _truth(args[0], values)) or _truth(args[1], values)
    if k == z3.Z3_OP_EQ and z3.is_bool(args[0]):
        return _truth(args[0], values) == _truth(args[1], values)
    if k == z3.Z3_OP_UNINTERPRETED and e.num_args() == 0 and z3.is_bool(e):
        v = values.get(e.decl().name())
        if not isinstance(v, bool):
            raise _Undecided
        return v
    compare = {z3.Z3_OP_EQ: lambda a, b: a == b, z3.Z3_OP_DISTINCT: lambda a, b: a != b,
               z3.Z3_OP_LT: lambda a, b: a < b, z3.Z3_OP_LE: lambda a, b: a <= b,
               z3.Z3_OP_GT: lambda a, b: a > b, z3.Z3_OP_GE: lambda a, b: a >= b}
    if k in compare and len(args) == 2:
        return compare[k](_value(args[0], values), _value(args[1], values))
    raise _Undecided


def _value(e, values) -> Fraction:
    if z3.is_rational_value(e) or z3.is_int_value(e):
        return Fraction(e.as_fraction()) if z3.is_rational_value(e) else Fraction(e.as_long())
    if not z3.is_app(e):
        raise _Undecided
    k, args = e.decl().kind(), e.children()
    if k == z3.Z3_OP_UNINTERPRETED and not args:
        v = values.get(e.decl().name())
        if isinstance(v, bool) or v is None:
            raise _Undecided
        return Fraction(v)
    if k == z3.Z3_OP_ITE:
        return _value(args[1], values) if _truth(args[0], values) else _value(args[2], values)
    vals = [_value(a, values) for a in args]
    if k == z3.Z3_OP_ADD:
        return sum(vals, Fraction(0))
    if k == z3.Z3_OP_SUB:
        return vals[0] - sum(vals[1:], Fraction(0))
    if k == z3.Z3_OP_MUL:
        out = Fraction(1)
        for v in vals:
            out *= v
        return out
    if k == z3.Z3_OP_DIV:
        return vals[0] / vals[1]
    if k == z3.Z3_OP_UMINUS:
        return -vals[0]
    if k == z3.Z3_OP_TO_REAL:
        return vals[0]
    raise _Undecided
