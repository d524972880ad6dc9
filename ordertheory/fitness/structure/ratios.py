"""Structure before search: scores built from ratios of linear forms of P (issue 13).

A score is recognised, exactly and on its formula as written, as X = g(Σᵢ Nᵢ/Dᵢ) with every Nᵢ,
Dᵢ of degree ≤ 1 in the outcome probabilities and g strictly monotone (the identity, + c, × c ≠ 0,
log, exp, probit, fractional or odd powers). The lemmas of :mod:`.structure_lemmas`, proved once
with symbolic coefficients, then leave per score only linear obligations, decided by z3 and kept
as certificates:

- every Dᵢ keeps one strict sign on Π ∩ dom(X) (``D < 0`` unsat on Π, and ``D = 0`` unsat on
  Π ∩ dom(X));
- **tests 2 and 3**: when X restricted to Π is a single ratio N/D (the Dᵢ constant on Π or
  proportional), X is quasi-linear (lemma ``ratio-quasi-linear``, ``*-transform``);
- **test 1** at level s: bounds tᵢ of Tᵢ on the face P(S ≤ s) = 1 and uᵢ on P(S ≥ s) = 1 with
  Σ tᵢ ≤ Σ uᵢ (lemma ``sum-of-bounds``); each bound is the linear query N − t·D > 0 on the face
  (``ratio-threshold``), its value found by a float LP (Charnes–Cooper) and rounded to a rational
  — the LP only proposes, z3 decides;
- **domain closed** when every domain condition is linear and one-signed on Π (``affine-sign-convex``);
- **Theorem 2's condition** on the bands {a ≤ S ≤ b} (see :func:`theorem2_events`) when g is the identity.

Anything else returns None for that test, and the general engine decides it.

>>> from ordertheory.catalogue import get
>>> from ordertheory.spaces.sample_space import multiclass
>>> r = decide_by_structure(get("multiclass_accuracy").score(multiclass(3)), None, 20)
>>> r["test2"].verdict.label, r["test2"].method
('proved', 'lemma: ratio-quasi-linear (linear-fractional on Π, D > 0 on Π ∩ dom(X))')
"""

from __future__ import annotations

import time
from fractions import Fraction

import sympy

from ordertheory.engine.obligations import Instance
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.witness import TestName
from ordertheory.fitness.linear import Linear, bound_lp, linear
from ordertheory.fitness.structure.face_prover import (
    PREFIX,
    Empty,
    LinearProver,
    TestResult,
    at,
    bound_total,
    face_instance,
    merged,
    one_signed,
    oriented,
    ratio_bounds,
    signs_of,
    single_ratio,
)
from ordertheory.fitness.structure.harmonic_means import means_test1
from ordertheory.fitness.structure.shape import Ratio, Shape, degree, shape
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet, all_performances
from ordertheory.spaces.sample_space import SampleSpace
from ordertheory.theory.axioms import axiom2_violation

__all__ = ["PREFIX", "Linear", "Ratio", "Shape", "decide_by_structure", "shape", "theorem2_events"]


# --- the tests ------------------------------------------------------------------------------------------
def _result(name: str, P: LinearProver, t0: float, method: str, reason: str, start: int) -> Result:
    return TestResult(name, Verdict.PROVED, time.perf_counter() - t0, PREFIX + method, None, reason,
                      tuple(P.proofs[start:]))


def _test1(P: LinearProver, shp: Shape, Pi: PerformanceSet, signs: list[int], t0: float) -> Result | None:
    sp, start = P.score.space, len(P.proofs)
    for s in sp.levels:
        f1 = face_instance(Pi, sp.event_where(lambda v, s=s: v <= s))
        f2 = face_instance(Pi, sp.event_where(lambda v, s=s: v >= s))
        if f1 is None or f2 is None:
            continue
        try:
            m1, m2 = merged(shp, signs, f1), merged(shp, signs, f2)
            lo = ratio_bounds(P, m1, f1, shp.direction > 0, f"test1[s={s}].face1")
            hi = ratio_bounds(P, m2, f2, shp.direction < 0, f"test1[s={s}].face2")
            if lo is not None and hi is not None:
                lo = bound_total(P, m1, lo, f1, shp.direction > 0, f"test1[s={s}].face1")
                hi = bound_total(P, m2, hi, f2, shp.direction < 0, f"test1[s={s}].face2")
            if lo is None or hi is None:
                return _refute_test1(P, shp, Pi, s, m1, m2, f1, f2, t0)
        except Empty:
            continue
        if shp.direction * (lo - hi) > 0:
            return _refute_test1(P, shp, Pi, s, m1, m2, f1, f2, t0)
    how = "weighted-sum-of-bounds" if any(t.W != 1 for t in shp.terms) else "sum-of-bounds"
    return _result(TestName.TEST1, P, t0, how + " with ratio-threshold (linear bounds on the faces "
                   "P(S ≤ s) = 1 and P(S ≥ s) = 1)", "bounds of each ratio proved by linear z3 queries", start)


def _refute_test1(P, shp, Pi, s, m1, m2, f1, f2, t0) -> Result | None:
    """For a single ratio on each face: the LP's optimal points of the two faces, validated exactly."""
    if len(m1) != 1 or len(m2) != 1 or m1[0][2] != 1 or m2[0][2] != 1:
        return None
    pts = []
    for face, (N, D, _W), upper in ((f1, m1[0], shp.direction > 0), (f2, m2[0], shp.direction < 0)):
        lp = bound_lp(linear(N, face.params), linear(D, face.params),
                      [linear(e, face.params) for e in face.nonneg], maximise=upper, point=True)
        if not isinstance(lp, tuple):
            return None
        try:
            pts.append(face.performance(P.score.space, {face.params[i].name: Fraction(v).limit_denominator(10**6)
                                                        for i, v in lp[1].items()}))
        except Exception:  # a rounded point off Π: no witness
            return None
    if not axiom2_violation(P.score, Pi, s, pts[0], pts[1]):
        return None
    return TestResult(TestName.TEST1, Verdict.REFUTED, time.perf_counter() - t0,
                      PREFIX + "optimal points of the faces (linear programme), witness validated exactly",
                      {"s": s, "P1": pts[0], "P2": pts[1]})


def homogeneous(e: sympy.Expr, syms: list) -> sympy.Poly | None:
    """e with every monomial of degree d < deg(e) multiplied by (Σ P(ω))^(deg − d): the same value on
    every performance (Σ P(ω) = 1); None when e is not a polynomial in the outcome probabilities."""
    try:
        poly = sympy.Poly(e, *syms)
    except sympy.PolynomialError:
        return None
    deg = poly.total_degree()
    parts: dict[int, dict] = {}
    for monom, c in poly.terms():
        parts.setdefault(sum(monom), {})[monom] = c
    total = sympy.Poly(sum(syms), *syms)
    hom = sympy.Poly(0, *syms)
    for d, terms in parts.items():
        hom += sympy.Poly.from_dict(terms, *syms) * total ** (deg - d)
    return hom


def nonneg_polynomial(e: sympy.Expr, syms: list) -> list[tuple[sympy.Expr, sympy.Expr]] | None:
    """(factor, homogenised factor) for each factor of e when every homogenised factor has only
    nonnegative coefficients, else None. Such an e is ≥ 0 on every Π and, by lemma
    ``nonneg-polynomial-face``, vanishes at a proper mixture only where it vanishes at both ends."""
    if not e.free_symbols <= set(syms) or not e.is_polynomial(*syms):
        return None
    out = []
    for f in sympy.Mul.make_args(e):
        base = f.base if f.is_Pow and f.exp.is_Integer and f.exp > 0 else f
        if base.is_number:
            if base <= 0:
                return None
            continue
        hom = homogeneous(base, syms)
        if hom is None or hom.is_zero or any(c < 0 for c in hom.coeffs()):
            return None
        out.append((base, hom.as_expr()))
    return out or None


def _domain_closed(P: LinearProver, inst: Instance, t0: float) -> Result | None:
    start = len(P.proofs)
    outcomes = list(P.score.symbols)
    nonzero, polynomial = {}, []
    for j, c in enumerate(P.score.conditions):
        if degree(c.expr.xreplace(inst.mapping), inst.params) <= 1:
            e = at(c.expr, inst)
            if c.kind == "nonzero" and not e.is_number:
                nonzero[j] = e  # {e ≥ 0}, {e > 0}, {0 < e < 1} are convex for a linear e
            continue
        # {e ≠ 0}, {e > 0} and {e ≥ 0} (= Π) are closed under mixtures for a nonnegative polynomial
        factors = nonneg_polynomial(c.expr, outcomes) if c.kind in ("nonzero", "pos", "nonneg") else None
        if factors is None:
            return None
        polynomial.append((j, factors))
    if one_signed(P, nonzero, inst, "domain.cond", "denominator of the domain") is None:
        return None
    for j, factors in polynomial:  # the identity factor = homogenised factor on Π, re-checked exactly
        for i, (f, hom) in enumerate(factors):
            if sympy.Poly(f.xreplace(inst.mapping), *inst.params) != sympy.Poly(hom.xreplace(inst.mapping), *inst.params):
                return None
            P.proofs.append((f"domain.cond{j}.factor{i}.homogeneous",
                             f"; on Π (Σ P(ω) = 1): {f} = {hom}, a polynomial with nonnegative coefficients "
                             "(exact identity checked with sympy; lemma nonneg-polynomial-face)"))
    method = "affine-sign-convex (every domain condition linear, one-signed on Π)"
    if polynomial:
        method = ("affine-sign-convex and nonneg-polynomial-face (each domain condition linear and one-signed "
                  "on Π, or a polynomial with nonnegative coefficients once homogenised)")
    return _result(TestName.DOMAIN_CLOSED, P, t0, method, None, start)


def theorem2_events(space: SampleSpace) -> list[frozenset[str]]:
    """Events enough for Theorem 2's condition: every event when there are at most 16, else the bands.

    P(E) = 1 implies P(B) = 1 for the band B = {ω : min_E S ≤ S(ω) ≤ max_E S} ⊇ E, which has the
    same min and max of S: the condition for B implies it for E. The binary space keeps the full
    list so that Table 1's certificates are unchanged.

    >>> from ordertheory.spaces.sample_space import multiclass
    >>> len(theorem2_events(multiclass(19)))
    3
    """
    if len(space) <= 4:
        return space.events()
    lv = space.levels
    return [space.event_where(lambda v, a=a, b=b: a <= v <= b) for i, a in enumerate(lv) for b in lv[i:]]


def _theorem2(P: LinearProver, shp: Shape, Pi: PerformanceSet, signs: list[int], t0: float) -> Result | None:
    if not shp.identity:
        return None
    sp, start = P.score.space, len(P.proofs)
    for k, ev in enumerate(theorem2_events(sp)):
        face = face_instance(Pi, ev)
        if face is None:
            continue
        sat = [sp.S(o) for o in ev]
        try:
            m = merged(shp, signs, face)
            lo = ratio_bounds(P, m, face, False, f"theorem2[{k}].lower")
            hi = ratio_bounds(P, m, face, True, f"theorem2[{k}].upper")
            if lo is not None and hi is not None:
                lo = bound_total(P, m, lo, face, False, f"theorem2[{k}].lower")
                hi = bound_total(P, m, hi, face, True, f"theorem2[{k}].upper")
        except Empty:
            continue
        if lo is None or hi is None or lo < min(sat) or hi > max(sat):
            return None
    return _result(TestName.THEOREM2, P, t0, "ratio-threshold on the bands {a ≤ S ≤ b}",
                   "bounds of each ratio proved by linear z3 queries", start)


def _or_none(test, *args) -> Result | None:
    """A lemma's test, or None when its bounds need a linear form it cannot write (an irrational
    coefficient has no rational bound to prove): the general engine then decides it."""
    try:
        return test(*args)
    except ValueError:  # fitness.linear: "not linear in the parameters" (√2·y0_p0)
        return None


def decide_by_structure(X: Score, Pi: PerformanceSet | None, timeout: float) -> dict[str, Result] | None:
    """The tests the structural lemmas decide for X on Π (a subset of them), or None when X's
    shape does not apply. Every verdict's ``method`` starts with ``lemma:``; ``proofs`` holds the
    instantiated obligations (SMT-LIB, expected unsat)."""
    X._require_bound()
    Pi = Pi or all_performances(X.space)
    t0 = time.perf_counter()
    shp = shape(X)
    inst = face_instance(Pi, None)
    if inst is None:
        return None
    P = LinearProver(X, timeout, Pi)
    out: dict[str, Result] = {}
    try:
        dc = _domain_closed(P, inst, t0)
        if dc is not None:
            out[TestName.DOMAIN_CLOSED] = dc
        if shp is None:  # a harmonic mean of ratios in [0, 1] (GPS) still has a lemma for test 1
            r1 = means_test1(P, Pi, inst, time.perf_counter())
            if r1 is not None:
                out[TestName.TEST1] = r1
            return out or None
        t1 = time.perf_counter()
        shp = oriented(P, shp, inst)
        if shp is None:
            return out or None
        signs = signs_of(P, shp, inst)
        if signs is None:
            return out or None
        base = list(P.proofs)
        single = single_ratio(shp, inst, signs)
        if single is not None:
            D, sg = single
            name = "ratio-quasi-linear" + ("-negative" if sg < 0 else "")
            if not shp.identity:
                name += " with " + ("increasing" if shp.direction > 0 else "decreasing") + "-transform"
            for t in (TestName.TEST2, TestName.TEST3):
                out[t] = TestResult(t, Verdict.PROVED, time.perf_counter() - t1,
                                    f"{PREFIX}{name} (linear-fractional on Π, D {'>' if sg > 0 else '<'} 0 on Π ∩ dom(X))",
                                    None, f"on Π, X = g(N/D) with D = {D}", tuple(base))
        t1 = time.perf_counter()
        r1 = _or_none(_test1, P, shp, Pi, signs, t1)
        if r1 is not None:
            out[TestName.TEST1] = TestResult(TestName.TEST1, r1.verdict, r1.seconds, r1.method, r1.witness, r1.reason,
                                      tuple(base) + r1.certificate)
        r2 = _or_none(_theorem2, P, shp, Pi, signs, time.perf_counter())
        if r2 is not None:
            out[TestName.THEOREM2] = r2
    finally:
        P.close()
    return out or None
