"""Is X = Y on Π, as an identity? Then X and Y order Π ∩ dom(X) ∩ dom(Y) alike, with no solver.

Two ways of writing one statistic (GPS(PPV, TPR) and F1; Fowlkes–Mallows and Otsuka–Ochiai; Benini's
and Forbes' corrected coefficients, one with min(π₊, τ₊), the other with a min of products) are
common in the catalogue; z3 may time out on the pair query of an identity that algebra settles at
once. The identity is read three ways, each exact: the expanded numerator of X − Y (rational
functions); X − Y simplified with every outcome probability positive (roots: √(1/(ab)) = 1/(√a√b)
there); and min, max and |·| split into cases, each case a rational identity (a case split by
``u ≤ v`` settles every other min whose arguments differ by a signed multiple of ``u − v``). An
identity on the positive probabilities extends by continuity to Π ∩ dom(X) ∩ dom(Y), where both
sides are defined and continuous (as :func:`ordertheory.exact.is_zero` reads one).

>>> from ordertheory.catalogue import get
>>> from ordertheory.sets.performance_set import all_performances
>>> from ordertheory.spaces.sample_space import binary
>>> identical_on(get("upm").score(), get("gps_ppv_npv").score(), all_performances(binary()))
False
>>> [identical_on(get(x).score(), get(y).score(), all_performances(binary()))
...  for x, y in (("f1_harmonic_tpr_ppv", "f_beta_1"), ("fowlkes_mallows", "otsuka_ochiai"), ("benini_2", "forbes_2"))]
[True, True, True]
"""

from __future__ import annotations

import sympy

from ordertheory.exact import rational_zero, symbolic_sign
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet

PIECES = (sympy.Min, sympy.Max, sympy.Abs)
MAX_CASES = 16  # min/max/|·| cases tried before giving up (an identity is never guessed)


def identical_on(X: Score, Y: Score, Pi: PerformanceSet, thorough: bool = True) -> bool:
    """Whether X = Y on Π ∩ dom(X) ∩ dom(Y) as an identity: then they order it alike. Cheap exact
    tests first (see the module); with ``thorough`` also sympy's simplification on Π's coordinates,
    which may take long (and may miss an identity, never invents one)."""
    e = X.expr - Y.expr
    if _may_vanish(e):  # else not one on every positive tuple: it may still be one on Π (Σ P = 1 and more)
        pos = {x: sympy.Symbol(x.name, positive=True) for x in e.free_symbols}
        ep = e.xreplace(pos)
        if ep.has(*PIECES):
            if _piecewise_zero(ep, MAX_CASES):
                return True
        elif rational_zero(ep) is not None:
            if rational_zero(ep):
                return True
        elif sympy.simplify(ep) == 0:
            return True
    got = Pi.parametrise("id")  # the sum to one, and Π's equalities, solved away
    if got is None:
        return False
    _, mapping, _ = got
    e = e.xreplace(mapping)
    zero = None if e.has(*PIECES) else rational_zero(e)
    if zero is not None:
        return zero
    return thorough and sympy.simplify(e) == 0


def _may_vanish(e: sympy.Expr, points: int = 3) -> bool:
    """False when e is clearly non-zero (30 digits) at an exact positive point. NUMERIC, a filter only."""
    syms = sorted(e.free_symbols, key=str)
    for i in range(points):
        at = {s: sympy.Rational(1 + (37 * i + 61 * j + 17 * i * j) % 89, 97) for j, s in enumerate(syms)}
        try:
            v = complex(sympy.N(e.xreplace(at), 30))
        except (TypeError, ValueError, ZeroDivisionError):
            continue
        if v == v and abs(v) > 1e-20:
            return False
    return True


def _piecewise_zero(e: sympy.Expr, budget: int) -> bool:
    """e = 0 for every positive value of its symbols, min, max and |·| split into cases; False when
    unsure (more than ``budget`` cases, or a case that is not a rational identity)."""
    leaves = _cases(e, [])
    out = []
    for leaf in leaves:
        if len(out) >= budget:
            return False
        out.append(leaf)
        if leaf is None or rational_zero(leaf) is not True:
            return False
    return True


def _cases(e: sympy.Expr, signs: list[tuple[sympy.Expr, int]]):
    """The rational expressions e takes in the cases of its smallest min/max/|·| (None: no case split
    is possible), each later piece settled by the case's sign when it differs by a signed multiple."""
    e = _settle(e, signs)
    pieces = sorted((a for a in e.atoms(*PIECES)), key=sympy.count_ops)
    if not pieces:
        yield e
        return
    p = pieces[0]
    if isinstance(p, sympy.Abs):
        u, v = p.args[0], -p.args[0]
    elif len(p.args) == 2:
        u, v = p.args
    else:
        yield None
        return
    for s in (-1, 1):  # u − v ≤ 0, then u − v ≥ 0 (u = v lies in both: the branches agree there)
        yield from _cases(e, signs + [(u - v, s)])


def _settle(e: sympy.Expr, signs: list[tuple[sympy.Expr, int]]) -> sympy.Expr:
    """Replace every piece whose branch the signs decide: d = u − v equal to k·c with c a known
    sign's difference and k of one sign on the positive orthant."""
    for p in e.atoms(*PIECES):
        if not isinstance(p, sympy.Abs) and len(p.args) != 2:
            continue
        u, v = (p.args[0], -p.args[0]) if isinstance(p, sympy.Abs) else p.args
        for c, s in signs:
            ks = symbolic_sign(sympy.cancel((u - v) / c))
            if ks in (1, -1):
                low = s * ks < 0  # u − v ≤ 0: u is the smaller
                keep_u = low if isinstance(p, sympy.Min) else not low  # max and |u| = max(u, −u)
                e = e.xreplace({p: u if keep_u else v})
                break
    return e
