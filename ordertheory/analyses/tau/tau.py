"""τ_min and τ_max: how close is a score to *some* ranking score (§5.2, Table 1's τ columns)?

NUMERIC (floats) except where the importance derivation proves X = g(R_I) with g monotone: then
τ_max = 1 (increasing g) or τ_min = −1 (decreasing g) exactly — the paper's dagger — and a score
constant on Π gets exactly 0 for both.

For two classes the orderings of the ranking scores are covered by the Tile: I(tn) = 1 − a,
I(tp) = a, I(fp) = 1 − b, I(fn) = b, (a, b) ∈ [0, 1]². τ is piecewise constant in (a, b) and jumps
where ties appear, so the optimiser is a coarse grid, the special points (corners, edges, the
named scores' importances) and local zooming around the best candidates.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.tau.exact_ties import counts_of, exact_ranks, rational_values
from ordertheory.analyses.tau.grid import (
    RankingRanks,
    TauEvaluator,
    dense_ranks,
    grid_for,
    grid_total,
    tile_importance,
)
from ordertheory.errors import InvalidInput, ResourceLimit
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet


@dataclass(frozen=True)
class TauResult:
    """τ_min, τ_max with their arg (a, b) (or importance), exactness flags and the grid size."""

    tau_min: float
    tau_max: float
    tau_min_exact: bool
    tau_max_exact: bool
    argmin: dict
    argmax: dict
    points: int
    evaluations: int
    protocol: str = "tile"
    exact_ties: bool = False  # ties of X and R decided exactly (rational or algebraic X, integer grid)
    tie_error: float | None = None  # without exact ties: how far X's float ties may move τ_min, τ_max

    def to_json(self) -> dict:
        return {"tau_min": self.tau_min, "tau_max": self.tau_max, "tau_min_exact": self.tau_min_exact,
                "tau_max_exact": self.tau_max_exact, "argmin": self.argmin, "argmax": self.argmax,
                "tau_min_at": self.argmin, "tau_max_at": self.argmax, "protocol": self.protocol,
                "exact_ties": self.exact_ties, "tie_error": self.tie_error, "points": self.points}


SPECIAL = (0.0, 0.2, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 0.8, 1.0)


PROTOCOLS = ("tile", "generic")
_SHIFT = (1e-7 * 2**0.5, 1e-7 * 3**0.5)  # the generic protocol's offsets, off every rational tie


def generic_point(a: float, b: float) -> tuple[float, float]:
    """(a, b) moved by ~1e-7 towards the Tile's centre, off the ties of special points."""
    return tuple(x + d if x < 0.5 else x - d for x, d in zip((a, b), _SHIFT))


def optimise_tile(ev: TauEvaluator, coarse: int = 17, zoom_levels: int = 3, keep: int = 3,
                  protocol: str = "tile", sides: tuple[str, ...] = ("min", "max"), flips: bool = False) -> tuple:
    """Min and max of τ over the Tile (a, b) ∈ [0, 1]²: coarse grid + special points + zooming.

    Protocol ``tile`` evaluates every point as it is (τ at (½, ½) is τ against accuracy itself,
    ties included); ``generic`` evaluates each point shifted off it (:func:`generic_point`), so
    only orderings of generic ranking scores count. The arg points returned are the evaluated ones.

    The min and the max are two searches from the same coarse points, each zooming around its own
    best points; ties between equal τ go to the smaller point (a, b). So a side left out of
    ``sides`` (returned as NaN at (NaN, NaN)) changes nothing in the other, and the searches of
    −X are those of X mirrored (what :func:`tau_ranges` relies on to search once for both).
    ``flips``: leave out the coarse points bounded by their neighbours' (the orderings' distances
    are then shared by every score searched on the grid: :func:`tau_ranges`); same result.
    """
    nan = ((float("nan"), float("nan")), float("nan"))
    if not sides:
        return nan, nan
    values: dict[tuple[float, float], float] = {}

    def point(a: float, b: float) -> tuple[float, float]:
        if protocol == "generic":  # the base point to 9 digits (zooming keeps it), then moved off it
            return generic_point(round(a, 9), round(b, 9))
        return (round(a, 12), round(b, 12))

    def f(a: float, b: float) -> tuple[float, float]:
        key = point(a, b)
        if key not in values:
            values[key] = ev(tile_importance(*key))
        return key

    axis = sorted(set(np.linspace(0, 1, coarse).tolist()) | set(SPECIAL))
    n = len(axis)
    # the coarse grid as a checkerboard: the black points evaluated, then each white one unless
    # its black neighbours bound it beyond the best (_beyond: the result is the same as with all).
    # A distance between orderings costs about one τ evaluation: worth it only when the orderings,
    # and so the distances, are shared by several scores (``flips``); otherwise all are evaluated.
    start = {f(axis[i], axis[j]) for i in range(n) for j in range(n) if (i + j) % 2 == 0 or not flips}
    seen = sorted(v for v in values.values() if v == v)  # the start's τ so far, for the bounds below
    for i in range(n):
        for j in range(n):
            if (i + j) % 2 == 1 and flips:
                near = [point(axis[i + di], axis[j + dj]) for di, dj in ((-1, 0), (1, 0), (0, -1), (0, 1))
                        if 0 <= i + di < n and 0 <= j + dj < n]
                if not _beyond(ev, point(axis[i], axis[j]), near, values, seen, keep, sides, flips=True):
                    _add(f(axis[i], axis[j]), start, values, seen)
    for s in SPECIAL:  # just beside the special values, where τ can jump
        for d in (1e-6, -1e-6):
            for t in axis:
                if 0 <= s + d <= 1:
                    for child, parent in (((s + d, t), (s, t)), ((t, s + d), (t, s))):
                        if _beyond(ev, point(*child), [point(*parent)], values, seen, keep, sides):
                            continue  # τ there is provably not among the best, on every side searched
                        _add(f(*child), start, values, seen)

    def search(sign: int) -> tuple:
        """The best point of ``sign`` · τ (+1: the min, −1: the max) over the start and its zooms."""
        own, width = set(start), 1 / (coarse - 1)

        def best(n: int | None) -> list:
            valid = sorted((sign * values[k], k) for k in own if values[k] == values[k])
            return valid[:n]

        for _ in range(zoom_levels):
            for _v, (a0, b0) in best(keep):
                for da in np.linspace(-width, width, 7):
                    for db in np.linspace(-width, width, 7):
                        a, b = a0 + da, b0 + db
                        if 0 <= a <= 1 and 0 <= b <= 1:
                            own.add(f(a, b))
            width /= 4
        top = best(1)
        return (top[0][1], values[top[0][1]]) if top else nan  # none: X constant, τ-b undefined

    return (search(1) if "min" in sides else nan), (search(-1) if "max" in sides else nan)


_MARGIN = 1e-12  # far above the rounding of τ's floats, far below its steps (one pair in 10⁷)


def _add(key: tuple, start: set, values: dict, seen: list) -> None:
    """``key`` (evaluated) into the start of :func:`optimise_tile`, its τ into the sorted
    thresholds (each point counted once)."""
    if key not in start:
        start.add(key)
        if values[key] == values[key]:
            bisect.insort(seen, values[key])


def _beyond(ev: TauEvaluator, child: tuple, parents: list, values: dict, seen: list, keep: int, sides,
            flips: bool = False) -> bool:
    """Whether τ at ``child`` can be left out of the start of :func:`optimise_tile` without
    changing its result: bounded from its ``parents``' integers (:meth:`TauEvaluator.bounds` when
    the child's ordering refines a parent's; with ``flips``, :meth:`TauEvaluator.flip_bounds`,
    narrowed parent after parent), it lies strictly above the ``keep`` smallest τ so far (the min
    search's zoom centres and min), when the min is searched, and strictly below the ``keep``
    largest, when the max is. Exact: those thresholds only tighten as points are added, and a
    point left out has no influence on either search (zooming may still evaluate it)."""
    if child in values or len(seen) < keep:
        return False
    if not hasattr(ev, "bounds"):  # an evaluator that cannot bound (the benchmark's naive baseline)
        return False

    def out(got) -> bool:
        lo, hi = got
        return ("min" not in sides or lo > seen[keep - 1] + _MARGIN) and ("max" not in sides or hi < seen[-keep] - _MARGIN)

    ic = tile_importance(*child)
    for parent in parents:  # evaluated, or left out with an interval (TauEvaluator._interval)
        if parent in values and values[parent] != values[parent]:
            continue
        ip = tile_importance(*parent)
        if flips:
            got = ev.flip_bounds(ip, ic)
            if got is not None and out(got):
                return True
            continue
        for crude in (True, False):  # the cheap bounds first, the child's own ties when they do not suffice
            got = ev.bounds(ip, ic, crude)
            if got is None:
                break
            if out(got):
                return True
    return False


def optimise_simplex(ev: TauEvaluator, n: int, samples: int = 1500, seed: int = 0) -> tuple:
    """Min and max of τ over importances on the simplex (any Ω): vertices, faces, random, zoom."""
    rng = np.random.default_rng(seed)
    cands = [np.eye(n)[i] for i in range(n)] + [np.ones(n) / n]
    for _ in range(samples // 2):
        k = int(rng.integers(1, n + 1))
        w = np.zeros(n)
        idx = rng.choice(n, size=k, replace=False)
        w[idx] = rng.dirichlet(np.ones(k))
        cands.append(w)
    vals = [(ev(w), w) for w in cands]
    valid = [(v, w) for v, w in vals if v == v]
    for direction in (1, -1):
        best = sorted(valid, key=lambda t: direction * t[0])[:3]
        for _v, w in best:
            scale = 0.1
            for _ in range(samples // 12):
                cand = np.clip(w + rng.normal(0, scale, n), 0, None)
                if cand.sum() == 0:
                    continue
                cand /= cand.sum()
                valid.append((ev(cand), cand))
                scale *= 0.97
    valid = [(v, w) for v, w in valid if v == v]
    if not valid:
        nan = float("nan")
        return ((), nan), ((), nan)
    lo = min(valid, key=lambda t: t[0])
    hi = max(valid, key=lambda t: t[0])
    return ((tuple(lo[1].round(6).tolist())), lo[0]), ((tuple(hi[1].round(6).tolist())), hi[0])


def _evaluator(score: Score, Pi: PerformanceSet, step: Fraction, points: int, shared: dict | None) -> TauEvaluator:
    """τ(X, R_I) on Π's grid for any I, with the grid and the orderings kept in ``shared``."""
    if shared is None or "grid" not in shared:
        grid = grid_for(Pi, step, points)
        total = grid_total(Pi, step, points)
        got = {"grid": grid, "total": total, "counts": counts_of(grid, total)}
        if shared is None:
            shared = got
        else:
            shared.update(got)
    grid, total, counts = shared["grid"], shared["total"], shared["counts"]
    S = np.array([float(s) for s in score.space.satisfaction])
    Xe = rational_values(score, counts, total) if counts is not None else None
    if Xe is None and counts is not None:  # an algebraic X (MCC, G-mean, probit of a ratio): exact ranks
        Xe = exact_ranks(score, counts, total)
    # R_I's ties are exact on an integer grid whatever X is; X's own ties, when not exact, by floats
    family = ("exact" if counts is not None else "snap", S.tobytes())
    if family not in shared:
        shared[family] = RankingRanks(grid, S, counts, keep=4000 if shared.get("keep") else 256)
    if Xe is not None:
        return TauEvaluator(Xe, grid, S, counts, shared[family])
    return TauEvaluator(score.numeric([grid[:, j] for j in range(grid.shape[1])]), grid, S, counts, shared[family],
                        x_exact=False)


def _search(score: Score, ev: TauEvaluator, protocol: str, sides: tuple[str, ...], flips: bool = False) -> TauResult:
    """τ_min and τ_max found by the optimiser of the space (the Tile for two classes); on the
    Tile, only the ``sides`` asked for (the others NaN); ``flips``: see :func:`optimise_tile`."""
    if score.space.is_binary:
        (amin, tmin), (amax, tmax) = optimise_tile(ev, protocol=protocol, sides=sides, flips=flips)
        argmin, argmax = {"a": float(amin[0]), "b": float(amin[1])}, {"a": float(amax[0]), "b": float(amax[1])}
    else:
        (wmin, tmin), (wmax, tmax) = optimise_simplex(ev, len(score.space))
        argmin = dict(zip(score.space.outcomes, wmin))
        argmax = dict(zip(score.space.outcomes, wmax))
    exact = ev.counts is not None and ev.x_exact
    error = None
    if not exact:  # how far float ties of X may move τ at the points found (an upper bound)
        imp = (lambda w: tile_importance(*w)) if score.space.is_binary else (lambda w: np.asarray(w, dtype=float))
        points = [p for p, t in (((amin if score.space.is_binary else wmin), tmin),
                                 ((amax if score.space.is_binary else wmax), tmax)) if np.isfinite(t)]
        error = max((ev.tie_error(imp(p)) for p in points), default=None)
    return TauResult(float(tmin), float(tmax), False, False, argmin, argmax, len(ev.grid), ev.count,
                     protocol, exact, error)


def tau_range(score: Score, Pi: PerformanceSet, step: Fraction = Fraction(1, 32), points: int = 81,
              exact: bool = True, protocol: str = "tile", derivation=None, shared: dict | None = None) -> TauResult:
    """τ_min and τ_max of ``score`` against the ranking scores on Π's grid.

    Ties are exact when X is a ratio of polynomials (see :mod:`~ordertheory.analyses.tau.exact_ties`);
    ``protocol`` is ``tile`` (points as they are) or ``generic`` (shifted off ties), see
    :func:`optimise_tile`. With ``exact``, what the importance derivation proves is not searched
    (:func:`exact_sides`); ``derivation``: that importance when already derived
    (:func:`~ordertheory.analyses.importance.derive.derive_importance`), not derived again.
    ``shared``: a dict kept by the caller across scores on the same Π, step and points, where the
    orderings of the ranking scores are kept (see :func:`tau_ranges`).
    """
    if not isinstance(score, Score):  # a scoring score beyond its formula's size: no grid of Π to search
        raise ResourceLimit(f"too large to write out: τ of {score.name} on {score.space.name} needs a grid of Π "
                            "over its outcomes")
    if protocol not in PROTOCOLS:
        raise InvalidInput(f"expected a protocol among {', '.join(PROTOCOLS)} but got {protocol!r}")
    d = None
    if exact and protocol == "tile":
        d = derivation if derivation is not None else derive_importance(score, Pi, check_tests=False, bounded=False)
    sides = tuple(s for s in ("min", "max") if s not in exact_sides(d))
    out = _search(score, _evaluator(score, Pi, step, points, shared), protocol, sides)
    return with_derivation(out, d) if d is not None else out


def exact_sides(d) -> tuple[str, ...]:
    """The sides of the τ range that the importance derivation ``d`` gives exactly, value and
    arg (see :func:`with_derivation`): both when X is constant on Π (τ-b is then undefined at
    every point, 0 by convention), ``max`` at I's Tile position when X is an increasing transform
    of R_I, ``min`` when decreasing; none without a derivation."""
    if d is None:
        return ()
    if d.kind == "constant":
        return ("min", "max")
    if d.kind in ("ranking_score", "monotone_transform") and d.tile:
        return ("max",) if d.monotone in (None, "increasing") else ("min",)
    return ()


def with_derivation(r: TauResult, d) -> TauResult:
    """``r`` with what the importance derivation ``d`` proves: τ_max = 1 exactly (X an increasing
    transform of R_I, at I's Tile position), τ_min = −1 (decreasing), or both 0 (X constant on Π).
    Only for the ``tile`` protocol (the generic one leaves I's own point out)."""
    if r.protocol != "tile":
        return r
    import dataclasses

    sides = exact_sides(d)
    if len(sides) == 2:
        return dataclasses.replace(r, tau_min=0.0, tau_max=0.0, tau_min_exact=True, tau_max_exact=True)
    tile = {k: float(v) for k, v in d.tile.items()} if sides else None
    if sides == ("max",):
        return dataclasses.replace(r, tau_max=1.0, tau_max_exact=True, argmax=tile)
    if sides == ("min",):
        return dataclasses.replace(r, tau_min=-1.0, tau_min_exact=True, argmin=tile)
    return r


def _mirror(r: TauResult) -> TauResult:
    """The result for −X from that of X: τ-b(−X, R) = −τ-b(X, R) at every point, exactly (the
    concordant and discordant pairs swap), and the searches mirror (:func:`optimise_tile`)."""
    import dataclasses

    return dataclasses.replace(r, tau_min=0.0 - r.tau_max, tau_max=0.0 - r.tau_min, argmin=r.argmax,
                               argmax=r.argmin)  # 0.0 − v: never a −0.0 that τ-b does not produce


def _order_class(ev: TauEvaluator) -> tuple[tuple, int]:
    """(key, orientation): two scores with one key have, on the grid, the same ranks (orientation
    equal) or reversed ranks (opposite), NaN at the same points, and the same orderings of R_I;
    τ-b reads nothing else of X. A key of ``None`` marks an X with at most one value (τ-b undefined)."""
    r = dense_ranks(np.asarray(ev.X, dtype=float))
    if r.max(initial=-1) <= 0:
        return (id(ev.ranks), None), 1
    rev = np.where(r >= 0, r.max() - r, -1).astype(r.dtype)
    a, b = r.tobytes(), rev.tobytes()
    return (id(ev.ranks), min(a, b)), (1 if a <= b else -1)


def tau_ranges(scores, Pi: PerformanceSet, step: Fraction = Fraction(1, 32), points: int = 81,
               exact: tuple | None = None) -> list[TauResult]:
    """:func:`tau_range` (numeric: ``exact=False``, see :func:`with_derivation`) for several scores
    on one Π, at a fraction of the cost, with the results of one call per score: each ranking
    score's values are sorted once for all of them, and scores ordering the grid alike or in
    reverse (accuracy and error rate, TPR and FNR, …) are searched once (:func:`_order_class`).
    ``exact``: per score, the sides not to search (:func:`exact_sides` of its derivation); they
    come back NaN or as found for a score of the same order class (Table 1's τ columns).
    """
    scores = list(scores)
    exact = tuple(exact) if exact is not None else ((),) * len(scores)
    shared: dict = {"keep": True}
    evs = [_evaluator(X, Pi, step, points, shared) for X in scores]
    classes: dict[tuple, list[tuple[int, int]]] = {}
    for i, ev in enumerate(evs):
        key, orient = _order_class(ev)
        classes.setdefault(key, []).append((i, orient))
    out: list = [None] * len(scores)
    flip = {"min": "max", "max": "min"}
    for key, members in classes.items():
        first, o0 = members[0]
        want = set() if key[1] is None else {
            s if o == o0 else flip[s] for i, o in members for s in ("min", "max") if s not in exact[i]}
        r = _search(scores[first], evs[first], "tile", tuple(sorted(want)), flips=len(classes) > 1)
        for i, o in members:
            out[i] = r if o == o0 else _mirror(r)
    return out
