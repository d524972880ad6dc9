"""The exact re-checks of the k-class Tile's answers, read from the leaderboard's performances alone.

Whatever proposed them (a float LP, the exact simplex, a combinatorial case), an importance is
accepted only after R_I(P) = N_I / (N_I + U_I) is evaluated for every entity in Fractions
(:func:`values`), and an infeasibility only after its Farkas multipliers are checked cell by cell
over every cell where some entity involved has mass (:func:`farkas_holds`). Neither reads the
solver's matrices: they read the performances.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\n"))
>>> I = Importance.uniform(lb.space)
>>> values(lb, I), standing_at(lb, I, 1)
([Fraction(7, 10), Fraction(3, 5)], (2, ()))
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import numpy as np

from ordertheory.performances.performance import Importance
from ordertheory.performances.sparse_importance import SparseImportance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)

ZERO = Fraction(0)


def parts(lb: Leaderboard, I: Importance | SparseImportance) -> list[tuple[Fraction, Fraction]]:
    """(N_I, U_I) of every entity: the importance-weighted mass on satisfying / other outcomes."""
    out = []
    if isinstance(I, SparseImportance):
        for P in lb.performances:
            N = U = ZERO
            for (i, j), w in I.items():
                p = P.probability(i, j)
                if i == j:
                    N += w * p
                else:
                    U += w * p
            out.append((N, U))
        return out
    S = lb.space.satisfaction
    for P in lb.performances:
        N = sum((w * p for w, s, p in zip(I.values, S, P.probabilities) if s == 1), ZERO)
        U = sum((w * p for w, s, p in zip(I.values, S, P.probabilities) if s == 0), ZERO)
        out.append((N, U))
    return out


def values(lb: Leaderboard, I: Importance | SparseImportance) -> list[Fraction | None]:
    """R_I of every entity, exactly; None where E_P[I] = 0 (undefined)."""
    return [None if N + U == 0 else N / (N + U) for N, U in parts(lb, I)]


def standing_at(lb: Leaderboard, I: Importance | SparseImportance, e: int) -> tuple[int | None, tuple[int, ...]]:
    """(competition rank of e under R_I, the other entities level with it); (None, ()) where e is
    undefined. Rank = 1 + the defined entities strictly above."""
    v = values(lb, I)
    if v[e] is None:
        return None, ()
    above = sum(1 for j, x in enumerate(v) if j != e and x is not None and x > v[e])
    return 1 + above, tuple(j for j, x in enumerate(v) if j != e and x is not None and x == v[e])


def _cells(lb: Leaderboard, j: int) -> tuple[np.ndarray, np.ndarray, list[Fraction]]:
    """(cell ids, satisfying?, exact probabilities) of entity j, from its performance."""
    P = lb.performances[j]
    if lb.sparse:
        ids = P.rows * P.k + P.cols
        return ids, P.rows == P.cols, [Fraction(int(c), int(P.total)) for c in P.counts.tolist()]
    pos = [n for n, p in enumerate(P.probabilities) if p]
    S = lb.space.satisfaction
    return (np.asarray(pos, dtype=np.int64), np.asarray([S[n] == 1 for n in pos], dtype=bool),
            [P.probabilities[n] for n in pos])


def farkas_holds(lb: Leaderboard, e: int, lam: Mapping[int, Fraction], signs: Mapping[int, int],
                 mu: tuple[Fraction, Fraction], strict: bool, excluded: frozenset[int] = frozenset()) -> bool:
    """Whether multipliers λ_j ≥ 0 and μ = (μ_N, μ_U) prove that no importance with N_e = U_e = 1
    has σ_j·(N_j − U_j) ≤ 0 (< 0 when ``strict``) for every j with λ_j > 0.

    The form C = Σ_j λ_j·σ_j·(N_j − U_j) + μ_N·N_e + μ_U·U_e is linear in I; if its coefficient is
    ≥ 0 at every outcome, then C ≥ 0 for every I ≥ 0, so Σ_j λ_j·σ_j·(N_j − U_j) ≥ −(μ_N + μ_U)
    where N_e = U_e = 1. With μ_N + μ_U < 0 some σ_j·(N_j − U_j) is > 0; with μ_N + μ_U ≤ 0 and
    Σ λ > 0 some is ≥ 0. Checked exactly over every cell where e or some j with λ_j > 0 has mass
    (elsewhere every coefficient is 0), except the cell ids ``excluded``, where I is 0 by
    hypothesis (the supports of entities made undefined)."""
    used = {j: Fraction(v) for j, v in lam.items() if v}
    if any(v < 0 for v in used.values()) or not used.keys() <= signs.keys():
        return False
    bound = mu[0] + mu[1]
    if not (bound < 0 or (strict and bound <= 0 and used)):
        return False
    coeff: dict[int, Fraction] = {}
    for j, scale in [(e, None), *used.items()]:
        ids, sat, probs = _cells(lb, j)
        for c, s, p in zip(ids.tolist(), sat.tolist(), probs):
            if c in excluded:
                continue
            if scale is None:
                w = (mu[0] if s else mu[1]) * p
            else:
                w = scale * signs[j] * (p if s else -p)
            coeff[c] = coeff.get(c, ZERO) + w
    return all(v >= 0 for v in coeff.values())
