"""Counting preorders on n labelled elements (OEIS A000798), fast and cross-checked.

A preorder is a partition into equivalence classes plus a partial order on the classes, so
#preorders(n) = Σₖ S(n, k) · #posets(k), with S the Stirling numbers of the second kind. Labelled
posets are built one element at a time: a new top-index element x gets a down-set D and an
up-set U with every element of D below every element of U; numpy handles all posets of one size
at once. z3 model enumeration and brute force over all relations cross-check small n.

>>> [count_preorders(n) for n in range(6)]
[1, 1, 4, 29, 355, 6942]
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np

from ordertheory.engine.prove import Decider, Obligation
from ordertheory.errors import InvalidInput

MAX_N = 7


def stirling2(n: int, k: int) -> int:
    """Stirling number of the second kind S(n, k) (partitions of n labelled items into k blocks)."""
    table = [[0] * (n + 1) for _ in range(n + 1)]
    table[0][0] = 1
    for i in range(1, n + 1):
        for j in range(1, i + 1):
            table[i][j] = j * table[i - 1][j] + table[i - 1][j - 1]
    return table[n][k]


def _closed_masks(rel: np.ndarray, k: int) -> np.ndarray:
    """For each poset (row) and each mask m < 2^k: is m closed under rel (j in m ⇒ rel[j] ⊆ m)?"""
    n = rel.shape[0]
    out = np.ones((n, 1 << k), dtype=bool)
    for m in range(1 << k):
        for j in range(k):
            if m >> j & 1:
                out[:, m] &= (rel[:, j] & ~np.uint16(m)) == 0
    return out


def _extensions(down: np.ndarray, k: int):
    """Yield (D, U, rows) for every valid way to add element k to the posets in ``down``."""
    up = np.zeros_like(down)
    for j in range(k):
        for i in range(k):
            up[:, i] |= ((down[:, j] >> i) & 1).astype(np.uint16) << j
    is_down = _closed_masks(down, k)
    is_up = _closed_masks(up, k)
    full = np.uint16((1 << k) - 1)
    for D in range(1 << k):
        A = np.full(down.shape[0], full, dtype=np.uint16)
        for j in range(k):
            if D >> j & 1:
                A &= up[:, j]
        base = is_down[:, D]
        if not base.any():
            continue
        for U in range(1 << k):
            rows = base & is_up[:, U] & ((np.uint16(U) & ~A) == 0)
            if rows.any():
                yield D, U, rows


def _next_level(down: np.ndarray, k: int) -> np.ndarray:
    parts = []
    for D, U, rows in _extensions(down, k):
        new = np.zeros((int(rows.sum()), k + 1), dtype=np.uint16)
        new[:, :k] = down[rows]
        for u in range(k):
            if U >> u & 1:
                new[:, u] |= np.uint16(1 << k)
        new[:, k] = D
        parts.append(new)
    return np.concatenate(parts) if parts else np.zeros((0, k + 1), dtype=np.uint16)


@cache
def count_posets(k: int) -> int:
    """Number of labelled partial orders on k elements (built, not looked up)."""
    if k < 0 or k > MAX_N:
        raise InvalidInput(f"expected 0 <= k <= {MAX_N} but got k={k}")
    down = np.zeros((1, 0), dtype=np.uint16)
    for size in range(k - 1):
        down = _next_level(down, size)
    if k == 0:
        return 1
    return _count_extensions(down, k - 1)


def _count_extensions(down: np.ndarray, k: int) -> int:
    """Σ over posets of the number of valid (D, U), without building the new posets.

    For each down-set D the admissible U are the up-sets inside A(D), the common strict upper
    bounds of D; a subset-sum (zeta) transform of the up-set indicator counts them in one lookup.
    """
    up = np.zeros_like(down)
    for j in range(k):
        for i in range(k):
            up[:, i] |= ((down[:, j] >> i) & 1).astype(np.uint16) << j
    is_down = _closed_masks(down, k)
    g = _closed_masks(up, k).astype(np.int64)
    for j in range(k):  # g[:, A] = number of up-sets U ⊆ A
        for m in range(1 << k):
            if m >> j & 1:
                g[:, m] += g[:, m ^ (1 << j)]
    full = np.uint16((1 << k) - 1)
    rows = np.arange(down.shape[0])
    total = 0
    for D in range(1 << k):
        A = np.full(down.shape[0], full, dtype=np.uint16)
        for j in range(k):
            if D >> j & 1:
                A &= up[:, j]
        total += int(g[rows, A.astype(np.int64)][is_down[:, D]].sum())
    return total


def count_preorders(n: int) -> int:
    """Number of preorders on n labelled elements, for 0 ≤ n ≤ 7."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0 or n > MAX_N:
        raise InvalidInput(f"expected a whole number 0 <= n <= {MAX_N} but got n={n!r}")
    if n == 0:
        return 1
    return sum(stirling2(n, k) * count_posets(k) for k in range(1, n + 1))


def count_preorders_bruteforce(n: int) -> int:
    """Naive baseline: test every one of the 2^(n(n-1)) reflexive relations for transitivity."""
    if n > 5:
        raise InvalidInput(f"brute force is only for n <= 5 but got n={n}")
    pairs = [(i, j) for i in range(n) for j in range(n) if i != j]
    count = 0
    for bits in itertools.product((False, True), repeat=len(pairs)):
        le = {(i, i): True for i in range(n)}
        le.update(zip(pairs, bits))
        if all(not (le[i, j] and le[j, k]) or le[i, k]
               for i in range(n) for j in range(n) for k in range(n)):
            count += 1
    return count


def count_preorders_z3(n: int, timeout: float = 60.0) -> int:
    """Cross-check: enumerate the models of 'reflexive and transitive' with z3, blocking each (one
    enumeration by the engine's decider, in its worker)."""
    if n > 4:
        raise InvalidInput(f"z3 enumeration is only for n <= 4 but got n={n}")
    names = [f"le_{i}_{j}" for i in range(n) for j in range(n)]

    def query(env) -> list:
        le = {(i, j): env.Bool(f"le_{i}_{j}") for i in range(n) for j in range(n)}
        out = [le[i, i] for i in range(n)]
        out += [env.Implies(env.And(le[i, j], le[j, k]), le[i, k]) for i, j, k in itertools.product(range(n), repeat=3)]
        return out or [env.BoolVal(True)]

    ob = Obligation.counterexample(f"preorders[{n}]", f"the preorders on {n} labelled elements", query, variables=names)
    models, incomplete = Decider(timeout).models(ob, limit=10_000)
    if incomplete:
        raise InvalidInput(f"z3 enumeration did not terminate as expected ({incomplete})")
    return len(models)
