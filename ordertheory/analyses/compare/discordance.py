"""Two scores on a leaderboard: the concordant, discordant and tied pairs of entities, counted
exactly in O(n log n), and Kendall's τ-b; the discordant pairs themselves on request.

A pair of entities is discordant when one score puts the first strictly below the second and the
other strictly above; a tie in either score is not a discordance. Each entity gets an exact sort
key per score: its value when the score is rational (a Fraction), sign(R)·X² when X = R·√Q with R
and X² rational (MCC, the G-mean: the same order, no radical), else an exact sympy key. Sorting by
the keys gives dense integer ranks, and the merge-sort count of
:class:`~ordertheory.analyses.tau.kendall.KendallX` gives C − D and the ties — integers, the same as
the pair-by-pair path (:func:`discordant_pairs`, kept as the reference and for listing pairs).
τ-b between the two rankings is computed from the exact counts, τ_b = (C − D) / √((n₀ − n₁)(n₀ − n₂));
only its final square root and division are floats (NUMERIC, labelled as such).

>>> from ordertheory.catalogue import get
>>> from ordertheory.performances.performance import Performance
>>> from ordertheory.spaces.sample_space import binary
>>> rows = [(n, Performance.from_counts(binary(), c)) for n, c in
...         (("a", [5, 1, 2, 2]), ("b", [8, 0, 2, 0]), ("c", [3, 3, 0, 4]))]
>>> r = discordant_pairs(get("accuracy").score(), get("f1").score(), rows)
>>> r.discordant, [(p.first, p.second) for p in r.pairs]
(2, [('a', 'b'), ('c', 'b')])
>>> c = compare_leaderboard(get("accuracy").score(), get("f1").score(), rows)
>>> (c.concordant, c.discordant, c.pairs) == (r.concordant, r.discordant, ())
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
import sympy

from ordertheory.analyses.compare.witness_search import shown as _show
from ordertheory.analyses.tau.exact_order import Evaluator, dense_ranks, dense_ranks_of_keys, key
from ordertheory.analyses.tau.kendall import KendallX, ties
from ordertheory.analyses.tau.kendall import tau_b as kendall_tau_b
from ordertheory.exact import compile_rational_pairs
from ordertheory.performances.performance import Performance
from ordertheory.scores.direction import Direction
from ordertheory.scores.formula import ConditionKind
from ordertheory.scores.score import Score


@dataclass(frozen=True)
class DiscordantPair:
    """Two entities the scores order oppositely, with the exact values: X ranks ``first`` below ``second``
    and Y above (by each score's direction: a loss ranks the smaller value higher)."""

    first: str
    second: str
    x: tuple  # (X(first), X(second))
    y: tuple  # (Y(first), Y(second))

    def to_json(self) -> dict:
        return {"first": self.first, "second": self.second,
                "X": [_show(v) for v in self.x], "Y": [_show(v) for v in self.y]}


@dataclass(frozen=True)
class TiedPair:
    """Two entities tied by one score and not by the other: enough for the orders to differ."""

    first: str
    second: str
    tied_in: str  # "X" or "Y": the score that ties them
    x: tuple
    y: tuple

    def to_json(self) -> dict:
        return {"first": self.first, "second": self.second, "tied_in": self.tied_in,
                "X": [_show(v) for v in self.x], "Y": [_show(v) for v in self.y]}


def tied_once(names: Sequence[str], xs: Sequence, ys: Sequence, rx: Sequence[int], ry: Sequence[int],
              limit: int = 20) -> tuple[TiedPair, ...]:
    """Up to ``limit`` pairs tied in exactly one score, found group by group (time linear in the
    entities plus the pairs listed): within a group tied in X, those whose Y differ, and the
    other way round.

    >>> [(p.first, p.second, p.tied_in) for p in tied_once("abc", [1, 1, 2], [5, 6, 7], [0, 0, 1], [0, 1, 2])]
    [('a', 'b', 'X')]
    """
    out: list[TiedPair] = []
    for tied_in, own, other in (("X", rx, ry), ("Y", ry, rx)):
        groups: dict[int, list[int]] = {}
        for i, r in enumerate(own):
            groups.setdefault(r, []).append(i)
        for members in groups.values():
            for a_, i in enumerate(members):
                for j in members[a_ + 1:]:
                    if other[i] != other[j]:
                        if len(out) == limit:
                            return tuple(out)
                        out.append(TiedPair(names[i], names[j], tied_in, (xs[i], xs[j]), (ys[i], ys[j])))
    return tuple(out)


@dataclass(frozen=True)
class LeaderboardComparison:
    """Exact pair counts over the entities inside both domains, the discordant pairs, and τ-b."""

    entities: int
    excluded: tuple[str, ...]  # outside dom(X) or dom(Y)
    concordant: int
    discordant: int
    ties_x: int  # pairs tied in X (whatever Y)
    ties_y: int
    ties_both: int
    pairs: tuple[DiscordantPair, ...]
    tied_once: tuple[TiedPair, ...] = ()  # pairs tied in one score only (the first ones)
    pairs_listed: bool = True  # False: counted in O(n log n), the pairs not enumerated

    @property
    def tau_b(self) -> float | None:
        """Kendall's τ-b of the two rankings (NUMERIC: a float); None when a score ties everything."""
        n0 = self.entities * (self.entities - 1) // 2
        if self.ties_x == n0 or self.ties_y == n0:
            return None
        return kendall_tau_b(self.concordant - self.discordant, n0, self.ties_x, self.ties_y)

    def to_json(self) -> dict:
        return {"entities": self.entities, "excluded": list(self.excluded), "concordant": self.concordant,
                "discordant": self.discordant, "ties_x": self.ties_x, "ties_y": self.ties_y,
                "ties_both": self.ties_both, "tau_b": self.tau_b, "tau_b_is": "numeric (float)",
                "pairs_listed": self.pairs_listed, "discordant_pairs": [p.to_json() for p in self.pairs],
                "tied_in_one_score_only": self.ties_x + self.ties_y - 2 * self.ties_both,
                "tied_once_pairs": [p.to_json() for p in self.tied_once]}


def discordant_pairs(X: Score, Y: Score, entities: Sequence[tuple[str, Performance]]) -> LeaderboardComparison:
    """Count, exactly, the concordant, discordant and tied pairs of entities; list the discordant ones.

    Entities are (name, Performance); those outside dom(X) ∩ dom(Y) are left out and listed.
    O(n²) pairs after one exact sort per score.
    """
    ex, ey = Evaluator(X), Evaluator(Y)
    names, xs, ys, excluded = [], [], [], []
    for name, P in entities:
        if ex.in_domain(P) and ey.in_domain(P):
            names.append(name)
            xs.append(ex.value(P))
            ys.append(ey.value(P))
        else:
            excluded.append(name)
    return compare_values(names, xs, ys, X.direction, Y.direction, tuple(excluded))


def compare_values(names: Sequence[str], xs: Sequence, ys: Sequence, dx: Direction, dy: Direction,
                   excluded: tuple[str, ...] = (), keys=dense_ranks) -> LeaderboardComparison:
    """The pair counts and discordant pairs of two lists of values (exact, or floats where a score is
    numeric: ``keys`` gives dense ranks), each read in its score's direction; O(n²) pairs.

    >>> c = compare_values("abc", [1, 2, 3], [3, 1, 2], Direction.HIGHER, Direction.HIGHER)
    >>> c.concordant, c.discordant
    (1, 2)
    """
    rx, ry = keys(list(xs)), keys(list(ys))
    C = D = tx = ty = tb = 0
    pairs = []
    n = len(names)
    for i in range(n):
        for j in range(i + 1, n):
            sx = dx.sign * ((rx[j] > rx[i]) - (rx[j] < rx[i]))  # j better than i: +1 (a loss: smaller)
            sy = dy.sign * ((ry[j] > ry[i]) - (ry[j] < ry[i]))
            tx += sx == 0
            ty += sy == 0
            tb += sx == 0 and sy == 0
            if sx * sy > 0:
                C += 1
            elif sx * sy < 0:
                D += 1
                a, b = (i, j) if sx > 0 else (j, i)
                pairs.append(DiscordantPair(names[a], names[b], (xs[a], xs[b]), (ys[a], ys[b])))
    return LeaderboardComparison(n, excluded, C, D, tx, ty, tb, tuple(pairs), tied_once(names, xs, ys, rx, ry))


# --- O(n log n) ------------------------------------------------------------------------------------
def _pairs(P: Performance) -> list[tuple[int, int]]:
    """P's probabilities as (count, total) pairs of integers over their common denominator."""
    L = math.lcm(*(p.denominator for p in P.probabilities))
    return [(int(p * L), L) for p in P.probabilities]


def _compiled(expr, syms) -> Callable | None:
    """The exact kernel's integer compilation of a rational function with rational coefficients
    (:func:`~ordertheory.exact.compile_rational_pairs`: ``f(pairs) -> (n, d)``, d = 0 where a
    denominator vanishes), or None."""
    if expr.has(sympy.Abs, sympy.Min, sympy.Max):
        return None
    return compile_rational_pairs(expr, syms)


def sort_key(score: Score) -> Callable[[Performance], object]:
    """An exact key, increasing with the score, cheap to compare: X itself when rational; sign(R)·X²
    when X = R·Π bᵢ^(kᵢ/2) with R and X² rational (X and sign(X)·X² have the same order, and
    sign(X) = sign(R) since the radicands are ≥ 0 on the domain); else an exact sympy key. The
    rational parts are evaluated on the entity's integer counts.

    >>> from ordertheory.catalogue import get
    >>> from ordertheory.spaces.sample_space import binary
    >>> k = sort_key(get("mcc").score())
    >>> k(Performance.from_counts(binary(), [5, 1, 2, 2]))   # MCC = 8/sqrt(504): 64/504
    Fraction(8, 63)
    """
    if not isinstance(score, Score):  # a structured k-class score: its class sums, exactly
        ev = Evaluator(score)
        return lambda P: key(ev.value(P))
    syms = score.symbols
    whole = _compiled(score.expr, syms)
    if whole is not None:
        def rational(P: Performance) -> Fraction:
            return Fraction(*whole(_pairs(P)))
        return rational
    factors, radical = [], []
    for f in sympy.Mul.make_args(score.expr):
        _, exp = f.as_base_exp()
        (radical if exp.is_Rational and exp.q == 2 else factors).append(f)
    R = _compiled(sympy.Mul(*factors), syms)
    X2 = _compiled(sympy.Mul(*[f**2 for f in factors + radical]), syms)
    if not radical or R is None or X2 is None:
        ev = Evaluator(score)
        return lambda P: key(ev.value(P))

    def signed_square(P: Performance) -> Fraction:
        pairs = _pairs(P)
        n, d = R(pairs)
        x2 = Fraction(*X2(pairs))
        return x2 if n * d > 0 else -x2 if n * d < 0 else Fraction(0)

    return signed_square


def _in_domain(score: Score) -> Callable[[Performance], bool]:
    """P ∈ dom(X), on integer counts when every condition is rational (else the Evaluator's test)."""
    if not isinstance(score, Score):  # a structured k-class score
        return Evaluator(score).in_domain
    conds = [(c.kind, _compiled(c.expr, score.symbols)) for c in score.conditions]
    if any(r is None for _, r in conds):
        return Evaluator(score).in_domain

    def inside(P: Performance) -> bool:
        pairs = _pairs(P)
        for kind, f in conds:
            n, d = f(pairs)
            if d == 0:
                return False
            s = (n > 0) - (n < 0) if d > 0 else (n < 0) - (n > 0)
            if (kind is ConditionKind.NONZERO and s == 0) or (kind is ConditionKind.NONNEG and s < 0) \
                    or (kind is ConditionKind.POS and s <= 0) \
                    or (kind is ConditionKind.OPEN_UNIT and not 0 < Fraction(n, d) < 1):
                return False
        return True

    return inside


def _ranks(keys: list) -> np.ndarray:
    """Dense integer ranks (0 = smallest, ties share a rank) of exact keys: one sort."""
    return np.array(dense_ranks_of_keys(keys), dtype=np.int64)


def _tied(ranks: np.ndarray) -> int:
    return ties(np.bincount(ranks))


def compare_leaderboard(X: Score, Y: Score, entities: Sequence[tuple[str, Performance]],
                        list_pairs: bool = False) -> LeaderboardComparison:
    """The counts of :func:`discordant_pairs` in O(n log n) (exact keys, one sort per score, a
    merge-sort count); the discordant pairs themselves only with ``list_pairs`` (pair by pair)."""
    dx, dy = _in_domain(X), _in_domain(Y)
    kx, ky = sort_key(X), sort_key(Y)
    names, keys_x, keys_y, excluded, kept = [], [], [], [], []
    for name, P in entities:
        if dx(P) and dy(P):
            names.append(name)
            kept.append((name, P))
            keys_x.append(kx(P))
            keys_y.append(ky(P))
        else:
            excluded.append(name)
    n = len(names)
    n0 = n * (n - 1) // 2
    rx, ry = _oriented_ranks(_ranks(keys_x), X), _oriented_ranks(_ranks(keys_y), Y)
    tx, ty = (_tied(r) if n else 0 for r in (rx, ry))
    joint = _tied(np.unique(rx * (int(ry.max(initial=0)) + 1) + ry, return_inverse=True)[1]) if n else 0
    got = KendallX(rx.astype(float)).counts(ry) if n > 1 else None
    c_minus_d = got[0] if got is not None else 0  # None: one score ties every pair (C = D = 0)
    untied = n0 - tx - ty + joint  # pairs tied in neither: C + D
    C, D = (untied + c_minus_d) // 2, (untied - c_minus_d) // 2
    pairs = discordant_pairs(X, Y, kept).pairs if list_pairs else ()
    return LeaderboardComparison(n, tuple(excluded), C, D, tx, ty, joint, pairs,
                                 _valued(tied_once(names, keys_x, keys_y, list(rx), list(ry)), X, Y, kept), list_pairs)


def _oriented_ranks(ranks: np.ndarray, score: Score) -> np.ndarray:
    """Dense ranks that increase with how good the value is: reversed for a loss (lower is better)."""
    return ranks if score.direction.sign > 0 or not len(ranks) else ranks.max() - ranks


def _valued(pairs: tuple[TiedPair, ...], X, Y, entities) -> tuple[TiedPair, ...]:
    """The tied pairs found on sort keys, with the scores' exact values (a key may be sign(X)·X²)."""
    if not pairs:
        return pairs
    ex, ey, perf = Evaluator(X), Evaluator(Y), dict(entities)
    return tuple(replace(p, x=(ex.value(perf[p.first]), ex.value(perf[p.second])),
                         y=(ey.value(perf[p.first]), ey.value(perf[p.second]))) for p in pairs)
