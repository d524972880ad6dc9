"""Candidate points for spaces of score levels and abstentions: each class's mass on one outcome.

The counterexamples of ROC AUC and average precision are mixtures of performances concentrated on
few score levels (positives at level 1 and negatives at level 0, mixed with positives at 3 and
negatives at 2: both AUC 1, the mixture 3/4). On a space whose outcomes are grouped by ground-truth
class (``scored:L``, ``selective:k``) the points where every class puts its mass on one outcome
are exactly Π's vertices at fixed class priors, and, on all performances, the two-outcome
supports with the class weights 1:1, 1:2 and 2:1. They are exact points of Π; every pair of them
(at the λ of the search) is tried before the random sampler, whose pairs would rarely meet two
such points once there are tens of outcomes. Floats only rank; :mod:`witness` decides.

>>> from ordertheory.sets.performance_set import all_performances
>>> from ordertheory.spaces.sample_space import scored
>>> len(class_points(all_performances(scored(3))).weights)  # 3 × 3 level pairs × 3 weightings
27
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import lru_cache

import numpy as np
import sympy

from ordertheory.engine.search.falsify import Sample
from ordertheory.performances.performance import Performance
from ordertheory.sets.performance_set import PerformanceSet

MAX_POINTS = 1200  # ~1.4 M (pair, λ) evaluations: well under a second of numpy
WEIGHTINGS = ((1, 1), (1, 2), (2, 1))


def _priors(Pi: PerformanceSet, rows: list[tuple[str, ...]]) -> list[Fraction] | None:
    """The class priors when Π fixes them all (each class's mass constant on Π), else None."""
    params, mapping, _ = Pi.parametrise("cp")
    syms = dict(zip(Pi.space.outcomes, Pi.symbols))
    out = []
    for row in rows:
        v = sympy.expand(sum(mapping[syms[o]] for o in row))
        if not v.is_Rational:
            return None
        out.append(Fraction(int(v.p), int(v.q)))
    return out


@lru_cache(maxsize=32)
def class_points(Pi: PerformanceSet) -> Sample | None:
    """The points above as a sample (one point per row of weights), or None when the space has no
    classes with several outcomes each, when there are too many, or when none is in Π."""
    sp = Pi.space
    k = sp.truth_classes
    if not k or sp.is_binary or sp.classes:  # the k × k spaces have their own lifted faces
        return None
    rows = [sp.row(i) for i in range(k)]
    if sum(len(r) for r in rows) != len(sp) or any(len(r) < 2 for r in rows):
        return None
    if math.prod(len(r) for r in rows) > MAX_POINTS:  # (k + 1)^k on selective:k: counted, never listed
        return None
    priors = _priors(Pi, rows) if Pi.constraints else None
    combos = list(itertools.product(*rows))
    if priors is not None:
        weightings = [tuple(priors)]
    elif k == 2:
        weightings = [tuple(Fraction(w, a + b) for w in (a, b)) for a, b in WEIGHTINGS]
    else:
        weightings = [tuple(Fraction(1, k) for _ in range(k))]
    if len(combos) * len(weightings) > MAX_POINTS:
        return None
    points = []
    for cells in combos:
        for ws in weightings:
            probs = dict.fromkeys(sp.outcomes, Fraction(0))
            for o, w in zip(cells, ws):
                probs[o] += w
            P = Performance(sp, tuple(probs[o] for o in sp.outcomes))
            if Pi.contains(P):
                points.append(P)
    if len(points) < 2:
        return None
    coords = np.array([[float(p) for p in P.probabilities] for P in points])
    return Sample(points, np.eye(len(points), dtype=np.int8), coords)
