"""Formulas with their domain *as written*: a score is defined where every denominator of its formula
as typed is non-zero, every radicand ≥ 0, every log and probit argument in its domain.

sympy simplifies on construction (``tp*x/x`` becomes ``tp``), which silently enlarges a score's
domain. A :class:`Term` therefore carries, next to its sympy expression, every condition met while
building it: a non-zero denominator, a non-negative radicand, a log argument > 0, a probit argument
in (0, 1). The parser and the catalogue both build scores from Terms.

>>> tp, x = Term.symbol("tp"), Term.symbol("x")
>>> t = tp * x / x
>>> t.expr, [str(c) for c in t.conditions]
(tp, ['x != 0'])
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

import mpmath
import sympy
from sympy import Function

from ordertheory.errors import ExpressionError, ResourceLimit
from ordertheory.exact import as_sympy, sign

MAX_EXPONENT = 64
MAX_NUMBER_BITS = 6_000  # about 1800 digits, well below Python's 4300-digit printing limit


class probit(Function):
    """The standard normal quantile Φ⁻¹, defined on (0, 1); evaluated through erfinv."""

    nargs = 1

    def _at_half(cls, x):  # sympy's automatic evaluation hook: probit(1/2) = 0 exactly
        if x == sympy.Rational(1, 2):
            return sympy.Integer(0)
        return None

    eval = classmethod(_at_half)  # (sympy requires this name for the hook)

    def _eval_rewrite_as_erfinv(self, x, **kwargs):
        return sympy.sqrt(2) * sympy.erfinv(2 * x - 1)

    def _eval_evalf(self, prec):
        x = self.args[0] if self.args[0].is_Rational else self.args[0].evalf(mpmath.libmp.prec_to_dps(prec) + 20)
        if not (x.is_Rational or x.is_Float):
            return None
        value = _probit_at((int(x.p), int(x.q)) if x.is_Rational else x._mpf_, prec)
        return None if value is None else sympy.Float._new(value, prec)

    def fdiff(self, argindex=1):
        x = self.args[0]
        return sympy.sqrt(2 * sympy.pi) * sympy.exp(probit(x) ** 2 / 2)


@functools.lru_cache(maxsize=1 << 16)
def _probit_at(x: tuple, prec: int) -> tuple | None:
    """√2·erfinv(2x − 1) as an mpf (rounded to ``prec`` bits) at x = p/q given as ``(p, q)``, or at
    an mpf ``x``, worked out in enough extra bits that 2x − 1 does not round to ±1 near 0 or 1;
    remembered: the searches compare the same probits again and again (d′ on a sample of Π)."""
    xv = mpmath.mpf(x[0]) / x[1] if len(x) == 2 else mpmath.mpf(x)
    with mpmath.workprec(64):
        u = min(abs(xv), abs(1 - xv))
        extra = 20 + (int(-mpmath.log(u, 2)) + 1 if 0 < u < 1 else 0)
    if extra > 100_000:
        return None
    with mpmath.workprec(prec + extra):
        xv = mpmath.mpf(x[0]) / x[1] if len(x) == 2 else mpmath.mpf(x)
        arg = 2 * xv - 1
        if not -1 < arg < 1:
            return None
        value = mpmath.sqrt(2) * mpmath.erfinv(arg)
    return value._mpf_


class ConditionKind(enum.StrEnum):
    """The closed set of domain conditions a formula as written can impose."""

    NONZERO = "nonzero"  # a denominator
    NONNEG = "nonneg"  # a square root's radicand
    POS = "pos"  # a logarithm's argument
    OPEN_UNIT = "open_unit"  # probit's argument, in (0, 1)

    def holds(self, value: sympy.Expr) -> bool:
        """Whether the condition holds at an exact number (decided by :func:`exact.sign`)."""
        s = sign(value)
        if self is ConditionKind.NONZERO:
            return s != 0
        if self is ConditionKind.NONNEG:
            return s >= 0
        if self is ConditionKind.POS:
            return s > 0
        return s > 0 and sign(value - 1) < 0


@dataclass(frozen=True, order=True)
class Condition:
    """One domain condition on an expression (see :class:`ConditionKind`)."""

    kind: ConditionKind
    expr: sympy.Expr

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", ConditionKind(self.kind))

    def holds(self, value: sympy.Expr) -> bool:
        """Whether the condition holds once ``expr`` has been evaluated to the number ``value``."""
        return self.kind.holds(value)

    def __str__(self) -> str:
        e = str(self.expr)
        return {
            "nonzero": f"{e} != 0",
            "nonneg": f"{e} >= 0",
            "pos": f"{e} > 0",
            "open_unit": f"0 < {e} < 1",
        }[self.kind]

    def relational(self) -> sympy.Basic:
        """The condition as a sympy relational (for printing and substitution)."""
        e = self.expr
        if self.kind == "nonzero":
            return sympy.Ne(e, 0)
        if self.kind == "nonneg":
            return e >= 0
        if self.kind == "pos":
            return e > 0
        return sympy.And(e > 0, e < 1)

    def substitute(self, mapping) -> Condition:
        return Condition(self.kind, self.expr.subs(mapping, simultaneous=True))


def _key(c: Condition) -> tuple[str, str]:
    return (c.kind, sympy.srepr(c.expr))


def _normalise(c: Condition) -> list[Condition]:
    """Equivalent, simpler conditions (given the others of the domain): a product or power is
    non-zero iff each factor is; √a ≠ 0 iff a ≠ 0 (a ≥ 0 is recorded too); a condition that sympy
    proves from the outcome probabilities being ≥ 0 is dropped."""
    e = c.expr
    if c.kind == "nonzero":
        if e.is_Mul:
            return [x for f in e.args if not f.is_number for x in _normalise(Condition("nonzero", f))]
        if e.is_Pow and e.exp.is_Rational and e.exp > 0:
            return _normalise(Condition("nonzero", e.base))
        if e.is_positive or e.is_negative:
            return []
    if c.kind == "nonneg" and e.is_nonnegative:
        return []
    if c.kind == "pos" and e.is_positive:
        return []
    return [c]


def _merge(*groups: tuple[Condition, ...]) -> tuple[Condition, ...]:
    seen: dict[tuple[str, str], Condition] = {}
    for g in groups:
        for c in g:
            if c.expr.is_number:
                continue  # constant conditions are decided when the Term is built
            for n in _normalise(c):
                seen.setdefault(_key(n), n)
    return tuple(seen[k] for k in sorted(seen))


@dataclass(frozen=True)
class Term:
    """A sympy expression plus the domain conditions collected while writing it."""

    expr: sympy.Expr
    conditions: tuple[Condition, ...] = ()

    @staticmethod
    def symbol(name: str) -> Term:
        return Term(sympy.Symbol(name, real=True, nonnegative=True))

    @staticmethod
    def const(value: object) -> Term:
        if isinstance(value, Term):
            return value

        return Term(as_sympy(value))

    # arithmetic ---------------------------------------------------------------------------
    def _bin(self, other: object, op) -> Term:
        o = Term.const(other)
        return Term(_bounded(op(self.expr, o.expr)), _merge(self.conditions, o.conditions))

    def __add__(self, other: object) -> Term:
        return self._bin(other, lambda a, b: a + b)

    def __radd__(self, other: object) -> Term:
        return Term.const(other) + self

    def __sub__(self, other: object) -> Term:
        return self._bin(other, lambda a, b: a - b)

    def __rsub__(self, other: object) -> Term:
        return Term.const(other) - self

    def __mul__(self, other: object) -> Term:
        return self._bin(other, lambda a, b: a * b)

    def __rmul__(self, other: object) -> Term:
        return Term.const(other) * self

    def __neg__(self) -> Term:
        return Term(-self.expr, self.conditions)

    def __truediv__(self, other: object) -> Term:
        o = Term.const(other)
        _require(o.expr, "nonzero", "a division by zero (its denominator is the constant {})")
        return Term(
            self.expr / o.expr,
            _merge(self.conditions, o.conditions, (Condition("nonzero", o.expr),)),
        )

    def __rtruediv__(self, other: object) -> Term:
        return Term.const(other) / self

    def __pow__(self, exponent: object) -> Term:
        e = Term.const(exponent).expr
        if not e.is_Rational:
            raise ExpressionError(f"expected a rational number as exponent but got {e}")
        if abs(e.p) > MAX_EXPONENT or e.q > MAX_EXPONENT:
            raise ExpressionError(f"expected an exponent of at most {MAX_EXPONENT} in size but got {e}")
        new: list[Condition] = []
        if e.q != 1:
            _require(self.expr, "nonneg", "a fractional power of a negative number ({})")
            new.append(Condition("nonneg", self.expr))
        if e < 0:
            _require(self.expr, "nonzero", "a division by zero (its denominator is the constant {})")
            new.append(Condition("nonzero", self.expr))
        base = self.expr
        if base.is_Rational and max(int(base.p).bit_length(), int(base.q).bit_length()) * abs(e.p) > MAX_NUMBER_BITS:
            _bounded(sympy.Integer(2) ** (MAX_NUMBER_BITS + 1))  # raises: the power would be too long
        if e.q != 1 and base.is_nonpositive and not base.is_number:
            # the radicand is ≥ 0 on the domain, so there base = 0 = −base: write the root of −base,
            # which sympy cannot fold into the imaginary unit (√(−tp) would become i·√tp)
            base = -base
        return Term(base**e, _merge(self.conditions, tuple(new)))

    # functions ----------------------------------------------------------------------------
    def sqrt(self) -> Term:
        return self ** sympy.Rational(1, 2)

    def log(self) -> Term:
        _require(self.expr, "pos", "log of a non-positive number ({})")
        return Term(sympy.log(self.expr), _merge(self.conditions, (Condition("pos", self.expr),)))

    def exp(self) -> Term:
        return Term(sympy.exp(self.expr), self.conditions)

    def abs(self) -> Term:
        return Term(sympy.Abs(self.expr), self.conditions)

    def probit(self) -> Term:
        _require(self.expr, "open_unit", "probit outside (0, 1) ({})")
        return Term(probit(self.expr), _merge(self.conditions, (Condition("open_unit", self.expr),)))

    @staticmethod
    def sum(terms) -> Term:
        """Σ terms in one step, one sympy Add and one merge of the domains: a chain of n additions
        costs O(n²), which a score summing over hundreds of score levels cannot afford.

        >>> Term.sum([Term.symbol("a"), 1 / Term.symbol("b")]).conditions[0].expr
        b
        """
        ts = [Term.const(t) for t in terms]
        return Term(_bounded(sympy.Add(*(t.expr for t in ts))), _merge(*(t.conditions for t in ts)))

    @staticmethod
    def min(*terms: object) -> Term:
        ts = [Term.const(t) for t in terms]
        return Term(_extremum(sympy.Min, [t.expr for t in ts]), _merge(*(t.conditions for t in ts)))

    @staticmethod
    def max(*terms: object) -> Term:
        ts = [Term.const(t) for t in terms]
        return Term(_extremum(sympy.Max, [t.expr for t in ts]), _merge(*(t.conditions for t in ts)))


def _extremum(f, args: list[sympy.Expr]) -> sympy.Expr:
    """min/max, left unevaluated when sympy cannot compare a constant argument numerically."""
    try:
        return f(*args)
    except (ValueError, TypeError):
        return f(*args, evaluate=False)


def _bounded(expr: sympy.Expr) -> sympy.Expr:
    """``expr``, unless it is a number too long to print or decide (Python refuses to print an int
    of more than 4300 digits): then a :class:`~ordertheory.errors.ResourceLimit`."""
    if expr.is_Rational and max(int(expr.p).bit_length(), int(expr.q).bit_length()) > MAX_NUMBER_BITS:
        raise ResourceLimit(f"too large to decide exactly: a number of more than {MAX_NUMBER_BITS} bits "
                            f"(about {MAX_NUMBER_BITS * 3 // 10} digits)")
    return expr


def _require(expr: sympy.Expr, kind: str, what: str) -> None:
    """Reject a condition that is already false for a constant (e.g. ``1/0``)."""
    if not expr.is_number:
        return
    if not ConditionKind(kind).holds(expr):
        raise ExpressionError(f"the expression contains {what.format(expr)}")
