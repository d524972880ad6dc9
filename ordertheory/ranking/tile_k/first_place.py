"""Who can rank first for some ranking score R_I on k classes — the Tile's question over the
importances — decided exactly, for dense and sparse leaderboards alike.

R_I(P) = N_I(P) / (N_I(P) + U_I(P)) with N_I the importance-weighted mass on the satisfying
outcomes (the diagonal) and U_I on the others. **The Tile on k classes** is every importance that
weighs some satisfying and some unsatisfying outcome (on two classes exactly the R_(a,b)); scaling
those two parts separately keeps every ordering. For an entity e there are three cases:

* A — N_e > 0 and U_e > 0: scale to N_e = U_e = 1; then j is above e exactly when N_j > U_j, a
  linear question (:func:`~ordertheory.ranking.tile_k.importance_lp.margin`). e is first (ties included) iff
  the LP's margin t ≥ 0, first alone iff t > 0 — or, when t = 0, iff it is first alone where the
  entities its certificate forces level with it are undefined (their cells weigh 0): the LP again
  on the remaining cells, until it settles.
* B — U_e = 0 (I weighs only errors e never makes): R_e = 1, first; alone iff some satisfying cell
  of e is empty in every entity that has no error outside e's errors.
* C — N_e = 0: R_e = 0, first only where every other entity has N = 0 (a satisfying cell empty in
  every entity); alone iff some error of e is empty in every other entity (they are undefined).

Every importance found is re-checked by evaluating R_I for every entity in Fractions, every
"never" by its Farkas multipliers over every cell (:mod:`~ordertheory.ranking.tile_k.rechecks`); a
failed re-check is an UNKNOWN with the reason, never a verdict.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> head = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))
>>> lb = read_leaderboard(io.StringIO(f"entity,{head}\\nA,5,1,0,1,4,1,0,0,6\\nB,6,0,0,2,3,1,1,1,5\\nC,4,1,1,1,3,2,1,1,4\\n"))
>>> [(w.entity, w.outcome.value) for w in kclass_winners(lb)]
[('A', 'wins'), ('B', 'wins'), ('C', 'never')]
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ordertheory.engine.result import Verdict
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.outcome import IMPORTANCES, CanWin, Outcome
from ordertheory.ranking.tile_k.cell_table import CellTable
from ordertheory.ranking.tile_k.importance_lp import margin
from ordertheory.ranking.tile_k.rechecks import farkas_holds, standing_at

ONE = Fraction(1)
METHOD = "exact LP over the importances (HiGHS proposes, exact column generation decides)"
_ORDER = {Outcome.WINS: 0, Outcome.UNKNOWN: 1, Outcome.TIES: 2, Outcome.NEVER: 3}


def identical(lb: Leaderboard, e: int) -> set[int]:
    """The other entities with e's very performance (tied with it everywhere, by Axiom 1)."""
    P = lb.performances[e]
    return {j for j, Q in enumerate(lb.performances) if j != e and Q == P}


def _answer(name: str, verdict: Verdict, outcome: Outcome, **where) -> CanWin:
    return CanWin.of(name, verdict, outcome, METHOD, over=IMPORTANCES, **where)


class _Case:
    """One case's finding: an outcome, a witness importance (cell id → value) and words."""

    def __init__(self, outcome: Outcome, cells: dict | None = None, why: str = "") -> None:
        self.outcome, self.cells, self.why = outcome, cells, why


def _checked(lb: Leaderboard, tab: CellTable, e: int, case: _Case) -> CanWin:
    """The case's answer after the re-check of its importance in Fractions."""
    name, same = lb.names[e], identical(lb, e)
    if case.cells is None:
        verdict = Verdict.UNKNOWN if case.outcome is Outcome.UNKNOWN else Verdict.REFUTED
        return _answer(name, verdict, case.outcome, certificate=case.why)
    I = tab.importance(case.cells)
    rank, tied = standing_at(lb, I, e)
    alone = set(tied) <= same
    names = tuple(lb.names[j] for j in tied)
    if rank == 1 and alone and case.outcome is Outcome.WINS:
        return _answer(name, Verdict.PROVED, Outcome.WINS, importance=I, tied_with=names,
                       certificate=case.why + "; R_I re-checked in Fractions for every entity")
    if rank == 1 and case.outcome is Outcome.TIES:
        return _answer(name, Verdict.REFUTED, Outcome.TIES, importance=I, tied_with=names, certificate=case.why)
    return _answer(name, Verdict.UNKNOWN, Outcome.UNKNOWN,
                   certificate=f"the re-check of the importance found failed (rank {rank}, level with {names})")


def case_a(lb: Leaderboard, tab: CellTable, e: int, deadline: float | None = None) -> _Case:
    """First alone / first / never, among the importances with N_e > 0 and U_e > 0."""
    point = lambda m: {int(tab.ids[c]): v for c, v in m.point.items()}  # noqa: E731
    others = [j for j in range(len(lb)) if j != e and j not in identical(lb, e)]
    m = margin(tab, e, dict.fromkeys(others, 1), deadline=deadline)
    if m.empty:
        return _Case(Outcome.NEVER, why="no importance with N_e > 0 and U_e > 0")
    if m.t is None:
        return _Case(Outcome.UNKNOWN, why=m.reason or "the exact LP did not settle")
    if m.t > 0:
        return _Case(Outcome.WINS, point(m), f"exact LP: margin {m.t} over every other entity")
    signs = dict.fromkeys(others, 1)
    if m.t < 0:
        if farkas_holds(lb, e, m.lam, signs, m.mu, strict=False):
            combo = " + ".join(f"{v}·(N − U)[{lb.names[j]}]" for j, v in m.lam.items())
            return _Case(Outcome.NEVER, why=f"Farkas: {combo} ≥ {-(m.mu[0] + m.mu[1])} > 0 wherever N_e = U_e = 1 "
                                            "(every cell's coefficient checked exactly), so some entity is above it")
        return _Case(Outcome.UNKNOWN, why="the Farkas certificate of the exact LP failed its re-check")
    first, allowed, excluded, live = point(m), np.ones(len(tab), dtype=bool), set(), list(others)
    while True:  # t = 0: those the certificate holds level must be undefined for e to be alone
        if not farkas_holds(lb, e, m.lam, dict.fromkeys(live, 1), m.mu, strict=True, excluded=frozenset(excluded)):
            return _Case(Outcome.UNKNOWN, why="the certificate of a zero margin failed its re-check")
        held = set(m.lam)
        if not held:
            return _Case(Outcome.UNKNOWN, why="a zero margin without multipliers (unexpected)")
        for j in held:
            allowed[tab.cols[j]] = False
            excluded.update(int(c) for c in tab.ids[tab.cols[j]].tolist())
        live = [j for j in live if j not in held]
        m = margin(tab, e, dict.fromkeys(live, 1), allowed, deadline)
        if m.t is None and not m.empty:
            return _Case(Outcome.UNKNOWN, why=m.reason or "the exact LP did not settle")
        if not m.empty and m.t > 0:
            return _Case(Outcome.WINS, point(m), "exact LP: first alone where the entities level with it are undefined")
        if m.empty or m.t < 0:
            return _Case(Outcome.TIES, first, "exact LP: margin 0, and Farkas multipliers hold some entity level "
                                              "with it wherever it is first")


def case_b(lb: Leaderboard, tab: CellTable, e: int) -> _Case | None:
    """U_e = 0 (R_e = 1): first; alone when a satisfying cell of e is empty in every level entity."""
    same = identical(lb, e)
    own_off = tab.ids[tab.support(e, False)]
    zrel = np.setdiff1d(tab.ids[~tab.sat], own_off)
    spare = tab.zero_cell(False) if not len(zrel) else None
    if not len(tab.support(e, True)) or (not len(zrel) and spare is None):
        return None
    hit, level = {}, []
    for j in (j for j in range(len(lb)) if j != e and j not in same):
        mine = np.intersect1d(tab.ids[tab.support(j, False)], zrel)
        if len(mine):
            hit[int(mine[0])] = ONE
        else:
            level.append(j)
    y = hit or {int(zrel[0]) if len(zrel) else spare: ONE}
    taken = set().union(*(tab.ids[tab.support(j, True)].tolist() for j in level))
    diag = [int(c) for c in tab.ids[tab.support(e, True)].tolist()]
    d = next((c for c in diag if c not in taken), None)
    if d is not None:
        return _Case(Outcome.WINS, {d: ONE, **y}, "R_I = 1: I weighs only errors it never makes")
    return _Case(Outcome.TIES, {diag[0]: ONE, **y}, "R_I = 1 where it makes no weighed error, level with the "
                                                    "entities with no error outside its own")


def case_c(lb: Leaderboard, tab: CellTable, e: int) -> _Case | None:
    """N_e = 0 (R_e = 0): first only where N = 0 for everyone; alone where the others are undefined."""
    off = [int(c) for c in tab.ids[tab.support(e, False)].tolist()]
    w = tab.zero_cell(True)
    if not off or w is None:
        return None
    same = identical(lb, e)
    taken = set().union(*(tab.ids[tab.cols[j]].tolist() for j in range(len(lb)) if j != e and j not in same))
    o = next((c for c in off if c not in taken), None)
    if o is not None:
        return _Case(Outcome.WINS, {w: ONE, o: ONE}, "R_I = 0 for it, every other entity undefined (E[I] = 0)")
    return _Case(Outcome.TIES, {w: ONE, off[0]: ONE}, "R_I = 0 for every entity defined there")


def kclass_winners(lb: Leaderboard, deadline: float | None = None) -> list[CanWin]:
    """For every entity: WINS (with an importance where it is first alone, re-checked), TIES (first
    only tied), NEVER (a Farkas certificate, and no degenerate importance puts it first) or UNKNOWN
    with the reason."""
    tab = CellTable(lb)
    return [winner(lb, tab, e, deadline) for e in range(len(lb))]


def winner(lb: Leaderboard, tab: CellTable, e: int, deadline: float | None = None) -> CanWin:
    """One entity's answer: the best of the three cases, each re-checked."""
    answers = [_checked(lb, tab, e, case_a(lb, tab, e, deadline))]
    if answers[0].outcome is not Outcome.WINS:
        answers += [_checked(lb, tab, e, c) for c in (case_b(lb, tab, e), case_c(lb, tab, e)) if c is not None]
    best = min(answers, key=lambda w: _ORDER[w.outcome])
    if best.outcome is Outcome.NEVER:
        return _answer(lb.names[e], Verdict.REFUTED, Outcome.NEVER, certificate=(
            f"{answers[0].certificate}; no importance weighing only errors it never makes (it makes every error, "
            "or is never right), none with N_e = 0 puts it first (no satisfying cell empty in every entity)"))
    return best
