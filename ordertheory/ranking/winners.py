"""Exact answers over the whole Tile: who can rank first, and each entity's best and worst rank.

For entity e, the others split (exactly, by the corners of the bilinear comparison g, see
:mod:`~ordertheory.ranking.bilinear`) into those that beat it everywhere, nowhere, or somewhere.
The rank of e at (a, b) is 1 + #always + #{crossing e′ : g_{e′,e}(a, b) > 0}. A grid (numeric)
proposes points; every proposed point is re-checked in Fractions, and z3 decides whether a better
rank exists (an If-sum over the crossing entities, nonlinear real arithmetic in (a, b)): *unsat*
proves the optimum, *sat* gives a better point, re-validated exactly before it is used. A point
where the optimum sits on the intersection of two tie curves may be irrational: then the rank is
still proved (z3's exact model) and the witness is given to 40 digits with ``exact: false``.

>>> import io
>>> from ordertheory.ranking.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\nC,1,1,1,7\\nD,1,2,2,1\\n"))
>>> [(w.entity, w.verdict.value) for w in winners(lb, timeout=20).answers]
[('A', 'proved'), ('B', 'proved'), ('C', 'proved'), ('D', 'refuted')]
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.result import Verdict
from ordertheory.ranking import tile
from ordertheory.ranking.bilinear import Bilinear, beats, denominator, rank_at, split
from ordertheory.ranking.leaderboard import Leaderboard

SEED_RESOLUTION = 101


@dataclass(frozen=True)
class TilePoint:
    """A point (a, b) of the Tile; ``exact`` is False for a rounded algebraic point."""

    a: Fraction
    b: Fraction
    exact: bool = True

    def to_json(self) -> dict:
        return {"a": str(self.a), "b": str(self.b), "exact": self.exact}


@dataclass(frozen=True)
class CanWin:
    """Whether one entity ranks first somewhere: PROVED (with an exact point), REFUTED (with a
    certificate), or UNKNOWN (with a reason)."""

    entity: str
    verdict: Verdict
    at: TilePoint | None = None
    certificate: str | None = None
    smtlib: str | None = None

    def to_json(self) -> dict:
        return {"entity": self.entity, "can_win": self.verdict.value,
                "at": None if self.at is None else self.at.to_json(), "certificate": self.certificate}


@dataclass(frozen=True)
class Winners:
    answers: tuple[CanWin, ...]
    seconds: float

    @property
    def verdict(self) -> Verdict:
        """PROVED when every entity was decided."""
        return Verdict.UNKNOWN if any(w.verdict is Verdict.UNKNOWN for w in self.answers) else Verdict.PROVED

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(w.entity for w in self.answers if w.verdict is Verdict.PROVED)

    def to_json(self) -> dict:
        return {"verdict": self.verdict.value, "winners": list(self.names),
                "entities": [w.to_json() for w in self.answers], "seconds": round(self.seconds, 3)}


@dataclass(frozen=True)
class RankRange:
    """Best and worst rank of one entity over the Tile, each with where it is attained."""

    entity: str
    rank_min: int | None
    rank_min_at: TilePoint | None
    rank_max: int | None
    rank_max_at: TilePoint | None
    verdict: Verdict  # PROVED when both bounds are proved optimal
    reason: str | None = None

    def to_json(self) -> dict:
        return {"entity": self.entity, "rank_min": self.rank_min,
                "rank_min_at": None if self.rank_min_at is None else self.rank_min_at.to_json(),
                "rank_max": self.rank_max,
                "rank_max_at": None if self.rank_max_at is None else self.rank_max_at.to_json(),
                "verdict": self.verdict.value, "reason": self.reason}


# --- z3 ------------------------------------------------------------------------------------------------
class _Query:
    """Exists (a, b) in the Tile with e defined and #{crossing e′ beating e} ≤ k (or ≥ k)?"""

    def __init__(self, lb: Leaderboard, e: int, crossing: list[int]) -> None:
        self.env = Env()
        self.a, self.b = self.env.Real("a"), self.env.Real("b")
        self.gs = [beats(lb, o, e).scaled() for o in crossing]
        d = denominator(lb, e).scaled()
        self.base = [self.a >= 0, self.a <= 1, self.b >= 0, self.b <= 1, self._term(d) > 0]
        one, zero = self.env.RealVal(1), self.env.RealVal(0)
        self.terms = [self._term(g) for g in self.gs]
        self.count = self.env.Sum(*(self.env.If(t > 0, one, zero) for t in self.terms))

    def _term(self, g: Bilinear):
        env, a, b = self.env, self.a, self.b
        return (env.RealVal(g.c0) + env.RealVal(g.c1) * a + env.RealVal(g.c2) * b
                + env.RealVal(g.c3) * a * b)

    def formulas(self, bound: int, at_most: bool) -> list:
        k = self.env.RealVal(bound)
        return self.base + [self.count <= k if at_most else self.count >= k]

    def run(self, bound: int, at_most: bool, timeout: float):
        fs = self.formulas(bound, at_most)
        status, model, reason = self.env.check(fs, timeout)
        return status, model, reason, fs

    def candidates(self, model) -> list[TilePoint]:
        """Rational points near z3's (possibly algebraic) model: as given, rounded, and moved onto
        each tie curve through it (rational b gives rational a on a bilinear curve)."""
        a = Env.evaluate_real(model, self.a)
        b = Env.evaluate_real(model, self.b)
        out = [TilePoint(a, b)]
        for digits in (10**6, 10**12, 10**20):
            ra, rb = Fraction(round(a * digits), digits), Fraction(round(b * digits), digits)
            out.append(TilePoint(ra, rb))
            for g, t in zip(self.gs, self.terms):
                if Env.evaluate_bool(model, t == 0):
                    sa, sb = g.solve_a(rb), g.solve_b(ra)
                    if sa is not None:
                        out.append(TilePoint(sa, rb))
                    if sb is not None:
                        out.append(TilePoint(ra, sb))
        return [p for p in out if 0 <= p.a <= 1 and 0 <= p.b <= 1]


def _left(deadline: float) -> float:
    return deadline - time.monotonic()


def _best_rational(lb: Leaderboard, e: int, points: list[TilePoint], better) -> tuple[int | None, TilePoint | None]:
    best, at = None, None
    for p in points:
        r = rank_at(lb, e, p.a, p.b)
        if r is not None and (best is None or better(r, best)):
            best, at = r, p
    return best, at


def winners(lb: Leaderboard, timeout: float = 60.0) -> Winners:
    """Which entities rank first for some (a, b) in [0, 1]², decided exactly for each entity."""
    t0 = time.monotonic()
    deadline = t0 + timeout
    tile._check(lb, SEED_RESOLUTION)
    n = SEED_RESOLUTION
    wmap = tile.winner_map(lb, n)
    answers = []
    for e, name in enumerate(lb.names):
        always, _, crossing = split(lb, e)
        if always:
            answers.append(CanWin(name, Verdict.REFUTED, certificate=(
                f"{lb.names[always[0]]} beats it at the four corners of the Tile, hence everywhere "
                "(the comparison is bilinear in (a, b))")))
            continue
        seeds = [TilePoint(Fraction(int(i), n - 1), Fraction(int(j), n - 1))
                 for j, i in zip(*np.nonzero(wmap == e))][:5]
        r, at = _best_rational(lb, e, seeds, lambda x, y: x < y)
        if r == 1:
            answers.append(CanWin(name, Verdict.PROVED, at, certificate="rank 1 re-checked in Fractions"))
            continue
        answers.append(_decide_win(lb, e, crossing, deadline))
    return Winners(tuple(answers), time.monotonic() - t0)


def _decide_win(lb: Leaderboard, e: int, crossing: list[int], deadline: float) -> CanWin:
    name = lb.names[e]
    if _left(deadline) <= 0:
        return CanWin(name, Verdict.UNKNOWN, certificate="deadline reached before this entity")
    q = _Query(lb, e, crossing)
    status, model, reason, fs = q.run(0, True, _left(deadline))
    if status == "unsat":
        return CanWin(name, Verdict.REFUTED, certificate="z3: unsat (no point of the Tile where no one beats it)",
                      smtlib=q.env.smtlib(fs, f"expected: unsat\n{name} never ranks first on the Tile"))
    if status == "unknown":
        return CanWin(name, Verdict.UNKNOWN, certificate=f"z3: {reason}")
    r, at = _best_rational(lb, e, q.candidates(model), lambda x, y: x < y)
    if r == 1:
        return CanWin(name, Verdict.PROVED, at, certificate="z3 model, re-checked in Fractions")
    a, b = Env.evaluate_real(model, q.a), Env.evaluate_real(model, q.b)
    return CanWin(name, Verdict.PROVED, TilePoint(a, b, exact=False),
                  certificate="z3: sat at an irrational point (given to 40 digits)")


def rank_ranges(lb: Leaderboard, timeout: float = 120.0, progress=None) -> tuple[RankRange, ...]:
    """Best and worst competition rank of every entity over the whole Tile, decided exactly."""
    t0 = time.monotonic()
    deadline = t0 + timeout
    n = SEED_RESOLUTION
    comps = tile.components(lb)
    out = []
    for e, name in enumerate(lb.names):
        if progress:
            progress(e, len(lb), name)
        m = tile.rank_map(lb, e, n, comps)
        out.append(_range(lb, e, m, deadline))
    return tuple(out)


def _grid_point(m: np.ndarray, value: int) -> TilePoint:
    j, i = (int(x[0]) for x in np.nonzero(m == value))
    n = m.shape[0]
    return TilePoint(Fraction(i, n - 1), Fraction(j, n - 1))


def _range(lb: Leaderboard, e: int, m: np.ndarray, deadline: float) -> RankRange:
    name = lb.names[e]
    always, _, crossing = split(lb, e)
    defined = m[m > 0]
    if defined.size == 0:
        return RankRange(name, None, None, None, None, Verdict.UNKNOWN, "undefined on every grid point")
    lo, lo_at = _best_rational(lb, e, [_grid_point(m, int(defined.min()))], lambda x, y: x < y)
    hi, hi_at = _best_rational(lb, e, [_grid_point(m, int(defined.max()))], lambda x, y: x > y)
    base = 1 + len(always)
    if not crossing:
        return RankRange(name, lo, lo_at, hi, hi_at, Verdict.PROVED)
    q = _Query(lb, e, crossing)
    reasons = []
    proved = [False, False]
    for side in (0, 1):
        while True:
            left = _left(deadline)
            if left <= 0:
                reasons.append("deadline reached")
                break
            cur = lo if side == 0 else hi
            target = cur - 1 - base if side == 0 else cur + 1 - base  # count of crossing beaters
            status, model, reason, _ = q.run(target, side == 0, left)
            if status == "unsat":
                proved[side] = True
                break
            if status == "unknown":
                reasons.append(f"z3: {reason}")
                break
            better = (lambda x, y: x < y) if side == 0 else (lambda x, y: x > y)
            r, at = _best_rational(lb, e, q.candidates(model), better)
            ok = r is not None and better(r, cur)
            if not ok:  # the improving point is irrational: use z3's exact model value
                count = sum(1 for t in q.terms if Env.evaluate_bool(model, t > 0))
                r, at = base + count, TilePoint(Env.evaluate_real(model, q.a), Env.evaluate_real(model, q.b), False)
            if side == 0:
                lo, lo_at = r, at
            else:
                hi, hi_at = r, at
    verdict = Verdict.PROVED if all(proved) else Verdict.UNKNOWN
    return RankRange(name, lo, lo_at, hi, hi_at, verdict, "; ".join(reasons) or None)
