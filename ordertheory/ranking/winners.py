"""Exact answers over the whole Tile: who can rank first (alone, or only tied) — or last — and each
entity's best and worst rank, for every R_(a,b) on two classes and every importance (or a family of
them, :mod:`~ordertheory.ranking.tile_k.families`) on k classes.

``method="geometry"`` (the default) chooses the path by the data, and says which: when every entity
has one prior, the **convex hull in ROC space** (:mod:`~ordertheory.ranking.tile.hull`, O(n log n):
the hull theorem of the supplementary material); otherwise the line arrangement of each entity's chart
(:mod:`~ordertheory.ranking.tile.chart_places`, whatever the priors). ``"arrangement"`` forces the
latter, ``"nra"`` asks z3 (:mod:`~ordertheory.ranking.tile.nra`): the independent second path.

A win that is only a tie is reported as such: ``Outcome.WINS`` means ranked first with no other
entity level with it (except identical performances, tied by Axiom 1), ``Outcome.TIES`` first only
where it ties another. ``place="last"`` asks who can come last: by the predicted-class swap
(tn ↔ fp, fn ↔ tp maps R_(a,b) to 1 − R_(b,a): Tile statement 1), last at (a, b) is first at (b, a)
of the swapped leaderboard.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\nC,1,1,1,7\\nD,1,2,2,1\\n"))
>>> w = winners(lb)
>>> [(a.entity, a.outcome.value) for a in w.answers], w.method
([('A', 'wins'), ('B', 'wins'), ('C', 'wins'), ('D', 'never')], 'arrangement')
>>> winners(lb, place="last").names
('B', 'D')
"""

from __future__ import annotations

import dataclasses
import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Performance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile import tile
from ordertheory.ranking.tile.chart_places import CORNERS, GEOMETRY, farkas, win_geometry, win_nra  # noqa: F401 (farkas: API)
from ordertheory.ranking.tile.diagonal import diagonal_ranges
from ordertheory.ranking.tile.hull_answers import hull_path
from ordertheory.ranking.tile.nra import Query
from ordertheory.ranking.tile.outcome import CanWin, Outcome, Place, RankRange, TilePoint
from ordertheory.ranking.tile.standing import standing
from ordertheory.ranking.tile_k.families import Family, parse_family, reduce
from ordertheory.ranking.tile_k.family_answers import lift_answers, lift_ranges
from ordertheory.ranking.tile_k.first_place import kclass_winners
from ordertheory.ranking.tile_k.rank_range import kclass_rank_ranges

Progress = Callable[[int, int, str], None] | None


class Method(enum.StrEnum):
    """How the Tile's questions are decided: exact geometry (the hull at one prior, else the line
    arrangement), the line arrangement whatever the priors, or z3's non-linear real arithmetic."""

    GEOMETRY = "geometry"
    ARRANGEMENT = "arrangement"
    NRA = "nra"


@dataclass(frozen=True)
class Winners:
    """Every entity's answer for one place (first: who can win; last: who can come last); ``method``
    the path taken (hull, arrangement, nra, or the k-class LP) and ``path`` why it was chosen."""

    answers: tuple[CanWin, ...]
    seconds: float
    method: str = Method.ARRANGEMENT.value
    place: Place = Place.FIRST
    path: str = ""
    family: str | None = None

    @property
    def verdict(self) -> Verdict:
        """PROVED when every entity was decided."""
        return Verdict.UNKNOWN if any(w.outcome is Outcome.UNKNOWN for w in self.answers) else Verdict.PROVED

    @property
    def names(self) -> tuple[str, ...]:
        """The entities that take the place alone for some (a, b) (or importance)."""
        return tuple(w.entity for w in self.answers if w.outcome is Outcome.WINS)

    @property
    def tied(self) -> tuple[str, ...]:
        """The entities that take the place only where they tie another."""
        return tuple(w.entity for w in self.answers if w.outcome is Outcome.TIES)

    def to_json(self) -> dict:
        return {"verdict": self.verdict.value, "place": self.place.value, "method": self.method, "path": self.path,
                **({"family": self.family} if self.family else {}),
                "winners": list(self.names), "tied_for_first_only": list(self.tied),
                "entities": [w.to_json() for w in self.answers], "seconds": round(self.seconds, 3)}


UNDECIDED = (None, None, None, None)


def _method(method: Method | str) -> Method:
    try:
        return Method(method)
    except ValueError:
        raise ValueError(f"expected a method in {[m.value for m in Method]} but got {method!r}") from None


def _place(place: Place | str) -> Place:
    try:
        return Place(place)
    except ValueError:
        raise ValueError(f"expected a place in {[p.value for p in Place]} but got {place!r}") from None


def _left(deadline: float) -> float:
    return deadline - time.monotonic()


def _kclass(lb: Leaderboard) -> bool:
    return lb.space.outcomes != ("tn", "fp", "fn", "tp") and bool(lb.space.classes)


def predicted_swap(lb: Leaderboard) -> Leaderboard:
    """The leaderboard with the predicted classes swapped (tn ↔ fp, fn ↔ tp): R_(a,b) of a swapped
    performance is 1 − R_(b,a) of the original (Tile statement 1), so its first place is the last."""
    swap = lambda P: Performance(P.space, (P["fp"], P["tn"], P["tp"], P["fn"]))  # noqa: E731
    counts = None if lb.counts is None else tuple((c[1], c[0], c[3], c[2]) for c in lb.counts)
    return dataclasses.replace(lb, entities=tuple((n, swap(P)) for n, P in lb.entities), counts=counts)


SWAPPED = ("in the predicted-class swap of the leaderboard (R_(a,b) ↦ 1 − R_(b,a), Tile statement 1), where its "
           "first place is this last place at (b, a): ")


def _as_last(w: CanWin) -> CanWin:
    """An answer about the swapped leaderboard's first place, as one about this one's last place."""
    at = None if w.at is None else TilePoint(w.at.b, w.at.a, w.at.exact)
    stmt = w.result.statement.replace("ranks first", "ranks last")
    result = dataclasses.replace(w.result, id=w.result.id.replace("winners/", "last/", 1), statement=stmt,
                                 reason=SWAPPED + (w.result.reason or ""))
    return dataclasses.replace(w, at=at, result=result)


LAST_K = ("who can come last is answered on two classes and in the two-parameter family (--family macro-micro); "
          "on k classes over importances or a k-parameter family it is not")


def winners(lb: Leaderboard, timeout: float = 60.0, method: Method | str = Method.GEOMETRY,
            progress: Progress = None, place: Place | str = Place.FIRST, family: Family | str | None = None) -> Winners:
    """Which entities take ``place`` (first, or last) for some (a, b) in [0, 1]² — alone, or only tied
    — decided exactly; on k classes for some importance I (:mod:`~ordertheory.ranking.tile_k.first_place`),
    or for some member of ``family`` (:mod:`~ordertheory.ranking.tile_k.families`)."""
    method, place = _method(method), _place(place)
    fam = parse_family(family)
    t0 = time.monotonic()
    deadline = t0 + timeout
    if fam is not None and fam is not Family.ALL:
        red = reduce(lb, fam)
        if red.binary:
            inner = winners(red.pseudo, timeout, method, progress, place)
        elif place is Place.LAST:
            raise InvalidInput(LAST_K)
        else:
            inner = Winners(tuple(kclass_winners(red.pseudo, deadline)), 0.0, "exact LP over the family's parameters")
        return Winners(lift_answers(lb, red, inner.answers, place), time.monotonic() - t0, inner.method, place,
                       f"{red.path}; {inner.path}" if inner.path else red.path, fam.value)
    if _kclass(lb):
        if place is Place.LAST:
            raise InvalidInput(LAST_K)
        return Winners(tuple(kclass_winners(lb, deadline)), time.monotonic() - t0, "exact LP over the importances",
                       place, "k classes: every importance weighing some success and some error")
    tile.check_tile_input(lb, 2)
    if method is Method.GEOMETRY:
        found, why = hull_path(lb, place, deadline)
        if found is not None:
            return Winners(found, time.monotonic() - t0, "hull", place, why)
    else:
        why = f"--method {method.value}"
    work = lb if place is Place.FIRST else predicted_swap(lb)
    answers = []
    for e, name in enumerate(work.names):
        if progress:
            progress(e, len(work), name)
        if method is Method.NRA:
            w = win_nra(work, e, deadline)
        elif _left(deadline) <= 0:
            w = CanWin.of(name, Verdict.UNKNOWN, Outcome.UNKNOWN, GEOMETRY, certificate="deadline reached")
        else:
            w = win_geometry(work, e)
        answers.append(w if place is Place.FIRST else _as_last(w))
    how = "nra" if method is Method.NRA else "arrangement"
    return Winners(tuple(answers), time.monotonic() - t0, how, place, why)


def rank_ranges(lb: Leaderboard, timeout: float = 120.0, progress: Progress = None,
                method: Method | str = Method.GEOMETRY, entities: list[int] | None = None,
                family: Family | str | None = None) -> tuple[RankRange, ...]:
    """Best and worst competition rank of every entity (or of ``entities``, by index) over the whole
    Tile, decided exactly; on k classes over the importances (:mod:`~ordertheory.ranking.tile_k.rank_range`)
    or over a family's members. At one prior (``method`` geometry) every rank an entity takes on the
    Tile it takes on its diagonal or at a corner, by the hull theorem: a sweep of one variable per entity
    (:mod:`~ordertheory.ranking.tile.diagonal`); otherwise the line arrangement of each entity's chart."""
    method = _method(method)
    fam = parse_family(family)
    if fam is not None and fam is not Family.ALL:
        red = reduce(lb, fam)
        inner = (rank_ranges(red.pseudo, timeout, progress, method, entities) if red.binary
                 else kclass_rank_ranges(red.pseudo, timeout, progress, entities))
        return lift_ranges(lb, red, inner, entities)
    if _kclass(lb):
        return kclass_rank_ranges(lb, timeout, progress, entities)
    tile.check_tile_input(lb, 2)
    deadline = time.monotonic() + timeout
    if method is Method.GEOMETRY:
        found = diagonal_ranges(lb, entities, deadline, progress)
        if found is not None:
            return found
    comps = tile.components(lb) if method is Method.NRA else None
    out = []
    for e in range(len(lb)) if entities is None else entities:
        name = lb.names[e]
        if progress:
            progress(e, len(lb), name)
        if _left(deadline) <= 0:
            out.append(RankRange.of(name, UNDECIDED, Verdict.UNKNOWN, method.value, "deadline reached"))
        elif method is Method.NRA:
            out.append(_range_nra(lb, e, tile.rank_map(lb, e, 101, comps), deadline))
        else:
            t0 = time.perf_counter()
            st = standing(lb, e)
            b, w = st.best, st.worst
            out.append(RankRange.of(name, (b.rank, TilePoint(b.a, b.b), w.rank, TilePoint(w.a, w.b)), Verdict.PROVED,
                                    GEOMETRY, tied_at_min=tuple(lb.names[i] for i in b.tied),
                                    seconds=time.perf_counter() - t0))
    return tuple(out)


def _grid_point(m: np.ndarray, value: int) -> tuple[Fraction, Fraction]:
    j, i = (int(x[0]) for x in np.nonzero(m == value))
    n = m.shape[0]
    return Fraction(i, n - 1), Fraction(j, n - 1)


def _range_nra(lb: Leaderboard, e: int, m: np.ndarray, deadline: float) -> RankRange:
    """Grid seeds, then z3 bound by bound: "at least / at most k crossing entities above it"."""
    t0 = time.perf_counter()
    name = lb.names[e]
    q = Query(lb, e)
    defined = m[m > 0]
    if defined.size == 0:
        return RankRange.of(name, UNDECIDED, Verdict.UNKNOWN, "z3", "undefined on every grid point")
    ends = {}
    for side, value in ((0, int(defined.min())), (1, int(defined.max()))):
        ends[side] = (value, TilePoint(*_grid_point(m, value)))
    base = 1 + len(q.always)
    reasons, proved, proofs, methods = [], [not q.crossing, not q.crossing], [], []
    for side in (0, 1) if q.crossing else ():
        better = (lambda x, y: x < y) if side == 0 else (lambda x, y: x > y)
        while _left(deadline) > 0:
            cur = ends[side][0]
            r = (q.at_least(cur - base, _left(deadline)) if side == 0 else q.at_most(cur - base, _left(deadline)))
            methods.append(r.method)
            if r.verdict is Verdict.PROVED:
                proved[side] = True
                proofs += r.certificate
                break
            if r.verdict is Verdict.UNKNOWN:
                reasons.append(r.reason or "z3: unknown")
                break
            got, at = q.best_rational(r.witness, better)
            if got is None or not better(got, cur):  # the improving point is irrational: z3's exact count
                got, at = base + r.witness.count, None
            ends[side] = (got, TilePoint(*at) if at else TilePoint(r.witness.a, r.witness.b, exact=False))
        else:
            reasons.append("deadline reached")
    verdict = Verdict.PROVED if all(proved) else Verdict.UNKNOWN
    method = ", ".join(dict.fromkeys(methods)) or CORNERS
    return RankRange.of(name, (ends[0][0], ends[0][1], ends[1][0], ends[1][1]), verdict, method,
                        "; ".join(reasons) or None, smtlib=tuple(proofs), seconds=time.perf_counter() - t0)
