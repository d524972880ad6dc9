"""Sets of performances Π: the simplex of Ω cut by linear equalities and inequalities.

Π is all performances, or all performances with a fixed positive prior (two classes), fixed
class priors (k classes), or user-given linear constraints. Exact vertices (Fractions) let the
searches sample faces and vertices; a parametrisation with the equalities solved away gives
the solvers fewer variables (measured: substituting beats keeping the sum-to-one constraint).

Fixed prediction rates are the dual constraint (the rate of positive predictions τ₊ = fp + tp,
or every column sum of a k-class confusion matrix), and both can hold at once:

>>> from ordertheory.spaces.sample_space import binary
>>> Pi = fixed_prior(binary(), "1/5")
>>> Pi.label, len(Pi.vertices())
('prior=0.2', 4)
>>> fixed_rate(binary(), "1/4").label, intersect(Pi, fixed_rate(binary(), "1/4")).label
('rate=0.25', 'prior=0.2; rate=0.25')
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.errors import InvalidInput
from ordertheory.exact import affine_form, to_fraction, to_rational
from ordertheory.performances.performance import Performance
from ordertheory.scores.expression import parse_constraint
from ordertheory.scores.score import outcome_symbols
from ordertheory.spaces.sample_space import SampleSpace, binary  # noqa: F401  (the examples below)


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

    def positive_prior(self) -> Fraction | None:
        """The positive prior when Π is exactly a fixed prior of a two-class space (read from its one
        constraint, never from its label), else None.

        >>> fixed_prior(binary(), "1/5").positive_prior(), fixed_rate(binary(), "1/5").positive_prior()
        (Fraction(1, 5), None)
        """
        if len(self.constraints) != 1 or self.constraints[0].op != "==" or self.space.truth_classes != 2:
            return None
        pos = set(self.space.row(1))
        got = affine_form(self.constraints[0].expr, self.symbols)  # O(|Ω|): a coefficient per outcome
        if got is None or not got[1].is_Rational or any(c != (1 if s.name in pos else 0) for c, s in zip(got[0], self.symbols)):
            return None
        return Fraction(int(-got[1].p), int(got[1].q))

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
        if not self.constraints:  # the simplex (on the support): its vertices are the unit vectors,
            # in the order below (no linear solve: |Ω| of them cost seconds of sympy on 60 outcomes)
            return [Performance(self.space, tuple(Fraction(int(j == i)) for j in range(n))) for i in inside]
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


#: names a symbolic prior or rate may take (``fixed_prior(binary(), "p")``); the derivations read
#: each of them as a number strictly between 0 and 1
SYMBOLIC_PRIORS = ("p", "prior", "pi_pos")
SYMBOLIC_RATES = ("tau", "rate", "tau_pos")


def exact_text(value: object, places: int = 6) -> str:
    """A rational as every label writes it, one way whatever way it was typed: a decimal when it
    terminates within ``places`` places (0.2, 0.001), else a fraction in lowest terms.

    >>> exact_text("1/5"), exact_text(Fraction(1, 3)), exact_text("0.50"), exact_text(Fraction(-1, 1024))
    ('0.2', '1/3', '0.5', '-1/1024')
    """
    q = to_fraction(value)
    k = next((k for k in range(places + 1) if (q * 10**k).denominator == 1), None)
    if k is None:
        return f"{q.numerator}/{q.denominator}"
    digits = f"{abs(q.numerator) * 10**k // q.denominator:0{k + 1}d}"
    return ("-" if q < 0 else "") + (digits[:-k] + "." + digits[-k:] if k else digits)


def margin_label(space: SampleSpace, what: str, values: Sequence[object]) -> str:
    """The one label of fixed class priors (``what="prior"``) or prediction rates (``"rate"``) on
    ``space``, whatever way they were typed: a single margin as ``prior=P`` / ``rate=T`` (the positive
    class's, on a two-class space: binary, ``scored:L``, ``selective:2``; a rate on the binary space),
    equal class priors of k classes as ``uniform``, else every value (``priors=0.2,0.3,0.5``).
    Numbers are written by :func:`exact_text`, a symbol by its name.

    >>> from ordertheory.spaces.sample_space import multiclass
    >>> margin_label(binary(), "prior", ["4/5", "1/5"]), margin_label(multiclass(3), "prior", ["1/3"] * 3)
    ('prior=0.2', 'uniform')
    """
    texts = [str(v) if isinstance(v, sympy.Symbol) or (isinstance(v, str) and v.strip().isidentifier())
             else exact_text(v) for v in values]
    single = (space.truth_classes == 2 and not space.is_confusion) if what == "prior" else space.is_binary
    if len(texts) == 1 or single:
        return f"{what}={texts[-1]}"
    if what == "prior" and len(set(texts)) == 1:
        return "uniform"
    return f"{what}s=" + ",".join(texts)


def _margin(space: SampleSpace, value: object, what: str, outcomes: Sequence[str]) -> PerformanceSet:
    """Two classes, one margin fixed: the sum of ``outcomes`` equals ``value`` (0 < value < 1), or
    a symbolic value when ``value`` names one (``p`` for a prior, ``tau`` for a rate)."""
    syms = dict(zip(space.outcomes, outcome_symbols(space)))
    names = SYMBOLIC_PRIORS if what == "prior" else SYMBOLIC_RATES
    if isinstance(value, str) and value.strip().isidentifier():
        name = value.strip()
        if name not in names:
            raise InvalidInput(f"expected a symbolic {what} named {', '.join(names)} but got {name!r}")
        r = sympy.Symbol(name, positive=True)
    else:
        r = to_rational(value, what)
        if not (0 < r < 1):
            raise InvalidInput(f"expected a {what} strictly between 0 and 1 but got {what}={r}")
    return PerformanceSet(space, (Constraint(sympy.Add(*(syms[o] for o in outcomes)) - r, "==",
                                             f"{' + '.join(outcomes)} == {r}"),), margin_label(space, what, [r]))


def fixed_prior(space: SampleSpace, p: object) -> PerformanceSet:
    """Two classes, positive prior π₊ = p with 0 < p < 1 (fn + tp on the binary space, the
    positives' outcomes on any two-class space such as ``scored:L``), or a symbolic prior ``"p"``.

    >>> fixed_prior(binary(), "p").constraints[0].text
    'fn + tp == p'
    """
    if space.truth_classes != 2:
        raise InvalidInput("a fixed positive prior needs a two-class space (binary, scored:L or selective:2)")
    return _margin(space, p, "prior", space.row(1))


def fixed_rate(space: SampleSpace, tau: object) -> PerformanceSet:
    """Two classes, positive prediction rate τ₊ = fp + tp = τ with 0 < τ < 1 (or a symbolic rate:
    ``"tau"``): every entity predicts the positive class equally often.

    >>> {P.as_dict()["fp"] + P.as_dict()["tp"] for P in fixed_rate(binary(), "1/4").vertices()}
    {Fraction(1, 4)}
    """
    if not space.is_binary:
        raise InvalidInput("a fixed positive rate needs the binary space (tn, fp, fn, tp)")
    return _margin(space, tau, "rate", ("fp", "tp"))


def _vector(space: SampleSpace, values: Sequence[object], what: str, column: bool) -> PerformanceSet:
    """Every class prior (the outcomes of each ground-truth class) or every prediction rate (the
    column sums of a k × k confusion space) fixed."""
    k = space.classes if column else space.truth_classes
    if column and not space.is_binary and not space.is_confusion:
        raise InvalidInput(f"fixed prediction rates need a k × k confusion space (binary, multiclass:K) "
                           f"but got {space.name}")
    if not k or len(values) != k:
        raise InvalidInput(f"expected {k} class {what}s for {space.name} but got {len(values)}")
    rs = [to_rational(p, f"{what}{i}") for i, p in enumerate(values)]
    if any(r <= 0 for r in rs) or sum(rs) != 1:
        raise InvalidInput(f"expected positive class {what}s summing to 1 but got {[str(r) for r in rs]}")
    syms = dict(zip(space.outcomes, outcome_symbols(space)))
    rows = [space.row(i) for i in range(k)]  # class i's outcomes: (tn, fp) and (fn, tp) for the binary space
    cons = []
    for i, r in enumerate(rs[:-1]):
        names = [row[i] for row in rows] if column else list(rows[i])
        cons.append(Constraint(sum(syms[n] for n in names) - r, "==", f"{' + '.join(names)} == {r}"))
    return PerformanceSet(space, tuple(cons), margin_label(space, what, rs))


def fixed_priors(space: SampleSpace, priors: Sequence[object]) -> PerformanceSet:
    """k classes, every class prior fixed: Σⱼ P(y = i, ŷ = j) = πᵢ."""
    return _vector(space, priors, "prior", column=False)


def fixed_rates(space: SampleSpace, rates: Sequence[object]) -> PerformanceSet:
    """k classes, every prediction rate fixed: Σᵢ P(y = i, ŷ = j) = τⱼ.

    >>> from ordertheory.spaces.sample_space import multiclass
    >>> print(*fixed_rates(multiclass(3), ["1/2", "1/4", "1/4"]).constraints, sep="; ")
    y0_p0 + y1_p0 + y2_p0 == 1/2; y0_p1 + y1_p1 + y2_p1 == 1/4
    """
    return _vector(space, rates, "rate", column=True)


def intersect(*sets: PerformanceSet) -> PerformanceSet:
    """Π₁ ∩ Π₂ ∩ …: every constraint of every set (fixed priors and fixed rates at once, say);
    an empty intersection is an error, never a vacuous Π.

    >>> intersect(fixed_prior(binary(), "1/2"), fixed_rate(binary(), "1/5")).vertices()[0]
    Performance(binary: tn=1/2, fp=0, fn=3/10, tp=1/5)
    """
    if not sets:
        raise InvalidInput("expected at least one set of performances to intersect")
    space = sets[0].space
    if any(s.space != space for s in sets):
        raise InvalidInput("expected sets of performances on one sample space")
    if len(sets) == 1:  # a set made by a setting is not empty; its vertices may be many (priors on k classes)
        return sets[0]
    cons = tuple(c for s in sets for c in s.constraints)
    label = "; ".join(s.label for s in sets if s.label != "all") or "all"
    out = PerformanceSet(space, cons, label)
    if not any(c.expr.free_symbols - set(out.symbols) for c in cons):  # numeric: check non-emptiness
        if out.parametrise("chk") is None or not out.vertices():
            raise InvalidInput(f"the constraints leave no performance: {label}")
    return out


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
