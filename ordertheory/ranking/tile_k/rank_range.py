"""Each entity's best and worst competition rank over the Tile on k classes, exact, with a witness
importance at each end — or, past the budget, the proved interval, never a guessed rank.

The three cases of :mod:`~ordertheory.ranking.tile_k.first_place`: with U_e = 0 (B) the entity ranks 1; with
N_e = 0 (C) its rank is 1 + the entities with N_j > 0, a count over cells decided directly; with
N_e = U_e = 1 (A) j is above it iff N_j > U_j, so the best rank is 1 + |J| − the largest set of
entities that can all be "not above" at once (N_j ≤ U_j), and the worst 1 + the largest set that
can all be strictly above — maximum feasible subsystems of linear constraints. They are found by
best-first branch and bound on exact LPs (:func:`~ordertheory.ranking.tile_k.importance_lp.margin`): a
feasible set gives a point, evaluated exactly (its rank may beat the set's size); an infeasible one
a Farkas certificate, re-checked, whose entities cannot all be kept, so one of them is dropped in
each branch. Whatever did not settle keeps its size as an upper bound.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> head = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))
>>> lb = read_leaderboard(io.StringIO(f"entity,{head}\\nA,5,1,0,1,4,1,0,0,6\\nB,6,0,0,2,3,1,1,1,5\\nC,4,1,1,1,3,2,1,1,4\\n"))
>>> [(r.entity, r.rank_min, r.rank_max) for r in kclass_rank_ranges(lb)]
[('A', 1, 2), ('B', 1, 3), ('C', 2, 3)]
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.engine.result import Verdict
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.outcome import RankRange
from ordertheory.ranking.tile_k.cell_table import CellTable
from ordertheory.ranking.tile_k.first_place import case_b, identical
from ordertheory.ranking.tile_k.importance_lp import margin
from ordertheory.ranking.tile_k.rechecks import farkas_holds, standing_at

ONE = Fraction(1)
METHOD = "exact branch and bound over LPs of importances (HiGHS proposes, exact simplex decides)"


@dataclass
class End:
    """One end of a rank range: proved bounds [lo, hi], the rank witnessed and its importance."""

    lo: int
    hi: int
    rank: int | None = None
    cells: dict | None = None
    reason: str | None = None

    def offer(self, rank: int | None, cells: dict | None, better: Callable[[int, int], bool]) -> None:
        if rank is not None and (self.rank is None or better(rank, self.rank)):
            self.rank, self.cells = rank, cells


def _search(lb: Leaderboard, tab: CellTable, e: int, J: list[int], sign: int, floor: int,
            deadline: float) -> tuple[int, dict | None, int, str | None]:
    """The largest T ⊆ J with every σ-relation (σ = +1: not above, weakly; −1: above, strictly) at
    one importance: (the best count witnessed, its cells, a proved upper bound, why it is not
    closed — None when the bound is the count or ≤ ``floor``: sets that small are not explored,
    they cannot improve the answer)."""
    best, cells, open_bound, reason = -1, None, -1, None
    order = itertools.count()
    heap = [(-len(J), next(order), tuple(J), ())]
    tried: dict[tuple, tuple | None] = {}
    while heap and -heap[0][0] > max(best, floor):
        if time.monotonic() > deadline:
            reason = "the budget ran out in the branch and bound"
            break
        size, _, T, fixed = heapq.heappop(heap)
        if T not in tried:
            signs = dict.fromkeys(T, sign)
            m = margin(tab, e, signs, deadline=deadline)
            tried[T] = None
            if m.t is not None and (m.t > 0 if sign < 0 else m.t >= 0):
                pt = {int(tab.ids[c]): v for c, v in m.point.items()}
                rank, _ = standing_at(lb, tab.importance(pt), e)
                count = None if rank is None else (rank - 1 if sign < 0 else len(J) - (rank - 1))
                if count is None or count < len(T):
                    open_bound, reason = max(open_bound, len(T)), "the re-check of an LP point failed"
                elif count > best:
                    best, cells = count, pt
            elif m.t is not None and farkas_holds(lb, e, m.lam, signs, m.mu, strict=sign < 0):
                tried[T] = tuple(j for j in T if j in m.lam)
            else:
                open_bound = max(open_bound, len(T))
                reason = m.reason or "a Farkas certificate failed its re-check"
        core = tried[T]
        free = [j for j in core or () if j not in fixed]
        for i, j in enumerate(free):  # drop free[i], keep free[:i]: the children cover every feasible subset
            heapq.heappush(heap, (size + 1, next(order), tuple(x for x in T if x != j), fixed + tuple(free[:i])))
    stopped = -heap[0][0] if heap and reason == "the budget ran out in the branch and bound" else -1
    upper = max(best, open_bound, stopped)
    return best, cells, upper, reason if upper > max(best, floor) else None


def _combinatorial(lb: Leaderboard, tab: CellTable, e: int, J: list[int], best: End, worst: End) -> None:
    """Cases B (rank 1) and C (rank 1 + entities with mass where the importance weighs)."""
    b = case_b(lb, tab, e)
    if b is not None:
        best.offer(1, b.cells, int.__lt__)
        worst.offer(1, b.cells, int.__gt__)
    off = tab.ids[tab.support(e, False)]
    if not len(off):
        return
    own = set(tab.ids[tab.support(e, True)].tolist())
    empty = [int(c) for c in tab.ids[tab.sat].tolist() if c not in own]
    spare = tab.zero_cell(True)
    o = {int(off[0]): ONE}
    if spare is not None:  # a satisfying cell empty in every entity: N = 0 for all, rank 1
        best.offer(1, {spare: ONE, **o}, int.__lt__)
        worst.offer(1, {spare: ONE, **o}, int.__gt__)
    if empty:  # x on one empty cell of e: the fewest entities with mass there; on one cell per entity: the most
        col = np.searchsorted(tab.ids, empty)
        has = np.asarray([(tab.matrix[J][:, col] > 0).toarray().sum(axis=0)]).ravel() if J else np.zeros(len(col))
        c = int(np.argmin(has))
        best.offer(1 + int(has[c]), {empty[c]: ONE, **o}, int.__lt__)
        hit, up = {}, 0
        for j in J:
            mine = np.intersect1d(tab.ids[tab.support(j, True)], empty)
            if len(mine):
                hit[int(mine[0])], up = ONE, up + 1
        worst.offer(1 + up, (hit or {empty[0]: ONE}) | o, int.__gt__)


def rank_range(lb: Leaderboard, tab: CellTable, e: int, deadline: float) -> RankRange:
    """Best and worst rank of entity ``e`` over the Tile on k classes."""
    t0 = time.perf_counter()
    J = [j for j in range(len(lb)) if j != e and j not in identical(lb, e)]
    n = len(J)
    best, worst = End(1, 1 + n), End(1, 1 + n)
    _combinatorial(lb, tab, e, J, best, worst)
    in_a = len(tab.support(e, True)) and len(tab.support(e, False))
    reasons = []
    if in_a and (best.rank is None or best.rank > 1):
        floor = n - (best.rank - 1) if best.rank is not None else -1
        got, cells, upper, why = _search(lb, tab, e, J, +1, floor, deadline)
        if got >= 0:
            best.offer(1 + n - got, cells, int.__lt__)
        best.lo = min(best.rank or 1 + n, 1 + n - upper) if why else (best.rank or 1)
        reasons += [f"best rank: {why}"] if why else []
    elif best.rank is not None:
        best.lo = best.rank
    if in_a and (worst.rank is None or worst.rank < 1 + n):
        floor = worst.rank - 1 if worst.rank is not None else -1
        got, cells, upper, why = _search(lb, tab, e, J, -1, floor, deadline)
        if got >= 0:
            worst.offer(1 + got, cells, int.__gt__)
        worst.hi = max(worst.rank or 1, 1 + upper) if why else (worst.rank or 1)
        reasons += [f"worst rank: {why}"] if why else []
    elif worst.rank is not None:
        worst.hi = worst.rank
    return _result(lb, tab, e, best, worst, reasons, time.perf_counter() - t0)


def _result(lb: Leaderboard, tab: CellTable, e: int, best: End, worst: End, reasons: list[str],
            seconds: float) -> RankRange:
    """The range after the re-check of both witnesses in Fractions."""
    name = lb.names[e]
    ends, tied = [], ()
    for end, side in ((best, "min"), (worst, "max")):
        I = tab.importance(end.cells) if end.cells is not None else None
        rank, level = standing_at(lb, I, e) if I is not None else (None, ())
        if rank != end.rank:
            reasons.append(f"the re-check of the {side} witness failed")
            I, end.rank = None, None
        if side == "min":
            tied = tuple(lb.names[j] for j in level)
            end.hi = min(end.hi, rank) if rank is not None else end.hi
        else:
            end.lo = max(end.lo, rank) if rank is not None else end.lo
        ends.append((end.rank if end.lo == end.hi == end.rank else None, I, (end.lo, end.hi)))
    verdict = Verdict.PROVED if ends[0][0] is not None and ends[1][0] is not None else Verdict.UNKNOWN
    if verdict is Verdict.UNKNOWN and not reasons:
        reasons.append("undefined for every importance")
    return RankRange.over_importances(name, ends, verdict, METHOD, "; ".join(reasons) or None, tied, seconds)


def kclass_rank_ranges(lb: Leaderboard, timeout: float = 120.0, progress=None,
                       entities: list[int] | None = None) -> tuple[RankRange, ...]:
    """Best and worst rank of every entity (or of ``entities``) over the Tile on k classes."""
    deadline = time.monotonic() + timeout
    tab = CellTable(lb)
    out = []
    for e in range(len(lb)) if entities is None else entities:
        if progress:
            progress(e, len(lb), lb.names[e])
        out.append(rank_range(lb, tab, e, deadline))
    return tuple(out)
