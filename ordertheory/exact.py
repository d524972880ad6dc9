"""The exact kernel: numbers, zero tests, signs and rational formulas — one implementation of each.

- every user number becomes a Fraction, never a float in disguise (:func:`to_fraction`);
- is this expression zero? (:func:`is_zero`, exact for rational functions);
- what is the sign of this number (:func:`sign`, :func:`compare`), of this expression under its
  symbols' assumptions (:func:`symbolic_sign`)?
- a rational formula compiled once into Fraction arithmetic (:func:`compile_rational`), or into
  pairs of integers (numerator, denominator) for many points at once (:func:`compile_rational_pairs`);
- the coefficients of an affine form, read exactly (:func:`affine_form`).

>>> to_fraction("0.2")
Fraction(1, 5)
>>> to_fraction(0.1)  # a float is read by its shortest decimal repr, not its binary value
Fraction(1, 10)
>>> x = sympy.Symbol("x", positive=True)
>>> is_zero((x**2 - 1) / (x - 1) - x - 1), symbolic_sign(x / (1 + x)), compare(Fraction(1, 3), sympy.sqrt(2) / 4)
(True, 1, -1)
"""

from __future__ import annotations

import functools
import numbers
import re
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import reduce
from operator import add, itemgetter, mul

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


def compare(a, b) -> int:
    """sign(a − b) for two exact numbers (Fractions, ints or exact sympy numbers), decided exactly.

    >>> compare(Fraction(1, 2), Fraction(1, 3)), compare(sympy.sqrt(2), Fraction(3, 2))
    (1, -1)
    """
    if isinstance(a, Fraction | int) and isinstance(b, Fraction | int):
        return (a > b) - (a < b)
    return _sign_cached(as_sympy(a) - as_sympy(b))


@functools.lru_cache(maxsize=8192)
def _sign_cached(d: sympy.Expr) -> int:
    """:func:`sign`, remembered: the searches for witnesses meet the same pairs of irrational values
    again and again (a probit's sign is a root search)."""
    return sign(d)


# --- zero tests -------------------------------------------------------------------------------------
def _is_rational_form(num: sympy.Expr) -> bool:
    return all(a.exp.is_Integer for a in num.atoms(sympy.Pow)) and not num.has(sympy.Function)


def rational_zero(e: sympy.Expr) -> bool | None:
    """Whether ``e`` is 0, decided exactly for a rational function (the expanded numerator of its
    normal form: a fraction of the cost of simplify); None for anything else."""
    num = sympy.numer(sympy.together(as_sympy(e)))
    return sympy.expand(num) == 0 if _is_rational_form(num) else None


def is_zero(e: sympy.Expr, positive: bool = False) -> bool:
    """Exact zero test: for a rational function, the expanded numerator of its normal form; other
    expressions by sympy's simplification (which may miss a zero, never invents one). With
    ``positive``, also a zero on the open orthant where every free symbol is > 0 (a radical
    identity between probabilities of Π, which extends by continuity to Π where both sides are
    defined).

    >>> p = sympy.Symbol("p")
    >>> is_zero(sympy.sqrt(p**2) - p), is_zero(sympy.sqrt(p**2) - p, positive=True)
    (False, True)
    """
    e = as_sympy(e)
    zero = rational_zero(e)
    if zero is not None:
        return zero
    if sympy.simplify(e) == 0:
        return True
    if not positive:
        return False
    pos = {x: sympy.Symbol(x.name, positive=True) for x in e.free_symbols if x.is_positive is not True}
    return bool(pos) and sympy.simplify(e.xreplace(pos)) == 0


# --- signs of expressions -----------------------------------------------------------------------------
def _coefficient_sign(e: sympy.Expr) -> int | None:
    """+1 or −1 when sympy decides the sign, or when e is a polynomial in positive symbols whose
    coefficients all share one sign; else None (never a guess)."""
    if e.is_positive:
        return 1
    if e.is_negative:
        return -1
    gens = sorted(e.free_symbols, key=str)
    if not gens or not all(g.is_positive for g in gens):
        return None
    try:
        coeffs = sympy.Poly(sympy.expand(e), *gens).coeffs()
    except sympy.PolynomialError:
        return None
    if all(c > 0 for c in coeffs):
        return 1
    if all(c < 0 for c in coeffs):
        return -1
    return None


def _factor_sign(part: sympy.Expr) -> int | None:
    """The sign of a product, factor by factor: an even power of a non-zero factor counts +1, a factor
    of one sign (sympy's assumptions, or one-signed coefficients) its sign; None when one is undecided."""
    s = _coefficient_sign(part)
    if s is not None:
        return s
    total = 1
    for f in sympy.Mul.make_args(part):
        base, exp = f.as_base_exp()
        if exp.is_Integer and exp % 2 == 0 and base.is_nonzero is not False and (
                base.is_positive or base.is_negative or _coefficient_sign(base) is not None):
            continue
        s = _coefficient_sign(f)
        if s is None:
            return None
        total *= s
    return total


def symbolic_sign(expr: sympy.Expr, unit: Iterable[sympy.Symbol] = ()) -> int | None:
    """+1, −1 or 0 when decided, None when not (never a guess), for an expression in symbols whose
    sympy assumptions say what is known (positive ones), the symbols of ``unit`` lying in (0, 1).

    Sound: a sign comes from sympy's assumptions (after q = u/(1+u), u > 0, for each q of ``unit``),
    or from the numerator and denominator factored, each factor of one sign.

    >>> p = sympy.Symbol("p")
    >>> symbolic_sign(p * (1 - p), unit=[p]), symbolic_sign(p - sympy.Rational(1, 2), unit=[p])
    (1, None)
    """
    subs = {q: sympy.Symbol(f"{q.name}_u", positive=True) for q in unit}
    e = sympy.simplify(as_sympy(expr))
    if subs:
        e = sympy.simplify(e.xreplace({q: u / (1 + u) for q, u in subs.items()}))
    e = sympy.cancel(e)
    if e.is_zero:
        return 0
    if e.is_positive:
        return 1
    if e.is_negative:
        return -1
    num, den = sympy.fraction(sympy.factor(e))
    total = 1
    for part in (num, den):
        s = _factor_sign(part)
        if s is None:
            return None
        total *= s
    return total


# --- rational formulas ---------------------------------------------------------------------------------
class _NotRational(Exception):
    """The expression leaves the rational functions (a root, a function): no exact compilation."""


def _compile(expr: sympy.Expr, symbols: Sequence[sympy.Symbol], const, plus, times, power,
             lattice: bool = False) -> Callable | None:
    """The tree of closures mirroring ``expr`` (no code generated from text) in one arithmetic;
    with ``lattice`` also Min, Max and Abs (exact in Fractions, which compare)."""
    index = {s: i for i, s in enumerate(symbols)}

    def build(e: sympy.Expr) -> Callable:
        if e.is_Symbol:
            if e not in index:
                raise _NotRational
            return itemgetter(index[e])
        if e.is_Rational:
            c = const(Fraction(int(e.p), int(e.q)))
            return lambda v: c
        if e.is_Add or e.is_Mul:
            fs = [build(a) for a in e.args]
            op = plus if e.is_Add else times
            if len(fs) == 2:
                f0, f1 = fs
                return lambda v: op(f0(v), f1(v))
            return lambda v: reduce(op, [f(v) for f in fs])
        if e.is_Pow and e.exp.is_Integer:
            f, n = build(e.base), int(e.exp)
            return lambda v: power(f(v), n)
        if lattice and isinstance(e, sympy.Min | sympy.Max | sympy.Abs):
            fs, pick = [build(a) for a in e.args], {sympy.Min: min, sympy.Max: max}.get(type(e))
            return (lambda v: pick(f(v) for f in fs)) if pick else (lambda v: abs(fs[0](v)))
        raise _NotRational

    try:
        return build(expr)
    except _NotRational:
        return None


def compile_rational(expr: sympy.Expr, symbols: Sequence[sympy.Symbol]) -> Callable | None:
    """``f(values) -> Fraction`` for a rational ``expr`` in ``symbols`` (values in that order,
    Fractions), or None when ``expr`` is not built from rational numbers by +, ×, integer powers,
    min, max and |·| (a root, a log: its values are not all rational).

    Its value at an exact performance is the very rational sympy's ``xreplace`` gives, about a
    hundred times faster; a division by zero raises :class:`ZeroDivisionError` where sympy would
    give ``zoo`` or ``nan``.

    >>> tn, fp, fn, tp = sympy.symbols("tn fp fn tp")
    >>> compile_rational(2 * tp / (2 * tp + fp + fn), (tn, fp, fn, tp))((Fraction(1, 4),) * 4)
    Fraction(1, 2)
    >>> compile_rational(sympy.sqrt(tp), (tn, fp, fn, tp)) is None
    True
    """
    return _compile(expr, symbols, lambda c: c, add, mul, lambda x, n: x ** n, lattice=True)


def _pair_power(x: tuple, n: int) -> tuple:
    num, den = x
    return (num ** n, den ** n) if n >= 0 else (den ** -n, num ** -n)


def compile_rational_pairs(expr: sympy.Expr, symbols: Sequence[sympy.Symbol]) -> Callable | None:
    """The same compiled formula on pairs ``(numerator, denominator)`` of integers — or of numpy
    object arrays of integers, many points at once — never reduced: ``f(pairs) -> (n, d)`` with
    X = n/d (d = 0 where a denominator vanishes). Equal rationals then reduce to the same lowest
    terms, hence to identical floats (the exact ties of Kendall's τ).

    >>> tn, fp, fn, tp = sympy.symbols("tn fp fn tp")
    >>> n, d = compile_rational_pairs(2 * tp / (2 * tp + fp + fn), (tn, fp, fn, tp))([(1, 4)] * 4)
    >>> Fraction(n, d)
    Fraction(1, 2)
    """
    return _compile(expr, symbols, lambda c: (c.numerator, c.denominator),
                    lambda x, y: (x[0] * y[1] + y[0] * x[1], x[1] * y[1]),
                    lambda x, y: (x[0] * y[0], x[1] * y[1]), _pair_power)


def affine_form(e: sympy.Expr, symbols: Sequence[sympy.Symbol]) -> tuple[tuple[sympy.Expr, ...], sympy.Expr] | None:
    """(c, c₀) with e = Σᵢ cᵢ·symbolsᵢ + c₀ once expanded, each coefficient a sympy number (exact
    when e's numbers are), or None when e is not affine in ``symbols`` with numeric coefficients.
    The one reader of a linear form: exact for the forms of a score, floats for a linear programme.

    >>> x, y = sympy.symbols("x y")
    >>> affine_form(2*x - y/3 + 1, (x, y))
    ((2, -1/3), 1)
    >>> affine_form(x*y, (x, y)) is None, affine_form(sympy.sqrt(2) * x, (x, y)) is None
    (True, True)
    """
    index = {s: i for i, s in enumerate(symbols)}
    coeffs: list[sympy.Expr] = [sympy.Integer(0)] * len(index)
    const: sympy.Expr = sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand(e)):
        c, rest = term.as_coeff_Mul()
        if rest == 1:
            const += c
        elif rest in index:
            coeffs[index[rest]] += c
        else:
            return None
    return tuple(coeffs), const
