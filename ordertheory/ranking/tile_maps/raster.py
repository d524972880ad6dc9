"""The Tile's rank and winner maps drawn from its exact geometry, at any resolution.

- **rank maps of every entity at once**: each pair of entities shares one frontier; a pixel row
  b = j/(n − 1) crosses it once (g is linear in a for a fixed b), so every row of every map is a
  sum of step functions with one threshold per *pair* (not per ordered pair, and none for pairs
  ordered the same way over the whole Tile, which only shift a map by a constant). Thresholds are
  floats; any within 10⁻⁹ of a pixel is decided again exactly, so a pixel on a frontier is a tie.
- **the winner map**: the region where an entity ranks first is a convex polygon in its own chart
  (:meth:`~ordertheory.ranking.tile.standing.Standing.first_region`), rows of the chart are rows of the
  Tile, so each row meets it in one exact interval of a: the map is filled interval by interval,
  first in leaderboard order where regions touch (a tie); pixels no region covers (an entity whose
  chart leaves an edge at infinity) are decided by the definition.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\nC,1,1,1,7\\n"))
>>> rank_maps(lb, 3)[0].tolist()
[[2, 3, 3], [1, 2, 2], [1, 2, 2]]
>>> winner_map(lb, 3).tolist()   # rows b = 0, ½, 1; columns a = 0, ½, 1
[[1, 1, 1], [0, 2, 2], [0, 2, 2]]
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile import tile
from ordertheory.ranking.tile.bilinear import beats_p, denominator_p, integer_counts
from ordertheory.ranking.tile.standing import standing

_NEAR = 1e-9


def _pairs(lb: Leaderboard):
    """(i, j, g_ij) for every pair whose order changes on the Tile; constant offsets of the others."""
    counts = [integer_counts(P) for P in lb.performances]
    E = len(lb)
    offset = np.ones(E, dtype=np.int64)
    crossing = []
    for i in range(E):
        for j in range(i + 1, E):
            g = beats_p(counts[i], counts[j])  # > 0: i above j
            at = (g.c0, g.c0 + g.c1, g.c0 + g.c2, g.c0 + g.c1 + g.c2 + g.c3)
            if all(v > 0 for v in at):
                offset[j] += 1
            elif all(v < 0 for v in at):
                offset[i] += 1
            elif any(at):
                crossing.append((i, j, g))
    return counts, offset, crossing


def rank_maps(lb: Leaderboard, n: int, rows_per_chunk: int = 64) -> np.ndarray:
    """Competition ranks of every entity on the n × n grid, shape (E, n, n): ``[e, row = b, col = a]``;
    0 where R(e) is undefined."""
    tile.check_tile_input(lb, n)
    counts, offset, crossing = _pairs(lb)
    E = len(lb)
    if E > 32000:
        raise ValueError("rank maps hold ranks as 16-bit integers: at most 32000 entities")
    dtype = np.uint8 if E < 255 else np.uint16 if E < 65535 else np.int32
    out = np.empty((E, n, n), dtype=dtype)
    m = n - 1
    if crossing:
        I = np.array([p[0] for p in crossing])
        J = np.array([p[1] for p in crossing])
        C = np.array([[float(x) for x in (g.c0, g.c1, g.c2, g.c3)] for _, _, g in crossing])
    for s in range(0, n, rows_per_chunk):
        rows = np.arange(s, min(n, s + rows_per_chunk))
        k = len(rows)
        size = E * k * (n + 1)
        diff = np.zeros(size, dtype=np.int16)
        if crossing:
            b = rows / m
            alpha = C[:, 0:1] + C[:, 2:3] * b[None, :]  # g(a, b) = alpha + beta·a on this row
            beta = C[:, 1:2] + C[:, 3:4] * b[None, :]
            with np.errstate(divide="ignore", invalid="ignore"):
                t = np.where(beta != 0, -alpha / beta * m, np.where(alpha > 0, -np.inf, np.inf))
            # i above j for columns c with beta·(c − t) > 0 (beta > 0: c > t), j above i on the other side
            up = np.clip(np.floor(t) + 1, 0, n).astype(np.int64)  # first column strictly after t
            down = np.clip(np.ceil(t), 0, n).astype(np.int64)  # columns < down are strictly before t
            with np.errstate(invalid="ignore"):
                near = np.isfinite(t) & (t > -0.5) & (t < m + 0.5) & (np.abs(t - np.round(t)) < _NEAR * np.maximum(1, np.abs(t)))
            for p, r in zip(*np.nonzero(near)):
                up[p, r], down[p, r] = _exact_cut(crossing[p][2], Fraction(int(rows[r]), m), m)
            pos = beta > 0
            zero = beta == 0
            # i's rank rises where j is above it: pos → columns [0, down); neg → [up, n); zero: alpha < 0 → all
            i_lo = np.where(zero, np.where(alpha < 0, 0, n), np.where(pos, 0, up))
            i_hi = np.where(zero, n, np.where(pos, down, n))
            j_lo = np.where(zero, np.where(alpha > 0, 0, n), np.where(pos, up, 0))
            j_hi = np.where(zero, n, np.where(pos, n, down))
            rr = np.arange(k)[None, :]
            base_i = (I[:, None] * k + rr) * (n + 1)
            base_j = (J[:, None] * k + rr) * (n + 1)
            plus = np.concatenate([(base_i + i_lo).ravel(), (base_j + j_lo).ravel()])
            minus = np.concatenate([(base_i + i_hi).ravel(), (base_j + j_hi).ravel()])
            diff = (np.bincount(plus, minlength=size) - np.bincount(minus, minlength=size)).astype(np.int16)
        diff = diff.reshape(E, k, n + 1)
        diff[:, :, 0] += offset[:, None].astype(np.int16)
        np.cumsum(diff[:, :, :n], axis=2, dtype=np.int16, out=diff[:, :, :n])
        out[:, s:s + k, :] = diff[:, :, :n]
    for e, P in enumerate(counts):  # undefined where N + U = 0 (at most an edge or a corner)
        d = denominator_p(P)
        if min(d.c0, d.c0 + d.c1, d.c0 + d.c2, d.c0 + d.c1 + d.c2) <= 0:
            out[e][np.isnan(tile.values(lb, n, e))] = 0
    return out


def _exact_cut(g, b: Fraction, m: int) -> tuple[int, int]:
    """(first column with g·sign(beta) > 0 strictly after the root, first column at or after the root)
    for g(·, b) = alpha + beta·a, in exact arithmetic."""
    alpha, beta = g.c0 + g.c2 * b, g.c1 + g.c3 * b
    root = -alpha / beta * m
    up = int(root // 1) + 1
    down = -int((-root) // 1)
    n = m + 1
    return min(max(up, 0), n), min(max(down, 0), n)


def above_mask(g, n: int) -> np.ndarray:
    """Pixels (row b, column a) where the comparison g(a, b) is strictly positive, exactly: a float
    threshold per row, decided again in Fractions within 10⁻⁹ of a pixel."""
    m = n - 1
    b = np.arange(n) / m
    c0, c1, c2, c3 = (float(x) for x in (g.c0, g.c1, g.c2, g.c3))
    alpha, beta = c0 + c2 * b, c1 + c3 * b
    cols = np.arange(n)[None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = -alpha / beta * m
    mask = np.where((beta > 0)[:, None], cols > t[:, None], cols < t[:, None])
    mask[beta == 0] = (alpha[beta == 0] > 0)[:, None]
    with np.errstate(invalid="ignore"):
        near = (beta != 0) & (t > -0.5) & (t < m + 0.5) & (np.abs(t - np.round(t)) < _NEAR * np.maximum(1, np.abs(t)))
    for j in np.nonzero(near)[0]:
        bj = Fraction(int(j), m)
        for i in range(max(0, int(t[j]) - 1), min(n, int(t[j]) + 3)):
            mask[j, i] = g.sign_at(Fraction(i, m), bj) > 0
    return mask


def winner_map(lb: Leaderboard, n: int) -> np.ndarray:
    """Index of the entity ranked first at each grid point (the first in leaderboard order among
    several level there), exactly, from the regions where each ranks first."""
    tile.check_tile_input(lb, n)
    m = n - 1
    out = np.full((n, n), -1, dtype=np.int32)
    recheck: set[tuple[int, int]] = set()
    for e in reversed(range(len(lb))):  # lower indices painted last: they win a tie
        st = standing(lb, e)
        if st.chart is None:
            continue
        box = st.box
        if not st.chart.bounded:  # the box reaches the pixels next to the edge at infinity; that edge
            big = Fraction(m)  # itself is decided by the definition below
            box = (max(box[0], big) if not st.chart.a.bounded else box[0],
                   max(box[1], big) if not st.chart.b.bounded else box[1])
            if st.chart.a.at_infinity is not None:
                recheck |= {(j, int(st.chart.a.at_infinity * m)) for j in range(n)}
            if st.chart.b.at_infinity is not None:
                recheck |= {(int(st.chart.b.at_infinity * m), i) for i in range(n)}
        poly = st.first_region(box)
        if len(poly) == 0:
            continue
        ts = [p[1] for p in poly]
        for j in range(n):
            t = st.chart.b.to_chart(Fraction(j, m))
            if t is None or not min(ts) <= t <= max(ts):
                continue
            lo, hi = _row_interval(poly, t)
            a_lo, a_hi = sorted((st.chart.a.from_chart(lo), st.chart.a.from_chart(hi)))  # σ ↦ a may decrease
            c_lo, c_hi = -int((-a_lo * m) // 1), int((a_hi * m) // 1)  # ceil, floor
            if c_lo <= c_hi:
                out[j, c_lo:c_hi + 1] = e
    left = sorted(recheck | {(int(j), int(i)) for j, i in np.argwhere(out < 0)})
    for (j, i), w in zip(left, tile.winner_map_exact(lb, n, left)):
        out[j, i] = w
    return out


def _row_interval(poly, t: Fraction) -> tuple[Fraction, Fraction]:
    """The σ-interval of a convex polygon on the horizontal line τ = t (t within its τ-range)."""
    xs = []
    k = len(poly)
    for i in range(k):
        (s0, t0), (s1, t1) = poly[i], poly[(i + 1) % k]
        if t0 == t1:
            if t0 == t:
                xs += [s0, s1]
        elif min(t0, t1) <= t <= max(t0, t1):
            xs.append(s0 + (t - t0) * (s1 - s0) / (t1 - t0))
    if k == 1:
        xs = [poly[0][0]]
    return min(xs), max(xs)
