"""Exact ties for Kendall's τ on a grid: integer counts and one division per value.

Grid performances have integer counts over a common total L. A rational score is a ratio of two
integers at each of them: its formula evaluated on integer pairs (numerator, denominator) and reduced
by their gcd, equal rationals get identical lowest terms, hence identical floats.
A ranking score R_{a,b} at a rational (a, b) = (p/q, r/s) has integer numerator and denominator
below 2⁵³ on these grids, and IEEE division is correctly rounded, so equal rationals again give
identical floats. No float is snapped to a number of digits: ties are exactly the exact ties.

>>> import numpy as np
>>> from ordertheory.catalogue import get
>>> counts = np.array([[1, 1, 1, 1], [2, 0, 0, 2], [2, 0, 2, 0]])
>>> rational_values(get("markedness").score(), counts, 4).tolist()
[0.0, 1.0, nan]
>>> simple_rational(0.5), simple_rational(0.5 + 1e-6)
(Fraction(1, 2), None)
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ordertheory.exact import compile_rational_pairs
from ordertheory.scores import Score

MAX_DENOMINATOR = 1000


def simple_rational(x: float) -> Fraction | None:
    """The rational p/q (q ≤ 1000) that ``x`` stands for (within 10⁻¹¹: the optimiser rounds its
    points to 12 digits, and 1 − 1/3 in floats is not 2/3), else None: a generic point."""
    f = Fraction(x).limit_denominator(MAX_DENOMINATOR)
    return f if abs(float(f) - x) <= 1e-11 else None


def counts_of(grid: np.ndarray, total: int) -> np.ndarray | None:
    """Integer counts c with c / total == grid exactly (as floats), or None."""
    c = np.rint(grid * total).astype(np.int64)
    return c if np.array_equal(c / total, grid) or np.allclose(c / total, grid, rtol=0, atol=1e-15) else None


def rational_values(score: Score, counts: np.ndarray, total: int) -> np.ndarray | None:
    """X at each row of ``counts`` (probabilities counts / total) with exact ties; NaN outside the
    domain; None when X is not a ratio of polynomials (roots, logs, min/max: no exact path).

    The score's formula is compiled once (:func:`ordertheory.exact.compile_rational_pairs`) and
    evaluated on integer pairs (count, total), every row at once: X = n/d in integers, one division."""
    f = compile_rational_pairs(score.expr, score.symbols)
    if f is None:
        return None
    out = np.full(len(counts), np.nan)
    defined = ~np.isnan(score.numeric([counts[:, j] / total for j in range(counts.shape[1])]))
    idx = np.flatnonzero(defined)
    cols = [np.array([int(v) for v in counts[idx, j]], dtype=object) for j in range(counts.shape[1])]
    n, d = f([(c, int(total)) for c in cols])
    whole = lambda v: np.broadcast_to(np.asarray(v, dtype=object), idx.shape)  # a constant X: one pair
    out[idx] = ratio_floats(whole(n), whole(d))
    return out


def ratio_floats(n: np.ndarray, d: np.ndarray) -> np.ndarray:
    """float(Fraction(n, d)) for integer arrays (NaN where d = 0): equal rationals, identical
    floats. Below 2⁵³ in int64 (lowest terms by a gcd, then one correctly rounded division,
    as Fraction's own), otherwise one Fraction at a time.

    >>> ratio_floats(np.array([2, 1, -3, 5], dtype=object), np.array([4, 2, -6, 0], dtype=object)).tolist()
    [0.5, 0.5, 0.5, nan]
    """
    out = np.full(len(n), np.nan)
    if max((abs(int(v)) for v in (*n, *d)), default=0) < 2**53:
        ni, di = np.asarray(n).astype(np.int64), np.asarray(d).astype(np.int64)
        nz = di != 0
        g = np.gcd(ni[nz], di[nz])
        sign = np.where(di[nz] < 0, -1, 1)  # lowest terms with a positive denominator
        out[nz] = (sign * ni[nz] // g).astype(float) / (sign * di[nz] // g).astype(float)
        return out
    for k, (nk, dk) in enumerate(zip(n, d)):
        if int(dk) != 0:
            f = Fraction(int(nk), int(dk))  # lowest terms: equal rationals give the same float
            out[k] = f.numerator / f.denominator
    return out


def ranking_values_exact(counts: np.ndarray, importance: list[Fraction], S: np.ndarray) -> np.ndarray:
    """R_I on integer counts at a rational importance (for the Tile, I = (1 − a, 1 − b, b, a)):
    integer numerator and denominator, one division per value."""
    q = 1
    for v in importance:
        q = q * v.denominator // np.gcd(q, v.denominator)
    imp = np.array([int(v * q) for v in importance], dtype=np.int64)
    num = counts @ (imp * np.rint(S).astype(np.int64))
    den = counts @ imp
    with np.errstate(all="ignore"):
        out = num / den
    out[den <= 0] = np.nan
    return out


def merge_structural_ties(R: np.ndarray, counts: np.ndarray, a: Fraction | None, b: Fraction | None,
                          memo: dict | None = None) -> np.ndarray:
    """R_{a,b} on the Tile when a or b is generic (not a simple rational): the ties there are exactly
    the ties that hold for every value of the generic coordinate, decided here in integers; each
    class of tied performances gets one float (floats alone may split them).

    With a = p/q rational and b generic, R = N / (N + U(b)) with N = (1 − a)·tn + a·tp: R_i ≡ R_j
    iff both N are 0, or both U ≡ 0, or (N, fp, fn) are proportional; symmetrically for b.
    The classes depend on the rational coordinate and the definedness mask only, not on the
    generic value: ``memo`` (a dict kept by the caller for one ``counts``) computes them once.
    """
    if a is None and b is None:
        return R  # both generic: only proportional (identical) performances tie, and floats agree
    ok = ~np.isnan(R)  # undefined performances (E_P[I] = 0) stay undefined
    key = ("a", a) if a is not None else ("b", b)
    key = (*key, ok.tobytes())
    got = memo.get(key) if memo is not None else None
    if got is None:
        got = _tie_classes(counts, a, b, ok)
        if memo is not None:
            memo[key] = got
    first, inverse = got
    out = R.copy()
    out[ok] = R[ok][first][inverse]
    return out


def _tie_classes(counts: np.ndarray, a: Fraction | None, b: Fraction | None, ok: np.ndarray) -> tuple:
    """(first, inverse): the classes of structurally tied defined performances (see above)."""
    tn, fp, fn, tp = (counts[:, j] for j in range(4))
    if a is not None:
        q = a.denominator
        fixed, u, v = (q - a.numerator) * tn + a.numerator * tp, fp, fn  # N·q (integers)
        zero, one = fixed == 0, (u == 0) & (v == 0)
    else:
        s = b.denominator
        fixed, u, v = (s - b.numerator) * fp + b.numerator * fn, tn, tp  # U·s; R = N(a) / (N(a) + U)
        zero, one = (u == 0) & (v == 0), fixed == 0
    key = np.stack([fixed, u, v], axis=1).astype(np.int64)[ok]
    g = np.gcd.reduce(key, axis=1)
    key = key // np.where(g == 0, 1, g)[:, None]
    key[zero[ok]] = (-1, 0, 0)
    key[(one & ~zero)[ok]] = (-2, 0, 0)
    _, first, inverse = np.unique(_row_codes(key), return_index=True, return_inverse=True)
    return first, inverse.ravel()


def _row_codes(key: np.ndarray) -> np.ndarray:
    """One integer per row of small integers (first column ≥ −2, others ≥ 0), injective: the same
    groups as ``np.unique(key, axis=0)``, whose sort of row records costs ~13 ms per call here
    against ~0.3 ms for one int64 sort. Rows too large to code in 62 bits are kept as rows."""
    if not len(key):
        return np.zeros(0, dtype=np.int64)
    shifted = key - np.array([-2, 0, 0])
    if shifted.min() < 0:
        return np.unique(key, axis=0, return_inverse=True)[1].ravel()
    m1, m2 = int(shifted[:, 1].max()) + 1, int(shifted[:, 2].max()) + 1
    if (int(shifted[:, 0].max()) + 1) * m1 * m2 >= 2**62:
        return np.unique(key, axis=0, return_inverse=True)[1].ravel()
    return (shifted[:, 0] * m1 + shifted[:, 1]) * m2 + shifted[:, 2]
