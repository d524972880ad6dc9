"""The answer about one entity's first place: an :class:`Outcome` (alone, only tied, never,
undecided), where (a point of the Tile or, on k classes, an importance), and the decided
statement "it ranks first alone somewhere" as a :class:`~ordertheory.engine.result.Result`
(verdict, how, why, the SMT-LIB certificates of a solver's proof).

>>> w = CanWin.of("A", Verdict.PROVED, Outcome.WINS, "exact geometry", at=TilePoint(Fraction(1, 2), Fraction(0)))
>>> w.to_json()["at"], w.result.statement
({'a': '1/2', 'b': '0', 'exact': True}, 'A ranks first alone for some R_(a,b), (a, b) in the Tile')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from ordertheory.engine.result import Result, Verdict, jsonable
from ordertheory.performance import Importance

TILE = "R_(a,b), (a, b) in the Tile"
IMPORTANCES = "importance I (R_I)"


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
    """One entity and the Result of "it ranks first alone for some R": PROVED when it does (at
    ``at``, or for ``importance`` on k classes), REFUTED when it never does (``outcome`` TIES, with
    ``at`` and ``tied_with``, when it still shares first place somewhere), UNKNOWN with the reason.
    The Result's ``reason`` is the certificate in words (how it was decided, or why not)."""

    entity: str
    outcome: Outcome
    result: Result
    at: TilePoint | None = None
    tied_with: tuple[str, ...] = ()
    importance: Importance | None = None  # on k classes: where it is first

    @classmethod
    def of(cls, entity: str, verdict: Verdict, outcome: Outcome, method: str, *, at: TilePoint | None = None,
           tied_with: tuple[str, ...] = (), importance: Importance | None = None, certificate: str | None = None,
           smtlib: tuple[tuple[str, str], ...] = (), seconds: float = 0.0, over: str = TILE) -> CanWin:
        """The answer with its Result: ``certificate`` the words, ``smtlib`` a solver's proofs."""
        result = Result(f"winners/{entity}", f"{entity} ranks first alone for some {over}", verdict, seconds, method,
                        reason=certificate, certificate=smtlib)
        return cls(entity, outcome, result, at, tied_with, importance)

    @property
    def verdict(self) -> Verdict:
        return self.result.verdict

    @property
    def certificate(self) -> str | None:
        """Why, in words: how first place was found, or why it never is, or why it stayed open."""
        return self.result.reason

    @property
    def smtlib(self) -> str | None:
        """The SMT-LIB text whose unsat proves "never first (alone)", when a solver decided it."""
        return self.result.smtlib

    def to_json(self) -> dict:
        return {"entity": self.entity, "can_win": self.verdict.value, "outcome": self.outcome.value,
                "at": None if self.at is None else self.at.to_json(), "tied_with": list(self.tied_with),
                "importance": jsonable(self.importance), "certificate": self.certificate}
