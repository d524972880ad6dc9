"""X = g(R_I) on Π for a strictly monotone g that need not be linear-fractional (§4.3).

A candidate importance comes from X's own structure: every inner sub-expression u of X that is
a ranking score up to a linear-fractional transform (the derivation of
:mod:`ordertheory.analyses.importance.importance`) gives an I. Then g is found by solving R_I(P) = r for one
free coordinate of Π (R_I is a ratio of affine functions, so the solution is linear in r) and
substituting into X; the candidate is kept only when

* X − g(R_I) vanishes identically on Π (a sympy identity: X is constant on R_I's level sets), and
* g′ has one strict sign on the open interval (s_min, s_max) that contains R_I's values, decided by
  sympy after r = s_min + (s_max − s_min)·t/(1 + t), t > 0 (all coefficients of one sign), or by
  z3 for a rational g′. A continuous g with g′ > 0 on the open interval is strictly increasing on
  its closure, so X orders Π exactly like R_I (or its reverse).

Nothing here is guessed: a candidate that fails either check is dropped, and the caller reports
``unknown`` (or ``none`` with a refuted test 2/3) when no candidate survives.

>>> from ordertheory import binary, parse_score
>>> from ordertheory.analyses.importance.derive import derive_importance
>>> d = derive_importance(parse_score("(tn+tp)**2", binary()), check_tests=False)
>>> str(d.kind), str(d.transform), d.monotone
('monotone_transform', 'r**2', 'increasing')
"""

from __future__ import annotations

import time
from collections.abc import Callable

import sympy

from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Verdict
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.exact import is_zero, symbolic_sign
from ordertheory.scores.formula import probit
from ordertheory.sets.performance_set import SYMBOLIC_PRIORS, SYMBOLIC_RATES

MAX_CANDIDATES = 12  # inner sub-expressions tried, largest first
R = sympy.Symbol("r", real=True)  # the ranking score's value in a transform g(r)
# a symbolic prior or prediction rate, in (0, 1) (``importance --prior p``, ``--rate tau``)
PRIOR_NAMES = SYMBOLIC_PRIORS + SYMBOLIC_RATES


def prior_sign(e: sympy.Expr) -> int | None:
    """:func:`ordertheory.exact.symbolic_sign` with every symbolic prior or rate of ``e`` in (0, 1)."""
    return symbolic_sign(e, unit=[s for s in e.free_symbols if s.name in PRIOR_NAMES])


def _roots(e: sympy.Expr, params) -> list[sympy.Expr]:
    """u with X = c·u^k for k ≥ 2, read from the factorisations of X's numerator and denominator."""
    if e.has(sympy.Function):
        return []
    dens = {x.exp.q for x in e.atoms(sympy.Pow) if x.exp.is_Rational and not x.exp.is_Integer}
    if dens:  # X = u^(1/q): try u = X^q when that is rational
        q = sympy.ilcm(*dens) if len(dens) > 1 else dens.pop()
        u = sympy.powsimp(sympy.expand_power_base(e**q, force=True), force=True)
        return [sympy.cancel(u)] if all(x.exp.is_Integer for x in u.atoms(sympy.Pow)) else []
    if any(not x.exp.is_Integer for x in e.atoms(sympy.Pow)):
        return []  # only rational X: the factorisation is then over polynomials in Π's coordinates
    num, den = sympy.fraction(sympy.cancel(sympy.together(e)))
    try:
        fl = [sympy.factor_list(part, *params) for part in (num, den)]
    except sympy.PolynomialError:
        return []
    mult = [m for _, fs in fl for _, m in fs]
    if not all(isinstance(m, int) or getattr(m, "is_Integer", False) for m in mult):
        return []
    mult = [int(m) for m in mult]
    k = 0
    for m in mult:
        k = sympy.igcd(k, m)
    if k < 2:
        return []
    (_, fn), (_, fd) = fl
    return [sympy.Mul(*(f ** (int(m) // k) for f, m in fn)) / sympy.Mul(*(f ** (int(m) // k) for f, m in fd))]


def _inner(e: sympy.Expr, params) -> list[sympy.Expr]:
    """k-th roots of X, then non-constant proper sub-expressions of X, largest first, no repeats.

    With logarithms, also those of X with its logs combined (log a − log b as log(a/b)): only a
    candidate, kept when X − g(R_I) = 0 is verified (information scores, PyCM's IS)."""
    seen, out = set(), []
    forms = [e] + _combined_logs(e, params)
    for form in forms:
        for sub in sympy.preorder_traversal(form):
            if sub is form or not isinstance(sub, sympy.Expr) or sub in seen:
                continue
            seen.add(sub)
            if sub.free_symbols & set(params) and not sub.is_Symbol:
                out.append(sub)
    out.sort(key=sympy.count_ops, reverse=True)
    return (_roots(e, params) + out)[:MAX_CANDIDATES]


def _combined_logs(e: sympy.Expr, params) -> list[sympy.Expr]:
    """X with its logarithms combined: c·(log a − log b) + d as c·log(a/b) + d, for the constant
    factor c that the log terms share (log₂ x = log x / log 2); [] when there is nothing to combine."""
    if not e.has(sympy.log):
        return []
    c, parts, rest = None, [], sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand(sympy.expand_log(e, force=True))):
        coef, part = term.as_independent(*params, as_Add=False)
        if not part.has(sympy.log):
            rest += term
            continue
        c = coef if c is None else c
        ratio = sympy.nsimplify(coef / c)
        if not ratio.is_Rational:  # log terms with unrelated constant factors: nothing to combine
            return []
        parts.append(ratio * part)
    if c is None:
        return []
    combined = c * sympy.logcombine(sympy.Add(*parts), force=True) + rest
    return [combined] if combined != e else []


def _g_from(e: sympy.Expr, NI: sympy.Expr, DI: sympy.Expr, params, r: sympy.Symbol) -> sympy.Expr | None:
    """g with X = g(R_I) after solving N_I − r·D_I = 0 for one coordinate, or None."""
    lin = sympy.expand(NI - r * DI)
    for q in params:
        a = sympy.expand(sympy.diff(lin, q))
        if a == 0 or sympy.diff(a, q) != 0:
            continue
        sol = sympy.expand(q - lin / a)  # lin is affine in q: q = −(lin − a·q)/a
        g = sympy.simplify(e.xreplace({q: sol}))
        rest = g.free_symbols & set(params)
        if rest:  # not yet free of the other coordinates: the residual check below decides
            g = sympy.simplify(g.xreplace({p: sympy.Rational(1, 7 + i) for i, p in enumerate(sorted(rest, key=str))}))
        if g.has(sympy.nan, sympy.zoo) or g.free_symbols & set(params):
            continue
        return g
    return None


def _identity(residual: sympy.Expr, params) -> bool:
    """X − g(R_I) = 0 on Π: exactly (sympy), or on the open orthant where every free coordinate
    (an outcome probability, ≥ 0 on Π) is > 0, which extends by continuity to Π where defined."""
    return is_zero(residual, positive=True)


def strict_sign(gp: sympy.Expr, r: sympy.Symbol, lo: sympy.Rational, hi: sympy.Rational) -> int | None:
    """+1 / −1 when g′(r) has that strict sign on (lo, hi); None when undecided (never guessed)."""
    t = sympy.Symbol("t_sign", positive=True)
    s = prior_sign(sympy.cancel(sympy.together(gp.xreplace({r: lo + (hi - lo) * t / (1 + t)}))))
    if s in (1, -1):
        return s
    return _z3_sign(gp, r, lo, hi)


def chain_sign(g: sympy.Expr, r: sympy.Symbol, lo: sympy.Rational, hi: sympy.Rational) -> int | None:
    """+1 / −1 when g is strictly increasing / decreasing on (lo, hi) by the chain rule: g = f(h)
    with f strictly increasing on its domain (probit, exp, log) or a constant shift or a non-zero
    constant factor, and h's sign decided the same way, down to a g′ whose sign :func:`strict_sign`
    decides. For what sympy's derivatives cannot sign: probit′(x) = √(2π)·exp(erfinv(2x − 1)²).

    >>> from ordertheory.scores.formula import probit
    >>> r = sympy.Symbol("r", real=True)
    >>> chain_sign(probit(r), r, sympy.Integer(0), sympy.Integer(1)), chain_sign(probit(1 - r), r, 0, 1)
    (1, -1)
    """
    if not g.has(r):
        return None
    if isinstance(g, probit | sympy.exp | sympy.log):
        return chain_sign(g.args[0], r, lo, hi)
    if g.is_Add or g.is_Mul:
        const, rest = g.as_independent(r, as_Add=g.is_Add)
        if (g.is_Mul and (rest.is_Mul or not const.is_number or const == 0)) or (g.is_Add and rest.is_Add):
            return strict_sign(sympy.diff(g, r), r, lo, hi)
        inner = chain_sign(rest, r, lo, hi)
        if inner is None or g.is_Add:
            return inner
        return inner * (1 if const > 0 else -1)
    return strict_sign(sympy.diff(g, r), r, lo, hi)


def _z3_sign(gp: sympy.Expr, r: sympy.Symbol, lo, hi) -> int | None:
    """Decide a rational g′'s strict sign on (lo, hi) with z3 (unsat of a sign change)."""
    num, den = sympy.fraction(sympy.cancel(sympy.together(gp)))
    if any(not x.exp.is_Integer for x in gp.atoms(sympy.Pow)) or gp.has(sympy.Function):
        return None

    for sign in (1, -1):
        def build(env, sign=sign):
            x = env.Real("r")
            side: list = []
            n, d = env.encode(sympy.expand(num), {r: x}, side), env.encode(sympy.expand(den), {r: x}, side)
            return [x > env.RealVal(lo), x < env.RealVal(hi), *side], (n * d * sign > 0)

        mid = (lo + hi) / 2  # the assumption lo < r < hi holds at the midpoint, exactly
        sanity = lambda decider, budget, mid=mid: Sanity(  # noqa: E731
            SanityKind.MODEL, {"r": mid}, "the midpoint of the interval, checked exactly") if lo < mid < hi else Sanity(
            SanityKind.VACUOUS, {}, "the interval is empty")
        if prove(Obligation("g_prime_sign", "g′ has one strict sign", build, sanity=sanity), timeout=5.0).verdict is Verdict.PROVED:
            return sign
    return None


def find_transform(e: sympy.Expr, params, ps, space, S, linear_fractional: Callable, budget: float = 20.0):
    """(importance, g, 'increasing'|'decreasing', steps) with X = g(R_I) on Π, or None (also when
    ``budget`` seconds pass before the next candidate: the search never proves by running out)."""
    deadline = time.monotonic() + budget

    lo, hi = min(S), max(S)
    if lo == hi:
        return None
    for u in _inner(e, params):
        if time.monotonic() > deadline:
            return None
        got = linear_fractional(u)
        if isinstance(got, str):
            continue
        _, imp, _, _ = got
        NI = sum(imp[o] * s * pp for o, s, pp in zip(space.outcomes, S, ps))
        DI = sum(imp[o] * pp for o, pp in zip(space.outcomes, ps))
        g = _g_from(e, NI, DI, params, R)
        if g is None or not _identity(e - g.xreplace({R: NI / DI}), params):
            continue
        if lo >= 0:  # r ≥ 0 on Π: a simpler form of the same g (e.g. 1/sqrt(1/r) = sqrt(r) for r > 0)
            rp = sympy.Symbol("r_pos", positive=True)
            g2 = sympy.simplify(g.xreplace({R: rp})).xreplace({rp: R})
            g = g2 if sympy.count_ops(g2) < sympy.count_ops(g) else g
        sign = strict_sign(sympy.diff(g, R), R, lo, hi)
        if sign is None:
            sign = chain_sign(g, R, lo, hi)
        if sign is None:
            continue
        mono = "increasing" if sign > 0 else "decreasing"
        u = u.xreplace({p: sympy.Symbol(p.name.rsplit("_", 1)[0]) for p in params})  # Π's coordinates by name
        steps = [f"Inner ratio u = {u} is a ranking score up to a linear-fractional map: candidate importance "
                 f"I = ({', '.join(f'{o}: {imp[o]}' for o in space.outcomes)}).",
                 f"Solving R_I(P) = r on Π and substituting gives g(r) = {g}; sympy: X − g(R_I) = 0 on Π.",
                 f"g′(r) = {sympy.factor(sympy.diff(g, R))} is {'> 0' if sign > 0 else '< 0'} on "
                 f"({lo}, {hi}): g is strictly {mono}, so X orders Π exactly like R_I"
                 + ("" if sign > 0 else " reversed") + "."]
        return imp, g, mono, steps
    return None
