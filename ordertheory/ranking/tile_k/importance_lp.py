"""One exact LP over the importances of a k-class leaderboard: scipy's HiGHS proposes, the exact
simplex decides, by column generation over every cell non-zero in some entity.

For an entity e and signs σ_j (+1: "j not above e", −1: "j above e") the LP is

    max t  s.t.  σ_j·(N_j − U_j) + t ≤ 0 (j in S),  N_e = 1,  U_e = 1,  t ≤ 1,  I ≥ 0

on the cells ``allowed`` (N, U the importance-weighted satisfying and other mass). With N_e = U_e = 1,
j is above e exactly when N_j > U_j, so t > 0 means every σ-relation holds strictly, t ≥ 0 weakly.
HiGHS solves it in floats over all columns (tens of thousands); its support seeds an exact
restricted LP (:func:`~ordertheory.ranking.tile.lp.solve`, a dozen columns), whose exact duals price
*every* column in integers; a column with a positive reduced cost joins, until none has. The
optimum is then exact: the point is feasible, the duals (λ, μ_N, μ_U) are feasible for the whole
LP, and they are the Farkas certificate when t is ≤ 0 (re-checked by
:func:`~ordertheory.ranking.tile_k.rechecks.farkas_holds`, which reads the performances, not this LP).

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\nD,1,2,2,1\\n"))
>>> m = margin(CellTable(lb), 2, {0: 1, 1: 1})
>>> m.t, m.lam  # D is never first: 4/5·(N_A − U_A) + 1/5·(N_B − U_B) > 0 wherever N_D = U_D = 1
(Fraction(-3, 25), {0: Fraction(4, 5), 1: Fraction(1, 5)})
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.lp import LPStatus, solve
from ordertheory.ranking.tile_k.cell_table import CellTable

ZERO, ONE = Fraction(0), Fraction(1)
ROUNDS = 200  # column-generation rounds; each adds up to BATCH columns (a guard: it ends by itself)
BATCH = 64


@dataclass(frozen=True)
class Margin:
    """The exact optimum ``t`` (None: undecided, see ``reason``), an optimal point (column →
    positive value) and optimal duals: λ_j per row, μ = (μ_N, μ_U). ``empty``: no importance has
    N_e = U_e = 1 on the allowed cells."""

    t: Fraction | None
    point: dict[int, Fraction] = field(default_factory=dict)
    lam: dict[int, Fraction] = field(default_factory=dict)
    mu: tuple[Fraction, Fraction] = (ZERO, ZERO)
    reason: str | None = None
    empty: bool = False


def _exact(tab: CellTable, j: int, cols: list[int]) -> list[Fraction]:
    """Entity j's exact probabilities at these columns (0 off its support)."""
    own = tab.cols[j]
    pos = np.searchsorted(own, cols)
    out = []
    for c, p in zip(cols, pos.tolist()):
        hit = p < len(own) and own[p] == c
        out.append(Fraction(tab.counts[j][p], tab.totals[j]) if hit else ZERO)
    return out


def _propose(tab: CellTable, e: int, others: list[int], signs: dict[int, int], cols: np.ndarray) -> list[int]:
    """The support of HiGHS's float optimum (columns of ``cols``), or [] if it failed."""
    sub = tab.matrix.tocsc()[:, cols]
    sgn = sp.diags(np.where(tab.sat[cols], 1.0, -1.0))
    rows = sp.diags([float(signs[j]) for j in others]) @ sub[others] @ sgn if others else sp.csr_matrix((0, len(cols)))
    A_ub = sp.hstack([rows, np.ones((len(others), 1))]).tocsr() if others else None
    pe = sub[e].toarray().ravel()
    sat = tab.sat[cols]
    A_eq = np.vstack([np.append(pe * sat, 0.0), np.append(pe * ~sat, 0.0)])
    c = np.zeros(len(cols) + 1)
    c[-1] = -1.0
    try:
        r = linprog(c, A_ub=A_ub, b_ub=np.zeros(len(others)) if others else None, A_eq=A_eq, b_eq=[1.0, 1.0],
                    bounds=[(0, None)] * len(cols) + [(None, 1.0)], method="highs")
    except (ValueError, np.linalg.LinAlgError):
        return []
    if r.status != 0 or r.x is None:
        return []
    z = r.x[:-1]
    top = float(z.max(initial=0.0))
    return cols[np.nonzero(z > top * 1e-12)[0]].tolist() if top > 0 else []


def _price(tab: CellTable, e: int, others: list[int], signs: dict[int, int], lam: list[Fraction],
           mu: tuple[Fraction, Fraction]) -> np.ndarray:
    """L·(y·A_c) for every column c, in integers (L > 0 a common denominator): y·A_c ≥ 0 for every
    allowed column is the dual feasibility of the whole LP."""
    weights = [lam[n] * signs[j] / tab.totals[j] for n, j in enumerate(others)]
    wn, wu = mu[0] / tab.totals[e], mu[1] / tab.totals[e]
    L = math.lcm(*(w.denominator for w in (*weights, wn, wu)))
    acc = np.zeros(len(tab), dtype=object)
    for j, w in zip(others, weights):
        if w:
            idx = tab.cols[j]
            s = np.where(tab.sat[idx], 1, -1).astype(object)
            acc[idx] += (int(w * L) * s) * np.asarray(tab.counts[j], dtype=object)
    idx = tab.cols[e]
    acc[idx] += np.where(tab.sat[idx], int(wn * L), int(wu * L)).astype(object) * np.asarray(tab.counts[e], dtype=object)
    return acc


def margin(tab: CellTable, e: int, signs: dict[int, int], allowed: np.ndarray | None = None,
           deadline: float | None = None) -> Margin:
    """The exact optimum of the LP above for entity ``e`` and ``signs`` (j → ±1), on the columns
    ``allowed`` (a boolean mask; default all)."""
    mask = np.ones(len(tab), dtype=bool) if allowed is None else allowed
    own = tab.cols[e][mask[tab.cols[e]]]
    dcol, ucol = own[tab.sat[own]], own[~tab.sat[own]]
    if not len(dcol) or not len(ucol):
        return Margin(None, empty=True)
    others = sorted(signs)
    cols = set(_propose(tab, e, others, signs, np.nonzero(mask)[0]))
    pe = tab.counts[e]
    pos = {int(c): n for n, c in enumerate(tab.cols[e].tolist())}
    cols |= {int(max(dcol, key=lambda c: pe[pos[int(c)]])), int(max(ucol, key=lambda c: pe[pos[int(c)]]))}
    for _ in range(ROUNDS):
        if deadline is not None and time.monotonic() > deadline:
            return Margin(None, reason="deadline reached in the exact LP")
        C = sorted(cols)
        sat = tab.sat[C]
        Pe = _exact(tab, e, C)
        rows = []
        for j in others:
            Pj = _exact(tab, j, C)
            rows.append(([signs[j] * (p if s else -p) for p, s in zip(Pj, sat)] + [ONE, -ONE], "<=", ZERO))
        rows.append(([p if s else ZERO for p, s in zip(Pe, sat)] + [ZERO, ZERO], "=", ONE))
        rows.append(([ZERO if s else p for p, s in zip(Pe, sat)] + [ZERO, ZERO], "=", ONE))
        rows.append(([ZERO] * len(C) + [ONE, -ONE], "<=", ONE))
        r = solve([ZERO] * len(C) + [ONE, -ONE], rows)
        if r.status is not LPStatus.OPTIMAL:
            return Margin(None, reason=f"the exact restricted LP ended {r.status.value}")
        lam, mu = list(r.duals[:len(others)]), (r.duals[len(others)], r.duals[len(others) + 1])
        acc = _price(tab, e, others, signs, lam, mu)
        bad = [c for c in np.nonzero(mask & (acc < 0))[0].tolist() if c not in cols]
        if not bad:
            point = {c: v for c, v in zip(C, r.x) if v}
            return Margin(r.x[-2] - r.x[-1], point, {j: v for j, v in zip(others, lam) if v}, mu)
        bad.sort(key=lambda c: acc[c])
        cols |= set(bad[:BATCH])
    return Margin(None, reason=f"column generation did not settle in {ROUNDS} rounds")
