"""Exact number conversion: every user number becomes a Fraction, never a float in disguise.

>>> to_fraction("0.2")
Fraction(1, 5)
>>> to_fraction(0.1)  # a float is read by its shortest decimal repr, not its binary value
Fraction(1, 10)
"""

from __future__ import annotations

import numbers
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

import sympy

from ordertheory.errors import InvalidInput


def to_fraction(value: object, name: str = "value") -> Fraction:
    """Convert an int, Fraction, decimal/fraction string, float or sympy Rational to a Fraction."""
    if isinstance(value, bool):
        raise InvalidInput(f"expected a number for {name} but got a boolean {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    if isinstance(value, sympy.Rational):
        return Fraction(int(value.p), int(value.q))
    if isinstance(value, sympy.Basic):
        raise InvalidInput(f"expected a rational number for {name} but got {value}")
    if isinstance(value, numbers.Real):
        f = float(value)
        if f != f or f in (float("inf"), float("-inf")):
            raise InvalidInput(f"expected a finite number for {name} but got {value!r}")
        return Fraction(Decimal(repr(f)))
    if isinstance(value, str):
        text = value.strip()
        _check_number_text(text, name)
        try:
            if "/" in text:
                return Fraction(text)
            return Fraction(Decimal(text))
        except (ValueError, ZeroDivisionError, OverflowError, InvalidOperation):
            raise InvalidInput(
                f"expected a number like 1/5 or 0.2 for {name} but got {value!r}"
            ) from None
    raise InvalidInput(f"expected a number for {name} but got {type(value).__name__}: {value!r}")


MAX_NUMBER_DIGITS = 100  # digits of a number written as text (mantissa, numerator, denominator)
MAX_NUMBER_EXPONENT = 100  # |e| in a number written like 1e-30
_DECIMAL = re.compile(r"[+-]?(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE]([+-]?\d+))?")


def _check_number_text(text: str, name: str) -> None:
    """Bound a number written as text before reading it exactly (1e-100000000 would take forever).

    >>> _check_number_text("1e-1000", "prior")
    Traceback (most recent call last):
    ...
    ordertheory.errors.InvalidInput: number '1e-1000' for prior has an exponent beyond ±100
    """
    shown = text if len(text) <= 40 else text[:37] + "..."
    if len(text) > 3 * MAX_NUMBER_DIGITS:
        raise InvalidInput(f"number {shown!r} for {name} is too long (at most {MAX_NUMBER_DIGITS} digits)")
    for part in text.split("/", 1):
        m = _DECIMAL.fullmatch(part.strip())
        if m is None:
            continue  # not a plain decimal: the reader below rejects it with its own message
        if sum(c.isdigit() for c in m.group(1)) > MAX_NUMBER_DIGITS:
            raise InvalidInput(f"number {shown!r} for {name} has more than {MAX_NUMBER_DIGITS} digits")
        if m.group(2) is not None and abs(int(m.group(2))) > MAX_NUMBER_EXPONENT:
            raise InvalidInput(f"number {shown!r} for {name} has an exponent beyond ±{MAX_NUMBER_EXPONENT}")


def to_rational(value: object, name: str = "value") -> sympy.Rational:
    """Same as :func:`to_fraction` but returns a sympy Rational."""
    f = to_fraction(value, name)
    return sympy.Rational(f.numerator, f.denominator)


def fraction_str(value: Fraction) -> str:
    """'1/5', '0', '-3' — the JSON form of exact numbers."""
    return str(value)


def as_sympy(value: object) -> sympy.Expr:
    """A sympy number from an internal value (int, Fraction, sympy expression): never from text,
    which only the whitelist parser may read."""
    if isinstance(value, sympy.Basic):
        return value
    if isinstance(value, bool) or isinstance(value, str):
        raise TypeError(f"expected a number or a sympy expression but got {value!r}")
    if isinstance(value, numbers.Integral):
        return sympy.Integer(int(value))
    if isinstance(value, (Fraction, numbers.Real)):
        f = to_fraction(value)
        return sympy.Rational(f.numerator, f.denominator)
    raise TypeError(f"expected a number or a sympy expression but got {type(value).__name__}")


def _sign_by_evaluation(v: sympy.Expr, precision: int) -> int | None:
    """The sign when evalf reaches ``precision`` digits (strict: else None) and the value is far
    from 0 at that accuracy; None when it may be 0. Deciding this first skips sympy's assumption
    queries, which cost most of the time of comparing irrational scores (equivalence classes)."""
    if v.free_symbols or v.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo, sympy.I):
        return None
    try:
        approx = v.evalf(precision, strict=True)
    except Exception:  # PrecisionExhausted, or a function sympy cannot evaluate: the slow path decides
        return None
    if not approx.is_Number or approx.is_zero is not False:
        return None
    if abs(approx) > sympy.Float(10) ** (-(precision // 2)):
        return 1 if approx > 0 else -1
    return None


def sign(value: sympy.Expr, precision: int = 60) -> int:
    """Exact sign (-1, 0, 1) of a real constant sympy expression.

    Rationals are decided exactly; algebraic and transcendental constants by sympy's own
    assumptions, then by evaluation with guarded precision (``evalf`` reports the precision it
    reached; a result whose error bound straddles 0 raises instead of guessing).

    >>> sign(sympy.sqrt(2) - sympy.Rational(141, 100))
    1
    """
    v = as_sympy(value)
    if v.is_Rational:
        return int(bool(v > 0)) - int(bool(v < 0))
    quick = _sign_by_evaluation(v, precision)
    if quick is not None:
        return quick
    if v.is_zero:
        return 0
    if v.is_positive:
        return 1
    if v.is_negative:
        return -1
    if v.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        raise InvalidInput(f"expected a finite real number but got {v}")
    simplified = sympy.radsimp(sympy.simplify(v))
    if simplified.is_zero:
        return 0
    for prec in (precision, 4 * precision):
        approx = simplified.evalf(prec, strict=False)
        if not approx.is_Number:
            break
        if approx != 0 and abs(approx) > sympy.Float(10) ** (-(prec // 2)):
            return 1 if approx > 0 else -1
    raise InvalidInput(f"cannot decide the sign of {v} exactly")
