"""Verdicts and results: ordered REFUTED < UNKNOWN < PROVED, results as frozen dataclasses.

>>> Verdict.REFUTED < Verdict.UNKNOWN < Verdict.PROVED
True
>>> min([Verdict.PROVED, Verdict.UNKNOWN]).label
'unknown'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any


class Verdict(IntEnum):
    """The outcome of deciding a statement; the minimum of several is their conjunction's."""

    REFUTED = 0
    UNKNOWN = 1
    PROVED = 2

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Verdict:
        return cls[text.upper()]


@dataclass(frozen=True)
class Result:
    """What deciding one obligation gave.

    ``witness`` is the counter-model in the package's own objects when REFUTED (and, for a
    satisfiability question such as a transitivity case, the model that shows it possible);
    ``reason`` says why a result is UNKNOWN, or how a PROVED was obtained when not by a solver.
    """

    id: str
    statement: str
    verdict: Verdict
    seconds: float
    method: str = "z3"
    witness: Any = None
    reason: str | None = None
    smtlib: str | None = field(default=None, repr=False, compare=False)

    @property
    def proved(self) -> bool:
        return self.verdict is Verdict.PROVED

    @property
    def refuted(self) -> bool:
        return self.verdict is Verdict.REFUTED

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "statement": self.statement,
            "verdict": self.verdict.label,
            "method": self.method,
            "seconds": round(self.seconds, 4),
            "reason": self.reason,
            "witness": _jsonable(self.witness),
        }


def _jsonable(w: Any) -> Any:
    from fractions import Fraction

    if w is None or isinstance(w, str | int | float | bool):
        return w
    if isinstance(w, Fraction):
        return str(w)
    if isinstance(w, dict):
        return {str(k): _jsonable(v) for k, v in w.items()}
    if isinstance(w, list | tuple):
        return [_jsonable(v) for v in w]
    if hasattr(w, "to_json"):
        return w.to_json()
    if hasattr(w, "as_dict"):
        return {k: str(v) for k, v in w.as_dict().items()}
    return str(w)
