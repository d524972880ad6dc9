"""How sure a ranking of scoring classifiers is, from their per-sample scores on shared test cases.

Every draw reweights the test cases, jointly for all entities (their pairing is kept):

- ``bootstrap``: the **case bootstrap**, multinomial counts of the n cases (percentile intervals);
- ``posterior``: the **Bayesian bootstrap** (Rubin, 1981): Dirichlet(1, …, 1) weights of the cases — the
  Dirichlet posterior of the distribution of (label, score) on the observed support, no prior mass
  elsewhere (Bayesian credible intervals from the draws).

Each draw's AUC, AP, PR AUC, Brier, log loss, ECE, max F1 and max informedness are those of the
reweighted cases (the formulas of :mod:`ordertheory.catalogue.scoring` with weights for counts),
vectorised over the draws; ranks, P(A ranks above B), rank intervals, tiers and Kendall's τ as for
counts (:mod:`~ordertheory.ranking.uncertainty.uncertainty`). For ROC AUC, DeLong's intervals and paired
tests are given beside the resampling (:class:`~ordertheory.ranking.uncertainty.paired_tests.DeLongSummary`).

>>> import numpy as np
>>> from ordertheory.performances.scored_samples import ScoredSamples
>>> from ordertheory.ranking.scored_ranking import ScoredLeaderboard
>>> y = np.array([0, 0, 1, 1, 0, 1, 1, 0])
>>> s = np.array([[.1, .4, .35, .8, .2, .9, .7, .3], [.5, .1, .2, .6, .7, .4, .3, .2]])
>>> lb = ScoredLeaderboard(("A", "B"), tuple(ScoredSamples.of(y, r) for r in s), "<doctest>", y, s)
>>> w = np.ones((1, 8))
>>> weighted_values("roc_auc", lb, w).tolist()     # weights 1: the exact values, as floats
[[0.9375, 0.53125]]
"""

from __future__ import annotations

import math

import numpy as np

from ordertheory.catalogue.scoring import DEFAULT_BINS, LOG_EPS, bin_index, split_bins
from ordertheory.catalogue.scoring.class_samples import confidences
from ordertheory.catalogue.scoring.level_score import sample_name
from ordertheory.errors import InvalidInput
from ordertheory.ranking.rank import Ranking
from ordertheory.ranking.scored_ranking import ScoredLeaderboard
from ordertheory.ranking.uncertainty.draw_statistics import DrawSummary, summarise
from ordertheory.ranking.uncertainty.intervals import entity_intervals
from ordertheory.ranking.uncertainty.paired_tests import delong_summary
from ordertheory.ranking.uncertainty.resample import (
    Plan,
    Resampling,
    check_level,
    integer_interval,
    rng,
    run_chunks,
)
from ordertheory.ranking.uncertainty.uncertainty import EntityUncertainty, PairUncertainty, RankUncertainty
from ordertheory.spaces.sample_space import scored

STREAM = 3  # the random stream of the case weights (apart from the draws of counts)


def _levels(q: np.ndarray):
    """(order of the cases by score, start of each distinct score in that order, the distinct scores)."""
    order = np.argsort(q, kind="stable")
    qs = q[order]
    starts = np.flatnonzero(np.r_[True, qs[1:] != qs[:-1]])
    return order, starts, qs[starts]


def _one(slug: str, y: np.ndarray, q: np.ndarray, w: np.ndarray) -> np.ndarray:
    """The score of one entity under each row of weights ``w`` (draws × cases); NaN where undefined."""
    order, starts, levels = _levels(q)
    ws, ys = w[:, order], y[order].astype(float)
    pos = np.add.reduceat(ws * ys, starts, axis=1)
    neg = np.add.reduceat(ws * (1 - ys), starts, axis=1)
    Pw, Nw, total = pos.sum(axis=1), neg.sum(axis=1), ws.sum(axis=1)
    base, bins = split_bins(slug)
    with np.errstate(all="ignore"):
        if base in ("brier", "log_loss", "ece", "ece_per_level"):
            if levels[0] < 0 or levels[-1] > 1:
                raise InvalidInput(f"{slug} reads the scores as probabilities of the positive class, in [0, 1]")
            if slug == "brier":
                return (neg @ levels**2 + pos @ (1 - levels) ** 2) / total
            if slug == "log_loss":
                a = -np.log(np.clip(1 - levels, LOG_EPS, 1 - LOG_EPS))
                b = -np.log(np.clip(levels, LOG_EPS, 1 - LOG_EPS))
                return (neg @ a + pos @ b) / total
            gap = pos - levels * (pos + neg)
            if base == "ece":  # the equal-width bins of the catalogue's ECE (15 unless ece@B)
                b = bin_index(levels, bins or DEFAULT_BINS)
                gap = np.stack([np.bincount(b, weights=row, minlength=bins or DEFAULT_BINS) for row in gap])
            return np.abs(gap).sum(axis=1) / total
        if slug == "roc_auc":
            below = np.cumsum(neg, axis=1) - neg
            return np.where((Pw > 0) & (Nw > 0), (pos * (below + neg / 2)).sum(axis=1) / (Pw * Nw), np.nan)
        tp = np.cumsum(pos[:, ::-1], axis=1)[:, ::-1]  # TP_j = Σ_{l ≥ j}: positives at or above level j
        fp = np.cumsum(neg[:, ::-1], axis=1)[:, ::-1]
        d = tp + fp
        prec = np.where(d > 0, tp / np.where(d > 0, d, 1), 1.0)  # no case at or above j: the curve's end, P = 1
        if slug == "average_precision":
            return np.where(Pw > 0, (pos * prec).sum(axis=1) / Pw, np.nan)
        if slug == "pr_auc":
            nxt = np.concatenate([prec[:, 1:], np.ones((len(prec), 1))], axis=1)
            return np.where(Pw > 0, (pos * (prec + nxt)).sum(axis=1) / (2 * Pw), np.nan)
        occupied = d - np.concatenate([d[:, 1:], np.zeros((len(d), 1))], axis=1) > 0  # a threshold of the draw
        if slug == "max_f1":
            f1 = 2 * tp / (2 * tp + fp + (Pw[:, None] - tp))
            return np.where(occupied, f1, -np.inf).max(axis=1)
        if slug == "max_informedness":
            j = tp / Pw[:, None] + (Nw[:, None] - fp) / Nw[:, None] - 1
            return np.where((Pw > 0) & (Nw > 0), np.where(occupied, j, -np.inf).max(axis=1), np.nan)
    raise InvalidInput(f"{slug} has no per-sample form")


def _one_class(slug: str, table, w: np.ndarray) -> np.ndarray:
    """A k-class entity's score under each row of weights (its per-case terms weighted; ROC AUC class by class)."""
    base, bins = split_bins(slug)
    y, p = table.truth, table.normalised
    total = w.sum(axis=1)
    if base == "roc_auc":
        return np.mean([_one("roc_auc", (y == c).astype(np.int64), table.probs[:, c], w) for c in range(table.k)], axis=0)
    if base == "brier":
        onehot = np.eye(table.k)[y]
        return w @ ((p - onehot) ** 2).sum(axis=1) / total
    if base == "log_loss":
        return w @ -np.log(np.clip(p[np.arange(len(y)), y], LOG_EPS, 1 - LOG_EPS)) / total
    conf, _ = confidences(table)
    b, gap = bin_index(conf, bins or DEFAULT_BINS), table.correct() - conf
    return np.abs(np.stack([np.bincount(b, weights=row * gap, minlength=bins or DEFAULT_BINS) for row in w])).sum(axis=1) / total


def weighted_values(slug: str, lb: ScoredLeaderboard, w: np.ndarray) -> np.ndarray:
    """(draws × entities): the score of every entity with the cases weighted by each row of ``w`` (``-SLUG``: −X);
    k-class probabilities by their k-class forms."""
    name = sample_name(slug)
    if name is None:
        raise InvalidInput(f"{slug} has no per-sample form")
    if hasattr(lb, "tables"):  # k-class probabilities
        v = np.stack([_one_class(name.slug, t, w) for t in lb.tables], axis=1)
    else:
        v = np.stack([_one(name.slug, lb.truth, row, w) for row in lb.scores], axis=1)
    return -v if name.negated else v


def _weights(method: Resampling, n: int, size: int, seed: int, index: int) -> np.ndarray:
    g = rng(seed, STREAM, index)
    if method is Resampling.BAYESIAN_BOOTSTRAP:
        return g.dirichlet(np.ones(n), size=size) * n
    return g.multinomial(n, np.full(n, 1.0 / n), size=size).astype(float)


def _chunk(method, slug, lb, sign, reference, seed, index, size):
    v = weighted_values(slug, lb, _weights(method, len(lb.truth), size, seed, index))
    return v, summarise(sign * v, reference)


def scored_uncertainty(lb: ScoredLeaderboard, slug: str, plan: Plan, ranking: Ranking, level: float = 0.95,
                       jobs: int | None = 1, scheduler: str | None = None, progress=None,
                       deadline: float | None = None) -> RankUncertainty:
    """The uncertainty of ``ranking`` (of ``lb`` by ``slug``) under ``plan`` (see the module's docstring)."""
    level = check_level(level)
    if plan.method not in (Resampling.BAYESIAN_BOOTSTRAP, Resampling.CASE_BOOTSTRAP):
        raise InvalidInput("per-sample scores are resampled by the Bayesian bootstrap or the case bootstrap")
    if getattr(lb, "scores", None) is None and not hasattr(lb, "tables") or lb.truth is None:
        raise InvalidInput("uncertainty of per-sample scores needs every entity scored on the same cases (a "
                           "predictions CSV with score:<entity> columns)")
    sign = sample_name(slug).direction.sign
    names = lb.names
    index = {n: i for i, n in enumerate(names)}
    rank = {e.name: e.rank for e in ranking.entries}
    reference = np.array([np.nan if rank[n] is None else -float(rank[n]) for n in names])
    parts = run_chunks(plan, _chunk, (plan.method, slug, lb, sign, reference, plan.seed), jobs, scheduler,
                       progress=progress, deadline=deadline)
    values = np.concatenate([v for v, _ in parts])
    summary = DrawSummary.combine([s for _, s in parts])
    D = values.shape[0]
    hist = summary.rank_histogram()
    observed = {e.name: e.value for e in ranking.entries}
    obs = np.array([np.nan if observed[n] is None else float(observed[n]) for n in names])
    ivs = entity_intervals(None, plan, scored(2), np.zeros((len(names), 1)), values, obs, level, exact=False)
    ents = []
    for e in ranking.entries:
        i = index[e.name]
        v = values[:, i][~np.isnan(values[:, i])]
        ri = integer_interval(hist[i, 1:], level)
        ents.append(EntityUncertainty(e.name, e.rank, None if np.isnan(obs[i]) else float(obs[i]),
                                      float(v.mean()) if len(v) else None, ivs[i].interval, ivs[i].method, None,
                                      None if ri is None else (ri[0] + 1, ri[1] + 1),
                                      {r: float(c / D) for r, c in enumerate(hist[i]) if r and c},
                                      float(1 - len(v) / D)))
    what = plan.method.value
    pairs = {}
    defined = (summary.ranks > 0).astype(np.int64)
    both = defined.T @ defined
    for a in names:
        for b in names:
            if a != b:
                i, j = index[a], index[b]
                p = summary.above[i, j] / D
                pairs[(a, b)] = PairUncertainty(a, b, float(p), f"Monte Carlo ({what}, {D} draws)",
                                                float(math.sqrt(p * (1 - p) / D)),
                                                float((both[i, j] - summary.above[i, j] - summary.above[j, i]) / D),
                                                None, True)
    order = [e.name for e in ranking.entries if e.rank is not None]
    dl = (delong_summary(names, lb.scores, lb.truth == 1, level, order)
          if sample_name(slug).slug == "roc_auc" and not hasattr(lb, "tables") and 0 < lb.truth.sum() < len(lb.truth)
          else None)
    origin = f"per-sample scores ({len(lb.truth)} cases; {what}: the cases reweighted jointly for all entities)"
    return RankUncertainty(slug, plan, level, origin, tuple(ents), pairs, summary.tau, values, names, (), dl)
