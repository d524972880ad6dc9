"""Linear k-class scores (a cost-matrix accuracy): every test decided at its extremes, any k.

A k-class score whose class terms and outer formula are all linear — no division, no weight — is
an expected value X(P) = Σ_ij V_ij·P(i, j). Each class term α·tp + β·fp + γ·fn + ε·tn + ζ,
summed over the classes, gives a diagonal cell (c, c) the value α + (k − 1)·ε (tp of c, tn of the
others) and an off-diagonal cell (i, j) the value β + γ + (k − 2)·ε (fn of i, fp of j), plus k·ζ to
both (Σ_ij P(i, j) = 1); a listed-cells sum adds its value to its cells. So V takes a handful of
values: one on the diagonal, a default off it, the listed exceptions — whatever k.

Then, on Π = every performance, with S = 1 on the diagonal:

- tests 2 and 3 hold: X(λP1 + (1 − λ)P2) = λ·X(P1) + (1 − λ)·X(P2) lies between (lemma
  ``affine-mixture``); the domain is every performance;
- test 1 at s = 0 holds iff max V off the diagonal ≤ min V, and at s = 1 iff max V ≤ V on the
  diagonal: a linear score's extremes on a face of the simplex are at its vertices, the Dirac
  measures δ_(i, j) — which are the counterexample otherwise;
- Theorem 2's condition holds on {S = 0} iff V = 0 off the diagonal, on {S = 1} iff V = 1 on it,
  and on Ω iff 0 ≤ V ≤ 1; otherwise a Dirac measure is the counterexample.

>>> from ordertheory.catalogue.class_forms import cost_matrix_accuracy
>>> v = values(cost_matrix_accuracy(1000, {(0, 1): "1/4"}))
>>> v.diagonal, v.off, v.listed
(Fraction(1, 1), Fraction(0, 1), (((0, 1), Fraction(3, 4)),))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.engine.witness import TestName
from ordertheory.fitness.classes.algebra import FN, FP, TN, TP
from ordertheory.scores.class_score import TOTAL, CellSum, ClassScore
from ordertheory.scores.formula import Term


@dataclass(frozen=True)
class CellValues:
    """V on k classes: one value on the diagonal, a default off it, and the listed off-diagonal cells."""

    k: int
    diagonal: Fraction
    off: Fraction
    listed: tuple[tuple[tuple[int, int], Fraction], ...]

    @property
    def off_values(self) -> list[tuple[tuple[int, int] | None, Fraction]]:
        """(cell, V) for the listed off-diagonal cells, and (None, default) when some cell keeps it."""
        out = [(ij, v) for ij, v in self.listed]
        if self.k * (self.k - 1) > len(self.listed):
            out.append((None, self.off))
        return out

    def some_cell(self, value_cell: tuple[int, int] | None) -> tuple[int, int]:
        """A cell with the default off-diagonal value when ``value_cell`` is None."""
        if value_cell is not None:
            return value_cell
        taken = {ij for ij, _ in self.listed}
        return next((i, j) for i in range(self.k) for j in range(self.k) if i != j and (i, j) not in taken)


def _fraction(e: sympy.Expr) -> Fraction | None:
    e = sympy.nsimplify(e) if not e.is_Rational else e
    return Fraction(int(e.p), int(e.q)) if e.is_Rational else None


def values(X: ClassScore) -> CellValues | None:
    """V for a linear X (None when X is not linear or has weights)."""
    if X.weights is not None:
        return None
    k = X.k
    syms = {Term.symbol(s.name).expr: s for s in X.form.sums}
    T = Term.symbol(TOTAL).expr
    outer = sympy.expand(X.outer.expr)
    if X.outer.conditions or not outer.is_polynomial(*syms, T) or sympy.Poly(outer, *syms, T).total_degree() > 1:
        return None
    poly = sympy.Poly(outer, *syms, T)
    diag = off = _fraction(poly.coeff_monomial(1) + poly.coeff_monomial(T))  # constants: times Σ P = 1
    listed: dict[tuple[int, int], Fraction] = {}
    for x, s in syms.items():
        a = _fraction(poly.coeff_monomial(x))
        if a is None or diag is None:
            return None
        if isinstance(s, CellSum):
            for ij, v in s.cells:
                listed[ij] = listed.get(ij, Fraction(0)) + a * v
            continue
        t = s.term
        if t.conditions or not t.expr.is_polynomial(TN, FP, FN, TP):
            return None
        p = sympy.Poly(t.expr, TN, FP, FN, TP)
        if p.total_degree() > 1 or p.free_symbols - {TN, FP, FN, TP}:
            return None
        c = {v: _fraction(p.coeff_monomial(v)) for v in (TN, FP, FN, TP)}
        zeta = _fraction(p.coeff_monomial(1))
        if None in c.values() or zeta is None:
            return None
        diag += a * (c[TP] + (k - 1) * c[TN] + k * zeta)
        off += a * (c[FP] + c[FN] + (k - 2) * c[TN] + k * zeta)
    if any(i == j for (i, j) in listed):
        return None  # a listed diagonal cell: V is no longer one value on the diagonal
    return CellValues(k, diag, off, tuple(sorted((ij, off + v) for ij, v in listed.items())))


def decide(V: CellValues) -> dict[str, tuple[bool, dict | None, str]]:
    """Per test: (holds, a counterexample as Dirac cells when it does not, why)."""
    offs = V.off_values
    hi_off = max(offs, key=lambda cv: cv[1])
    lo_all = min([*offs, ((0, 0), V.diagonal)], key=lambda cv: cv[1])
    hi_all = max([*offs, ((0, 0), V.diagonal)], key=lambda cv: cv[1])
    out: dict[str, tuple[bool, dict | None, str]] = {}
    s0 = hi_off[1] <= lo_all[1]
    s1 = hi_all[1] <= V.diagonal
    w1 = None
    if not s0:  # the best error beats the worst outcome: Diracs on those cells
        w1 = {"s": 0, "P1": V.some_cell(hi_off[0]), "P2": V.some_cell(lo_all[0])}
    elif not s1:
        w1 = {"s": 1, "P1": V.some_cell(hi_all[0]), "P2": (0, 0)}
    out[TestName.TEST1] = (s0 and s1, w1, f"max V off the diagonal {hi_off[1]}, min V {lo_all[1]}, max V {hi_all[1]}, "
                                   f"V on the diagonal {V.diagonal}")
    bad0 = next((cv for cv in offs if cv[1] != 0), None)
    out_of = next((cv for cv in [*offs, ((0, 0), V.diagonal)] if not 0 <= cv[1] <= 1), None)
    w2 = None
    if bad0 is not None:
        w2 = {"band": (0, 0), "P": V.some_cell(bad0[0])}
    elif V.diagonal != 1:
        w2 = {"band": (1, 1), "P": (0, 0)}
    elif out_of is not None:
        w2 = {"band": (0, 1), "P": V.some_cell(out_of[0])}
    out[TestName.THEOREM2] = (w2 is None, w2, "V = 0 off the diagonal, 1 on it, in [0, 1] everywhere")
    return out


__all__ = ["CellValues", "decide", "values"]
