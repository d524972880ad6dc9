"""The grid τ is computed on, and the orderings of the ranking scores on it (§5.2, Table 1's τ).

A grid of performances of Π (the simplex in steps of 1/32, or TPR × TNR at a fixed prior), the
ranking scores' values on it with exact ties where they can be had, their orderings shared by every
score compared on the same grid (:class:`RankingRanks`), and τ-b of one score against any of them
(:class:`TauEvaluator`), with bounds where an ordering only breaks ties of another. NUMERIC (floats),
with ties decided exactly where X and R are ratios of integers.
"""

from __future__ import annotations

import hashlib
import itertools
from fractions import Fraction

import numpy as np

from ordertheory.analyses.tau.exact_ties import (
    merge_structural_ties,
    ranking_values_exact,
    simple_rational,
)
from ordertheory.analyses.tau.kendall import KendallX, tau_b_denominator, ties
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.spaces.sample_space import SampleSpace


# --- grids -----------------------------------------------------------------------------------------
def simplex_grid(space: SampleSpace, step: Fraction = Fraction(1, 32)) -> np.ndarray:
    """Every performance with probabilities in multiples of ``step``, faces included.

    >>> from ordertheory.spaces.sample_space import binary
    >>> simplex_grid(binary()).shape
    (6545, 4)
    """
    m = int(1 / step)
    if Fraction(1, m) != step:
        raise ValueError(f"expected a step 1/m but got {step}")
    n = len(space)
    rows = [c for c in _compositions(m, n)]
    return np.array(rows, dtype=float) / m


def _compositions(m: int, n: int):
    for bars in itertools.combinations(range(m + n - 1), n - 1):
        prev, parts = -1, []
        for b in bars:
            parts.append(b - prev - 1)
            prev = b
        parts.append(m + n - 2 - prev)
        yield parts


def prior_grid(prior: Fraction, points: int = 81) -> np.ndarray:
    """The (TPR, TNR) grid with ``points`` values each, 0 and 1 included, at a fixed prior."""
    t = np.linspace(0.0, 1.0, points)
    tpr, tnr = (g.ravel() for g in np.meshgrid(t, t, indexing="ij"))
    p = float(prior)
    return np.column_stack([(1 - p) * tnr, (1 - p) * (1 - tnr), p * (1 - tpr), p * tpr])


# --- ranking scores on a grid ------------------------------------------------------------------------
def tile_importance(a: float, b: float) -> np.ndarray:
    """I(tn, fp, fn, tp) = (1 − a, 1 − b, b, a)."""
    return np.array([1 - a, 1 - b, b, a])


def ranking_values(grid: np.ndarray, importance: np.ndarray, satisfaction: np.ndarray) -> np.ndarray:
    den = grid @ importance
    num = grid @ (importance * satisfaction)
    with np.errstate(all="ignore"):
        out = num / den
    out[den <= 0] = np.nan
    return out


def snap(v: np.ndarray, digits: int = 10) -> np.ndarray:
    """Round to ``digits`` significant digits so that values equal in exact arithmetic (1/3 and
    2/6 computed in floats) tie as they should; τ-b depends on ties."""
    with np.errstate(all="ignore"):
        mag = np.where(np.isfinite(v) & (v != 0), np.floor(np.log10(np.abs(np.where(v == 0, 1, v)))), 0)
        scale = 10.0 ** (digits - 1 - mag)
        return np.round(v * scale) / scale


def grid_for(Pi: PerformanceSet, step: Fraction = Fraction(1, 32), points: int = 81) -> np.ndarray:
    """The default grid of Π: the simplex grid for all performances, (TPR, TNR) for a fixed prior."""
    if not Pi.constraints:
        return simplex_grid(Pi.space, step)
    if Pi.space.is_binary and Pi.positive_prior() is not None:
        return prior_grid(Pi.positive_prior(), points)
    grid = simplex_grid(Pi.space, step)  # other constraints: keep the grid points inside Π
    keep = np.ones(len(grid), dtype=bool)
    syms = Pi.symbols
    for c in Pi.constraints:
        coeffs = np.array([float(c.expr.coeff(s)) for s in syms])
        const = float(c.expr.xreplace({s: 0 for s in syms}))
        v = grid @ coeffs + const
        keep &= np.isclose(v, 0) if c.op == "==" else (v <= 1e-12) if c.op == "<=" else (v >= -1e-12)
    return grid[keep]


def grid_total(Pi: PerformanceSet, step: Fraction, points: int) -> int:
    """The common denominator L of the grid's probabilities (counts = grid · L are integers)."""
    if Pi.space.is_binary and Pi.positive_prior() is not None:
        return Pi.positive_prior().denominator * (points - 1)
    return int(1 / step)


class RankingRanks:
    """The orderings of the ranking scores R_I on one grid: dense ranks of R_I's values (equal
    values, equal ranks; −1 where R_I is undefined), one per importance.

    An ordering depends on the grid and I only, not on the score it is compared with: with
    ``keep`` > 0 the last ``keep`` orderings asked for are kept, so that several scores evaluated
    on the same grid (Table 1's column of one setting) sort each R_I once. With ``counts`` (the
    grid's integer counts) R_I has exact ties at rational importances (and the Tile's structural
    ties elsewhere, see :mod:`~ordertheory.analyses.tau.exact_ties`); otherwise it is snapped to 10 digits.
    """

    def __init__(self, grid: np.ndarray, S: np.ndarray, counts: np.ndarray | None = None, keep: int = 0) -> None:
        self.grid, self.S, self.counts, self.keep = grid, S, counts, keep
        self.ties: dict = {}  # the Tile's structural tie classes, per rational coordinate and mask
        self.memo: dict[bytes, np.ndarray] = {}
        self.refined: dict[tuple[bytes, bytes], bool] = {}
        self.distances: dict[tuple[bytes, bytes], int | None] = {}
        self._kendall_of: dict[bytes, KendallX] = {}  # an ordering as the x of τ, for distance()
        self.sorted = 0  # orderings computed (the others came from the memo)

    def values(self, importance: np.ndarray) -> np.ndarray:
        """R_I at every grid point (floats; NaN where undefined)."""
        if self.counts is not None:
            fr = [simple_rational(float(v)) for v in importance]
            if all(f is not None for f in fr):
                return ranking_values_exact(self.counts, fr, self.S)
            R = ranking_values(self.grid, importance, self.S)
            if len(importance) == 4 and self.S.tolist() == [1.0, 0.0, 0.0, 1.0]:  # the Tile: (1−a, 1−b, b, a)
                R = merge_structural_ties(R, self.counts, fr[3], fr[2], self.ties)
            return R
        return snap(ranking_values(self.grid, importance, self.S))

    def __call__(self, importance: np.ndarray) -> np.ndarray:
        return self.ordering(importance)[0]

    def refines(self, parent: np.ndarray, child: np.ndarray) -> bool:
        """Whether R at ``child`` orders the grid like R at ``parent`` except that some of the
        parent's ties are broken: the same points defined, and P < Q at the parent ⇒ P < Q at the
        child (what :meth:`TauEvaluator.bounds` needs; true just beside a special point, where the
        special point's many ties are broken and nothing else moves)."""
        key = (np.asarray(parent, dtype=float).tobytes(), np.asarray(child, dtype=float).tobytes())
        if key not in self.refined:
            rp, rc = self.ordering(parent)[0], self.ordering(child)[0]
            ok = rp >= 0
            same = bool(np.array_equal(ok, rc >= 0))
            if same and ok.any():
                both = np.sort(rp[ok].astype(np.int64) << 32 | rc[ok].astype(np.int64))
                p, c = both >> 32, both & 0xFFFFFFFF
                step = p[1:] > p[:-1]  # sorted by (parent, child): each step up at the parent steps up at the child
                same = bool(np.all(c[1:][step] > c[:-1][step]))
            self.refined[key] = same
        return self.refined[key]

    def distance(self, p: np.ndarray, q: np.ndarray) -> int | None:
        """Σ |sign(R_p(P) − R_p(Q)) − sign(R_q(P) − R_q(Q))| over the pairs {P, Q} of points where
        R is defined: 2 per pair the two orderings reverse, 1 per pair tied in one only. None when
        R_p and R_q are not defined at the same points.

        Whatever the score X, C − D of τ(X, R) moves by at most that much from p to q (each pair
        adds sign(X(P) − X(Q)) · sign(R(P) − R(Q))), so one distance, computed once per grid,
        bounds τ at q from τ at p for every score (:meth:`TauEvaluator.flip_bounds`).

        >>> rr = RankingRanks(prior_grid(Fraction(1, 2), 3), np.array([1., 0., 0., 1.]))
        >>> rr.distance(tile_importance(0.5, 0.5), tile_importance(0.5, 0.5))
        0
        """
        kp = np.asarray(p, dtype=float).tobytes()
        kq = np.asarray(q, dtype=float).tobytes()
        key = (kp, kq) if kp <= kq else (kq, kp)
        if key not in self.distances:
            rp, rq = self.ordering(p)[0], self.ordering(q)[0]
            ok = rp >= 0
            d = None
            if np.array_equal(ok, rq >= 0) and ok.sum() >= 2:
                if kp not in self._kendall_of:
                    self._kendall_of[kp] = KendallX(rp[ok].astype(float))
                k = self._kendall_of[kp]
                got = k.counts(rq[ok])
                # pairs: C + D + (tied in p only) + (tied in q only) + (tied in both) = tot, so
                # 2D + (tied in one only) = tot − (tied in both) − (C − D)
                d = None if got is None else k.tot - got[2] - got[0]
            self.distances[key] = d
        return self.distances[key]

    def ordering(self, importance: np.ndarray) -> tuple[np.ndarray, bytes]:
        """(ranks, their SHA-256): two importances ordering the grid alike have one digest (nearby
        points of the Tile often do, and then τ need not be computed again)."""
        key = np.asarray(importance, dtype=float).tobytes()
        got = self.memo.pop(key, None)
        if got is not None:
            self.memo[key] = got
        else:
            ranks = dense_ranks(self.values(importance))
            got = (ranks, hashlib.sha256(ranks.tobytes()).digest())
            self.sorted += 1
            if self.keep:  # least recently used out: the coarse points serve every score
                if len(self.memo) >= self.keep:
                    self.memo.pop(next(iter(self.memo)))
                self.memo[key] = got
        return got


def dense_ranks(v: np.ndarray) -> np.ndarray:
    """0, 1, 2, … by increasing value, equal values sharing a rank; −1 for NaN.

    >>> dense_ranks(np.array([0.5, np.nan, 0.25, 0.5])).tolist()
    [1, -1, 0, 1]
    """
    ok = ~np.isnan(v)
    x = v[ok]
    perm = np.argsort(x)
    xs = x[perm]
    dense = np.empty(len(x), dtype=np.int64)
    dense[perm] = np.r_[0, np.cumsum(xs[1:] != xs[:-1])] if len(x) else dense
    out = np.full(len(v), -1, dtype=np.int32)
    out[ok] = dense
    return out


class TauEvaluator:
    """τ(X, R_I) on a fixed grid; X's ranks cached per definedness mask of R_I.

    With ``counts`` (the grid's integer counts) and X given with exact ties (see
    :mod:`~ordertheory.analyses.tau.exact_ties`), R_I is computed with exact ties at rational
    importances and nothing is snapped; otherwise X and R_I are snapped to 10 digits.
    ``ranks``: the orderings of R_I shared with other scores on this grid (:class:`RankingRanks`
    built with the same ``counts``, or ``None`` when X is snapped).
    """

    def __init__(self, X: np.ndarray, grid: np.ndarray, S: np.ndarray, counts: np.ndarray | None = None,
                 ranks: RankingRanks | None = None, x_exact: bool = True) -> None:
        self.counts = counts
        self.x_exact = x_exact  # False: X's values are floats (a sum of logs or probits), its ties snapped
        self.raw = np.asarray(X, dtype=float)
        X = snap(X) if counts is None or not x_exact else X
        self.ok = ~np.isnan(X)
        self.X, self.grid, self.S = X, grid, S
        self.ranks = ranks if ranks is not None else RankingRanks(grid, S, counts, keep=256)
        if self.ranks.counts is not counts:
            raise ValueError("the shared orderings were built for another kind of ties")
        self.cache: dict[bytes, tuple[np.ndarray, KendallX, int]] = {}
        self._of_digest: dict[bytes, tuple[np.ndarray, KendallX, int]] = {}
        self.known: dict[bytes, tuple] = {}  # per ordering of the grid (its digest): τ, (C − D, y ties)
        self.approx: dict[bytes, tuple[int, int, int]] = {}  # per digest not evaluated: C − D ∈ [lo, hi], y ties
        self.count = 0

    def _kendall(self, r: np.ndarray, digest: bytes) -> tuple[np.ndarray, KendallX, int]:
        """(mask, X's kernel on it, its size) for the ordering ``r`` (``digest``): where X and R
        are both defined; the digest remembers it (computing the mask is ~30 µs a call)."""
        got = self._of_digest.get(digest)
        if got is None:
            mask = self.ok & (r >= 0)
            key = np.packbits(mask).tobytes()
            if key not in self.cache:
                self.cache[key] = (mask, KendallX(self.X[mask]), int(mask.sum()))
            got = self._of_digest[digest] = self.cache[key]
        return got

    def __call__(self, importance: np.ndarray) -> float:
        self.count += 1
        r, digest = self.ranks.ordering(importance)
        if digest in self.known:  # the same ordering of the grid as an earlier point: the same τ
            return self.known[digest][0]
        m, k, size = self._kendall(r, digest)
        got = k.numerator(r[m]) if size >= 2 else None
        t = float("nan") if got is None else k.tau_of(*got)
        self.known[digest] = (t, got)
        return t

    def tie_error(self, importance: np.ndarray, tol: float = 1e-9) -> float:
        """An upper bound of |τ − τ_exact| at ``importance`` when X's ties are floats: the pairs of
        X within ``tol`` (relative) may be ties or not in exact arithmetic, each moving C − D by
        at most 2 and X's ties by 1; τ-b is monotone in each, so the bound is the largest change
        at the corners of that box. 0 when X's ties are exact. NUMERIC.

        >>> ev = TauEvaluator(np.array([0.0, 1.0, 1.0 + 1e-12, 2.0]), np.zeros((4, 1)), np.zeros(1),
        ...                   x_exact=False)
        >>> ev.x_exact, ev.tie_error(np.ones(1)) >= 0
        (False, True)
        """
        if self.x_exact:
            return 0.0
        r, digest = self.ranks.ordering(importance)
        m, k, size = self._kendall(r, digest)
        got = k.numerator(r[m]) if size >= 2 else None
        if got is None:
            return 0.0
        cd, ytie = got
        v = np.sort(self.raw[m])
        near = int((np.searchsorted(v, v + tol * np.maximum(1.0, np.abs(v)), side="right")
                    - np.arange(1, len(v) + 1)).sum())
        if near == 0:
            return 0.0
        tau = k.tau_of(cd, ytie)
        worst = 0.0
        for c in (cd - 2 * near, cd + 2 * near):
            for xt in (max(0, k.xtie - near), min(k.tot - 1, k.xtie + near)):
                t = c / np.sqrt(k.tot - xt) / np.sqrt(k.tot - ytie)
                worst = max(worst, abs(float(min(1.0, max(-1.0, t))) - tau))
        return worst

    def _interval(self, digest: bytes) -> tuple[int, int, int] | None:
        """(lo, hi, y ties): C − D ∈ [lo, hi] at an ordering evaluated (lo = hi) or bounded
        (:meth:`flip_bounds`); None when neither (or τ-b undefined there)."""
        if digest in self.known:
            got = self.known[digest][1]
            return None if got is None else (got[0], got[0], got[1])
        return self.approx.get(digest)

    def bounds(self, parent: np.ndarray, child: np.ndarray, crude: bool = False) -> tuple[float, float] | None:
        """Bounds on τ at ``child`` without computing it, from τ's integers at ``parent`` (evaluated,
        or bounded by :meth:`flip_bounds`) when the child's ordering refines the parent's
        (:meth:`RankingRanks.refines`): only the u pairs tied at the parent and not at the child can
        change, so C − D moves by at most u and the y ties drop by exactly u. ``crude``: with u
        anywhere between 0 and the parent's y ties, without reading the child's ties (wider, and
        cheaper). None when that does not apply."""
        rp, dp = self.ranks.ordering(parent)
        got = self._interval(dp)
        if got is None or not self.ranks.refines(parent, child):
            return None
        m, k, _ = self._kendall(rp, dp)  # the same definedness as the child's (a refinement keeps it)
        lo, hi, ytie = got
        if crude:  # numerators in [lo − u, hi + u] over denominators √a·√(tot − ytie + u), u ∈ [0, ytie]
            if k.tot - ytie == 0:
                return None
            wide, narrow = tau_b_denominator(k.tot, k.xtie, 0), tau_b_denominator(k.tot, k.xtie, ytie)
            lo, hi = lo - ytie, hi + ytie
            return lo / (wide if lo >= 0 else narrow), hi / (narrow if hi >= 0 else wide)
        rc, _ = self.ranks.ordering(child)
        ytie_c = ties(np.bincount(rc[m]))
        u = ytie - ytie_c
        den = tau_b_denominator(k.tot, k.xtie, ytie_c)
        if den == 0:
            return None
        return (lo - u) / den, (hi + u) / den

    def flip_bounds(self, parent: np.ndarray, child: np.ndarray) -> tuple[float, float] | None:
        """Bounds on τ at ``child`` from τ's integers at ``parent`` (evaluated or bounded) and the
        orderings' distance (:meth:`RankingRanks.distance`, shared by every score): C − D moves
        by at most that distance. Successive parents narrow the child's interval, which is kept
        (for :meth:`bounds` from the child). None when that does not apply."""
        rp, dp = self.ranks.ordering(parent)
        rc, dc = self.ranks.ordering(child)
        got = self._interval(dp)
        if got is None or dc in self.known:
            return None
        d = self.ranks.distance(parent, child)
        if d is None:
            return None
        m, k, _ = self._kendall(rc, dc)  # the same definedness as the parent's (distance() checks it)
        lo, hi = got[0] - d, got[1] + d
        if dc in self.approx:
            lo, hi, ytie_c = max(lo, self.approx[dc][0]), min(hi, self.approx[dc][1]), self.approx[dc][2]
        else:
            ytie_c = ties(np.bincount(rc[m]))
        self.approx[dc] = (lo, hi, ytie_c)
        den = tau_b_denominator(k.tot, k.xtie, ytie_c)
        if den == 0:
            return None
        return lo / den, hi / den
