"""k-class scores in structured form: an outer formula of a few sums over the classes.

The usual k-class scores read a performance only through per-class quantities: class c's
one-vs-rest probabilities tp_c = P(y = c, ŷ = c), fn_c = P(y = c, ŷ ≠ c), fp_c = P(y ≠ c, ŷ = c),
tn_c = 1 − tp_c − fn_c − fp_c. Macro F1 is (1/k)·Σ_c 2tp_c/(2tp_c + fp_c + fn_c); Cohen's κ is
(A − E)/(1 − E) with A = Σ_c tp_c and E = Σ_c (tp_c + fn_c)(tp_c + fp_c). A :class:`ClassForm`
holds that shape once for every k — each :class:`ClassSum` one class's term, written with the
formula :class:`~ordertheory.scores.formula.Term` so that its domain is the domain as written, and the
outer formula built from the sums — and :meth:`ClassForm.at` fixes k.

A :class:`ClassScore` evaluates exactly on a :class:`~ordertheory.performances.sparse_performance.SparsePerformance`
in time linear in its non-zero cells (the classes that appear nowhere share one term), never
building the k² symbols of the formula; :meth:`ClassScore.symbolic` builds that formula (a
:class:`~ordertheory.scores.score.Score`) where it is small enough to expand.

>>> from ordertheory.performances.sparse_performance import SparsePerformance
>>> A = ClassSum("A", lambda t: t["tp"])
>>> accuracy = ClassForm("acc", "accuracy", (A,), lambda s, k: s["A"])
>>> accuracy.at(1000).value(SparsePerformance.from_cells(1000, [(0, 0, 3), (5, 7, 1)]))
Fraction(3, 4)
>>> accuracy.at(3).symbolic().expr
y0_p0 + y1_p1 + y2_p2
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import sympy

from ordertheory.errors import InvalidInput, UndefinedScore
from ordertheory.exact import compile_rational, to_fraction
from ordertheory.performances.performance import Performance
from ordertheory.performances.sparse_performance import SparsePerformance, as_sparse
from ordertheory.scores.direction import Direction
from ordertheory.scores.formula import Term
from ordertheory.scores.score import Score, outcome_terms
from ordertheory.spaces.sample_space import SampleSpace, multiclass

ONE_VS_REST = ("tn", "fp", "fn", "tp")
WEIGHT = "w"  # a class's weight, in the term of a weighted score
TOTAL = "T"  # the total mass Σ P(ω) (1 on every performance), as the outer formula writes it
SYMBOLIC_MAX_CLASSES = 20  # formulas written out up to 400 outcome symbols (k = 19: ~1-6 s of sympy; k = 32: 5 s to minutes)
GENERIC = {o: Term.symbol(o) for o in (*ONE_VS_REST, WEIGHT)}


def one_vs_rest(t: Mapping[str, Term], k: int, c: int, names: tuple[str, ...] | None = None,
                with_tn: bool = True) -> dict[str, Term]:
    """Class c's one-vs-rest tn, fp, fn, tp as Terms, from the outcome Terms of a k-class space
    (``names``: the outcomes in row-major order, ``y{i}_p{j}`` by default). ``with_tn=False``
    leaves out tn, a sum of (k − 1)² outcomes, for terms that do not read it."""
    name = (lambda i, j: names[i * k + j]) if names else (lambda i, j: f"y{i}_p{j}")
    zero = Term.const(0)
    tp = t[name(c, c)]
    fn = sum((t[name(c, j)] for j in range(k) if j != c), zero)
    fp = sum((t[name(i, c)] for i in range(k) if i != c), zero)
    out = {"fp": fp, "fn": fn, "tp": tp}
    if with_tn:
        out["tn"] = sum((t[name(i, j)] for i in range(k) for j in range(k) if i != c and j != c), zero)
    return out


@dataclass(frozen=True)
class ClassSum:
    """Σ_c f(c) over the k classes, f written from one class's tn, fp, fn, tp (and weight ``w``)."""

    name: str
    build: Callable[[dict[str, Term]], Term] = field(repr=False, compare=False)

    @cached_property
    def term(self) -> Term:
        """The generic class's term, in the symbols tn, fp, fn, tp, w, with its domain."""
        return self.build(dict(GENERIC))

    @cached_property
    def _compiled(self) -> tuple:
        syms = tuple(GENERIC[o].expr for o in (*ONE_VS_REST, WEIGHT))
        f = compile_rational(self.term.expr, syms)
        conds = tuple((c.kind, compile_rational(c.expr, syms)) for c in self.term.conditions)
        if f is None or any(g is None for _, g in conds):
            raise InvalidInput(f"the class term {self.term.expr} of {self.name} is not a rational function")
        return f, conds

    def at(self, values: tuple[Fraction, ...]) -> Fraction | None:
        """f at one class's (tn, fp, fn, tp, w), or None where its domain as written excludes it."""
        f, conds = self._compiled
        for kind, g in conds:
            if not kind.holds(g(values)):
                return None
        return f(values)


@dataclass(frozen=True)
class CellSum:
    """Σ v_ij·P(y = i, ŷ = j) over a few listed cells: a sparse linear form (e.g. the misclassification
    costs that differ from a default one), for one number of classes."""

    name: str
    cells: tuple[tuple[tuple[int, int], Fraction], ...]

    def at(self, P: SparsePerformance) -> Fraction:
        return sum((v * P.probability(i, j) for (i, j), v in self.cells), Fraction(0))

    def symbolic(self, t: Mapping[str, Term], names: tuple[str, ...], k: int) -> Term:
        return sum((Term.const(v) * t[names[i * k + j]] for (i, j), v in self.cells), Term.const(0))


@dataclass(frozen=True)
class ClassForm:
    """A k-class score for every k: the class sums and the outer formula that combines them.

    ``combine(sums, k)`` receives a Term for each sum (by name) and for ``"T"``, the total mass,
    and returns the score's Term — with the domain of the outer formula as written.
    """

    slug: str
    description: str
    sums: tuple[ClassSum | CellSum, ...]
    combine: Callable[[dict[str, Term], int], Term] = field(repr=False, compare=False)
    weighted: bool = False  # the class terms use each class's weight w
    direction: Direction = Direction.HIGHER  # a loss (hamming_loss) ranks lowest first

    def negated(self) -> ClassForm:
        """The gain −X of this form (``-SLUG``, ``neg_SLUG``): the same sums, the outer formula negated."""
        combine = self.combine
        return ClassForm(f"-{self.slug}", f"minus {self.description}", self.sums, lambda s, k: -combine(s, k),
                         self.weighted, Direction.HIGHER)

    @property
    def class_sums(self) -> tuple[ClassSum, ...]:
        return tuple(s for s in self.sums if isinstance(s, ClassSum))

    def at(self, k: int, weights: object = None) -> ClassScore:
        """The score on k classes (``weights``: one per class when the form is weighted)."""
        if not isinstance(k, int) or isinstance(k, bool) or k < 2:
            raise InvalidInput(f"expected a number of classes k >= 2 but got k={k!r}")
        w = None
        if self.weighted:
            if weights is None or len(list(weights)) != k:
                raise InvalidInput(f"{self.slug} needs one weight per class ({k})")
            w = tuple(to_fraction(x, f"weight {c}") for c, x in enumerate(weights))
            if any(x < 0 for x in w) or not any(w):
                raise InvalidInput(f"expected non-negative class weights, not all 0, but got {[str(x) for x in w[:8]]}")
        elif weights is not None:
            raise InvalidInput(f"{self.slug} takes no class weights")
        for cs in self.sums:
            if isinstance(cs, CellSum) and any(not (0 <= i < k and 0 <= j < k) for (i, j), _ in cs.cells):
                raise InvalidInput(f"{self.slug} lists cells beyond {k} classes")
        return ClassScore(self, k, w)


@dataclass(frozen=True)
class ClassScore:
    """A :class:`ClassForm` on k classes: exact values on sparse performances, linear in their cells."""

    form: ClassForm
    k: int
    weights: tuple[Fraction, ...] | None = None

    @property
    def name(self) -> str:
        return self.form.slug

    @property
    def direction(self) -> Direction:
        return self.form.direction

    def negated(self) -> ClassScore:
        """The gain −X, higher is better."""
        return ClassScore(self.form.negated(), self.k, self.weights)

    def oriented(self) -> ClassScore:
        """The score as the theory ranks it, higher is better: X for a gain, −X for a loss."""
        return self if self.direction is Direction.HIGHER else self.negated()

    @property
    def text(self) -> str:
        """How the output names the score: its slug and k (the formula is :attr:`formula`)."""
        return f"{self.form.slug} (k = {self.k})"

    @property
    def space(self) -> SampleSpace:
        return multiclass(self.k)

    @cached_property
    def outer(self) -> Term:
        """The outer formula at this k, in the sums' symbols and T."""
        return self.form.combine({s.name: Term.symbol(s.name) for s in self.form.sums} | {TOTAL: Term.symbol(TOTAL)},
                                 self.k)

    @property
    def formula(self) -> str:
        """The formula at every k, short: the outer formula, then each class sum."""
        sums = "; ".join(f"{s.name} = Σ_c {s.term.expr}" if isinstance(s, ClassSum) else
                         f"{s.name} = Σ v_ij·P(i, j) over {len(s.cells)} listed cells" for s in self.form.sums)
        return f"{self.outer.expr}, where {sums} (tn, fp, fn, tp: class c against the rest; T = 1)"

    @property
    def conditions(self) -> tuple[str, ...]:
        """The domain as written: each class term's conditions for every class, then the outer ones."""
        per = [f"{c} for every class c" for s in self.form.class_sums for c in s.term.conditions]
        return tuple(per + [str(c) for c in self.outer.conditions])

    @cached_property
    def _outer_compiled(self) -> tuple:
        syms = tuple(sympy.Symbol(n, real=True, nonnegative=True) for n in (*(s.name for s in self.form.sums), TOTAL))
        inner_first = sorted(self.outer.conditions, key=lambda c: sympy.count_ops(c.expr))
        return syms, compile_rational(self.outer.expr, syms), tuple(
            (c, compile_rational(c.expr, syms)) for c in inner_first)

    # evaluation ---------------------------------------------------------------------------------
    def sums_at(self, P: SparsePerformance | Performance) -> dict[str, Fraction] | None:
        """Each class sum at P, exactly; None when a class term is undefined (outside the domain).

        The classes absent from P (no mass in their row or column) all have tn = 1 and the other
        counts 0: their term is computed once per distinct weight.
        """
        S = self._sparse(P)
        d, r, q = S.class_counts
        N = S.total
        present = (r + q) > 0
        idx = [int(c) for c in present.nonzero()[0]]
        w = self.weights
        one = Fraction(1)
        totals = {s.name: (Fraction(0) if isinstance(s, ClassSum) else s.at(S)) for s in self.form.sums}
        per_class = self.form.class_sums
        for c in idx:
            dc, rc, qc = int(d[c]), int(r[c]), int(q[c])
            vals = (Fraction(N - rc - qc + dc, N), Fraction(qc - dc, N), Fraction(rc - dc, N), Fraction(dc, N),
                    w[c] if w else one)
            for s in per_class:
                v = s.at(vals)
                if v is None:
                    return None
                totals[s.name] += v
        absent = self.k - len(idx)
        if absent:
            groups: dict[Fraction, int] = {}
            if w:
                taken = set(idx)
                for c, x in enumerate(w):
                    if c not in taken:
                        groups[x] = groups.get(x, 0) + 1
            else:
                groups[one] = absent
            for x, n in groups.items():
                vals = (one, Fraction(0), Fraction(0), Fraction(0), x)
                for s in per_class:
                    v = s.at(vals)
                    if v is None:
                        return None
                    totals[s.name] += n * v
        return totals

    def _outer_at(self, sums: dict[str, Fraction]):
        """(defined, value) of the outer formula at the sums and T = 1."""
        syms, f, conds = self._outer_compiled
        vals = tuple(sums[s.name] for s in self.form.sums) + (Fraction(1),)
        mapping = None
        for c, g in conds:
            if g is not None:
                try:
                    if not c.kind.holds(g(vals)):
                        return False, None
                except ZeroDivisionError:
                    return False, None
                continue
            mapping = mapping or {s: sympy.Rational(v.numerator, v.denominator) for s, v in zip(syms, vals)}
            if not c.kind.holds(c.expr.xreplace(mapping)):
                return False, None
        if f is not None:
            return True, f(vals)
        mapping = mapping or {s: sympy.Rational(v.numerator, v.denominator) for s, v in zip(syms, vals)}
        v = self.outer.expr.xreplace(mapping)
        return True, (Fraction(int(v.p), int(v.q)) if v.is_Rational else v)

    def value_or_none(self, P: SparsePerformance | Performance):
        """X(P) — a Fraction, or an exact sympy number for a root — or None outside the domain."""
        sums = self.sums_at(P)
        if sums is None:
            return None
        ok, v = self._outer_at(sums)
        return v if ok else None

    def value(self, P: SparsePerformance | Performance):
        """X(P), raising :class:`~ordertheory.errors.UndefinedScore` outside the domain."""
        v = self.value_or_none(P)
        if v is None:
            raise UndefinedScore(f"{self.text} is undefined at {P}")
        return v

    __call__ = value

    def in_domain(self, P: SparsePerformance | Performance) -> bool:
        return self.value_or_none(P) is not None

    def _sparse(self, P: SparsePerformance | Performance) -> SparsePerformance:
        S = as_sparse(P)
        if S.k != self.k:
            raise InvalidInput(f"expected a performance on {self.k} classes but got one on {S.k}")
        return S

    # the formula --------------------------------------------------------------------------------
    def symbolic(self, space: SampleSpace | None = None) -> Score:
        """The score as a formula in the k² outcome probabilities (``space``: multiclass(k), or
        the binary space for k = 2), its domain as written; at most :data:`SYMBOLIC_MAX_CLASSES` classes."""
        space = space or multiclass(self.k)
        if space.classes != self.k or len(space) != self.k * self.k:
            raise InvalidInput(f"expected a space of {self.k} classes but got {space.name}")
        if self.k > SYMBOLIC_MAX_CLASSES:
            raise InvalidInput(f"the formula of {self.name} on {self.k} classes has {self.k ** 2} symbols "
                               f"(at most {SYMBOLIC_MAX_CLASSES ** 2} are expanded); use its structured form")
        t = outcome_terms(space)
        names = tuple(space.outcomes)
        total = sum((t[o] for o in names), Term.const(0))
        zero = Term.const(0)
        sums = {s.name: s.symbolic(t, names, self.k) for s in self.form.sums if isinstance(s, CellSum)}
        per_class = self.form.class_sums
        tn = any(GENERIC["tn"].expr in s.term.expr.free_symbols for s in per_class)
        acc = dict.fromkeys((s.name for s in per_class), zero)
        for c in range(self.k):
            r = one_vs_rest(t, self.k, c, names, with_tn=tn)
            if self.weights:
                r[WEIGHT] = Term.const(self.weights[c])
            for s in per_class:
                acc[s.name] = acc[s.name] + s.build(r)
        sums.update(acc)
        term = self.form.combine(sums | {TOTAL: total}, self.k)
        return Score.from_term(space, term, name=self.name, text=str(term.expr), direction=self.direction)


__all__ = ["ONE_VS_REST", "SYMBOLIC_MAX_CLASSES", "TOTAL", "WEIGHT", "CellSum", "ClassForm", "ClassScore", "ClassSum", "one_vs_rest"]
