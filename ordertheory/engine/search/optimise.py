"""A local search for mixture counterexamples near the boundary of Π (k-class spaces).

The sampler of :mod:`.falsify` mixes Π's vertices with small integer weights; counterexamples
that need several outcomes at probability ~10⁻³ next to a few large ones (test 3 of the multiclass
GPS on three classes: X(P1) ≈ X(P2) ≈ 0.0108, X(M) ≈ 0.0073) lie between its grid points. Here a
population of (P1, P2, λ) climbs the violation in logit coordinates, every member evaluated at
once by a vectorised float formula (sympy ``lambdify`` with common sub-expressions). Floats only
propose: a candidate is rounded to rationals on Π (one denominator, 10⁶) and reported only once
:func:`ordertheory.engine.witness.mixture_violation` has re-validated it exactly. The search gives
up after PATIENCE seconds without a float violation, and always after MAX_SECONDS; the mixture
search of :mod:`ordertheory.fitness.score_tests` calls it beyond four outcomes only.

>>> from ordertheory.catalogue import get
>>> from ordertheory.sets.performance_set import all_performances
>>> from ordertheory.spaces.sample_space import multiclass
>>> Pi = all_performances(multiclass(2))
>>> optimise_mixture(get("multiclass_accuracy").score(Pi.space), Pi, -1, 0, time.perf_counter() + 1) is None
True
"""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np
import sympy

from ordertheory.engine import witness
from ordertheory.engine.search.faces import class_priors
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet

POPULATION, FLOOR, DENOMINATOR, MAX_SECONDS = 256, 1e-5, 10**6, 5.0
PATIENCE = 0.5  # seconds without any float violation before giving up (the GPS's appear within 0.3 s)


def _points(z: np.ndarray, rows: np.ndarray | None) -> np.ndarray:
    """Logits (pop × n) -> points of Π with every coordinate ≥ FLOOR (rows scaled to their priors)."""
    if rows is None:
        e = np.exp(z - z.max(axis=1, keepdims=True))
        e = e / e.sum(axis=1, keepdims=True)
        return (1 - FLOOR * z.shape[1]) * e + FLOOR
    k = len(rows)
    zz = z.reshape(len(z), k, k)
    e = np.exp(zz - zz.max(axis=2, keepdims=True))
    e = e / e.sum(axis=2, keepdims=True)
    e = (1 - FLOOR * k) * e + FLOOR
    return (e * rows[None, :, None]).reshape(len(z), k * k)


def _exact(x: np.ndarray, sp, rows: tuple[Fraction, ...] | None) -> Performance:
    """A float point rounded to an exact performance of Π (each row's largest entry absorbs the rest)."""
    q = [Fraction(round(float(v) * DENOMINATOR), DENOMINATOR) for v in x]  # one denominator: a short witness
    groups = [range(len(q))] if rows is None else [range(i * len(rows), (i + 1) * len(rows)) for i in range(len(rows))]
    targets = [Fraction(1)] if rows is None else list(rows)
    for g, t in zip(groups, targets):
        top = max(g, key=lambda i: q[i])
        q[top] += t - sum(q[i] for i in g)
    return Performance(sp, tuple(q))


def optimise_mixture(score: Score, Pi: PerformanceSet, direction: int, seed: int,
                     deadline: float) -> dict | None:
    """A validated witness {P1, P2, lambda} of test 2 (direction +1) or test 3 (−1), or None.
    Only for Π = all performances or fixed class priors on a k-class space; at most MAX_SECONDS."""
    priors = class_priors(Pi)
    if priors is None or not score.is_algebraic:
        return None
    rows = None if not Pi.constraints else tuple(priors)
    deadline = min(deadline, time.perf_counter() + MAX_SECONDS)
    f = sympy.lambdify(list(score.symbols), score.expr, "numpy", cse=True)
    n = len(score.symbols)
    rw = None if rows is None else np.array([float(r) for r in rows])
    rng = np.random.default_rng(seed)

    def gap(z: np.ndarray) -> np.ndarray:
        a, b = _points(z[:, :n], rw), _points(z[:, n:2 * n], rw)
        lam = 1 / (1 + np.exp(-z[:, -1:]))
        m = lam * a + (1 - lam) * b
        with np.errstate(all="ignore"):
            xa, xb, xm = (np.broadcast_to(f(*p.T), (len(z),)) for p in (a, b, m))
            g = xm - np.maximum(xa, xb) if direction > 0 else np.minimum(xa, xb) - xm
            g = g / (1e-12 + np.abs(xm))
        return np.where(np.isfinite(g), g, -np.inf)

    z = rng.normal(0, 3, (POPULATION, 2 * n + 1))
    g, sigma = gap(z), np.ones(POPULATION)
    checked = 1e-6  # the largest gap whose rounding failed exact validation: only larger ones are tried
    give_up = time.perf_counter() + PATIENCE
    while time.perf_counter() < deadline:
        if g.max() <= 1e-6 and time.perf_counter() > give_up:  # no float violation worth rounding
            return None
        cand = z + sigma[:, None] * rng.normal(0, 1, z.shape)
        gc = gap(cand)
        better = gc > g
        z[better], g[better] = cand[better], gc[better]
        sigma = np.clip(np.where(better, sigma * 1.2, sigma * 0.95), 1e-3, 3.0)
        i = int(np.argmax(g))
        if g[i] <= checked:
            continue
        P1 = _exact(_points(z[i:i + 1, :n], rw)[0], Pi.space, rows)
        P2 = _exact(_points(z[i:i + 1, n:2 * n], rw)[0], Pi.space, rows)
        lam = Fraction(round(float(1 / (1 + np.exp(-z[i, -1]))) * DENOMINATOR), DENOMINATOR)
        if witness.mixture_violation(score, Pi, P1, P2, lam, direction):
            return {"P1": P1, "P2": P2, "lambda": lam}
        checked = 1.5 * g[i]
    return None
