"""Scores: a sympy formula in the outcome probabilities plus its domain (paper §3.5, §4.3).

Evaluating outside the domain raises :class:`~ordertheory.errors.UndefinedScore`; callers that
scan many performances use :meth:`Score.value_or_none`.

>>> from ordertheory.spaces.sample_space import binary
>>> from ordertheory.performances.performance import Performance, Importance
>>> omega = binary()
>>> R = ranking_score(Importance.from_values(omega, {"fp": 1, "fn": 1, "tp": 2}))
>>> R.value(Performance.from_probabilities(omega, [0, "1/4", "1/4", "1/2"]))
Fraction(2, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import sympy

from ordertheory.errors import InvalidInput, UndefinedScore
from ordertheory.exact import compile_rational, sign, to_fraction, to_rational
from ordertheory.performances.performance import Importance, Performance
from ordertheory.performances.relations import Comparison
from ordertheory.scores.direction import Direction
from ordertheory.scores.formula import Condition, ConditionKind, Term, probit
from ordertheory.spaces.sample_space import SampleSpace


def outcome_symbols(space: SampleSpace) -> tuple[sympy.Symbol, ...]:
    """One non-negative real sympy Symbol per outcome, named like the outcome."""
    return tuple(Term.symbol(o).expr for o in space.outcomes)


def outcome_terms(space: SampleSpace) -> dict[str, Term]:
    """The outcome probabilities as Terms, keyed by outcome name."""
    return {o: Term.symbol(o) for o in space.outcomes}


@dataclass(frozen=True)
class Score:
    """A score X: dom(X) → ℝ given by a formula and the domain of that formula as written, and the
    way it ranks (:class:`~ordertheory.scores.direction.Direction`: a loss ranks lowest first)."""

    space: SampleSpace
    expr: sympy.Expr
    conditions: tuple[Condition, ...] = ()
    name: str = ""
    text: str = field(default="", compare=False)
    parameters: tuple[sympy.Symbol, ...] = ()  # symbolic parameters (e.g. β of F_β), see bind()
    direction: Direction = Direction.HIGHER

    @classmethod
    def from_term(cls, space: SampleSpace, term: Term, name: str = "", text: str = "",
                  parameters: tuple[sympy.Symbol, ...] = (), direction: Direction = Direction.HIGHER) -> Score:
        syms = set(outcome_symbols(space)) | set(parameters)
        extra = term.expr.free_symbols - syms
        for c in term.conditions:
            extra |= c.expr.free_symbols - syms
        if extra:
            raise InvalidInput(
                f"expected a formula in the outcomes {', '.join(space.outcomes)} but it uses "
                f"{', '.join(sorted(map(str, extra)))}"
            )
        return cls(space, term.expr, term.conditions, name or str(term.expr), text or str(term.expr),
                   tuple(parameters), direction)

    def bind(self, **values: object) -> Score:
        """The score with its symbolic parameters replaced by exact numbers.

        A parametric score can be analysed symbolically (``derive_importance``); evaluating or
        checking it needs every parameter bound.
        """
        by_name = {p.name: p for p in self.parameters}
        unknown = set(values) - set(by_name)
        if unknown:
            raise InvalidInput(f"unknown parameter(s) {sorted(unknown)}; expected {sorted(by_name)}")
        sub = {by_name[k]: to_rational(v, k) for k, v in values.items()}
        left = tuple(p for p in self.parameters if p not in sub)
        conds = tuple(c.substitute(sub) for c in self.conditions)
        return Score(self.space, self.expr.xreplace(sub), conds, self.name, self.text, left, self.direction)

    def negated(self) -> Score:
        """The gain −X (``-SLUG``, scikit-learn's ``neg_SLUG``): the same domain, higher is better.

        >>> from ordertheory.catalogue import get
        >>> b = get("brier").score()
        >>> b.direction.value, b.negated().name, b.negated().direction.value
        ('lower', '-brier', 'higher')
        """
        return Score(self.space, -self.expr, self.conditions, f"-{self.name}", f"-({self.text})", self.parameters,
                     Direction.HIGHER)

    def oriented(self) -> Score:
        """The score as the theory ranks it, higher is better: X for a gain, −X for a loss."""
        return self if self.direction is Direction.HIGHER else self.negated()

    def _require_bound(self) -> None:
        if self.parameters:
            raise InvalidInput(f"bind the parameters {', '.join(p.name for p in self.parameters)} "
                               f"of {self.name} first, e.g. score.bind({self.parameters[0].name}=2)")

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("numeric", None)  # a compiled numpy function: rebuilt on demand, not pickled
        state.pop("_rational", None)  # closures: rebuilt on demand
        return state

    def __repr__(self) -> str:
        dom = " and ".join(str(c) for c in self.conditions) or "all performances"
        loss = "; lower is better" if self.direction is Direction.LOWER else ""
        return f"Score({self.name}: {self.expr}; defined where {dom}{loss})"

    def _repr_latex_(self) -> str:
        return f"${sympy.latex(self.expr)}$"

    @property
    def formula(self) -> str:
        """The formula as printed (a :class:`~ordertheory.scores.class_score.ClassScore` prints its class sums)."""
        return str(self.expr)

    @property
    def symbols(self) -> tuple[sympy.Symbol, ...]:
        return outcome_symbols(self.space)

    @cached_property
    def is_algebraic(self) -> bool:
        """True when the formula uses only + − × ÷, rational powers, abs, min and max."""
        exprs = [self.expr] + [c.expr for c in self.conditions]
        return not any(e.has(sympy.log, sympy.exp, probit) for e in exprs)

    # exact evaluation ---------------------------------------------------------------------
    def _mapping(self, P: Performance) -> dict[sympy.Symbol, sympy.Rational]:
        self._require_bound()
        if P.space != self.space:
            raise InvalidInput(
                f"expected a performance on {self.space.name} but got one on {P.space.name}"
            )
        return {
            s: sympy.Rational(p.numerator, p.denominator)
            for s, p in zip(self.symbols, P.probabilities)
        }

    @cached_property
    def conditions_inner_first(self) -> tuple[Condition, ...]:
        """The conditions in an order where each is defined once the earlier ones hold: a
        sub-expression's conditions (a log's argument > 0, probit's in (0, 1)) before those on it."""
        return tuple(sorted(self.conditions, key=lambda c: sympy.count_ops(c.expr)))

    @cached_property
    def _rational(self) -> tuple:
        """(X's formula, each condition in :attr:`conditions_inner_first` order) compiled to
        Fraction arithmetic (:func:`ordertheory.exact.compile_rational`); None for a non-rational one."""
        return (compile_rational(self.expr, self.symbols),
                tuple(compile_rational(c.expr, self.symbols) for c in self.conditions_inner_first))

    def _probabilities(self, P: Performance) -> tuple[Fraction, ...]:
        self._require_bound()
        if P.space != self.space:
            raise InvalidInput(
                f"expected a performance on {self.space.name} but got one on {P.space.name}"
            )
        return P.probabilities

    def in_domain(self, P: Performance) -> bool:
        """Whether every condition of the formula as written holds at P (decided exactly)."""
        p = self._probabilities(P)
        m = None
        undecided: InvalidInput | None = None
        # inner conditions first (an argument in (0, 1) before probit's sign): a condition on an
        # undefined sub-expression (1/probit(0)) is undecidable only because an inner one fails
        for c, f in zip(self.conditions_inner_first, self._rational[1]):
            if f is not None:  # a rational condition: Fractions, a zero denominator inside it fails it
                try:
                    if not _holds_rational(c.kind, f(p)):
                        return False
                except ZeroDivisionError:
                    return False
                continue
            m = m if m is not None else self._mapping(P)
            v = c.expr.xreplace(m)
            if v.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo, sympy.I):
                return False
            try:
                if not c.holds(v):
                    return False
            except InvalidInput as exc:
                undecided = undecided or exc
        if undecided is not None:
            raise undecided
        return True

    def exact_value(self, P: Performance) -> sympy.Expr:
        """X(P) as an exact sympy number (rational, or algebraic/transcendental constant)."""
        if not self.in_domain(P):
            raise UndefinedScore(f"{self.name} is undefined at {P}")
        if self._rational[0] is not None:
            v = self._rational[0](P.probabilities)
            return sympy.Rational(v.numerator, v.denominator)
        return self.expr.xreplace(self._mapping(P))

    def value(self, P: Performance) -> Fraction | sympy.Expr:
        """X(P): a Fraction when the value is rational, else an exact sympy number."""
        if self._rational[0] is not None:
            if not self.in_domain(P):
                raise UndefinedScore(f"{self.name} is undefined at {P}")
            return Fraction(self._rational[0](P.probabilities))
        v = self.exact_value(P)
        if v.is_Rational:
            return Fraction(int(v.p), int(v.q))
        return v

    def __call__(self, P: Performance) -> Fraction | sympy.Expr:
        """X(P): the same as :meth:`value` (raises UndefinedScore outside the domain)."""
        return self.value(P)

    def value_or_none(self, P: Performance) -> Fraction | sympy.Expr | None:
        """X(P), or None outside the domain."""
        try:
            return self.value(P)
        except UndefinedScore:
            return None

    # the ordering induced by the score (Theorem 1) ----------------------------------------
    def leq(self, P1: Performance, P2: Performance) -> bool:
        """P1 ≲_X P2 iff P1 = P2, or both are in dom(X) and X(P1) ≤ X(P2) (Theorem 1) — X(P1) ≥ X(P2)
        for a loss, whose ordering is that of −X."""
        if P1 == P2:
            return True
        if not (self.in_domain(P1) and self.in_domain(P2)):
            return False
        return self.direction.sign * sign(self.exact_value(P2) - self.exact_value(P1)) >= 0

    def compare(self, P1: Performance, P2: Performance) -> Comparison:
        """The 4-case summary table of A.4.1: WORSE, EQUIVALENT, BETTER or INCOMPARABLE."""
        return Comparison.from_leq(self.leq(P1, P2), self.leq(P2, P1))

    # numeric evaluation (floats; for searches and plots only) -----------------------------
    @cached_property
    def numeric(self):
        """A numpy function of the outcome-probability columns; NaN outside the domain."""
        return numeric_function(self)


def _holds_rational(kind: ConditionKind, v: Fraction) -> bool:
    """:meth:`ConditionKind.holds` at a rational value (its sign read directly)."""
    if kind is ConditionKind.NONZERO:
        return v != 0
    if kind is ConditionKind.NONNEG:
        return v >= 0
    if kind is ConditionKind.POS:
        return v > 0
    return 0 < v < 1


def numeric_function(score: Score):
    """Vectorised float evaluation of a score with its domain (NaN outside). Numeric only."""
    score._require_bound()
    import numpy as np

    modules = [{"Min": np.minimum, "Max": np.maximum}, "numpy"]
    if any(e.has(probit) for e in (score.expr, *(c.expr for c in score.conditions))):
        from scipy.special import ndtri  # 0.2 s of import: only for a score that has a probit

        modules[0]["probit"] = ndtri
    syms = score.symbols

    def floats(e: sympy.Expr) -> sympy.Expr:
        # numbers as 17-digit floats: a 10**30 (a Python int, an object array for numpy) or log(10**30)
        # would otherwise reach numpy as an object without a log method
        consts = {n: sympy.N(n, 17) for n in _constants(e)}
        e = e.xreplace({n: v if v.is_Float else sympy.nan for n, v in consts.items()})
        return e.xreplace({a: sympy.Float(a, 17) for a in e.atoms(sympy.Integer) if abs(a) > 2**53})

    f = sympy.lambdify(syms, floats(score.expr), modules=modules)
    conds = [
        (c.kind, sympy.lambdify(syms, floats(c.expr), modules=modules)) for c in score.conditions
    ]

    def real(values, n) -> np.ndarray:
        """Float values, NaN where a value is complex or not a number (outside the domain)."""
        try:
            a = np.asarray(values)
            if np.iscomplexobj(a):
                a = np.where(a.imag == 0, a.real, np.nan)
            return np.broadcast_to(np.asarray(a, dtype=float), n)
        except (TypeError, ValueError, OverflowError, AttributeError, ZeroDivisionError):
            return np.full(n, np.nan)

    def call(g, cols):
        try:
            return g(*cols)
        except (TypeError, ValueError, OverflowError, AttributeError, ZeroDivisionError):
            return np.nan

    def evaluate(columns: Sequence) -> np.ndarray:
        cols = [np.asarray(c, dtype=float) for c in columns]
        n = cols[0].shape
        with np.errstate(all="ignore"):
            ok = np.ones(n, dtype=bool)
            for kind, g in conds:
                v = real(call(g, cols), n)
                if kind == "nonzero":
                    ok &= v != 0
                elif kind == "nonneg":
                    ok &= v >= 0
                elif kind == "pos":
                    ok &= v > 0
                else:
                    ok &= (v > 0) & (v < 1)
            val = real(call(f, cols), n).copy()
        val[~ok] = np.nan
        val[~np.isfinite(val)] = np.nan
        return val

    return evaluate


def _constants(e: sympy.Expr) -> set[sympy.Expr]:
    """The largest constant sub-expressions of ``e`` that are not plain numbers (E, pi, log(2))."""
    if e.is_Number:
        return set()
    if e.is_number:
        return {e}
    out: set[sympy.Expr] = set()
    for a in e.args:
        out |= _constants(a)
    return out


# the families of §3.5 and §4.3 ------------------------------------------------------------------
def expected_value_score(space: SampleSpace, V: Sequence[object], name: str = "") -> Score:
    """X^E_V(P) = E_P[V], defined for every performance.

    >>> from ordertheory.spaces.sample_space import binary
    >>> expected_value_score(binary(), [1, 0, 0, 1]).expr
    tn + tp
    """
    vals = [to_fraction(v, f"V({o})") for o, v in zip(space.outcomes, V)]
    if len(vals) != len(space):
        raise InvalidInput(f"expected {len(space)} values of V but got {len(list(V))}")
    t = outcome_terms(space)
    term = sum((Term.const(sympy.Rational(v.numerator, v.denominator)) * t[o]
                for o, v in zip(space.outcomes, vals)), Term.const(0))
    return Score.from_term(space, term, name or "E[V]")


def expected_satisfaction(space: SampleSpace) -> Score:
    """X^E_S, the expected satisfaction (the accuracy for two classes)."""
    return expected_value_score(space, space.satisfaction, "E[S]")


def probabilistic_score(
    space: SampleSpace, E1: Iterable[str], E2: Iterable[str], name: str = ""
) -> Score:
    """X^P_{E1|E2}(P) = P(E1 | E2), for ∅ ⊊ E1 ⊊ E2 ⊆ Ω, defined where P(E2) ≠ 0."""
    e1, e2 = space.event(E1), space.event(E2)
    if not (e1 and e1 < e2):
        raise InvalidInput(
            f"expected events with ∅ ⊊ E1 ⊊ E2 but got E1={sorted(e1)}, E2={sorted(e2)}"
        )
    t = outcome_terms(space)
    num = sum((t[o] for o in space.outcomes if o in e1), Term.const(0))
    den = sum((t[o] for o in space.outcomes if o in e2), Term.const(0))
    return Score.from_term(space, num / den, name or f"P({'+'.join(sorted(e1))}|{'+'.join(sorted(e2))})")


def ranking_score(importance: Importance, name: str = "") -> Score:
    """R_I(P) = E_P[I·S] / E_P[I], defined where E_P[I] ≠ 0 (paper §4.3)."""
    space = importance.space
    t = outcome_terms(space)
    num = Term.const(0)
    den = Term.const(0)
    for o, i, s in zip(space.outcomes, importance.values, space.satisfaction):
        ri = sympy.Rational(i.numerator, i.denominator)
        num = num + Term.const(ri * sympy.Rational(s.numerator, s.denominator)) * t[o]
        den = den + Term.const(ri) * t[o]
    return Score.from_term(space, num / den, name or f"R_I[{', '.join(map(str, importance.values))}]")
