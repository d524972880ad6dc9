"""Who can rank first — or last — for some R_(a,b) at one prior, from the hull
(:mod:`~ordertheory.ranking.tile.hull`), every answer checked before it is given: a witness (a, b) by
the definition of R_(a,b) for every entity, in exact integers (:class:`Definition`); a certificate
(a mixture strictly up-left, a point on a hull edge) exactly, from the entities' own points.

A check that fails makes the answer UNKNOWN with the reason, never a verdict. Last place is first
place of the predicted-class swap at (b, a) (Tile statement 1): the reflected cloud, its witnesses
transposed, and each checked on the leaderboard itself ("no entity strictly below").

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,8,0,2,2\\nB,6,2,1,3\\nC,5,3,1,3\\nD,7,1,3,1\\n"))
>>> [(w.entity, w.outcome.value, str(w.at.a) if w.at else None) for w in hull_answers(lb)]
[('A', 'wins', '1/2'), ('B', 'wins', '3/4'), ('C', 'ties', '1'), ('D', 'never', None)]
>>> [(w.entity, w.outcome.value) for w in hull_answers(lb, Place.LAST)]
[('A', 'never'), ('B', 'never'), ('C', 'wins'), ('D', 'wins')]
"""

from __future__ import annotations

import math
import time
from fractions import Fraction

import numpy as np

from ordertheory.engine.result import Verdict
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.bilinear import integer_counts
from ordertheory.ranking.tile.charts import shared_prior
from ordertheory.ranking.tile.hull import (
    INT64_SAFE,
    Cloud,
    Finding,
    Position,
    int_array,
    mixture_point,
    places,
)
from ordertheory.ranking.tile.outcome import CanWin, Outcome, Place, TilePoint

OUTCOMES = ("tn", "fp", "fn", "tp")
THEOREM = "hull theorem"


def method_text(prior: Fraction) -> str:
    """How the hull path decides, for the answers' ``method``."""
    return f"convex hull in ROC space (one prior π₊ = {prior}: the hull theorem, section H of the supplementary material)"


class Definition:
    """Every entity's R_(a,b) = N/(N + U) from its integer counts (each over its own total), compared
    exactly with one entity's: R_j > R_e ⟺ N_j·U_e > N_e·U_j where both are defined (N + U > 0)."""

    def __init__(self, counts: list[dict[str, int]] | None = None, arrays: dict[str, np.ndarray] | None = None) -> None:
        """From each entity's counts (dicts), or from integer arrays by outcome (``arrays``)."""
        self.cols = arrays if arrays is not None else {o: int_array([c[o] for c in counts]) for o in OUTCOMES}
        self.top = max((int(v.max()) for v in self.cols.values() if len(v)), default=0)
        self._at: dict[tuple[Fraction, Fraction], tuple[np.ndarray, np.ndarray]] = {}

    def parts(self, a: Fraction, b: Fraction) -> tuple[np.ndarray, np.ndarray]:
        """(s·N, q·U)·(their common positive factor) of every entity at (a, b) = (p/q, r/s), as exact
        integers: N·U′ − N′·U keeps its sign; int64 while the products stay below 2⁶², else Python's."""
        if (a, b) not in self._at:
            p, q, r, s = a.numerator, a.denominator, b.numerator, b.denominator
            safe = 8 * (max(q, s) * self.top) ** 2 < INT64_SAFE
            c = {o: v if safe else v.astype(object) for o, v in self.cols.items()}
            self._at[a, b] = ((q - p) * c["tn"] + p * c["tp"], (s - r) * c["fp"] + r * c["fn"])
        return self._at[a, b]

    def standing(self, e: int, a: Fraction, b: Fraction) -> tuple[int, int, tuple[int, ...]] | None:
        """(entities strictly above e, strictly below, level with it) among those defined at (a, b);
        None where e is undefined."""
        N, U = self.parts(a, b)
        if N[e] + U[e] <= 0:
            return None
        diff = N * U[e] - N[e] * U
        defined = (N + U) > 0
        level = np.flatnonzero((diff == 0) & defined)
        return (int(np.count_nonzero((diff > 0) & defined)), int(np.count_nonzero((diff < 0) & defined)),
                tuple(int(j) for j in level if j != e))


def hull_path(lb: Leaderboard, place: Place = Place.FIRST,
              deadline: float | None = None) -> tuple[tuple[CanWin, ...] | None, str]:
    """(the hull's answers, why the hull decides) when the entities share one prior; else (None, why
    not: the caller takes the line arrangement, which needs no common prior)."""
    found = hull_answers(lb, place, deadline)
    if found is not None:
        return found, f"every entity has the prior π₊ = {shared_prior(lb)}: the hull theorem decides"
    priors = sorted({P["fn"] + P["tp"] for P in lb.performances})
    if len(priors) == 1:
        return None, (f"every entity has the prior π₊ = {priors[0]} (one class only): the hull theorem needs a prior "
                      "strictly between 0 and 1; the line arrangement of each entity's chart decides")
    spread = float(priors[-1] - priors[0])
    return None, (f"the entities have {len(priors)} different priors (π₊ from {float(priors[0]):.6g} to "
                  f"{float(priors[-1]):.6g}, a spread of {spread:.2g}): the hull theorem needs one prior, so the line "
                  "arrangement of each entity's chart decides (exact, whatever the priors)")


def cloud_of(counts: list[dict[str, int]]) -> Cloud:
    """The points (fp, tp) on one integer scale L (the least common multiple of the totals), and the
    always-positive point L·(π₋, π₊); the caller has checked that the prior is one."""
    totals = [sum(c.values()) for c in counts]
    L = math.lcm(*totals)
    X = [c["fp"] * (L // t) for c, t in zip(counts, totals)]
    Y = [c["tp"] * (L // t) for c, t in zip(counts, totals)]
    neg = (counts[0]["tn"] + counts[0]["fp"]) * (L // totals[0])
    return Cloud.of(X, Y, neg, L - neg)


def hull_answers(lb: Leaderboard, place: Place = Place.FIRST, deadline: float | None = None) -> tuple[CanWin, ...] | None:
    """Every entity's answer for ``place`` by the hull, checked; None when the entities do not share
    one prior strictly between 0 and 1 (the hull theorem does not apply: the caller falls back)."""
    prior = shared_prior(lb)
    if prior is None:
        return None
    t0 = time.perf_counter()
    counts = [integer_counts(P) for P in lb.performances]
    cloud = cloud_of(counts)
    keys = list(zip(cloud.X.tolist(), cloud.Y.tolist()))
    found = places(cloud) if place is Place.FIRST else places(cloud.reflected()).transposed()  # swapped: (b, a)
    same: dict[tuple, list[int]] = {}
    for i, c in enumerate(counts):
        same.setdefault(tuple(c[o] for o in OUTCOMES), []).append(i)
    twins = [same[tuple(c[o] for o in OUTCOMES)] for c in counts]
    check = _Checker(lb.names, keys, Definition(counts), place, method_text(prior))
    out = []
    for e in range(len(found)):
        f = found[e]
        if deadline is not None and time.monotonic() > deadline:
            out.append(CanWin.of(lb.names[e], Verdict.UNKNOWN, Outcome.UNKNOWN, check.method, place=place,
                                 certificate="deadline reached"))
            continue
        out.append(check.answer(e, f, set(twins[e]) - {e}, time.perf_counter() - t0))
    return tuple(out)


class _Checker:
    """Turns one finding into an answer after its checks (the witness by the definition, the
    certificate from the points)."""

    def __init__(self, names: tuple[str, ...], keys: list[tuple[int, int]], definition: Definition, place: Place,
                 method: str) -> None:
        self.names, self.keys, self.d, self.place, self.method = names, keys, definition, place, method
        self.sign = 1 if place is Place.FIRST else -1  # up-left for first, down-right for last

    def _answer(self, e: int, verdict: Verdict, outcome: Outcome, seconds: float, **kw) -> CanWin:
        return CanWin.of(self.names[e], verdict, outcome, self.method, place=self.place, seconds=seconds, **kw)

    def _unknown(self, e: int, why: str, seconds: float) -> CanWin:
        return self._answer(e, Verdict.UNKNOWN, Outcome.UNKNOWN, seconds, certificate=f"the check failed: {why}")

    def answer(self, e: int, f: Finding, identical: set[int], seconds: float) -> CanWin:
        if f.outcome is Outcome.NEVER:
            if not self._beyond(e, f.mixture):
                return self._unknown(e, "the mixture is not strictly beyond its point", seconds)
            return self._answer(e, Verdict.REFUTED, Outcome.NEVER, seconds, certificate=self._never_text(f.mixture))
        a, b = f.at
        st = self.d.standing(e, a, b)
        if st is None:
            return self._unknown(e, f"it is undefined at ({a}, {b})", seconds)
        above, below, level = st
        if (above if self.place is Place.FIRST else below) != 0:
            return self._unknown(e, f"it is not {self.place} at ({a}, {b}) by the definition", seconds)
        at, tied = TilePoint(a, b), tuple(self.names[j] for j in level)
        if f.outcome is Outcome.WINS:
            if not set(level) <= identical:
                return self._unknown(e, f"another performance is level with it at ({a}, {b})", seconds)
            how = ("the only entity defined there (every other is a trivial classifier undefined at that corner)"
                   if f.why is Position.ALONE_DEFINED else f"a vertex of the {self._side} hull in ROC space")
            return self._answer(e, Verdict.PROVED, Outcome.WINS, seconds, at=at, tied_with=tied,
                                certificate=f"{how}: {self.place} there, no other performance level with it "
                                            "(re-checked by the definition in exact integers)")
        why = self._tie_text(e, f)
        if why is None:
            return self._unknown(e, "its position on the hull did not check", seconds)
        return self._answer(e, Verdict.REFUTED, Outcome.TIES, seconds, at=at, tied_with=tied, certificate=why)

    @property
    def _side(self) -> str:
        return "upper-left" if self.place is Place.FIRST else "lower-right"

    def _beyond(self, e: int, mixture) -> bool:
        """The mixture's point is strictly up-left (first) or down-right (last) of e's, exactly."""
        if len(mixture) == 1 and mixture[0][1] == 1:
            x, y = self.keys[mixture[0][0]]  # one entity: integers
        elif mixture and all(lam >= 0 for _, lam in mixture) and sum(lam for _, lam in mixture) == 1:
            x, y = mixture_point(self.keys, mixture)
        else:
            return False
        X, Y = self.keys[e]
        return (x < X and y > Y) if self.sign > 0 else (x > X and y < Y)

    def _never_text(self, mixture) -> str:
        dirs = "a smaller FPR and a larger TPR" if self.sign > 0 else "a larger FPR and a smaller TPR"
        who = "above" if self.sign > 0 else "below"
        if len(mixture) == 1:
            return (f"{self.names[mixture[0][0]]} has {dirs} (ROC dominance), so it is {who} it at every (a, b) "
                    f"where it is defined ({THEOREM}, H3)")
        mix = " + ".join(f"{lam}·{self.names[j]}" for j, lam in mixture)
        return (f"the mixture {mix} has {dirs}, so at every (a, b) where it is defined one of the two is {who} it "
                f"({THEOREM}, H3)")

    def _tie_text(self, e: int, f: Finding) -> str | None:
        """Why it never takes the place alone: it lies inside a hull edge, or beside the end of the
        chain on the same vertical (horizontal) line — each checked on the points."""
        X, Y = self.keys[e]
        s = self.sign
        if f.why is Position.EDGE:
            (ux, uy), (vx, vy) = (self.keys[j] for j in f.between)
            lam = Fraction(vx - X, vx - ux)
            if not (0 < lam < 1 and lam * uy + (1 - lam) * vy == Y):
                return None
            u, v = (self.names[j] for j in f.between)
            return (f"{self.place} only tied: its point is the mixture {lam}·{u} + {1 - lam}·{v} (inside an edge of "
                    f"the {self._side} hull), so its R_(a,b) lies between theirs everywhere and reaches the larger "
                    f"only where they are level ({THEOREM}, H7)")
        (j,) = f.between
        jx, jy = self.keys[j]
        if f.why is Position.LEFT and jx == X and s * (jy - Y) > 0:
            what = "smallest FPR" if s > 0 else "largest FPR"
            return (f"{self.place} only tied: it has the {what} but {self.names[j]} has the same FPR and a "
                    f"{'larger' if s > 0 else 'smaller'} TPR: it is {self.place} only where the order is TNR's (as "
                    f"at (0, 0)), level there with {self.names[j]} or another ({THEOREM}, H)")
        if f.why is Position.TOP and jy == Y and s * (X - jx) > 0:
            what = "largest TPR" if s > 0 else "smallest TPR"
            return (f"{self.place} only tied: it has the {what} but {self.names[j]} has the same TPR and a "
                    f"{'smaller' if s > 0 else 'larger'} FPR: it is {self.place} only where the order is TPR's (as "
                    f"at (1, 1)), level there with {self.names[j]} or another ({THEOREM}, H)")
        return None
