"""Two scores on a leaderboard: the discordant pairs of entities, counted exactly, and Kendall's τ-b.

A pair of entities is discordant when one score puts the first strictly below the second and the
other strictly above; a tie in either score is not a discordance. Values are exact (Fractions,
or exact sympy numbers for scores with radicals), so ties are exact too. τ-b between the two
rankings is computed from the exact counts, τ_b = (C − D) / √((n₀ − n₁)(n₀ − n₂)); only its final
square root and division are floats (NUMERIC, labelled as such).

>>> from ordertheory.catalogue import get
>>> from ordertheory.performance import Performance
>>> from ordertheory.sample_space import binary
>>> rows = [(n, Performance.from_counts(binary(), c)) for n, c in
...         (("a", [5, 1, 2, 2]), ("b", [8, 0, 2, 0]), ("c", [3, 3, 0, 4]))]
>>> r = discordant_pairs(get("accuracy").score(), get("f1").score(), rows)
>>> r.discordant, [(p.first, p.second) for p in r.pairs]
(2, [('a', 'b'), ('c', 'b')])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ordertheory.analyses.compare_search import shown as _show
from ordertheory.analyses.exact_order import Evaluator, dense_ranks
from ordertheory.performance import Performance
from ordertheory.scores import Score


@dataclass(frozen=True)
class DiscordantPair:
    """Two entities the scores order oppositely, with the exact values (X ranks ``first`` lower)."""

    first: str
    second: str
    x: tuple  # (X(first), X(second)), X(first) < X(second)
    y: tuple  # (Y(first), Y(second)), Y(first) > Y(second)

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

    @property
    def tau_b(self) -> float | None:
        """Kendall's τ-b of the two rankings (NUMERIC: a float); None when a score ties everything."""
        n0 = self.entities * (self.entities - 1) // 2
        den = (n0 - self.ties_x) * (n0 - self.ties_y)
        return None if den == 0 else (self.concordant - self.discordant) / math.sqrt(den)

    def to_json(self) -> dict:
        return {"entities": self.entities, "excluded": list(self.excluded), "concordant": self.concordant,
                "discordant": self.discordant, "ties_x": self.ties_x, "ties_y": self.ties_y,
                "ties_both": self.ties_both, "tau_b": self.tau_b, "tau_b_is": "numeric (float)",
                "discordant_pairs": [p.to_json() for p in self.pairs],
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
    rx, ry = dense_ranks(xs), dense_ranks(ys)
    C = D = tx = ty = tb = 0
    pairs = []
    n = len(names)
    for i in range(n):
        for j in range(i + 1, n):
            sx, sy = (rx[j] > rx[i]) - (rx[j] < rx[i]), (ry[j] > ry[i]) - (ry[j] < ry[i])
            tx += sx == 0
            ty += sy == 0
            tb += sx == 0 and sy == 0
            if sx * sy > 0:
                C += 1
            elif sx * sy < 0:
                D += 1
                a, b = (i, j) if sx > 0 else (j, i)
                pairs.append(DiscordantPair(names[a], names[b], (xs[a], xs[b]), (ys[a], ys[b])))
    return LeaderboardComparison(n, tuple(excluded), C, D, tx, ty, tb, tuple(pairs),
                                 tied_once(names, xs, ys, rx, ry))
