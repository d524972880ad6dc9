"""The answer about one entity's first place: an :class:`Outcome` (alone, only tied, never,
undecided), where (a point of the Tile or, on k classes, an importance) and why (a certificate).

>>> CanWin("A", Verdict.PROVED, Outcome.WINS, TilePoint(Fraction(1, 2), Fraction(0))).to_json()["at"]
{'a': '1/2', 'b': '0', 'exact': True}
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from ordertheory.engine.result import Verdict, jsonable
from ordertheory.performance import Importance


class Outcome(enum.StrEnum):
    """Whether an entity ranks first for some R_(a,b): alone, only tied, never, or undecided."""

    WINS = "wins"
    TIES = "ties"
    NEVER = "never"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class TilePoint:
    """A point (a, b) of the Tile; ``exact`` is False for a rounded algebraic point."""

    a: Fraction
    b: Fraction
    exact: bool = True

    def to_json(self) -> dict:
        return {"a": str(self.a), "b": str(self.b), "exact": self.exact}


@dataclass(frozen=True)
class CanWin:
    """One entity: ``verdict`` is PROVED when it ranks first alone somewhere (``at``), REFUTED when
    it never does (``certificate``; ``outcome`` TIES with ``at`` and ``tied_with`` when it still
    shares first place somewhere), UNKNOWN with a reason."""

    entity: str
    verdict: Verdict
    outcome: Outcome
    at: TilePoint | None = None
    tied_with: tuple[str, ...] = ()
    certificate: str | None = None
    smtlib: str | None = None
    importance: Importance | None = None  # on k classes: where it is first

    def to_json(self) -> dict:
        return {"entity": self.entity, "can_win": self.verdict.value, "outcome": self.outcome.value,
                "at": None if self.at is None else self.at.to_json(), "tied_with": list(self.tied_with),
                "importance": jsonable(self.importance), "certificate": self.certificate}
