"""First place over the whole Tile for any priors, entity by entity: by the line arrangement of the
entity's own chart (exact, :mod:`~ordertheory.ranking.tile.standing`) or by z3's non-linear real
arithmetic (:mod:`~ordertheory.ranking.tile.nra`) — the paths :mod:`~ordertheory.ranking.winners` takes
when the entities do not share one prior (with one, the hull decides: :mod:`~ordertheory.ranking.tile.hull`).

An entity that never ranks first alone gets a Farkas certificate — multipliers y ≥ 0 with
Σ y_j·L_j ≥ 0 (> 0 when it never even ties for first) at the four corners of its chart, hence
everywhere, the L_j being linear there (:mod:`~ordertheory.ranking.tile.lp`).

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\nD,1,2,2,1\\n"))
>>> [win_geometry(lb, e).outcome.value for e in range(3)]
['wins', 'wins', 'never']
"""

from __future__ import annotations

import time
from fractions import Fraction

from ordertheory.encoding.answer import Status
from ordertheory.engine.result import Result, Verdict
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.lp import solve
from ordertheory.ranking.tile.nra import Query
from ordertheory.ranking.tile.outcome import CanWin, Outcome, Place, TilePoint
from ordertheory.ranking.tile.standing import Standing, classify, standing


def _left(deadline: float) -> float:
    return deadline - time.monotonic()


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


def win_geometry(lb: Leaderboard, e: int, place: Place = Place.FIRST) -> CanWin:
    """One entity's first place by the line arrangement of its chart (``place`` names the answer)."""
    t0 = time.perf_counter()
    name = lb.names[e]
    always, _, _, _ = classify(lb, e)

    def answer(verdict, outcome, method=GEOMETRY, **kw) -> CanWin:
        return CanWin.of(name, verdict, outcome, method, seconds=time.perf_counter() - t0, place=place, **kw)

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


def win_nra(lb: Leaderboard, e: int, deadline: float, place: Place = Place.FIRST) -> CanWin:
    """Two obligations through the engine's decider: "someone is above it everywhere" (proved:
    never first) and "someone is above or level with it everywhere" (proved: first only tied)."""
    t0 = time.perf_counter()
    name = lb.names[e]

    def answer(verdict, outcome, decided: Result | None = None, **kw) -> CanWin:
        method = decided.method if decided is not None else CORNERS if outcome is Outcome.NEVER else "z3"
        return CanWin.of(name, verdict, outcome, method, seconds=time.perf_counter() - t0, place=place, **kw)

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
