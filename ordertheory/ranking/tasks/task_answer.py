"""The answer of ``tasks TABLE --score SCORE`` as one object and the JSON ``tasks --json`` prints, so that
the command line, the playground's benchmark page and the API compute and say the same thing.

Which score a table is ranked by (:func:`~ordertheory.ranking.tasks.label_sets.resolve`: a catalogue slug
or formula on a table of performances, a value column with its direction on a scores-only one), the
options checked as the command checks them, then :func:`~ordertheory.ranking.tasks.task_report.task_statistics`
and the critical-difference diagram of its Nemenyi test (:meth:`TasksAnswer.draw`).

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "tasks.csv"
>>> _ = path.write_text("task,entity,acc\\n" + "".join(f"t{t},{e},{v}\\n" for t, row in enumerate(
...     [[9, 8, 7], [8, 9, 6], [9, 7, 8], [7, 6, 5]]) for e, v in zip("ABC", row)))
>>> a = answer_tasks(read_tasks(str(path)), "acc", bayes="none", draws=0)
>>> [(e["entity"], e["average_rank_exact"]) for e in a.to_json()["entities"]]
[('A', '5/4'), ('B', '2'), ('C', '11/4')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.task_tables import TaskTable, read_tasks  # noqa: F401 (doctest)
from ordertheory.ranking.tasks.aggregates import task_values
from ordertheory.ranking.tasks.bayesian import SAMPLES
from ordertheory.ranking.tasks.cd_diagram import draw_cd
from ordertheory.ranking.tasks.label_sets import resolve
from ordertheory.ranking.tasks.statistics import ZERO_METHODS
from ordertheory.ranking.tasks.summarized import TaskWeights
from ordertheory.ranking.tasks.task_report import TaskStatistics, task_statistics, values_json

DRAWS = 1000  # the bootstrap over tasks (the command's default)
MAX_DRAWS = 10**6
MAX_BAYES_SAMPLES = 10**7


def parse_rope(text: object) -> Fraction:
    """The ROPE's half-width as typed (``0.01``, ``1/100``), exactly."""
    try:
        return Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(f"expected --rope as a number (e.g. 0.01 or 1/100) but got {text!r}") from None


@dataclass(frozen=True)
class TasksAnswer:
    """A table's statistics over its tasks, with the per-task values they were computed from."""

    table: TaskTable
    statistics: TaskStatistics
    values: list

    def to_json(self) -> dict:
        """``tasks --json`` (without ``ordertheory_version`` and ``out``)."""
        st = self.statistics
        return {"verdict": "numeric", **st.to_json(), "table": self.table.to_json(), "values": values_json(st, self.values)}

    def draw(self, path: str | Path) -> Path:
        """The critical-difference diagram (Nemenyi) into ``path`` (.png, .svg, .pdf; the 'plot' extra)."""
        st = self.statistics
        return draw_cd(st.names, st.average, st.cd, st.cliques, path,
                       f"{st.score}: average ranks over {len(st.tasks)} tasks (Nemenyi, α = {st.alpha:g})")


def answer_tasks(table: TaskTable, score: str | None, *, direction: str | None = None, alpha: float = 0.05,
                 rope: object = "0", bayes: str = "adjacent", bayes_samples: int = SAMPLES, draws: int = DRAWS,
                 seed: int = 0, level: float = 0.95, task_weights: str | None = "equal", jobs: int = 1,
                 scheduler: str | None = None, zero_method: str = ZERO_METHODS[0],
                 control: str | None = None) -> TasksAnswer:
    """The statistics of ``score`` over the tasks of ``table``, each option checked as ``tasks`` checks it
    (defaults: the command's)."""
    X, d, text = resolve(table, score, direction)
    weights = TaskWeights.parse(task_weights)
    if not 1 <= bayes_samples <= MAX_BAYES_SAMPLES:
        raise InvalidInput(f"expected --bayes-samples between 1 and 10^7 but got {bayes_samples}")
    width = parse_rope(rope)
    if not 0 <= draws <= MAX_DRAWS:
        raise InvalidInput(f"expected --draws between 0 and 10^6 but got {draws}")
    values = task_values(table, X, jobs, scheduler, text)
    st = task_statistics(table, X, d, alpha, width, bayes, bayes_samples, draws, seed, level, weights, jobs,
                         scheduler, text, values, zero_method, control)
    return TasksAnswer(table, st, values)


__all__ = ["DRAWS", "TasksAnswer", "answer_tasks", "parse_rope"]
