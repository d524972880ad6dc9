"""The tests of a score as solver obligations over a score X and a set Π (§5.2, A.4).

Each obligation asserts "a counterexample exists" with Π's equalities substituted away and X(P) = N/D
encoded as x·D = N (:mod:`ordertheory.engine.obligations`); 'unsat' proves the test, a model is
decoded into exact performances and re-validated by the witness predicates of the theory.

>>> from ordertheory.catalogue import get
>>> from ordertheory.sets.performance_set import all_performances
>>> X = get("accuracy").score()
>>> str(mixture_query(X, all_performances(X.space), 1).id)
'test2'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine import witness
from ordertheory.engine.obligations import DEFAULT, Encoding, Options, instance, mix
from ordertheory.engine.prove import Obligation
from ordertheory.engine.sanity import (
    SEARCHED,
    Sanity,
    SanityKind,
    domain_point,
    from_frame,
    in_frame,
    point_of,
    validate,
)
from ordertheory.engine.witness import TestName
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.theory.axioms import axiom2_levels, axiom2_violation


def frame_sanity(score: Score, Pi: PerformanceSet, qid: str, supports: dict, frame, decode, variables,
                 pair: bool = False, fixed: dict | None = None):
    """A sanity maker for a query whose assumptions are "each named performance in Π ∩ dom(X) (on its
    support)" (and, for a pair, "λ ∈ [0, 1] and the mixture in dom(X)"): exact points found by
    search (for a pair, P1 = P2 = P and λ = 1/2, so M = P), re-validated exactly; else the solver on
    ``frame`` (the assumptions alone), its model re-validated; unsat there makes the proof vacuous."""
    def check(model) -> bool:
        return validate(score, Pi, {k: v for k, v in model.items() if k != "s"}, supports)

    def make(decider, budget: float) -> Sanity:
        model = dict(fixed or {})
        if pair:
            P = domain_point(score, Pi)
            if P is not None:
                model.update({"P1": P, "P2": P, "lambda": Fraction(1, 2)})
        else:
            for name, support in supports.items():
                P = domain_point(score, Pi, support)
                if P is None:
                    break
                model[name] = P
        if (pair and "P1" in model or not pair and all(k in model for k in supports)) and check(model):
            return Sanity(SanityKind.MODEL, model, SEARCHED)
        ob = Obligation.counterexample(f"{qid}/assumptions", f"the assumptions of {qid} can hold", frame,
                                       lambda vals: {**(fixed or {}), **decode(vals)}, check, variables)
        return from_frame(decider, ob, budget, check)

    return make


def axiom2_query(score: Score, Pi: PerformanceSet, s: Fraction, opts: Options = DEFAULT) -> Obligation | None:
    """Counterexamples to test 1 at level s; None when no such pair exists in Π at all."""
    sp = score.space
    _, low, high = next(level for level in axiom2_levels(sp) if level[0] == s)
    i1, i2 = instance(Pi, "1", low, opts), instance(Pi, "2", high, opts)
    if i1 is None or i2 is None:
        return None

    def build(env: Env) -> list:
        E = Encoding(env, score, nd=opts.nd)
        f = E.point(i1) + E.point(i2)
        (d1, e1), (d2, e2) = E.in_domain(i1.mapping, i1.params), E.in_domain(i2.mapping, i2.params)
        if e1 or e2:  # no performance of this shape is in dom(X): nothing to refute
            return [env.BoolVal(False)]
        x1, x2 = E.value(i1.mapping, i1.params, "x_1"), E.value(i2.mapping, i2.params, "x_2")
        return f + [d1, d2, x1 > x2] + E.finish()

    def decode(vals):
        return {"s": s, "P1": i1.performance(sp, vals), "P2": i2.performance(sp, vals)}

    def frame(env: Env) -> list:
        E = Encoding(env, score, nd=opts.nd)
        (d1, _), (d2, _) = E.in_domain(i1.mapping, i1.params), E.in_domain(i2.mapping, i2.params)
        return E.point(i1) + E.point(i2) + [d1, d2] + E.finish()

    qid, names = f"test1[s={s}]", [p.name for p in i1.params + i2.params]
    return Obligation.counterexample(
        qid, f"for {score.name} on Π = {Pi.label}: P1(S ≤ {s}) = 1 and P2(S ≥ {s}) = 1 "
        "in Π ∩ dom(X) imply X(P1) ≤ X(P2)", build, decode,
        lambda w: axiom2_violation(score, Pi, s, w["P1"], w["P2"]), names, not score.is_algebraic,
        frame_sanity(score, Pi, qid, {"P1": low, "P2": high}, frame,
                     lambda vals: {"P1": i1.performance(sp, vals), "P2": i2.performance(sp, vals)}, names,
                     fixed={"s": s}))


@dataclass
class Pair:
    """Two symbolic performances of Π, a weight λ and their mixture: the frame of tests 2, 3
    and of the domain closure."""

    score: Score
    i1: object
    i2: object
    lam: sympy.Symbol
    mix: dict
    opts: Options

    @classmethod
    def of(cls, score: Score, Pi: PerformanceSet, opts: Options) -> Pair:
        i1, i2 = instance(Pi, "1", None, opts), instance(Pi, "2", None, opts)
        lam = sympy.Symbol("lam", real=True)
        return cls(score, i1, i2, lam, mix(i1, i2, lam), opts)

    @property
    def params(self) -> list:
        return self.i1.params + self.i2.params + [self.lam]

    def start(self, env: Env):
        """(encoding, P1, P2 ∈ Π and 0 ≤ λ ≤ 1, P1 ∈ dom, P2 ∈ dom, some domain empty)."""
        E = Encoding(env, self.score, nd=self.opts.nd)
        f = E.point(self.i1) + E.point(self.i2)
        L = E.var(self.lam)
        f += [L >= 0, L <= 1]
        (d1, e1), (d2, e2) = E.in_domain(self.i1.mapping, self.i1.params), E.in_domain(self.i2.mapping, self.i2.params)
        return E, f, d1, d2, e1 or e2

    def decode(self, vals) -> dict:
        sp = self.score.space
        return {"P1": self.i1.performance(sp, vals), "P2": self.i2.performance(sp, vals),
                "lambda": vals.get("lam", Fraction(0))}


def mixture_query(score: Score, Pi: PerformanceSet, direction: int, opts: Options = DEFAULT) -> Obligation:
    pair = Pair.of(score, Pi, opts)

    def build(env: Env) -> list:
        E, f, d1, d2, empty = pair.start(env)
        dm, em = E.in_domain(pair.mix, pair.params)
        if empty or em:
            return [env.BoolVal(False)]
        x1 = E.value(pair.i1.mapping, pair.i1.params, "x_1")
        x2 = E.value(pair.i2.mapping, pair.i2.params, "x_2")
        xm = E.value(pair.mix, pair.params, "x_m")
        viol = [xm > x1, xm > x2] if direction > 0 else [xm < x1, xm < x2]
        return f + [d1, d2, dm] + viol + E.finish()

    def frame(env: Env) -> list:
        E, f, d1, d2, _ = pair.start(env)
        dm, _ = E.in_domain(pair.mix, pair.params)
        return f + [d1, d2, dm] + E.finish()

    name = TestName.TEST2 if direction > 0 else TestName.TEST3
    rel = "≤ max" if direction > 0 else "≥ min"
    names = [p.name for p in pair.params]
    return Obligation.counterexample(
        name, f"for {score.name} on Π = {Pi.label}: X(λP1 + (1−λ)P2) {rel}(X(P1), X(P2)) "
        "for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]", build, pair.decode,
        lambda w: witness.mixture_violation(score, Pi, w["P1"], w["P2"], w["lambda"], direction),
        names, not score.is_algebraic, frame_sanity(score, Pi, name, {}, frame, pair.decode, names, pair=True))


def closure_query(score: Score, Pi: PerformanceSet, opts: Options = DEFAULT) -> Obligation:
    pair = Pair.of(score, Pi, opts)

    def build(env: Env) -> list:
        E, f, d1, d2, empty = pair.start(env)
        if empty:
            return [env.BoolVal(False)]
        dm, _ = E.in_domain(pair.mix, pair.params)
        return f + [d1, d2, env.Not(dm)] + E.finish()

    def frame(env: Env) -> list:
        E, f, d1, d2, _ = pair.start(env)
        return f + [d1, d2] + E.finish()

    names = [p.name for p in pair.params]
    return Obligation.counterexample(
        TestName.DOMAIN_CLOSED, f"for {score.name} on Π = {Pi.label}: P1, P2 ∈ Π ∩ dom(X) imply "
        "λP1 + (1−λ)P2 ∈ dom(X)", build, pair.decode,
        lambda w: witness.closure_violation(score, Pi, w["P1"], w["P2"], w["lambda"]), names, False,
        frame_sanity(score, Pi, TestName.DOMAIN_CLOSED, {}, frame, pair.decode, names, pair=True))


def theorem2_query(score: Score, Pi: PerformanceSet, event: frozenset[str],
                   opts: Options = DEFAULT) -> Obligation | None:
    sp = score.space
    i1 = instance(Pi, "1", event, opts)
    if i1 is None:
        return None
    sat = [sp.S(o) for o in event]
    lo, hi = min(sat), max(sat)

    def build(env: Env) -> list:
        E = Encoding(env, score, nd=opts.nd)
        d1, e1 = E.in_domain(i1.mapping, i1.params)
        if e1:
            return [env.BoolVal(False)]
        x = E.value(i1.mapping, i1.params, "x_1")
        return E.point(i1) + [d1, env.Or(x < env.RealVal(lo), x > env.RealVal(hi))] + E.finish()

    def decode(vals):
        return {"event": sorted(event, key=sp.outcomes.index), "P": i1.performance(sp, vals)}

    def frame(env: Env) -> list:
        E = Encoding(env, score, nd=opts.nd)
        d1, _ = E.in_domain(i1.mapping, i1.params)
        return E.point(i1) + [d1] + E.finish()

    ev = "{" + ", ".join(sorted(event, key=sp.outcomes.index)) + "}"
    qid, names = f"theorem2[E={ev}]", [p.name for p in i1.params]
    return Obligation.counterexample(
        qid, f"for {score.name} on Π = {Pi.label}: P(E) = 1 implies "
        f"{lo} ≤ X(P) ≤ {hi} for E = {ev}", build, decode,
        lambda w: witness.theorem2_violation(score, Pi, event, w["P"]), names, not score.is_algebraic,
        frame_sanity(score, Pi, qid, {"P": event}, frame, lambda vals: {"P": i1.performance(sp, vals)}, names))


def domain_query(score: Score, Pi: PerformanceSet, opts: Options = DEFAULT) -> Obligation | None:
    """"Π ∩ dom(X) is empty": a model is a performance of Π in dom(X) (re-validated exactly), 'unsat'
    proves the emptiness — every test then holds vacuously (issue 34). None when Π has no performance."""
    sp = score.space
    i1 = instance(Pi, "1", None, opts)
    if i1 is None:
        return None

    def build(env: Env) -> list:
        E = Encoding(env, score, nd=opts.nd)
        d1, e1 = E.in_domain(i1.mapping, i1.params)
        if e1:
            return [env.BoolVal(False)]
        return E.point(i1) + [d1] + E.finish()

    def sanity(decider, budget: float) -> Sanity:  # the assumption is P ∈ Π: a point of Π
        P = point_of(Pi)
        return (Sanity(SanityKind.MODEL, {"P": P}, "an exact point of Π, checked exactly") if P is not None
                else Sanity(SanityKind.UNDECIDED, {}, "no point of Π found"))

    return Obligation.counterexample(
        "domain_empty", f"Π ∩ dom(X) is empty for {score.name} on Π = {Pi.label}", build,
        lambda vals: {"P": i1.performance(sp, vals)}, lambda w: in_frame(score, Pi, w["P"]),
        [p.name for p in i1.params], False, sanity)
