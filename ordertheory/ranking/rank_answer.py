"""The answer of ``rank FILE --score SCORE`` (no ``--over-tile``, no ``--uncertainty``) as one object and
the JSON ``rank --json`` prints, so that the command line, the playground and the API say the same thing.

A file is read the one way the command reads it (:func:`rank_input`): a multi-task table (a ``task`` or
``dataset`` column) is ranked by its summarized performance, or by an aggregate of the per-task values
(:func:`~ordertheory.ranking.tasks.aggregates.rank_tasks`); per-sample scores (``score:<entity>`` columns
of a predictions CSV, or JSON entities with ``y_true`` and ``y_score``) by a score that has a per-sample
form (ROC AUC, average precision, Brier…), exactly (:func:`~ordertheory.ranking.scored_ranking.rank_samples`);
per-sample predicted labels are counted; any other file is a leaderboard — two or k classes, dense or
sparse (:func:`~ordertheory.ranking.leaderboards.leaderboard.read_leaderboard`). A leaderboard with its
test sets (counts, or predictions) also says which adjacent entities are not separated (the posterior,
the command's defaults).

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "lb.csv"
>>> _ = path.write_text("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,7,0,0,3\\n")
>>> a = answer_rank(path, "accuracy", check=False, separation=False)
>>> [(e["entity"], e["rank"], e["value_exact"]) for e in a.to_json()["entities"]]
[('B', 1, '1'), ('A', 2, '7/10')]
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from ordertheory.catalogue import as_score
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.counts import available, leaderboard_counts
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard
from ordertheory.ranking.leaderboards.per_sample import Predictions, is_predictions_file, read_predictions
from ordertheory.ranking.leaderboards.task_tables import TaskTable, has_task_column, read_tasks
from ordertheory.ranking.rank import Ranking, rank_leaderboard
from ordertheory.ranking.scored_ranking import (
    ScoredLeaderboard,
    level_score,
    rank_samples,
    read_scored,
    scored_slug,
)
from ordertheory.ranking.tasks.aggregates import TaskRanking, default_aggregate, rank_tasks
from ordertheory.ranking.tasks.label_sets import resolve
from ordertheory.ranking.tasks.summarized import TaskWeights
from ordertheory.ranking.uncertainty.resample import Plan, Resampling
from ordertheory.ranking.uncertainty.uncertainty import check_predictions, rank_uncertainty
from ordertheory.scores.direction import Direction
from ordertheory.spaces.sample_space import SampleSpace


class InputKind(enum.StrEnum):
    """What a file holds, as ``rank`` reads it."""

    TASKS = "multi-task table"
    SCORES = "per-sample scores"
    PREDICTIONS = "per-sample predictions"
    LEADERBOARD = "leaderboard"


def score_json(text: str, X) -> dict:
    """A score in JSON (docs/json.md): as typed, and the formula it was read as."""
    return {"score": text.strip(), "formula": str(X.expr) if hasattr(X, "expr") else str(X)}


def leaderboard_json(lb: Leaderboard, r: Ranking, text: str, X, separation=None) -> dict:
    """``rank --json`` of a leaderboard; ``separation``: the default uncertainty (not separated pairs)."""
    fit = r.fitness.verdict.value if r.fitness else "computed"
    out = {"verdict": fit, "leaderboard": lb.provenance.to_json(), **r.to_json(), **score_json(text, X)}
    if separation is not None:
        out["not_separated"] = [[p.a, p.b] for p in separation.not_separated()]
        out["uncertainty"] = {**separation.plan.to_json(), "level": separation.level, "counts": separation.origin}
    return out


def scored_conversion(lb: ScoredLeaderboard) -> str:
    """How per-sample scores were read: exactly, at their distinct levels."""
    return f"per-sample scores, exact: {len(lb.levels())} distinct scores ({len(lb)} entities)"


def scored_json(lb: ScoredLeaderboard, r: Ranking, text: str, X) -> dict:
    """``rank --json`` of per-sample scores."""
    fit = r.fitness.verdict.value if r.fitness else "computed"
    return {"verdict": fit, "leaderboard": {"source": lb.source, "format": "per-sample scores",
                                            "conversion": scored_conversion(lb), "decimals": None,
                                            "renormalised_rows": 0},
            **r.to_json(), **score_json(text, X)}


def tasks_rank_json(r: TaskRanking, table: TaskTable, text: str, score, direction: Direction,
                    why: str | None = None) -> dict:
    """``rank --json`` of a multi-task table: the summarized ranking (checked on its Π), or the aggregate
    asked for with the summarized one beside it (``summarized``); ``why``: why the aggregate is not the
    summarized performance (tasks of several label sets), among the ``notes``."""
    fit = r.summarized.fitness if r.summarized is not None else None
    out: dict = {"verdict": fit.verdict.value if fit else "computed"}
    where = {"source": table.source, "format": "tasks", "conversion": table.conversion}
    if r.summarized is not None or table.has_performances:
        out.update(r.summarized.to_json() if r.summarized is not None else {})
        out["leaderboard"] = where
        out.update(score_json(text, score))
    else:
        out.update({"score": text, "formula": f"the value column {text}", "direction": direction.to_json(),
                    "leaderboard": where})
    out.update(r.to_json())
    out["notes"] = [*table.notes, *([why] if why else [])]
    if r.alternative is not None:  # the ranking asked for; the summarized one beside it
        out["summarized"] = out.pop("entities", None)
        out["entities"] = r.alternative.to_json()["entities"]
    return out


@dataclass(frozen=True)
class RankAnswer:
    """One file ranked by one score: what was read, the ranking and its JSON (``rank --json``, without
    ``ordertheory_version``). ``leaderboard``: the entities' performances when the file has them on one
    task (the Tile's questions need them), else None."""

    kind: InputKind
    payload: dict
    leaderboard: Leaderboard | None = None
    ranking: Ranking | None = None

    @property
    def verdict(self) -> Verdict | None:
        """The check of the score on Π (None: not checked, or a value column)."""
        v = self.payload["verdict"]
        return None if v == "computed" else Verdict(v)

    def to_json(self) -> dict:
        return self.payload


def rank_input(path: str | Path, score: str | None, pos_label: object = None, space: SampleSpace | None = None,
               decimals: int | None = None):
    """(kind, what was read) for ``rank``: a TaskTable, a ScoredLeaderboard (when ``score`` has a
    per-sample form and the file per-sample scores), (Leaderboard, Predictions) or (Leaderboard, None)."""
    if has_task_column(str(path)):
        return InputKind.TASKS, read_tasks(str(path), decimals=decimals, space=space, pos_label=pos_label)
    slug = scored_slug(score)
    if slug:
        lb = read_scored(str(path), pos_label, space.name if isinstance(space, SampleSpace) else space)
        if lb is not None:
            return InputKind.SCORES, lb
    if is_predictions_file(str(path)):
        pr = read_predictions(str(path), pos_label)
        return InputKind.PREDICTIONS, (pr.leaderboard(), pr)
    return InputKind.LEADERBOARD, (read_leaderboard(str(path), decimals=decimals, space=space, pos_label=pos_label),
                                   None)


def answer_rank(path: str | Path, score: str, *, pos_label: object = None, space: SampleSpace | None = None,
                decimals: int | None = None, check: bool = True, timeout: float = 60.0, separation: bool = True,
                aggregate: str | None = None, task_weights: str | None = None, direction: str | None = None,
                jobs: int = 1, scheduler: str | None = None, deadline: float | None = None) -> RankAnswer:
    """Rank the file at ``path`` by ``score`` as ``rank`` does (see the module's docstring); ``timeout``
    bounds the check, ``deadline`` (time.monotonic) the draws that say which pairs are separated."""
    if not score:
        raise InvalidInput("expected --score SCORE (a catalogue slug or a formula)")
    kind, read = rank_input(path, score, pos_label, space, decimals)
    if kind is InputKind.TASKS:
        X, d, text = resolve(read, score, direction)
        agg, why = default_aggregate(read, aggregate)
        r = rank_tasks(read, X, agg, TaskWeights.parse(task_weights), check=check, timeout=timeout, jobs=jobs,
                       scheduler=scheduler, score_text=text, direction=d)
        return RankAnswer(kind, tasks_rank_json(r, read, text, X, d, why), None, r.summarized)
    if aggregate or task_weights:
        raise InvalidInput("--aggregate and --task-weights are for a multi-task file (a task column)")
    if kind is InputKind.SCORES:
        slug = scored_slug(score)
        r = rank_samples(read, slug, check=check, timeout=timeout)
        return RankAnswer(kind, scored_json(read, r, score, level_score(read, slug)), None, r)
    lb, predictions = read
    X = as_score(score, lb.space)
    r = rank_leaderboard(lb, X, check=check, timeout=timeout)
    u = _separation(lb, X, r, predictions, jobs, scheduler, deadline) if separation else None
    return RankAnswer(kind, leaderboard_json(lb, r, score, X, u), lb, r)


def _separation(lb: Leaderboard, X, r: Ranking, predictions: Predictions | None, jobs: int, scheduler: str | None,
                deadline: float | None):
    """Which adjacent entities are not separated (the posterior, the command's defaults), when the test
    sets are known (counts, or the predictions); else None."""
    if predictions is not None:
        check_predictions(lb, predictions)
    elif available(lb):
        leaderboard_counts(lb)
    else:
        return None
    return rank_uncertainty(lb, X, Plan(Resampling.POSTERIOR), 0.95, None, predictions, r, jobs, scheduler,
                            deadline=deadline)


__all__ = ["InputKind", "RankAnswer", "answer_rank", "leaderboard_json", "rank_input", "score_json", "scored_json",
           "tasks_rank_json"]
