"""Linear obligations over a face of Π, decided by the engine and kept as certificates (issue 13).

A :class:`LinearProver` asks "is ``face ∈ Π (∩ dom X) ∧ facts`` unsatisfiable?" for linear facts;
on top of it: one strict sign of linear forms on Π, the orientation of weights, the bounds of each
ratio on a face (proposed by a float linear programme, :mod:`.linear`, and proved exactly), and their
total. Each proved query's SMT-LIB text is kept in ``LinearProver.proofs``.
"""

from __future__ import annotations

import time
from fractions import Fraction
from functools import lru_cache

import sympy

from ordertheory.encoding.answer import Status, expectation
from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.obligations import Encoding, Instance, instance
from ordertheory.engine.prove import Decider, Obligation
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import SEARCHED, Sanity, SanityKind, domain_point, point_of
from ordertheory.fitness.linear import bound_lp, linear
from ordertheory.fitness.structure.shape import Ratio, Shape, proportional
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet, all_performances

PREFIX = "lemma: "


def TestResult(name: str, verdict: Verdict, seconds: float, method: str, witness=None, reason=None,  # noqa: N802
               proofs=()) -> Result:
    """A lemma's decision of one test, as the package's one result type."""
    return Result(name, f"{name}, decided by a structural lemma", verdict, seconds, method, witness, reason,
                  tuple(proofs))



# --- deciding linear obligations ----------------------------------------------------------------------
class LinearProver:
    """Linear queries over instances of Π, decided by the engine's decider (z3's default solver, in
    its worker) before one deadline; the texts proved are kept as certificates."""

    def __init__(self, score: Score, timeout: float, Pi: PerformanceSet | None = None) -> None:
        self.score, self.deadline = score, time.perf_counter() + timeout
        self.Pi = Pi if Pi is not None else all_performances(score.space)
        self.decider = Decider(timeout, tactics=(None,))
        self.proofs: list[tuple[str, str]] = []

    def sanity(self, inst: Instance, dom: bool):
        """The sanity maker of a query on ``inst`` (a face of Π): an exact point of that face (in
        dom(X) when the query assumes it), found by search and re-validated exactly."""
        support = frozenset(o for o, sym in zip(self.score.space.outcomes, self.score.symbols)
                            if inst.mapping[sym] != 0)

        def make(decider, budget: float) -> Sanity:
            P = domain_point(self.score, self.Pi, support) if dom else point_of(self.Pi, support)
            if P is None:
                return Sanity(SanityKind.UNDECIDED, {}, "no exact point of the face found by search")
            where = "Π ∩ dom(X)" if dom else "Π"
            return Sanity(SanityKind.MODEL, {"P": P}, f"a point of {where} on the face, {SEARCHED}")

        return make

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
        text = env.smtlib(f, f"obligation {qid}: {statement}\n{expectation(Status.UNSAT)}")
        left = self.deadline - time.perf_counter()
        if left <= 0.05:
            return False
        r = self.decider.decide(Obligation.script(qid, statement, text, sanity=self.sanity(inst, dom)), left)
        if r.verdict is Verdict.PROVED:
            self.proofs.append(r.certificate[0])  # the text, headed by its sanity model
            return True
        return False

    def close(self) -> None:
        self.decider.close()


@lru_cache(maxsize=32)
def face_instance(Pi: PerformanceSet, support: frozenset[str] | None) -> Instance | None:
    """Π (∩ support) with its equalities solved away; one tag for all (each query has one instance)."""
    return instance(Pi, "1", support)


def at(e: sympy.Expr, inst: Instance) -> sympy.Expr:
    return sympy.expand(e.xreplace(inst.mapping))


def one_signed(P: LinearProver, exprs: dict[int, sympy.Expr], inst: Instance, qid: str, what: str) -> dict[int, int] | None:
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


def signs_of(P: LinearProver, shp: Shape, inst: Instance) -> list[int] | None:
    """For each term, the strict sign of D on Π ∩ dom(X) (+1 / −1), or None when it changes:
    σ·D ≥ 0 on Π, and D = 0 nowhere on Π ∩ dom(X)."""
    Ds = {i: at(t.D, inst) for i, t in enumerate(shp.terms)}
    const = {i: D for i, D in Ds.items() if D.is_number}
    if any(D == 0 for D in const.values()):
        return None
    signs = one_signed(P, {i: D for i, D in Ds.items() if i not in const}, inst, "structure.D", "denominator")
    if signs is None:
        return None
    if signs and not P.unsat("structure.D!=0", "no denominator vanishes on Π ∩ dom(X)", inst,
                             lambda env, lin: [env.Or(*(lin(Ds[i]) == 0 for i in signs))], dom=True):
        return None
    return [signs[i] if i in signs else (1 if const[i] > 0 else -1) for i in Ds]


def oriented(P: LinearProver, shp: Shape, inst: Instance) -> Shape | None:
    """The shape with every weight W ≥ 0 on Π (W·N/D = (−W)·(−N)/D) and the weights constant on Π
    folded into N; None when some weight takes both signs on Π."""
    Ws = {i: at(t.W, inst) for i, t in enumerate(shp.terms) if t.W != 1}
    signs = one_signed(P, {i: W for i, W in Ws.items() if not W.is_number}, inst, "structure.W", "weight")
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


def single_ratio(shp: Shape, inst: Instance, signs: list[int]) -> tuple[sympy.Expr, int] | None:
    """When Σ Nᵢ/Dᵢ is one ratio N/D on Π (every Dᵢ constant or proportional, no weight): (D, sign of D)."""
    if any(t.W != 1 for t in shp.terms):
        return None
    D0, sg0 = None, 1
    for t, sg in zip(shp.terms, signs):
        D = at(t.D, inst)
        if D.is_number:
            continue
        if D0 is None:
            D0, sg0 = D, sg
            continue
        if not proportional(D, D0):
            return None
    return (D0 if D0 is not None else sympy.Integer(1)), sg0


def merged(shp: Shape, signs: list[int], face: Instance) -> list[tuple[sympy.Expr, sympy.Expr, sympy.Expr]]:
    """The terms on a face as (N, D, W) with D > 0 on Π ∩ dom(X) and W ≥ 0 on Π, those with the same
    weight and denominators constant or proportional on the face added up (Σ Nᵢ/(cᵢK) = (Σ Nᵢ/cᵢ)/K)."""
    groups: dict[tuple, sympy.Expr] = {}
    for t, sg in zip(shp.terms, signs):
        N, D, W = at(sg * t.N, face), at(sg * t.D, face), at(t.W, face)
        if D == 0:  # D > 0 on Π ∩ dom(X) (proved): the face has no performance in dom(X)
            raise Empty
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


def ratio_bounds(P: LinearProver, ratios: list[tuple[sympy.Expr, sympy.Expr]], face: Instance, upper: bool,
            qid: str) -> list[Fraction] | None:
    """Rationals tᵢ with Nᵢ/Dᵢ ≤ tᵢ (``upper``) or ≥ tᵢ on face ∩ {Dᵢ > 0}, proved by one z3 query
    (a disjunction of the violations); None if the LP or z3 does not confirm them.

    A face where some Dᵢ > 0 is empty has no performance in dom(X): :class:`Empty` is raised (the
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
                raise Empty
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


def bound_total(P: LinearProver, ratios, ts: list[Fraction], face: Instance, upper: bool, qid: str) -> Fraction | None:
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


class Empty(Exception):
    """A face of Π has no performance in dom(X)."""
