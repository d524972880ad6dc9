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
>>> from ordertheory.sample_space import multiclass
>>> r = decide_by_structure(get("multiclass_accuracy").score(multiclass(3)), None, 20)
>>> r["test2"].verdict.label, r["test2"].method
('proved', 'lemma: ratio-quasi-linear (linear-fractional on Π, D > 0 on Π ∩ dom(X))')
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.checks import witness
from ordertheory.checks.obligations import Encoding, Instance, instance
from ordertheory.checks.score_tests import TestResult
from ordertheory.checks.verdict import Verdict
from ordertheory.encoding.z3_backend import Env, IsolatedSolver
from ordertheory.formula import probit
from ordertheory.performance_set import PerformanceSet, all_performances
from ordertheory.sample_space import SampleSpace
from ordertheory.scores import Score
from ordertheory.theory.linear import Linear, bound_lp, linear

PREFIX = "lemma: "


@dataclass(frozen=True)
class Ratio:
    """One term N/D of the score, both of degree ≤ 1 in the outcome probabilities."""

    N: sympy.Expr
    D: sympy.Expr


@dataclass(frozen=True)
class Shape:
    """X = g(Σ terms) with g strictly monotone in ``direction`` (+1 / −1); ``identity`` when g = id."""

    direction: int
    identity: bool
    terms: tuple[Ratio, ...]


# --- recognition (exact, sympy) ----------------------------------------------------------------------
def shape(score: Score) -> Shape | None:
    """The score's shape, or None when it is not a monotone transform of a sum of ratios.

    >>> from ordertheory.expression import parse_score
    >>> from ordertheory.sample_space import binary
    >>> s = shape(parse_score("sqrt(tp/(tp+fn))", binary()))
    >>> s.direction, s.identity, s.terms
    (1, False, (Ratio(N=tp, D=fn + tp),))
    """
    syms = set(score.symbols)
    direction, identity, e = 1, True, score.expr
    while not _rational(e, syms):
        if e.is_Add:
            const, rest = e.as_independent(*syms, as_Add=True)
            if rest.is_Add or rest == 0:
                return None
            e, identity = rest, False
        elif e.is_Mul:
            const, rest = e.as_independent(*syms, as_Add=False)
            if rest.is_Mul or const == 0 or not const.is_number:
                return None
            direction *= 1 if const > 0 else -1
            e, identity = rest, False
        elif isinstance(e, sympy.log | sympy.exp | probit):
            e, identity = e.args[0], False
        elif e.is_Pow and e.exp.is_Rational and (e.exp.q != 1 or (e.exp.p % 2 == 1 and e.exp > 0)):
            direction *= 1 if e.exp > 0 else -1
            e, identity = e.base, False
        else:
            return None
    terms = []
    for part in sympy.Add.make_args(e):
        N, D = sympy.fraction(sympy.cancel(sympy.together(part)))
        N, D = sympy.expand(N), sympy.expand(D)
        if not (_degree_le_1(N, syms) and _degree_le_1(D, syms)):
            return None
        terms.append(Ratio(N, D))
    return Shape(direction, identity, tuple(terms))


def _rational(e: sympy.Expr, syms: set) -> bool:
    return not e.has(sympy.Function, sympy.Abs, sympy.Min, sympy.Max) and e.is_rational_function(*syms)


def _degree_le_1(e: sympy.Expr, syms: set) -> bool:
    used = e.free_symbols
    if not used <= syms:
        return False
    return not used or (e.is_polynomial(*used) and sympy.Poly(e, *used).total_degree() <= 1)


# --- deciding linear obligations ----------------------------------------------------------------------
class _Prover:
    """Linear queries over instances of Π, decided by z3 in a child process; texts kept as certificates."""

    def __init__(self, score: Score, timeout: float) -> None:
        self.score, self.deadline = score, time.perf_counter() + timeout
        self.solver = IsolatedSolver()
        self.proofs: list[tuple[str, str]] = []

    def unsat(self, qid: str, statement: str, inst: Instance, facts, dom: bool = False) -> bool:
        """Is ``inst ∈ Π (∩ dom X) ∧ facts`` unsatisfiable? facts: callable (E, lin) -> list of z3."""
        env = Env()
        E = Encoding(env, self.score)
        f = E.point(inst)
        if dom:
            d, empty = E.in_domain(inst.mapping, inst.params)
            if empty:
                self.proofs.append((qid, "; vacuous: no performance of this shape is in dom(X)"))
                return True
            f.append(d)

        def lin(expr: sympy.Expr):
            return env.encode(expr, {p: E.var(p) for p in expr.free_symbols}, [])

        f += facts(env, lin)
        text = env.smtlib(f, f"obligation {qid}: {statement}\nexpected: unsat")
        left = self.deadline - time.perf_counter()
        if left <= 0.05:
            return False
        r = self.solver.check(text, left)
        if r["status"] == "unsat":
            self.proofs.append((qid, text))
            return True
        return False

    def close(self) -> None:
        self.solver.close()


def _at(e: sympy.Expr, inst: Instance) -> sympy.Expr:
    return sympy.expand(e.xreplace(inst.mapping))


def _signs(P: _Prover, shp: Shape, inst: Instance) -> list[int] | None:
    """For each term, the strict sign of D on Π ∩ dom(X) (+1 / −1), or None when it changes."""
    out = []
    for i, t in enumerate(shp.terms):
        D = _at(t.D, inst)
        if D.is_number:
            if D == 0:
                return None
            out.append(1 if D > 0 else -1)
            continue
        for sg in (1, -1):
            if P.unsat(f"structure.term{i}.D{'>=' if sg > 0 else '<='}0", f"{'' if sg > 0 else '-'}({t.D}) >= 0 on Π",
                       inst, lambda env, lin, D=D, sg=sg: [sg * lin(D) < 0]):
                if not P.unsat(f"structure.term{i}.D!=0", f"{t.D} != 0 on Π ∩ dom(X)", inst,
                               lambda env, lin, D=D: [lin(D) == 0], dom=True):
                    return None
                out.append(sg)
                break
        else:
            return None
    return out


def _single_ratio(shp: Shape, inst: Instance, signs: list[int]) -> tuple[sympy.Expr, int] | None:
    """When Σ Nᵢ/Dᵢ is one ratio N/D on Π (every Dᵢ constant or proportional): (D, sign of D)."""
    D0, sg0 = None, 1
    for t, sg in zip(shp.terms, signs):
        D = _at(t.D, inst)
        if D.is_number:
            continue
        if D0 is None:
            D0, sg0 = D, sg
            continue
        q = sympy.cancel(D / D0)
        if not q.is_number:
            return None
    return (D0 if D0 is not None else sympy.Integer(1)), sg0


def _merged(shp: Shape, signs: list[int], face: Instance) -> list[tuple[sympy.Expr, sympy.Expr]]:
    """The terms on a face as ratios (N, D) with D > 0 on Π ∩ dom(X), those whose denominators are
    constant or proportional on the face added up into one ratio (Σ Nᵢ/(cᵢK) = (Σ Nᵢ/cᵢ)/K)."""
    groups: dict[sympy.Expr, sympy.Expr] = {}
    for t, sg in zip(shp.terms, signs):
        N, D = _at(sg * t.N, face), _at(sg * t.D, face)
        if D.is_number:
            key, c = sympy.Integer(1), D
        else:
            lead = sympy.Add.make_args(D)
            c = abs(next(x.as_coeff_Mul()[0] for x in lead if not x.is_number))
            key = sympy.expand(D / c)
        groups[key] = sympy.expand(groups.get(key, sympy.Integer(0)) + N / c)
    return [(N, K) for K, N in groups.items()]


def _bound(P: _Prover, N: sympy.Expr, D: sympy.Expr, face: Instance, upper: bool, qid: str) -> Fraction | None:
    """A rational t with N/D ≤ t (``upper``) or ≥ t on face ∩ {D > 0}, proved by z3; None if not found.

    A face where D > 0 is empty has no performance in dom(X): :class:`_Empty` is raised (the
    level is vacuous) once z3 has proved it.
    """
    lp = bound_lp(linear(N, face.params), linear(D, face.params), [linear(e, face.params) for e in face.nonneg],
                  maximise=upper)
    if lp is None:
        return None
    if lp == "empty":
        if P.unsat(qid + ".empty", "no performance of the face has D > 0", face, lambda env, lin: [lin(D) > 0]):
            raise _Empty
        return None
    t = Fraction(lp).limit_denominator(10**6)
    rel = "<=" if upper else ">="
    ok = P.unsat(f"{qid}.T{rel}{t}", f"N/D {rel} {t} on the face (D > 0)", face,
                 lambda env, lin: [lin(D) > 0, (lin(N - sympy.Rational(t.numerator, t.denominator) * D) > 0)
                                   if upper else (lin(N - sympy.Rational(t.numerator, t.denominator) * D) < 0)])
    return t if ok else None


class _Empty(Exception):
    """A face of Π has no performance in dom(X)."""


__all__ = ["PREFIX", "Linear", "Ratio", "Shape", "decide_by_structure", "shape", "theorem2_events"]


# --- the tests ------------------------------------------------------------------------------------------
def _result(name: str, P: _Prover, t0: float, method: str, reason: str, start: int) -> TestResult:
    return TestResult(name, Verdict.PROVED, time.perf_counter() - t0, PREFIX + method, None, reason,
                      tuple(P.proofs[start:]))


def _test1(P: _Prover, shp: Shape, Pi: PerformanceSet, signs: list[int], t0: float) -> TestResult | None:
    sp, start = P.score.space, len(P.proofs)
    for s in sp.levels:
        f1 = instance(Pi, "1", sp.event_where(lambda v, s=s: v <= s))
        f2 = instance(Pi, "2", sp.event_where(lambda v, s=s: v >= s))
        if f1 is None or f2 is None:
            continue
        try:
            m1, m2 = _merged(shp, signs, f1), _merged(shp, signs, f2)
            lo = [_bound(P, N, D, f1, shp.direction > 0, f"test1[s={s}].ratio{i}.face1") for i, (N, D) in enumerate(m1)]
            hi = [_bound(P, N, D, f2, shp.direction < 0, f"test1[s={s}].ratio{i}.face2") for i, (N, D) in enumerate(m2)]
            if None in lo or None in hi:
                return _refute_test1(P, shp, Pi, s, m1, m2, f1, f2, t0)
        except _Empty:
            continue
        if shp.direction * (sum(lo) - sum(hi)) > 0:
            return _refute_test1(P, shp, Pi, s, m1, m2, f1, f2, t0)
    return _result("test1", P, t0, "sum-of-bounds with ratio-threshold (linear bounds on the faces "
                   "P(S ≤ s) = 1 and P(S ≥ s) = 1)", "bounds of each ratio proved by linear z3 queries", start)


def _refute_test1(P, shp, Pi, s, m1, m2, f1, f2, t0) -> TestResult | None:
    """For a single ratio on each face: the LP's optimal points of the two faces, validated exactly."""
    if len(m1) != 1 or len(m2) != 1:
        return None
    pts = []
    for face, (N, D), upper in ((f1, m1[0], shp.direction > 0), (f2, m2[0], shp.direction < 0)):
        lp = bound_lp(linear(N, face.params), linear(D, face.params),
                      [linear(e, face.params) for e in face.nonneg], maximise=upper, point=True)
        if not isinstance(lp, tuple):
            return None
        try:
            pts.append(face.performance(P.score.space, {face.params[i].name: Fraction(v).limit_denominator(10**6)
                                                        for i, v in lp[1].items()}))
        except Exception:  # a rounded point off Π: no witness
            return None
    if not witness.axiom2_violation(P.score, Pi, s, pts[0], pts[1]):
        return None
    return TestResult("test1", Verdict.REFUTED, time.perf_counter() - t0,
                      PREFIX + "optimal points of the faces (linear programme), witness validated exactly",
                      {"s": s, "P1": pts[0], "P2": pts[1]})


def _domain_closed(P: _Prover, inst: Instance, t0: float) -> TestResult | None:
    start = len(P.proofs)
    syms = set(inst.params)
    for j, c in enumerate(P.score.conditions):
        e = _at(c.expr, inst)
        if not _degree_le_1(e, syms):
            return None
        if c.kind != "nonzero" or e.is_number:
            continue  # {e ≥ 0}, {e > 0}, {0 < e < 1} are convex for a linear e
        if not any(P.unsat(f"domain.cond{j}.sign{sg}", f"{'' if sg > 0 else '-'}({c.expr}) >= 0 on Π", inst,
                           lambda env, lin, sg=sg: [sg * lin(e) < 0]) for sg in (1, -1)):
            return None
    return _result("domain_closed", P, t0, "affine-sign-convex (every domain condition linear, one-signed on Π)",
                   None, start)


def theorem2_events(space: SampleSpace) -> list[frozenset[str]]:
    """Events enough for Theorem 2's condition: every event when there are at most 16, else the bands.

    P(E) = 1 implies P(B) = 1 for the band B = {ω : min_E S ≤ S(ω) ≤ max_E S} ⊇ E, which has the
    same min and max of S: the condition for B implies it for E. The binary space keeps the full
    list so that Table 1's certificates are unchanged.

    >>> from ordertheory.sample_space import multiclass
    >>> len(theorem2_events(multiclass(19)))
    3
    """
    if len(space) <= 4:
        return space.events()
    lv = space.levels
    return [space.event_where(lambda v, a=a, b=b: a <= v <= b) for i, a in enumerate(lv) for b in lv[i:]]


def _theorem2(P: _Prover, shp: Shape, Pi: PerformanceSet, signs: list[int], t0: float) -> TestResult | None:
    if not shp.identity:
        return None
    sp, start = P.score.space, len(P.proofs)
    for k, ev in enumerate(theorem2_events(sp)):
        face = instance(Pi, "1", ev)
        if face is None:
            continue
        sat = [sp.S(o) for o in ev]
        try:
            m = _merged(shp, signs, face)
            lo = [_bound(P, N, D, face, False, f"theorem2[{k}].ratio{i}") for i, (N, D) in enumerate(m)]
            hi = [_bound(P, N, D, face, True, f"theorem2[{k}].ratio{i}") for i, (N, D) in enumerate(m)]
        except _Empty:
            continue
        if None in lo or None in hi or sum(lo) < min(sat) or sum(hi) > max(sat):
            return None
    return _result("theorem2_condition", P, t0, "ratio-threshold on the bands {a ≤ S ≤ b}",
                   "bounds of each ratio proved by linear z3 queries", start)


def decide_by_structure(X: Score, Pi: PerformanceSet | None, timeout: float) -> dict[str, TestResult] | None:
    """The tests the structural lemmas decide for X on Π (a subset of them), or None when X's
    shape does not apply. Every verdict's ``method`` starts with ``lemma:``; ``proofs`` holds the
    instantiated obligations (SMT-LIB, expected unsat)."""
    X._require_bound()
    Pi = Pi or all_performances(X.space)
    t0 = time.perf_counter()
    shp = shape(X)
    inst = instance(Pi, "1")
    if inst is None:
        return None
    P = _Prover(X, timeout)
    out: dict[str, TestResult] = {}
    try:
        dc = _domain_closed(P, inst, t0)
        if dc is not None:
            out["domain_closed"] = dc
        if shp is None:
            return out or None
        t1 = time.perf_counter()
        signs = _signs(P, shp, inst)
        if signs is None:
            return out or None
        base = list(P.proofs)
        single = _single_ratio(shp, inst, signs)
        if single is not None:
            D, sg = single
            name = "ratio-quasi-linear" + ("-negative" if sg < 0 else "")
            if not shp.identity:
                name += " with " + ("increasing" if shp.direction > 0 else "decreasing") + "-transform"
            for t in ("test2", "test3"):
                out[t] = TestResult(t, Verdict.PROVED, time.perf_counter() - t1,
                                    f"{PREFIX}{name} (linear-fractional on Π, D {'>' if sg > 0 else '<'} 0 on Π ∩ dom(X))",
                                    None, f"on Π, X = g(N/D) with D = {D}", tuple(base))
        t1 = time.perf_counter()
        r1 = _test1(P, shp, Pi, signs, t1)
        if r1 is not None:
            out["test1"] = TestResult("test1", r1.verdict, r1.seconds, r1.method, r1.witness, r1.reason,
                                      tuple(base) + r1.proofs)
        r2 = _theorem2(P, shp, Pi, signs, time.perf_counter())
        if r2 is not None:
            out["theorem2_condition"] = r2
    finally:
        P.close()
    return out or None
