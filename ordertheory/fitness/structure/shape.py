"""Recognising a score's structure, exactly and on its formula as written (issue 13).

X is read as g(Σᵢ Wᵢ·Nᵢ/Dᵢ) with every Nᵢ, Dᵢ, Wᵢ of degree ≤ 1 in the outcome probabilities and g
strictly monotone (the identity, + c, × c ≠ 0, log, exp, probit, fractional or odd powers); the lemmas
of :mod:`.structure_lemmas` then leave only linear obligations (:mod:`.structure_prover`).

>>> from ordertheory.scores.expression import parse_score
>>> from ordertheory.spaces.sample_space import binary
>>> s = shape(parse_score("log(tp/(tp+fn))", binary()))
>>> s.direction, s.identity, s.terms
(1, False, (Ratio(N=tp, D=fn + tp, W=1),))
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ordertheory.exact import affine_form
from ordertheory.scores.formula import probit
from ordertheory.scores.score import Score

CANCEL_MAX_OPS = 100  # measured: the catalogue's cancelled fractions have ≤ 39 operations (κ, k = 3)


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

    A strictly monotone outer layer is stripped from rational formulas too: (L − 1/2)³, −(N/D)³
    (written N³·D⁻³ by sympy) and √(N/D) (√N·D^(−1/2)) are g(N/D) (issue 34).
    """
    syms = set(score.symbols)
    direction, identity = 1, True
    e = score.expr.xreplace({sympy.Add(*score.symbols): sympy.Integer(1)})  # Σ P(ω) = 1 on every performance
    while True:
        if _rational(e, syms):
            terms = _terms(e, syms)
            if terms is not None:
                return Shape(direction, identity, terms)
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
            root = _common_root(e, syms)
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


def _terms(e: sympy.Expr, syms: set) -> tuple[Ratio, ...] | None:
    """e as Σ Wᵢ·Nᵢ/Dᵢ with every part of degree ≤ 1, or None. A numerator may have real
    algebraic coefficients (√2·y0_p0: a linear score is quasi-linear whatever its weights); the
    bounds of test 1 then need rational ones and leave that test to the general engine."""
    terms = []
    for part in sympy.Add.make_args(e):
        N, D = sympy.fraction(part)  # as written first (fast); a cancelled fraction when that fails
        if degree(D, list(syms)) > 1 or degree(N, list(syms)) > 2:
            if len(part.free_symbols) > max(16, len(syms) // 2) or sympy.count_ops(part) > CANCEL_MAX_OPS:
                return None  # no cancellation of a large fraction (multiclass GPS, k = 4: minutes)
            N, D = sympy.fraction(sympy.cancel(sympy.together(part)))
        D = sympy.expand(D)
        if not degree_le_1(D, syms):
            return None
        if degree_le_1(N, syms, real=True):
            terms.append(Ratio(sympy.expand(N), D))
            continue
        weighted = _weighted(N, syms)
        if weighted is None:
            return None
        terms.append(Ratio(weighted[1], D, weighted[0]))
    return tuple(terms)


def _common_root(e: sympy.Expr, syms: set) -> tuple[sympy.Expr, sympy.Rational] | None:
    """(u, k) with the product e = u^k exactly where e is defined and u ↦ u^k strictly monotone
    there — k an odd integer ≥ 3 (any real u), or a fraction (u ≥ 0: each base of a fractional
    power is ≥ 0 on the domain as written, each other base a polynomial with non-negative
    coefficients) — else None.

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
    if k == 0 or k == 1 or (k.q == 1 and (k < 3 or k % 2 == 0)):
        return None
    if k.q != 1 and not all(m.q != 1 or _nonneg_coefficients(b, syms) for b, m in powers.items()):
        return None  # (y²)^(1/2) = |y|, not y: only bases that are ≥ 0 everywhere
    return sympy.Mul(*(b ** (m / k) for b, m in powers.items())), k


def _nonneg_coefficients(b: sympy.Expr, syms: set) -> bool:
    try:
        return all(c >= 0 for c in sympy.Poly(sympy.expand(b), *sorted(syms, key=str)).coeffs())
    except sympy.PolynomialError:
        return False


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
    if not (len(lin) == 2 and all(degree_le_1(f, syms) for f in lin)):
        c, factors = sympy.factor_list(sympy.expand(N))
        lin = [f for f, m in factors for _ in range(m)]
    if len(lin) != 2 or not all(degree_le_1(f, syms) for f in lin):
        return None
    W, N1 = sorted(lin, key=lambda f: -len(f.free_symbols))
    return sympy.expand(W), sympy.expand(c * N1)


def _rational(e: sympy.Expr, syms: set) -> bool:
    return not e.has(sympy.Function, sympy.Abs, sympy.Min, sympy.Max) and e.is_rational_function(*syms)


def degree_le_1(e: sympy.Expr, syms, real: bool = False) -> bool:
    """Is the (expanded) e a rational constant plus rational multiples of the symbols (``real``:
    real algebraic numbers such as √2 allowed as coefficients)?"""
    if not real:
        form = affine_form(e, list(syms))
        return form is not None and all(c.is_Rational for c in (*form[0], form[1]))
    for term in sympy.Add.make_args(sympy.expand(e)):
        c, rest = term.as_independent(*syms, as_Add=False)
        ok = c.is_Rational or (c.is_number and c.is_real and c.is_algebraic)
        if not ok or not (rest == 1 or rest in syms):
            return False
    return True


def degree(e: sympy.Expr, params) -> int:
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


def proportional(D: sympy.Expr, D0: sympy.Expr) -> bool:
    """Is the linear D a constant multiple of the linear D0? (coefficient by coefficient, exact)"""
    a, b = D.as_coefficients_dict(), D0.as_coefficients_dict()
    if set(a) != set(b) or not all(v.is_Rational for v in (*a.values(), *b.values())):
        return False
    ratios = {sympy.Rational(a[k]) / sympy.Rational(b[k]) for k in a}
    return len(ratios) == 1
