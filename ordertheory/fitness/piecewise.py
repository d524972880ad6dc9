"""Scores written with max, min and |·|: tests 2 and 3 from their pieces (issue 27).

Two lemmas, each with a generic z3 proof kept as a certificate, leave per score only what its
formula shows (recognised exactly by sympy) or the pieces' own tests:

- **max-of-quasi-convex**: X = max(X₁, …, X_m) as written (dom X = ⋂ dom Xᵢ) passes test 2 when
  every piece does on Π ∩ dom(X): Xᵢ(M) ≤ max(Xᵢ(P1), Xᵢ(P2)) ≤ max(X(P1), X(P2)) for each i. And
  X = min(…) passes test 3 when every piece does. The best-threshold scores (F1 at its best
  threshold, Youden's J at its optimum) are such maxima of linear-fractional pieces.
- **sum-of-abs-convex**: X = L₀ + Σ wᵢ·|Lᵢ| with every Lᵢ affine in P and every wᵢ > 0 is convex
  (triangle inequality |λa + (1 − λ)b| ≤ λ|a| + (1 − λ)|b|, proved once by z3), so X(M) ≤
  λX(P1) + (1 − λ)X(P2) ≤ max: test 2; with every wᵢ < 0, concave: test 3 (the expected
  calibration error is such a sum).

A lemma that does not apply returns nothing for that test; the general engine then decides it.

>>> from ordertheory.catalogue import get
>>> from ordertheory.spaces.sample_space import scored
>>> r = decide_piecewise(get("ece").score(scored(3)), None, 20)
>>> r["test2"].verdict.label, r["test2"].method.split(" (")[0]
('proved', 'lemma: sum-of-abs-convex')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

import sympy

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.witness import TestName
from ordertheory.exact import sign
from ordertheory.fitness.structure.ratios import decide_by_structure
from ordertheory.scores.score import Score, outcome_symbols
from ordertheory.sets.performance_set import PerformanceSet, all_performances

PREFIX = "lemma: "
MAX_PIECES = 64


def _abs(env: Env, x):
    return env.If(x >= 0, x, -x)


def _triangle(env: Env):
    a, b, lam = env.Real("a"), env.Real("b"), env.Real("lam")
    return [lam >= 0, lam <= 1], _abs(env, lam * a + (1 - lam) * b) <= lam * _abs(env, a) + (1 - lam) * _abs(env, b)


def _max_bound(env: Env):
    """xᵢ(M) ≤ max(xᵢ(P1), xᵢ(P2)) for two pieces ⇒ max over pieces at M ≤ max of the maxima."""
    a1, a2, am, b1, b2, bm = (env.Real(n) for n in ("a1", "a2", "am", "b1", "b2", "bm"))
    hyp = [env.Or(am <= a1, am <= a2), env.Or(bm <= b1, bm <= b2)]

    def mx(x, y):
        return env.If(x >= y, x, y)

    return hyp, mx(am, bm) <= mx(mx(a1, b1), mx(a2, b2))


def _min_bound(env: Env):
    """The mirror of :func:`_max_bound`: pieces above the min of their ends at M ⇒ so is their min."""
    a1, a2, am, b1, b2, bm = (env.Real(n) for n in ("a1", "a2", "am", "b1", "b2", "bm"))
    hyp = [env.Or(am >= a1, am >= a2), env.Or(bm >= b1, bm >= b2)]

    def mn(x, y):
        return env.If(x <= y, x, y)

    return hyp, mn(am, bm) >= mn(mn(a1, b1), mn(a2, b2))


LEMMAS = {
    "sum-of-abs-convex": Obligation("lemma/sum-of-abs-convex", "|λa + (1 − λ)b| ≤ λ|a| + (1 − λ)|b| for λ ∈ [0, 1]",
                                    _triangle, "issue 27 (the triangle inequality)"),
    "max-of-quasi-convex": Obligation("lemma/max-of-quasi-convex", "pieces below the max of their ends at M ⇒ "
                                      "their max is below the max of the ends' maxima (by induction, any number "
                                      "of pieces)", _max_bound, "issue 27"),
    "min-of-quasi-concave": Obligation("lemma/min-of-quasi-concave", "pieces above the min of their ends at M ⇒ "
                                       "their min is above the min of the ends' minima (by induction, any number "
                                       "of pieces)", _min_bound, "issue 27"),
}


@lru_cache(maxsize=4)
def lemma(name: str, timeout: float = 10.0) -> Result:
    """The generic proof of one lemma (once per process; the result cache keeps its certificate)."""
    return prove(LEMMAS[name], timeout)


def _affine(e: sympy.Expr, syms: set) -> bool:
    try:
        return sympy.Poly(e, *syms).total_degree() <= 1 if e.free_symbols & syms else True
    except sympy.PolynomialError:
        return False


def abs_form(X: Score) -> int | None:
    """+1 when X = L₀ + Σ wᵢ|Lᵢ| with every wᵢ > 0 (convex), −1 when every wᵢ < 0 (concave), else
    None; every L affine in the outcome probabilities, the w numbers (rational or not)."""
    if not X.expr.has(sympy.Abs):
        return None
    syms = set(outcome_symbols(X.space))
    weights = []
    for term in sympy.Add.make_args(X.expr):
        if not term.has(sympy.Abs):
            if not _affine(term, syms):
                return None
            continue
        factors = sympy.Mul.make_args(term)
        rest = [f for f in factors if not f.is_number]
        if len(rest) != 1 or not isinstance(rest[0], sympy.Abs):
            return None
        inner = rest[0].args[0]
        if inner.has(sympy.Abs) or not _affine(inner, syms):
            return None
        weights.append(sympy.Mul(*(f for f in factors if f.is_number)))
    signs = {sign(w) for w in weights}
    return signs.pop() if weights and len(signs) == 1 and 0 not in signs else None


def applies(X: Score) -> bool:
    """Whether X has a shape these lemmas read: a max or min of pieces at the top, or L₀ + Σ wᵢ|Lᵢ|."""
    return isinstance(X.expr, (sympy.Max, sympy.Min)) or abs_form(X) is not None


def decide_piecewise(X: Score, Pi: PerformanceSet | None, timeout: float,
                     decide_piece: Callable[[Score, int, float], Result] | None = None) -> dict[str, Result]:
    """The tests these lemmas decide for X on Π (possibly none). ``decide_piece(piece, direction,
    budget)`` decides test 2 (+1) or 3 (−1) of a piece the structural lemmas leave open (the
    general engine's mixture query); without it only the structural lemmas decide pieces."""
    Pi = Pi or all_performances(X.space)
    t0 = time.perf_counter()
    out: dict[str, Result] = {}
    form = abs_form(X)
    if form is not None:
        test = TestName.TEST2 if form > 0 else TestName.TEST3
        r = lemma("sum-of-abs-convex", max(0.5, timeout))
        if r.verdict is Verdict.PROVED:
            what = "convex" if form > 0 else "concave"
            out[test] = Result(test, f"{test}, decided by a lemma", Verdict.PROVED, time.perf_counter() - t0,
                               f"{PREFIX}sum-of-abs-convex (X = L₀ + Σ wᵢ|Lᵢ|, Lᵢ affine, every wᵢ "
                               f"{'>' if form > 0 else '<'} 0: {what})",
                               reason="X(M) ≤ λX(P1) + (1 − λ)X(P2) ≤ max" if form > 0 else
                               "X(M) ≥ λX(P1) + (1 − λ)X(P2) ≥ min", certificate=r.certificate)
        return out
    e = X.expr
    for kind, test, direction in ((sympy.Max, TestName.TEST2, 1), (sympy.Min, TestName.TEST3, -1)):
        if isinstance(e, kind) and len(e.args) <= MAX_PIECES:
            r = _pieces(X, Pi, e.args, test, direction, t0 + timeout, decide_piece)
            if r is not None:
                out[test] = r
    return out


def _pieces(X: Score, Pi: PerformanceSet, args, test: str, direction: int, deadline: float,
            decide_piece) -> Result | None:
    """Proved when every piece passes the test on Π ∩ dom(X); None as soon as one is not proved."""
    t0 = time.perf_counter()
    name = "max-of-quasi-convex" if direction > 0 else "min-of-quasi-concave"
    base = lemma(name, max(0.5, deadline - t0))
    if base.verdict is not Verdict.PROVED:
        return None
    certs = list(base.certificate)
    methods = set()
    for i, arg in enumerate(args):
        piece = replace(X, expr=arg, name=f"{X.name}[piece {i + 1}]", text=str(arg) if len(args) < 16 else "")
        left = deadline - time.perf_counter()
        if left <= 0.05:
            return None
        r = (decide_by_structure(piece, Pi, left) or {}).get(test)
        if (r is None or r.verdict is not Verdict.PROVED) and decide_piece is not None:
            r = decide_piece(piece, direction, deadline - time.perf_counter())
        if r is None or r.verdict is not Verdict.PROVED:
            return None
        certs += list(r.certificate)
        methods.add(r.method.split(" (")[0])
    return Result(test, f"{test}, decided by a lemma", Verdict.PROVED, time.perf_counter() - t0,
                  f"{PREFIX}{name} ({len(args)} pieces, each proved: {'; '.join(sorted(methods))})",
                  reason=f"each piece passes {test} on Π ∩ dom(X) (dom(X) = the pieces' domains, as written)",
                  certificate=tuple(certs))
