"""The Tile of ranking scores R_{a,b} over a leaderboard, vectorised with numpy (NUMERIC maps).

R_{a,b} is the ranking score with I(tn) = 1 − a, I(tp) = a, I(fp) = 1 − b, I(fn) = b (Piérard et
al., "The Tile"; sorbetto's default parameterisation): a runs along the horizontal axis, b along
the vertical one, a map is an array ``[row = b index, column = a index]`` on the grid
a, b ∈ {0, 1/(n−1), …, 1}.

Entity e′ beats e at (a, b) iff g(a, b) = N_{e′}(a)·U_e(b) − N_e(a)·U_{e′}(b) > 0, where
N(a) = (1−a)·tn + a·tp and U(b) = (1−b)·fp + b·fn (cross-multiplying R = N / (N + U)). g is
bilinear, so along one row (b fixed) it is linear in a and the set of a where e′ beats e is a
half-line: each row of a rank map is a sum of step functions, built with one ``bincount`` of
the thresholds and a cumulative sum — no per-pixel loop and no per-pixel sort. The coefficients
of g are computed exactly (Fractions) and rounded once; a threshold within 10⁻⁹ of a grid point
is re-decided exactly, so equal performances tie exactly (Axiom 1) and a pixel lying exactly
on a tie curve is classified exactly.

>>> import io
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\nC,1,1,1,7\\n"))
>>> rank_map(lb, "A", 3).tolist()
[[2, 3, 3], [1, 2, 2], [1, 2, 2]]
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import numpy as np

from ordertheory.analyses.tau.kendall import tau_b
from ordertheory.errors import InvalidInput
from ordertheory.exact import compare as _cmp
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)

MAX_RESOLUTION = 4001
_NEAR = 1e-9


def check_tile_input(lb: Leaderboard, n: int) -> None:
    """A two-class leaderboard and a resolution in [2, MAX_RESOLUTION], else one line (InvalidInput)."""
    if lb.space.outcomes != ("tn", "fp", "fn", "tp"):
        raise InvalidInput(f"the Tile needs a two-class leaderboard (tn, fp, fn, tp) but got {lb.space.name}")
    if not isinstance(n, int) or not 2 <= n <= MAX_RESOLUTION:
        raise InvalidInput(f"expected a resolution between 2 and {MAX_RESOLUTION} but got {n!r}")


def axis(n: int) -> np.ndarray:
    """The grid values 0, 1/(n−1), …, 1 of a and of b."""
    return np.linspace(0.0, 1.0, n)


def components(lb: Leaderboard) -> dict[str, list[Fraction]]:
    """Exact tn, fp, fn, tp, dN = tp − tn and dU = fn − fp of every entity."""
    out: dict[str, list[Fraction]] = {o: [P[o] for P in lb.performances] for o in ("tn", "fp", "fn", "tp")}
    out["dN"] = [tp - tn for tp, tn in zip(out["tp"], out["tn"])]
    out["dU"] = [fn - fp for fn, fp in zip(out["fn"], out["fp"])]
    return out


def pair_coefficients(lb: Leaderboard, e: int, others: list[int],
                      comps: dict | None = None) -> list[tuple[Fraction, ...]]:
    """Exact (α₀, α₁, β₀, β₁) of g_{e′,e}(a, b) = (α₀ + α₁ b) + a (β₀ + β₁ b) for each e′ in ``others``."""
    c = comps or components(lb)
    tn, fp, dN, dU = c["tn"], c["fp"], c["dN"], c["dU"]
    return [(tn[o] * fp[e] - tn[e] * fp[o], tn[o] * dU[e] - tn[e] * dU[o],
             dN[o] * fp[e] - dN[e] * fp[o], dN[o] * dU[e] - dN[e] * dU[o]) for o in others]


def values(lb: Leaderboard, n: int, entity: int | str) -> np.ndarray:
    """R_{a,b} of one entity on the n × n grid (NaN where it is undefined: E_P[I] = 0)."""
    check_tile_input(lb, n)
    i = entity if isinstance(entity, int) else lb.index(entity)
    P = lb.performances[i]
    a, b = axis(n)[None, :], axis(n)[:, None]
    num = (1 - a) * float(P["tn"]) + a * float(P["tp"])
    den = num + (1 - b) * float(P["fp"]) + b * float(P["fn"])
    with np.errstate(invalid="ignore", divide="ignore"):
        out = num / den
    out[den == 0] = np.nan
    return out


def _intervals(coef: list[tuple[Fraction, ...]], n: int, b_rows: np.ndarray, sign: int):
    """For each pair and row: the [lo, hi) range of column indices where sign·g > 0."""
    m = n - 1
    C = np.array([[float(x) for x in c] for c in coef]).reshape(-1, 4)
    alpha = C[:, 0:1] + C[:, 1:2] * b_rows[None, :]
    beta = C[:, 2:3] + C[:, 3:4] * b_rows[None, :]
    if sign < 0:
        alpha, beta = -alpha, -beta
    with np.errstate(divide="ignore", invalid="ignore"):
        tm = np.where(beta != 0, -alpha / beta * m, 0.0)
    near = (beta != 0) & (tm > -0.5) & (tm < m + 0.5) & (np.abs(tm - np.round(tm)) < _NEAR * np.maximum(1.0, np.abs(tm)))
    tm = np.clip(tm, -1.5, n + 0.5)
    start = np.clip(np.floor(tm) + 1, 0, n).astype(np.int64)  # β > 0: i > t·m
    end = np.clip(np.ceil(tm), 0, n).astype(np.int64)  # β < 0: i < t·m
    lo = np.where(beta > 0, start, 0)
    hi = np.where(beta > 0, n, end)
    zero = beta == 0
    lo = np.where(zero, np.where(alpha > 0, 0, n), lo)
    hi = np.where(zero, n, hi)
    for p, r in zip(*np.nonzero(near)):  # re-decide thresholds at (or next to) a grid point exactly
        lo[p, r], hi[p, r] = _exact_interval(coef[p], Fraction(int(round(b_rows[r] * m)), m), n, sign)
    return lo, hi


def _exact_interval(c: tuple[Fraction, ...], b: Fraction, n: int, sign: int) -> tuple[int, int]:
    m = n - 1
    alpha, beta = sign * (c[0] + c[1] * b), sign * (c[2] + c[3] * b)
    if beta == 0:
        return (0, n) if alpha > 0 else (n, n)
    tm = -alpha / beta * m
    if beta > 0:
        return min(max(int(tm // 1) + 1, 0), n), n
    return 0, min(max(-int((-tm) // 1), 0), n)


def _count(lo: np.ndarray, hi: np.ndarray, n: int, rows: int, weights: np.ndarray | None = None) -> np.ndarray:
    """Σ over pairs of weight · [lo ≤ column < hi], per row, from one bincount and a cumsum."""
    r = np.broadcast_to(np.arange(rows)[None, :], lo.shape)
    w = None if weights is None else np.broadcast_to(weights[:, None], lo.shape).ravel()
    size = rows * (n + 1)
    d = np.bincount((r * (n + 1) + lo).ravel(), weights=w, minlength=size)
    d = d - np.bincount((r * (n + 1) + hi).ravel(), weights=w, minlength=size)
    return np.cumsum(d.reshape(rows, n + 1), axis=1)[:, :n]


def _row_chunks(n: int, pairs: int, budget: int = 4_000_000) -> Iterator[slice]:
    step = max(1, budget // max(1, pairs))
    for s in range(0, n, step):
        yield slice(s, min(n, s + step))


def rank_map(lb: Leaderboard, entity: int | str, n: int, comps: dict | None = None) -> np.ndarray:
    """Competition rank of one entity at each grid point: 1 + #{e′ : R(e′) > R(e)}; 0 where R(e) is undefined."""
    check_tile_input(lb, n)
    e = entity if isinstance(entity, int) else lb.index(entity)
    others = [o for o in range(len(lb)) if o != e]
    coef = [c for c in pair_coefficients(lb, e, others, comps) if any(c)]  # equal performances never beat e
    b = axis(n)
    out = np.ones((n, n), dtype=np.int32)
    if coef:
        for rows in _row_chunks(n, len(coef)):
            lo, hi = _intervals(coef, n, b[rows], +1)
            out[rows] += _count(lo, hi, n, rows.stop - rows.start).astype(np.int32)
    out[np.isnan(values(lb, n, e))] = 0
    return out


def rank_maps(lb: Leaderboard, n: int) -> Iterator[tuple[str, np.ndarray]]:
    """(name, rank map) of every entity, one at a time (memory stays one map plus one chunk)."""
    check_tile_input(lb, n)
    comps = components(lb)
    for i, name in enumerate(lb.names):
        yield name, rank_map(lb, i, n, comps)


def winner_map(lb: Leaderboard, n: int) -> np.ndarray:
    """Index of the entity with the largest R_{a,b} at each grid point (first in leaderboard order
    among float ties; the exact set of possible winners is :func:`~ordertheory.ranking.winners.winners`)."""
    check_tile_input(lb, n)
    best = np.full((n, n), -np.inf)
    arg = np.zeros((n, n), dtype=np.int32)
    for i in range(len(lb)):
        v = np.nan_to_num(values(lb, n, i), nan=-np.inf)
        better = v > best
        arg[better], best[better] = i, v[better]
    return arg


def winner_map_exact(lb: Leaderboard, n: int, pixels: list[tuple[int, int]]) -> list[int]:
    """The first entity (in leaderboard order) ranked first at each pixel (row j, column i), from
    the definition in Fractions; -1 where no entity is defined."""
    out = []
    m = n - 1
    for j, i in pixels:
        a, b = Fraction(i, m), Fraction(j, m)
        best, arg = None, -1
        for e, P in enumerate(lb.performances):
            num = (1 - a) * P["tn"] + a * P["tp"]
            den = num + (1 - b) * P["fp"] + b * P["fn"]
            if den > 0 and (best is None or num / den > best):
                best, arg = num / den, e
        out.append(arg)
    return out


def correlation_map(lb: Leaderboard, x: list, n: int) -> np.ndarray:
    """Kendall's τ-b between the scores ``x`` (exact values, None = undefined) and R_{a,b} over the
    entities, at each grid point (floats; ties of R decided as in :func:`rank_map`)."""
    check_tile_input(lb, n)
    keep = [i for i, v in enumerate(x) if v is not None]
    if len(keep) < 2:
        raise InvalidInput("expected at least two entities where the score X is defined")
    comps = components(lb)
    pairs = [(i, j) for k, i in enumerate(keep) for j in keep[k + 1:]]
    sx = np.array([_cmp(x[i], x[j]) for i, j in pairs], dtype=float)
    coef_all = [pair_coefficients(lb, j, [i], comps)[0] for i, j in pairs]  # g > 0 ⟺ R(i) > R(j)
    total = len(pairs)
    n1 = int(np.sum(sx == 0))
    b = axis(n)
    num = np.zeros((n, n))
    untied = np.zeros((n, n))
    for rows in _row_chunks(n, total):
        k = rows.stop - rows.start
        lo, hi = _intervals(coef_all, n, b[rows], +1)
        lo2, hi2 = _intervals(coef_all, n, b[rows], -1)
        num[rows] = _count(lo, hi, n, k, sx) - _count(lo2, hi2, n, k, sx)
        untied[rows] = _count(lo, hi, n, k) + _count(lo2, hi2, n, k)
    with np.errstate(invalid="ignore", divide="ignore"):
        tau = tau_b(num, total, n1, total - untied)  # R's tied pairs: those neither above nor below
    undefined = np.zeros((n, n), dtype=bool)
    for i in keep:
        undefined |= np.isnan(values(lb, n, i))
    tau[undefined | (untied == 0)] = np.nan
    return tau
