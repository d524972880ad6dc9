"""Exact answers over the whole Tile: who can rank first (alone, or only tied), and each entity's
best and worst rank — by exact geometry (the default) or by non-linear real arithmetic.

``method="geometry"`` (:mod:`~ordertheory.ranking.tile.standing`): in an entity's own chart its
comparisons with the others are straight lines whatever the priors, so its ranks are the counts of
a line arrangement, decided exactly; an entity that never ranks first alone gets a Farkas
certificate — multipliers y ≥ 0 with Σ y_j·L_j ≥ 0 (> 0 when it never even ties for first) at the
four corners of its chart, hence everywhere, the L_j being linear there (:mod:`~ordertheory.ranking.tile.lp`).
``method="nra"`` (:mod:`~ordertheory.ranking.tile.nra`) asks z3 the same questions through the engine's
decider: the independent second path, slower, used to cross-check the first.

A win that is only a tie is reported as such: ``Outcome.WINS`` means ranked first with no other
entity level with it (except identical performances, tied by Axiom 1), ``Outcome.TIES`` first only
where it ties another.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\nC,1,1,1,7\\nD,1,2,2,1\\n"))
>>> [(w.entity, w.outcome.value) for w in winners(lb).answers]
[('A', 'wins'), ('B', 'wins'), ('C', 'wins'), ('D', 'never')]
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.encoding.answer import Status
from ordertheory.engine.result import Result, Verdict
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile import tile
from ordertheory.ranking.tile.lp import solve
from ordertheory.ranking.tile.nra import Query
from ordertheory.ranking.tile.outcome import CanWin, Outcome, RankRange, TilePoint
from ordertheory.ranking.tile.standing import Standing, classify, standing
from ordertheory.ranking.tile_k.first_place import kclass_winners
from ordertheory.ranking.tile_k.rank_range import kclass_rank_ranges

Progress = Callable[[int, int, str], None] | None


class Method(enum.StrEnum):
    """How the Tile's questions are decided: exact geometry, or z3's non-linear real arithmetic."""

    GEOMETRY = "geometry"
    NRA = "nra"


@dataclass(frozen=True)
class Winners:
    answers: tuple[CanWin, ...]
    seconds: float
    method: str = Method.GEOMETRY.value  # or, on k classes, the exact LP

    @property
    def verdict(self) -> Verdict:
        """PROVED when every entity was decided."""
        return Verdict.UNKNOWN if any(w.outcome is Outcome.UNKNOWN for w in self.answers) else Verdict.PROVED

    @property
    def names(self) -> tuple[str, ...]:
        """The entities that rank first alone for some (a, b)."""
        return tuple(w.entity for w in self.answers if w.outcome is Outcome.WINS)

    @property
    def tied(self) -> tuple[str, ...]:
        """The entities that rank first only where they tie another."""
        return tuple(w.entity for w in self.answers if w.outcome is Outcome.TIES)

    def to_json(self) -> dict:
        return {"verdict": self.verdict.value, "method": self.method, "winners": list(self.names),
                "tied_for_first_only": list(self.tied), "entities": [w.to_json() for w in self.answers],
                "seconds": round(self.seconds, 3)}


UNDECIDED = (None, None, None, None)


def _method(method: Method | str) -> Method:
    try:
        return Method(method)
    except ValueError:
        raise ValueError(f"expected a method in {[m.value for m in Method]} but got {method!r}") from None


def _left(deadline: float) -> float:
    return deadline - time.monotonic()


# --- geometry ----------------------------------------------------------------------------------------
def farkas(lb: Leaderboard, st: Standing) -> tuple[Fraction, dict[int, Fraction]] | None:
    """(t, y): the largest t with Σ y_j·L_j ≥ t at the four corners of the entity's bounded chart,
    L_j = N_j/N_e − U_j/U_e (linear there), y ≥ 0, Σ y = 1 (an exact LP over the crossing
    entities); t > 0 certifies "never first", t = 0 "never first alone". None on an unbounded chart,
    with no crossing entity, or with one above it on the whole chart."""
    if st.chart is None or not st.chart.bounded or not st.lines or st.chart_above:
        return None
    P = lb.performances[st.entity]
    lines = [st.chart.frontier(lb.performances[j], P) for j in st.crossing]
    m = len(lines)
    corners = ((0, 0), (1, 0), (0, 1), (1, 1))
    rows = [([L(Fraction(s), Fraction(t)) for L in lines] + [Fraction(-1), Fraction(1)], ">=", Fraction(0))
            for s, t in corners]
    rows.append(([Fraction(1)] * m + [Fraction(0), Fraction(0)], "=", Fraction(1)))
    r = solve([Fraction(0)] * m + [Fraction(1), Fraction(-1)], rows)  # t = t⁺ − t⁻ is free
    t = r.x[m] - r.x[m + 1]
    return t, {st.crossing[i]: y for i, y in enumerate(r.x[:m]) if y}


def _certificate(lb: Leaderboard, st: Standing, strict: bool) -> str:
    if st.always:
        return (f"{lb.names[st.always[0]]} is above it at the four corners of the Tile, hence everywhere "
                "(the comparison is bilinear in (a, b))")
    f = farkas(lb, st)
    if f is not None and (f[0] > 0 if strict else f[0] >= 0):
        combo = " + ".join(f"{y}·L[{lb.names[j]}]" for j, y in sorted(f[1].items()))
        return (f"{combo} {'>' if strict else '≥'} 0 at the four corners of its chart (L[j] = N_j/N_e − U_j/U_e "
                f"is linear there: min {f[0]}), so at every (a, b) someone is above it{'' if strict else ' or level'}")
    best = st.best if strict else st.best_alone
    if best is None:
        return "exact evaluation on every stratum of the Tile: level with another entity wherever it is defined"
    return f"exact sweep of its chart's line arrangement: best rank {best.rank} at ({best.a}, {best.b})"


GEOMETRY = "exact geometry: the line arrangement of its chart, decided in integers"
CORNERS = "the comparison is bilinear in (a, b): its sign at the four corners of the Tile"


def _win_geometry(lb: Leaderboard, e: int) -> CanWin:
    t0 = time.perf_counter()
    name = lb.names[e]
    always, _, _, _ = classify(lb, e)

    def answer(verdict, outcome, method=GEOMETRY, **kw) -> CanWin:
        return CanWin.of(name, verdict, outcome, method, seconds=time.perf_counter() - t0, **kw)

    if always:
        return answer(Verdict.REFUTED, Outcome.NEVER, CORNERS, certificate=(
            f"{lb.names[always[0]]} is above it at the four corners of the Tile, hence everywhere "
            "(the comparison is bilinear in (a, b))"))
    st = standing(lb, e)
    names = lambda idx: tuple(lb.names[i] for i in idx)  # noqa: E731
    if st.best_alone is not None and st.best_alone.rank == 1:
        p = st.best_alone
        return answer(Verdict.PROVED, Outcome.WINS, at=TilePoint(p.a, p.b), tied_with=names(p.tied),
                      certificate="ranked first there, no other performance level with it (re-checked in Fractions)")
    if st.best is not None and st.best.rank == 1:
        p = st.best
        return answer(Verdict.REFUTED, Outcome.TIES, at=TilePoint(p.a, p.b), tied_with=names(p.tied),
                      certificate="never first alone: " + _certificate(lb, st, strict=False))
    return answer(Verdict.REFUTED, Outcome.NEVER, certificate=_certificate(lb, st, strict=True))


# --- non-linear real arithmetic --------------------------------------------------------------------
def _win_nra(lb: Leaderboard, e: int, deadline: float) -> CanWin:
    """Two obligations through the engine's decider: "someone is above it everywhere" (proved:
    never first) and "someone is above or level with it everywhere" (proved: first only tied)."""
    t0 = time.perf_counter()
    name = lb.names[e]

    def answer(verdict, outcome, decided: Result | None = None, **kw) -> CanWin:
        method = decided.method if decided is not None else CORNERS if outcome is Outcome.NEVER else "z3"
        return CanWin.of(name, verdict, outcome, method, seconds=time.perf_counter() - t0, **kw)

    q = Query(lb, e)
    if q.always:
        return answer(Verdict.REFUTED, Outcome.NEVER, certificate=(
            f"{lb.names[q.always[0]]} is above it at the four corners of the Tile, hence everywhere"))
    if _left(deadline) <= 0:
        return answer(Verdict.UNKNOWN, Outcome.UNKNOWN, certificate="deadline reached before this entity")
    first = q.at_least(1, _left(deadline))  # "someone is above it everywhere"
    if first.verdict is Verdict.PROVED:
        return answer(Verdict.REFUTED, Outcome.NEVER, first, smtlib=first.certificate,
                      certificate=f"z3: {Status.UNSAT} (no point where no one is above it)")
    if first.verdict is Verdict.UNKNOWN:
        return answer(Verdict.UNKNOWN, Outcome.UNKNOWN, first, certificate=first.reason)
    alone = q.at_least(1, _left(deadline), strict=False)  # "someone is above or level everywhere"
    if alone.verdict is Verdict.UNKNOWN:
        return answer(Verdict.UNKNOWN, Outcome.UNKNOWN, alone, certificate=alone.reason)
    model = first.witness if alone.verdict is Verdict.PROVED else alone.witness
    r, at = q.best_rational(model, lambda x, y: x < y)
    point = TilePoint(*at) if r == 1 else TilePoint(model.a, model.b, exact=False)
    if alone.verdict is Verdict.PROVED:
        return answer(Verdict.REFUTED, Outcome.TIES, alone, at=point,
                      certificate=f"z3: {Status.UNSAT} (no point where it is first alone)", smtlib=alone.certificate)
    return answer(Verdict.PROVED, Outcome.WINS, alone, at=point, certificate="z3 model, re-checked in Fractions")


def winners(lb: Leaderboard, timeout: float = 60.0, method: Method | str = Method.GEOMETRY,
            progress: Progress = None) -> Winners:
    """Which entities rank first for some (a, b) in [0, 1]² — alone, or only tied — decided exactly;
    on k classes, for some importance I (:mod:`~ordertheory.ranking.tile_k.first_place`)."""
    method = _method(method)
    t0 = time.monotonic()
    if lb.space.outcomes != ("tn", "fp", "fn", "tp") and lb.space.classes:
        return Winners(tuple(kclass_winners(lb, t0 + timeout)), time.monotonic() - t0, "exact LP over the importances")
    tile.check_tile_input(lb, 2)
    deadline = t0 + timeout
    answers = []
    for e, name in enumerate(lb.names):
        if progress:
            progress(e, len(lb), name)
        if method is Method.NRA:
            answers.append(_win_nra(lb, e, deadline))
        elif _left(deadline) <= 0:
            answers.append(CanWin.of(name, Verdict.UNKNOWN, Outcome.UNKNOWN, GEOMETRY, certificate="deadline reached"))
        else:
            answers.append(_win_geometry(lb, e))
    return Winners(tuple(answers), time.monotonic() - t0, method.value)


def rank_ranges(lb: Leaderboard, timeout: float = 120.0, progress: Progress = None,
                method: Method | str = Method.GEOMETRY, entities: list[int] | None = None) -> tuple[RankRange, ...]:
    """Best and worst competition rank of every entity (or of ``entities``, by index) over the whole
    Tile, decided exactly; on k classes over the importances (:mod:`~ordertheory.ranking.tile_k.rank_range`)."""
    method = _method(method)
    if lb.space.outcomes != ("tn", "fp", "fn", "tp") and lb.space.classes:
        return kclass_rank_ranges(lb, timeout, progress, entities)
    tile.check_tile_input(lb, 2)
    deadline = time.monotonic() + timeout
    comps = tile.components(lb) if method is Method.NRA else None
    out = []
    for e in range(len(lb)) if entities is None else entities:
        name = lb.names[e]
        if progress:
            progress(e, len(lb), name)
        if _left(deadline) <= 0:
            out.append(RankRange.of(name, UNDECIDED, Verdict.UNKNOWN, method.value, "deadline reached"))
        elif method is Method.GEOMETRY:
            t0 = time.perf_counter()
            st = standing(lb, e)
            b, w = st.best, st.worst
            out.append(RankRange.of(name, (b.rank, TilePoint(b.a, b.b), w.rank, TilePoint(w.a, w.b)), Verdict.PROVED,
                                    GEOMETRY, tied_at_min=tuple(lb.names[i] for i in b.tied),
                                    seconds=time.perf_counter() - t0))
        else:
            out.append(_range_nra(lb, e, tile.rank_map(lb, e, 101, comps), deadline))
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
