"""Sets of performances Π: the simplex of Ω cut by linear equalities and inequalities.

Π is all performances, or all performances with a fixed positive prior (two classes), fixed
class priors (k classes), or user-given linear constraints. Exact vertices (Fractions) let the
searches sample faces and vertices; a parametrisation with the equalities solved away gives
the solvers fewer variables (measured: substituting beats keeping the sum-to-one constraint).

>>> from ordertheory.sample_space import binary
>>> Pi = fixed_prior(binary(), "1/5")
>>> Pi.label, len(Pi.vertices())
('prior=1/5', 4)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.errors import InvalidInput
from ordertheory.exact import to_rational
from ordertheory.expression import parse_constraint
from ordertheory.performance import Performance
from ordertheory.sample_space import SampleSpace
from ordertheory.scores import outcome_symbols


@dataclass(frozen=True)
class Constraint:
    """A linear constraint ``expr op 0`` on the outcome probabilities, op in ==, <=, >=."""

    expr: sympy.Expr
    op: str
    text: str = ""

    def __str__(self) -> str:
        return self.text or f"{self.expr} {self.op} 0"

    def holds(self, mapping: dict) -> bool:
        v = self.expr.xreplace(mapping)
        if self.op == "==":
            return bool(v == 0)
        return bool(v <= 0) if self.op == "<=" else bool(v >= 0)


@dataclass(frozen=True)
class PerformanceSet:
    """Π = {P : P(ω) ≥ 0, Σ P(ω) = 1, and every constraint holds}."""

    space: SampleSpace
    constraints: tuple[Constraint, ...] = ()
    label: str = "all"

    @property
    def symbols(self) -> tuple[sympy.Symbol, ...]:
        return outcome_symbols(self.space)

    def equalities(self) -> list[sympy.Expr]:
        return [sum(self.symbols) - 1] + [c.expr for c in self.constraints if c.op == "=="]

    def inequalities(self) -> list[sympy.Expr]:
        """Expressions that must be ≥ 0 (non-negativity first, then the user's inequalities)."""
        out = list(self.symbols)
        for c in self.constraints:
            if c.op == ">=":
                out.append(c.expr)
            elif c.op == "<=":
                out.append(-c.expr)
        return out

    def contains(self, P: Performance) -> bool:
        """Exact membership test."""
        if P.space != self.space:
            return False
        m = {s: sympy.Rational(p.numerator, p.denominator) for s, p in zip(self.symbols, P.probabilities)}
        return all(c.holds(m) for c in self.constraints)

    # parametrisation ---------------------------------------------------------------------------
    def parametrise(self, tag: str, support: Iterable[str] | None = None):
        """Solve the equalities: each outcome probability as a linear expression in free parameters.

        Returns (parameters, {outcome symbol: expression}, [expressions ≥ 0]) or None when the
        restricted set is empty by its equalities. Outcomes outside ``support`` are fixed to 0.
        """
        syms = self.symbols
        fixed = {}
        if support is not None:
            keep = set(support)
            fixed = {s: sympy.Integer(0) for s, o in zip(syms, self.space.outcomes) if o not in keep}
        eqs = [e.xreplace(fixed) for e in self.equalities()]
        unknowns = [s for s in syms if s not in fixed]
        sol = sympy.linsolve([e for e in eqs if e != 0], unknowns) if unknowns else None
        if unknowns and (sol is sympy.S.EmptySet or not sol):
            return None
        if not unknowns:
            if any(e != 0 for e in eqs):
                return None
            values = {}
        else:
            (tup,) = list(sol)
            values = dict(zip(unknowns, tup))
        free = sorted({f for v in values.values() for f in v.free_symbols if f in syms}, key=syms.index)
        params = [sympy.Symbol(f"{s.name}_{tag}", real=True) for s in free]
        rename = dict(zip(free, params))
        mapping = {s: fixed.get(s, values.get(s, sympy.Integer(0))) for s in syms}
        mapping = {s: sympy.expand(v.xreplace(rename)) for s, v in mapping.items()}
        nonneg = [sympy.expand(e.xreplace(mapping)) for e in self.inequalities()]
        nonneg = [e for e in nonneg if not (e.is_number and e >= 0)]
        if any(e.is_number and e < 0 for e in nonneg):
            return None
        return params, mapping, nonneg

    # vertices ----------------------------------------------------------------------------------
    def vertices(self, support: Iterable[str] | None = None, max_bases: int | None = None) -> list[Performance]:
        """The exact vertices of Π (restricted to ``support``), in a stable order.

        A vertex is where ``need`` independent inequalities are active besides the equalities.
        Inequalities that only involve outcomes outside the support are implied by the support's
        equalities and never tried, so the plain simplex on m outcomes costs m bases, not
        C(|Ω|, m − 1). ``max_bases`` bounds the enumeration: past it, InvalidInput is raised
        (callers that only search for counterexamples then skip the vertices).
        """
        n = len(self.space)
        syms = self.symbols
        keep = set(self.space.outcomes if support is None else support)
        inside = [i for i, o in enumerate(self.space.outcomes) if o in keep]
        eq_rows = [_row(e, syms) for e in self.equalities()]
        eq_rows += [_unit(i, n) for i, o in enumerate(self.space.outcomes) if o not in keep]
        ineq_rows = [_row(e, syms) for e in self.inequalities()]
        A_eq = sympy.Matrix([r[0] for r in eq_rows])
        rank = A_eq.rank()
        need = n - rank
        candidates = [k for k, r in enumerate(ineq_rows) if any(r[0][i] != 0 for i in inside)]
        if max_bases is not None and math.comb(len(candidates), need) > max_bases:
            raise InvalidInput(f"Π has too many candidate vertices to enumerate exactly "
                               f"(C({len(candidates)}, {need}) > {max_bases})")
        found: dict[tuple, Performance] = {}
        for active in itertools.combinations(candidates, need):
            rows = eq_rows + [ineq_rows[i] for i in active]
            A = sympy.Matrix([r[0] for r in rows])
            if A.rank() < n:
                continue
            b = sympy.Matrix([-r[1] for r in rows])
            try:
                x = (A.T * A).LUsolve(A.T * b)
            except ValueError:
                continue
            if A * x != b:
                continue
            if any(_dot(r, x) < 0 for r in ineq_rows):
                continue
            probs = tuple(Fraction(int(v.p), int(v.q)) for v in x)
            if any(p < 0 for p in probs) or sum(probs) != 1:
                continue
            found.setdefault(probs, Performance(self.space, probs))
        return [found[k] for k in sorted(found, reverse=True)]

    def __str__(self) -> str:
        return self.label


def _row(expr: sympy.Expr, syms: Sequence[sympy.Symbol]) -> tuple[list, sympy.Expr]:
    e = sympy.expand(expr)
    coeffs = [e.coeff(s) for s in syms]
    const = e.xreplace({s: 0 for s in syms})
    return coeffs, const


def _unit(i: int, n: int) -> tuple[list, sympy.Expr]:
    return [sympy.Integer(int(j == i)) for j in range(n)], sympy.Integer(0)


def _dot(row: tuple[list, sympy.Expr], x: sympy.Matrix) -> sympy.Expr:
    return sum((c * v for c, v in zip(row[0], x)), sympy.Integer(0)) + row[1]


# factories ----------------------------------------------------------------------------------------
def all_performances(space: SampleSpace) -> PerformanceSet:
    """Every performance on Ω."""
    return PerformanceSet(space, (), "all")


def fixed_prior(space: SampleSpace, p: object) -> PerformanceSet:
    """Two classes, positive prior π₊ = fn + tp = p with 0 < p < 1."""
    if not space.is_binary:
        raise InvalidInput("a fixed positive prior needs the binary space (tn, fp, fn, tp)")
    r = to_rational(p, "prior")
    if not (0 < r < 1):
        raise InvalidInput(f"expected a prior strictly between 0 and 1 but got prior={r}")
    fn, tp = sympy.Symbol("fn", real=True, nonnegative=True), sympy.Symbol("tp", real=True, nonnegative=True)
    return PerformanceSet(space, (Constraint(fn + tp - r, "==", f"fn + tp == {r}"),), f"prior={r}")


def fixed_priors(space: SampleSpace, priors: Sequence[object]) -> PerformanceSet:
    """k classes, every class prior fixed: Σⱼ P(y = i, ŷ = j) = πᵢ."""
    k = space.classes
    if not k or len(priors) != k:
        raise InvalidInput(f"expected {k} class priors for {space.name} but got {len(priors)}")
    rs = [to_rational(p, f"prior{i}") for i, p in enumerate(priors)]
    if any(r <= 0 for r in rs) or sum(rs) != 1:
        raise InvalidInput(f"expected positive class priors summing to 1 but got {[str(r) for r in rs]}")
    syms = dict(zip(space.outcomes, outcome_symbols(space)))
    cons = []
    for i, r in enumerate(rs[:-1]):
        names = space.row(i)  # class i's outcomes: (tn, fp) and (fn, tp) for the binary space
        row = sum(syms[n] for n in names)
        cons.append(Constraint(row - r, "==", f"{' + '.join(names)} == {r}"))
    return PerformanceSet(space, tuple(cons), "priors=" + ",".join(map(str, rs)))


def with_constraints(base: PerformanceSet, texts: Sequence[str]) -> PerformanceSet:
    """Π restricted further by user constraints written like ``tp + fn == 1/5``."""
    cons = list(base.constraints)
    for t in texts:
        expr, op = parse_constraint(t, base.space)
        cons.append(Constraint(expr, op, t.strip()))
    label = base.label if not texts else (base.label + "; " if base.label != "all" else "") + "; ".join(
        t.strip() for t in texts)
    out = PerformanceSet(base.space, tuple(cons), label)
    if out.parametrise("chk") is None or not out.vertices():
        raise InvalidInput(f"the constraints leave no performance: {label}")
    return out
