"""The multi-task section of ``ordertheory advise``: a table of several tasks, each candidate score examined.

For each candidate score on a multi-task table (:mod:`~ordertheory.ranking.leaderboards.task_tables`):

1. **fit for ranking the summarized performances?** tests 1–3 and domain closure on the Π the mixtures
   live in (:func:`~ordertheory.ranking.tasks.aggregates.rank_tasks`), a witness when refuted;
2. **the summarized ranking** (equal task weights, or the organiser's), and **where the mean of the per-task
   scores disagrees** with it, pair by pair (each pair recomputed exactly);
3. **the statistics across tasks** (:func:`~ordertheory.ranking.tasks.task_report.task_statistics`): average
   ranks, Friedman, the Nemenyi CD and its diagram, Wilcoxon–Holm, the rank intervals over resampled tasks.

**The recommendation** follows advise's one rule (:mod:`~ordertheory.reports.advise.recommend`): only a
score proved fit on the mixtures' Π; several fit candidates whose summarized rankings agree are equally
recommended; several that disagree are the organiser's choice of importance — never picked by how stable or
separated their rankings are, nor by the order they were listed in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ordertheory.catalogue import as_score
from ordertheory.engine.result import Verdict, jsonable
from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.task_tables import TaskTable
from ordertheory.ranking.rank import approximate
from ordertheory.ranking.tasks.aggregates import Aggregate, TaskRanking, rank_tasks
from ordertheory.ranking.tasks.cd_diagram import draw_cd
from ordertheory.ranking.tasks.label_sets import require_one_label_set
from ordertheory.ranking.tasks.summarized import TaskWeights
from ordertheory.ranking.tasks.task_report import TaskStatistics, task_statistics
from ordertheory.reports.advise.recommend import RULE, Decision, decide

DEFAULT_SCORES = {2: ("accuracy", "balanced_accuracy", "f1", "jaccard", "mcc"),
                  0: ("multiclass_accuracy", "macro_recall", "macro_f1", "cohen_kappa_k")}


@dataclass(frozen=True)
class TaskScoreAdvice:
    """One candidate score over the tasks."""

    text: str
    ranking: TaskRanking  # the summarized ranking and the mean-score alternative with its disagreements
    stats: TaskStatistics
    recommended: bool = False
    reasons: tuple[str, ...] = ()

    @property
    def stability(self) -> float:
        """The mean width of the bootstrap's rank intervals (smaller: more stable across tasks)."""
        b = self.stats.bootstrap
        return sum(hi - lo for lo, hi in b.rank_interval) / len(b.rank_interval) if b else float("inf")


@dataclass(frozen=True)
class TaskAdvice:
    source: str
    table: TaskTable
    weights: TaskWeights
    scores: tuple[TaskScoreAdvice, ...]
    decision: Decision | None = None

    def recommended(self) -> tuple[TaskScoreAdvice, ...]:
        return tuple(s for s in self.scores if s.recommended)


def task_advice(table: TaskTable, scores=None, weights: TaskWeights | None = None, timeout: float = 600.0,
                draws: int = 1000, seed: int = 0, level: float = 0.95, jobs: int = 1, scheduler: str | None = None,
                source: str = "", progress=None) -> TaskAdvice:
    """Examine each candidate score over the tasks and recommend (see the module's docstring)."""
    if not table.has_performances:
        raise InvalidInput("advise needs performances on every task (confusion matrices, cells, predictions); "
                           "a scores-only table gets its statistics from ordertheory tasks")
    require_one_label_set(table, "advise (its summarized rankings)")
    weights = weights or TaskWeights.parse("equal")
    texts = list(scores or DEFAULT_SCORES[2 if table.space.is_binary else 0])
    if len(set(texts)) != len(texts) or not texts:
        raise InvalidInput(f"expected distinct candidate scores but got {', '.join(texts) or 'none'}")
    Xs = [(t, as_score(t, table.space)) for t in texts]  # bad input fails before any work
    budget = timeout / (2 * len(Xs) + 2)
    items = []
    for k, (text, X) in enumerate(Xs):
        if progress:
            progress(f"{text}: summarized ranking, its check, the statistics across tasks ({k + 1}/{len(Xs)})")
        r = rank_tasks(table, X, Aggregate.MEAN_SCORE, weights, check=True, timeout=budget, jobs=jobs,
                       scheduler=scheduler, score_text=text)
        st = task_statistics(table, X, bayes="none", draws=draws, seed=seed, level=level, weights=weights, jobs=jobs,
                             scheduler=scheduler, score_text=text)
        items.append(TaskScoreAdvice(text, r, st))
    scores, decision = _recommend(items, level)
    return TaskAdvice(source, table, weights, scores, decision)


@dataclass(frozen=True)
class _PairCounts:
    """Pairs of entities two summarized rankings order differently (the fields :func:`decide` reads)."""

    discordant: int
    ties_x: int
    ties_y: int
    ties_both: int


@dataclass(frozen=True)
class _Candidate:
    text: str
    fitness: object
    versus: dict
    uncertainty: None = None


def _pairs(a: TaskScoreAdvice, b: TaskScoreAdvice) -> _PairCounts | None:
    """Exact pair counts of two summarized rankings, by their ranks (each already follows its score's
    direction); None when an entity is ranked by one only."""
    ra = {e.name: e.rank for e in a.ranking.summarized.entries if e.rank is not None}
    rb = {e.name: e.rank for e in b.ranking.summarized.entries if e.rank is not None}
    if set(ra) != set(rb):
        return None
    names = sorted(ra)
    d = tx = ty = tb = 0
    for i, x in enumerate(names):
        for y in names[i + 1:]:
            sa, sb = (ra[x] > ra[y]) - (ra[x] < ra[y]), (rb[x] > rb[y]) - (rb[x] < rb[y])
            tx, ty, tb = tx + (sa == 0), ty + (sb == 0), tb + (sa == sb == 0)
            d += sa * sb < 0
    return _PairCounts(d, tx, ty, tb)


def _recommend(items: list[TaskScoreAdvice], level: float) -> tuple[tuple[TaskScoreAdvice, ...], Decision]:
    """advise's rule (:func:`~ordertheory.reports.advise.recommend.decide`) on the summarized rankings."""
    cands = [_Candidate(s.text, s.ranking.summarized.fitness, {}) for s in items]
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            cands[i].versus[b.text] = _pairs(a, b)
    decision = decide(cands, lambda c: f"the importance `ordertheory importance {c.text}` derives")
    out = []
    for s in items:
        f = s.ranking.summarized.fitness
        reasons = [f"fit for ranking the summarized performances on Π = {f.Pi} (tests 1–3 and domain closure proved)"
                   if f.verdict is Verdict.PROVED else
                   f"NOT fit for ranking on Π = {f.Pi}: a test is refuted, with an exact witness"
                   if f.verdict is Verdict.REFUTED else f"fitness on Π = {f.Pi} undecided (unknown)"]
        n = len(s.ranking.disagreements)
        reasons.append(f"the mean of the per-task {s.text} orders {n} pair{'' if n == 1 else 's'} differently from the "
                       "summarized ranking" if n else f"the mean of the per-task {s.text} agrees with the summarized "
                       "ranking on every pair")
        if s.stats.bootstrap:
            reasons.append(f"mean width of the {level:.0%} rank intervals over resampled tasks: {s.stability:.2f} "
                           "(reported, not used to choose)")
        recommended = s.text in decision.recommended
        if recommended:
            reasons.append(f"recommended: {decision.kind.value}")
        elif s.text in decision.fit:
            reasons.append("fit for ranking: the organiser's choice among the fit candidates (see the decision)")
        out.append(TaskScoreAdvice(s.text, s.ranking, s.stats, recommended, tuple(reasons)))
    return tuple(out), decision


def task_claims(adv: TaskAdvice) -> dict:
    """Every claim of the report (``report.json``; the shape of advise's, with the multi-task fields)."""
    t = adv.table
    out = {"verdict": "numeric", "leaderboard": adv.source, "entities": len(t.entities), "space": t.space.name,
           "Pi": "the Π of each score's summarized performances", "counts": t.conversion,
           "tasks": {"tasks": list(t.tasks), "weights": adv.weights.to_json()},
           "recommended": [s.text for s in adv.recommended()],
           "decision": adv.decision.to_json() if adv.decision else None, "scores": []}
    for s in adv.scores:
        summ = s.ranking.summarized
        out["scores"].append({
            "score": s.text, "formula": summ.score, "fitness": summ.fitness.verdict.value,
            "importance": {"kind": "see ordertheory importance " + s.text},
            "ranking": [{"entity": e.name, "rank": e.rank, "value_exact": None if e.value is None else str(e.value)}
                        for e in summ.entries],
            "mean_score_disagreements": [d.to_json() for d in s.ranking.disagreements],
            "statistics": s.stats.to_json(), "recommended": s.recommended, "reasons": list(s.reasons),
            "commands": {"rank": f"ordertheory rank {adv.source} --score {s.text} --aggregate mean-score --json",
                         "tasks": f"ordertheory tasks {adv.source} --score {s.text} --json"}})
    return jsonable(out)


def task_markdown(adv: TaskAdvice, figs: dict[str, str]) -> str:
    t = adv.table
    L = ["# Which score should rank these tasks?", "",
         f"Table `{adv.source}`: {len(t.entities)} entities on {len(t.tasks)} tasks, Ω = {t.space.name}; numbers: "
         f"{t.conversion}. Each entity's tasks are mixed into its summarized performance "
         f"({adv.weights.describe(len(t.tasks))}), the object the axioms order; each score is checked on the Π "
         "those mixtures live in.", "", "## Recommendation", ""]
    d = adv.decision
    L += [f"**Decision ({d.kind.value})**: {d.text}" if d else "**No decision**", "",
          f"The rule: {RULE} Here Π is the one the summarized performances live in.", "",
          "| score | fit on Π | pairs where the mean disagrees | Friedman p | Nemenyi CD | rank-interval width | "
          "recommended |", "|---|---|---|---|---|---|---|"]
    for s in adv.scores:
        fr = s.stats.friedman
        L.append(f"| `{s.text}` | {s.ranking.summarized.fitness.verdict.value} | {len(s.ranking.disagreements)} | "
                 f"{'–' if fr.p is None else f'{fr.p:.3g}'} | {s.stats.cd:.3f} | {s.stability:.2f} | "
                 f"{'**yes**' if s.recommended else 'no'} |")
    L.append("")
    for s in adv.scores:
        L += [f"## `{s.text}`", ""] + [f"- {r}" for r in s.reasons] + ["",
              "| rank | summarized value | average rank | entity |", "|---|---|---|---|"]
        avg = dict(zip(s.stats.names, s.stats.average))
        for e in s.ranking.summarized.entries:
            x = approximate(e.value)
            L.append(f"| {e.rank or '–'} | {'undefined' if x is None else f'{x:.6f}'} | {float(avg[e.name]):.3f} | "
                     f"{e.name} |")
        L.append("")
        for d in s.ranking.disagreements:
            L.append(f"- {d.a} before {d.b} by the summarized {s.text} ({d.summarized[0]} vs {d.summarized[1]}); "
                     f"{d.kind} by the mean of the per-task {s.text} ({d.alternative[0]} vs {d.alternative[1]})")
        if f"cd:{s.text}" in figs:
            L += ["", f"![critical-difference diagram of {s.text}]({figs[f'cd:{s.text}']})"]
        L.append("")
    L += ["## Where the theory changes the picture", "",
          "For a ranking score R_I the summarized value is the mean of the task values weighted by λ_t·E_{P_t}[I], "
          "not by λ_t: the mean of the per-task scores is in general the score of no performance, and the pairs "
          "above are where it reorders the entities (section M of the supplementary material proves when the two "
          "coincide — always for accuracy — and refutes it for F1, Jaccard and precision).", ""]
    return "\n".join(L)


def write_task_report(adv: TaskAdvice, out: str | Path) -> dict[str, Path]:
    """report.md, report.json and one critical-difference diagram per score into ``out``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    figs = {}
    for s in adv.scores:
        name = "cd_" + "".join(c if c.isalnum() else "_" for c in s.text) + ".png"
        draw_cd(s.stats.names, s.stats.average, s.stats.cd, s.stats.cliques, out / name,
                f"{s.text}: average ranks over {len(adv.table.tasks)} tasks")
        figs[f"cd:{s.text}"] = name
    files = {"report.md": out / "report.md", "report.json": out / "report.json"}
    files["report.md"].write_text(task_markdown(adv, figs), encoding="utf-8")
    files["report.json"].write_text(json.dumps(task_claims(adv), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for name in figs.values():
        files[name] = out / name
    return files


__all__ = ["TaskAdvice", "TaskScoreAdvice", "task_advice", "task_claims", "task_markdown", "write_task_report"]
