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
import sympy

from ordertheory.exact import compile_rational_pairs
from ordertheory.scores.formula import ConditionKind, probit
from ordertheory.scores.score import Score

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


def _integer_ratio(expr: sympy.Expr, syms, counts: np.ndarray, total: int):
    """(numerators, denominators) of a rational ``expr`` at each row of counts / total, as Python
    integers (object arrays, one compiled formula for all rows: :func:`ordertheory.exact.compile_rational_pairs`);
    None when ``expr`` is not a ratio of polynomials with rational coefficients."""
    f = compile_rational_pairs(expr, syms)
    if f is None:
        return None
    cols = [np.array([int(v) for v in counts[:, j]], dtype=object) for j in range(counts.shape[1])]
    n, d = f([(col, int(total)) for col in cols])
    whole = lambda v: np.broadcast_to(np.asarray(v, dtype=object), (len(counts),))  # noqa: E731 - a constant
    return whole(n), whole(d)


def _defined(score: Score, counts: np.ndarray, total: int) -> np.ndarray:
    """Where X is defined on the grid: exactly when every domain condition is rational (integer
    arithmetic, as X itself), else where the float evaluation is not NaN."""
    ok = np.ones(len(counts), dtype=bool)
    for c in score.conditions:
        got = _integer_ratio(c.expr, score.symbols, counts, total)
        if got is None:
            return ~np.isnan(score.numeric([counts[:, j] / total for j in range(counts.shape[1])]))
        n, d = got
        sgn = np.array([(int(a) > 0) - (int(a) < 0) for a in n * d], dtype=np.int64)  # sign(n/d), d ≠ 0
        nonzero = np.array([int(b) != 0 for b in d], dtype=bool)
        kind = ConditionKind(c.kind)
        if kind is ConditionKind.NONZERO:
            ok &= nonzero & (sgn != 0)
        elif kind is ConditionKind.NONNEG:
            ok &= nonzero & (sgn >= 0)
        elif kind is ConditionKind.POS:
            ok &= nonzero & (sgn > 0)
        else:  # 0 < v < 1: v > 0 and 1 − v = (d − n)/d > 0
            rest = np.array([((int(b) - int(a)) * int(b) > 0) for a, b in zip(n, d)], dtype=bool)
            ok &= nonzero & (sgn > 0) & rest
    return ok


# --- exact ranks of algebraic scores ---------------------------------------------------------------
def monotone_core(expr: sympy.Expr, syms) -> tuple[sympy.Expr, int]:
    """(u, ±1) with X = g(u) for a strictly increasing (+1) or decreasing (−1) g read off X's
    outer layers: a constant shift or non-zero factor, log, exp, probit, an odd power, or a
    fractional power (of a base ≥ 0 where X is defined, as the parser writes it). X orders any set
    of performances as u does (or in reverse): τ-b reads nothing else.

    >>> tp, fn = sympy.symbols("tp fn", nonnegative=True)
    >>> monotone_core(-sympy.log(tp/(tp + fn))**3, (tp, fn))
    (tp/(fn + tp), -1)
    """
    direction, e = 1, expr
    while True:
        if e.is_Add:
            const, rest = e.as_independent(*syms, as_Add=True)
            if const == 0:
                return e, direction
            e = rest
        elif e.is_Mul:
            const, rest = e.as_independent(*syms, as_Add=False)
            if const == 1 or not const.is_number or not const.is_real:
                return e, direction
            direction *= 1 if const > 0 else -1
            e = rest
        elif isinstance(e, sympy.log | sympy.exp | probit):
            e = e.args[0]
        elif e.is_Pow and e.exp.is_Rational and (e.exp.q != 1 or (e.exp.p % 2 == 1 and e.exp > 0)):
            direction *= 1 if e.exp > 0 else -1
            e = e.base
        else:
            return e, direction


def _sign_split(u: sympy.Expr, syms) -> tuple[sympy.Expr, int] | None:
    """(r, k): u^k is rational for the smallest k in 1…6, and sign(u) = sign(r) for the rational
    factor r of u (its other factors are fractional powers, ≥ 0); None when there is no such k."""
    for k in (1, 2, 3, 4, 6):
        v = sympy.cancel(sympy.together(sympy.powsimp(u**k, force=False)))
        if not (v.is_rational_function(*syms) and all(a.exp.is_Integer for a in v.atoms(sympy.Pow))):
            continue
        if k % 2:  # an odd power keeps the sign and the order
            return sympy.Integer(1), k
        rational = [f for f in sympy.Mul.make_args(u) if f.is_rational_function(*syms)
                    and all(a.exp.is_Integer for a in f.atoms(sympy.Pow))]
        radical = [f for f in sympy.Mul.make_args(u) if f not in rational]
        if all(f.is_Pow and not f.exp.is_Integer for f in radical):  # √(·) ≥ 0 where defined
            return sympy.Mul(*rational), k
        return None
    return None


def exact_ranks(score: Score, counts: np.ndarray, total: int) -> np.ndarray | None:
    """X's dense ranks on the grid (NaN outside the domain), with ties and order decided exactly,
    for an X whose monotone core u (:func:`monotone_core`) has a rational power u^k with a
    rational sign factor (MCC = N/√D: sign(N)·N²/D; the G-mean; probit or log of such a u): the
    key sign(u)·|u^k| is rational and orders the grid as X does. None when there is no exact key
    (a sum of logs or probits, such as d′): then ties are decided in floats.

    >>> from ordertheory.catalogue import get
    >>> counts = np.array([[1, 1, 1, 1], [3, 0, 0, 1], [1, 0, 0, 3], [2, 0, 0, 2], [0, 2, 2, 0]])
    >>> exact_ranks(get("mcc").score(), counts, 4).tolist()  # MCC: 0, 1, 1, 1, −1
    [1.0, 2.0, 2.0, 2.0, 0.0]
    """
    syms = score.symbols
    u, direction = monotone_core(score.expr, syms)
    split = _sign_split(u, syms)
    if split is None:
        return None
    r, k = split
    power = _integer_ratio(sympy.cancel(sympy.together(sympy.powsimp(u**k))), syms, counts, total)
    sign = _integer_ratio(r, syms, counts, total)
    if power is None or sign is None:
        return None
    ok = _defined(score, counts, total)
    keys: dict[int, Fraction] = {}
    for i in np.flatnonzero(ok):
        n, d, sn, sd = int(power[0][i]), int(power[1][i]), int(sign[0][i]), int(sign[1][i])
        if d == 0 or sd == 0:
            ok[i] = False
            continue
        value = Fraction(n, d)  # u^k
        if k % 2:
            keys[int(i)] = value  # an odd power keeps u's sign
        else:
            s = (sn * sd > 0) - (sn * sd < 0)  # sign(u) = sign(r)
            keys[int(i)] = s * abs(value)
    order = {v: rank for rank, v in enumerate(sorted(set(keys.values())))}
    out = np.full(len(counts), np.nan)
    for i, v in keys.items():
        out[i] = direction * order[v]
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
