"""Falsify first: a numeric search proposes witnesses, exact arithmetic decides them.

Candidates are exact from the start: every sampled performance is a mixture of Π's exact vertices
with small integer weights (vertices, edges, faces and interiors, where the counterexamples of
scores undefined on the boundary live). Floats only rank candidates; a witness is reported only
after :mod:`ordertheory.engine.witness` re-validates it in exact arithmetic, without any solver.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ordertheory.engine.search.faces import lifted_sample
from ordertheory.engine.search.sampling import Sample, of_vertices, weights
from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet

LAMBDAS = tuple(Fraction(n, d) for n, d in ((1, 2), (1, 3), (2, 3), (1, 4), (3, 4), (1, 10), (9, 10),
                                             (1, 100), (99, 100)))


def sample(Pi: PerformanceSet, support: Iterable[str] | None, n: int, seed: int) -> Sample | None:
    """About ``n`` exact points of Π restricted to ``support``: vertices, edge points, faces, interior.

    The points depend on Π, the support and the seed only, so they are cached and shared by every
    score checked on the same Π.
    """
    return _sample(Pi, None if support is None else frozenset(support), n, seed)


@lru_cache(maxsize=256)
def _sample(Pi: PerformanceSet, support: frozenset[str] | None, n: int, seed: int) -> Sample | None:
    applies, lifted = lifted_sample(Pi, support, n, seed)
    if applies:
        return lifted
    verts = _vertices(Pi, support)
    if not verts:
        return None
    return of_vertices(verts, weights(len(verts), n, np.random.default_rng(seed)))


MAX_BASES = 2000  # vertex bases tried per (Π, support) before the search gives up on vertices


@lru_cache(maxsize=256)
def _vertices(Pi: PerformanceSet, support: frozenset[str] | None) -> list[Performance]:
    try:
        return Pi.vertices(support, max_bases=MAX_BASES)
    except InvalidInput:  # too many to enumerate: the search is skipped, the solver still decides
        return []


def values(score: Score, coords: np.ndarray) -> np.ndarray:
    """Float values of the score at many points (NaN outside the domain). Numeric only."""
    return score.numeric([coords[:, j] for j in range(coords.shape[1])])


def _random_pairs(score: Score, smp: Sample, seed: int, pairs: int):
    """The score's values and random pairs (i ≠ j) of sample points inside its domain."""
    X = values(score, smp.coords)
    ok = np.flatnonzero(~np.isnan(X))
    if len(ok) < 2:
        return None, None, None
    rng = np.random.default_rng(seed)
    i = rng.choice(ok, size=pairs)
    j = rng.choice(ok, size=pairs)
    keep = i != j
    return X, i[keep], j[keep]


def _mixture_values(score: Score, smp: Sample, i: np.ndarray, j: np.ndarray):
    """(λ, X at λ·P_i + (1−λ)·P_j) for every λ of LAMBDAS, vectorised over the pairs."""
    for lam in LAMBDAS:
        lf = float(lam)
        yield lam, values(score, lf * smp.coords[i] + (1 - lf) * smp.coords[j])


def rank_pairs_for_mixture(
    score: Score, smp: Sample, direction: int, seed: int, pairs: int = 6000
) -> list[tuple[int, int, Fraction, float]]:
    """Candidate (i, j, λ) whose mixture's value exceeds both ends (direction +1, test 2) or falls
    below both (direction −1, test 3), most violating first. Floats rank; nothing is decided here."""
    X, i, j = _random_pairs(score, smp, seed, pairs)
    if X is None:
        return []
    out = []
    for lam, XM in _mixture_values(score, smp, i, j):
        if direction > 0:
            gap = XM - np.maximum(X[i], X[j])
        else:
            gap = np.minimum(X[i], X[j]) - XM
        scale = 1 + np.abs(XM)
        rel = gap / scale
        hits = np.flatnonzero(rel > 1e-12)
        for h in hits[np.argsort(-rel[hits], kind="stable")][:8]:
            out.append((int(i[h]), int(j[h]), lam, float(rel[h])))
    out.sort(key=lambda t: -t[3])
    return out[:40]


def closure_candidates(score: Score, smp: Sample, seed: int, pairs: int = 6000):
    """Candidate (i, j, λ) with both ends in the domain but the mixture (numerically) outside."""
    X, i, j = _random_pairs(score, smp, seed, pairs)
    if X is None:
        return []
    out = []
    for lam, XM in _mixture_values(score, smp, i, j):
        for h in np.flatnonzero(np.isnan(XM))[:5]:
            out.append((int(i[h]), int(j[h]), lam, 1.0))
    return out[:40]


# --- deterministic stage: structured points before random ones --------------------------------------
EDGE_RATIOS = ((1, 1), (1, 2), (2, 1))
MAX_STRUCTURED = 200  # structured points (vertices, edge points, face centroids) kept per Π


def structured(Pi: PerformanceSet, limit: int = MAX_STRUCTURED) -> Sample | None:
    """Π's exact vertices (the simplex and the user's linear constraints), the edge points at the
    ratios EDGE_RATIOS of every pair of vertices, and the centroid of every triple and of all of
    them: the points every search tries first, in this order, up to ``limit`` points."""
    verts = _vertices(Pi, None)
    if not verts:
        return None
    k = len(verts)
    rows = [np.eye(k, dtype=np.int64)]
    for i, j in itertools.combinations(range(k), 2):
        for a, b in EDGE_RATIOS:
            r = np.zeros(k, dtype=np.int64)
            r[i], r[j] = a, b
            rows.append(r[None, :])
    for t in itertools.combinations(range(k), 3):
        r = np.zeros(k, dtype=np.int64)
        r[list(t)] = 1
        rows.append(r[None, :])
    rows.append(np.ones((1, k), dtype=np.int64))
    W = np.concatenate(rows)[:limit]
    V = np.array([[float(p) for p in v.probabilities] for v in verts])
    return Sample(verts, W, (W @ V) / W.sum(axis=1, keepdims=True))


def structured_mixture_candidates(score: Score, smp: Sample, direction: int) -> list[tuple[int, int, Fraction, float]]:
    """Every pair of structured points at every λ of LAMBDAS (no sampling), most violating first:
    (i, j, λ, relative gap) with a positive gap only. Floats rank; nothing is decided here."""
    X = values(score, smp.coords)
    ok = np.flatnonzero(~np.isnan(X))
    if len(ok) < 2:
        return []
    i, j = (np.array(a, dtype=np.int64) for a in zip(*itertools.permutations(ok, 2)))
    out = []
    for lam, XM in _mixture_values(score, smp, i, j):
        gap = (XM - np.maximum(X[i], X[j])) if direction > 0 else (np.minimum(X[i], X[j]) - XM)
        rel = gap / (1 + np.abs(XM))
        hits = np.flatnonzero(rel > 1e-12)
        out += [(int(i[h]), int(j[h]), lam, float(rel[h])) for h in hits[np.argsort(-rel[hits], kind="stable")][:8]]
    out.sort(key=lambda t: -t[3])
    return out[:40]
