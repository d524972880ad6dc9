"""Counterexamples to the tests of a score, found and re-validated without the engine.

The statements, as the paper gives them (§4.2, §5.2; a violation is strict):

- **test1** (Axiom 2 at each level s): P1(S ≤ s) = 1, P2(S ≥ s) = 1, both in Π ∩ dom(X), and
  X(P1) > X(P2);
- **test2** / **test3**: P1, P2 ∈ Π ∩ dom(X), λ ∈ [0, 1], M = λP1 + (1 − λ)P2 ∈ dom(X) and
  X(M) > max(X(P1), X(P2)) (resp. X(M) < min);
- **domain_closed**: P1, P2 ∈ Π ∩ dom(X) but M ∉ dom(X);
- **theorem2_condition**: P(E) = 1 for an event E, P ∈ Π ∩ dom(X), and X(P) outside
  [min_E S, max_E S] (the bands {lo ≤ S ≤ hi} stand for every event).

:func:`validate` re-checks a witness given from outside (True: it holds, False: it does not,
None: a comparison too close to call). :func:`search` looks for one: floats rank candidate points
and mixtures, a local search climbs from the best ones, and only an exact re-validation makes a
candidate a :class:`Counterexample`.

>>> from ordertheory.spaces.sample_space import binary
>>> from ordertheory.scores.expression import parse_score
>>> from ordertheory.sets.performance_set import all_performances
>>> X, Pi = parse_score("1 - (tp + tn)", binary()), all_performances(binary())
>>> w = search(X, Pi, ("test1",))["test1"]
>>> validate(X, Pi, "test1", w.items)
True
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ordertheory.crosscheck.arith import compare
from ordertheory.crosscheck.points import WEIGHTS, combine, points, toward
from ordertheory.errors import OrderTheoryError
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet

TESTS = ("test1", "test2", "test3", "domain_closed", "theorem2_condition")
STEPS = (Fraction(1, 2), Fraction(1, 4), Fraction(1, 8), Fraction(1, 16), Fraction(1, 64))


@dataclass(frozen=True)
class Counterexample:
    """An exact witness that ``test`` fails, validated by :func:`validate`."""

    test: str
    items: dict = field(hash=False)

    def __str__(self) -> str:
        return f"{self.test}: " + ", ".join(f"{k} = {v}" for k, v in self.items.items())


# --- exact facts --------------------------------------------------------------------------------------
def inside(X: Score, Pi: PerformanceSet, P: Performance) -> bool | None:
    """P ∈ Π ∩ dom(X), decided exactly (None: a domain condition too close to call)."""
    if P.space != X.space or not Pi.contains(P):
        return False
    try:
        return X.in_domain(P)
    except OrderTheoryError:
        return None


def value(X: Score, P: Performance):
    """X(P), exact (a Fraction or an exact sympy number)."""
    return X.value(P)


def _both(*facts: bool | None) -> bool | None:
    if any(f is False for f in facts):
        return False
    return None if any(f is None for f in facts) else True


def mix(P1: Performance, P2: Performance, lam: Fraction) -> Performance:
    return combine([P1, P2], [lam, 1 - lam])


def validate(X: Score, Pi: PerformanceSet, test: str, items: Mapping) -> bool | None:
    """Whether ``items`` (exact performances, λ, s or the event) violate ``test`` for X on Π."""
    space = X.space
    if test == "test1":
        s, P1, P2 = Fraction(items["s"]), items["P1"], items["P2"]
        if P1.probability(o for o in space.outcomes if space.S(o) <= s) != 1:
            return False
        if P2.probability(o for o in space.outcomes if space.S(o) >= s) != 1:
            return False
        ok = _both(inside(X, Pi, P1), inside(X, Pi, P2))
        if ok is not True:
            return ok
        c = compare(value(X, P1), value(X, P2))
        return None if c is None else c > 0
    if test in ("test2", "test3", "domain_closed"):
        P1, P2, lam = items["P1"], items["P2"], Fraction(items["lambda"])
        if not 0 <= lam <= 1:
            return False
        ok = _both(inside(X, Pi, P1), inside(X, Pi, P2))
        if ok is not True:
            return ok
        M = mix(P1, P2, lam)
        in_m = inside(X, Pi, M)
        if test == "domain_closed":
            return None if in_m is None else not in_m
        if in_m is not True:
            return in_m
        d = 1 if test == "test2" else -1
        xm = value(X, M)
        cs = [compare(xm, value(X, P)) for P in (P1, P2)]
        if any(c is not None and d * c <= 0 for c in cs):
            return False
        return None if None in cs else True
    if test == "theorem2_condition":
        event, P = frozenset(items["event"]), items["P"]
        if P.probability(event) != 1:
            return False
        ok = inside(X, Pi, P)
        if ok is not True:
            return ok
        sat = [space.S(o) for o in event]
        x = value(X, P)
        lo, hi = compare(x, min(sat)), compare(x, max(sat))
        if (lo is not None and lo < 0) or (hi is not None and hi > 0):
            return True
        return None if None in (lo, hi) else False
    raise ValueError(f"unknown test {test!r}")


# --- floats, to rank candidates ----------------------------------------------------------------------
def _floats(X: Score, Ps: Sequence[Performance]) -> np.ndarray:
    if not Ps:
        return np.zeros(0)
    cols = np.array([[float(p) for p in P.probabilities] for P in Ps]).T
    return np.asarray(X.numeric(list(cols)), dtype=float)


class _Clock:
    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline

    def over(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline


# --- the searches ------------------------------------------------------------------------------------
def search(X: Score, Pi: PerformanceSet, tests: Sequence[str] = TESTS, seed: int = 0, size: int = 48,
           deadline: float | None = None) -> dict[str, Counterexample | None]:
    """For each test, a validated counterexample or None (none found: no claim either way)."""
    rng = random.Random(seed)
    clock = _Clock(deadline)
    pts = points(Pi, seed=seed, size=size)
    out: dict[str, Counterexample | None] = {}
    for t in tests:
        if clock.over():
            out[t] = None
            continue
        if t == "test1":
            out[t] = _axiom2(X, Pi, rng, seed, size, clock)
        elif t in ("test2", "test3"):
            out[t] = _mixture(X, Pi, pts, 1 if t == "test2" else -1, rng, clock)
        elif t == "domain_closed":
            out[t] = _closure(X, Pi, pts, rng, clock)
        elif t == "theorem2_condition":
            out[t] = _theorem2(X, Pi, rng, seed, size, clock)
        else:
            raise ValueError(f"unknown test {t!r}")
    return out


def _climb(score, start, moves, rng, clock, rounds: int = 30):
    """Hill climbing on a float objective: ``score(state)`` (higher is better, NaN is worst),
    ``moves(state)`` a random neighbour; returns the best state met."""
    best, best_v = start, score(start)
    for _ in range(rounds):
        if clock.over():
            break
        cand = moves(best)
        v = score(cand)
        if not np.isnan(v) and (np.isnan(best_v) or v > best_v):
            best, best_v = cand, v
    return best


def _axiom2(X, Pi, rng, seed, size, clock) -> Counterexample | None:
    space = X.space
    for s in sorted(set(space.satisfaction)):
        low = frozenset(o for o in space.outcomes if space.S(o) <= s)
        high = frozenset(o for o in space.outcomes if space.S(o) >= s)
        A, B = points(Pi, low, seed, size), points(Pi, high, seed, size)
        xa, xb = _floats(X, A), _floats(X, B)
        if not A or not B or np.all(np.isnan(xa)) or np.all(np.isnan(xb)):
            continue
        top = [int(i) for i in np.argsort(-np.nan_to_num(xa, nan=-np.inf))[:4] if not np.isnan(xa[i])]
        bottom = [int(i) for i in np.argsort(np.nan_to_num(xb, nan=np.inf))[:4] if not np.isnan(xb[i])]
        cands = [(A[i], B[j]) for i in top for j in bottom]
        if top and bottom and not clock.over():  # climb: X up on the low face, down on the high one
            f = lambda P: float(_floats(X, [P])[0])
            Pa = _climb(f, A[top[0]], lambda P: toward(P, rng.choice(A), rng.choice(STEPS)), rng, clock)
            Pb = _climb(lambda P: -f(P), B[bottom[0]], lambda P: toward(P, rng.choice(B), rng.choice(STEPS)),
                        rng, clock)
            cands.insert(0, (Pa, Pb))
        for P1, P2 in cands:
            items = {"s": s, "P1": P1, "P2": P2}
            if validate(X, Pi, "test1", items) is True:
                return Counterexample("test1", items)
    return None


def _float_mixtures(X: Score, F: np.ndarray, pairs: np.ndarray, lams: np.ndarray) -> np.ndarray:
    """X at λ·F[i] + (1 − λ)·F[j] for each pair (i, j) and λ, as floats: shape (pairs, λs)."""
    if len(pairs) == 0:
        return np.zeros((0, len(lams)))
    L = lams[None, :, None]
    M = L * F[pairs[:, 0]][:, None, :] + (1 - L) * F[pairs[:, 1]][:, None, :]
    flat = M.reshape(-1, F.shape[1])
    return np.asarray(X.numeric(list(flat.T)), dtype=float).reshape(len(pairs), len(lams))


def _pairs(ok: Sequence[int], rng, most: int = 900) -> np.ndarray:
    pairs = list(itertools.combinations(ok, 2))
    if len(pairs) > most:
        pairs = rng.sample(pairs, most)
    return np.array(pairs, dtype=int).reshape(-1, 2)


def _mixture(X, Pi, pts, d: int, rng, clock) -> Counterexample | None:
    name = "test2" if d > 0 else "test3"
    F = np.array([[float(p) for p in P.probabilities] for P in pts])
    xv = np.asarray(X.numeric(list(F.T)), dtype=float) if len(pts) else np.zeros(0)
    ok = [i for i in range(len(pts)) if not np.isnan(xv[i])]
    if len(ok) < 2:
        return None
    pairs = _pairs(ok, rng)
    lams = np.array([float(w) for w in WEIGHTS])
    xm = _float_mixtures(X, F, pairs, lams)
    ends = np.stack([xv[pairs[:, 0]], xv[pairs[:, 1]]], axis=1)
    bound = ends.max(axis=1) if d > 0 else ends.min(axis=1)
    margin = np.nan_to_num(d * (xm - bound[:, None]), nan=-np.inf).ravel()
    order = np.argsort(-margin)
    L = len(WEIGHTS)
    for h in order[:12]:
        if margin[h] < -1e-9 or clock.over():
            break
        i, j = pairs[h // L]
        items = {"P1": pts[i], "P2": pts[j], "lambda": WEIGHTS[h % L]}
        if validate(X, Pi, name, items) is True:
            return Counterexample(name, items)
    inside_pts = [pts[i] for i in ok]

    def objective(state) -> float:
        P1, P2, lam = state
        v = _floats(X, [P1, P2, mix(P1, P2, lam)])
        return float(d * (v[2] - (max(v[0], v[1]) if d > 0 else min(v[0], v[1]))))

    def move(state):
        P1, P2, lam = state
        k = rng.randrange(3)
        if k == 0:
            P1 = toward(P1, rng.choice(inside_pts), rng.choice(STEPS))
        elif k == 1:
            P2 = toward(P2, rng.choice(inside_pts), rng.choice(STEPS))
        else:
            lam = min(max(lam + rng.choice((-1, 1)) * rng.choice(STEPS) / 2, Fraction(1, 64)), Fraction(63, 64))
        return P1, P2, lam

    for h in order[:2]:
        if clock.over() or not np.isfinite(margin[h]):
            break
        i, j = pairs[h // L]
        P1, P2, lam = _climb(objective, (pts[i], pts[j], WEIGHTS[h % L]), move, rng, clock)
        items = {"P1": P1, "P2": P2, "lambda": lam}
        if validate(X, Pi, name, items) is True:
            return Counterexample(name, items)
    return None


def _closure(X, Pi, pts, rng, clock) -> Counterexample | None:
    ok = [P for P in pts if inside(X, Pi, P) is True]
    if len(ok) < 2:
        return None
    F = np.array([[float(p) for p in P.probabilities] for P in ok])
    pairs = _pairs(range(len(ok)), rng)
    lams = np.array([float(w) for w in WEIGHTS])
    nan = np.isnan(_float_mixtures(X, F, pairs, lams))  # floats outside the domain: try those exactly
    tries = [(int(i), int(j), WEIGHTS[h]) for (i, j), row in zip(pairs, nan) for h in np.flatnonzero(row)][:20]
    for i, j in pairs[:10] if X.conditions else ():  # exact crossings of the domain's conditions along a few segments
        if clock.over():
            break
        tries += [(int(i), int(j), lam) for lam in _crossings(X, ok[i], ok[j])]
    for i, j, lam in tries:
        if clock.over():
            return None
        items = {"P1": ok[i], "P2": ok[j], "lambda": lam}
        if validate(X, Pi, "domain_closed", items) is True:
            return Counterexample("domain_closed", items)
    return None


def _crossings(X: Score, P1: Performance, P2: Performance) -> list[Fraction]:
    """λ in (0, 1) where a polynomial or rational domain condition of X changes along the
    segment from P2 (λ = 0) to P1 (λ = 1): its rational roots, and a rational point between
    consecutive real roots (exact: sympy's real roots of the condition's numerator in λ)."""
    import sympy

    lam = sympy.Symbol("lam")
    sub = {s: lam * sympy.Rational(a.numerator, a.denominator) + (1 - lam) * sympy.Rational(b.numerator, b.denominator)
           for s, a, b in zip(X.symbols, P1.probabilities, P2.probabilities)}
    out: set[Fraction] = set()
    for c in X.conditions:
        e = c.expr.xreplace(sub)
        if not e.is_rational_function(lam):
            continue
        num, _ = sympy.fraction(sympy.together(e))
        try:
            poly = sympy.Poly(sympy.expand(num), lam)
            if poly.is_zero or poly.degree() < 1 or poly.degree() > 8:
                continue
            roots = sorted(sympy.real_roots(poly))
        except (sympy.PolynomialError, NotImplementedError):
            continue
        cut = [r for r in roots if 0 < r < 1]
        for r in cut:
            if r.is_Rational:
                out.add(Fraction(int(r.p), int(r.q)))
        edges = [sympy.Integer(0), *cut, sympy.Integer(1)]
        for a, b in zip(edges, edges[1:]):
            m = sympy.nsimplify((a + b) / 2, rational=True) if not (a + b).is_Rational else (a + b) / 2
            if m.is_Rational and 0 < m < 1:
                out.add(Fraction(int(m.p), int(m.q)))
    return sorted(out)


def _theorem2(X, Pi, rng, seed, size, clock) -> Counterexample | None:
    space = X.space
    levels = sorted(set(space.satisfaction))
    for lo, hi in ((a, b) for i, a in enumerate(levels) for b in levels[i:]):
        band = frozenset(o for o in space.outcomes if lo <= space.S(o) <= hi)
        pts = points(Pi, band, seed, size)
        xv = _floats(X, pts)
        if not pts or np.all(np.isnan(xv)):
            continue
        gap = np.nan_to_num(np.maximum(float(lo) - xv, xv - float(hi)), nan=-np.inf)
        order = [int(i) for i in np.argsort(-gap)[:4] if np.isfinite(gap[i])]
        cands = [pts[i] for i in order]
        if order and not clock.over():
            f = lambda P: float(np.nan_to_num(max(float(lo) - _floats(X, [P])[0], _floats(X, [P])[0] - float(hi)),
                                              nan=-np.inf))
            cands.insert(0, _climb(f, pts[order[0]], lambda P: toward(P, rng.choice(pts), rng.choice(STEPS)),
                                   rng, clock))
        for P in cands:
            items = {"event": sorted(band, key=space.outcomes.index), "P": P}
            if validate(X, Pi, "theorem2_condition", items) is True:
                return Counterexample("theorem2_condition", items)
    return None
