"""Scoring classifiers, each at its best threshold, better for every importance: ROC-hull dominance (section
R, statement RS), decided exactly on per-sample scores, and how sure by resampling the cases jointly.

On one test set (one prior), an entity's best R_(a,b) over its thresholds is at a vertex of its ROC hull,
and A's best is at least B's for every (a, b) iff every ROC point of B lies on or under A's hull (RS). Both
reach (0, 0) and (1, 1) with the trivial thresholds, so they are level at TNR and TPR alone: 'better' is at
least as good for every importance and strictly better for some — A's hull above B's somewhere, never below.
Exactly (integers: counts of negatives FP and positives TP above each threshold), A is above B somewhere iff a
vertex of A's hull lies strictly above B's hull (the hulls are concave and piecewise linear).

**How sure**: the cases are resampled with replacement, jointly for every entity (the pairing of one test set
kept), and each draw's hulls compared exactly; P(every) and P(some) are the frequencies. Per ordered pair two
claims — "A's hull above B's somewhere and nowhere below" and "somewhere above" — with the p-value (#draws
where the claim fails + 1)/(D + 1), Holm over every claim of every pair, closed under transitivity; the
relations as in :mod:`~ordertheory.ranking.robust.robust_order`. The bootstrap's p-values are approximate:
their calibration is simulated in tests/slow/test_robust_calibration.py.

>>> y = np.array([0, 0, 0, 1, 1, 1])
>>> s = np.array([[0.1, 0.2, 0.3, 0.6, 0.7, 0.8], [0.1, 0.5, 0.3, 0.4, 0.7, 0.8], [0.9, 0.2, 0.3, 0.6, 0.7, 0.1]])
>>> [h.tolist() for h in upper_hull(*roc_points(y, s[1]))]
[[0, 1, 3], [2, 3, 3]]
>>> hull_relation(upper_hull(*roc_points(y, s[0])), upper_hull(*roc_points(y, s[1])))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ordertheory.errors import InvalidInput, ResourceLimit
from ordertheory.ranking.robust.dominance import Exact, ExactPair, closure, reduction
from ordertheory.ranking.robust.robust_order import Relation, RobustPair
from ordertheory.ranking.scored_ranking import ScoredLeaderboard
from ordertheory.ranking.uncertainty.paired_tests import holm
from ordertheory.ranking.uncertainty.resample import Plan, Resampling, check_level, rng, run_chunks

STREAM = 13
MAX_DRAWS = 2000  # case-bootstrap draws for the hulls (a hull per entity per draw)
MAX_WORK = 20_000_000  # draws × entities × distinct scores (the hulls' work)
RULE = ("per ordered pair two claims, 'A's hull above B's somewhere and nowhere below' and 'somewhere above', "
        "p = (#draws where the claim fails + 1)/(D + 1), Holm's step-down over all of them at 1 − level, 'every' "
        "closed under transitivity")


def roc_points(y: np.ndarray, scores: np.ndarray, w: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(FP, TP) above each threshold, the always-negative classifier (0, 0) first: integer counts of the cases
    (weighted by ``w``, integer case weights) with a score at or above each distinct score, highest first."""
    w = np.ones(len(y), dtype=np.int64) if w is None else w.astype(np.int64)
    order = np.argsort(-scores, kind="stable")
    s = scores[order]
    ends = np.r_[np.flatnonzero(s[1:] != s[:-1]), len(s) - 1]
    pos = np.cumsum(w[order] * (y[order] == 1))[ends]
    neg = np.cumsum(w[order] * (y[order] != 1))[ends]
    return np.r_[0, neg], np.r_[0, pos]


def upper_hull(X: np.ndarray, Y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The vertices of the ROC hull (the upper concave envelope) of points non-decreasing in both X and Y,
    exactly (integers; a monotone chain, collinear points dropped)."""
    keep = np.r_[X[1:] != X[:-1], True]  # at one X the last point is the highest
    hx, hy = [], []
    for x, yv in zip(X[keep].tolist(), Y[keep].tolist()):
        while len(hx) >= 2 and (hx[-1] - hx[-2]) * (yv - hy[-2]) - (hy[-1] - hy[-2]) * (x - hx[-2]) >= 0:
            hx.pop()
            hy.pop()
        hx.append(x)
        hy.append(yv)
    return np.array(hx, dtype=np.int64), np.array(hy, dtype=np.int64)


def _strictly_above(hull: tuple[np.ndarray, np.ndarray], qx: np.ndarray, qy: np.ndarray) -> bool:
    """Whether some point (qx, qy) lies strictly above the hull (qx within its range)."""
    hx, hy = hull
    if len(hx) == 1:
        return bool((qy > hy[0]).any())
    j = np.clip(np.searchsorted(hx, qx, side="right") - 1, 0, len(hx) - 2)
    return bool(((qy - hy[j]) * (hx[j + 1] - hx[j]) > (hy[j + 1] - hy[j]) * (qx - hx[j])).any())


def hull_relation(ha, hb) -> tuple[bool, bool]:
    """(A's hull above B's somewhere, B's above A's somewhere), exactly."""
    return _strictly_above(hb, *ha), _strictly_above(ha, *hb)


@dataclass(frozen=True)
class ScoredRobust:
    """The robust order of scoring classifiers at their best thresholds (ROC-hull dominance)."""

    names: tuple[str, ...]
    pairs: tuple[RobustPair, ...]
    better: np.ndarray
    level: float
    draws: int
    seed: int

    def edges(self) -> list[tuple[str, str]]:
        R = reduction(self.better)
        return sorted((self.names[i], self.names[j]) for i, j in zip(*np.nonzero(R)))

    def to_json(self) -> dict:
        return {"pairs": [p.to_json() for p in self.pairs], "edges": [list(e) for e in self.edges()],
                "level": self.level, "rule": RULE, "statement": "tile/robust/RS",
                "method": Resampling.CASE_BOOTSTRAP.value, "draws": self.draws, "seed": self.seed,
                "every_means": "at its best threshold at least as good for every importance and strictly better for "
                               "some (its ROC hull above the other's somewhere, nowhere below)"}

    def lines(self) -> list[str]:
        c = {r.value: sum(p.relation is r for p in self.pairs) for r in Relation}
        edges = "; ".join(f"{a} > {b}" for a, b in self.edges()[:12]) or "none"
        return [f"scoring classifiers at their best thresholds (ROC-hull dominance, RS; case bootstrap, {self.draws} "
                f"draws, Holm at {self.level:.0%}): " + ", ".join(f"{v} {k}" for k, v in c.items()),
                f"their robust order (covering pairs): {edges}"]


def _chunk(y: np.ndarray, scores: np.ndarray, seed: int, index: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(draws where i's hull is above j's somewhere (n, n), draws where above and never below (n, n))."""
    g = rng(seed, STREAM, index)
    n_cases, n = len(y), len(scores)
    above, every = np.zeros((n, n), dtype=np.int64), np.zeros((n, n), dtype=np.int64)
    for _ in range(size):
        w = g.multinomial(n_cases, np.full(n_cases, 1.0 / n_cases))
        hulls = [upper_hull(*roc_points(y, row, w)) for row in scores]
        up = np.zeros((n, n), dtype=bool)
        for i in range(n):
            for j in range(i + 1, n):
                up[i, j], up[j, i] = hull_relation(hulls[i], hulls[j])
        above += up
        every += up & ~up.T
    return above, every


def scored_robust(lb: ScoredLeaderboard, draws: int = 1000, seed: int = 0, level: float = 0.95, jobs: int | None = 1,
                  scheduler: str | None = None, deadline: float | None = None) -> ScoredRobust:
    """ROC-hull dominance of every pair, exactly on the data and under the case bootstrap (see the module)."""
    level = check_level(level)
    if lb.truth is None or lb.scores is None:
        raise InvalidInput("ROC-hull dominance under resampling needs every entity scored on the same cases")
    y, S = lb.truth, lb.scores
    if not (y == 1).any() or (y == 1).all():
        raise InvalidInput("ROC hulls need positive and negative cases")
    D = min(draws, MAX_DRAWS)
    n = len(lb.names)
    work = D * n * max(len(s.levels) for s in lb.samples)
    if work > MAX_WORK:
        raise ResourceLimit(f"{D} draws × {n} entities × their distinct scores is past the guard of {MAX_WORK:.0e}")
    parts = run_chunks(Plan(Resampling.CASE_BOOTSTRAP, D, seed), _chunk, (y, S, seed), jobs, scheduler, size=100,
                       deadline=deadline)
    above, every = sum(p[0] for p in parts), sum(p[1] for p in parts)
    hulls = [upper_hull(*roc_points(y, row)) for row in S]
    mask = ~np.eye(n, dtype=bool)
    p_every, p_some = (D - every + 1) / (D + 1), (D - above + 1) / (D + 1)  # the claims' failures
    adj = np.array(holm(np.r_[p_every[mask], p_some[mask]])).reshape(2, -1)
    adjusted = np.ones((2, n, n))
    adjusted[0][mask], adjusted[1][mask] = adj[0], adj[1]
    rej_every, rej_some = adjusted[0] <= 1 - level, adjusted[1] <= 1 - level
    better = closure(rej_every)
    pairs = []
    for i in range(n):
        for j in range(i + 1, n):
            a, b = (j, i) if better[j, i] or (not better[i, j] and rej_some[j, i] and not rej_some[i, j]) else (i, j)
            rel = (Relation.EVERY if better[a, b] else Relation.DEPENDS if rej_some[a, b] and rej_some[b, a]
                   else Relation.SOME if rej_some[a, b] else Relation.NOT_SEPARATED)
            ua, ub = hull_relation(hulls[a], hulls[b])
            obs = (Exact.DEPENDS if ua and ub else Exact.WEAKLY if ua or ub else Exact.LEVEL)
            oa, ob = (lb.names[b], lb.names[a]) if ub and not ua else (lb.names[a], lb.names[b])
            implied = bool(better[a, b] and not rej_every[a, b])
            pairs.append(RobustPair(lb.names[a], lb.names[b], every[a, b] / D, every[b, a] / D, above[a, b] / D,
                                    above[b, a] / D, rel, (), (), None if implied else _claim_p(rel, a, b, adjusted),
                                    implied, ExactPair(oa, ob, obs, (), ())))
    return ScoredRobust(lb.names, tuple(pairs), better, level, D, seed)


def _claim_p(rel: Relation, a: int, b: int, adjusted: np.ndarray) -> float | None:
    """The Holm-adjusted p-value of the relation's claim (every: a's every-claim; depends: the larger of the two
    some-claims; some: a's some-claim)."""
    if rel is Relation.EVERY:
        return float(adjusted[0, a, b])
    if rel is Relation.DEPENDS:
        return float(max(adjusted[1, a, b], adjusted[1, b, a]))
    return float(adjusted[1, a, b]) if rel is Relation.SOME else None
