"""Lemmas on k classes that hold for every k: domain closure, and test 1 by per-class bounds.

- **closure** — every condition of the domain, as a polynomial of P, has non-negative
  coefficients: a class term's denominator is a linear form of one class's tn, fp, fn, tp with
  non-negative coefficients (so of P); an outer condition such as κ's 1 − E is, homogenised by
  T = Σ P = 1 and with T² = Σ_c (tp_c + fn_c)·T, one class sum Σ_c φ(c) of such a polynomial
  (:func:`~.class_algebra.class_polynomial`). Then {D ≠ 0} ∩ Π is closed under mixtures (lemmas
  ``affine-sign-convex`` and ``nonneg-polynomial-face``), for every k.
- **bounds** — X is the mean (1/k)·Σ_c g(c), or the prior-weighted mean Σ_c P(y = c)·g(c), of a
  class term g with 0 ≤ g ≤ 1, g = 0 where tp = 0, and g = 1 where fp = fn = 0 (four z3 queries
  on one class's tn + fp + fn + tp = 1, whatever k). With S = 1 on the diagonal, a performance
  with P(S ≤ 0) = 1 has tp_c = 0 for every class, so X = 0 ≤ X(P2); one with P(S ≥ 1) = 1 has
  fp_c = fn_c = 0, so X = 1 ≥ X(P1): test 1 holds, and Theorem 2's condition on its three bands.

>>> from ordertheory.catalogue.class_forms import form_of
>>> closure_argument(form_of("cohen_kappa_k").at(1000)) is not None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Obligation
from ordertheory.fitness.classes.algebra import (
    FN,
    FP,
    TN,
    TP,
    W,
    class_polynomial,
    generic_outer,
    nonneg_coefficients,
)
from ordertheory.fitness.structure.generic_lemmas import all_lemmas
from ordertheory.scores.class_score import TOTAL, CellSum, ClassScore, ClassSum
from ordertheory.scores.formula import ConditionKind, Term

REF = "issue 28: k-class scores for every k"


# --- generic lemmas, proved once by z3 --------------------------------------------------------------
def _weighted_mean(upper: bool):
    def build(env: Env):
        i, p, s = ([env.Real(f"{c}{n}") for n in range(3)] for c in "ips")
        t, x = env.Real("s"), env.Real("x")
        mass = env.Sum(*(a * b for a, b in zip(i, p)))
        hyp = [a >= 0 for a in i + p] + [(v <= t) if upper else (v >= t) for v in s]
        hyp += [mass > 0, x * mass == env.Sum(*(a * b * c for a, b, c in zip(i, p, s)))]
        return hyp, (x <= t) if upper else (x >= t)
    return build


LEMMAS: tuple[Obligation, ...] = (
    Obligation("weighted-mean-upper", "I ≥ 0, P ≥ 0, E_P[I] > 0 and S ≤ s wherever P > 0 give "
               "R_I(P) = E_P[I·S]/E_P[I] ≤ s (three outcomes; term by term for any number): test 1 of R_I, "
               "P1 on the face P(S ≤ s) = 1", _weighted_mean(True), REF),
    Obligation("weighted-mean-lower", "the same with S ≥ s: R_I(P) ≥ s (P2 on the face P(S ≥ s) = 1)",
               _weighted_mean(False), REF),
)


def lemma_certificates(ids: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The SMT-LIB texts (expected unsat) of the generic lemmas an argument uses."""
    obs = {ob.id: ob for ob in (*all_lemmas(), *LEMMAS)}
    return tuple((f"lemma.{i}", obs[i].smtlib()) for i in ids if i in obs)


# --- closure ----------------------------------------------------------------------------------------
def _linear_nonneg(e: sympy.Expr) -> bool:
    e = sympy.expand(e)
    return e.is_polynomial(TN, FP, FN, TP) and sympy.Poly(e, TN, FP, FN, TP).total_degree() <= 1 \
        and nonneg_coefficients(e)


def closure_argument(X: ClassScore) -> tuple[str, ...] | None:
    """Why dom(X) is closed under mixtures for every k (the lines of the argument), or None."""
    lines = []
    for s in X.form.sums:
        if isinstance(s, CellSum):
            continue
        for c in s.term.conditions:
            if c.kind in (ConditionKind.NONZERO, ConditionKind.POS) and _linear_nonneg(c.expr):
                lines.append(f"class term of {s.name}: {c} with {c.expr} a linear form with non-negative "
                             "coefficients of P, for every class")
            elif c.kind is ConditionKind.NONNEG and nonneg_coefficients(c.expr):
                lines.append(f"class term of {s.name}: {c} holds on every performance")
            else:
                return None
    outer = generic_outer(X.form)
    one = {Term.symbol(TOTAL).expr: sympy.Integer(1)}
    for c in outer.conditions:
        v = c.expr.xreplace(one)
        if v.is_number:
            if not c.kind.holds(v):
                return None
            continue
        factors = [f.base if f.is_Pow and f.exp.is_Integer and f.exp > 0 else f
                   for f in sympy.Mul.make_args(sympy.factor_terms(c.expr)) if not f.is_number]
        phis = [class_polynomial(X.form, f) for f in factors]
        if any(p is None or not nonneg_coefficients(p) for p in phis):
            return None
        how = "; ".join(f"{f} = Σ_c [{p}]" for f, p in zip(factors, phis))
        if c.kind is ConditionKind.NONNEG:
            lines.append(f"{c}: each factor is a polynomial of P with non-negative coefficients ({how}), "
                         "so the condition holds on every performance")
        elif c.kind in (ConditionKind.NONZERO, ConditionKind.POS):
            lines.append(f"{c}: homogenised (T = 1, T² = Σ_c (tp_c + fn_c)·T), {how}, a polynomial of P with "
                         "non-negative coefficients: it vanishes at a proper mixture only where it vanishes "
                         "at both ends (lemma nonneg-polynomial-face)")
        else:
            return None
    lines.append("Hence Π ∩ dom(X) is closed under mixtures, for every k and every convex Π "
                 "(lemmas affine-sign-convex, nonneg-polynomial-face).")
    return tuple(lines)


# --- bounds (test 1 and Theorem 2's condition) ------------------------------------------------------
@dataclass(frozen=True)
class Bounds:
    """X = mean (or prior-weighted mean) of one class term g: the four facts to prove about g."""

    weighted: bool
    g: Term

    def facts(self) -> list[tuple[str, str, frozenset[str] | None, str, Fraction]]:
        """(id, statement, support, relation, bound): g ``relation`` bound wherever g is defined."""
        return [("g>=0", "g ≥ 0 on one class's counts", None, ">=", Fraction(0)),
                ("g<=1", "g ≤ 1", None, "<=", Fraction(1)),
                ("g=0@tp=0", "g = 0 where tp = 0", frozenset({"tn", "fp", "fn"}), "==", Fraction(0)),
                ("g=1@fp=fn=0", "g = 1 where fp = fn = 0", frozenset({"tn", "tp"}), "==", Fraction(1))]


def bounds_shape(X: ClassScore) -> Bounds | None:
    """The mean shape of X (one class sum, outer S/k or S/T with S's term (tp + fn)·g), or None."""
    sums = X.form.sums
    if len(sums) != 1 or not isinstance(sums[0], ClassSum) or X.form.weighted:
        return None
    f = sums[0].term
    S, T = Term.symbol(sums[0].name).expr, Term.symbol(TOTAL).expr
    outer = X.outer
    if any(not c.expr.xreplace({T: sympy.Integer(1)}).is_number for c in outer.conditions):
        return None
    value = outer.expr.xreplace({T: sympy.Integer(1)})
    if sympy.cancel(value - S / X.k) == 0 and not f.expr.has(W):
        return Bounds(False, f)
    if sympy.cancel(value - S) == 0 and (TP + FN) in sympy.Mul.make_args(f.expr):  # f = P(y = c)·g as written
        return Bounds(True, Term(f.expr / (TP + FN), f.conditions))
    return None


def bounds_query(b: Bounds, fact: tuple, env: Env, instance, encoding) -> list:
    """The z3 formulas of 'fact fails': one class's performance in dom(g) with g violating it."""
    _id, _text, _support, rel, bound = fact
    E = encoding
    f = E.point(instance)
    d, empty = E.in_domain(instance.mapping, instance.params)
    if empty:
        return [env.BoolVal(False)]
    x = E.value(instance.mapping, instance.params, "g")
    v = env.RealVal(bound)
    viol = {">=": x < v, "<=": x > v, "==": x != v}[rel]
    return f + [d, viol] + E.finish()


__all__ = ["LEMMAS", "Bounds", "bounds_query", "bounds_shape", "closure_argument", "lemma_certificates"]
