"""Exact sample points of Π: mixtures of exact vertices with small integer weights, and their floats.

Every point is exact from the start (a :class:`Sample` row of integer weights on exact vertices);
the float coordinates only rank candidates in the searches (:mod:`.falsify`, :mod:`.faces`).

>>> import numpy as np
>>> W = weights(3, 30, np.random.default_rng(0))
>>> bool((W >= 0).all()) and W.shape[1] == 3
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ordertheory.performances.performance import Performance


@dataclass
class Sample:
    """Exact points of Π (or of a face of it) and their float coordinates."""

    vertices: list[Performance]
    weights: np.ndarray  # (n_points, n_vertices) non-negative integers
    coords: np.ndarray  # (n_points, |Ω|) floats
    _known: dict = field(default_factory=dict, repr=False, compare=False)

    def performance(self, i: int) -> Performance:
        """The exact performance of row ``i`` (built once: the samples are shared and revisited)."""
        known = self._known.get(i)
        if known is None:
            known = self._known[i] = self._performance(i)
        return known

    def _performance(self, i: int) -> Performance:
        w = [int(x) for x in self.weights[i]]
        total = sum(w)
        space = self.vertices[0].space
        probs = tuple(
            sum((Fraction(wi, total) * v.probabilities[j] for wi, v in zip(w, self.vertices) if wi), Fraction(0))
            for j in range(len(space))
        )
        return Performance(space, probs)



def of_vertices(verts: list[Performance], W: np.ndarray) -> Sample:
    """The points W @ verts (rows of non-negative integer weights), exact and as floats."""
    W = np.unique(W, axis=0)
    W = W[W.sum(axis=1) > 0]
    V = np.array([[float(p) for p in v.probabilities] for v in verts])
    coords = (W @ V) / W.sum(axis=1, keepdims=True)
    return Sample(verts, W, coords)


def weights(k: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """About n rows of integer weights on k vertices: vertices, edge points, faces, interior."""
    rows = [np.eye(k, dtype=np.int64)]
    for i, j in itertools.combinations(range(k), 2):
        pairs = np.zeros((7, k), dtype=np.int64)
        pairs[:, i] = (1, 1, 2, 1, 9, 1, 99)
        pairs[:, j] = (1, 2, 1, 9, 1, 99, 1)
        rows.append(pairs)
    m = max(0, n - sum(len(r) for r in rows))
    if m:
        scale = rng.choice([3, 10, 30, 100], size=(m, 1))
        W = rng.integers(1, 101, size=(m, k)) % scale + 1
        # half of the points on random faces (at most 4 vertices), the others inside
        sizes = np.where(rng.random(m) < 0.5, rng.integers(1, min(k, 4) + 1, size=m), k)
        order = np.argsort(rng.random((m, k)), axis=1)
        ranks = np.argsort(order, axis=1)
        W = np.where(ranks < sizes[:, None], W, 0)
        heavy = rng.random(m) < 0.2  # near a vertex: one heavy weight
        first = order[:, 0]
        W[heavy, first[heavy]] += 1000
        rows.append(W)
    return np.concatenate(rows)
