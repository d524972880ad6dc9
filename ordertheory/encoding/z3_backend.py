"""Everything z3: fresh contexts, sympy → z3 translation, bounded checks, models back to exact values.

This is the only module of the package that imports z3. Other modules build formulas through an
:class:`Env`, which owns one fresh ``z3.Context`` (no state is shared between queries).

Formulas become SMT-LIB text here; no query is checked in this process: every solver call goes
through the engine's decider (:class:`ordertheory.engine.prove.Decider`: the cache, a worker killed at
its deadline, an exact model).

>>> env = Env()
>>> x = env.Real("x")
>>> print(env.smtlib([x * x == 2, x > 0]).splitlines()[-1])
(check-sat)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import sympy
import z3


class Unsupported(Exception):
    """Raised when an expression uses a function z3 cannot reason about (log, exp, probit)."""


class Env:
    """A fresh z3 context and the constructors the package needs, bound to it."""

    def __init__(self) -> None:
        self.ctx = z3.Context()
        self._fresh = 0
        self.constants: dict[sympy.Expr, object] = {}  # one variable per irrational constant (log 2, π)

    # constructors -----------------------------------------------------------------------------
    def Real(self, name: str):
        return z3.Real(name, self.ctx)

    def Bool(self, name: str):
        return z3.Bool(name, self.ctx)

    def RealVal(self, value: Fraction | int | sympy.Rational):
        if isinstance(value, sympy.Rational):
            value = Fraction(int(value.p), int(value.q))
        value = Fraction(value)
        return z3.RealVal(f"{value.numerator}/{value.denominator}", self.ctx)

    def BoolVal(self, value: bool):
        return z3.BoolVal(value, self.ctx)

    def And(self, *args):
        args = _flat(args)
        return z3.And(*args) if args else self.BoolVal(True)

    def Or(self, *args):
        args = _flat(args)
        return z3.Or(*args) if args else self.BoolVal(False)

    def Not(self, a):
        return z3.Not(a, self.ctx) if isinstance(a, bool) else z3.Not(a)

    def Implies(self, a, b):
        return z3.Implies(a, b)

    def If(self, c, a, b):
        return z3.If(c, a, b)

    def Sum(self, *args):
        args = _flat(args)
        return z3.Sum(*args) if args else self.RealVal(0)

    def Sort(self, name: str):
        return z3.DeclareSort(name, self.ctx)

    def BoolSort(self):
        return z3.BoolSort(self.ctx)

    def Function(self, name: str, *sorts):
        return z3.Function(name, *sorts)

    def RealSort(self):
        return z3.RealSort(self.ctx)

    def Consts(self, names: str, sort):
        return z3.Consts(names, sort)

    def ForAll(self, variables, body):
        return z3.ForAll(list(variables), body)

    def Exists(self, variables, body):
        return z3.Exists(list(variables), body)

    def fresh_real(self, prefix: str):
        self._fresh += 1
        return self.Real(f"{prefix}!{self._fresh}")

    # the query as text (a solver answers it in the engine's decider, never here) -------------------
    def smtlib(self, formulas: Sequence, comment: str = "") -> str:
        """The query as a self-contained SMT-LIB 2 script (declarations, asserts, check-sat)."""
        # z3 let-binds every subterm referenced more than once, Python's handles included: garbage not yet
        # collected (how much depends on what the process did before) changed the text of a certificate
        # between a local and a Dask run. Printed from a fresh context, the text depends on the formulas only.
        ctx = z3.Context()
        s = z3.Solver(ctx=ctx)
        s.add(*(f.translate(ctx) for f in formulas))
        body = s.to_smt2()
        header = "".join(f"; {line}\n" for line in comment.splitlines()) if comment else ""
        return header + "(set-info :smt-lib-version 2.6)\n" + body

    # sympy -> z3 ------------------------------------------------------------------------------
    def encode(self, expr: sympy.Expr, mapping: dict, side: list):
        """Translate a sympy expression; auxiliary definitions (quotients, roots) go to ``side``.

        A power b**(-n) becomes a fresh q with q·b = 1; b**(p/q) a fresh r ≥ 0 with r**q = b**p.
        Those definitions are sound where the expression's domain holds (b ≠ 0, b ≥ 0), which
        every caller asserts too.
        """
        return _Encoder(self, mapping, side).go(expr)

    def encoder(self, mapping: dict, side: list, abstract: bool = False) -> _Encoder:
        """An encoder that can be reused for several expressions (shared auxiliary variables).

        With ``abstract=True`` non-algebraic functions become fresh variables constrained only by
        :meth:`_Encoder.monotonicity_axioms`: sound for proofs (unsat), never for witnesses.
        """
        return _Encoder(self, mapping, side, abstract)

    def joint_monotonicity_axioms(self, encoders: Sequence[_Encoder]) -> list:
        """The monotonicity axioms across several encoders' abstracted functions (e.g. probit at
        P1 versus at P2): those of their union."""
        merged = _Encoder(self, {}, [], abstract=True)
        for enc in encoders:
            merged.abstracted.extend(enc.abstracted)
        return merged.monotonicity_axioms()


class _Encoder:
    def __init__(self, env: Env, mapping: dict, side: list, abstract: bool = False) -> None:
        self.env, self.mapping, self.side, self.abstract = env, mapping, side, abstract
        self.cache: dict[sympy.Expr, object] = {}
        self.abstracted: list[tuple[str, object, object]] = []  # (function, argument, value)

    def go(self, e: sympy.Expr):
        if e in self.cache:
            return self.cache[e]
        out = self._go(e)
        self.cache[e] = out
        return out

    def _go(self, e: sympy.Expr):
        env = self.env
        if e.is_Symbol:
            if e not in self.mapping:
                raise Unsupported(f"free symbol {e} has no solver variable")
            return self.mapping[e]
        if e.is_Rational:
            return env.RealVal(e)
        if e.is_Add:
            return env.Sum(*(self.go(a) for a in e.args))
        if e.is_Mul:
            out = None
            for a in e.args:
                t = self.go(a)
                out = t if out is None else out * t
            return out
        if e.is_Pow:
            base, ex = e.args
            if not ex.is_Rational:
                raise Unsupported(f"non-rational exponent in {e}")
            b = self.go(base)
            p, q = int(ex.p), int(ex.q)
            if q != 1:
                # guarded definition: where the radicand is negative (outside the domain) the
                # root is left free, so the definition never excludes a point by itself
                r = env.fresh_real("root")
                if p > 0:
                    self.side.append(env.Implies(b >= 0, env.And(r >= 0, _power(r, q) == _power(b, p))))
                else:
                    self.side.append(env.Implies(b > 0, env.And(r > 0, _power(r, q) * _power(b, -p) == 1)))
                return r
            if p >= 0:
                return _power(b, p)
            inv = env.fresh_real("inv")
            self.side.append(env.Implies(b != 0, inv * b == 1))
            return _power(inv, -p)
        if isinstance(e, sympy.Abs):
            a = self.go(e.args[0])
            return env.If(a >= 0, a, -a)
        if isinstance(e, sympy.Min | sympy.Max):
            args = [self.go(a) for a in e.args]
            out = args[0]
            for a in args[1:]:
                out = env.If(a < out, a, out) if isinstance(e, sympy.Min) else env.If(a > out, a, out)
            return out
        if e.is_number and not e.free_symbols:
            return self._constant(e)
        name = type(e).__name__
        if self.abstract and name in ("probit", "log", "exp") and len(e.args) == 1:
            arg = self.go(e.args[0])
            v = env.fresh_real(name)
            self.abstracted.append((name, arg, v))
            if name == "exp":
                self.side.append(v > 0)
            return v
        raise Unsupported(f"{name} ({e}) is not algebraic; z3 cannot reason about it")

    def _constant(self, e: sympy.Expr):
        """A real constant that is not rational (e, π, log 2, exp(1/3), probit(1/4)): a fresh real
        enclosed in a rational interval around a 50-digit evaluation. Sound for proofs (the true
        value is inside); a model using it fails exact validation, so it never refutes. One variable
        per constant and query: log(7/8) at P1 and at the mixture is the same number (the log loss's
        coefficients), which separate variables, each in its own interval, would not say."""
        known = self.env.constants.get(e)
        if known is not None:
            return known
        v = sympy.N(e, 50)
        if not (v.is_Float and v.is_finite):
            raise Unsupported(f"{e} is not a finite real number")
        mid = sympy.Rational(v)
        eps = (abs(mid) + 1) / sympy.Integer(10) ** 40
        c = self.env.fresh_real("const")
        self.side.append(self.env.And(c >= self.env.RealVal(mid - eps), c <= self.env.RealVal(mid + eps)))
        self.env.constants[e] = c
        return c

    def monotonicity_axioms(self) -> list:
        """Sound facts about abstracted functions: each is strictly increasing; probit is odd
        around 1/2 (probit(1 − u) = −probit(u), probit(1/2) = 0); log(1) = 0."""
        env, out = self.env, []
        items = self.abstracted
        for i, (f, a, fa) in enumerate(items):
            if f == "probit":
                out.append(env.Implies(a == env.RealVal(Fraction(1, 2)), fa == 0))
                out.append(env.Implies(a < env.RealVal(Fraction(1, 2)), fa < 0))
                out.append(env.Implies(a > env.RealVal(Fraction(1, 2)), fa > 0))
            if f == "log":
                out.append(env.Implies(a == 1, fa == 0))
            for g, b, gb in items[i + 1:]:
                if g != f:
                    continue
                out.append(env.Implies(a < b, fa < gb))
                out.append(env.Implies(b < a, gb < fa))
                out.append(env.Implies(a == b, fa == gb))
                if f == "probit":
                    out.append(env.Implies(a + b == 1, fa + gb == 0))
        return out


def _power(b, n: int):
    if n == 0:
        return 1
    out = b
    for _ in range(n - 1):
        out = out * b
    return out


def _flat(args) -> list:
    out = []
    for a in args:
        if isinstance(a, list | tuple):
            out.extend(_flat(a))
        else:
            out.append(a)
    return out
