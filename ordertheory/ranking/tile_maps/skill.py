"""No-skill and negative skill on the Tile, exactly: where an entity ranks below a trivial classifier
(always negative, always positive) of its own test set, and the curve on which all no-skill
performances of a prior tie.

A trivial classifier has the entity's prior π: always negative = (tn, fp, fn, tp) = (π₋, 0, π₊, 0),
always positive = (0, π₋, 0, π₊). In the entity's chart its comparison with the entity is a line
(:mod:`~ordertheory.ranking.tile.charts`), so each **negative-skill zone** is an exact convex polygon
there (its closure: the trivial classifier at least level). On a grid, the zone of the
leaderboard's best is where the entity ranked first is below one of its trivial classifiers, the
zone of its worst where some entity is (for one shared prior, exactly where the last-ranked is).
The **no-skill curve** of a prior π is π₊²·a·b = π₋²·(1 − a)(1 − b) (decided in
:mod:`ordertheory.theory.tile_statements`), the line σ + τ = 1 in balanced coordinates.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\n"))
>>> [str(p) for p in trivial(lb.performances[0])[0].probabilities]   # always negative, prior 1/5
['4/5', '0', '1/5', '0']
>>> no_skill_b(Fraction(1, 5), Fraction(1, 2))   # the curve's b at a = 1/2
Fraction(16, 17)
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ordertheory.performances.performance import Performance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.bilinear import beats_p, integer_counts
from ordertheory.ranking.tile.polygon import Polygon, clip, square
from ordertheory.ranking.tile.standing import standing
from ordertheory.ranking.tile_maps.raster import above_mask, winner_map

TRIVIAL = ("always negative", "always positive")


def trivial(P: Performance) -> tuple[Performance, Performance]:
    """The two trivial classifiers with P's prior: always negative, always positive."""
    pos = P["fn"] + P["tp"]
    neg = 1 - pos
    zero = Fraction(0)
    return (Performance(P.space, (neg, zero, pos, zero)), Performance(P.space, (zero, neg, zero, pos)))


def zones(lb: Leaderboard, e: int) -> dict[str, Polygon]:
    """Closed negative-skill zones of entity e in its chart: where each trivial classifier is at
    least level with it (empty when the chart is degenerate: an entity with N ≡ 0 or U ≡ 0)."""
    st = standing(lb, e)
    P = lb.performances[e]
    out = {}
    for name, T in zip(TRIVIAL, trivial(P)):
        if st.chart is None:
            out[name] = ()
            continue
        L = st.chart.frontier(T, P)  # > 0 where T is above e; a line in e's chart
        out[name] = clip(square(*st.box), -L.c0, -L.c1, -L.c2)
    return out


def below_trivial_mask(lb: Leaderboard, e: int, n: int) -> np.ndarray:
    """Pixels (row b, column a) where entity e ranks strictly below one of its trivial classifiers."""
    P = integer_counts(lb.performances[e])
    mask = np.zeros((n, n), dtype=bool)
    for T in trivial(lb.performances[e]):
        mask |= above_mask(beats_p(integer_counts(T), P), n)
    return mask


def skill_masks(lb: Leaderboard, n: int, entity: int | None = None) -> dict[str, np.ndarray]:
    """Exact masks on the n × n grid: the zone of ``entity`` (if given), of the leaderboard's best
    (the entity ranked first, lowest index among ties) and of its worst (some entity below a trivial
    classifier of its own test set)."""
    per = [below_trivial_mask(lb, e, n) for e in range(len(lb))]
    w = winner_map(lb, n)
    best = np.zeros((n, n), dtype=bool)
    for e, m in enumerate(per):
        best |= (w == e) & m
    out = {"best": best, "worst": np.logical_or.reduce(per)}
    if entity is not None:
        out["entity"] = per[entity]
    return out


def no_skill_b(prior_positive: Fraction, a: Fraction) -> Fraction:
    """b on the no-skill curve π₊²·a·b = π₋²·(1 − a)(1 − b) at a given a."""
    p, q = prior_positive**2, (1 - prior_positive) ** 2
    return q * (1 - a) / (p * a + q * (1 - a))


def no_skill_curve(prior_positive: Fraction, points: int = 201) -> tuple[np.ndarray, np.ndarray]:
    """The curve as floats for drawing (a from 0 to 1)."""
    a = np.linspace(0.0, 1.0, points)
    p, q = float(prior_positive) ** 2, (1 - float(prior_positive)) ** 2
    return a, q * (1 - a) / (p * a + q * (1 - a))
