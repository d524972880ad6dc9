"""What an organiser should publish beside a leaderboard: each candidate score examined, and a
recommendation by a stated rule (``ordertheory advise``; the document is :mod:`~ordertheory.reports.advise.advise_render`).

For each candidate score, on the leaderboard's Π (its common class priors, else every performance):

1. **fit for ranking?** tests 1–3 and domain closure (:func:`~ordertheory.ranking.rank.bounded_fitness`),
   a witness when refuted — on k classes by the catalogue's every-k forms (any k, 1000 classes too);
2. **which importance** it encodes and its place on the Tile (:func:`~ordertheory.analyses.importance.derive.derive_importance`,
   bounded: an undecided one says so);
3. **how it orders the entities against the other candidates**: Kendall τ-b and the exact
   discordant pairs (:func:`~ordertheory.analyses.compare.discordance.compare_leaderboard`);
4. **how sure the ranking is**, when the test sets are known (counts, ``--samples N``, or per-sample
   predictions): value and rank intervals, and tiers — groups no two members of which are separated
   (:func:`~ordertheory.ranking.uncertainty.uncertainty.rank_uncertainty`).

For two classes, the Tile: its exact winner map (who ranks first for each R_(a,b)), drawn whatever the
data, and under resampling P(each entity ranks first) over all R_(a,b) and each entity's best and worst
rank (:func:`~ordertheory.ranking.uncertainty.tile_uncertainty.tile_uncertainty`).

**The recommendation** follows :mod:`~ordertheory.reports.advise.recommend`: only a score proved fit;
several fit candidates that disagree are the organiser's choice of importance, never picked by list order
or by how well they separate the entities.

**Time**: every step is bounded by what is left of ``Options.timeout`` (checks and derivations in a
child process killed at their share); at the deadline the report is written with what was decided and
``stopped`` says what was not examined.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ordertheory.analyses.compare.discordance import (
    LeaderboardComparison,
    compare_leaderboard,
    compare_values,
)
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.importance import ImportanceDerivation, ImportanceKind
from ordertheory.analyses.tau.exact_order import dense_ranks, dense_ranks_of_keys
from ordertheory.catalogue import as_score
from ordertheory.catalogue.scoring import NUMERIC
from ordertheory.catalogue.scoring.level_score import sample_name
from ordertheory.engine.deadline import call_within, own_budget
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput, ResourceLimit
from ordertheory.fitness.report import T2, T3
from ordertheory.ranking.leaderboards.counts import available, refusal
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard
from ordertheory.ranking.leaderboards.per_sample import Predictions
from ordertheory.ranking.rank import Fitness, Ranking, bounded_fitness, leaderboard_set, rank_leaderboard
from ordertheory.ranking.robust.report import RobustReport
from ordertheory.ranking.scored_ranking import (
    ScoredLeaderboard,
    level_score,
    rank_samples,
    scored_fitness,
    scored_slug,
)
from ordertheory.ranking.tile_maps.raster import winner_map
from ordertheory.ranking.uncertainty.resample import Plan, Resampling
from ordertheory.ranking.uncertainty.scored_uncertainty import scored_uncertainty
from ordertheory.ranking.uncertainty.tile_uncertainty import TileUncertainty, tile_uncertainty
from ordertheory.ranking.uncertainty.uncertainty import RankUncertainty, rank_uncertainty
from ordertheory.reports.advise import robust_section
from ordertheory.reports.advise.recommend import Decision, decide
from ordertheory.scores.score import Score
from ordertheory.sets.class_pi import ClassPi

DEFAULT_SCORES = {2: ("accuracy", "balanced_accuracy", "f1", "mcc", "cohen_kappa"),
                  0: ("multiclass_accuracy", "macro_recall", "macro_f1", "mcc_k", "cohen_kappa_k")}


@dataclass(frozen=True)
class Options:
    """How the report is computed (every number in it can be recomputed from these)."""

    plan: Plan | None = None  # None: no uncertainty (the test sets are unknown)
    level: float = 0.95
    samples: int | None = None
    tile_draws: int = 200
    tile_resolution: int = 51
    jobs: int = 1
    scheduler: str | None = None
    timeout: float = 600.0


@dataclass(frozen=True)
class ScoreAdvice:
    """One candidate score, examined."""

    text: str  # as given
    score: Score
    fitness: Fitness
    importance: ImportanceDerivation
    ranking: Ranking
    uncertainty: RankUncertainty | None
    versus: dict[str, LeaderboardComparison] = field(default_factory=dict)
    recommended: bool = False
    reasons: tuple[str, ...] = ()
    scored: bool = False  # ranked from per-sample scores (score:<entity> columns)

    @property
    def tile_point(self) -> tuple[str, str] | None:
        """(a, b) on the Tile when the score is a ranking score (or a monotone transform of one)."""
        d = self.importance
        if d.tile is None or d.kind not in (ImportanceKind.RANKING_SCORE, ImportanceKind.MONOTONE_TRANSFORM):
            return None
        return str(d.tile["a"]), str(d.tile["b"])

    def separated_share(self) -> tuple[int, int] | None:
        """(adjacent pairs separated at the level, adjacent pairs)."""
        if self.uncertainty is None:
            return None
        adj = self.uncertainty.adjacent()
        return len(adj) - len(self.uncertainty.not_separated()), len(adj)


@dataclass(frozen=True)
class Advice:
    """The whole report's content."""

    source: str
    leaderboard: Leaderboard
    Pi: str
    options: Options
    scores: tuple[ScoreAdvice, ...]
    tile: TileUncertainty | None
    predictions: Predictions | None
    no_uncertainty: str | None  # why there is none, or None
    seconds: float
    decision: Decision | None = None
    winners: np.ndarray | None = None  # the Tile's exact winner map (two classes), entity indices
    stopped: str | None = None  # what the deadline left undone, or None
    notes: tuple[str, ...] = ()
    robust: RobustReport | None = None  # whatever the score: the robust order (reports/advise/robust_section.py)

    def recommended(self) -> tuple[ScoreAdvice, ...]:
        return tuple(s for s in self.scores if s.recommended)


def default_scores(lb: Leaderboard) -> tuple[str, ...]:
    """The candidates examined when none are given: common scores of the leaderboard's kind."""
    return DEFAULT_SCORES[2 if lb.space.is_binary else 0]


class _Clock:
    """What is left of the report's time, the writing of the report kept aside."""

    def __init__(self, timeout: float) -> None:
        self.t0 = time.monotonic()
        self.end = self.t0 + timeout - min(10.0, 0.15 * timeout)

    def left(self) -> float:
        return self.end - time.monotonic()


def _importance(X, Pi, seconds: float, fit: Fitness | None = None) -> ImportanceDerivation:
    """The derivation in a child killed at ``seconds`` (sympy on a k-class formula can take hours); none at
    all when the check refuted test 2 or 3 (every strictly monotone transform of a ranking score passes both)."""
    name = getattr(X, "text", "") or X.name
    refuted = [t for t in (T2, T3) if fit is not None and t in fit.report.tests
               and fit.report.tests[t].verdict is Verdict.REFUTED]
    if refuted:
        return ImportanceDerivation(name, (), ImportanceKind.NONE, reason=f"{' and '.join(refuted)} refuted (exact "
                                    "witness), and every strictly monotone transform of a ranking score passes both")
    if seconds > 0.5:
        done, d = call_within(derive_importance, seconds, X, Pi, timeout=own_budget(seconds), bounded=False)
        if done:
            return d
    return ImportanceDerivation(name, (), ImportanceKind.UNKNOWN,
                                reason=f"not derived within its {max(0.0, seconds):.3g} s share of the report's time")


def _pi(lb: Leaderboard):
    """Π of the importance: on k classes by its class priors (ClassPi: the every-k forms), else the leaderboard's set."""
    k = lb.space.classes
    if k and k > 2:
        priors = lb.common_prior()
        return ClassPi(k, None if priors is None or any(p == 0 for p in priors) else priors)
    return leaderboard_set(lb)


def _examine(text: str, lb: Leaderboard, scores: ScoredLeaderboard | None, options: Options, plan: Plan | None,
             predictions: Predictions | None, clock: _Clock, budget: float, progress) -> tuple[ScoreAdvice, str | None]:
    """One candidate: (its advice, a note when a step was cut short)."""
    note = None
    slug = scored_slug(text) if scores is not None else None
    share = lambda: max(0.0, min(budget, clock.left()))  # noqa: E731
    if slug:  # per-sample scores: exact values and the check at any number of distinct scores
        X = level_score(scores, slug)
        ranking = rank_samples(scores, slug, check=False)
        fit = scored_fitness(scores, slug, share())
        imp = _importance(X, fit.report.Pi, min(20.0, share()), fit)  # on the Π the check used
        u = None
        if plan is not None and scores.truth is not None:
            method = Resampling.CASE_BOOTSTRAP if plan.method is not Resampling.POSTERIOR else Resampling.BAYESIAN_BOOTSTRAP
            try:
                u = scored_uncertainty(scores, slug, Plan(method, plan.draws, plan.seed), ranking, options.level,
                                       options.jobs, options.scheduler, deadline=clock.end)
            except ResourceLimit as exc:
                note = f"{text}: no uncertainty ({exc})"
        return ScoreAdvice(text, X, fit, imp, ranking, u, scored=True), note
    X = as_score(text, lb.space, structured=bool(lb.space.classes and lb.space.classes > 2))
    fit = bounded_fitness(lb, X, share())
    imp = _importance(X, _pi(lb), min(20.0, share()), fit)
    ranking = rank_leaderboard(lb, X, check=False)
    u = None
    if plan is not None and clock.left() > 0:
        if progress:
            progress(f"{text}: {plan.describe()}")
        Xd = X if isinstance(X, Score) else as_score(text, lb.space)  # draws need the formula (≤ 20 classes)
        try:
            u = rank_uncertainty(lb, Xd, plan, options.level, options.samples, predictions, ranking, options.jobs,
                                 options.scheduler, deadline=clock.end)
        except ResourceLimit as exc:
            note = f"{text}: no uncertainty ({exc})"
    return ScoreAdvice(text, X, fit, imp, ranking, u), note


def _versus(a: ScoreAdvice, b: ScoreAdvice, lb: Leaderboard) -> LeaderboardComparison:
    """Exact pair counts of two candidates' rankings (values from the rankings when one is per-sample)."""
    if not (a.scored or b.scored):
        return compare_leaderboard(a.score, b.score, lb.entities)
    va, vb = ({e.name: e.value for e in s.ranking.entries} for s in (a, b))
    keep = [n for n in lb.names if va.get(n) is not None and vb.get(n) is not None]
    return compare_values(keep, [va[n] for n in keep], [vb[n] for n in keep], a.score.direction, b.score.direction,
                          tuple(n for n in lb.names if n not in keep), _keys(a.text, b.text))


def _keys(*texts):
    """Dense ranks of the values: exact, or of floats when a score is numeric (the log loss)."""
    numeric = any(sample_name(t) is not None and sample_name(t).base in NUMERIC for t in texts)
    return (lambda vs: dense_ranks_of_keys([float(v) for v in vs])) if numeric else dense_ranks


def advise(lb: Leaderboard, scores: list[str] | tuple[str, ...] | None = None, options: Options | None = None,
           predictions: Predictions | None = None, source: str = "", progress=None,
           scored_lb: ScoredLeaderboard | None = None) -> Advice:
    """Examine each candidate score on ``lb`` and apply the rule (see the module's docstring)."""
    options = options or Options()
    clock = _Clock(options.timeout)
    texts = list(scores or default_scores(lb))
    if not texts:
        raise InvalidInput("expected at least one candidate score")
    if len(set(texts)) != len(texts):
        raise InvalidInput(f"expected distinct candidate scores but got {', '.join(texts)}")
    for t in texts:  # bad input fails before any work
        if not (scored_lb is not None and scored_slug(t)):
            as_score(t, lb.space, structured=bool(lb.space.classes and lb.space.classes > 2))
    plan = options.plan
    reason = None
    if plan is not None and predictions is None and not available(lb, options.samples):
        plan, reason = None, refusal(lb, options.samples)
    elif plan is None:
        reason = "no resampling asked for"
    if plan is not None and plan.method is Resampling.CASE_BOOTSTRAP and predictions is None:
        raise InvalidInput("the case bootstrap needs per-sample predictions (--predictions FILE)")
    Pi = leaderboard_set(lb)
    budget = options.timeout / (2 * len(texts) + 2)
    items, notes, stopped = [], [], None
    for k, text in enumerate(texts):
        if clock.left() <= 1.0:
            stopped = (f"--timeout reached after {k} of {len(texts)} candidates; not examined: "
                       + ", ".join(texts[k:]))
            break
        if progress:
            progress(f"{text}: fitness, importance, ranking ({k + 1}/{len(texts)})")
        item, note = _examine(text, lb, scored_lb, options, plan, predictions, clock, budget, progress)
        items.append(item)
        if note:
            notes.append(note)
    versus = {a.text: {} for a in items}
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if clock.left() <= 0.5:
                stopped = stopped or "--timeout reached while comparing the candidates' rankings"
                break
            c = _versus(a, b, lb)
            versus[a.text][b.text] = versus[b.text][a.text] = c
    items = [ScoreAdvice(a.text, a.score, a.fitness, a.importance, a.ranking, a.uncertainty, versus[a.text],
                         scored=a.scored) for a in items]
    decision = decide(items, position)
    items = [_with_reasons(s, decision, options.level) for s in items]
    tile = winners = None
    if lb.space.is_binary and clock.left() > 1.0:
        try:
            winners = winner_map(lb, options.tile_resolution)
        except (InvalidInput, ResourceLimit) as exc:
            notes.append(f"the Tile's winner map: {exc}")
    if plan is not None and lb.space.is_binary and clock.left() > 1.0:
        if progress:
            progress(f"the Tile: {options.tile_draws} draws on a {options.tile_resolution}² grid")
        tplan = Plan(plan.method, options.tile_draws, plan.seed, plan.alpha)
        try:
            tile = tile_uncertainty(lb, tplan, options.tile_resolution, options.samples, predictions, True,
                                    options.jobs, options.scheduler, deadline=clock.end)
        except ResourceLimit as exc:
            stopped = stopped or f"--timeout reached during the Tile's resampling ({exc})"
    elif plan is not None and lb.space.is_binary:
        stopped = stopped or "--timeout reached before the Tile's resampling"
    if progress and plan is not None:
        progress("whatever the score: the robust order over every importance")
    robust = robust_section.compute(lb, plan, options.level, options.samples, predictions, options.jobs,
                                    options.scheduler, clock.end, clock.left() > 1.0)
    return Advice(source, lb, Pi.label, options, tuple(items), tile, predictions, reason,
                  time.monotonic() - clock.t0, decision, winners, stopped, tuple(notes), robust)


def position(s: ScoreAdvice) -> str:
    """The importance a candidate encodes, in words (its Tile point on two classes)."""
    d = s.importance
    if s.tile_point is not None:
        return f"errors weighed by (a, b) = ({s.tile_point[0]}, {s.tile_point[1]}) on the Tile, {_importance_text(d)}"
    if d.importance and d.kind in (ImportanceKind.RANKING_SCORE, ImportanceKind.MONOTONE_TRANSFORM):
        return _importance_text(d)
    if d.kind is ImportanceKind.NONE and s.fitness.verdict is Verdict.PROVED:  # fit: a ranking score of its own S′
        return "no importance with the space's written S (E_P[S′] for the satisfaction S′ it encodes, I = 1)"
    if d.kind is ImportanceKind.NONE:
        return "no importance (not a ranking score)"
    return f"importance undecided ({(d.reason or 'unknown').split(' (witness')[0]})"


def _with_reasons(s: ScoreAdvice, decision: Decision, level: float) -> ScoreAdvice:
    """A candidate with the reasons the report gives for it."""
    reasons = []
    if s.fitness.verdict is Verdict.PROVED and s.fitness.answer.by_encoded:
        reasons.append(f"fit for ranking on Π = {s.fitness.Pi} for the satisfaction it encodes (test 1 fails with the "
                       "space's written S; tests 2, 3 and domain closure proved)")
    elif s.fitness.verdict is Verdict.PROVED:
        reasons.append(f"fit for ranking on Π = {s.fitness.Pi} (tests 1–3 and domain closure proved)")
    elif s.fitness.verdict is Verdict.REFUTED:
        failed = ", ".join(t for t, r in s.fitness.report.tests.items() if r.verdict is Verdict.REFUTED)
        reasons.append(f"NOT fit for ranking on Π = {s.fitness.Pi}: {failed} refuted, with an exact witness")
    else:
        reasons.append(f"fitness on Π = {s.fitness.Pi} undecided (unknown): not recommended until it is decided")
    d = s.importance
    if s.tile_point is not None:
        reasons.append(f"encodes the importance {_importance_text(d)}, at (a, b) = ({s.tile_point[0]}, "
                       f"{s.tile_point[1]}) on the Tile" + (" (up to a monotone transform)"
                                                           if d.kind is ImportanceKind.MONOTONE_TRANSFORM else ""))
    elif d.importance and d.kind in (ImportanceKind.RANKING_SCORE, ImportanceKind.MONOTONE_TRANSFORM):
        reasons.append(f"encodes the importance {_importance_text(d)}")
    elif d.kind is ImportanceKind.NONE:
        tests = s.fitness.report.tests
        mixed = [t for t in (T2, T3) if t in tests and tests[t].verdict is Verdict.REFUTED]
        why = (f"{' and '.join(mixed)} refuted, and every strictly monotone transform of a ranking score "
               "passes both" if mixed else (d.reason or "").split(" (witness")[0])
        reasons.append(f"encodes no importance for the space's written S ({why})" if s.fitness.verdict is Verdict.PROVED
                       and not mixed else f"encodes no importance: its order is not that of any ranking score ({why})")
    elif d.kind is ImportanceKind.CONSTANT:
        reasons.append("is constant on Π: it ranks every entity equal")
    else:
        reasons.append(f"importance undecided ({d.reason or 'unknown'})")
    u = s.uncertainty
    if u is not None:
        t = u.tiers()
        reasons.append(f"{len(t.groups)} tier{'' if len(t.groups) == 1 else 's'} at {level:.0%} (Holm over every pair); "
                       f"{len(u.solid())} ranks solid (rank interval = the rank itself)")
    recommended = s.text in decision.recommended
    if recommended:
        reasons.append(f"recommended: {decision.kind.value}")
    elif s.text in decision.fit:
        reasons.append("fit for ranking: the organiser's choice among the fit candidates (see the decision)")
    return ScoreAdvice(s.text, s.score, s.fitness, s.importance, s.ranking, s.uncertainty, s.versus,
                       recommended, tuple(reasons), s.scored)


def _importance_text(d: ImportanceDerivation) -> str:
    return "I = (" + ", ".join(f"{o}: {v}" for o, v in d.importance.items()) + ")"
