"""A small exact linear-programme solver: the simplex method on a dense tableau of Fractions.

Maximise c·x subject to rows (coefficients, sense, right-hand side) with sense "<=", ">=" or
"=", and x ≥ 0. Two phases (artificial variables first), Bland's rule (no cycling), every pivot
exact: an answer is a theorem about the rationals, not a float. Sized for the Tile's questions —
a handful of rows, tens to hundreds of columns; scipy's float LP may propose, this decides.

>>> r = solve([Fraction(1), Fraction(1)], [([Fraction(1), Fraction(2)], "<=", Fraction(4)),
...                                         ([Fraction(3), Fraction(1)], "<=", Fraction(6))])
>>> r.status.value, r.value, r.x
('optimal', Fraction(14, 5), (Fraction(8, 5), Fraction(6, 5)))
>>> r.duals  # y·b = 14/5 = the value: the dual proves the optimum
(Fraction(2, 5), Fraction(1, 5))
>>> solve([Fraction(1)], [([Fraction(1)], ">=", Fraction(2)), ([Fraction(1)], "<=", Fraction(1))]).status
<LPStatus.INFEASIBLE: 'infeasible'>
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

ZERO, ONE = Fraction(0), Fraction(1)
MAX_PIVOTS = 100_000  # a guard: Bland's rule terminates, this only bounds a pathological input


class LPStatus(enum.Enum):
    """How a linear programme ended."""

    OPTIMAL = "optimal"
    INFEASIBLE = "infeasible"
    UNBOUNDED = "unbounded"


@dataclass(frozen=True)
class LPResult:
    """``status``; ``x``, ``value`` and the row duals ``duals`` (y ≥ 0 on "<=" rows, ≤ 0 on ">=",
    free on "="; y·A ≥ c column by column, y·b = value) when OPTIMAL."""

    status: LPStatus
    x: tuple[Fraction, ...] = ()
    value: Fraction | None = None
    duals: tuple[Fraction, ...] = ()


Row = tuple[Sequence[Fraction], str, Fraction]


def solve(c: Sequence[Fraction], rows: Sequence[Row]) -> LPResult:
    """max c·x s.t. ``rows``, x ≥ 0, exactly."""
    n = len(c)
    norm: list[tuple[list[Fraction], str, Fraction]] = []
    flipped: list[bool] = []
    for coeffs, sense, rhs in rows:
        if len(coeffs) != n or sense not in ("<=", ">=", "="):
            raise ValueError(f"a row needs {n} coefficients and a sense <=, >= or =")
        a, s, r = [Fraction(v) for v in coeffs], sense, Fraction(rhs)
        if r < 0:  # make every right-hand side non-negative
            a, r = [-v for v in a], -r
            s = {"<=": ">=", ">=": "<=", "=": "="}[s]
        norm.append((a, s, r))
        flipped.append(r != Fraction(rhs))
    slack = [i for i, (_, s, _) in enumerate(norm) if s != "="]
    art = [i for i, (_, s, _) in enumerate(norm) if s != "<="]
    width = n + len(slack) + len(art)
    T: list[list[Fraction]] = []
    basis: list[int] = []
    for i, (a, s, r) in enumerate(norm):
        row = a + [ZERO] * (width - n) + [r]
        if s != "=":
            row[n + slack.index(i)] = ONE if s == "<=" else -ONE
        if s != "<=":
            col = n + len(slack) + art.index(i)
            row[col] = ONE
            basis.append(col)
        else:
            basis.append(n + slack.index(i))
        T.append(row)
    artificial = set(range(n + len(slack), width))
    if art:
        phase1 = [ZERO] * width
        for col in artificial:
            phase1[col] = -ONE
        if not _simplex(T, basis, phase1, allowed=set(range(width))) or _objective(T, basis, phase1) < 0:
            return LPResult(LPStatus.INFEASIBLE)
        for i, col in enumerate(basis):  # drive artificial variables at 0 out of the basis
            if col in artificial:
                j = next((j for j in range(width) if j not in artificial and T[i][j] != 0), None)
                if j is not None:
                    _pivot(T, basis, i, j)
    obj = list(c) + [ZERO] * (width - n)
    allowed = set(range(width)) - artificial
    if not _simplex(T, basis, obj, allowed):
        return LPResult(LPStatus.UNBOUNDED)
    x = [ZERO] * width
    for i, col in enumerate(basis):
        x[col] = T[i][-1]
    # y_i = c_B · B⁻¹e_i: the tableau keeps B⁻¹e_i in row i's unit column (its slack, else its artificial)
    unit = [n + slack.index(i) if s == "<=" else n + len(slack) + art.index(i) for i, (_, s, _) in enumerate(norm)]
    duals = tuple((-1 if flip else 1) * sum((obj[col] * T[r][u] for r, col in enumerate(basis)), ZERO)
                  for u, flip in zip(unit, flipped))
    return LPResult(LPStatus.OPTIMAL, tuple(x[:n]), sum((ci * xi for ci, xi in zip(c, x[:n])), ZERO), duals)


def _objective(T, basis, obj) -> Fraction:
    return sum((obj[col] * T[i][-1] for i, col in enumerate(basis)), ZERO)


def _pivot(T: list[list[Fraction]], basis: list[int], r: int, col: int) -> None:
    piv = T[r][col]
    T[r] = [v / piv for v in T[r]]
    for i, row in enumerate(T):
        if i != r and row[col]:
            f = row[col]
            T[i] = [v - f * w for v, w in zip(row, T[r])]
    basis[r] = col


def _simplex(T, basis, obj, allowed: set[int]) -> bool:
    """Maximise obj over the tableau in place; False when unbounded (Bland's rule)."""
    for _ in range(MAX_PIVOTS):
        inb = set(basis)
        entering = None
        for j in sorted(allowed - inb):
            reduced = obj[j] - sum((obj[col] * T[i][j] for i, col in enumerate(basis)), ZERO)
            if reduced > 0:
                entering = j
                break
        if entering is None:
            return True
        best = None
        for i, row in enumerate(T):
            if row[entering] > 0:
                ratio = row[-1] / row[entering]
                if best is None or ratio < best[0] or (ratio == best[0] and basis[i] < basis[best[1]]):
                    best = (ratio, i)
        if best is None:
            return False
        _pivot(T, basis, best[1], entering)
    raise RuntimeError("simplex: pivot limit reached")
