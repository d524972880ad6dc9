"""Falsify first: the numeric searches of the tests, every candidate re-validated exactly.

Floats only rank candidates (:mod:`ordertheory.engine.search.falsify`); a witness is returned only when the
theory's exact predicate (:mod:`ordertheory.theory.axioms`, :mod:`ordertheory.engine.witness`) holds.

>>> from ordertheory.catalogue import get
>>> from ordertheory.sets.performance_set import fixed_prior
>>> from ordertheory.spaces.sample_space import binary
>>> X = get("g_mean").score()
>>> sorted(search_mixture(X, fixed_prior(binary(), "1/2"), 1, 0))
['P1', 'P2', 'lambda']
"""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np

from ordertheory.engine import witness
from ordertheory.engine.search import falsify
from ordertheory.engine.search.class_points import class_points
from ordertheory.engine.search.faces import vertex_sample
from ordertheory.engine.search.optimise import optimise_mixture
from ordertheory.errors import OrderTheoryError
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.theory.axioms import axiom2_levels, axiom2_violation

SUBSPACE_CLASSES = 3


def subspace(Pi: PerformanceSet, support) -> frozenset[str] | None:
    """On all performances of k > 3 classes, the outcomes of classes 0–2 only (within ``support``):
    a face of Π where the others are absent. Scores such as R_K and κ read there as on three
    classes, where their counterexamples are found at once; the witness is a point of Π as it
    stands (zero mass elsewhere) and is validated on the k-class score like any other. None on a
    Π with constraints (absent classes would break fixed priors) or with few classes."""
    k = Pi.space.classes
    if not k or k <= SUBSPACE_CLASSES or Pi.constraints:
        return None
    sub = frozenset(Pi.space.confusion_outcome(i, j) for i in range(SUBSPACE_CLASSES) for j in range(SUBSPACE_CLASSES))
    return sub if support is None else sub & frozenset(support)


def search_axiom2(score: Score, Pi: PerformanceSet, s: Fraction, seed: int, deadline: float = float("inf")) -> dict | None:
    _, low, high = next(level for level in axiom2_levels(score.space) if level[0] == s)
    sub_low, sub_high = subspace(Pi, low), subspace(Pi, high)
    if sub_low and sub_high:  # the three-class face first: cheap, and where R_K's witnesses are
        found = search_axiom2_on(score, Pi, s, deadline, falsify.sample(Pi, sub_low, 400, seed),
                                  falsify.sample(Pi, sub_high, 400, seed + 1))
        if found is not None:
            return found
    va, vb = vertex_sample(Pi, frozenset(low)), vertex_sample(Pi, frozenset(high))
    if va is not None and vb is not None:  # fixed priors, few classes: every vertex
        found = search_axiom2_on(score, Pi, s, deadline, va, vb)
        if found is not None:
            return found
    return search_axiom2_on(score, Pi, s, deadline, falsify.sample(Pi, low, 400, seed),
                             falsify.sample(Pi, high, 400, seed + 1))


def search_axiom2_on(score: Score, Pi: PerformanceSet, s: Fraction, deadline: float, a, b) -> dict | None:
    if a is None or b is None:
        return None
    Xa, Xb = falsify.values(score, a.coords), falsify.values(score, b.coords)
    ia = [int(i) for i in np.argsort(-np.nan_to_num(Xa, nan=-np.inf), kind="stable")[:6] if not np.isnan(Xa[i])]
    ib = [int(i) for i in np.argsort(np.nan_to_num(Xb, nan=np.inf), kind="stable")[:6] if not np.isnan(Xb[i])]
    for i in ia:
        for j in ib:
            if time.perf_counter() > deadline:
                return None
            if Xa[i] < Xb[j] - 1e-9:
                continue
            P1, P2 = a.performance(i), b.performance(j)
            if axiom2_violation(score, Pi, s, P1, P2):
                return {"s": s, "P1": P1, "P2": P2}
    return None


STRUCTURED_MAX_OUTCOMES = 9  # the two-class and three-class spaces


def search_mixture(score: Score, Pi: PerformanceSet, direction: int, seed: int, closure: bool = False,
                    deadline: float = float("inf")):
    # deterministic stage first: every pair of Π's vertices, edge points, centroids — up to
    # STRUCTURED_MAX_OUTCOMES outcomes; beyond, the lifted faces of the sampler play that part
    # (on 36 outcomes the stage's exact checks took the whole budget of macro F1's test 2)
    if not closure and len(Pi.space.outcomes) <= STRUCTURED_MAX_OUTCOMES:
        st = falsify.structured(Pi)
        for i, j, lam, _ in (falsify.structured_mixture_candidates(score, st, direction) if st else [])[:10]:
            if time.perf_counter() > deadline:
                return None
            P1, P2 = st.performance(i), st.performance(j)
            if witness.mixture_violation(score, Pi, P1, P2, lam, direction):
                return {"P1": P1, "P2": P2, "lambda": lam}
    if not closure and (cp := class_points(Pi)) is not None:  # score levels, abstentions: one outcome per class
        for i, j, lam, _ in falsify.structured_mixture_candidates(score, cp, direction)[:10]:
            if time.perf_counter() > deadline:
                return None
            if witness.mixture_violation(score, Pi, cp.performance(i), cp.performance(j), lam, direction):
                return {"P1": cp.performance(i), "P2": cp.performance(j), "lambda": lam}
    if not closure and (va := vertex_sample(Pi, None)) is not None:  # fixed priors, few classes: vertex pairs
        for i, j, lam, _ in falsify.rank_pairs_for_mixture(score, va, direction, seed)[:10]:
            if time.perf_counter() > deadline:
                return None
            if witness.mixture_violation(score, Pi, va.performance(i), va.performance(j), lam, direction):
                return {"P1": va.performance(i), "P2": va.performance(j), "lambda": lam}
    smp = falsify.sample(Pi, None, 1500, seed)
    if smp is None:
        return None
    cands = (falsify.closure_candidates(score, smp, seed) if closure
             else falsify.rank_pairs_for_mixture(score, smp, direction, seed))
    for i, j, lam, _ in cands[:25]:
        if time.perf_counter() > deadline:
            return None
        P1, P2 = smp.performance(i), smp.performance(j)
        ok = (witness.closure_violation(score, Pi, P1, P2, lam) if closure
              else witness.mixture_violation(score, Pi, P1, P2, lam, direction))
        if ok:
            return {"P1": P1, "P2": P2, "lambda": lam}
    if not closure and len(Pi.space) > 4 and time.perf_counter() < deadline:  # k ≥ 3 (k = 2: the grids suffice)
        # near the boundary, between the sampler's grid points (multiclass GPS, test 3): a local search
        return optimise_mixture(score, Pi, direction, seed, deadline)
    return None


def search_theorem2(score: Score, Pi: PerformanceSet, event, seed: int, deadline: float = float("inf")):
    smp = falsify.sample(Pi, event, 300, seed)
    if smp is None:
        return None
    sat = [float(score.space.S(o)) for o in event]
    X = falsify.values(score, smp.coords)
    gap = np.maximum(min(sat) - X, X - max(sat))
    for i in np.argsort(-np.nan_to_num(gap, nan=-np.inf), kind="stable")[:5]:
        if np.isnan(gap[i]) or gap[i] < -1e-9 or time.perf_counter() > deadline:
            break
        P = smp.performance(int(i))
        if witness.theorem2_violation(score, Pi, event, P):
            return {"event": sorted(event, key=score.space.outcomes.index), "P": P}
    return None


def mixture_refuted(score: Score, Pi: PerformanceSet, seconds: float) -> bool:
    """Whether a short falsifying search (``seconds`` per test) finds a mixture beyond both ends
    (test 2) or below both (test 3), its witness validated exactly: then no strictly monotone
    transform of a ranking score equals X on Π, and a search for one is not needed."""
    try:
        return any(search_mixture(score, Pi, d, 0, deadline=time.perf_counter() + seconds) is not None
                   for d in (1, -1))
    except OrderTheoryError:  # a score the numeric search cannot evaluate: the general path decides
        return False
