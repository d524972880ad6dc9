"""No-skill and negative skill on the Tile, exactly: where an entity ranks below a trivial classifier
(always negative, always positive) of its own test set, and the curve on which all no-skill
performances of a prior tie.

A trivial classifier has the entity's prior π: always negative = (tn, fp, fn, tp) = (π₋, 0, π₊, 0),
always positive = (0, π₋, 0, π₊). In the entity's chart its comparison with the entity is a line
(:mod:`~ordertheory.ranking.tile.charts`), so each **negative-skill zone** is an exact convex polygon
there (its closure: the trivial classifier at least level). On a grid, the **leader's zone** is where
every entity ranked first is at most level with a trivial classifier of its own test set: no skill at
the top (with a trivial baseline on the leaderboard, where it wins). An entity below a trivial classifier *everywhere* (TPR <
FPR: worse than chance) is named with its certificate (:func:`below_everywhere`) rather than hatched —
with a trivial baseline in the leaderboard, "some entity below one" would cover the whole map.
The **no-skill curve** of a prior π is π₊²·a·b = π₋²·(1 − a)(1 − b) (decided in
:mod:`ordertheory.theory.tile_statements`), the line σ + τ = 1 in balanced coordinates.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\n"))
>>> [str(p) for p in trivial(lb.performances[0])[0].probabilities]   # always negative, prior 1/5
['4/5', '0', '1/5', '0']
>>> no_skill_b(Fraction(1, 5), Fraction(1, 2))   # the curve's b at a = 1/2
Fraction(16, 17)
>>> [name for name, _ in below_everywhere(read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nW,2,6,3,1\\n")))]
['W']
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ordertheory.performances.performance import Performance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.bilinear import beats_p, integer_counts
from ordertheory.ranking.tile.polygon import Polygon, clip, square
from ordertheory.ranking.tile.standing import standing
from ordertheory.ranking.tile_maps.raster import above_mask, rank_maps

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


def no_skill_mask(lb: Leaderboard, e: int, n: int) -> np.ndarray:
    """Pixels where a trivial classifier of entity e's test set is defined and at least level with e."""
    P = integer_counts(lb.performances[e])
    mask = np.zeros((n, n), dtype=bool)
    for T, corner in zip(trivial(lb.performances[e]), ((0, n - 1), (n - 1, 0))):  # undefined at (1, 0), (0, 1)
        g = beats_p(P, integer_counts(T))  # > 0 where e is strictly above T
        level = ~above_mask(g, n)
        level[corner] = False
        mask |= level
    return mask


def skill_masks(lb: Leaderboard, n: int, entity: int | None = None) -> dict[str, np.ndarray]:
    """Exact masks on the n × n grid: ``leader``, where every entity ranked first is at most level
    with a trivial classifier of its own test set (no skill at the top: a trivial classifier, on the
    leaderboard or not, would rank first too — a reader may set those scores aside), and the
    negative-skill zone of ``entity`` (if given: strictly below one). Ranks come from the exact rank
    maps, so a tie for first is never broken by list order."""
    first = rank_maps(lb, n) == 1
    skilled = np.zeros((n, n), dtype=bool)
    for e in range(len(lb)):
        skilled |= first[e] & ~no_skill_mask(lb, e, n)
    out = {"leader": first.any(axis=0) & ~skilled}
    if entity is not None:
        out["entity"] = below_trivial_mask(lb, entity, n)
    return out


def below_everywhere(lb: Leaderboard) -> tuple[tuple[str, str], ...]:
    """The entities strictly below a trivial classifier of their own test set at every (a, b) — named
    rather than hatched — each with its certificate: TPR < FPR, so the mixture of its two trivial
    classifiers with rate λ strictly between them is strictly up-left of it in ROC space, and by the
    hull theorem (H3: its trivial classifiers share its prior) one of the two is above it everywhere."""
    out = []
    for name, P in lb.entities:
        pos, neg = P["fn"] + P["tp"], P["tn"] + P["fp"]
        if not (pos and neg):
            continue
        tpr, fpr = P["tp"] / pos, P["fp"] / neg
        if tpr < fpr:
            lam = (tpr + fpr) / 2
            out.append((name, f"TPR = {tpr} < FPR = {fpr}: the trivial classifier predicting positive at rate {lam} "
                              f"(a mixture of always negative and always positive) is strictly up-left of it, so at "
                              "every (a, b) one of them is above it (hull theorem, H3)"))
    return tuple(out)


def no_skill_b(prior_positive: Fraction, a: Fraction) -> Fraction:
    """b on the no-skill curve π₊²·a·b = π₋²·(1 − a)(1 − b) at a given a."""
    p, q = prior_positive**2, (1 - prior_positive) ** 2
    return q * (1 - a) / (p * a + q * (1 - a))


def no_skill_curve(prior_positive: Fraction, points: int = 201) -> tuple[np.ndarray, np.ndarray]:
    """The curve as floats for drawing (a from 0 to 1)."""
    a = np.linspace(0.0, 1.0, points)
    p, q = float(prior_positive) ** 2, (1 - float(prior_positive)) ** 2
    return a, q * (1 - a) / (p * a + q * (1 - a))
