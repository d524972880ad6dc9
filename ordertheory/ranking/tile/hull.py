"""Who can rank first for some R_(a,b) when every entity has one class prior: the upper-left convex
hull of the entities' points in ROC space, exactly (integers; no float decides anything).

With one prior π (0 < π₊ < 1), an entity's point is (fp, tp), ROC space up to the positive scales π₋
and π₊. The hull theorem (:mod:`ordertheory.theory.hull_statements`, decided by the package) says:

- on the diagonal a = b every entity is defined and R_(a,a) ranks them by a·tp − (1 − a)·fp, whose
  gradients (−(1 − a), a) are every direction (−α, β), α, β ≥ 0, not both 0; and wherever an entity
  ranks first for some (a, b), it maximises one of these linear forms. So it **ranks first** (ties
  allowed) for some (a, b) iff its point is on the upper-left chain of the hull — from A (the highest
  point of smallest fp) to B (the leftmost point of largest tp) — or on the vertical line below A or
  the horizontal line right of B;
- it **ranks first alone** (up to identical performances) iff its point is a vertex of that chain —
  except when every other entity is the always-positive classifier (undefined at (a, b) = (0, 1)) or
  every other the always-negative one (undefined at (1, 0)): then it ranks first alone at that corner;
- it **never ranks first** iff a mixture of at most two entities lies strictly up-left of its point
  (smaller fp, larger tp): that mixture is its certificate.

:func:`places` classifies the distinct points of a :class:`Cloud` (O(n log n): a sort, a staircase
that discards the points strictly dominated by a single other one, and a monotone chain on the rest);
:mod:`~ordertheory.ranking.tile.hull_answers` turns the findings into answers, re-checked by the
definition. Last place is first place of the reflected cloud (:meth:`Cloud.reflected`).

>>> found = places(Cloud.of([0, 1, 2, 3, 0], [2, 3, 4, 1, 1], neg=4, pos=4))   # points (fp, tp), times 4
>>> [(f.outcome.value, f.why and f.why.value, f.at and str(f.at[0])) for f in (found[e] for e in range(5))]
[('wins', 'vertex', '1/3'), ('ties', 'edge', '1/2'), ('wins', 'vertex', '2/3'), ('never', None, None), ('ties', 'left', '0')]
>>> found[3].mixture   # the third point, (2, 4), is strictly up-left of (3, 1)
((2, Fraction(1, 1)),)
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.ranking.tile.outcome import Outcome
from ordertheory.ranking.tile.standing import simplest_in

ZERO, ONE = Fraction(0), Fraction(1)
INT64_SAFE = 2**62


def int_array(values: Sequence[int], bound: int | None = None) -> np.ndarray:
    """Exact integers as a numpy array: int64 when every value (and ``bound``, the largest magnitude a
    computation on them reaches) stays below 2⁶², Python integers (dtype object) otherwise."""
    try:
        arr = np.asarray(values, dtype=np.int64)
    except OverflowError:
        return np.asarray(values, dtype=object)
    top = int(np.abs(arr).max()) if arr.size else 0
    return arr if max(top, bound or 0) < INT64_SAFE else arr.astype(object)


@dataclass(frozen=True)
class Cloud:
    """The entities' points X = L·fp, Y = L·tp (exact integers, one scale L for all) and the
    always-positive classifier's point (neg, pos) = L·(π₋, π₊); the always-negative one is (0, 0)."""

    X: np.ndarray
    Y: np.ndarray
    neg: int
    pos: int

    @classmethod
    def of(cls, X: Sequence[int], Y: Sequence[int], neg: int, pos: int) -> Cloud:
        return cls(int_array(X, max(neg, pos)), int_array(Y, max(neg, pos)), int(neg), int(pos))

    def __len__(self) -> int:
        return len(self.X)

    def reflected(self) -> Cloud:
        """The points of the predicted-class swap (fp → π₋ − fp, tp → π₊ − tp): its first place is
        the original's last place (Tile statement 1), its upper-left hull the original's lower-right one."""
        return Cloud(self.neg - self.X, self.pos - self.Y, self.neg, self.pos)


class Position(enum.StrEnum):
    """Where a point that takes the place sits: a vertex of the chain, the only entity defined at a
    corner (the exception), inside an edge, below A on its vertical, right of B on its horizontal."""

    VERTEX = "vertex"
    ALONE_DEFINED = "alone defined"
    EDGE = "edge"
    LEFT = "left"
    TOP = "top"


@dataclass(frozen=True)
class Finding:
    """The hull's answer for one entity: ``outcome``; ``at``, an exact (a, b) where it takes the place
    (the diagonal a = b, or a corner); for TIES ``why`` and the points it lies between or beside; for
    NEVER ``mixture``: ((entity, λ), (entity, 1 − λ)) whose mixture is strictly up-left of its point."""

    outcome: Outcome
    at: tuple[Fraction, Fraction] | None = None
    why: Position | None = None
    between: tuple[int, ...] = ()
    mixture: tuple[tuple[int, Fraction], ...] = ()


def _cross(o: tuple, a: tuple, b: tuple) -> int:
    """(a − o) × (b − o): > 0 for a left turn, 0 when collinear."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def tie_a(u: tuple, v: tuple) -> Fraction:
    """The a at which two points rank level on the diagonal: a·ΔY = (1 − a)·ΔX, a = ΔX/(ΔX + ΔY)."""
    dx, dy = v[0] - u[0], v[1] - u[1]
    return Fraction(dx, dx + dy)


def _staircase(X: np.ndarray, Y: np.ndarray, reps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Among the distinct points ``reps`` (indices): whether each is strictly dominated by a single
    other (smaller X and larger Y), and by which — exact integer comparisons, one sort and a scan."""
    x, y = X[reps], Y[reps]
    order = _order(x, -y)  # X ascending, then Y descending
    xs, ys = x[order], y[order]
    run = np.maximum.accumulate(ys)
    at_max = np.maximum.accumulate(np.where(ys == run, np.arange(len(ys)), -1))
    new = np.ones(len(xs), dtype=bool)
    new[1:] = xs[1:] != xs[:-1]
    start = np.maximum.accumulate(np.where(new, np.arange(len(xs)), 0))  # first index of each X group
    before = start - 1
    has = before >= 0
    prev = np.where(has, before, 0)
    dominated = has & (ys < run[prev])
    by = np.where(dominated, at_max[prev], -1)
    out_dom = np.zeros(len(reps), dtype=bool)
    out_by = np.full(len(reps), -1)
    out_dom[order] = dominated
    out_by[order] = np.where(by >= 0, reps[order][np.maximum(by, 0)], -1)
    return out_dom, out_by


@dataclass(frozen=True)
class Places:
    """The hull's answer for every entity, as arrays: ``rep`` the first entity with its point, ``by``
    the one entity strictly up-left of it when that is its certificate (else −1), ``special`` the
    findings of the few points the chain decides (by representative). ``places[e]`` is a
    :class:`Finding`, made on demand (10⁶ entities need no 10⁶ objects)."""

    rep: np.ndarray
    by: np.ndarray
    special: dict[int, Finding]

    def __len__(self) -> int:
        return len(self.rep)

    def __getitem__(self, e: int) -> Finding:
        r = int(self.rep[e])
        return self.special[r] if r in self.special else Finding(Outcome.NEVER, mixture=((int(self.by[r]), ONE),))

    def transposed(self) -> Places:
        """The same findings with every point (a, b) as (b, a) (last place from the swapped leaderboard)."""
        return Places(self.rep, self.by, {r: f if f.at is None else Finding(f.outcome, (f.at[1], f.at[0]), f.why,
                                                                             f.between, f.mixture)
                                          for r, f in self.special.items()})


def _order(first: np.ndarray, then: np.ndarray) -> np.ndarray:
    """The indices sorted by ``first``, then ``then`` (both ascending): one argsort of a combined int64
    key when both fit in 31 bits (numpy's lexsort is several times slower), else lexsort."""
    if first.dtype == np.int64 and len(first):
        lo, hi = int(then.min()), int(then.max())
        if 0 <= int(first.min()) and int(first.max()) < 2**31 and hi - lo < 2**31:
            return np.argsort(first * (hi - lo + 1) + (then - lo), kind="stable")
    return np.lexsort((then, first))


def _representatives(X: np.ndarray, Y: np.ndarray) -> np.ndarray:
    """For each entity the least index with the same point (X, Y): one sort, exact comparisons."""
    order = _order(X, Y)
    xs, ys = X[order], Y[order]
    new = np.ones(len(order), dtype=bool)
    new[1:] = (xs[1:] != xs[:-1]) | (ys[1:] != ys[:-1])
    starts = np.flatnonzero(new)
    first = np.minimum.reduceat(order, starts)  # the least original index of each group
    rep = np.empty(len(order), dtype=np.int64)
    rep[order] = first[np.cumsum(new) - 1]
    return rep


def places(cloud: Cloud) -> Places:
    """First place for every entity of the cloud, by the hull theorem (identical points alike)."""
    rep = _representatives(cloud.X, cloud.Y)
    reps = np.flatnonzero(rep == np.arange(len(rep)))
    by = np.full(len(rep), -1, dtype=np.int64)
    if len(reps) == 1:
        return Places(rep, by, {int(reps[0]): Finding(Outcome.WINS, (Fraction(1, 2), Fraction(1, 2)), Position.VERTEX)})
    dominated, dominator = _staircase(cloud.X, cloud.Y, reps)
    by[reps[dominated]] = dominator[dominated]
    live = reps[~dominated].tolist()
    keys = {i: (int(cloud.X[i]), int(cloud.Y[i])) for i in live}
    special = _chain(keys, live)
    if len(reps) == 2:
        keys.update({int(r): (int(cloud.X[r]), int(cloud.Y[r])) for r in reps})
        special.update(_exception(cloud, keys, [int(r) for r in reps], special))
    return Places(rep, by, special)


def _chain(keys: dict[int, tuple], live: list[int]) -> dict[int, Finding]:
    """The monotone chain on the points no single point dominates: vertices, collinear points, the
    rest with a two-point certificate."""
    xmin = min(keys[i][0] for i in live)
    ymax = max(keys[i][1] for i in live)
    A = max((i for i in live if keys[i][0] == xmin), key=lambda i: keys[i][1])
    B = min((i for i in live if keys[i][1] == ymax), key=lambda i: keys[i][0])
    xb = keys[B][0]
    cand = [A] + sorted((i for i in live if keys[A][0] < keys[i][0] <= xb), key=lambda i: keys[i])
    chain: list[int] = []
    for i in cand:
        while len(chain) >= 2 and _cross(keys[chain[-2]], keys[chain[-1]], keys[i]) >= 0:
            chain.pop()
        chain.append(i)
    assert chain[-1] == B, "the upper chain from A ends at B"
    out: dict[int, Finding] = {}
    for k, v in enumerate(chain):
        lo = tie_a(keys[chain[k - 1]], keys[v]) if k else ZERO
        hi = tie_a(keys[v], keys[chain[k + 1]]) if k + 1 < len(chain) else ONE
        a = simplest_in((lo, hi, False, False))
        out[v] = Finding(Outcome.WINS, (a, a), Position.VERTEX)
    xs = [keys[v][0] for v in chain]
    on_chain = set(chain)
    for i in live:
        if i in on_chain:
            continue
        x, y = keys[i]
        if x == xmin:
            out[i] = Finding(Outcome.TIES, (ZERO, ZERO), Position.LEFT, (A,))
        elif y == ymax:
            out[i] = Finding(Outcome.TIES, (ONE, ONE), Position.TOP, (B,))
        elif x > xb:
            out[i] = Finding(Outcome.NEVER, mixture=((B, ONE),))
        else:
            k = bisect.bisect_left(xs, x) - 1  # xs[k] < x <= xs[k + 1]
            u, v = chain[k], chain[k + 1]
            turn = _cross(keys[u], keys[v], keys[i])
            if turn == 0:
                a = tie_a(keys[u], keys[v])
                out[i] = Finding(Outcome.TIES, (a, a), Position.EDGE, (u, v))
            else:
                out[i] = Finding(Outcome.NEVER, mixture=_below(keys[u], keys[v], keys[i], u, v))
    return out


def _below(pu: tuple, pv: tuple, q: tuple, u: int, v: int) -> tuple[tuple[int, Fraction], ...]:
    """A mixture (1 − λ)·u + λ·v strictly up-left of q, for q strictly below the edge (u, v) with
    X_u < X_q ≤ X_v: λ in (λ_y, λ_x), where λ_x puts the mixture at q's X and λ_y at q's Y."""
    lam_x = Fraction(q[0] - pu[0], pv[0] - pu[0])
    lam_y = Fraction(q[1] - pu[1], pv[1] - pu[1])
    lam = simplest_in((max(lam_y, ZERO), lam_x, lam_y < 0, False))
    return ((u, 1 - lam),) + (((v, lam),) if lam else ())


def _exception(cloud: Cloud, keys: dict[int, tuple], reps: list[int], found: dict[int, Finding]) -> dict[int, Finding]:
    """Two distinct points, one a trivial classifier: the other is the only entity defined at the
    corner where that classifier is undefined, so it ranks first alone there whatever the hull says."""
    corner = {(cloud.neg, cloud.pos): (ZERO, ONE), (0, 0): (ONE, ZERO)}
    out = {}
    for r, other in ((reps[0], reps[1]), (reps[1], reps[0])):
        at = corner.get(keys[other])
        if at is not None and (r not in found or found[r].outcome is not Outcome.WINS):
            out[r] = Finding(Outcome.WINS, at, Position.ALONE_DEFINED)
    return out


def mixture_point(keys, mixture: tuple[tuple[int, Fraction], ...]) -> tuple[Fraction, Fraction]:
    """The point Σ λ·(X, Y) of a certificate's mixture, exactly."""
    return (sum((lam * keys[j][0] for j, lam in mixture), ZERO), sum((lam * keys[j][1] for j, lam in mixture), ZERO))
