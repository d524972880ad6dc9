"""Each task in its own label set: the score of every task, and what exists across label sets.

A multi-task table holds each task in its own sample space (the labels seen in that task:
:mod:`~ordertheory.ranking.leaderboards.task_tables`). A score typed once (``--score macro_f1``) is
therefore read once per label set — macro-F1 of a binary task averages 2 classes, of a 3-class task 3 —
and each task's value is that task's score, equal to scikit-learn's on the task's predictions.

What is defined across label sets is what is defined per task: the per-task values and ranks, their
aggregates (mean score, mean and median rank), Friedman, Nemenyi, Wilcoxon, the Bayesian test. The
*summarized performance* — each entity's task performances mixed into one — exists only when every task
has one label set (a mixture lives on one Ω): :func:`require_one_label_set` says so in one line and names
the aggregates that remain.

>>> import io
>>> from ordertheory.ranking.leaderboards.task_tables import read_tasks
>>> tt = read_tasks(io.StringIO("task,entity,true,pred,count\\nt1,A,0,0,3\\nt1,A,1,1,2\\n"
...                             "t2,A,0,0,1\\nt2,A,1,2,1\\nt2,A,2,2,2\\n"))
>>> [X.space.name for X in task_scores(tt, "macro_f1")]
['binary', 'multiclass:3']
"""

from __future__ import annotations

from ordertheory.catalogue import as_score
from ordertheory.errors import InvalidInput, OrderTheoryError
from ordertheory.ranking.leaderboards.task_table import TaskTable
from ordertheory.scores.class_score import ClassScore
from ordertheory.scores.direction import Direction
from ordertheory.scores.score import Score

PER_TASK = "mean-score, mean-rank or median-rank"  # the aggregates defined per task


def score_text(score: Score | ClassScore | str, text: str | None = None) -> str:
    """The text a score is read from again on another label set."""
    if text:
        return text
    if isinstance(score, str):
        return score
    return score.name or score.text


def task_scores(table: TaskTable, score: Score | ClassScore | str, text: str | None = None) -> list:
    """The score on each task's own space (one reading per label set; a Score given on the tasks' one
    space is used as it is)."""
    if not table.has_performances:
        raise InvalidInput("a scores-only table has no performances: the score is a value column")
    read: dict = {}
    out = []
    for b in table.boards:
        sp = b.space
        if sp not in read:
            if not isinstance(score, str) and _on(score, sp):
                read[sp] = score
            else:
                try:
                    read[sp] = as_score(score_text(score, text), sp)
                except OrderTheoryError as exc:
                    if table.space is not None:
                        raise
                    raise InvalidInput(f"{score_text(score, text)} is not a score of the tasks in {sp.name}: {exc}") \
                        from None
        out.append(read[sp])
    return out


def _on(score, space) -> bool:
    if isinstance(score, Score):
        return score.space == space
    return isinstance(score, ClassScore) and space.is_crisp_multiclass and space.classes == score.k


def require_one_label_set(table: TaskTable, what: str = "the summarized performance") -> None:
    """A one-line error when the tasks have several label sets (``what`` mixes tasks of one only)."""
    if table.has_performances and table.space is None:
        raise InvalidInput(f"{what} mixes tasks of one label set; these tasks have {len(table.label_sets())} "
                           f"({table.describe_label_sets()}): use --aggregate {PER_TASK} (defined per task), "
                           "or --space multiclass:K to read every task in one space")


def resolve(table: TaskTable, text: str | None, direction: str | None = None) -> tuple:
    """(score or value column, its direction, the text as typed) for a table: a Score on a table of
    performances (read on its first task's space; :func:`task_scores` reads it on each), a value column of a
    scores-only table with its direction (``direction`` given, else the file's — amlb's metrics —, else the
    catalogue's when the column is a slug, else higher)."""
    if table.has_performances:
        if not text:
            raise InvalidInput("expected --score SCORE (a catalogue slug or a formula)")
        if direction:
            raise InvalidInput("--direction is for a value column of a scores-only table; a score knows its own")
        scores = task_scores(table, text)
        return scores[0], scores[0].direction, text
    column = text or (table.columns[0] if len(table.columns) == 1 else "result" if "result" in table.columns else None)
    if column is None:
        raise InvalidInput(f"expected --score naming one of the value columns: {', '.join(table.columns)}")
    table.column(column)  # an unknown column: one line
    if direction:
        return column, Direction(direction), column
    if column in table.directions:
        return column, table.directions[column], column
    try:
        return column, as_score(column).direction, column
    except (OrderTheoryError, ValueError):
        return column, Direction.HIGHER, column


__all__ = ["PER_TASK", "require_one_label_set", "resolve", "score_text", "task_scores"]
