"""How sure is a ranking? Each entity's value and rank under resampling, and P(A ranks above B).

The observed ranking (:func:`~ordertheory.ranking.rank.rank_leaderboard`) is exact for the
performances given; those performances are estimated from finite test sets. This module redraws
them (:mod:`~ordertheory.ranking.uncertainty.resample`: Dirichlet posterior, multinomial bootstrap, or the case
bootstrap of per-sample predictions) and ranks every draw the way the observed leaderboard is
ranked (competition ranks, equal values tie: :mod:`~ordertheory.ranking.uncertainty.draw_statistics`). From
the draws: each entity's value interval, its rank distribution and rank interval, and for every
ordered pair P(A ranks above B) with its Monte Carlo standard error — or, under the posterior,
computed without sampling where the theory makes it possible (:mod:`~ordertheory.ranking.uncertainty.exact_posterior`:
two-level scores exactly or by 1-D quadrature; for every other ranking score the value intervals by
1-D quadrature and P(A above B) by nested 1-D quadrature, :mod:`~ordertheory.ranking.uncertainty.lf_pairs`, for
the adjacent pairs — every pair up to :data:`NESTED_ALL` entities), the method and its numerical
error stated with each number. With per-sample
predictions, the paired tests of :mod:`~ordertheory.ranking.uncertainty.paired_tests` are added per pair,
with Holm's correction over all pairs.

An adjacent pair (A just above B in the observed order) is **separated** at level L when
P(A ranks above B) ≥ L — the one line ``rank`` prints by default. **Tiers**
(:mod:`~ordertheory.ranking.uncertainty.tiers`) are stricter and hold for every pair: groups of
entities no two of which are separated by a two-sided test at 1 − L with Holm's correction over all
pairs; they may overlap (a compact letter display). Value intervals and what they are (credible,
percentile bootstrap, exact Beta): :mod:`~ordertheory.ranking.uncertainty.intervals`.

>>> import io
>>> from ordertheory.catalogue import get
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,50,5,5,40\\nB,48,7,6,39\\nC,30,25,20,25\\n"))
>>> u = rank_uncertainty(lb, get("accuracy").score(), Plan(Resampling.POSTERIOR, draws=2000))
>>> [(e.name, e.rank_interval) for e in u.entities]
[('A', (1, 2)), ('B', (1, 2)), ('C', (3, 3))]
>>> p = u.pair("A", "B")
>>> round(p.p_above, 4), p.method
(0.7466, '1-D Gauss-Legendre quadrature')
>>> u.tiers().letters
{'A': 'a', 'B': 'a', 'C': 'b'}
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.counts import leaderboard_counts
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard
from ordertheory.ranking.leaderboards.per_sample import Predictions
from ordertheory.ranking.rank import Ranking, approximate, rank_leaderboard
from ordertheory.ranking.uncertainty import exact_posterior as ep
from ordertheory.ranking.uncertainty.draw_statistics import DrawSummary, summarise
from ordertheory.ranking.uncertainty.intervals import coverage_note, entity_intervals, two_level_betas
from ordertheory.ranking.uncertainty.lf_pairs import p_greater_many
from ordertheory.ranking.uncertainty.paired import PairedTests, paired_tests
from ordertheory.ranking.uncertainty.paired_tests import DeLongSummary
from ordertheory.ranking.uncertainty.resample import (
    Plan,
    Resampling,
    check_level,
    draw,
    integer_interval,
    quantile_interval,
    run_chunks,
)
from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator
from ordertheory.ranking.uncertainty.tiers import Tiers, holm_separated, tiers
from ordertheory.scores.score import Score

EXACT_PAIRS_BY_SUM = 10  # up to this many entities the pairwise closed form is tried first
NESTED_ALL = 12  # up to this many entities every pair of a ranking score by nested quadrature; beyond, adjacent ones


@dataclass(frozen=True)
class EntityUncertainty:
    """One entity under resampling: its value's distribution and interval, its rank's."""

    name: str
    rank: int | None  # observed
    value: float | None  # observed
    value_mean: float | None
    value_interval: tuple[float, float] | None
    value_method: str
    value_error: float | None  # numerical error of the interval's tail probabilities (no sampling), or None
    rank_interval: tuple[int, int] | None
    rank_distribution: dict[int, float]
    p_undefined: float
    value_quantiles: dict[str, float] = field(default_factory=dict)  # Monte Carlo, over the draws

    def to_json(self) -> dict:
        return {"entity": self.name, "rank": self.rank, "value": self.value, "value_mean": self.value_mean,
                "value_interval": None if self.value_interval is None else list(self.value_interval),
                "value_method": self.value_method, "value_error": self.value_error,
                "rank_interval": None if self.rank_interval is None else list(self.rank_interval),
                "rank_distribution": {str(r): p for r, p in self.rank_distribution.items()},
                "p_undefined": self.p_undefined, "value_quantiles": self.value_quantiles}


@dataclass(frozen=True)
class PairUncertainty:
    """P(a ranks above b), how it was computed and its error; the paired tests when there are predictions."""

    a: str
    b: str
    p_above: float
    method: str
    stderr: float  # Monte Carlo standard error, or the numerical error estimate of an exact method
    p_tie: float
    tests: PairedTests | None = None
    sampled: bool = False  # p_above is the Monte Carlo frequency over the draws (else computed without sampling)

    def reversal(self, draws: int) -> float:
        """1 − P(a above b), conservatively: a Monte Carlo frequency as (reversals + 1)/(draws + 1), a
        computed probability plus its numerical error (see :mod:`~ordertheory.ranking.uncertainty.tiers`)."""
        if self.sampled:
            return (draws * (1 - self.p_above) + 1) / (draws + 1)
        return min(1.0, 1 - self.p_above + self.stderr)

    def to_json(self) -> dict:
        out = {"a": self.a, "b": self.b, "p_above": self.p_above, "method": self.method, "stderr": self.stderr,
               "p_tie": self.p_tie}
        if self.tests is not None:
            out.update(self.tests.to_json())
        return out


@dataclass(frozen=True)
class RankUncertainty:
    """A ranking under resampling (entities in the observed order)."""

    score: str
    plan: Plan
    level: float
    origin: str
    entities: tuple[EntityUncertainty, ...]
    pairs: dict[tuple[str, str], PairUncertainty] = field(repr=False)
    tau: np.ndarray = field(repr=False)  # Kendall τ-b of each draw's ranking against the observed one
    values: np.ndarray = field(repr=False)  # (draws, entities) in the leaderboard's order
    names: tuple[str, ...] = ()  # the leaderboard's order (columns of ``values``)
    notes: tuple[str, ...] = ()
    delong: DeLongSummary | None = None  # ROC AUC from per-sample scores: DeLong's intervals and tests

    def pair(self, a: str, b: str) -> PairUncertainty:
        return self.pairs[(a, b)]

    def adjacent(self) -> list[PairUncertainty]:
        """The pairs (entity, next entity) of the observed order, entities with a rank only."""
        ranked = [e.name for e in self.entities if e.rank is not None]
        return [self.pairs[(x, y)] for x, y in zip(ranked, ranked[1:])]

    def not_separated(self) -> list[PairUncertainty]:
        """Adjacent pairs with P(upper ranks above lower) < level."""
        return [p for p in self.adjacent() if p.p_above < self.level]

    def ranked(self) -> tuple[str, ...]:
        """The entities with a rank, in the observed order."""
        return tuple(e.name for e in self.entities if e.rank is not None)

    def pair_p(self) -> dict[frozenset, float]:
        """Every unordered pair's two-sided p-value from the resampling (:mod:`~ordertheory.ranking.uncertainty.tiers`)."""
        D = self.plan.draws
        ranked = self.ranked()
        return {frozenset((a, b)): min(1.0, 2 * min(self.pairs[(a, b)].reversal(D), self.pairs[(b, a)].reversal(D)))
                for k, a in enumerate(ranked) for b in ranked[k + 1:]}

    def tiers(self) -> Tiers:
        """Tiers by the resampling: no two members separated at the level, Holm over every pair."""
        p = self.pair_p()
        rule = (f"two-sided, {1 - self.level:.2g} with Holm's correction over {len(p)} "
                f"pair{'' if len(p) == 1 else 's'}, {self.plan.method.value}")
        return tiers(self.ranked(), holm_separated(p, self.level), self.level, rule)

    def draws_note(self) -> str | None:
        """When the draws are too few for any Monte Carlo pair to be separated under Holm: how many are needed."""
        ranked = self.ranked()
        m = len(ranked) * (len(ranked) - 1) // 2
        need = math.ceil(2 * m / (1 - self.level))
        sampled = any(self.pairs[(a, b)].sampled for k, a in enumerate(ranked) for b in ranked[k + 1:])
        if not sampled or self.plan.draws + 1 >= need:
            return None
        return (f"{self.plan.draws} draws cannot separate a pair known only by Monte Carlo: Holm over {m} pairs at "
                f"{1 - self.level:.2g} needs a reversal probability below {(1 - self.level) / (2 * m):.2g}, and "
                f"{self.plan.draws} draws show at best 1/{self.plan.draws + 1}; give --draws {need} or more")

    def tiers_by_test(self) -> Tiers | None:
        """With per-sample predictions: tiers by the paired permutation test (Holm-adjusted p ≤ 1 − level,
        challengeR's rule); None without predictions."""
        ranked = self.ranked()
        if len(ranked) < 2 or self.pairs[(ranked[0], ranked[1])].tests is None:
            return None
        sep = {frozenset((a, b)) for k, a in enumerate(ranked) for b in ranked[k + 1:]
               if self.pairs[(a, b)].tests.permutation_p_holm <= 1 - self.level}
        m = len(ranked) * (len(ranked) - 1) // 2
        return tiers(ranked, sep, self.level, f"paired permutation test, {1 - self.level:.2g} with Holm's "
                                              f"correction over {m} pairs")

    def tied_groups(self) -> tuple[tuple[str, ...], ...]:
        """The tiers of two entities or more (no two members separated; they may overlap)."""
        return self.tiers().tied()

    def tied_groups_by_test(self) -> tuple[tuple[str, ...], ...] | None:
        """The same by the paired permutation test; None without predictions."""
        t = self.tiers_by_test()
        return None if t is None else t.tied()

    def solid(self) -> tuple[str, ...]:
        """Entities whose rank interval is their observed rank alone."""
        return tuple(e.name for e in self.entities if e.rank is not None and e.rank_interval == (e.rank, e.rank))

    def tau_summary(self) -> dict:
        t = self.tau[~np.isnan(self.tau)]
        if not len(t):
            return {"mean": None, "median": None, "interval": None}
        t = np.clip(t, -1.0, 1.0)
        lo, hi = quantile_interval(t, self.level)
        return {"mean": float(t.mean()), "median": float(np.median(t)), "interval": [float(lo), float(hi)],
                "is": "numeric (Monte Carlo over the draws)"}

    def to_json(self) -> dict:
        return {"score": self.score, "uncertainty": {**self.plan.to_json(), "level": self.level, "counts": self.origin,
                                                     "notes": list(self.notes)},
                "entities": [e.to_json() for e in self.entities],
                "pairwise": [p.to_json() for p in self.pairs.values()],
                "not_separated": [[p.a, p.b] for p in self.not_separated()],
                "tied_groups": [list(g) for g in self.tied_groups()],
                "tiers": self.tiers().to_json(),
                "tied_groups_by_test": None if self.tied_groups_by_test() is None else
                [list(g) for g in self.tied_groups_by_test()],
                "tiers_by_test": None if self.tiers_by_test() is None else self.tiers_by_test().to_json(),
                "kendall_tau": self.tau_summary(),
                **({"delong": self.delong.to_json()} if self.delong is not None else {})}


def _chunk(method: Resampling, source: np.ndarray, alpha: np.ndarray, seed: int, evaluator: DrawEvaluator,
           reference: np.ndarray, index: int, size: int) -> tuple[np.ndarray, DrawSummary]:
    """One chunk of draws: the values of X and their summary (a task on the executor)."""
    d = draw(method, source, size, seed, index, alpha)
    values = evaluator(d, counts=method.gives_counts)
    return values, summarise(values, reference)


def draw_source(lb: Leaderboard, plan: Plan, samples: int | None, predictions: Predictions | None):
    """(what is drawn from, the counts, their origin): the counts, or the predictions' (their groups' to resample cases)."""
    if predictions is None:
        if plan.method is Resampling.CASE_BOOTSTRAP:
            raise InvalidInput("the case bootstrap needs per-sample predictions (--predictions FILE)")
        c = leaderboard_counts(lb, samples)
        return c.matrix, c.matrix, c.origin
    check_predictions(lb, predictions)
    counts = predictions.counts()
    if plan.method is Resampling.CASE_BOOTSTRAP:
        groups = "groups" if predictions.groups is not None else "cases"
        return predictions.group_counts(), counts, f"per-sample predictions ({predictions.cases} cases; {groups} resampled)"
    return counts, counts, f"counts of the per-sample predictions ({predictions.cases} cases)"


def check_predictions(lb: Leaderboard, pr: Predictions) -> None:
    """The predictions must give exactly the leaderboard's entities and performances."""
    if tuple(pr.names) != tuple(lb.names):
        raise InvalidInput(f"the predictions' entities ({', '.join(pr.names[:5])}) are not the leaderboard's "
                           f"({', '.join(lb.names[:5])}), in the same order")
    for (name, P), Q in zip(lb.entities, pr.leaderboard().performances):
        if P != Q:
            raise InvalidInput(f"entity {name}: the predictions give {Q}, the leaderboard {P}")


def rank_uncertainty(lb: Leaderboard, score: Score, plan: Plan, level: float = 0.95, samples: int | None = None,
                     predictions: Predictions | None = None, ranking: Ranking | None = None, jobs: int | None = 1,
                     scheduler: str | None = None, exact: bool = True, progress=None,
                     deadline: float | None = None) -> RankUncertainty:
    """The uncertainty of ``lb``'s ranking by ``score`` under ``plan`` (see the module's docstring).

    Ranks and "above" follow the score's direction: the draws are ranked by the oriented score (−X for
    a loss), and the values and their intervals are shown on X's own scale."""
    level = check_level(level)
    shown, score = score, score.oriented()
    sign = shown.direction.sign
    source, counts, origin = draw_source(lb, plan, samples, predictions)
    ranking = ranking or rank_leaderboard(lb, shown, check=False)
    names = lb.names
    index = {n: i for i, n in enumerate(names)}
    obs_rank = {e.name: e.rank for e in ranking.entries}
    reference = np.array([np.nan if obs_rank[n] is None else -float(obs_rank[n]) for n in names])
    evaluator = DrawEvaluator(score)
    parts = run_chunks(plan, _chunk, (plan.method, source, plan.prior(lb.space), plan.seed, evaluator, reference),
                       jobs, scheduler, progress=progress, deadline=deadline)
    values = sign * np.concatenate([v for v, _ in parts])  # on X's own scale
    summary = DrawSummary.combine([s for _, s in parts])
    D, E = values.shape
    hist = summary.rank_histogram()
    notes = [] if evaluator.exact_ties or not plan.method.gives_counts else [
        "X is not a ratio of linear forms: on integer counts, distinct performances with equal values may be "
        "separated by float rounding (equal performances always tie)"]
    note = coverage_note(evaluator, lb.space, counts)
    if note:
        notes.append(note)
    order = [e.name for e in ranking.entries]
    observed = {e.name: e.value for e in ranking.entries}
    obs = np.array([np.nan if approximate(observed[n]) is None else approximate(observed[n]) for n in names])
    intervals = entity_intervals(evaluator, plan, lb.space, counts, values, obs, level, exact, sign)
    entities = []
    for name in order:
        i = index[name]
        v = values[:, i]
        defined = ~np.isnan(v)
        iv = intervals[i]
        ri = integer_interval(hist[i, 1:], level)
        entities.append(EntityUncertainty(
            name, obs_rank[name], None if np.isnan(obs[i]) else float(obs[i]),
            float(v[defined].mean()) if defined.any() else None, iv.interval, iv.method, iv.error,
            None if ri is None else (ri[0] + 1, ri[1] + 1),
            {r: float(c / D) for r, c in enumerate(hist[i]) if r and c}, float(1 - defined.mean()),
            _quantiles(v[defined])))
    pairs = _pairs(order, index, summary, evaluator, plan, lb.space, counts, exact, predictions)
    return RankUncertainty(shown.text or shown.name, plan, level, origin, tuple(entities), pairs, summary.tau,
                           values, names, tuple(notes))


QUANTILES = (0.025, 0.1, 0.25, 0.5, 0.75, 0.9, 0.975)


def _quantiles(v: np.ndarray) -> dict[str, float]:
    """The value's distribution over the draws, by a few quantiles (Monte Carlo)."""
    if not len(v):
        return {}
    return {f"{q:g}": float(x) for q, x in zip(QUANTILES, np.quantile(v, QUANTILES))}


def _pairs(order, index, summary: DrawSummary, evaluator, plan: Plan, space, counts, exact: bool,
           predictions: Predictions | None) -> dict:
    D = summary.ranks.shape[0]
    defined = (summary.ranks > 0).astype(np.int64)
    both = defined.T @ defined
    above = summary.above
    exact_p = {}
    betas = two_level_betas(evaluator, plan, space, counts) if exact else None
    if betas is not None:
        tl, ab = betas
        exact_p = _exact_pairs(tl, ab, len(order))
    elif exact and plan.method is Resampling.POSTERIOR and evaluator.lf is not None \
            and evaluator.lf.denominator_sign == 1:
        ranked = [index[n] for n in order if summary.ranks[:, index[n]].any()]
        wanted = ([(i, j) for k, i in enumerate(ranked) for j in ranked[k + 1:]] if len(ranked) <= NESTED_ALL
                  else list(zip(ranked, ranked[1:])))
        exact_p = _nested_pairs(evaluator.lf, counts + plan.prior(space), wanted)
    tests = paired_tests(predictions, evaluator, plan) if predictions is not None else {}
    out = {}
    mc = f"Monte Carlo ({plan.method.value}, {D} draws)"
    for a in order:
        for b in order:
            if a == b:
                continue
            i, j = index[a], index[b]
            p_mc = above[i, j] / D
            tie = (both[i, j] - above[i, j] - above[j, i]) / D
            sampled = (i, j) not in exact_p
            if sampled:
                p, method, err = float(p_mc), mc, math.sqrt(p_mc * (1 - p_mc) / D)
            else:
                pr = exact_p[(i, j)]
                p, method, err = pr.value, pr.method, pr.error
            out[(a, b)] = PairUncertainty(a, b, float(p), method, float(err), float(tie),
                                          tests.get(frozenset((i, j))), sampled)
    return out


def _nested_pairs(lf, betas: np.ndarray, wanted: list[tuple[int, int]]) -> dict:
    """{(i, j): P(X_i > X_j)} by nested quadrature for the pairs ``wanted`` (both orders), where it
    is accurate enough (:func:`~ordertheory.ranking.uncertainty.lf_pairs.p_greater_many`)."""
    if not wanted:
        return {}
    probs = p_greater_many(lf, betas[[i for i, _ in wanted]], betas[[j for _, j in wanted]])
    out = {}
    for (i, j), pr in zip(wanted, probs):
        if pr is not None:
            out[(i, j)] = pr
            out[(j, i)] = ep.Probability(1 - pr.value, pr.error, pr.method)
    return out


def _exact_pairs(tl, ab: list[tuple[float, float]], n: int) -> dict:
    """{(i, j): P(X_i > X_j)} for every ordered pair, from the Beta posteriors of a two-level score."""
    idx = [(i, j) for i in range(n) for j in range(i + 1, n)]
    if not idx:
        return {}
    if n <= EXACT_PAIRS_BY_SUM:
        probs = [ep.p_greater_beta(*ab[i], *ab[j]) for i, j in idx]
    else:
        arr = np.array([(*ab[i], *ab[j]) for i, j in idx])
        probs = ep.p_greater_beta_many(arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3])
    out = {}
    for (i, j), pr in zip(idx, probs):
        up = pr if tl.increasing else ep.Probability(1 - pr.value, pr.error, pr.method)
        out[(i, j)] = up
        out[(j, i)] = ep.Probability(1 - up.value, up.error, up.method)
    return out
