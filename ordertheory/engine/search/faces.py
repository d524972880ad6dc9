"""Falsifying search in k² dimensions: low-dimensional faces of the k-class Π, lifted exactly.

Enumerating Π's vertices is hopeless for many classes (k^k of them at fixed class priors, and
the pairs of the general sampler grow with their square). Counterexamples of macro-averaged
scores live on small faces anyway: two or three classes confused with each other while every
other class keeps its mass on one outcome (its diagonal when the support allows, so that
per-class terms of the other classes stay constant). For a set C of classes, the lifted points
are
    P = Σ_{a ∈ C} π_a · e_{a, j(a)}  +  Σ_{c ∉ C} π_c · e_{c, b(c)},
one column j(a) ∈ C per class of C (all performances: π uniform, a single cell of C × C),
which are exact points of Π (and of the support). Samples mix them with the usual integer
weights, per face; floats only rank candidates, :mod:`witness` decides.

>>> from ordertheory.sets.performance_set import fixed_priors
>>> from ordertheory.spaces.sample_space import multiclass
>>> Pi = fixed_priors(multiclass(19), ["1/19"] * 19)
>>> applies, smp = lifted_sample(Pi, None, 300, 0)
>>> all(Pi.contains(smp.performance(i)) for i in range(0, len(smp.weights), 50))
True
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

import numpy as np
import sympy

from ordertheory.engine.search.sampling import Sample, of_vertices, weights
from ordertheory.performances.performance import Performance
from ordertheory.sets.performance_set import PerformanceSet

EXACT_LIMIT = 40  # up to this many vertices (fixed priors) the sampler uses them all
EXACT_LIMIT_ALL = 16  # all performances: unit vectors leave most classes absent (outside macro domains)
PAIRS, TRIPLES = 8, 3  # class subsets sampled when there are more


def class_priors(Pi: PerformanceSet) -> tuple[Fraction, ...] | None:
    """The class priors when Π is "all performances" (uniform stand-in) or "fixed class priors"
    on a k-class space; None for any other Π."""
    sp, k = Pi.space, Pi.space.classes
    if not sp.is_confusion:
        return None
    if not Pi.constraints:
        return tuple(Fraction(1, k) for _ in range(k))
    syms = dict(zip(sp.outcomes, Pi.symbols))
    fixed: dict[int, Fraction] = {}
    for c in Pi.constraints:
        if c.op != "==":
            return None
        for i in range(k):
            row = sum(syms[sp.confusion_outcome(i, j)] for j in range(k))
            r = sympy.expand(row - c.expr)
            if r.is_number and i not in fixed:
                fixed[i] = Fraction(int(sympy.Rational(r).p), int(sympy.Rational(r).q))
                break
        else:
            return None
    free = [i for i in range(k) if i not in fixed]
    if len(free) != 1:
        return None
    fixed[free[0]] = 1 - sum(fixed.values())
    return tuple(fixed[i] for i in range(k))


def _count(Pi: PerformanceSet, allowed: list[list[int]]) -> int:
    if not Pi.constraints:
        return sum(len(a) for a in allowed)
    return int(np.prod([len(a) for a in allowed], dtype=object))


def lifted_sample(Pi: PerformanceSet, support: frozenset[str] | None, n: int, seed: int):
    """(applies, sample): about n exact points of Π (∩ support), from its vertices when there are
    at most EXACT_LIMIT, else on lifted 2- and 3-class faces (None when Π ∩ support is empty);
    applies is False when Π is not a k-class Π (the general sampler then runs)."""
    priors = class_priors(Pi)
    if priors is None:
        return False, None
    return _lifted(Pi, support, n, seed, priors)


@lru_cache(maxsize=64)
def _lifted(Pi: PerformanceSet, support, n: int, seed: int, priors: tuple[Fraction, ...]):
    k, sp = len(priors), Pi.space
    keep = set(sp.outcomes if support is None else support)
    allowed = [[j for j in range(k) if sp.confusion_outcome(i, j) in keep] for i in range(k)]
    if Pi.constraints and not all(allowed):
        return True, None  # a class with its prior but no outcome left: no point
    if _count(Pi, allowed) <= (EXACT_LIMIT if Pi.constraints else EXACT_LIMIT_ALL):  # few vertices: all of them (the product of row choices)
        verts = _vertices(sp, priors, allowed, bool(Pi.constraints))
        if not verts:
            return True, None
        return True, of_vertices(verts, weights(len(verts), n, np.random.default_rng(seed)))
    rng = np.random.default_rng(seed)
    subsets = list(itertools.combinations(range(k), 2))
    if len(subsets) > PAIRS:
        pick = rng.choice(len(subsets), size=PAIRS, replace=False)
        subsets = [subsets[i] for i in sorted(pick)]
        trip = [tuple(sorted(rng.choice(k, size=3, replace=False).tolist())) for _ in range(TRIPLES)]
        subsets += trip
    verts: list[Performance] = []
    blocks = []
    for C in subsets:
        vs = _face_points(sp, priors, allowed, C, bool(Pi.constraints))
        if not vs:
            continue
        W = weights(len(vs), max(len(vs), n // len(subsets)), rng)
        blocks.append((len(verts), W))
        verts.extend(vs)
    if not verts:
        return True, None
    full = np.zeros((sum(len(W) for _, W in blocks), len(verts)), dtype=np.int64)
    r = 0
    for start, W in blocks:
        full[r:r + len(W), start:start + W.shape[1]] = W
        r += len(W)
    return True, of_vertices(verts, full)


VERTEX_STAGE_LIMIT = 4096  # fixed priors: up to this many vertices (k^k: k ≤ 5) a search may take them all


def vertex_sample(Pi: PerformanceSet, support: frozenset[str] | None):
    """Every vertex of a fixed-class-priors Π (∩ support), each class's mass on one column, as a
    sample of exact points (one per vertex); None for another Π or beyond VERTEX_STAGE_LIMIT vertices.

    The lifted faces keep the classes outside a face on their diagonal; scores with a chance term
    (R_K at uniform priors on 4 classes) have their test 1 witnesses at vertices where every class
    is confused, which this stage reaches.

    >>> from ordertheory.sets.performance_set import fixed_priors
    >>> from ordertheory.spaces.sample_space import multiclass
    >>> len(vertex_sample(fixed_priors(multiclass(4), ["1/4"] * 4), None).weights)
    256
    """
    priors = class_priors(Pi)
    if priors is None or not Pi.constraints:
        return None
    return _vertex_sample(Pi, support, priors)


@lru_cache(maxsize=32)
def _vertex_sample(Pi: PerformanceSet, support, priors: tuple[Fraction, ...]):
    k, sp = len(priors), Pi.space
    keep = set(sp.outcomes if support is None else support)
    allowed = [[j for j in range(k) if sp.confusion_outcome(i, j) in keep] for i in range(k)]
    if not all(allowed) or _count(Pi, allowed) > VERTEX_STAGE_LIMIT:
        return None
    verts = _vertices(sp, priors, allowed, True)
    if not verts:
        return None
    coords = np.array([[float(p) for p in v.probabilities] for v in verts])
    return Sample(verts, np.eye(len(verts), dtype=np.int8), coords)  # one point per vertex


def _vertices(sp, priors, allowed, fixed: bool) -> list[Performance]:
    """Π ∩ support's exact vertices: one cell (all performances) or one cell per row (fixed priors)."""
    def point(cells) -> Performance:
        probs = dict.fromkeys(sp.outcomes, Fraction(0))
        for (i, j), w in cells:
            probs[sp.confusion_outcome(i, j)] += w
        return Performance(sp, tuple(probs[o] for o in sp.outcomes))

    if not fixed:
        return [point([((i, j), Fraction(1))]) for i, js in enumerate(allowed) for j in js]
    return [point([((i, j), priors[i]) for i, j in enumerate(ch)]) for ch in itertools.product(*allowed)]


def _face_points(sp, priors, allowed, C, fixed: bool) -> list[Performance]:
    """Points of Π on the face where the classes of C are confused among themselves only."""
    k = len(priors)
    background = {}
    for c in range(k):
        if c in C:
            continue
        if not allowed[c]:
            if fixed:
                return []
            continue
        background[c] = c if c in allowed[c] else next((j for j in allowed[c] if j not in C), allowed[c][0])
    inner = [[j for j in allowed[a] if j in C] or allowed[a][:2] for a in C]
    if fixed:
        choices = itertools.product(*inner)
        cells = [tuple((a, j, priors[a]) for a, j in zip(C, ch)) for ch in choices]
    else:
        wC = sum(priors[a] for a in C)
        cells = [((a, j, wC),) for a, js in zip(C, inner) for j in js]
    out = []
    for cell in cells:
        probs = dict.fromkeys(sp.outcomes, Fraction(0))
        for a, j, w in cell:
            probs[sp.confusion_outcome(a, j)] += w
        for c, j in background.items():
            probs[sp.confusion_outcome(c, j)] += priors[c]
        total = sum(probs.values())
        if total == 0:
            continue
        out.append(Performance(sp, tuple(probs[o] / total for o in sp.outcomes)))
    return out
