"""A score at symbolic performances of Π, in solver terms: the frame every query about a score is built on.

Π's equalities are substituted away (measured: faster than keeping sum-to-one; :func:`instance`),
and X(P) = N/D is encoded as x·D = N (guarded by D ≠ 0) when the formula is rational, or with
auxiliary root/inverse variables otherwise (:class:`Encoding`). Non-algebraic functions are
abstracted by monotone unknowns: sound for proofs only. The queries themselves are obligations of
the engine's decider (:class:`ordertheory.engine.prove.Obligation`), built by :mod:`ordertheory.fitness.queries`,
:mod:`ordertheory.analyses.compare.compare` and the other checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from ordertheory.encoding.z3_backend import Env
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet

MAX_DENOMINATORS = 5  # the most of Table 1 and the two-class catalogue (UPM); see Encoding.value


@dataclass
class Instance:
    """One symbolic performance of Π: its parameters and outcome probabilities in them."""

    tag: str
    params: list[sympy.Symbol]
    mapping: dict[sympy.Symbol, sympy.Expr]
    nonneg: list[sympy.Expr]
    equalities: list[sympy.Expr] = field(default_factory=list)  # only when not eliminated

    def performance(self, space, values: dict[str, Fraction]) -> Performance:
        sub = {p: sympy.Rational(str(values.get(p.name, Fraction(0)))) for p in self.params}
        probs = tuple(Fraction(str(self.mapping[s].xreplace(sub))) for s in self.mapping)
        return Performance(space, probs)


class Encoding:
    """Builds z3 terms for a score at symbolic instances within one Env."""

    def __init__(self, env: Env, score: Score, nd: bool = True) -> None:
        self.env, self.score, self.nd = env, score, nd
        self.side: list = []
        self.vars: dict[sympy.Symbol, object] = {}
        self.encoders = []

    def var(self, s: sympy.Symbol):
        if s not in self.vars:
            self.vars[s] = self.env.Real(s.name)
        return self.vars[s]

    def encoder(self, inst_map: dict):
        """A solver encoder for expressions in the symbols of ``inst_map`` (its monotonicity axioms
        join :meth:`finish`'s)."""
        mapping = {s: self.var(s) for s in inst_map}
        enc = self.env.encoder(mapping, self.side, abstract=not self.score.is_algebraic)
        self.encoders.append(enc)
        return enc

    def point(self, inst: Instance) -> list:
        """Π's inequalities for one instance."""
        for p in inst.params:
            self.var(p)
        enc = self.encoder({p: None for p in inst.params})
        return [enc.go(e) >= 0 for e in inst.nonneg] + [enc.go(e) == 0 for e in inst.equalities]

    def in_domain(self, mapping: dict, params: list[sympy.Symbol]) -> tuple[object, bool]:
        """(z3 formula 'P ∈ dom(X)', constant_false) for P given by ``mapping``."""
        env = self.env
        enc = self.encoder({p: None for p in params})
        parts = []
        for c in self.score.conditions_inner_first:
            e = sympy.expand(c.expr.xreplace(mapping)) if c.expr.is_polynomial() else c.expr.xreplace(mapping)
            if e.has(sympy.nan, sympy.zoo, sympy.oo, sympy.I):  # an inner denominator is identically 0
                return env.BoolVal(False), True
            if e.is_number:
                if not c.holds(e):
                    return env.BoolVal(False), True
                continue
            z = enc.go(e)
            parts.append({"nonzero": lambda: z != 0, "nonneg": lambda: z >= 0, "pos": lambda: z > 0,
                          "open_unit": lambda: env.And(z > 0, z < 1)}[c.kind]())
        return env.And(*parts), False

    def value(self, mapping: dict, params: list[sympy.Symbol], name: str):
        """A fresh real x with x = X(P) wherever P ∈ dom(X)."""
        env = self.env
        x = env.Real(name)
        e = self.score.expr.xreplace(mapping)
        enc = self.encoder({p: None for p in params})
        rational = self.nd and self.score.is_algebraic and not e.has(sympy.Abs, sympy.Min, sympy.Max) and all(
            a.exp.is_Integer for a in e.atoms(sympy.Pow))
        # Cross-multiplying puts every denominator over one: with d distinct denominators the
        # expanded numerator has a product of d sums, exponential in d (macro F1 over 6 classes
        # did not finish in 15 min). Past MAX_DENOMINATORS the division is encoded as written.
        if rational and len({a for a in e.atoms(sympy.Pow) if a.exp.is_negative}) > MAX_DENOMINATORS:
            rational = False
        if rational:
            N, D = sympy.fraction(sympy.together(e))
            zN, zD = enc.go(sympy.expand(N)), enc.go(sympy.expand(D))
            self.side.append(env.Implies(zD != 0, x * zD == zN))
        else:
            self.side.append(x == enc.go(e))
        return x

    def finish(self) -> list:
        out = list(self.side)
        for enc in self.encoders:
            out.extend(enc.monotonicity_axioms())
        if len(self.encoders) > 1:  # axioms across instances (e.g. probit at P1 versus at P2)
            out.extend(self.env.joint_monotonicity_axioms(self.encoders))
        return out


@dataclass(frozen=True)
class Options:
    """Encoding choices. The defaults are the fastest measured (``bench``); ``NAIVE`` is the
    baseline: every outcome a variable with Σ = 1 asserted, quotients by inverse variables."""

    eliminate: bool = True  # solve Π's equalities away (fewer variables)
    nd: bool = True  # X = N/D as x·D = N instead of auxiliary inverses


DEFAULT, NAIVE = Options(), Options(eliminate=False, nd=False)


def instance(Pi: PerformanceSet, tag: str, support=None, opts: Options = DEFAULT) -> Instance | None:
    if not opts.eliminate:
        return _unreduced(Pi, tag, support)
    r = Pi.parametrise(tag, support)
    if r is None:
        return None
    params, mapping, nonneg = r
    return Instance(tag, params, mapping, nonneg)


def _unreduced(Pi: PerformanceSet, tag: str, support) -> Instance | None:
    """Every outcome of the support is a variable; Π's equalities are kept as constraints."""
    if Pi.parametrise(tag, support) is None:
        return None
    keep = set(Pi.space.outcomes if support is None else support)
    syms = Pi.symbols
    params = [sympy.Symbol(f"{s.name}_{tag}", real=True) for s, o in zip(syms, Pi.space.outcomes) if o in keep]
    it = iter(params)
    mapping = {s: (next(it) if o in keep else sympy.Integer(0)) for s, o in zip(syms, Pi.space.outcomes)}
    nonneg = [sympy.expand(e.xreplace(mapping)) for e in Pi.inequalities()]
    eqs = [sympy.expand(e.xreplace(mapping)) for e in Pi.equalities()]
    return Instance(tag, params, mapping, [e for e in nonneg if not e.is_number], eqs)


def mix(i1: Instance, i2: Instance, lam: sympy.Symbol) -> dict:
    return {s: sympy.expand(lam * i1.mapping[s] + (1 - lam) * i2.mapping[s]) for s in i1.mapping}
