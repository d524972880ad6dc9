"""One entity's standing over the whole Tile, decided exactly by geometry: its best rank, its best
rank without a tie, its worst rank (each at an exact (a, b)), and where it ranks first.

In the entity's own chart (:func:`~ordertheory.ranking.tile.charts.entity_chart`) every comparison
with another entity is a straight line, whatever the priors, so its rank is 1 + (entities above
it at every point) + a count over a line arrangement, whose extremes
:func:`~ordertheory.ranking.tile.arrangement.extremes` finds exactly. Ends of the Tile that the chart
sends to infinity (an entity with tn = 0 has N = 0 on the edge a = 0, where its R is 0) are edges
on which its rank is constant on three strata, and are evaluated there; an entity with N ≡ 0 or
U ≡ 0 (R constant 0 or 1) is evaluated on the nine strata {0, ½, 1}². Every point returned is
re-checked by the definition in exact arithmetic (:meth:`Comparisons.status`).

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\nC,1,1,1,7\\nD,1,2,2,1\\n"))
>>> s = standing(lb, 3)
>>> s.best.rank, s.worst.rank, (s.best.a, s.best.b)
(3, 4, (Fraction(1, 1), Fraction(1, 1)))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.arrangement import Line, extremes
from ordertheory.ranking.tile.bilinear import beats_p, denominator_p, integer_counts
from ordertheory.ranking.tile.charts import Chart, entity_chart
from ordertheory.ranking.tile.polygon import Polygon, clip, square

HALF, ZERO, ONE = Fraction(1, 2), Fraction(0), Fraction(1)
STRATA = (ZERO, HALF, ONE)


@dataclass(frozen=True)
class Attained:
    """A rank and an exact point (a, b) of the Tile where the entity has it; ``tied``: the other
    entities with the same value there (identical performances included, by Axiom 1)."""

    rank: int
    a: Fraction
    b: Fraction
    tied: tuple[int, ...] = ()


@dataclass(frozen=True)
class Standing:
    """What geometry decides about one entity over the Tile (indices into the leaderboard)."""

    entity: int
    always: tuple[int, ...]  # rank above it at every (a, b)
    never: tuple[int, ...]  # at no (a, b) (identical performances included)
    crossing: tuple[int, ...]
    best: Attained | None  # the minimum rank (None: R undefined everywhere)
    best_alone: Attained | None  # the minimum at points where it ties no non-identical entity
    worst: Attained | None
    chart: Chart | None  # None when N ≡ 0 or U ≡ 0 (evaluated on strata)
    lines: tuple[Line, ...] = ()  # the crossing entities' frontiers in the chart (positive: above it)
    chart_above: int = 0  # crossing entities above it on the whole chart (they change only at infinity)
    box: tuple[Fraction, Fraction] = (ONE, ONE)  # the chart's box [0, S] × [0, T]

    def first_region(self, box: tuple[Fraction, Fraction] | None = None) -> Polygon:
        """Where it ranks first, in its chart (ties included): the box cut by "L_j ≤ 0" for every
        crossing j; empty when some entity is always above it. Truncated at the box (``box``, at
        least :attr:`box`) on an unbounded chart: the ends at infinity are edges of the Tile that
        :attr:`best` may also report."""
        if self.always or self.chart_above or self.chart is None:
            return ()
        poly = square(*(box or self.box))
        for L in self.lines:
            poly = clip(poly, L.c0, L.c1, L.c2)
        return poly


class Comparisons:
    """The bilinear comparisons g_{j,e} of every other entity j with e (positive where j is above
    e) and the denominators E_P[I] (positive where R is defined), built once per entity."""

    def __init__(self, lb: Leaderboard, e: int) -> None:
        self.e, self.n = e, len(lb)
        perfs = lb.performances
        self.counts = [integer_counts(P) for P in perfs]
        self.g = [None if o == e else beats_p(self.counts[o], self.counts[e]) for o in range(self.n)]
        self.den = [denominator_p(P) for P in self.counts]
        self.identical = {o for o in range(self.n) if o != e and perfs[o] == perfs[e]}

    def status(self, a: Fraction, b: Fraction) -> tuple[int | None, tuple[int, ...]]:
        """(rank, tied) of e at (a, b) by the definition: 1 + #{j : R_j > R_e}, and the defined j with
        R_j = R_e; (None, ()) where R_e is undefined."""
        if self.den[self.e].sign_at(a, b) <= 0:
            return None, ()
        above, tied = 1, []
        for o, g in enumerate(self.g):
            if g is None:
                continue
            v = g.sign_at(a, b)
            if v > 0:
                above += 1
            elif v == 0 and self.den[o].sign_at(a, b) > 0:
                tied.append(o)
        return above, tuple(tied)

    def simplify(self, a: Fraction, b: Fraction) -> tuple[Fraction, Fraction]:
        """A simpler point with the same strict sign of every comparison (the same open face):
        the simplest b keeping the signs at this a, then the simplest a at that b (each comparison
        is linear in b for a fixed a, and in a for a fixed b). Unchanged if some comparison is 0."""
        live = [g for o, g in enumerate(self.g) if g is not None and o not in self.identical]
        signs = [g.sign_at(a, b) for g in live]
        if 0 in signs:
            return a, b
        p, q = a.numerator, a.denominator  # g(a, ·) = (c₀ + c₁a) + (c₂ + c₃a)·b, times q
        b = simplest_in(_interval([(g.c0 * q + g.c1 * p, g.c2 * q + g.c3 * p) for g in live], signs))
        p, q = b.numerator, b.denominator
        a = simplest_in(_interval([(g.c0 * q + g.c2 * p, g.c1 * q + g.c3 * p) for g in live], signs))
        return a, b


def _sign(x: Fraction) -> int:
    return (x > 0) - (x < 0)


def _interval(forms: list[tuple[int, int]], signs: list[int]) -> tuple[Fraction, Fraction, bool, bool]:
    """{x ∈ [0, 1] : sign(p + q·x) = s for every (p, q), s}: (lo, hi, lo included, hi included)."""
    lo, hi, lo_in, hi_in = ZERO, ONE, True, True
    for (p, q), s in zip(forms, signs):
        if not q:
            continue
        root = Fraction(-p, q)
        if q * s > 0:  # s·(p + q x) > 0 ⟺ x > root
            if root >= lo:
                lo, lo_in = root, False
        elif root <= hi:
            hi, hi_in = root, False
    return lo, hi, lo_in, hi_in


def simplest_in(iv: tuple[Fraction, Fraction, bool, bool]) -> Fraction:
    """The rational with the smallest denominator (then numerator) in an interval of [0, 1].

    >>> simplest_in((Fraction(1, 3), Fraction(1, 2), False, False))
    Fraction(2, 5)
    """
    lo, hi, lo_in, hi_in = iv
    if lo_in and lo == 0:
        return ZERO
    if hi_in and hi == 1:
        return ONE
    for end, inside in ((lo, lo_in), (hi, hi_in)):
        if inside and end.denominator == 1:
            return end
    return _stern_brocot(lo, hi, lo_in, hi_in)


def _stern_brocot(lo: Fraction, hi: Fraction, lo_in: bool, hi_in: bool) -> Fraction:
    """Walk the Stern–Brocot tree to the first fraction inside (lo, hi), ends as flagged."""
    (p0, q0), (p1, q1) = (0, 1), (1, 0)
    while True:
        p, q = p0 + p1, q0 + q1
        m = Fraction(p, q)
        if (m > lo or (lo_in and m == lo)) and (m < hi or (hi_in and m == hi)):
            return m
        if m <= lo:  # go right: as many steps as stay at or left of lo, at once
            k = max(1, (lo * q0 - p0) // (p1 - lo * q1) if p1 - lo * q1 > 0 else 1)
            p0, q0 = p0 + k * p1, q0 + k * q1
        else:
            k = max(1, (p0 - hi * q0) // (hi * q1 - p1) if hi * q1 - p1 > 0 else 1)
            p1, q1 = p1 + k * p0, q1 + k * q0


def classify(lb: Leaderboard, e: int, cmp: Comparisons | None = None) -> tuple[list[int], list[int], list[int], list[int]]:
    """(always, never, crossing, identical): the others by the signs of their bilinear comparison at
    the four corners (its minimum and maximum over the Tile are among them)."""
    cmp = cmp or Comparisons(lb, e)
    always, never, crossing = [], [], []
    for o, g in enumerate(cmp.g):
        if g is None or o in cmp.identical:
            continue
        at = [g.c0, g.c0 + g.c1, g.c0 + g.c2, g.c0 + g.c1 + g.c2 + g.c3]  # the four corners
        (always if all(v > 0 for v in at) else never if all(v <= 0 for v in at) else crossing).append(o)
    return always, never, crossing, sorted(cmp.identical)


def _line(chart: Chart, j: dict, e: dict, Pj, Pe) -> Line:
    """The frontier of j against e in e's chart (positive where j is above e), a line: on a
    bounded chart N_j/N_e − U_j/U_e times tn_e·tp_e·fp_e·fn_e, in integers."""
    if chart.bounded:
        tn, fp, fn, tp = e["tn"], e["fp"], e["fn"], e["tp"]
        return Line(tp * fp * fn * j["tn"] - tn * tp * fn * j["fp"], fp * fn * (tn * j["tp"] - tp * j["tn"]),
                    tn * tp * (fn * j["fp"] - fp * j["fn"]))
    g = chart.frontier(Pj, Pe)
    assert g.c3 == 0, "a frontier of an entity is a line in its own chart"
    return Line(g.c0, g.c1, g.c2)


def _box_side(lines: list[Line], axis: int, other_bounded: bool) -> Fraction:
    """A bound beyond every vertex of the arrangement along an unbounded chart axis (0: σ, 1: τ)."""
    top = ONE
    for i, L in enumerate(lines):
        for K in lines[i + 1:]:
            det = L.c1 * K.c2 - L.c2 * K.c1
            if det:
                s = (L.c2 * K.c0 - L.c0 * K.c2) / det
                t = (L.c0 * K.c1 - L.c1 * K.c0) / det
                top = max(top, abs(s if axis == 0 else t))
        own, cross = (L.c1, L.c2) if axis == 0 else (L.c2, L.c1)
        if own:
            for edge in ((ZERO, ONE) if other_bounded else (ZERO,)):
                top = max(top, abs((L.c0 + cross * edge) / own))
    return 2 * top + 1


def _attained(cmp: Comparisons, a: Fraction, b: Fraction, claimed: int | None = None,
              simplify: bool = False) -> Attained | None:
    """The point re-checked by the definition (a soundness guard: geometry and definition agree)."""
    if simplify:
        a, b = cmp.simplify(a, b)
    r, tied = cmp.status(a, b)
    if claimed is not None and r != claimed:
        raise AssertionError(f"rank of entity {cmp.e} at ({a}, {b}): geometry {claimed}, definition {r}")
    return None if r is None else Attained(r, a, b, tied)


def _representatives(chart: Chart | None) -> list[tuple[Fraction, Fraction]]:
    """Points of the strata the chart does not cover (edges at infinity, or all nine strata)."""
    if chart is None:
        return [(a, b) for a in STRATA for b in STRATA]
    out = []
    if chart.a.at_infinity is not None:
        out += [(chart.a.at_infinity, b) for b in STRATA]
    if chart.b.at_infinity is not None:
        out += [(a, chart.b.at_infinity) for a in STRATA]
    return out


def standing(lb: Leaderboard, e: int) -> Standing:
    """Best rank, best rank without a tie and worst rank of entity ``e`` over [0, 1]², exactly."""
    cmp = Comparisons(lb, e)
    always, never, crossing, identical = classify(lb, e, cmp)
    P = lb.performances[e]
    base = 1 + len(always)
    degenerate = not (P["tn"] or P["tp"]) or not (P["fp"] or P["fn"])
    chart = None if degenerate else entity_chart(P)
    lines: list[Line] = []
    above = 0
    box = (ONE, ONE)
    if chart is not None:
        for o in crossing:  # a constant one is crossing on the Tile only through an edge at infinity
            L = _line(chart, cmp.counts[o], cmp.counts[e], lb.performances[o], P)
            if L.constant:
                above += L.c0 > 0
            else:
                lines.append(L)
        box = (ONE if chart.a.bounded else _box_side(lines, 0, chart.b.bounded),
               ONE if chart.b.bounded else _box_side(lines, 1, chart.a.bounded))
        x = extremes(lines, *box)
        best_v, best_f, worst_f = (_attained(cmp, *chart.from_chart(*opt.point), base + above + opt.count, face)
                                   for opt, face in ((x.min_vertex, False), (x.min_face, True), (x.max_face, True)))
        if best_f.rank == best_v.rank:  # the same rank inside a face: a simpler point, no tie
            best_v = best_f
    reps = [r for r in (_attained(cmp, a, b) for a, b in _representatives(chart)) if r is not None]
    same = set(identical)
    alone = [r for r in reps if set(r.tied) <= same]
    if chart is not None:
        assert best_f is not None and set(best_f.tied) <= same  # an open face: no crossing entity ties it
        cands_best, cands_alone, cands_worst = [best_v, *reps], [best_f, *alone], [worst_f, *reps]
    else:
        cands_best, cands_alone, cands_worst = reps, alone, reps
    cands = [c for c in cands_best if c is not None]
    best = min(cands, key=lambda r: r.rank, default=None)
    best_alone = min((c for c in cands_alone if c is not None), key=lambda r: r.rank, default=None)
    worst = max((c for c in cands_worst if c is not None), key=lambda r: r.rank, default=None)
    return Standing(e, tuple(always), tuple(never + identical), tuple(crossing), best, best_alone, worst, chart,
                    tuple(lines), above if chart is not None else 0, box)
