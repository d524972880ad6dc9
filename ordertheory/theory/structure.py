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
from functools import lru_cache

import sympy

from ordertheory.encoding.z3_backend import Env, IsolatedSolver
from ordertheory.engine.obligations import Encoding, Instance, instance
from ordertheory.engine.result import Result, Verdict
from ordertheory.formula import probit
from ordertheory.performance_set import PerformanceSet, all_performances
from ordertheory.sample_space import SampleSpace
from ordertheory.scores import Score
from ordertheory.theory.axioms import axiom2_violation
from ordertheory.theory.linear import Linear, bound_lp, linear

PREFIX = "lemma: "
CANCEL_MAX_OPS = 100  # measured: the catalogue's cancelled fractions have ≤ 39 operations (κ, k = 3)


def TestResult(name: str, verdict: Verdict, seconds: float, method: str, witness=None, reason=None,  # noqa: N802
               proofs=()) -> Result:
    """A lemma's decision of one test, as the package's one result type."""
    return Result(name, f"{name}, decided by a structural lemma", verdict, seconds, method, witness, reason,
                  tuple(proofs))


@dataclass(frozen=True)
class Ratio:
    """One term W·N/D of the score, N, D and the weight W of degree ≤ 1 in the outcome probabilities
    (W = 1 for a plain ratio; a linear W, as in frequency-weighted IoU, is ≥ 0 on Π once oriented)."""

    N: sympy.Expr
    D: sympy.Expr
    W: sympy.Expr = sympy.Integer(1)


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
    >>> s = shape(parse_score("log(tp/(tp+fn))", binary()))
    >>> s.direction, s.identity, s.terms
    (1, False, (Ratio(N=tp, D=fn + tp, W=1),))
    """
    syms = set(score.symbols)
    direction, identity = 1, True
    e = score.expr.xreplace({sympy.Add(*score.symbols): sympy.Integer(1)})  # Σ P(ω) = 1 on every performance
    while True:
        if _rational(e, syms):
            terms = _terms(e, syms)
            if terms is not None:
                return Shape(direction, identity, terms)
        # a strictly monotone outer layer, rational or not: (L − 1/2)³ and −(N/D)³ are g(N/D) too
        if e.is_Add:
            const, rest = e.as_independent(*syms, as_Add=True)
            if rest.is_Add or rest == 0:
                return None
            e, identity = rest, False
        elif e.is_Mul:
            const, rest = e.as_independent(*syms, as_Add=False)
            if const == 0 or not const.is_number:
                return None
            if const != 1:
                direction *= 1 if const > 0 else -1
                e, identity = rest, False
                continue
            root = _common_root(e, syms)  # (N/D)³ is written N³·D⁻³ by sympy, √(N/D) as √N·D^(−1/2)
            if root is None:
                return None
            direction *= 1 if root[1] > 0 else -1
            e, identity = root[0], False
        elif isinstance(e, sympy.log | sympy.exp | probit):
            e, identity = e.args[0], False
        elif e.is_Pow and e.exp.is_Rational and (e.exp.q != 1 or (e.exp.p % 2 == 1 and e.exp > 0)):
            direction *= 1 if e.exp > 0 else -1
            e, identity = e.base, False
        else:
            return None


def _common_root(e: sympy.Expr, syms: set) -> tuple[sympy.Expr, sympy.Rational] | None:
    """(u, k) with the product e = u^k exactly where e is defined and u ↦ u^k strictly monotone
    there — k an odd integer ≥ 3 (any real u), or a fraction (u ≥ 0: each base of a fractional
    power is ≥ 0 on the domain as written, each other base a polynomial with non-negative
    coefficients) — else None. sympy writes (N/D)³ as N³·D⁻³ and √(N/D) as √N·D^(−1/2).

    >>> x, y = sympy.symbols("x y", nonnegative=True)
    >>> _common_root(x**3 / y**6, {x, y}), _common_root(sympy.sqrt(x) / sympy.sqrt(x + y), {x, y})
    ((x/y**2, 3), (x/(x + y), 1/2))
    """
    powers = e.as_powers_dict()
    if not all(m.is_Rational for m in powers.values()):
        return None
    num = den = 0
    for m in powers.values():
        num, den = sympy.igcd(num, int(m.p)), sympy.ilcm(den or 1, int(m.q))
    k = sympy.Rational(num, den)
    if k == 0 or k == 1:
        return None
    if k.q == 1 and (k < 3 or k % 2 == 0):
        return None
    if k.q != 1:
        for b, m in powers.items():
            if m.q == 1 and not _nonneg_coefficients(b, syms):
                return None  # (y²)^(1/2) = |y|, not y: only bases that are ≥ 0 everywhere
    return sympy.Mul(*(b ** (m / k) for b, m in powers.items())), k


def _nonneg_coefficients(b: sympy.Expr, syms: set) -> bool:
    try:
        return all(c >= 0 for c in sympy.Poly(sympy.expand(b), *sorted(syms, key=str)).coeffs())
    except sympy.PolynomialError:
        return False


def _terms(e: sympy.Expr, syms: set) -> tuple[Ratio, ...] | None:
    """e as Σ Wᵢ·Nᵢ/Dᵢ with every part of degree ≤ 1, or None. A numerator may have real
    algebraic coefficients (√2·y0_p0: a linear score is quasi-linear whatever its weights); the
    bounds of test 1 then need rational ones and leave that test to the general engine."""
    terms = []
    for part in sympy.Add.make_args(e):
        N, D = sympy.fraction(part)  # as written first (fast); a cancelled fraction when that fails
        if _degree(D, list(syms)) > 1 or _degree(N, list(syms)) > 2:
            if len(part.free_symbols) > max(16, len(syms) // 2) or sympy.count_ops(part) > CANCEL_MAX_OPS:
                return None  # no cancellation of a large fraction (multiclass GPS, k = 4: minutes)
            N, D = sympy.fraction(sympy.cancel(sympy.together(part)))
        D = sympy.expand(D)
        if not _degree_le_1(D, syms):
            return None
        if _degree_le_1(N, syms, real=True):
            terms.append(Ratio(sympy.expand(N), D))
            continue
        weighted = _weighted(N, syms)
        if weighted is None:
            return None
        terms.append(Ratio(weighted[1], D, weighted[0]))
    return tuple(terms)


def _weighted(N: sympy.Expr, syms: set) -> tuple[sympy.Expr, sympy.Expr] | None:
    """(W, N′) with N = W·N′, both linear (W the factor with more outcomes), or None."""
    c, lin = sympy.Integer(1), []
    for f in sympy.Mul.make_args(N):  # a product as written, else sympy's factorisation
        if f.is_number:
            c *= f
        elif f.is_Pow and f.exp == 2:
            lin += [f.base, f.base]
        else:
            lin.append(f)
    if not (len(lin) == 2 and all(_degree_le_1(f, syms) for f in lin)):
        c, factors = sympy.factor_list(sympy.expand(N))
        lin = [f for f, m in factors for _ in range(m)]
    if len(lin) != 2 or not all(_degree_le_1(f, syms) for f in lin):
        return None
    W, N1 = sorted(lin, key=lambda f: -len(f.free_symbols))
    return sympy.expand(W), sympy.expand(c * N1)


def _rational(e: sympy.Expr, syms: set) -> bool:
    return not e.has(sympy.Function, sympy.Abs, sympy.Min, sympy.Max) and e.is_rational_function(*syms)


def _degree_le_1(e: sympy.Expr, syms: set, real: bool = False) -> bool:
    """Is the (expanded) e a rational constant plus rational multiples of the symbols (``real``:
    real algebraic numbers such as √2 allowed as coefficients)?"""
    for term in sympy.Add.make_args(sympy.expand(e)):
        c, rest = term.as_independent(*syms, as_Add=False) if real else term.as_coeff_Mul()
        ok = c.is_Rational or (real and c.is_number and c.is_real and c.is_algebraic)
        if not ok or not (rest == 1 or rest in syms):
            return False
    return True


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


@lru_cache(maxsize=32)
def _instance(Pi: PerformanceSet, support: frozenset[str] | None) -> Instance | None:
    """Π (∩ support) with its equalities solved away; one tag for all (each query has one instance)."""
    return instance(Pi, "1", support)


def _at(e: sympy.Expr, inst: Instance) -> sympy.Expr:
    return sympy.expand(e.xreplace(inst.mapping))


def _one_signed(P: _Prover, exprs: dict[int, sympy.Expr], inst: Instance, qid: str, what: str) -> dict[int, int] | None:
    """Signs σᵢ with σᵢ·eᵢ ≥ 0 on Π for linear eᵢ: first all ≥ 0 in one query (a disjunction),
    then term by term; None when some eᵢ takes both signs on Π (or z3 does not decide)."""
    if not exprs:
        return {}
    if P.unsat(f"{qid}.all>=0", f"every {what} >= 0 on Π", inst,
               lambda env, lin: [env.Or(*(lin(e) < 0 for e in exprs.values()))]):
        return dict.fromkeys(exprs, 1)
    out = {}
    for i, e in exprs.items():
        for sg in (1, -1):
            if P.unsat(f"{qid}{i}.sign{sg:+d}", f"{'' if sg > 0 else '-'}({e}) >= 0 on Π", inst,
                       lambda env, lin, e=e, sg=sg: [sg * lin(e) < 0]):
                out[i] = sg
                break
        else:
            return None
    return out


def _signs(P: _Prover, shp: Shape, inst: Instance) -> list[int] | None:
    """For each term, the strict sign of D on Π ∩ dom(X) (+1 / −1), or None when it changes:
    σ·D ≥ 0 on Π, and D = 0 nowhere on Π ∩ dom(X)."""
    Ds = {i: _at(t.D, inst) for i, t in enumerate(shp.terms)}
    const = {i: D for i, D in Ds.items() if D.is_number}
    if any(D == 0 for D in const.values()):
        return None
    signs = _one_signed(P, {i: D for i, D in Ds.items() if i not in const}, inst, "structure.D", "denominator")
    if signs is None:
        return None
    if signs and not P.unsat("structure.D!=0", "no denominator vanishes on Π ∩ dom(X)", inst,
                             lambda env, lin: [env.Or(*(lin(Ds[i]) == 0 for i in signs))], dom=True):
        return None
    return [signs[i] if i in signs else (1 if const[i] > 0 else -1) for i in Ds]


def _proportional(D: sympy.Expr, D0: sympy.Expr) -> bool:
    """Is the linear D a constant multiple of the linear D0? (coefficient by coefficient, exact)"""
    a, b = D.as_coefficients_dict(), D0.as_coefficients_dict()
    if set(a) != set(b) or not all(v.is_Rational for v in (*a.values(), *b.values())):
        return False
    ratios = {sympy.Rational(a[k]) / sympy.Rational(b[k]) for k in a}
    return len(ratios) == 1


def _oriented(P: _Prover, shp: Shape, inst: Instance) -> Shape | None:
    """The shape with every weight W ≥ 0 on Π (W·N/D = (−W)·(−N)/D) and the weights constant on Π
    folded into N; None when some weight takes both signs on Π."""
    Ws = {i: _at(t.W, inst) for i, t in enumerate(shp.terms) if t.W != 1}
    signs = _one_signed(P, {i: W for i, W in Ws.items() if not W.is_number}, inst, "structure.W", "weight")
    if signs is None:
        return None
    terms = []
    for i, t in enumerate(shp.terms):
        if i in Ws and Ws[i].is_number:
            terms.append(Ratio(sympy.expand(Ws[i] * t.N), t.D))
        elif i in signs:
            terms.append(Ratio(sympy.expand(signs[i] * t.N), t.D, sympy.expand(signs[i] * t.W)))
        else:
            terms.append(t)
    return Shape(shp.direction, shp.identity, tuple(terms))


def _single_ratio(shp: Shape, inst: Instance, signs: list[int]) -> tuple[sympy.Expr, int] | None:
    """When Σ Nᵢ/Dᵢ is one ratio N/D on Π (every Dᵢ constant or proportional, no weight): (D, sign of D)."""
    if any(t.W != 1 for t in shp.terms):
        return None
    D0, sg0 = None, 1
    for t, sg in zip(shp.terms, signs):
        D = _at(t.D, inst)
        if D.is_number:
            continue
        if D0 is None:
            D0, sg0 = D, sg
            continue
        if not _proportional(D, D0):
            return None
    return (D0 if D0 is not None else sympy.Integer(1)), sg0


def _merged(shp: Shape, signs: list[int], face: Instance) -> list[tuple[sympy.Expr, sympy.Expr, sympy.Expr]]:
    """The terms on a face as (N, D, W) with D > 0 on Π ∩ dom(X) and W ≥ 0 on Π, those with the same
    weight and denominators constant or proportional on the face added up (Σ Nᵢ/(cᵢK) = (Σ Nᵢ/cᵢ)/K)."""
    groups: dict[tuple, sympy.Expr] = {}
    for t, sg in zip(shp.terms, signs):
        N, D, W = _at(sg * t.N, face), _at(sg * t.D, face), _at(t.W, face)
        if D == 0:  # D > 0 on Π ∩ dom(X) (proved): the face has no performance in dom(X)
            raise _Empty
        if D.is_number:
            key, c = sympy.Integer(1), D
        else:
            lead = sympy.Add.make_args(D)
            c = abs(next(x.as_coeff_Mul()[0] for x in lead if not x.is_number))
            key = sympy.expand(D / c)
        if W == 0:
            continue
        groups[(key, W)] = sympy.expand(groups.get((key, W), sympy.Integer(0)) + N / c)
    return [(N, K, W) for (K, W), N in groups.items()]


def _bounds(P: _Prover, ratios: list[tuple[sympy.Expr, sympy.Expr]], face: Instance, upper: bool,
            qid: str) -> list[Fraction] | None:
    """Rationals tᵢ with Nᵢ/Dᵢ ≤ tᵢ (``upper``) or ≥ tᵢ on face ∩ {Dᵢ > 0}, proved by one z3 query
    (a disjunction of the violations); None if the LP or z3 does not confirm them.

    A face where some Dᵢ > 0 is empty has no performance in dom(X): :class:`_Empty` is raised (the
    level is vacuous) once z3 has proved it.
    """
    nonneg = [linear(e, face.params) for e in face.nonneg]
    ts = []
    for i, (N, D, _W) in enumerate(ratios):
        lp = bound_lp(linear(N, face.params), linear(D, face.params), nonneg, maximise=upper)
        if lp is None:
            return None
        if lp == "empty":
            if P.unsat(f"{qid}.ratio{i}.empty", "no performance of the face has D > 0", face,
                       lambda env, lin, D=D: [lin(D) > 0]):
                raise _Empty
            return None
        ts.append(Fraction(lp).limit_denominator(10**6))
    rel = "<=" if upper else ">="

    def violations(env, lin):
        out = []
        for (N, D, _W), t in zip(ratios, ts):
            gap = lin(N - sympy.Rational(t.numerator, t.denominator) * D)
            out.append(env.And(lin(D) > 0, gap > 0 if upper else gap < 0))
        return [env.Or(*out)]

    stated = "; ".join(f"N{i}/D{i} {rel} {t}" for i, t in enumerate(ts))
    return ts if P.unsat(f"{qid}.bounds", f"{stated} on the face (where D > 0)", face, violations) else None


def _total(P: _Prover, ratios, ts: list[Fraction], face: Instance, upper: bool, qid: str) -> Fraction | None:
    """A rational B ≥ Σ Wᵢ·tᵢ (``upper``) or ≤ it on the face: Σ tᵢ when every weight is 1, else the
    linear programme's optimum of the linear form, proved by a linear z3 query (lemma
    ``weighted-sum-of-bounds``: Wᵢ ≥ 0 and Nᵢ/Dᵢ ≤ tᵢ give Σ Wᵢ·Nᵢ/Dᵢ ≤ Σ Wᵢ·tᵢ)."""
    if all(W == 1 for _N, _D, W in ratios):
        return sum(ts, Fraction(0))
    L = sympy.expand(sum(W * sympy.Rational(t.numerator, t.denominator) for (_N, _D, W), t in zip(ratios, ts)))
    if L.is_number:
        return Fraction(str(L))
    lp = bound_lp(linear(L, face.params), linear(sympy.Integer(1), face.params),
                  [linear(e, face.params) for e in face.nonneg], maximise=upper)
    if not isinstance(lp, float):
        return None
    B = Fraction(lp).limit_denominator(10**6)
    b = sympy.Rational(B.numerator, B.denominator)
    ok = P.unsat(f"{qid}.weighted", f"Σ W·t {'<=' if upper else '>='} {B} on the face", face,
                 lambda env, lin: [lin(L - b) > 0 if upper else lin(L - b) < 0])
    return B if ok else None


class _Empty(Exception):
    """A face of Π has no performance in dom(X)."""


__all__ = ["PREFIX", "Linear", "Ratio", "Shape", "decide_by_structure", "shape", "theorem2_events"]


# --- the tests ------------------------------------------------------------------------------------------
def _result(name: str, P: _Prover, t0: float, method: str, reason: str, start: int) -> Result:
    return TestResult(name, Verdict.PROVED, time.perf_counter() - t0, PREFIX + method, None, reason,
                      tuple(P.proofs[start:]))


def _test1(P: _Prover, shp: Shape, Pi: PerformanceSet, signs: list[int], t0: float) -> Result | None:
    sp, start = P.score.space, len(P.proofs)
    for s in sp.levels:
        f1 = _instance(Pi, sp.event_where(lambda v, s=s: v <= s))
        f2 = _instance(Pi, sp.event_where(lambda v, s=s: v >= s))
        if f1 is None or f2 is None:
            continue
        try:
            m1, m2 = _merged(shp, signs, f1), _merged(shp, signs, f2)
            lo = _bounds(P, m1, f1, shp.direction > 0, f"test1[s={s}].face1")
            hi = _bounds(P, m2, f2, shp.direction < 0, f"test1[s={s}].face2")
            if lo is not None and hi is not None:
                lo = _total(P, m1, lo, f1, shp.direction > 0, f"test1[s={s}].face1")
                hi = _total(P, m2, hi, f2, shp.direction < 0, f"test1[s={s}].face2")
            if lo is None or hi is None:
                return _refute_test1(P, shp, Pi, s, m1, m2, f1, f2, t0)
        except _Empty:
            continue
        if shp.direction * (lo - hi) > 0:
            return _refute_test1(P, shp, Pi, s, m1, m2, f1, f2, t0)
    how = "weighted-sum-of-bounds" if any(t.W != 1 for t in shp.terms) else "sum-of-bounds"
    return _result("test1", P, t0, how + " with ratio-threshold (linear bounds on the faces "
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
    return TestResult("test1", Verdict.REFUTED, time.perf_counter() - t0,
                      PREFIX + "optimal points of the faces (linear programme), witness validated exactly",
                      {"s": s, "P1": pts[0], "P2": pts[1]})


def _degree(e: sympy.Expr, params) -> int:
    """Degree of e as written in ``params`` (Add: max, Mul: sum, integer powers), without expanding;
    a large number when e is not a polynomial. An upper bound of the expanded degree."""
    ps = set(params)

    def deg(x) -> int:
        if x.is_number:
            return 0
        if x in ps:
            return 1
        if x.is_Symbol:
            return 0 if x not in ps else 1
        if x.is_Add:
            return max(deg(a) for a in x.args)
        if x.is_Mul:
            return sum(deg(a) for a in x.args)
        if x.is_Pow and x.exp.is_Integer and x.exp >= 0:
            return int(x.exp) * deg(x.base)
        return 1 << 30

    return deg(e)


def _homogeneous(e: sympy.Expr, syms: list) -> sympy.Poly | None:
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


def _nonneg_polynomial(e: sympy.Expr, syms: list) -> list[tuple[sympy.Expr, sympy.Expr]] | None:
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
        hom = _homogeneous(base, syms)
        if hom is None or hom.is_zero or any(c < 0 for c in hom.coeffs()):
            return None
        out.append((base, hom.as_expr()))
    return out or None


def _domain_closed(P: _Prover, inst: Instance, t0: float) -> Result | None:
    start = len(P.proofs)
    outcomes = list(P.score.symbols)
    nonzero, polynomial = {}, []
    for j, c in enumerate(P.score.conditions):
        if _degree(c.expr.xreplace(inst.mapping), inst.params) <= 1:
            e = _at(c.expr, inst)
            if c.kind == "nonzero" and not e.is_number:
                nonzero[j] = e  # {e ≥ 0}, {e > 0}, {0 < e < 1} are convex for a linear e
            continue
        # {e ≠ 0}, {e > 0} and {e ≥ 0} (= Π) are closed under mixtures for a nonnegative polynomial
        factors = _nonneg_polynomial(c.expr, outcomes) if c.kind in ("nonzero", "pos", "nonneg") else None
        if factors is None:
            return None
        polynomial.append((j, factors))
    if _one_signed(P, nonzero, inst, "domain.cond", "denominator of the domain") is None:
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
    return _result("domain_closed", P, t0, method, None, start)


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


def _theorem2(P: _Prover, shp: Shape, Pi: PerformanceSet, signs: list[int], t0: float) -> Result | None:
    if not shp.identity:
        return None
    sp, start = P.score.space, len(P.proofs)
    for k, ev in enumerate(theorem2_events(sp)):
        face = _instance(Pi, ev)
        if face is None:
            continue
        sat = [sp.S(o) for o in ev]
        try:
            m = _merged(shp, signs, face)
            lo = _bounds(P, m, face, False, f"theorem2[{k}].lower")
            hi = _bounds(P, m, face, True, f"theorem2[{k}].upper")
            if lo is not None and hi is not None:
                lo = _total(P, m, lo, face, False, f"theorem2[{k}].lower")
                hi = _total(P, m, hi, face, True, f"theorem2[{k}].upper")
        except _Empty:
            continue
        if lo is None or hi is None or lo < min(sat) or hi > max(sat):
            return None
    return _result("theorem2_condition", P, t0, "ratio-threshold on the bands {a ≤ S ≤ b}",
                   "bounds of each ratio proved by linear z3 queries", start)


def _or_none(test, *args) -> Result | None:
    """A lemma's test, or None when its bounds need a linear form it cannot write (an irrational
    coefficient has no rational bound to prove): the general engine then decides it."""
    try:
        return test(*args)
    except ValueError:  # theory.linear: "not linear in the parameters" (√2·y0_p0)
        return None


def decide_by_structure(X: Score, Pi: PerformanceSet | None, timeout: float) -> dict[str, Result] | None:
    """The tests the structural lemmas decide for X on Π (a subset of them), or None when X's
    shape does not apply. Every verdict's ``method`` starts with ``lemma:``; ``proofs`` holds the
    instantiated obligations (SMT-LIB, expected unsat)."""
    X._require_bound()
    Pi = Pi or all_performances(X.space)
    t0 = time.perf_counter()
    shp = shape(X)
    inst = _instance(Pi, None)
    if inst is None:
        return None
    P = _Prover(X, timeout)
    out: dict[str, Result] = {}
    try:
        dc = _domain_closed(P, inst, t0)
        if dc is not None:
            out["domain_closed"] = dc
        if shp is None:  # a harmonic mean of ratios in [0, 1] (GPS) still has a lemma for test 1
            from ordertheory.theory.structure_means import means_test1

            r1 = means_test1(P, Pi, inst, time.perf_counter())
            if r1 is not None:
                out["test1"] = r1
            return out or None
        t1 = time.perf_counter()
        shp = _oriented(P, shp, inst)
        if shp is None:
            return out or None
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
        r1 = _or_none(_test1, P, shp, Pi, signs, t1)
        if r1 is not None:
            out["test1"] = TestResult("test1", r1.verdict, r1.seconds, r1.method, r1.witness, r1.reason,
                                      tuple(base) + r1.certificate)
        r2 = _or_none(_theorem2, P, shp, Pi, signs, time.perf_counter())
        if r2 is not None:
            out["theorem2_condition"] = r2
    finally:
        P.close()
    return out or None
