"""Who can rank first for some ranking score R_I on k classes, exactly, by linear programming.

R_I(P) = N_I(P) / (N_I(P) + U_I(P)) with N_I = Σ_i I(i, i)·P(i, i) (the satisfied outcomes) and
U_I = Σ_{i≠j} I(i, j)·P(i, j). Scaling the diagonal part x of I and the off-diagonal part y
separately rescales N/U by a constant, so it keeps every ordering; e therefore ranks first (ties
included) for some importance with x ≠ 0 ≠ y exactly when the *linear* system

    x ≥ 0, y ≥ 0, N_e(x) = 1, U_e(y) = 1, N_j(x) ≤ U_j(y) for every other j

is feasible (cross-multiplied: N_j·U_e ≤ N_e·U_j). It ranks first alone when the largest t with
N_j(x) + t ≤ U_j(y) for every non-identical j is positive. Both are exact LPs
(:mod:`~ordertheory.ranking.lp`); the importance found is re-checked by evaluating R_I in Fractions.
On two classes this is the Tile with free scales: the same answers as
:func:`~ordertheory.ranking.winners.winners`.

>>> import io
>>> from ordertheory.ranking.leaderboard import read_leaderboard
>>> head = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))
>>> lb = read_leaderboard(io.StringIO(f"entity,{head}\\nA,5,1,0,1,4,1,0,0,6\\nB,6,0,0,2,3,1,1,1,5\\nC,4,1,1,1,3,2,1,1,4\\n"))
>>> [(w.entity, w.outcome.value) for w in kclass_winners(lb)]
[('A', 'wins'), ('B', 'wins'), ('C', 'never')]
"""

from __future__ import annotations

from fractions import Fraction

from ordertheory.engine.result import Verdict
from ordertheory.performance import Importance
from ordertheory.ranking.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.lp import LPStatus, solve
from ordertheory.ranking.outcome import IMPORTANCES, CanWin, Outcome
from ordertheory.sparse_performance import DENSE_MAX_CLASSES

ZERO, ONE = Fraction(0), Fraction(1)
METHOD = "exact LP over the importances"


def _parts(lb: Leaderboard):
    S = lb.space.satisfaction
    diag = [i for i, s in enumerate(S) if s == 1]
    off = [i for i, s in enumerate(S) if s == 0]
    return diag, off


def _values(lb: Leaderboard, I: Importance) -> list[Fraction | None]:
    S = lb.space.satisfaction
    out = []
    for P in lb.performances:
        den = sum((w * p for w, p in zip(I.values, P.probabilities)), ZERO)
        out.append(None if den == 0 else sum((w * s * p for w, s, p in zip(I.values, S, P.probabilities)), ZERO) / den)
    return out


def _lp(lb: Leaderboard, e: int, strict: bool):
    """Variables (x over the diagonal, y off it, t): rows N_e(x) = 1, U_e(y) = 1, N_j(x) − U_j(y) + t ≤ 0."""
    diag, off = _parts(lb)
    perfs = lb.performances
    Pe = perfs[e]
    nd, no = len(diag), len(off)
    rows = [([Pe.probabilities[i] for i in diag] + [ZERO] * no + [ZERO], "=", ONE),
            ([ZERO] * nd + [Pe.probabilities[i] for i in off] + [ZERO], "=", ONE)]
    for j, P in enumerate(perfs):
        if j == e or (strict and P == Pe):
            continue
        rows.append(([P.probabilities[i] for i in diag] + [-P.probabilities[i] for i in off] + [ONE if strict else ZERO],
                     "<=", ZERO))
    rows.append(([ZERO] * (nd + no) + [ONE], "<=", ONE))  # t ≤ 1 keeps the LP bounded
    return diag, off, solve([ZERO] * (nd + no) + [ONE if strict else ZERO], rows)


def _importance(lb: Leaderboard, diag, off, x) -> Importance:
    values = [ZERO] * len(lb.space)
    for k, i in enumerate(diag):
        values[i] = x[k]
    for k, i in enumerate(off):
        values[i] = x[len(diag) + k]
    return Importance(lb.space, tuple(values))


def _answer(name: str, verdict: Verdict, outcome: Outcome, **where) -> CanWin:
    """An answer decided over the importances, by the exact LP or a degenerate case."""
    return CanWin.of(name, verdict, outcome, METHOD, over=IMPORTANCES, **where)


def _degenerate(lb: Leaderboard, e: int) -> CanWin | None:
    """An entity with no error (R_I = 1 wherever defined) or no success (R_I = 0)."""
    diag, off = _parts(lb)
    P, name = lb.performances[e], lb.names[e]
    if all(P.probabilities[i] == 0 for i in off):  # perfect: first everywhere, level with other perfect ones
        level = tuple(lb.names[j] for j, Q in enumerate(lb.performances)
                      if j != e and Q != P and all(Q.probabilities[i] == 0 for i in off))
        if level:
            return _answer(name, Verdict.REFUTED, Outcome.TIES, tied_with=level, importance=Importance.uniform(lb.space),
                           certificate="no error: R_I = 1 wherever defined, as for the others without error")
        return _answer(name, Verdict.PROVED, Outcome.WINS, importance=Importance.uniform(lb.space),
                       certificate="no error: R_I = 1, above every entity with an error, for every importance")
    if all(P.probabilities[i] == 0 for i in diag):  # never right: R_I = 0; first only where all others are 0
        return _edges(lb, e) or _answer(name, Verdict.REFUTED, Outcome.NEVER,
                                        certificate="R_I = 0 and every importance gives another entity R_I > 0")
    return None


def _edges(lb: Leaderboard, e: int) -> CanWin | None:
    """Importances the LP's normalisation leaves out: U_e = 0 (R_e = 1: y on the errors e never
    makes) or N_e = 0 (R_e = 0: x on the successes e never has)."""
    diag, off = _parts(lb)
    P, name = lb.performances[e], lb.names[e]
    others = [(j, Q) for j, Q in enumerate(lb.performances) if j != e and Q != P]
    Z = [i for i in off if P.probabilities[i] == 0]
    if Z:  # y = 1_Z: R_e = 1 wherever N_e > 0; level with those with no mass on Z either
        level = [(j, Q) for j, Q in others if all(Q.probabilities[i] == 0 for i in Z)]
        for d in (i for i in diag if P.probabilities[i] > 0):  # x = 1_d drops those with no mass at d
            if all(Q.probabilities[d] == 0 for _, Q in level):
                I = Importance(lb.space, tuple(ONE if i == d or i in Z else ZERO for i in range(len(lb.space))))
                return _answer(name, Verdict.PROVED, Outcome.WINS, importance=I,
                               certificate="R_I = 1 (no error where I weighs errors), every other entity below or undefined")
        I = Importance(lb.space, tuple(ONE if i in Z or (i in diag and P.probabilities[i] > 0) else ZERO
                                       for i in range(len(lb.space))))
        v = _values(lb, I)
        return _answer(name, Verdict.REFUTED, Outcome.TIES, tied_with=tuple(lb.names[j] for j, _ in level if v[j] == 1),
                       importance=I, certificate="R_I = 1 only where others without those errors are level")
    W = [i for i in diag if P.probabilities[i] == 0 and all(Q.probabilities[i] == 0 for _, Q in others)]
    if W:  # x = 1_W: N = 0 for every entity; R_e = 0 first, level with the others defined there
        for o in (i for i in off if P.probabilities[i] > 0):  # y = 1_o: the others undefined, e alone
            if all(Q.probabilities[o] == 0 for _, Q in others):
                I = Importance(lb.space, tuple(ONE if i in W or i == o else ZERO for i in range(len(lb.space))))
                return _answer(name, Verdict.PROVED, Outcome.WINS, importance=I,
                               certificate="R_I = 0, every other entity undefined there (E[I] = 0)")
        I = Importance(lb.space, tuple(ONE if i in W or i in off else ZERO for i in range(len(lb.space))))
        return _answer(name, Verdict.REFUTED, Outcome.TIES, importance=I,
                       certificate="R_I = 0 for every entity defined there")
    return None


_ORDER = {Outcome.WINS: 0, Outcome.TIES: 1, Outcome.NEVER: 2}


def kclass_winners(lb: Leaderboard) -> list[CanWin]:
    """For every entity: WINS (with an importance where it is first alone), TIES, or NEVER (the
    exact LP is infeasible and no importance with N_e = 0 or U_e = 0 puts it first). A sparse
    leaderboard (more classes than dense performances hold) stays UNKNOWN, with the reason: an
    importance there would be k² exact values."""
    if lb.sparse:
        k = lb.performances[0].k
        why = (f"{k} classes: the exact LP over the importances needs dense performances (at most "
               f"{DENSE_MAX_CLASSES} classes, {DENSE_MAX_CLASSES ** 2} outcomes)")
        return [_answer(name, Verdict.UNKNOWN, Outcome.UNKNOWN, certificate=why) for name in lb.names]
    found = _lp_winners(lb)
    out = []
    for e, w in enumerate(found):
        edge = _edges(lb, e) if w.outcome is not Outcome.WINS else None
        out.append(edge if edge is not None and _ORDER[edge.outcome] < _ORDER[w.outcome] else w)
    return out


def _lp_winners(lb: Leaderboard) -> list[CanWin]:
    """For every entity: WINS (with an importance where it is first alone), TIES, or NEVER (the
    exact LP is infeasible)."""
    out = []
    for e, name in enumerate(lb.names):
        special = _degenerate(lb, e)
        if special is not None:
            out.append(special)
            continue
        diag, off, r = _lp(lb, e, strict=True)
        if r.status is LPStatus.OPTIMAL and r.x[-1] > 0:
            I = _importance(lb, diag, off, r.x)
            v = _values(lb, I)
            assert all(w is None or w < v[e] or lb.performances[j] == lb.performances[e]
                       for j, w in enumerate(v) if j != e), "re-check of the importance in Fractions"
            out.append(_answer(name, Verdict.PROVED, Outcome.WINS, importance=I,
                               certificate="exact LP; R_I re-checked in Fractions"))
            continue
        _, _, weak = _lp(lb, e, strict=False)
        if weak.status is LPStatus.OPTIMAL:
            I = _importance(lb, diag, off, weak.x)
            v = _values(lb, I)
            tied = tuple(lb.names[j] for j, w in enumerate(v) if j != e and w == v[e])
            out.append(_answer(name, Verdict.REFUTED, Outcome.TIES, tied_with=tied, importance=I,
                               certificate=f"exact LP: the largest margin over the others is {r.x[-1] if r.x else 0}"))
        else:
            out.append(_answer(name, Verdict.REFUTED, Outcome.NEVER,
                               certificate="exact LP infeasible: no importance puts it first"))
    return out
