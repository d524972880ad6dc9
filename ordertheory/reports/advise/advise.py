"""What an organiser should publish beside a leaderboard: each candidate score examined, and a
recommendation with its reasons (``ordertheory advise``; the document is :mod:`~ordertheory.reports.advise.advise_render`).

For each candidate score, on the leaderboard's Π (its common class priors, else every performance):

1. **fit for ranking?** tests 1–3 and domain closure (:func:`~ordertheory.ranking.rank.check_fitness`),
   a witness when refuted;
2. **which importance** it encodes and its place on the Tile (:func:`~ordertheory.analyses.importance.derive.derive_importance`);
3. **how it orders the entities against the other candidates**: Kendall τ-b and the exact
   discordant pairs (:func:`~ordertheory.analyses.compare.discordance.discordant_pairs`);
4. **how sure the ranking is**, when the test sets are known (counts, ``--samples N``, or per-sample
   predictions): rank intervals, the adjacent pairs not separated at the level, the statistically
   tied groups (:func:`~ordertheory.ranking.uncertainty.uncertainty.rank_uncertainty`).

For two classes, the Tile under the same resampling: P(each entity ranks first) over all R_(a,b),
and each entity's best and worst rank over them (:func:`~ordertheory.ranking.uncertainty.tile_uncertainty.tile_uncertainty`).

**The recommendation** (a rule, stated in the report): a score is recommended only when its fitness
is *proved* on Π — a refuted or unknown score's ranking is not backed by the axioms. Among those,
the importance is the organiser's choice (it says which errors matter in the application; the
report shows what each candidate assumes); the report puts first the one whose ranking the data
support best: the most adjacent pairs separated at the level (then fewer tied groups, then the
order the candidates were given in).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ordertheory.analyses.compare.discordance import LeaderboardComparison, discordant_pairs
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.importance import ImportanceDerivation, ImportanceKind
from ordertheory.catalogue import as_score
from ordertheory.engine.deadline import call_within, own_budget
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.fitness.report import T2, T3
from ordertheory.ranking.leaderboards.counts import available, refusal
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard
from ordertheory.ranking.leaderboards.per_sample import Predictions
from ordertheory.ranking.rank import Fitness, Ranking, check_fitness, leaderboard_set, rank_leaderboard
from ordertheory.ranking.uncertainty.resample import Plan, Resampling
from ordertheory.ranking.uncertainty.tile_uncertainty import TileUncertainty, tile_uncertainty
from ordertheory.ranking.uncertainty.uncertainty import RankUncertainty, rank_uncertainty
from ordertheory.scores.score import Score

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

    def recommended(self) -> tuple[ScoreAdvice, ...]:
        return tuple(s for s in self.scores if s.recommended)


def default_scores(lb: Leaderboard) -> tuple[str, ...]:
    """The candidates examined when none are given: common scores of the leaderboard's kind."""
    return DEFAULT_SCORES[2 if lb.space.is_binary else 0]


def advise(lb: Leaderboard, scores: list[str] | tuple[str, ...] | None = None, options: Options | None = None,
           predictions: Predictions | None = None, source: str = "", progress=None) -> Advice:
    """Examine each candidate score on ``lb`` and recommend (see the module's docstring)."""
    options = options or Options()
    t0 = time.monotonic()
    texts = list(scores or default_scores(lb))
    if not texts:
        raise InvalidInput("expected at least one candidate score")
    if len(set(texts)) != len(texts):
        raise InvalidInput(f"expected distinct candidate scores but got {', '.join(texts)}")
    Xs = [(t, as_score(t, lb.space, structured=True)) for t in texts]  # bad input first; k classes: by class sums
    plan = options.plan
    reason = None
    if plan is not None and predictions is None and not available(lb, options.samples):
        plan, reason = None, refusal(lb, options.samples)
    elif plan is None:
        reason = "no resampling asked for"
    if plan is not None and plan.method is Resampling.CASE_BOOTSTRAP and predictions is None:
        raise InvalidInput("the case bootstrap needs per-sample predictions (--predictions FILE)")
    Pi = leaderboard_set(lb)
    budget = options.timeout / (2 * len(Xs) + 2)
    items = []
    for k, (text, X) in enumerate(Xs):
        if progress:
            progress(f"{text}: fitness, importance, ranking ({k + 1}/{len(Xs)})")
        fit = check_fitness(lb, X, timeout=budget)
        imp = _importance(X, Pi, min(20.0, budget))  # as `ordertheory importance` does, stopped at its budget
        ranking = rank_leaderboard(lb, X, check=False)
        u = None
        if plan is not None:
            if progress:
                progress(f"{text}: {plan.describe()}")
            u = rank_uncertainty(lb, X, plan, options.level, options.samples, predictions, ranking, options.jobs,
                                 options.scheduler, deadline=t0 + options.timeout)
        items.append(ScoreAdvice(text, X, fit, imp, ranking, u))
    versus = {a.text: {} for a in items}
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            c = discordant_pairs(a.score, b.score, lb.entities)
            versus[a.text][b.text] = c
            versus[b.text][a.text] = c
    items = _recommend([ScoreAdvice(a.text, a.score, a.fitness, a.importance, a.ranking, a.uncertainty,
                                    versus[a.text]) for a in items], options.level)
    tile = None
    if plan is not None and lb.space.is_binary:
        if progress:
            progress(f"the Tile: {options.tile_draws} draws on a {options.tile_resolution}² grid")
        tplan = Plan(plan.method, options.tile_draws, plan.seed, plan.alpha)
        tile = tile_uncertainty(lb, tplan, options.tile_resolution, options.samples, predictions, True,
                                options.jobs, options.scheduler, deadline=t0 + options.timeout)
    return Advice(source, lb, Pi.label, options, tuple(items), tile, predictions, reason, time.monotonic() - t0)


def _importance(X, Pi, seconds: float) -> ImportanceDerivation:
    """The importance X encodes, derived in a child stopped at ``seconds`` (sympy has no clock): unknown past it."""
    done, d = call_within(derive_importance, seconds, X, Pi, timeout=own_budget(seconds))
    if done:
        return d
    return ImportanceDerivation(X.text or X.name, tuple(getattr(Pi, "constraints", ())), ImportanceKind.UNKNOWN,
                                reason=f"not derived within its {seconds:.1f} s of the command's --timeout")


def _recommend(items: list[ScoreAdvice], level: float) -> tuple[ScoreAdvice, ...]:
    """The recommendation rule of the module's docstring, with each score's reasons."""
    fit = [s for s in items if s.fitness.verdict is Verdict.PROVED]

    def support(s: ScoreAdvice):
        share = s.separated_share()
        groups = len(s.uncertainty.tied_groups()) if s.uncertainty is not None else 0
        return (-(share[0] if share else 0), groups, items.index(s))

    best = min(fit, key=support) if fit else None
    out = []
    for s in items:
        reasons = []
        if s.fitness.verdict is Verdict.PROVED:
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
            reasons.append(f"encodes no importance: its order is not that of any ranking score ({why})")
        elif d.kind is ImportanceKind.CONSTANT:
            reasons.append("is constant on Π: it ranks every entity equal")
        else:
            reasons.append(f"importance undecided ({d.reason or 'unknown'})")
        share = s.separated_share()
        if share is not None:
            reasons.append(f"{share[0]} of {share[1]} adjacent pairs separated at {level:.0%}; "
                           f"{len(s.uncertainty.solid())} ranks solid (rank interval = the rank itself)")
        if s is best:
            reasons.append("recommended: fit for ranking, and of the fit candidates the one whose ranking the data "
                           "support best" if len(fit) > 1 else "recommended: the only candidate fit for ranking")
        elif s in fit:
            reasons.append("also fit for ranking: prefer it if its importance matches the application")
        out.append(ScoreAdvice(s.text, s.score, s.fitness, s.importance, s.ranking, s.uncertainty, s.versus,
                               s is best, tuple(reasons)))
    return tuple(out)


def _importance_text(d: ImportanceDerivation) -> str:
    return "I = (" + ", ".join(f"{o}: {v}" for o, v in d.importance.items()) + ")"
