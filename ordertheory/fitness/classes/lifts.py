"""Refutations for every k: a counterexample on m classes, embedded into any k ≥ m classes.

Two embeddings e_k of m-class performances into k-class ones, both affine — so they commute with
mixtures: e_k(λP + (1 − λ)Q) = λ·e_k(P) + (1 − λ)·e_k(Q) (lemma ``affine-mixture``):

- **zero**: the classes m … k − 1 get no mass. Each cell keeps its (i, j), hence its satisfaction,
  and the faces P(S ≤ s) = 1 and the bands {a ≤ S ≤ b} are kept. When every class term is 0 (and
  defined) at an absent class and the outer formula does not read k, X_k ∘ e_k = X_m: every
  counterexample — tests 1, 2, 3, domain closure, Theorem 2's condition — is one on k classes.
  It maps all performances into all performances (fixed priors would need the absent classes).
- **pad**: P ↦ α·P plus mass π_c on each diagonal cell (c, c), c ≥ m — perfect extra classes,
  with α = π_0 + … + π_{m−1}. It maps the priors π_c/α of the first m classes to the priors π_c of
  k classes (uniform 1/m to uniform 1/k with α = m/k; all performances to all). When the score is
  a·S + b for one class sum S whose term is homogeneous of degree δ in tp, fp, fn (tn unread), a
  perfect class of mass t has the term t^δ·f₁ (f₁ its value at t = 1), so S_k ∘ e_k =
  α^δ·S_m + (k − m)·f₁ (δ = 0) or + (1 − α)·f₁ (δ = 1): X_k ∘ e_k = φ_k ∘ X_m with φ_k affine and
  increasing (checked with k and α symbols): the strict inequalities of tests 2 and 3 and a
  domain left by a mixture carry over. Faces are not kept (the extra mass has S = 1): test 1 and
  Theorem 2's condition do not.

The lifted witness is re-validated exactly at the k asked, by :func:`violation` — on the
k-class score itself, independently of the embedding's argument.

>>> from ordertheory.catalogue.class_forms import form_of
>>> from ordertheory.sets.class_pi import ClassPi
>>> e = embedding(form_of("macro_f1"), "all", 3)
>>> e.kind, [str(t) for t in e.tests], e.phi(1000, ClassPi.all(1000))
('pad', ['test2', 'test3', 'domain_closed'], '3*x/1000 + 997/1000')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.engine.witness import TestName
from ordertheory.exact import sign
from ordertheory.fitness.classes.algebra import (
    FN,
    FP,
    TN,
    TP,
    K,
    generic_outer,
    homogeneity,
    positive_for_every_k,
)
from ordertheory.performances.performance import Performance
from ordertheory.performances.sparse_performance import SparsePerformance, as_sparse, sparse_mixture
from ordertheory.scores.class_score import TOTAL, CellSum, ClassForm, ClassScore, ClassSum
from ordertheory.scores.formula import ConditionKind, Term
from ordertheory.sets.class_pi import ClassPi

ALL_TESTS = (TestName.TEST1, TestName.TEST2, TestName.TEST3, TestName.DOMAIN_CLOSED, TestName.THEOREM2)


@dataclass(frozen=True)
class Embedding:
    """e_k from m classes into k ≥ m, with the tests whose counterexamples it carries."""

    kind: str  # "zero" | "pad"
    m: int
    tests: tuple[str, ...]
    slope: sympy.Expr  # φ_k(x) = slope·x + offset (in k and α): X_k(e_k(P)) = φ_k(X_m(P))
    offset: sympy.Expr

    def masses(self, Pi: ClassPi) -> list[Fraction]:
        """The diagonal mass of each class of Π's k: π_c with fixed priors, else 1/k."""
        return list(Pi.priors) if Pi.priors is not None else [Fraction(1, Pi.k)] * Pi.k

    def alpha(self, Pi: ClassPi) -> Fraction:
        return sum(self.masses(Pi)[:self.m], Fraction(0)) if self.kind == "pad" else Fraction(1)

    def phi(self, k: int, Pi: ClassPi) -> str:
        x = sympy.Symbol("x")
        at = {K: k, ALPHA: sympy.Rational(str(self.alpha(Pi)))}
        return str(sympy.expand(self.slope.xreplace(at) * x + self.offset.xreplace(at)))

    def small_pi(self, Pi: ClassPi) -> ClassPi:
        """Π on m classes whose image e_k maps into Π: the first m priors, normalised (pad)."""
        if Pi.priors is None or self.kind == "zero":
            return ClassPi.all(self.m)
        a = self.alpha(Pi)
        return ClassPi(self.m, tuple(p / a for p in Pi.priors[:self.m]))

    def lift(self, P: Performance | SparsePerformance, Pi: ClassPi) -> SparsePerformance:
        """e_k(P): the same cells on k classes (zero), or scaled by α with the perfect extra classes (pad)."""
        S, k = as_sparse(P), Pi.k
        if S.k != self.m or k < self.m:
            raise ValueError(f"expected a performance on {self.m} classes and k >= {self.m}")
        cells = [(i, j, p) for i, j, p in S.cells()]
        if self.kind == "pad":
            a, mass = self.alpha(Pi), self.masses(Pi)
            cells = [(i, j, a * p) for i, j, p in cells] + [(c, c, mass[c]) for c in range(self.m, k)]
        return SparsePerformance.from_cells(k, cells)

    def argument(self, slug: str) -> tuple[str, ...]:
        where = "every performance" if self.kind == "zero" else "every performance, or fixed class priors"
        how = ("e_k(P) = P on the first m classes, no mass on the others; every class term is 0 and defined "
               "at an absent class and the outer formula does not read k" if self.kind == "zero" else
               "e_k(P) = α·P plus π_c on each diagonal cell (c, c), c ≥ m, α = π_0 + … + π_{m−1} (1/k each "
               "without fixed priors); the class term is homogeneous in tp, fp, fn and the score affine in its "
               "class sum")
        return (f"Embedding ({self.kind}) of {self.m} classes into k ≥ {self.m}: {how}.",
                f"Checked by sympy with k a symbol: {slug}_k(e_k(P)) = {self.slope}·{slug}_{self.m}(P) + "
                f"{self.offset}, increasing in {slug}_{self.m}(P) for every k ≥ {self.m}.",
                f"e_k is affine (lemma affine-mixture) and maps Π ({where}) into Π on k classes"
                + (", keeping every cell's satisfaction" if self.kind == "zero" else "") + ".",
                f"Hence a counterexample on {self.m} classes to {', '.join(TestName(t).short for t in self.tests)} is "
                "one on k classes, "
                "for every k ≥ m; the lifted witness is re-validated exactly at the k asked.")


def _at(expr: sympy.Expr, tn, fp, fn, tp) -> sympy.Expr:
    return expr.xreplace({TN: tn, FP: fp, FN: fn, TP: tp})


def _conditions_hold(term: Term, tn, fp, fn, tp) -> bool:
    for c in term.conditions:
        v = sympy.simplify(_at(c.expr, tn, fp, fn, tp))
        if any(not (x == K or x.is_positive) for x in v.free_symbols):  # k, or a positive mass t
            return False
        j = sympy.Symbol("j", integer=True, nonnegative=True)
        v = sympy.factor(v.xreplace({K: 2 + j}))
        ok = {ConditionKind.NONZERO: v.is_positive or v.is_negative, ConditionKind.NONNEG: v.is_nonnegative,
              ConditionKind.POS: v.is_positive}.get(c.kind, False)
        if ok is not True:
            return False
    return True


ALPHA = sympy.Symbol("alpha", positive=True)  # the mass the first m classes keep under padding


def embedding(form: ClassForm, setting: str, m: int) -> Embedding | None:
    """The embedding of m-class counterexamples into k ≥ m for this form and Π, or None."""
    if form.weighted or any(isinstance(s, CellSum) for s in form.sums):
        return None
    outer = generic_outer(form)
    sums = [s for s in form.sums if isinstance(s, ClassSum)]
    if setting == "all" and not outer.expr.has(K) and not any(c.expr.has(K) for c in outer.conditions):
        empty = all(sympy.simplify(_at(s.term.expr, 1, 0, 0, 0)) == 0 and _conditions_hold(s.term, 1, 0, 0, 0)
                    for s in sums)
        if empty:
            return Embedding("zero", m, ALL_TESTS, sympy.Integer(1), sympy.Integer(0))
    if len(sums) != 1:
        return None
    f = sums[0].term
    delta = homogeneity(f.expr)
    if delta not in (0, 1) or not all(homogeneity(c.expr) is not None for c in f.conditions):
        return None
    t = sympy.Symbol("t", positive=True)
    if not _conditions_hold(f, 1 - t, 0, 0, t):  # a perfect extra class of any mass is in the domain
        return None
    S, T = Term.symbol(sums[0].name).expr, Term.symbol(TOTAL).expr
    one = {T: sympy.Integer(1)}
    X = outer.expr.xreplace(one)
    if any(c.expr.xreplace(one).free_symbols for c in outer.conditions) or not X.is_polynomial(S) \
            or sympy.degree(X, S) != 1:
        return None
    a, b = sympy.Poly(X, S).coeff_monomial(S), sympy.Poly(X, S).coeff_monomial(1)
    am, bm = a.xreplace({K: m}), b.xreplace({K: m})
    x = sympy.Symbol("x")
    f1 = sympy.simplify(_at(f.expr, 1 - t, 0, 0, t) / t**delta)  # a perfect class of mass t: t^δ·f₁
    if f1.free_symbols:
        return None
    extra = (K - m) * f1 if delta == 0 else (1 - ALPHA) * f1
    Sk = ALPHA**delta * (x - bm) / am + extra  # S_m = (x − b_m)/a_m
    Xk = sympy.expand(a * Sk + b)
    slope, offset = sympy.cancel(Xk.coeff(x, 1)), sympy.cancel(Xk.coeff(x, 0))
    core = sympy.cancel(slope / ALPHA**delta)  # slope = core·α^δ with α > 0
    if Xk.free_symbols - {x, K, ALPHA} or ALPHA in core.free_symbols or not positive_for_every_k(core, m):
        return None
    return Embedding("pad", m, (TestName.TEST2, TestName.TEST3, TestName.DOMAIN_CLOSED), slope, offset)


# --- exact re-validation on k classes ----------------------------------------------------------------
def _value(X: ClassScore, P: SparsePerformance):
    return X.value_or_none(P)


def _gt(a, b) -> bool:
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a > b
    return sign(_sym(a) - _sym(b)) > 0


def _sym(v):
    return sympy.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v


def _diagonal(P: SparsePerformance) -> Fraction:
    return Fraction(int(P.class_counts[0].sum()), P.total)


def violation(test: str, X: ClassScore, Pi: ClassPi, w: dict) -> bool:
    """Whether the witness ``w`` violates ``test`` for X on Π, exactly (sparse, on X's k classes)."""
    Ps = [w[key] for key in ("P1", "P2", "P") if key in w]
    if not all(isinstance(P, SparsePerformance) and P.k == X.k and Pi.contains(P) for P in Ps):
        return False
    vals = {key: _value(X, w[key]) for key in ("P1", "P2", "P") if key in w}
    if test == TestName.TEST1:
        s = w["s"]
        face = (_diagonal(w["P1"]) == 0) if s == 0 else (_diagonal(w["P2"]) == 1) if s == 1 else False
        return face and None not in vals.values() and _gt(vals["P1"], vals["P2"])
    if test in (TestName.TEST2, TestName.TEST3, TestName.DOMAIN_CLOSED):
        lam = w["lambda"]
        if not 0 <= lam <= 1 or None in vals.values():
            return False
        xm = _value(X, sparse_mixture(w["P1"], w["P2"], lam))
        if test == TestName.DOMAIN_CLOSED:
            return xm is None
        if xm is None:
            return False
        d = 1 if test == TestName.TEST2 else -1
        return all(sign(d * (_sym(xm) - _sym(v))) > 0 for v in vals.values())
    if test == TestName.THEOREM2:
        lo, hi = w["band"]
        diag = _diagonal(w["P"])
        on_band = {(0, 0): diag == 0, (1, 1): diag == 1, (0, 1): True}.get((lo, hi), False)
        v = vals["P"]
        return on_band and v is not None and (sign(_sym(v) - lo) < 0 or sign(_sym(v) - hi) > 0)
    return False


__all__ = ["ALL_TESTS", "Embedding", "embedding", "violation"]
