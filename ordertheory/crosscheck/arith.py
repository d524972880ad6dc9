"""Exact comparison of the values the falsifier meets, or no answer at all.

Rationals (Fractions) are compared exactly. Other exact numbers (radicals, exp, log, probit of
rationals) are compared by sympy's arbitrary-precision evaluation with ``strict=True`` (sympy
raises rather than return fewer correct digits than asked); a difference smaller than the guard
is left undecided (``None``) unless sympy's own simplification has made it exactly zero. The
falsifier claims a counterexample only on decided comparisons.

>>> import sympy
>>> compare(Fraction(1, 3), Fraction(1, 2))
-1
>>> compare(sympy.sqrt(2), Fraction(141421, 100000))
1
>>> compare(sympy.sqrt(8) / 2, sympy.sqrt(2))
0
"""

from __future__ import annotations

from fractions import Fraction

import sympy

DIGITS = 50  # digits asked of sympy's evaluation
GUARD = sympy.Float(10) ** -35  # below this, a difference of irrational numbers is not decided


def exact(value: object) -> sympy.Expr:
    """A Fraction, an int or an exact sympy number as a sympy number."""
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, int):
        return sympy.Integer(value)
    return sympy.sympify(value, strict=True)  # a number or a sympy object, never text


def compare(a: object, b: object) -> int | None:
    """sign(a − b) decided exactly: −1, 0, 1, or None when too close to call."""
    if isinstance(a, Fraction | int) and isinstance(b, Fraction | int):
        return (a > b) - (a < b)
    d = exact(a) - exact(b)
    if d.is_Rational:
        return int(bool(d > 0)) - int(bool(d < 0))
    if d.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo, sympy.I):
        return None
    try:
        approx = d.evalf(DIGITS, strict=True)
    except Exception:  # precision exhausted, or a function sympy cannot evaluate
        return None
    if not approx.is_Number:
        return None
    if abs(approx) > GUARD:
        return 1 if approx > 0 else -1
    return None


def approximate(value: object) -> float:
    """A float for ranking candidates (never for deciding)."""
    if isinstance(value, Fraction | int):
        return float(value)
    try:
        return float(exact(value).evalf(20))
    except (TypeError, ValueError, OverflowError):
        return float("nan")


def read_exact(text: object) -> Fraction:
    """An exact rational written as text by a command's JSON ("1/3", "0", "2")."""
    if isinstance(text, dict):  # compare's {exact, decimal}
        text = text["exact"]
    return Fraction(str(text))
