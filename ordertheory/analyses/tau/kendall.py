"""Kendall's τ-b against many rankings of the same points, with X's order computed once.

Matches ``scipy.stats.kendalltau(x, y)`` (default parameters, i.e. τ-b) to floating-point
precision, ties included. NUMERIC: floats.

>>> import numpy as np
>>> x = np.array([1., 2., 2., 3.]); y = np.array([1., 3., 2., 2.])
>>> round(KendallX(x).tau(y), 12)
0.4
"""

from __future__ import annotations

import numpy as np

_SCIPY_DIS: list = []  # filled on first use: importing scipy.stats costs ~1-3 s at start-up


def _scipy_dis():
    """scipy's compiled discordant-pair counter (private API: guarded, with a numpy fallback), or None."""
    if not _SCIPY_DIS:
        try:
            from scipy.stats._stats import _kendall_dis
        except ImportError:  # pragma: no cover - depends on the scipy version
            _kendall_dis = None
        _SCIPY_DIS.append(_kendall_dis)
    return _SCIPY_DIS[0]


def ties(counts: np.ndarray) -> int:
    """Tied pairs of a sequence, from the number of times each value occurs: Σ c(c − 1)/2.

    >>> ties(np.array([3, 1, 2]))
    4
    """
    c = counts[counts > 1].astype(np.int64)
    return int((c * (c - 1) // 2).sum())


def tau_b_denominator(tot: int, xtie: int, ytie: int) -> float:
    """√(n₀ − n₁)·√(n₀ − n₂): τ-b's denominator, from the pairs n₀ and the pairs tied in x and y."""
    return np.sqrt(tot - xtie) * np.sqrt(tot - ytie)


def tau_b(con_minus_dis, tot, xtie, ytie):
    """Kendall's τ-b = (C − D) / (√(n₀ − n₁)·√(n₀ − n₂)), from its integers (clipped to [−1, 1]
    against rounding): the one statement of the formula. NUMERIC (a float). On numpy arrays (many
    rankings at once, e.g. the draws of a resampling or the pixels of a map) it is taken element by
    element, NaN where τ-b is undefined (one of the rankings ties every pair: 0/0, under the caller's
    ``np.errstate(invalid="ignore")``; no errstate here, which would triple a scalar call's cost).

    >>> tau_b(4, 6, 1, 0)
    0.7302967433402215
    >>> with np.errstate(invalid="ignore"):
    ...     tau_b(np.array([4., 0.]), np.array([6., 1.]), np.array([1., 1.]), np.array([0., 0.]))
    array([0.73029674,        nan])
    """
    tau = con_minus_dis / np.sqrt(tot - xtie) / np.sqrt(tot - ytie)
    if isinstance(tau, np.ndarray):
        return np.clip(tau, -1.0, 1.0)
    return float(min(1.0, max(-1.0, tau)))


def _run_ties(cut: np.ndarray) -> int:
    """Pairs within runs of a sorted sequence, ``cut`` marking where runs start (and the end).

    >>> _run_ties(np.array([True, False, False, True, True]))  # runs of 3 and 1
    3
    """
    n = np.diff(np.flatnonzero(cut))
    return int((n * (n - 1)).sum()) // 2


def discordant_numpy(x_ranks: np.ndarray, y_ranks: np.ndarray) -> int:
    """Pairs i < j (in the (x, y)-sorted order) with y_i > y_j: a bottom-up merge count in numpy."""
    y = np.asarray(y_ranks, dtype=np.int64)
    n = len(y)
    if n < 2:
        return 0
    size = 1 << (n - 1).bit_length()
    big = int(y.max()) + 1
    arr = np.full(size, big, dtype=np.int64)
    arr[:n] = y
    total = 0
    h = 1
    span = big + 1
    while h < size:
        blocks = arr.reshape(-1, 2 * h)
        left, right = blocks[:, :h], blocks[:, h:]
        nb = blocks.shape[0]
        offs = (np.arange(nb, dtype=np.int64) * span)[:, None]
        lkeys = (left + offs).ravel()
        rkeys = (right + offs).ravel()
        le = np.searchsorted(lkeys, rkeys, side="right") - np.repeat(np.arange(nb) * h, h)
        total += int((h - le).sum())
        arr = np.sort(blocks, axis=1).ravel()
        h *= 2
    return total


class KendallX:
    """τ-b of a fixed x against any y; x's dense ranks and tie counts are computed once."""

    def __init__(self, x: np.ndarray) -> None:
        x = np.asarray(x, dtype=float)
        self.n = len(x)
        self.xr = np.unique(x, return_inverse=True)[1].astype(np.int64)
        self.xtie = ties(np.bincount(self.xr))
        self.tot = self.n * (self.n - 1) // 2
        small = np.int16 if self.xr.max(initial=0) < 2**15 - 1 else np.int64
        self.xr_small = self.xr.astype(small)
        self._xorder: np.ndarray | None = None

    def tau_ranks(self, yr: np.ndarray) -> float:
        """τ-b against y given by integer ranks ≥ 0 (equal ranks: a tie; only their order matters),
        e.g. ranks over a larger set restricted to these points. The same counts, hence the same
        float, as :meth:`tau` on the values those ranks stand for.

        >>> k = KendallX(np.array([1., 2., 2., 3.]))
        >>> k.tau_ranks(np.array([0, 7, 3, 3])) == k.tau(np.array([1., 3., 2., 2.]))
        True
        """
        got = self.numerator(yr)
        return float("nan") if got is None else self.tau_of(*got)

    def tau_of(self, con_minus_dis: int, ytie: int) -> float:
        """τ-b from :meth:`numerator`'s integers."""
        return tau_b(con_minus_dis, self.tot, self.xtie, ytie)

    def numerator(self, yr: np.ndarray) -> tuple[int, int] | None:
        """(C − D, the pairs tied in y), the integers τ-b is computed from; None where τ-b is
        undefined (x or y constant)."""
        got = self.counts(yr)
        return None if got is None else got[:2]

    def counts(self, yr: np.ndarray) -> tuple[int, int, int] | None:
        """(C − D, the pairs tied in y, the pairs tied in both x and y); None where τ-b is
        undefined (x or y constant).

        >>> KendallX(np.array([1., 1., 2., 3.])).counts(np.array([0, 0, 0, 1]))
        (3, 3, 1)
        """
        if self.xtie == self.tot:
            return None
        if self._xorder is None:
            self._xorder = np.argsort(self.xr, kind="stable")
            self._xs = self.xr[self._xorder].astype(np.intp)
            self._xkey = self._xs.astype(np.int64) << 32  # (x, y) as one integer, y < 2³¹
        ys = np.asarray(yr)[self._xorder]
        dis_c = _scipy_dis()
        if self.xtie == 0:  # x strictly increasing along _xorder: no joint ties, no sort by y
            ytie = ties(np.bincount(ys))
            if ytie == self.tot:
                return None
            dis = int(dis_c(self._xs + 1, ys.astype(np.intp) + 1)) if dis_c is not None else discordant_numpy(self._xs, ys)
            return self.tot - self.xtie - ytie - 2 * dis, ytie, 0
        if dis_c is not None and ys.max() < 2**15 - 1:
            # a stable radix sort by y of the x-sorted sequence: sorted by (y, x); y's ties and the
            # joint ties are runs, and the discordant pairs are counted with x as the tree's index
            # (few values when X ties a lot)
            order = np.argsort(ys.astype(np.int16), kind="stable")
            ys, xs = ys[order].astype(np.intp), self._xs[order]
            cut = np.ones(len(ys) + 1, dtype=bool)
            np.not_equal(ys[1:], ys[:-1], out=cut[1:-1])
            ytie = _run_ties(cut)
            if ytie == self.tot:
                return None
            cut[1:-1] |= xs[1:] != xs[:-1]
            ntie = _run_ties(cut)
            dis = int(dis_c(ys + 1, xs + 1))
        else:  # sorted by x already: a stable sort by (x, y) of an almost sorted sequence
            ytie = ties(np.bincount(ys))
            if ytie == self.tot:
                return None
            key = self._xkey + ys
            order = np.argsort(key, kind="stable")
            xs, ys, key = self._xs[order], ys[order].astype(np.intp), key[order]
            cut = np.ones(len(ys) + 1, dtype=bool)
            np.not_equal(key[1:], key[:-1], out=cut[1:-1])
            ntie = _run_ties(cut)
            dis = int(dis_c(xs + 1, ys + 1)) if dis_c is not None else discordant_numpy(xs, ys)
        return self.tot - self.xtie - ytie + ntie - 2 * dis, ytie, ntie

    def tau(self, y: np.ndarray, use_scipy: bool = True) -> float:
        y = np.asarray(y, dtype=float)
        perm = np.argsort(y)  # y's dense ranks from one float sort
        ys = y[perm]
        yr_sorted = np.r_[True, ys[1:] != ys[:-1]].cumsum(dtype=np.intp)
        ytie = ties(np.bincount(yr_sorted))
        if self.xtie == self.tot or ytie == self.tot:
            return float("nan")
        # stable sort by x of the y-sorted sequence: a radix sort on small integers
        xk = self.xr_small[perm]
        order = np.argsort(xk, kind="stable")
        xs, ysr = xk[order].astype(np.intp), yr_sorted[order]
        dis_c = _scipy_dis() if use_scipy else None
        if dis_c is not None:
            dis = int(dis_c(xs + 1, ysr))
        else:
            dis = discordant_numpy(xs, ysr)
        change = np.r_[True, (xs[1:] != xs[:-1]) | (ysr[1:] != ysr[:-1]), True]
        ntie = ties(np.diff(np.flatnonzero(change)))
        con_minus_dis = self.tot - self.xtie - ytie + ntie - 2 * dis
        return tau_b(con_minus_dis, self.tot, self.xtie, ytie)
