"""Each entity's best and worst rank over the whole Tile at one prior, from the Tile's diagonal: a
sweep of one variable per entity (O(n log n)) instead of a line arrangement (O(n² log n)).

By the hull theorem (H1, H2 of :mod:`ordertheory.theory.hull_statements`), at a point (a, b) where every
entity is defined the entities above e are those q with g·(q − e) > 0 for a gradient g = (−α, β),
α, β ≥ 0 — exactly those above it at (a*, a*), a* = β/(α + β), and the same are level: **every
rank an entity takes at such a point it takes on the diagonal** (at a point of its own: the whole
rankings differ, the ranks do not). On the diagonal, q is above e
where a·Δtp − (1 − a)·Δfp > 0 (Δ = q − e in (fp, tp)), one threshold per entity, so e's rank is a
step function of a: its extremes are at the thresholds or between them. An entity is undefined only
at (0, 1) (the always-positive classifier) or (1, 0) (the always-negative one, H5), so those two
corners are evaluated too. Every end is re-checked by the definition in exact integers.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,8,0,2,2\\nB,6,2,1,3\\nC,5,3,1,3\\nD,7,1,3,1\\n"))
>>> [(r.entity, r.rank_min, r.rank_max, str(r.rank_max_at.a)) for r in diagonal_ranges(lb)]
[('A', 1, 3, '1'), ('B', 1, 3, '0'), ('C', 1, 4, '0'), ('D', 2, 4, '1')]
"""

from __future__ import annotations

import bisect
import time
from fractions import Fraction

from ordertheory.engine.result import Verdict
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.bilinear import integer_counts
from ordertheory.ranking.tile.charts import shared_prior
from ordertheory.ranking.tile.hull_answers import Definition, cloud_of
from ordertheory.ranking.tile.outcome import RankRange, TilePoint
from ordertheory.ranking.tile.standing import simplest_in

ZERO, ONE = Fraction(0), Fraction(1)
METHOD = ("the Tile's diagonal (one prior: every rank an entity takes where all are defined it takes on the diagonal, "
          "hull theorem H1–H2; the corners (0, 1), (1, 0) evaluated), each end re-checked by the definition")


def _diagonal_extremes(keys: list[tuple[int, int]], e: int) -> tuple[tuple[int, Fraction], tuple[int, Fraction]]:
    """((fewest entities above e, at a), (most, at a)) on the diagonal a = b, exactly: the count at
    0, 1 and every threshold inside, and once inside each open interval between two of them (at its
    simplest rational, for the answer's point)."""
    X, Y = keys[e]
    always, up, down = 0, [], []  # q above e for every a; above where a > t; above where a < t
    for q, (x, y) in enumerate(keys):
        if q == e:
            continue
        dx, dy = x - X, y - Y
        slope = dx + dy  # a·dy − (1 − a)·dx = −dx + a·(dx + dy)
        if slope == 0:
            always += -dx > 0
        elif slope > 0:
            up.append(Fraction(dx, slope))
        else:
            down.append(Fraction(dx, slope))
    up.sort()
    down.sort()
    count = lambda a: always + bisect.bisect_left(up, a) + len(down) - bisect.bisect_right(down, a)  # noqa: E731
    ts = sorted({t for t in up + down if 0 < t < 1} | {ZERO, ONE})
    best = worst = None  # (count, point or open interval)
    for where in [*((t,) for t in ts), *zip(ts, ts[1:])]:
        n = count(where[0] if len(where) == 1 else (where[0] + where[1]) / 2)
        if best is None or n < best[0]:
            best = (n, where)
        if worst is None or n > worst[0]:
            worst = (n, where)
    point = lambda w: w[0] if len(w) == 1 else simplest_in((w[0], w[1], False, False))  # noqa: E731
    return (best[0], point(best[1])), (worst[0], point(worst[1]))


def diagonal_ranges(lb: Leaderboard, entities: list[int] | None = None, deadline: float | None = None,
                    progress=None) -> tuple[RankRange, ...] | None:
    """Best and worst rank of every entity (or of ``entities``) over the Tile, when every entity has one
    prior strictly between 0 and 1; None otherwise (the caller takes the arrangement)."""
    if shared_prior(lb) is None:
        return None
    counts = [integer_counts(P) for P in lb.performances]
    cloud = cloud_of(counts)
    keys = list(zip(cloud.X.tolist(), cloud.Y.tolist()))
    d = Definition(counts)
    corners = [(a, b) for (a, b), pt in (((ZERO, ONE), (cloud.neg, cloud.pos)), ((ONE, ZERO), (0, 0))) if pt in keys]
    out = []
    for e in range(len(lb)) if entities is None else entities:
        if progress:
            progress(e, len(lb), lb.names[e])
        t0 = time.perf_counter()
        if deadline is not None and time.monotonic() > deadline:
            out.append(RankRange.of(lb.names[e], (None, None, None, None), Verdict.UNKNOWN, METHOD, "deadline reached"))
            continue
        (lo, a_lo), (hi, a_hi) = _diagonal_extremes(keys, e)
        ends = [(1 + lo, (a_lo, a_lo)), (1 + hi, (a_hi, a_hi))]
        for at in corners:  # an undefined trivial classifier counts for no one there
            st = d.standing(e, *at)
            if st is not None:
                r = 1 + st[0]
                ends = [min(ends[0], (r, at), key=lambda x: x[0]), max(ends[1], (r, at), key=lambda x: x[0])]
        checked = [d.standing(e, *at) for _, at in ends]
        if any(st is None or 1 + st[0] != r for st, (r, _) in zip(checked, ends)):
            out.append(RankRange.of(lb.names[e], (None, None, None, None), Verdict.UNKNOWN, METHOD,
                                    "the re-check of an end by the definition failed"))
            continue
        (r_lo, p_lo), (r_hi, p_hi) = ends
        out.append(RankRange.of(lb.names[e], (r_lo, TilePoint(*p_lo), r_hi, TilePoint(*p_hi)), Verdict.PROVED, METHOD,
                                tied_at_min=tuple(lb.names[j] for j in checked[0][2]), seconds=time.perf_counter() - t0))
    return tuple(out)
