"""Everything ``ordertheory tasks`` computes on a multi-task table, in one result.

Per-task ranks and average ranks (exact), Friedman's χ² in both conventions with Iman–Davenport's F
from each, the Nemenyi critical difference, its cliques and every pair's p-value, the comparison with a
control (``control``: Bonferroni–Dunn, Holm on z), Wilcoxon–Holm on every pair (``zero_method`` named),
the Bayesian signed-rank test with a ROPE (on the pairs adjacent in average rank, or all), challengeR's
consensus, and the bootstrap over tasks (:mod:`~ordertheory.ranking.tasks.statistics`,
:mod:`~ordertheory.ranking.tasks.posthoc`, :mod:`~ordertheory.ranking.tasks.bayesian`,
:mod:`~ordertheory.ranking.tasks.task_bootstrap`). Each task's values are in its own label set
(:mod:`~ordertheory.ranking.tasks.label_sets`); the bootstrap resamples the summarized performance only
when every task has one label set. The order shown follows the score's direction.

>>> import io
>>> from ordertheory.ranking.leaderboards.task_tables import read_tasks
>>> text = "task,entity,acc\\n" + "".join(f"t{t},{e},{v}\\n" for t, row in enumerate(
...     [[9, 8, 7], [8, 9, 6], [9, 7, 8], [7, 6, 5]]) for e, v in zip("ABC", row))
>>> st = task_statistics(read_tasks(io.StringIO(text)), "acc", bayes="none", draws=0)
>>> [(n, str(r)) for n, r in st.average_order()]
[('A', '5/4'), ('B', '2'), ('C', '11/4')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.ranking.leaderboards.task_tables import TaskTable
from ordertheory.ranking.rank import approximate
from ordertheory.ranking.tasks.aggregates import task_values
from ordertheory.ranking.tasks.bayesian import BOUNDARY_RULE, SAMPLES, BayesPair, signed_rank
from ordertheory.ranking.tasks.label_sets import task_scores
from ordertheory.ranking.tasks.posthoc import (
    CONTROL_CONVENTION,
    NEMENYI_CONVENTION,
    ControlComparison,
    control_comparisons,
    nemenyi_p_values,
)
from ordertheory.ranking.tasks.statistics import (
    ZERO_METHODS,
    Friedman,
    PairTest,
    Value,
    average_ranks,
    cliques,
    consensus,
    friedman,
    nemenyi_cd,
    task_ranks,
    wilcoxon_holm,
)
from ordertheory.ranking.tasks.summarized import TaskWeights, weights_for
from ordertheory.ranking.tasks.task_bootstrap import Statistic, TaskBootstrap, bootstrap
from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator
from ordertheory.scores.direction import Direction
from ordertheory.scores.score import Score

BAYES_CHOICES = ("adjacent", "all", "none")


@dataclass(frozen=True)
class TaskStatistics:
    """The statistics of one score (or value column) over the tasks; entities in the table's order."""

    score: str
    direction: Direction
    names: tuple[str, ...]
    tasks: tuple[str, ...]
    ranks: tuple[tuple[Fraction, ...], ...]  # [task][entity], 1 is the best
    average: tuple[Fraction, ...]
    friedman: Friedman
    alpha: float
    q_alpha: float
    cd: float
    cliques: tuple[tuple[int, ...], ...]
    pairs: tuple[PairTest, ...]
    rope: Fraction
    bayes: tuple[BayesPair, ...]
    bayes_samples: int
    consensus_mean: tuple[Fraction, ...]
    consensus_rank: tuple[int, ...]
    bootstrap: TaskBootstrap | None
    undefined: int  # (task, entity) values outside the score's domain or missing (ranked last on their task)
    zero_method: str = ZERO_METHODS[0]
    nemenyi_p: tuple[tuple[int, int, float], ...] = ()
    control: ControlComparison | None = None
    notes: tuple[str, ...] = ()  # what the reader and the label sets add (printed before the tables)

    def order(self) -> list[int]:
        """Entities by average rank, ties by name (never by the file's order)."""
        return sorted(range(len(self.names)), key=lambda i: (self.average[i], self.names[i]))

    def average_order(self) -> list[tuple[str, Fraction]]:
        return [(self.names[i], self.average[i]) for i in self.order()]

    def significant(self, i: int, j: int) -> bool:
        """Nemenyi: average ranks differing by at least CD."""
        return abs(float(self.average[i] - self.average[j])) >= self.cd

    def to_json(self) -> dict:
        idx = {n: i for i, n in enumerate(self.names)}
        return {
            "score": self.score, "direction": self.direction.to_json(), "tasks": len(self.tasks),
            "entities": [{"entity": self.names[i], "average_rank": float(self.average[i]),
                          "average_rank_exact": str(self.average[i]),
                          "consensus_rank": self.consensus_rank[i], "consensus_mean_rank": str(self.consensus_mean[i]),
                          "task_ranks": {t: str(self.ranks[k][i]) for k, t in enumerate(self.tasks)}}
                         for i in self.order()],
            "friedman": self.friedman.to_json(),
            "nemenyi": {"alpha": self.alpha, "q_alpha": self.q_alpha, "cd": self.cd,
                        "cliques": [[self.names[i] for i in c] for c in self.cliques],
                        "significant_pairs": [[self.names[i], self.names[j]] for x, i in enumerate(self.order())
                                              for j in self.order()[x + 1:] if self.significant(i, j)],
                        "tasks": len(self.tasks), "convention": NEMENYI_CONVENTION,
                        "p_values": [{"a": self.names[i], "b": self.names[j], "p": p, "tasks": len(self.tasks)}
                                     for i, j, p in self.nemenyi_p]},
            "control": None if self.control is None else self._control_json(),
            "wilcoxon_holm": [p.to_json() for p in self.pairs],
            "wilcoxon": {"zero_method": self.zero_method, "zero_methods": list(ZERO_METHODS),
                         "test": "scipy.stats.wilcoxon on the per-task differences, two-sided; Holm over every pair"},
            "bayesian": {"model": "baycomp's SignedRankTest (Dirichlet process, prior 1/2 at 0)", "rope": str(self.rope),
                         "rope_decimal": float(self.rope), "samples": self.bayes_samples, "boundary": BOUNDARY_RULE,
                         "pairs": [b.to_json() for b in self.bayes]},
            "undefined_values": self.undefined,
            "notes": list(self.notes),
            "bootstrap": None if self.bootstrap is None else {
                **self.bootstrap.to_json(),
                "entities": sorted(self.bootstrap.to_json()["entities"], key=lambda e: idx[e["entity"]])},
        }


    def _control_json(self) -> dict:
        c = self.control
        return {"control": self.names[c.control], "alpha": c.alpha, "critical_value": c.critical_value,
                "bonferroni_dunn_cd": c.cd, "tasks": c.tasks, "convention": CONTROL_CONVENTION,
                "comparisons": [{"entity": self.names[r.entity], "rank_difference": float(r.difference),
                                 "rank_difference_exact": str(r.difference), "z": r.z, "p": r.p, "p_holm": r.p_holm,
                                 "separated": r.separated, "tasks": c.tasks} for r in c.rows]}


def _statistic(table: TaskTable, score, values, ranks, direction: Direction, weights: TaskWeights,
               column: str | None = None) -> Statistic:
    """The bootstrap's statistic: the summarized performance where every task has one label set, the
    performances are dense and the score has a formula (with the test sets when every task has counts),
    else the mean rank (each drawn task's folds redrawn too when a results file keeps them as resamples)."""
    dense = table.has_performances and table.space is not None and isinstance(score, Score) \
        and not isinstance(table.boards[0].performances[0], SparsePerformance)
    if not dense:
        folds = table.folds(column) if column is not None else None
        if folds is not None:
            held = [np.array([[np.nan if v is None else float(direction.oriented(v)) for v in fold] for fold in task])
                    for task in folds]
            return Statistic("mean rank", np.array([[float(r) for r in row] for row in ranks]), None, None, None,
                             folds=held)
        return Statistic("mean rank", np.array([[float(r) for r in row] for row in ranks]), None, None, None)
    probs = np.array([[[float(p) for p in P.probabilities] for P in b.performances] for b in table.boards])
    lam = np.array([[float(w) for w in weights_for(table, weights, e)] for e in range(len(table.entities))])
    counts = None
    if all(b.counts is not None for b in table.boards):
        counts = np.array([b.counts for b in table.boards], dtype=float)
    return Statistic(f"summarized {score.name or score.text}", None, probs, lam, DrawEvaluator(score), counts,
                     float(direction.sign))


def task_statistics(table: TaskTable, score, direction: Direction | None = None, alpha: float = 0.05,
                    rope: object = 0, bayes: str = "adjacent", bayes_samples: int = SAMPLES, draws: int = 1000,
                    seed: int = 0, level: float = 0.95, weights: TaskWeights | None = None, jobs: int = 1,
                    scheduler: str | None = None, score_text: str | None = None,
                    values: list[list[Value]] | None = None, zero_method: str = ZERO_METHODS[0],
                    control: str | None = None) -> TaskStatistics:
    """The statistics of ``score`` (a Score, or a value column's name on a scores-only table; ``direction``
    for a column) over the tasks of ``table``; ``draws = 0``: no bootstrap; ``control``: an entity's name,
    compared with every other (Demšar's §3.2.2)."""
    if not 0 < alpha < 1:
        raise InvalidInput(f"expected --alpha in (0, 1) but got {alpha}")
    if bayes not in BAYES_CHOICES:
        raise InvalidInput(f"expected --bayes {', '.join(BAYES_CHOICES)} but got {bayes!r}")
    rope = Fraction(rope) if not isinstance(rope, str) else Fraction(rope)
    if rope < 0:
        raise InvalidInput(f"expected a ROPE half-width >= 0 but got {rope}")
    if zero_method not in ZERO_METHODS:
        raise InvalidInput(f"expected --zero-method {', '.join(ZERO_METHODS)} but got {zero_method!r}")
    names = table.entities
    if control is not None and control not in names:
        raise InvalidInput(f"--control {control!r} is not an entity of the table; expected one of "
                           f"{', '.join(names[:8])}" + (", ..." if len(names) > 8 else ""))
    if table.has_performances and not isinstance(score, str):
        score = task_scores(table, score, score_text)[0]
    direction = direction or (score.direction if not isinstance(score, str) else Direction.HIGHER)
    if values is None:
        values = task_values(table, score, jobs, scheduler, score_text)
    if len(names) < 2:
        raise InvalidInput("expected at least 2 entities to compare")
    ranks = task_ranks(values, direction)
    avg = average_ranks(ranks)
    fr = friedman(ranks)
    k, N = len(names), len(table.tasks)
    q, cd = nemenyi_cd(k, N, alpha)
    order = sorted(range(k), key=lambda i: (avg[i], names[i]))
    groups = cliques(order, avg, cd)
    pairs = wilcoxon_holm(values, names, order, direction, zero_method)
    oriented = [[None if v is None else direction.oriented(v) for v in row] for row in values]
    chosen = [] if bayes == "none" else [(order[x], order[x + 1]) for x in range(k - 1)] if bayes == "adjacent" else \
        [(i, j) for x, i in enumerate(order) for j in order[x + 1:]]
    bp = []
    for i, j in chosen:
        both = [(r[i], r[j]) for r in oriented if r[i] is not None and r[j] is not None]
        if not both:
            continue
        p = signed_rank([a for a, _ in both], [b for _, b in both], rope, bayes_samples, seed)
        bp.append(BayesPair(names[i], names[j], p.left, p.rope, p.right, len(both)))
    cmean, crank = consensus(values, direction)
    boot = None
    if draws:
        stat = _statistic(table, score, values, ranks, direction, weights or TaskWeights.parse("equal"),
                          score if isinstance(score, str) else None)
        boot = bootstrap(stat, names, draws, seed, level, jobs, scheduler)
    undefined = sum(v is None for row in values for v in row)
    label = score if isinstance(score, str) else (score_text or score.name or score.text)
    ctrl = control_comparisons(avg, N, names.index(control), alpha) if control is not None and k > 1 else None
    notes = list(table.notes)
    if table.has_performances and table.space is None:
        notes.append(f"label sets: {table.describe_label_sets()}; each task's {label} in its own label set; the "
                     "summarized performance mixes tasks of one label set only: the bootstrap resamples mean ranks")
    return TaskStatistics(label, direction, names, table.tasks, tuple(map(tuple, ranks)), tuple(avg), fr, alpha, q, cd,
                          tuple(groups), tuple(pairs), rope, tuple(bp), bayes_samples, tuple(cmean), tuple(crank),
                          boot, undefined, zero_method, tuple(nemenyi_p_values(avg, N)), ctrl, tuple(notes))


def values_json(st: TaskStatistics, values: list[list[Value]]) -> list[dict]:
    """The per-task values (a float and exact) for the JSON output, by task."""
    return [{"task": t, "values": {n: {"value": approximate(v), "exact": None if v is None else str(v)}
                                   for n, v in zip(st.names, row)}} for t, row in zip(st.tasks, values)]


__all__ = ["BAYES_CHOICES", "TaskStatistics", "task_statistics", "values_json"]
