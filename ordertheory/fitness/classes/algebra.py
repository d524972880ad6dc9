"""Class sums, symbolic in the number of classes k: what a k-class score is on Π for every k.

A :class:`~ordertheory.scores.class_score.ClassForm` reads a performance through sums Σ_c f(c) of one
class's term. On Π, each class c's one-vs-rest counts obey tn + fp + fn + tp = 1, and with fixed
priors tp + fn = π_c. When a term is then linear in the class's counts, its sum over the classes
is a combination of a few *basis sums* — Σ_c ρ(c)·tp_c for a class profile ρ(π_c, w_c, k) — and
of closed forms, by four rules that hold for every k:

- linearity: Σ_c (a·u_c + b·v_c) = a·Σ_c u_c + b·Σ_c v_c for a, b free of c;
- constants: Σ_c 1 = k, and Σ_c π_c = 1 (the priors sum to 1);
- totals: Σ_c (tp_c + fn_c) = 1 and Σ_c (tp_c + fp_c) = 1 (rows and columns of P sum to 1);
- Π: fn_c = π_c − tp_c with fixed priors, and π_c = 1/k when they are uniform.

The score is then a rational function of the basis sums and k, and an identity between two such
scores is decided by sympy (``cancel`` of the difference) *with k a symbol*: once, for every k.

>>> from ordertheory.catalogue.class_forms import form_of
>>> r = reduce_form(form_of("macro_recall"), "priors")
>>> r.value
S[tp·1/pi]/k
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ordertheory.scores.class_score import GENERIC, TOTAL, WEIGHT, ClassForm, ClassSum
from ordertheory.scores.formula import ConditionKind, Term

K = sympy.Symbol("k", integer=True, positive=True)
PI = sympy.Symbol("pi", positive=True)  # the generic class's prior, when priors are fixed
TN, FP, FN, TP, W = (GENERIC[o].expr for o in ("tn", "fp", "fn", "tp", WEIGHT))
COUNTS = (TP, FP, FN)
SETTINGS = ("all", "priors", "uniform")  # all performances; fixed class priors; every prior 1/k


def on_pi(expr: sympy.Expr, setting: str) -> sympy.Expr:
    """One class's expression on Π: tn = 1 − tp − fp − fn; fn = π − tp with fixed priors; π = 1/k
    when they are uniform."""
    e = expr.xreplace({TN: 1 - TP - FP - FN})
    if setting in ("priors", "uniform"):
        e = e.xreplace({FN: PI - TP})
    if setting == "uniform":
        e = e.xreplace({PI: 1 / K})
    return sympy.expand(e) if e.is_polynomial(*COUNTS) else e


def _split(coeff: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr]:
    """(factor free of the class, class profile) with coeff = factor · profile."""
    coeff = sympy.factor_terms(sympy.together(coeff))
    indep, dep = coeff.as_independent(PI, W, as_Add=False)
    return indep, dep


BASES: dict[sympy.Symbol, tuple[str, sympy.Expr]] = {}  # each basis sum's (var, profile)


def basis(var: str, profile: sympy.Expr) -> sympy.Symbol:
    """The basis sum Σ_c profile(c)·var_c (var = tp, fp, fn, or 1 for a sum of profiles)."""
    s = sympy.Symbol(f"S[{var}·{profile}]", real=True)
    BASES.setdefault(s, (var, profile))
    return s


def bases(e: sympy.Expr) -> set[sympy.Symbol]:
    """The basis sums an expression reads."""
    return {s for s in e.free_symbols if s in BASES}


def show(e: sympy.Expr) -> str:
    """An expression for a reader: Σ_c π_c·tp_c for the basis sums, π_c and w_c for a class's prior
    and weight.

    >>> show(basis("tp", 1 / PI) / K)
    'Σ_c tp_c/π_c/k'
    """
    names = {PI: sympy.Symbol("π_c"), W: sympy.Symbol("w_c")}
    display = {}
    for s in bases(e):
        var, profile = BASES[s]
        v = sympy.Symbol(f"{var}_c") if var != "1" else sympy.Integer(1)
        display[s] = sympy.Symbol(f"Σ_c {sympy.sstr((profile * v).xreplace(names))}")
    return sympy.sstr(e.xreplace(display).xreplace(names))


def reduce_sum(summand: sympy.Expr, setting: str) -> sympy.Expr | None:
    """Σ_c summand as basis sums and closed forms, or None when the summand is not linear in the
    class's counts on Π (its sum then has no finite form for every k)."""
    e = on_pi(summand, setting)
    if not e.is_polynomial(*COUNTS):
        return None
    poly = sympy.Poly(e, *COUNTS)
    if poly.total_degree() > 1:
        return None
    out = sympy.Integer(0)
    for var, sym in (("tp", TP), ("fp", FP), ("fn", FN), ("1", None)):
        c = poly.coeff_monomial(sym if sym is not None else 1)
        if c == 0:
            continue
        factor, profile = _split(c)
        if var == "1" and profile == 1:
            out += factor * K  # Σ_c 1 = k
        elif var == "1" and profile == PI:
            out += factor  # Σ_c π_c = 1
        elif var in ("fp", "fn") and profile == 1:
            out += factor * (1 - basis("tp", 1))  # columns / rows sum to 1
        else:
            out += factor * basis(var, profile)
    return sympy.expand(out)


@dataclass(frozen=True)
class Reduced:
    """A form on Π for every k: its value and the conditions of its domain as written, each a
    rational function of basis sums and k (``None`` for a class term not linear on Π)."""

    setting: str
    value: sympy.Expr | None
    class_conditions: tuple[tuple[ConditionKind, sympy.Expr], ...]  # per class, on Π (in tp, fp, π, k)
    outer_conditions: tuple[tuple[ConditionKind, sympy.Expr | None], ...]  # in basis sums and k


def generic_outer(form: ClassForm) -> Term:
    """The form's outer formula with k a symbol, in the sums' symbols and T."""
    return form.combine({s.name: Term.symbol(s.name) for s in form.sums} | {TOTAL: Term.symbol(TOTAL)}, K)


def reduce_form(form: ClassForm, setting: str) -> Reduced:
    """The form's value and domain on Π ("all", "priors" or "uniform"), symbolic in k."""
    outer = generic_outer(form)
    sums: dict[sympy.Symbol, sympy.Expr | None] = {Term.symbol(TOTAL).expr: sympy.Integer(1)}
    for s in form.sums:
        sums[Term.symbol(s.name).expr] = reduce_sum(s.term.expr, setting) if isinstance(s, ClassSum) else None
    known = all(v is not None for v in sums.values())

    def sub(e: sympy.Expr) -> sympy.Expr | None:
        if not all(sums.get(x, sympy.Integer(0)) is not None for x in e.free_symbols):
            return None
        return sympy.cancel(e.xreplace({x: v for x, v in sums.items() if v is not None}))

    per_class = tuple((c.kind, on_pi(c.expr, setting)) for s in form.sums if isinstance(s, ClassSum)
                      for c in s.term.conditions)
    return Reduced(setting, sub(outer.expr) if known else None, per_class,
                   tuple((c.kind, sub(c.expr)) for c in outer.conditions))


def constant_holds(kind: ConditionKind, e: sympy.Expr, at_least: int = 2) -> bool:
    """Whether a condition on an expression free of the class's counts holds for every class and
    every k ≥ ``at_least`` (π > 0, w ≥ 0): decided by sympy's sign rules with k = at_least + j, j ≥ 0."""
    if e is None or e.free_symbols & {TP, FP, FN, TN} or any(str(x).startswith("S[") for x in e.free_symbols):
        return False
    j = sympy.Symbol("j", integer=True, nonnegative=True)
    v = sympy.factor(sympy.cancel(e.xreplace({K: at_least + j})))
    if kind is ConditionKind.NONZERO:
        return v.is_positive is True or v.is_negative is True
    if kind is ConditionKind.NONNEG:
        return v.is_nonnegative is True
    if kind is ConditionKind.POS:
        return v.is_positive is True
    return v.is_positive is True and (1 - v).is_positive is True


def positive_for_every_k(e: sympy.Expr, at_least: int = 2) -> bool:
    """e(k) > 0 for every integer k ≥ ``at_least`` (sympy's sign rules with k = at_least + j)."""
    return constant_holds(ConditionKind.POS, e, at_least)


def homogeneity(expr: sympy.Expr) -> int | None:
    """δ with expr(α·tp, α·fp, α·fn) = α^δ·expr(tp, fp, fn) for every α > 0 (tn not read), or None."""
    if TN in expr.free_symbols:
        return None
    a = sympy.Symbol("alpha", positive=True)
    scaled = expr.xreplace({x: a * x for x in COUNTS})
    for d in (0, 1, 2):
        if sympy.cancel(scaled - a**d * expr) == 0:
            return d
    return None


def nonneg_coefficients(e: sympy.Expr) -> bool:
    """Whether a polynomial in tn, fp, fn, tp has only non-negative coefficients (and is not 0)."""
    e = sympy.expand(e)
    if e == 0 or not e.is_polynomial(TN, FP, FN, TP) or e.free_symbols - {TN, FP, FN, TP, W}:
        return False
    poly = sympy.Poly(e, TN, FP, FN, TP)
    return all((c.is_nonnegative is True) for c in poly.coeffs())


def class_polynomial(form: ClassForm, condition: sympy.Expr) -> sympy.Expr | None:
    """An outer condition, homogenised by T (= 1 on performances) and written as one class sum
    Σ_c φ(c): T·Σ_c u_c is T² for u = tp + fn (or tp + fp), so a degree-2 monomial T² becomes
    Σ_c u_c·T with T = tn + fp + fn + tp the class's own total. Returns φ, or None when the
    condition has a product of two sums (a double sum) or is not a polynomial."""
    names = {Term.symbol(s.name).expr: s for s in form.sums}
    T = Term.symbol(TOTAL).expr
    e = sympy.expand(condition)
    if not e.is_polynomial(*names, T):
        return None
    poly = sympy.Poly(e, *names, T)
    degree = {x: (sympy.Poly(s.term.expr, TN, FP, FN, TP).total_degree() if s.term.expr.is_polynomial(TN, FP, FN, TP)
                  else None) for x, s in names.items() if isinstance(s, ClassSum)}
    total = TN + FP + FN + TP
    best = None
    for u in (TP + FN, TP + FP):
        phi, ok = sympy.Integer(0), True
        monomials = []
        for monom, c in poly.terms():
            used = [(x, n) for x, n in zip((*names, T), monom) if n]
            sums = [(x, n) for x, n in used if x != T]
            tdeg = next((n for x, n in used if x == T), 0)
            if len(sums) > 1 or (sums and sums[0][1] > 1) or (sums and degree.get(sums[0][0]) is None):
                ok = False
                break
            monomials.append((c, sums[0][0] if sums else None, tdeg))
        if not ok:
            return None
        top = max((degree[x] if x is not None else 0) + t for _, x, t in monomials)
        for c, x, t in monomials:
            d = (degree[x] if x is not None else 0) + t
            pad = total ** (top - d)  # homogenised: T^(top − d) = 1 on performances
            if x is not None:
                phi += c * names[x].term.expr * total**t * pad
            elif t + top - d >= 1:
                phi += c * u * total ** (t + top - d - 1)  # T^n = Σ_c u_c · T^(n−1)
            else:
                ok = False  # a constant with no T to spread over the classes
        if ok and nonneg_coefficients(phi):
            return sympy.expand(phi)
        best = best if best is not None else (sympy.expand(phi) if ok else None)
    return best
