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
import hashlib
import itertools
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.analyses.kendall import KendallX, _ties
from ordertheory.performance_set import PerformanceSet
from ordertheory.sample_space import SampleSpace
from ordertheory.scores import Score


# --- grids -----------------------------------------------------------------------------------------
def simplex_grid(space: SampleSpace, step: Fraction = Fraction(1, 32)) -> np.ndarray:
    """Every performance with probabilities in multiples of ``step``, faces included.

    >>> from ordertheory.sample_space import binary
    >>> simplex_grid(binary()).shape
    (6545, 4)
    """
    m = int(1 / step)
    if Fraction(1, m) != step:
        raise ValueError(f"expected a step 1/m but got {step}")
    n = len(space)
    rows = [c for c in _compositions(m, n)]
    return np.array(rows, dtype=float) / m


def _compositions(m: int, n: int):
    for bars in itertools.combinations(range(m + n - 1), n - 1):
        prev, parts = -1, []
        for b in bars:
            parts.append(b - prev - 1)
            prev = b
        parts.append(m + n - 2 - prev)
        yield parts


def prior_grid(prior: Fraction, points: int = 81) -> np.ndarray:
    """The (TPR, TNR) grid with ``points`` values each, 0 and 1 included, at a fixed prior."""
    t = np.linspace(0.0, 1.0, points)
    tpr, tnr = (g.ravel() for g in np.meshgrid(t, t, indexing="ij"))
    p = float(prior)
    return np.column_stack([(1 - p) * tnr, (1 - p) * (1 - tnr), p * (1 - tpr), p * tpr])


# --- ranking scores on a grid ------------------------------------------------------------------------
def tile_importance(a: float, b: float) -> np.ndarray:
    """I(tn, fp, fn, tp) = (1 − a, 1 − b, b, a)."""
    return np.array([1 - a, 1 - b, b, a])


def ranking_values(grid: np.ndarray, importance: np.ndarray, satisfaction: np.ndarray) -> np.ndarray:
    den = grid @ importance
    num = grid @ (importance * satisfaction)
    with np.errstate(all="ignore"):
        out = num / den
    out[den <= 0] = np.nan
    return out


def snap(v: np.ndarray, digits: int = 10) -> np.ndarray:
    """Round to ``digits`` significant digits so that values equal in exact arithmetic (1/3 and
    2/6 computed in floats) tie as they should; τ-b depends on ties."""
    with np.errstate(all="ignore"):
        mag = np.where(np.isfinite(v) & (v != 0), np.floor(np.log10(np.abs(np.where(v == 0, 1, v)))), 0)
        scale = 10.0 ** (digits - 1 - mag)
        return np.round(v * scale) / scale


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
    exact_ties: bool = False  # ties of X and R decided exactly (rational X, integer grid)

    def to_json(self) -> dict:
        return {"tau_min": self.tau_min, "tau_max": self.tau_max, "tau_min_exact": self.tau_min_exact,
                "tau_max_exact": self.tau_max_exact, "argmin": self.argmin, "argmax": self.argmax,
                "tau_min_at": self.argmin, "tau_max_at": self.argmax, "protocol": self.protocol,
                "exact_ties": self.exact_ties, "points": self.points}


class RankingRanks:
    """The orderings of the ranking scores R_I on one grid: dense ranks of R_I's values (equal
    values, equal ranks; −1 where R_I is undefined), one per importance.

    An ordering depends on the grid and I only, not on the score it is compared with: with
    ``keep`` > 0 the last ``keep`` orderings asked for are kept, so that several scores evaluated
    on the same grid (Table 1's column of one setting) sort each R_I once. With ``counts`` (the
    grid's integer counts) R_I has exact ties at rational importances (and the Tile's structural
    ties elsewhere, see :mod:`~ordertheory.analyses.exact_ties`); otherwise it is snapped to 10 digits.
    """

    def __init__(self, grid: np.ndarray, S: np.ndarray, counts: np.ndarray | None = None, keep: int = 0) -> None:
        self.grid, self.S, self.counts, self.keep = grid, S, counts, keep
        self.ties: dict = {}  # the Tile's structural tie classes, per rational coordinate and mask
        self.memo: dict[bytes, np.ndarray] = {}
        self.refined: dict[tuple[bytes, bytes], bool] = {}
        self.sorted = 0  # orderings computed (the others came from the memo)

    def values(self, importance: np.ndarray) -> np.ndarray:
        """R_I at every grid point (floats; NaN where undefined)."""
        if self.counts is not None:
            from ordertheory.analyses.exact_ties import (
                merge_structural_ties,
                ranking_values_exact,
                simple_rational,
            )

            fr = [simple_rational(float(v)) for v in importance]
            if all(f is not None for f in fr):
                return ranking_values_exact(self.counts, fr, self.S)
            R = ranking_values(self.grid, importance, self.S)
            if len(importance) == 4 and self.S.tolist() == [1.0, 0.0, 0.0, 1.0]:  # the Tile: (1−a, 1−b, b, a)
                R = merge_structural_ties(R, self.counts, fr[3], fr[2], self.ties)
            return R
        return snap(ranking_values(self.grid, importance, self.S))

    def __call__(self, importance: np.ndarray) -> np.ndarray:
        return self.ordering(importance)[0]

    def refines(self, parent: np.ndarray, child: np.ndarray) -> bool:
        """Whether R at ``child`` orders the grid like R at ``parent`` except that some of the
        parent's ties are broken: the same points defined, and P < Q at the parent ⇒ P < Q at the
        child (what :meth:`_Evaluator.bounds` needs; true just beside a special point, where the
        special point's many ties are broken and nothing else moves)."""
        key = (np.asarray(parent, dtype=float).tobytes(), np.asarray(child, dtype=float).tobytes())
        if key not in self.refined:
            rp, rc = self.ordering(parent)[0], self.ordering(child)[0]
            ok = rp >= 0
            same = bool(np.array_equal(ok, rc >= 0))
            if same and ok.any():
                both = np.sort(rp[ok].astype(np.int64) << 32 | rc[ok].astype(np.int64))
                p, c = both >> 32, both & 0xFFFFFFFF
                step = p[1:] > p[:-1]  # sorted by (parent, child): each step up at the parent steps up at the child
                same = bool(np.all(c[1:][step] > c[:-1][step]))
            self.refined[key] = same
        return self.refined[key]

    def ordering(self, importance: np.ndarray) -> tuple[np.ndarray, bytes]:
        """(ranks, their SHA-256): two importances ordering the grid alike have one digest (nearby
        points of the Tile often do, and then τ need not be computed again)."""
        key = np.asarray(importance, dtype=float).tobytes()
        got = self.memo.pop(key, None)
        if got is not None:
            self.memo[key] = got
        else:
            ranks = dense_ranks(self.values(importance))
            got = (ranks, hashlib.sha256(ranks.tobytes()).digest())
            self.sorted += 1
            if self.keep:  # least recently used out: the coarse points serve every score
                if len(self.memo) >= self.keep:
                    self.memo.pop(next(iter(self.memo)))
                self.memo[key] = got
        return got


def dense_ranks(v: np.ndarray) -> np.ndarray:
    """0, 1, 2, … by increasing value, equal values sharing a rank; −1 for NaN.

    >>> dense_ranks(np.array([0.5, np.nan, 0.25, 0.5])).tolist()
    [1, -1, 0, 1]
    """
    ok = ~np.isnan(v)
    x = v[ok]
    perm = np.argsort(x)
    xs = x[perm]
    dense = np.empty(len(x), dtype=np.int64)
    dense[perm] = np.r_[0, np.cumsum(xs[1:] != xs[:-1])] if len(x) else dense
    out = np.full(len(v), -1, dtype=np.int32)
    out[ok] = dense
    return out


class _Evaluator:
    """τ(X, R_I) on a fixed grid; X's ranks cached per definedness mask of R_I.

    With ``counts`` (the grid's integer counts) and X given with exact ties (see
    :mod:`~ordertheory.analyses.exact_ties`), R_I is computed with exact ties at rational
    importances and nothing is snapped; otherwise X and R_I are snapped to 10 digits.
    ``ranks``: the orderings of R_I shared with other scores on this grid (:class:`RankingRanks`
    built with the same ``counts``, or ``None`` when X is snapped).
    """

    def __init__(self, X: np.ndarray, grid: np.ndarray, S: np.ndarray, counts: np.ndarray | None = None,
                 ranks: RankingRanks | None = None) -> None:
        self.counts = counts
        X = snap(X) if counts is None else X
        self.ok = ~np.isnan(X)
        self.X, self.grid, self.S = X, grid, S
        self.ranks = ranks if ranks is not None else RankingRanks(grid, S, counts)
        if self.ranks.counts is not counts:
            raise ValueError("the shared orderings were built for another kind of ties")
        self.cache: dict[bytes, tuple[np.ndarray, KendallX]] = {}
        self.known: dict[bytes, tuple] = {}  # per ordering of the grid (its digest): τ, (C − D, y ties)
        self.count = 0

    def _kendall(self, r: np.ndarray) -> tuple[np.ndarray, KendallX]:
        mask = self.ok & (r >= 0)
        key = np.packbits(mask).tobytes()
        if key not in self.cache:
            self.cache[key] = (mask, KendallX(self.X[mask]))
        return self.cache[key]

    def __call__(self, importance: np.ndarray) -> float:
        self.count += 1
        r, digest = self.ranks.ordering(importance)
        if digest in self.known:  # the same ordering of the grid as an earlier point: the same τ
            return self.known[digest][0]
        m, k = self._kendall(r)
        got = k.numerator(r[m]) if m.sum() >= 2 else None
        t = float("nan") if got is None else k.tau_of(*got)
        self.known[digest] = (t, got)
        return t

    def bounds(self, parent: np.ndarray, child: np.ndarray, crude: bool = False) -> tuple[float, float] | None:
        """Bounds on τ at ``child`` without computing it, from τ's integers at ``parent`` (already
        evaluated) when the child's ordering refines the parent's (:meth:`RankingRanks.refines`):
        only the u pairs tied at the parent and not at the child can change, so C − D moves by at
        most u and the y ties drop by exactly u. ``crude``: with u anywhere between 0 and the
        parent's y ties, without reading the child's ties (wider, and cheaper). None when that
        does not apply."""
        rp, dp = self.ranks.ordering(parent)
        if dp not in self.known or self.known[dp][1] is None or not self.ranks.refines(parent, child):
            return None
        m, k = self._kendall(rp)  # the same definedness as the child's (a refinement keeps it)
        num, ytie = self.known[dp][1]
        a = np.sqrt(k.tot - k.xtie)
        if crude:  # numerators num ∓ u over denominators √a·√(tot − ytie + u), u ∈ [0, ytie]
            if k.tot - ytie == 0:
                return None
            wide, narrow = a * np.sqrt(k.tot), a * np.sqrt(k.tot - ytie)
            lo, hi = num - ytie, num + ytie
            return lo / (wide if lo >= 0 else narrow), hi / (narrow if hi >= 0 else wide)
        rc, _ = self.ranks.ordering(child)
        ytie_c = _ties(np.bincount(rc[m]))
        u = ytie - ytie_c
        den = a * np.sqrt(k.tot - ytie_c)
        if den == 0:
            return None
        return (num - u) / den, (num + u) / den


SPECIAL = (0.0, 0.2, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 0.8, 1.0)


PROTOCOLS = ("tile", "generic")
_SHIFT = (1e-7 * 2**0.5, 1e-7 * 3**0.5)  # the generic protocol's offsets, off every rational tie


def generic_point(a: float, b: float) -> tuple[float, float]:
    """(a, b) moved by ~1e-7 towards the Tile's centre, off the ties of special points."""
    return tuple(x + d if x < 0.5 else x - d for x, d in zip((a, b), _SHIFT))


def optimise_tile(ev: _Evaluator, coarse: int = 17, zoom_levels: int = 3, keep: int = 3,
                  protocol: str = "tile", sides: tuple[str, ...] = ("min", "max")) -> tuple:
    """Min and max of τ over the Tile (a, b) ∈ [0, 1]²: coarse grid + special points + zooming.

    Protocol ``tile`` evaluates every point as it is (τ at (½, ½) is τ against accuracy itself,
    ties included); ``generic`` evaluates each point shifted off it (:func:`generic_point`), so
    only orderings of generic ranking scores count. The arg points returned are the evaluated ones.

    The min and the max are two searches from the same coarse points, each zooming around its own
    best points; ties between equal τ go to the smaller point (a, b). So a side left out of
    ``sides`` (returned as NaN at (NaN, NaN)) changes nothing in the other, and the searches of
    −X are those of X mirrored (what :func:`tau_ranges` relies on to search once for both).
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
    start = {f(a, b) for a in axis for b in axis}
    seen = sorted(v for v in values.values() if v == v)  # the start's τ so far, for the bounds below
    for s in SPECIAL:  # just beside the special values, where τ can jump
        for d in (1e-6, -1e-6):
            for t in axis:
                if 0 <= s + d <= 1:
                    for child, parent in (((s + d, t), (s, t)), ((t, s + d), (t, s))):
                        if _beyond(ev, point(*child), point(*parent), values, seen, keep, sides):
                            continue  # τ there is provably not among the best, on every side searched
                        key = f(*child)
                        if key not in start:  # each point counted once in the thresholds
                            start.add(key)
                            if values[key] == values[key]:
                                bisect.insort(seen, values[key])

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


def _beyond(ev: _Evaluator, child: tuple, parent: tuple, values: dict, seen: list, keep: int, sides) -> bool:
    """Whether τ at ``child`` can be left out of the start of :func:`optimise_tile` without
    changing its result: bounded from its parent's integers (:meth:`_Evaluator.bounds`), it lies
    strictly above the ``keep`` smallest τ so far (the min search's zoom centres and min), when
    the min is searched, and strictly below the ``keep`` largest, when the max is. Exact: those
    thresholds only tighten as points are added."""
    if child in values or len(seen) < keep or parent not in values or values[parent] != values[parent]:
        return False
    if not hasattr(ev, "bounds"):  # an evaluator that cannot bound (the benchmark's naive baseline)
        return False
    ip, ic = tile_importance(*parent), tile_importance(*child)
    for crude in (True, False):  # the cheap bounds first, the child's own ties when they do not suffice
        got = ev.bounds(ip, ic, crude)
        if got is None:
            return False
        lo, hi = got
        if ("min" not in sides or lo > seen[keep - 1] + _MARGIN) and ("max" not in sides or hi < seen[-keep] - _MARGIN):
            return True
    return False


def optimise_simplex(ev: _Evaluator, n: int, samples: int = 1500, seed: int = 0) -> tuple:
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


def grid_for(Pi: PerformanceSet, step: Fraction = Fraction(1, 32), points: int = 81) -> np.ndarray:
    """The default grid of Π: the simplex grid for all performances, (TPR, TNR) for a fixed prior."""
    if not Pi.constraints:
        return simplex_grid(Pi.space, step)
    if Pi.space.is_binary and Pi.label.startswith("prior="):
        return prior_grid(Fraction(Pi.label.split("=", 1)[1]), points)
    grid = simplex_grid(Pi.space, step)  # other constraints: keep the grid points inside Π
    keep = np.ones(len(grid), dtype=bool)
    syms = Pi.symbols
    for c in Pi.constraints:
        coeffs = np.array([float(c.expr.coeff(s)) for s in syms])
        const = float(c.expr.xreplace({s: 0 for s in syms}))
        v = grid @ coeffs + const
        keep &= np.isclose(v, 0) if c.op == "==" else (v <= 1e-12) if c.op == "<=" else (v >= -1e-12)
    return grid[keep]


def _grid_total(Pi: PerformanceSet, step: Fraction, points: int) -> int:
    """The common denominator L of the grid's probabilities (counts = grid · L are integers)."""
    if Pi.space.is_binary and Pi.label.startswith("prior="):
        return Fraction(Pi.label.split("=", 1)[1]).denominator * (points - 1)
    return int(1 / step)


def _evaluator(score: Score, Pi: PerformanceSet, step: Fraction, points: int, shared: dict | None) -> _Evaluator:
    """τ(X, R_I) on Π's grid for any I, with the grid and the orderings kept in ``shared``."""
    from ordertheory.analyses.exact_ties import counts_of, rational_values

    if shared is None or "grid" not in shared:
        grid = grid_for(Pi, step, points)
        total = _grid_total(Pi, step, points)
        got = {"grid": grid, "total": total, "counts": counts_of(grid, total)}
        if shared is None:
            shared = got
        else:
            shared.update(got)
    grid, total, counts = shared["grid"], shared["total"], shared["counts"]
    S = np.array([float(s) for s in score.space.satisfaction])
    Xe = rational_values(score, counts, total) if counts is not None else None
    family = ("exact" if Xe is not None else "snap", S.tobytes())
    if family not in shared:
        shared[family] = RankingRanks(grid, S, counts if Xe is not None else None, keep=4000 if shared.get("keep") else 0)
    if Xe is not None:
        return _Evaluator(Xe, grid, S, counts, shared[family])
    return _Evaluator(score.numeric([grid[:, j] for j in range(grid.shape[1])]), grid, S, None, shared[family])


def _search(score: Score, ev: _Evaluator, protocol: str, sides: tuple[str, ...]) -> TauResult:
    """τ_min and τ_max found by the optimiser of the space (the Tile for two classes); on the
    Tile, only the ``sides`` asked for (the others NaN)."""
    if score.space.is_binary:
        (amin, tmin), (amax, tmax) = optimise_tile(ev, protocol=protocol, sides=sides)
        argmin, argmax = {"a": float(amin[0]), "b": float(amin[1])}, {"a": float(amax[0]), "b": float(amax[1])}
    else:
        (wmin, tmin), (wmax, tmax) = optimise_simplex(ev, len(score.space))
        argmin = dict(zip(score.space.outcomes, wmin))
        argmax = dict(zip(score.space.outcomes, wmax))
    return TauResult(float(tmin), float(tmax), False, False, argmin, argmax, len(ev.grid), ev.count,
                     protocol, ev.counts is not None)


def tau_range(score: Score, Pi: PerformanceSet, step: Fraction = Fraction(1, 32), points: int = 81,
              exact: bool = True, protocol: str = "tile", derivation=None, shared: dict | None = None) -> TauResult:
    """τ_min and τ_max of ``score`` against the ranking scores on Π's grid.

    Ties are exact when X is a ratio of polynomials (see :mod:`~ordertheory.analyses.exact_ties`);
    ``protocol`` is ``tile`` (points as they are) or ``generic`` (shifted off ties), see
    :func:`optimise_tile`. With ``exact``, what the importance derivation proves is not searched
    (:func:`exact_sides`); ``derivation``: that importance when already derived
    (:func:`~ordertheory.analyses.importance.derive_importance`), not derived again.
    ``shared``: a dict kept by the caller across scores on the same Π, step and points, where the
    orderings of the ranking scores are kept (see :func:`tau_ranges`).
    """
    if protocol not in PROTOCOLS:
        from ordertheory.errors import InvalidInput

        raise InvalidInput(f"expected a protocol among {', '.join(PROTOCOLS)} but got {protocol!r}")
    d = None
    if exact and protocol == "tile":
        from ordertheory.analyses.importance import derive_importance

        d = derivation if derivation is not None else derive_importance(score, Pi, check_tests=False)
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


def _order_class(ev: _Evaluator) -> tuple[tuple, int]:
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
        r = _search(scores[first], evs[first], "tile", tuple(sorted(want)))
        for i, o in members:
            out[i] = r if o == o0 else _mirror(r)
    return out


def tau_naive(score: Score, Pi: PerformanceSet, ab: list[tuple[float, float]]) -> list[float]:
    """Baseline: scipy.stats.kendalltau at every evaluation (for the benchmark only)."""
    from scipy.stats import kendalltau

    grid = grid_for(Pi)
    X = score.numeric([grid[:, j] for j in range(4)])
    S = np.array([float(s) for s in score.space.satisfaction])
    out = []
    for a, b in ab:
        R = ranking_values(grid, tile_importance(a, b), S)
        m = ~np.isnan(X) & ~np.isnan(R)
        out.append(float(kendalltau(X[m], R[m]).statistic))
    return out
