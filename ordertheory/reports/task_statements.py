"""Section M of the supplementary material: several tasks — the summarized performance against the mean of scores.

The statements of :mod:`~ordertheory.ranking.tasks.coincidence` (when the ranking of each entity's
summarized performance coincides with the ranking by the mean of its per-task scores: proved for every
ranking score whose E_P[I] is the same on every task, always for accuracy; refuted with an exact
counterexample for F1, the Jaccard index and precision), as the documents print them. Deterministic:
no times in the documents, a fixed order.
"""

from __future__ import annotations

from ordertheory.ranking.tasks.coincidence import coincidence_statements
from ordertheory.reports.model import DocumentStatement

SECTION = "M"


def task_statements() -> list[DocumentStatement]:
    """The statements of section M, in a stable order (the paper job's ``tasks`` phase)."""
    return [DocumentStatement(r, SECTION) for r in coincidence_statements()]


__all__ = ["SECTION", "task_statements"]
