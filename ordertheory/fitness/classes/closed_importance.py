"""Ranking scores for every k: a k-class score that *is* R_I on Π, I given in closed form.

For an importance that depends on the true class only, I(y = c, ŷ = j) = a(c), the ranking
score is R_I = Σ_c a(c)·tp_c / Σ_c a(c)·(tp_c + fn_c) — a ratio of class sums. When a score X,
reduced on Π by the rules of :mod:`.class_algebra`, is an increasing Möbius function h of such an
R_I — X = (α·R_I + β)/(γ·R_I + δ), αδ − βγ > 0 and γ·r + δ ≠ 0 on [0, 1], all for every k ≥ 2 —
with the same domain on Π, then for every k X is a ranking score up to h on Π: tests 1–3 hold
and its domain is closed (R_I satisfies the axioms; h keeps every order and every mixture bound).
The identity X = h(R_I) is checked by sympy with k a symbol; the profile a(c) ≥ 0 and the signs
by sympy's rules for every k ≥ 2.

>>> from ordertheory.catalogue.class_forms import form_of
>>> I = closed_importance(form_of("macro_recall"), "priors")
>>> I.profile, I.transform
(1/pi, None)
>>> closed_importance(form_of("macro_f1"), "all") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ordertheory.fitness.classes.algebra import (
    BASES,
    FN,
    TP,
    Reduced,
    W,
    bases,
    constant_holds,
    positive_for_every_k,
    reduce_form,
    reduce_sum,
    show,
)
from ordertheory.scores.class_score import ClassForm
from ordertheory.scores.formula import ConditionKind

SETTING_TEXT = {"all": "every performance", "priors": "fixed class priors π_c",
                "uniform": "uniform class priors π_c = 1/k"}
RULES = ("tn_c = 1 − tp_c − fp_c − fn_c; Σ_c 1 = k; Σ_c π_c = 1; Σ_c (tp_c + fn_c) = Σ_c (tp_c + fp_c) = 1; "
         "with fixed priors fn_c = π_c − tp_c")


@dataclass(frozen=True)
class ClosedImportance:
    """X = h(R_I) on Π for every k, with I(y = c, ŷ = j) = ``profile`` (in π_c, w_c, k)."""

    slug: str
    setting: str
    profile: sympy.Expr
    transform: tuple[sympy.Expr, sympy.Expr, sympy.Expr, sympy.Expr] | None  # (α, β, γ, δ); None: h = id
    value: sympy.Expr  # X on Π in basis sums
    ranking: sympy.Expr  # R_I on Π in basis sums
    domain: str  # how the domains agree on Π

    @property
    def importance_text(self) -> str:
        return f"I(y = c, ŷ = j) = {show(self.profile)}" + (" (w_c: the class weights)" if self.profile.has(W) else "")

    @property
    def transform_text(self) -> str:
        if self.transform is None:
            return "X = R_I"
        a, b, c, d = self.transform
        r = sympy.Symbol("R_I")
        return f"X = h(R_I), h(R_I) = {sympy.simplify((a * r + b) / (c * r + d))}, increasing for every k ≥ 2"

    def argument(self) -> tuple[str, ...]:
        """The proof, step by step, for the supplementary material."""
        return (f"Π: {SETTING_TEXT[self.setting]}, on k classes (S = 1 on the diagonal), any k ≥ 2.",
                f"Reduction rules: {RULES}.",
                f"On Π, X = {show(self.value)} and, with {self.importance_text} (≥ 0 for every k), "
                f"R_I = Σ_c I·tp_c / Σ_c I·(tp_c + fn_c) = {show(self.ranking)}.",
                f"{self.transform_text}: sympy reduces the difference to 0 with k a symbol.",
                f"Domain: {self.domain}.",
                "Hence, for every k ≥ 2, X is a ranking score (up to h) on Π: tests 1–3 hold (ranking scores "
                "satisfy the axioms; lemmas increasing-transform and ratio-quasi-linear) and the domain is "
                "closed under mixtures (E_P[I] ≥ 0 is linear: lemma affine-sign-convex).")


def _tp_bases(e: sympy.Expr) -> list[sympy.Symbol]:
    return sorted((s for s in bases(e) if BASES[s][0] == "tp"), key=lambda s: s.name)


_bases = bases


def _mobius(X: sympy.Expr, num: sympy.Expr, den: sympy.Expr):
    """(α, β, γ, δ) with X = (α·R + β)/(γ·R + δ) for R = num/den, den free of basis sums, and h
    increasing on [0, 1] for every k ≥ 2; None otherwise."""
    if _bases(den):
        return None
    (B,) = _bases(num) if len(_bases(num)) == 1 else (None,)
    if B is None:
        return None
    x = sympy.Symbol("x", real=True)
    factor = sympy.cancel(num / B)
    if _bases(factor):
        return None
    h = sympy.cancel(X.xreplace({B: x * den / factor}))
    if _bases(h):
        return None
    n, d = sympy.fraction(h)
    if not (n.is_polynomial(x) and d.is_polynomial(x)) or sympy.degree(n, x) > 1 or sympy.degree(d, x) > 1:
        return None
    a, b = sympy.Poly(n, x).coeff_monomial(x), sympy.Poly(n, x).coeff_monomial(1)
    c, dd = sympy.Poly(d, x).coeff_monomial(x), sympy.Poly(d, x).coeff_monomial(1)
    if not positive_for_every_k(a * dd - b * c):
        return None
    same_sign = (positive_for_every_k(dd) and positive_for_every_k(c + dd)) or (
        positive_for_every_k(-dd) and positive_for_every_k(-c - dd))
    return (a, b, c, dd) if same_sign else None


def _on_accuracy(kind: ConditionKind, e: sympy.Expr | None) -> bool:
    """A condition on A = Σ_c tp_c alone, affine in A, that holds at A = 0 and A = 1 for every k —
    hence on all of [0, 1], where A lies on every performance."""
    A = next((s for s in bases(e) if BASES[s] == ("tp", 1)), None) if e is not None else None
    if A is None or bases(e) != {A} or not e.is_polynomial(A) or sympy.degree(e, A) > 1:
        return False
    lo, hi = e.xreplace({A: 0}), e.xreplace({A: 1})
    if kind is ConditionKind.NONZERO:
        return all(positive_for_every_k(v) for v in (lo, hi)) or all(positive_for_every_k(-v) for v in (lo, hi))
    return kind in (ConditionKind.NONNEG, ConditionKind.POS) and all(constant_holds(kind, v) for v in (lo, hi))


def _domain(r: Reduced, den: sympy.Expr) -> str | None:
    """How dom(X) ∩ Π and dom(R_I) ∩ Π agree, or None when they may differ."""
    for kind, e in r.class_conditions:
        if not constant_holds(kind, e):
            return None
    same_as_ri = False
    for kind, e in r.outer_conditions:
        if constant_holds(kind, e) or _on_accuracy(kind, e):
            continue
        if kind is ConditionKind.NONZERO and e is not None and not _bases(sympy.cancel(e / den)) \
                and sympy.cancel(e / den) != 0:
            same_as_ri = True
            continue
        return None
    if not _bases(den):
        if not constant_holds(ConditionKind.NONZERO, den):
            return None
        return f"every condition of X holds on Π for every k, and E_P[I] = {den} ≠ 0: both domains are Π"
    if same_as_ri:
        return "X is defined exactly where E_P[I] ≠ 0 (its only condition is R_I's)"
    return None


def closed_importance(form: ClassForm, setting: str) -> ClosedImportance | None:
    """X = h(R_I) on Π for every k (see the module), or None when the reduction does not give it."""
    r = reduce_form(form, setting)
    if r.value is None:
        return None
    for B in _tp_bases(r.value):
        rho = BASES[B][1]
        if not constant_holds(ConditionKind.NONNEG, rho) or rho == 0:
            continue
        num, den = reduce_sum(rho * TP, setting), reduce_sum(rho * (TP + FN), setting)
        if num is None or den is None:
            continue
        R = sympy.cancel(num / den)
        transform = None if sympy.cancel(r.value - R) == 0 else _mobius(r.value, num, den)
        if transform is None and sympy.cancel(r.value - R) != 0:
            continue
        domain = _domain(r, den)
        if domain is None:
            continue
        if transform is not None:  # h = identity written as a Möbius map: say X = R_I
            a, b, c, d = transform
            if sympy.cancel(b) == 0 and sympy.cancel(c) == 0 and sympy.cancel(a - d) == 0:
                transform = None
        return ClosedImportance(form.slug, setting, rho, transform, r.value, R, domain)
    return None


__all__ = ["SETTING_TEXT", "ClosedImportance", "closed_importance"]
