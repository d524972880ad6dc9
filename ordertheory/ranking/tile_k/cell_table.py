"""A k-class leaderboard by the cells that are non-zero in some entity: the columns of the Tile's LPs.

An importance on a cell where every entity has probability 0 changes no N_I and no U_I, so the
linear programmes over importances (:mod:`~ordertheory.ranking.tile_k.importance_lp`) need one column per cell
non-zero in *some* entity — about 44 000 for an ImageNet-sized leaderboard of 11 entities, not 10⁶.
Each entity is kept as integer counts over one total (exact), beside a float matrix for the solver
that proposes. Dense performances (k ≤ 20, or two classes) and sparse ones are held alike; a cell
is an integer id: the outcome's position in Ω (dense) or i·k + j (sparse).

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,0,2\\nB,5,0,0,5\\n"))
>>> t = CellTable(lb)
>>> t.ids.tolist(), t.sat.tolist(), t.counts[0], t.totals
([0, 1, 3], [True, False, True], [3, 1, 1], [5, 2])
>>> t.zero_cell(False), t.importance({0: Fraction(1), 1: Fraction(2)})
(2, Importance(binary: tn=1, fp=2, fn=0, tp=0))
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from fractions import Fraction

import numpy as np
import scipy.sparse as sp

from ordertheory.performances.performance import Importance
from ordertheory.performances.sparse_importance import SparseImportance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)


def entity_cells(lb: Leaderboard, P) -> tuple[np.ndarray, list[int], int]:
    """(cell ids, integer counts, total) of one performance: P(cell) = count / total, exactly."""
    if lb.sparse:
        return P.rows * P.k + P.cols, [int(c) for c in P.counts.tolist()], int(P.total)
    pos = [n for n, p in enumerate(P.probabilities) if p]
    den = math.lcm(*(P.probabilities[n].denominator for n in pos))
    return (np.asarray(pos, dtype=np.int64), [int(P.probabilities[n] * den) for n in pos], den)


class CellTable:
    """The union of the entities' non-zero cells (sorted ``ids``, their satisfaction ``sat``) and,
    per entity, its columns in that union, integer counts and total; ``matrix``: the probabilities
    as floats (n × columns, sparse), for the float solver only."""

    def __init__(self, lb: Leaderboard) -> None:
        self.lb = lb
        self.k = lb.performances[0].k if lb.sparse else lb.space.classes
        self.size = self.k * self.k if lb.sparse else len(lb.space)
        own = [entity_cells(lb, P) for P in lb.performances]
        self.ids = np.unique(np.concatenate([ids for ids, _, _ in own]))
        self.sat = self._sat(self.ids)
        self.cols = [np.searchsorted(self.ids, ids) for ids, _, _ in own]
        self.counts = [c for _, c, _ in own]
        self.totals = [t for _, _, t in own]
        rows = np.concatenate([np.full(len(c), j) for j, c in enumerate(self.cols)])
        vals = np.concatenate([np.asarray(c, dtype=float) / t for c, t in zip(self.counts, self.totals)])
        self.matrix = sp.csr_matrix((vals, (rows, np.concatenate(self.cols))), shape=(len(own), len(self.ids)))

    def __len__(self) -> int:
        return len(self.ids)

    def _sat(self, ids: np.ndarray) -> np.ndarray:
        if self.lb.sparse:
            return (ids // self.k) == (ids % self.k)
        S = self.lb.space.satisfaction
        return np.asarray([S[int(i)] == 1 for i in ids], dtype=bool)

    def sat_of(self, cell: int) -> bool:
        """Whether a cell (any id of Ω) is a satisfying outcome."""
        return bool(self._sat(np.asarray([cell]))[0])

    def support(self, j: int, sat: bool | None = None) -> np.ndarray:
        """Entity j's columns (all, or only those satisfying / not satisfying)."""
        c = self.cols[j]
        return c if sat is None else c[self.sat[c] == sat]

    def mass(self, j: int) -> np.ndarray:
        """Entity j's probabilities on every column, as floats (0 off its support)."""
        return self.matrix.getrow(j).toarray().ravel()

    def universe(self, sat: bool) -> Iterator[int]:
        """Every cell id of Ω with that satisfaction, in order (made on demand: k² of them)."""
        if self.lb.sparse:
            if sat:
                return (i * self.k + i for i in range(self.k))
            return (i * self.k + j for i in range(self.k) for j in range(self.k) if i != j)
        return (n for n, s in enumerate(self.lb.space.satisfaction) if (s == 1) == sat)

    def zero_cell(self, sat: bool, avoid: np.ndarray | None = None) -> int | None:
        """A cell of that satisfaction outside ``avoid`` (default: every entity's support), or None."""
        taken = set((self.ids if avoid is None else avoid).tolist())
        return next((c for c in self.universe(sat) if c not in taken), None)

    def importance(self, cells: Mapping[int, Fraction]) -> Importance | SparseImportance:
        """The importance with these positive values on these cell ids, 0 elsewhere."""
        if self.lb.sparse:
            return SparseImportance(self.k, {(c // self.k, c % self.k): v for c, v in cells.items() if v})
        values = [Fraction(0)] * self.size
        for c, v in cells.items():
            values[c] = Fraction(v)
        return Importance(self.lb.space, tuple(values))
