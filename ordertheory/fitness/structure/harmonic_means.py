"""Test 1 for harmonic means of ratios in [0, 1]: GPS, UPM, the multiclass GPS (issue 13).

A GPS is written in the product form of its papers, H(p₁, …, pₙ) = n·∏pᵢ / Σᵢ ∏_{j≠i} pⱼ, which is
defined (as written) where one pᵢ is 0 — the reciprocal form is not — so the sum-of-ratios shape of
:mod:`.structure` does not apply. Here the score's formula is read, exactly and as written, as a
tree whose inner nodes are such H and whose leaves are ratios N/D of linear forms of P. Then:

- lemma ``harmonic-mean-unit-n`` (z3, generic in the pᵢ, one certificate per arity n): pᵢ ∈ [0, 1]
  and Σᵢ ∏_{j≠i} pⱼ ≠ 0 give H ∈ [0, 1]; H = 1 when every pᵢ = 1; H = 0 when some pᵢ = 0;
- per score, a linear z3 query: 0 ≤ N ≤ D or D ≤ N ≤ 0 on Π for every leaf (so N/D ∈ [0, 1] where
  D ≠ 0), and exact sympy identities on a face: N = D (leaf = 1) or N = 0 (leaf = 0) there;
- every denominator the tree divides by (each D and each node's Σ) is one of the score's domain
  conditions as written, so on Π ∩ dom(X) every node is defined and the lemma applies node by node.

Test 1 at the top level s_max then holds when X = 1 on the face P(S ≥ s_max) = 1 (X ≤ 1 elsewhere),
and at the bottom level when X = 0 on the face P(S ≤ s_min) = 1 (X ≥ 0 elsewhere). Spaces with
more than two satisfaction levels are left to the general engine.

>>> from ordertheory.catalogue import get
>>> from ordertheory.spaces.sample_space import multiclass
>>> tree = mean_tree(get("multiclass_gps").score(multiclass(3)))
>>> tree.arity, [node.arity for node in tree.args]
(3, [4, 4, 4])
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from math import prod

import sympy

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.witness import TestName
from ordertheory.fitness.structure.face_prover import PREFIX, LinearProver, TestResult, at, face_instance
from ordertheory.fitness.structure.shape import degree, degree_le_1
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet

REF = "issue 13; GPS in product form (Piérard et al.); paper §4.2, Axiom 2"
MAX_DEPTH = 4


@dataclass(frozen=True)
class Leaf:
    """A ratio N/D of linear forms of P (D = 1 for a constant)."""

    N: sympy.Expr
    D: sympy.Expr


@dataclass(frozen=True)
class Mean:
    """H(args) = n·∏ args / Σᵢ ∏_{j≠i} args_j, written so in the score; ``S`` is that Σ as written."""

    S: sympy.Expr
    args: tuple

    @property
    def arity(self) -> int:
        return len(self.args)


# --- the lemma ------------------------------------------------------------------------------------------
def _harmonic_unit(n: int):
    def build(env: Env):
        p = [env.Real(f"p{i}") for i in range(n)]
        h = env.Real("h")
        S = env.Sum(*[prod((p[j] for j in range(n) if j != i), start=env.RealVal(1)) for i in range(n)])
        hyp = [x >= 0 for x in p] + [x <= 1 for x in p]
        hyp += [S != 0, h * S == n * prod(p, start=env.RealVal(1))]
        return hyp, env.And(h >= 0, h <= 1, env.Implies(env.And(*[x == 1 for x in p]), h == 1),
                            env.Implies(env.Or(*[x == 0 for x in p]), h == 0))
    return build


@lru_cache(maxsize=16)
def harmonic_lemma(n: int) -> Obligation:
    """The lemma for arity n (its certificate: ``proofs/structure/harmonic-mean-unit-n.smt2``)."""
    return Obligation(f"harmonic-mean-unit-{n}", f"p₁…p{str(n).translate(_SUB)} in [0, 1] and Σᵢ ∏_(j≠i) pⱼ ≠ 0: the harmonic "
                      f"mean in product form H = {n}·∏pᵢ / Σᵢ ∏_(j≠i) pⱼ lies in [0, 1], is 1 when every "
                      "pᵢ = 1 and 0 when some pᵢ = 0", _harmonic_unit(n), REF)


_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
MEAN_LEMMAS: tuple[Obligation, ...] = tuple(harmonic_lemma(n) for n in (2, 3, 4, 5))


# --- recognition (exact, sympy, structural) ------------------------------------------------------------
def _linear(e: sympy.Expr, syms: set) -> bool:
    # the degree as written first: no expansion of a large numerator
    return degree(e, list(syms)) <= 1 and degree_le_1(e, syms)


def _harmonic(e: sympy.Expr) -> tuple[sympy.Expr, list[sympy.Expr]] | None:
    """(Σ, [p₁, …, pₙ]) when e is *identical* (sympy structure) to n·∏p / Σᵢ ∏_{j≠i} pⱼ, else None."""
    if not e.is_Mul:
        return None
    for f in e.args:
        if not (f.is_Pow and f.exp == -1 and f.base.is_Add and len(f.base.args) >= 2):
            continue
        S, T = f.base, list(f.base.args)
        n = len(T)
        Pi = e * S / n  # ∏ pᵢ
        p = [Pi / t for t in T]  # pᵢ = ∏ p / ∏_{j≠i} pⱼ
        rebuilt = [sympy.Mul(*[p[j] for j in range(n) if j != i]) for i in range(n)]
        if all(r == t for r, t in zip(rebuilt, T)) and n * sympy.Mul(*p) / sympy.Add(*rebuilt) == e:
            return S, p
    return None


def mean_tree(score: Score) -> Mean | None:
    """The score as a tree of harmonic means over linear ratios, or None (see the module's doc)."""
    syms = set(score.symbols)

    def walk(e: sympy.Expr, depth: int):
        N, D = sympy.fraction(e)
        if _linear(N, syms) and _linear(D, syms):
            return Leaf(sympy.expand(N), D)
        h = _harmonic(e) if depth < MAX_DEPTH else None
        if h is None:
            return None
        args = [walk(p, depth + 1) for p in h[1]]
        return None if any(a is None for a in args) else Mean(h[0], tuple(args))

    root = walk(score.expr, 0)
    return root if isinstance(root, Mean) else None


def _divisors(node) -> list[sympy.Expr]:
    if isinstance(node, Leaf):
        return [] if node.D.is_number else [node.D]
    return [node.S] + [d for a in node.args for d in _divisors(a)]


def _leaves(node) -> list[Leaf]:
    return [node] if isinstance(node, Leaf) else [x for a in node.args for x in _leaves(a)]


def _value_on_face(node, face) -> int | None:
    """1 or 0 when the node takes that value on face ∩ dom(X) (exact identities), else None."""
    if isinstance(node, Leaf):
        if at(node.N - node.D, face) == 0:
            return 1
        return 0 if at(node.N, face) == 0 else None
    vals = [_value_on_face(a, face) for a in node.args]
    if all(v == 1 for v in vals):
        return 1
    return 0 if any(v == 0 for v in vals) else None


# --- test 1 --------------------------------------------------------------------------------------------
def means_test1(P: LinearProver, Pi: PerformanceSet, inst, t0: float) -> Result | None:
    """Test 1 for a tree of harmonic means (see the module's doc), or None when it does not apply.
    ``P`` is the :class:`~ordertheory.fitness.structure.face_prover.LinearProver` of the score (its proofs list
    receives the certificates)."""
    X: Score = P.score
    sp = X.space
    if len(sp.levels) != 2:
        return None
    tree = mean_tree(X)
    if tree is None:
        return None
    conds = {c.expr for c in X.conditions if c.kind == "nonzero"}
    if not all(d in conds or -d in conds for d in _divisors(tree)):
        return None  # a divisor that is not a domain condition as written: the lemma does not apply
    start = len(P.proofs)
    arities = sorted({n.arity for n in _means(tree)})
    for n in arities:
        r = prove(harmonic_lemma(n), max(0.1, P.deadline - time.perf_counter()))
        if not r.proved:
            return None
        P.proofs.extend(r.certificate)
    leaves = list(dict.fromkeys(_leaves(tree)))

    def outside(env, lin):
        out = []
        for lf in leaves:
            N, D = lin(at(lf.N, inst)), lin(at(lf.D, inst))
            out.append(env.Or(env.And(D > 0, env.Or(N < 0, N > D)), env.And(D < 0, env.Or(N > 0, N < D))))
        return [env.Or(*out)]

    if not P.unsat("test1.means.leaves", "every leaf ratio N/D lies in [0, 1] on Π where D ≠ 0",
                              inst, outside):
        return None
    lo, hi = min(sp.levels), max(sp.levels)
    for s, want, event in ((hi, 1, sp.event_where(lambda v: v >= hi)), (lo, 0, sp.event_where(lambda v: v <= lo))):
        face = face_instance(Pi, event)
        if face is None:
            P.proofs.append((f"test1[s={s}].face", "; vacuous: no performance of Π on the face"))
            continue
        if _value_on_face(tree, face) != want:
            return None
        side = "N = D" if want == 1 else "N = 0 for a leaf of every mean"
        P.proofs.append((f"test1[s={s}].face", f"; on the face P(S {'≥' if want else '≤'} {s}) = 1 of Π: {side} "
                         f"identically (exact, sympy), so X = {want} there on dom(X) by harmonic-mean-unit"))
    return TestResult(TestName.TEST1, Verdict.PROVED, time.perf_counter() - t0,
                      PREFIX + "harmonic-mean-unit (X a harmonic mean of ratios in [0, 1]: X ≤ 1 on Π ∩ dom(X), "
                      "= 1 on the top face; X ≥ 0, = 0 on the bottom face)",
                      None, f"divisors of the tree are domain conditions as written; arities {arities}",
                      tuple(P.proofs[start:]))


def _means(node) -> list[Mean]:
    return [] if isinstance(node, Leaf) else [node] + [m for a in node.args for m in _means(a)]
