"""Exact points of Π (and of its faces) for the falsifier: vertices, mixtures of a few of them
with small weights, and seeded random mixtures — every one a convex combination of Π's exact
vertices, hence in Π (Π is convex), and checked with :meth:`PerformanceSet.contains` anyway.

>>> from ordertheory.spaces.sample_space import binary
>>> from ordertheory.sets.performance_set import fixed_prior
>>> pts = points(fixed_prior(binary(), "1/4"), seed=0, size=30)
>>> len(pts) == 30 and all(P["fn"] + P["tp"] == Fraction(1, 4) for P in pts)
True
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Iterable
from fractions import Fraction

import sympy

from ordertheory.performances.performance import Performance
from ordertheory.sets.performance_set import PerformanceSet

MAX_BASES = 4000  # column sets tried when enumerating the vertices of Π
WEIGHTS = (Fraction(1, 2), Fraction(1, 3), Fraction(2, 3), Fraction(1, 4), Fraction(3, 4), Fraction(1, 5),
           Fraction(4, 5), Fraction(1, 10), Fraction(9, 10))


@functools.lru_cache(maxsize=256)
def vertices(Pi: PerformanceSet, support: frozenset[str] | None = None) -> tuple[Performance, ...]:
    """The exact vertices of Π (restricted to ``support``): its basic feasible solutions.

    Π is {P ≥ 0, Σ P = 1, the equalities, the inequalities}; each inequality gets a slack variable
    s ≥ 0, so that Π is {x ≥ 0 : A x = b}. A vertex is the solution of A_B x_B = b for a set B of
    rank(A) columns, when it is ≥ 0 (solved here in Fractions, not with the engine's code). With
    no constraint, the vertices are the unit vectors of the support. Past MAX_BASES column sets, a
    seeded random choice of them is tried (some vertices then, not all: a falsifier needs no more).
    """
    space = Pi.space
    keep = [o for o in space.outcomes if support is None or o in support]
    if not keep:
        return ()
    if not Pi.constraints:
        return tuple(Performance(space, tuple(Fraction(int(o == u)) for o in space.outcomes)) for u in keep)
    syms = dict(zip(space.outcomes, Pi.symbols))
    rows, rhs, slack = [], [], 0
    for c in Pi.constraints:
        e = sympy.expand(c.expr)
        coeffs = [Fraction(str(e.coeff(syms[o]))) for o in keep]
        const = Fraction(str(e.xreplace(dict.fromkeys(Pi.symbols, 0))))
        if c.op == "==":
            rows.append((coeffs, None))
        else:
            rows.append((coeffs, 1 if c.op == "<=" else -1))  # expr + s = 0 (<=) or expr − s = 0 (>=)
            slack += 1
        rhs.append(-const)
    n = len(keep) + slack
    A: list[list[Fraction]] = [[Fraction(1)] * len(keep) + [Fraction(0)] * slack]
    b = [Fraction(1)]
    k = 0
    for (coeffs, sgn), r in zip(rows, rhs):
        extra = [Fraction(0)] * slack
        if sgn is not None:
            extra[k] = Fraction(sgn)
            k += 1
        A.append(coeffs + extra)
        b.append(r)
    A, b = _independent(A, b)
    if A is None:
        return ()
    m = len(A)
    bases = itertools.combinations(range(n), m)
    if math.comb(n, m) > MAX_BASES:
        rng = random.Random(0)
        bases = (tuple(sorted(rng.sample(range(n), m))) for _ in range(MAX_BASES))
    found: dict[tuple, Performance] = {}
    for B in bases:
        x = _solve([[row[j] for j in B] for row in A], b)
        if x is None or any(v < 0 for v in x):
            continue
        full = dict(zip(B, x))
        probs = {o: full.get(i, Fraction(0)) for i, o in enumerate(keep)}
        P = tuple(probs.get(o, Fraction(0)) for o in space.outcomes)
        if sum(P) == 1 and P not in found:
            found[P] = Performance(space, P)
    return tuple(found[key] for key in sorted(found, reverse=True))


def _independent(A, b):
    """A and b without their dependent rows (Fractions); (None, None) when A x = b is inconsistent."""
    rows = [list(r) + [v] for r, v in zip(A, b)]
    basis: list[list[Fraction]] = []
    pivots: list[int] = []
    kept = []
    for r, original in zip(rows, zip(A, b)):
        v = list(r)
        for piv, row in zip(pivots, basis):
            if v[piv]:
                f = v[piv] / row[piv]
                v = [a - f * c for a, c in zip(v, row)]
        lead = next((i for i, a in enumerate(v[:-1]) if a), None)
        if lead is None:
            if v[-1]:
                return None, None
            continue
        basis.append(v)
        pivots.append(lead)
        kept.append(original)
    return [list(a) for a, _ in kept], [v for _, v in kept]


def _solve(M: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    """The solution of the square system M x = b by Gaussian elimination, None when singular."""
    n = len(M)
    aug = [list(r) + [v] for r, v in zip(M, b)]
    for col in range(n):
        piv = next((r for r in range(col, n) if aug[r][col]), None)
        if piv is None:
            return None
        aug[col], aug[piv] = aug[piv], aug[col]
        p = aug[col][col]
        for r in range(n):
            if r != col and aug[r][col]:
                f = aug[r][col] / p
                aug[r] = [a - f * c for a, c in zip(aug[r], aug[col])]
    return [aug[i][n] / aug[i][i] for i in range(n)]


def combine(Ps: Iterable[Performance], weights: Iterable[int | Fraction]) -> Performance:
    """Σ wᵢ Pᵢ / Σ wᵢ, exactly (weights ≥ 0, not all 0), over one common denominator: integer
    arithmetic, then one Fraction per outcome (Fraction sums were most of the falsifier's time)."""
    Ps, ws = list(Ps), [Fraction(w) for w in weights]
    W = math.lcm(*(w.denominator for w in ws))
    iw = [w.numerator * (W // w.denominator) for w in ws]
    L = math.lcm(*(p.denominator for P in Ps for p in P.probabilities))
    total = sum(iw) * L
    n = len(Ps[0].probabilities)
    nums = [sum(w * (p.numerator * (L // p.denominator)) for w, P in zip(iw, Ps) for p in (P.probabilities[i],))
            for i in range(n)]
    return Performance(Ps[0].space, tuple(Fraction(v, total) for v in nums))


def points(Pi: PerformanceSet, support: frozenset[str] | None = None, seed: int = 0,
           size: int = 60) -> list[Performance]:
    """Up to ``size`` distinct exact points of Π (on ``support`` only, when given), in a stable
    order for a given seed: vertices first, then edge points, then sparse and dense mixtures."""
    return list(_points(Pi, support, seed, size))


@functools.lru_cache(maxsize=512)
def _points(Pi: PerformanceSet, support: frozenset[str] | None, seed: int, size: int) -> tuple[Performance, ...]:
    V = list(vertices(Pi, support))
    if not V:
        return []
    rng = random.Random(seed)
    if len(V) > 24:
        V = rng.sample(V, 24)
    seen: dict[tuple, Performance] = {}

    def add(P: Performance) -> None:
        if len(seen) < size and P.probabilities not in seen and Pi.contains(P):
            seen[P.probabilities] = P

    for P in V:
        add(P)
    pairs = list(itertools.combinations(range(len(V)), 2))
    rng.shuffle(pairs)
    edge_budget = len(seen) + size // 3  # edges, then mixtures of several vertices (faces, interior)
    for i, j in pairs:
        if len(seen) >= edge_budget:
            break
        for w in WEIGHTS[:3]:
            add(combine([V[i], V[j]], [w, 1 - w]))
    add(combine(V, [1] * len(V)))  # the centroid
    tries = 0
    while len(seen) < size and tries < 3 * size:
        tries += 1
        k = rng.choice((2, 3, 3, 4, len(V)))
        chosen = rng.sample(V, min(k, len(V)))
        ws = [rng.randint(0, 6) for _ in chosen]
        if sum(ws):
            add(combine(chosen, ws))
    return tuple(seen.values())


def toward(P: Performance, Q: Performance, t: Fraction) -> Performance:
    """(1 − t)P + tQ: a step from P toward Q, still in Π when both are."""
    return combine([P, Q], [1 - t, t])
