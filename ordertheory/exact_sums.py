"""Exact sums at numpy's speed, for the per-sample forms: no Fraction per case.

A float is a dyadic rational m·2^e (m a 53-bit integer), read exactly by :func:`numpy.frexp`. A sum
Σ w·v or Σ w·v² over many floats (w integer counts) is then a sum of integers over one common power of
two: each mantissa is cut into three 18-bit limbs, the products of limbs (< 2^38) times the counts are
summed in int64 within each run of equal exponent (no overflow below the bound :data:`SAFE_TOTAL`), and
the few runs are shifted into place as Python integers. A sum of fractions with many denominators
(the precisions of average precision) is summed by binary splitting, with one gcd at the end.

>>> v = np.array([0.1, 0.25, 0.7])
>>> nums, K = dyadic_sums(v, np.array([1, 2, 3]))
>>> Fraction(nums[0], 2**K) == Fraction(0.1) + 2 * Fraction(0.25) + 3 * Fraction(0.7)
True
>>> nums, K = dyadic_sums(v, np.array([1, 1, 1]), np.array([0, 1, 1]), 2, power=2)
>>> Fraction(nums[1], 2**K) == Fraction(0.25) ** 2 + Fraction(0.7) ** 2
True
>>> fraction_sum([1, 1, 1], [2, 3, 6])
Fraction(1, 1)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

LIMB = 18
MASK = (1 << LIMB) - 1
SAFE_TOTAL = 1 << 24  # Σ w below this: every int64 partial sum of (limb product < 2^39) × w fits


def dyadic(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(m, e), int64, with v = m·2^e exactly for every finite float v ≥ 0 (m = 0 for 0)."""
    mant, ex = np.frexp(v)
    return (mant * 2.0**53).astype(np.int64), ex.astype(np.int64) - 53


def _python_sums(v, w, groups, ngroups: int, power: int) -> tuple[list[int], int]:
    """The same sums in Python integers (beyond :data:`SAFE_TOTAL`): slower, never wrong."""
    ratios = [x.as_integer_ratio() for x in v.tolist()]
    K = max(d for _, d in ratios).bit_length() - 1
    out = [0] * ngroups
    for (a, d), c, g in zip(ratios, w.tolist(), groups.tolist()):
        x = a << (K - d.bit_length() + 1)
        out[g] += c * x**power
    return out, power * K


def dyadic_sums(v: np.ndarray, w: np.ndarray, groups: np.ndarray | None = None, ngroups: int = 1,
                power: int = 1) -> tuple[list[int], int]:
    """(numerators, K): for each group g, Σ_{l in g} w_l·v_l**power = numerators[g] / 2**K exactly.

    ``v``: floats ≥ 0; ``w``: non-negative integer weights (counts); ``groups``: each entry's group in
    0 … ngroups − 1 (default: one group); ``power``: 1 or 2."""
    v, w = np.asarray(v, dtype=float), np.asarray(w, dtype=np.int64)
    groups = np.zeros(len(v), dtype=np.int64) if groups is None else np.asarray(groups, dtype=np.int64)
    if not len(v):
        return [0] * ngroups, 0
    if int(w.sum()) >= SAFE_TOTAL or (len(v) and float(v.min()) < 0):
        return _python_sums(v, w, groups, ngroups, power)
    m, e = dyadic(v)
    a, b, c = m >> (2 * LIMB), (m >> LIMB) & MASK, m & MASK
    if power == 1:
        parts = ((a, 2 * LIMB), (b, LIMB), (c, 0))
    else:
        parts = ((a * a, 4 * LIMB), (2 * a * b, 3 * LIMB), (2 * a * c + b * b, 2 * LIMB), (2 * b * c, LIMB), (c * c, 0))
        e = 2 * e
    order = np.lexsort((e, groups))
    gs, es = groups[order], e[order]
    starts = np.flatnonzero(np.r_[True, (gs[1:] != gs[:-1]) | (es[1:] != es[:-1])])
    sums = [np.add.reduceat(w[order] * x[order], starts).tolist() for x, _ in parts]
    K = max(0, -int(e.min()))
    out = [0] * ngroups
    for r, s in enumerate(starts.tolist()):
        total = 0
        for (_, shift), col in zip(parts, sums):
            total += col[r] << shift
        out[int(gs[s])] += total << (int(es[s]) + K)
    return out, K


def fraction_sum(nums: Sequence[int], dens: Sequence[int]) -> Fraction:
    """Σ nums[i] / dens[i] exactly (dens > 0), by binary splitting: pairs combined over the lcm of their
    denominators (numerators unreduced), the one Fraction made at the end."""
    items = list(zip(map(int, nums), map(int, dens)))
    if not items:
        return Fraction(0)
    while len(items) > 1:  # each merge over the lcm of the two denominators: they stay ~lcm(1..n), not n!
        nxt = [(a * (d // g) + c * (b // g), b // g * d) for (a, b), (c, d) in zip(items[::2], items[1::2])
               for g in (math.gcd(b, d),)]
        if len(items) % 2:
            nxt.append(items[-1])
        items = nxt
    return Fraction(*items[0])


def _pairs_int64(nums: np.ndarray, dens: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The first level of the splitting in int64 (a/b + c/d = (ad + cb)/bd), when every product fits."""
    limit = float(np.iinfo(np.int64).max) / 4
    if len(nums) < 2 or float(dens.max()) ** 2 >= limit or float(np.abs(nums).max()) * float(dens.max()) >= limit:
        return None
    m = len(nums) // 2 * 2
    a, b, c, d = nums[0:m:2], dens[0:m:2], nums[1:m:2], dens[1:m:2]
    n2, d2 = a * d + c * b, b * d
    if m < len(nums):
        n2, d2 = np.append(n2, nums[-1]), np.append(d2, dens[-1])
    return n2, d2


def grouped_fraction_sum(nums: np.ndarray, dens: np.ndarray) -> Fraction:
    """Σ nums[i] / dens[i] with the numerators of equal denominators added first (int64), then the first
    level of the splitting in int64 when it fits."""
    if not len(nums):
        return Fraction(0)
    order = np.argsort(dens, kind="stable")
    d = dens[order]
    starts = np.flatnonzero(np.r_[True, d[1:] != d[:-1]])
    n, d = np.add.reduceat(nums[order], starts), d[starts]
    halved = _pairs_int64(n, d)
    if halved is not None:
        n, d = halved
    return fraction_sum(n.tolist(), d.tolist())
