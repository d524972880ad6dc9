"""The Tile's cell complex for a leaderboard with one shared prior, exactly, and the share of the
Tile where each entity ranks first.

With one prior π every frontier R_(a,b)(P_i) = R_(a,b)(P_j) is a line in balanced coordinates
(:func:`~ordertheory.ranking.tile.charts.balanced`); the distinct lines that cross the square cut it
into convex cells (exact rational polygons), and inside a cell every comparison has a fixed strict
sign, so the cell carries one competition ranking. Its edges and vertices carry the rankings with
the ties found there (:func:`ranking_at`, by the definition). Cutting is incremental (each line
splits the cells it crosses), so the complex is built for moderate numbers of lines
(``max_lines``); the questions of :mod:`~ordertheory.ranking.winners` never need it.

The share of the Tile where an entity ranks first is exact in balanced coordinates (the area of
one convex polygon), and in (a, b) a rational plus logarithms, evaluated in interval arithmetic
(:mod:`~ordertheory.ranking.tile.area`); with mixed priors the polygon is taken in the entity's own chart.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,7,1,2,0\\nC,4,4,0,2\\n"))
>>> cx = cell_complex(lb)
>>> len(cx.lines), len(cx.cells), sorted({c.ranks for c in cx.cells})
(3, 4, [(1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1)])
>>> [(s.entity, str(s.balanced)) for s in first_shares(lb)]
[('A', '13/84'), ('B', '2/21'), ('C', '3/4')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.area import Area, tile_area
from ordertheory.ranking.tile.arrangement import Line
from ordertheory.ranking.tile.charts import Chart, balanced, shared_prior
from ordertheory.ranking.tile.polygon import Polygon, area, centroid, clip, square
from ordertheory.ranking.tile.standing import standing

ONE = Fraction(1)


@dataclass(frozen=True)
class TileCell:
    """A convex cell (balanced coordinates), a point inside it in Tile coordinates, the ranking there."""

    polygon: Polygon
    a: Fraction
    b: Fraction
    ranks: tuple[int, ...]  # competition rank of each entity (0: undefined), ties only by Axiom 1


@dataclass(frozen=True)
class Complex:
    chart: Chart
    lines: tuple[Line, ...]
    cells: tuple[TileCell, ...]


def ranking_at(lb: Leaderboard, a: Fraction, b: Fraction) -> tuple[int, ...]:
    """The exact competition ranks of every entity at (a, b): 1 + #{strictly larger R}; 0 if undefined."""
    values = []
    for P in lb.performances:
        num = (1 - a) * P["tn"] + a * P["tp"]
        den = num + (1 - b) * P["fp"] + b * P["fn"]
        values.append(None if den == 0 else num / den)
    defined = sorted((v for v in values if v is not None), reverse=True)
    first = {}
    for i, v in enumerate(defined):
        first.setdefault(v, i + 1)
    return tuple(0 if v is None else first[v] for v in values)


def _lines(lb: Leaderboard, chart: Chart) -> list[Line]:
    seen, out = set(), []
    perfs = lb.performances
    box = ((0, 0), (1, 0), (0, 1), (1, 1))
    for i in range(len(perfs)):
        for j in range(i + 1, len(perfs)):
            g = chart.frontier(perfs[i], perfs[j])
            assert g.c3 == 0, "one prior: every frontier is a line in balanced coordinates"
            at = [g.c0 + g.c1 * s + g.c2 * t for s, t in box]
            if g.c1 == g.c2 == 0 or all(v >= 0 for v in at) or all(v <= 0 for v in at):
                continue  # no crossing inside the square (an edge or a corner is not a cut)
            pivot = g.c1 if g.c1 else g.c2
            key = (g.c0 / pivot, g.c1 / pivot, g.c2 / pivot)
            if key not in seen:
                seen.add(key)
                out.append(Line(*key))
    return out


def cell_complex(lb: Leaderboard, max_lines: int = 150) -> Complex:
    """The exact cell complex of a leaderboard whose entities share one prior."""
    prior = shared_prior(lb)
    if prior is None:
        raise InvalidInput("the cell complex needs entities with exactly one shared prior strictly between 0 "
                           "and 1 (winners and rank --over-tile work with any priors)")
    chart = balanced(prior)
    lines = _lines(lb, chart)
    if len(lines) > max_lines:
        raise InvalidInput(f"{len(lines)} frontiers cross the Tile, more than max_lines={max_lines} for the cell "
                           "complex (winners and rank --over-tile do not need it)")
    polys: list[Polygon] = [square(ONE, ONE)]
    for L in lines:
        nxt = []
        for poly in polys:
            vals = [L(s, t) for s, t in poly]
            if all(v <= 0 for v in vals) or all(v >= 0 for v in vals):
                nxt.append(poly)
                continue
            for part in (clip(poly, L.c0, L.c1, L.c2), clip(poly, -L.c0, -L.c1, -L.c2)):
                if area(part) > 0:
                    nxt.append(part)
        polys = nxt
    cells = []
    for poly in polys:
        a, b = chart.from_chart(*centroid(poly))
        cells.append(TileCell(poly, a, b, ranking_at(lb, a, b)))
    return Complex(chart, tuple(lines), tuple(cells))


@dataclass(frozen=True)
class Share:
    """Where an entity ranks first (ties included): its share in balanced coordinates (exact; one
    shared prior only) and in (a, b) (an :class:`~ordertheory.ranking.tile.area.Area`: value ± error)."""

    entity: str
    balanced: Fraction | None
    tile: Area | None
    note: str | None = None

    def to_json(self) -> dict:
        return {"entity": self.entity, "share_balanced": None if self.balanced is None else str(self.balanced),
                "share_tile": None if self.tile is None else self.tile.value,
                "share_tile_error": None if self.tile is None else self.tile.error, "note": self.note}


def first_shares(lb: Leaderboard) -> tuple[Share, ...]:
    """Every entity's share of the Tile where it ranks first (identical performances share theirs)."""
    prior = shared_prior(lb)
    out = []
    for e, name in enumerate(lb.names):
        P = lb.performances[e]
        if prior is not None:
            chart = balanced(prior)
            poly = square(ONE, ONE)
            for j, Q in enumerate(lb.performances):
                if j != e and Q != P:
                    g = chart.frontier(Q, P)  # > 0 where j is above e
                    poly = clip(poly, g.c0, g.c1, g.c2)
            out.append(Share(name, area(poly), tile_area(poly, chart)))
            continue
        st = standing(lb, e)
        if st.chart is None or not st.chart.bounded:
            out.append(Share(name, None, None, "its chart sends an edge of the Tile to infinity: no area here"))
            continue
        out.append(Share(name, None, tile_area(st.first_region(), st.chart)))
    return tuple(out)
