"""Better for every importance, exactly on the performances given: each pair's relation from its corners
(:mod:`~ordertheory.ranking.robust.corners`), and the partial order it draws — its transitive closure
and reduction (the Hasse diagram's covering pairs), in numpy booleans.

For performances A and B and a reading's corners, h_AB at a corner has the sign of the corners' values
(where both are defined; an undefined value makes h_AB = 0 there, R4): A is **better for every
importance** when it is strictly better at every corner, **at least as good** when it is at every corner
and strictly at some (level at the others: strictly better for every importance but those), **level**
when equal at every corner, and **depends** when each is strictly better at some corner.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,950,50,50,950\\nB,800,200,200,800\\n"
...                                   "C,990,10,300,700\\nF,950,50,100,900\\n"))
>>> x = exact_relations(lb)
>>> [(p.a, p.b, p.relation.value) for p in x]
[('A', 'B', 'every'), ('A', 'C', 'depends'), ('A', 'F', 'weakly'), ('B', 'C', 'depends'), ('F', 'B', 'every'), ('C', 'F', 'depends')]
>>> reduction(closure(np.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]], dtype=bool))).astype(int).tolist()
[[0, 1, 0], [0, 0, 1], [0, 0, 0]]
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.robust.corners import Reading, reading
from ordertheory.ranking.tile_k.families import Family
from ordertheory.theory.preorders.hasse import HasseDiagram


class Exact(enum.StrEnum):
    """How A stands against B over every importance of a reading, on the performances given."""

    EVERY = "every"  # strictly better at every corner: better for every importance
    WEAKLY = "weakly"  # at least as good at every corner, strictly at some
    LEVEL = "level"  # equal at every corner: level for every importance
    DEPENDS = "depends"  # each strictly better at some corner


@dataclass(frozen=True)
class ExactPair:
    """One pair, oriented so that ``a`` is at least as good where the relation is one-sided; ``a_better``
    and ``b_better`` name the corners where each is strictly better."""

    a: str
    b: str
    relation: Exact
    a_better: tuple[str, ...]
    b_better: tuple[str, ...]

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "relation": self.relation.value, "a_better_at": list(self.a_better),
                "b_better_at": list(self.b_better)}


def _sign(x: Fraction | None, y: Fraction | None) -> int:
    if x is None or y is None:
        return 0  # h = 0 at a corner where one is undefined (R4)
    return (x > y) - (x < y)


def exact_pair(name_a: str, va: tuple, name_b: str, vb: tuple, names: tuple[str, ...]) -> ExactPair:
    """The relation of two entities from their corner values (exact)."""
    signs = [_sign(x, y) for x, y in zip(va, vb)]
    up = tuple(n for n, s in zip(names, signs) if s > 0)
    down = tuple(n for n, s in zip(names, signs) if s < 0)
    if up and down:
        return ExactPair(name_a, name_b, Exact.DEPENDS, up, down)
    if down:
        name_a, name_b, up, down = name_b, name_a, down, up
    if not up:
        return ExactPair(name_a, name_b, Exact.LEVEL, (), ())
    return ExactPair(name_a, name_b, Exact.EVERY if len(up) == len(signs) else Exact.WEAKLY, up, ())


def exact_relations(lb: Leaderboard, family: Family | str | None = None, read: Reading | None = None) -> list[ExactPair]:
    """Every pair's exact relation (in the leaderboard's order of pairs)."""
    read = read or reading(lb, family)
    names = tuple(c.name for c in read.corners)
    vals = [read.exact(P) for P in lb.performances]
    n = len(lb)
    return [exact_pair(lb.names[i], vals[i], lb.names[j], vals[j], names) for i in range(n) for j in range(i + 1, n)]


def closure(G: np.ndarray) -> np.ndarray:
    """The transitive closure of a relation (boolean n × n; G[i, j]: i above j), Warshall's algorithm."""
    C = G.copy()
    for m in range(len(C)):
        C |= C[:, m:m + 1] & C[m:m + 1, :]
    return C


def reduction(C: np.ndarray) -> np.ndarray:
    """The transitive reduction of a transitive, acyclic relation: its covering pairs (no m between)."""
    through = (C.astype(np.int64) @ C.astype(np.int64)) > 0
    return C & ~through


def hasse(names: tuple[str, ...], C: np.ndarray) -> HasseDiagram:
    """The Hasse diagram of the strict order C (C[i, j]: i better than j) in the package's drawing form:
    one node per entity, covering pairs (worse, better), each node's height its longest chain below."""
    R = reduction(C)
    covers = tuple(sorted((int(j), int(i)) for i, j in zip(*np.nonzero(R))))
    levels = [0] * len(names)
    for j in _topological(C):
        for worse in np.nonzero(R[j])[0]:
            levels[j] = max(levels[j], levels[int(worse)] + 1)
    return HasseDiagram(tuple(names), covers, tuple(levels))


def _topological(C: np.ndarray) -> list[int]:
    """The entities, each after every entity it is better than (by how many it is better than)."""
    below = C.sum(axis=1)
    return sorted(range(len(C)), key=lambda i: (int(below[i]), i))
