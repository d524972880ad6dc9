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
from ordertheory.performances.performance import Importance
from ordertheory.performances.sparse_importance import SparseImportance

TILE = "R_(a,b), (a, b) in the Tile"
IMPORTANCES = "importance I (R_I)"


class Place(enum.StrEnum):
    """Which place the question is about: first (who can win) or last (who can come last)."""

    FIRST = "first"
    LAST = "last"


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
    importance: Importance | SparseImportance | None = None  # on k classes: where it is first
    weights: tuple[tuple[str, Fraction], ...] = ()  # in a family: that importance's parameters, normalised

    @classmethod
    def of(cls, entity: str, verdict: Verdict, outcome: Outcome, method: str, *, at: TilePoint | None = None,
           tied_with: tuple[str, ...] = (), importance: Importance | SparseImportance | None = None,
           weights: tuple[tuple[str, Fraction], ...] = (), certificate: str | None = None,
           smtlib: tuple[tuple[str, str], ...] = (), seconds: float = 0.0, over: str = TILE,
           place: Place = Place.FIRST) -> CanWin:
        """The answer with its Result: ``certificate`` the words, ``smtlib`` a solver's proofs;
        ``place``: first (who can win) or last (who can come last)."""
        result = Result(f"{'winners' if place is Place.FIRST else 'last'}/{entity}",
                        f"{entity} ranks {place} alone for some {over}", verdict, seconds, method,
                        reason=certificate, certificate=smtlib)
        return cls(entity, outcome, result, at, tied_with, importance, weights)

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
                "importance": jsonable(self.importance), "certificate": self.certificate,
                **({"weights": {k: str(v) for k, v in self.weights}} if self.weights else {})}


@dataclass(frozen=True)
class RankRange:
    """Best and worst rank of one entity over the Tile, each with where it is attained, and the
    Result of "these are its best and worst ranks": PROVED when both bounds are proved optimal
    (with z3's certificates on the NRA path), UNKNOWN with the reason."""

    entity: str
    rank_min: int | None
    rank_min_at: TilePoint | None
    rank_max: int | None
    rank_max_at: TilePoint | None
    result: Result
    tied_at_min: tuple[str, ...] = ()  # the entities level with it at rank_min_at
    # on k classes: the witness importances, and the proved bounds of each end (lo, hi)
    rank_min_importance: Importance | SparseImportance | None = None
    rank_max_importance: Importance | SparseImportance | None = None
    bounds: tuple[tuple[int, int], tuple[int, int]] | None = None
    weights: tuple[tuple[tuple[str, Fraction], ...], tuple[tuple[str, Fraction], ...]] | None = None  # in a family

    @classmethod
    def of(cls, entity: str, ends: tuple, verdict: Verdict, method: str, reason: str | None = None,
           tied_at_min: tuple[str, ...] = (), smtlib: tuple[tuple[str, str], ...] = (),
           seconds: float = 0.0) -> RankRange:
        """``ends`` = (rank_min, rank_min_at, rank_max, rank_max_at), with the range's Result."""
        lo, hi = (str(r) if r is not None else "-" for r in (ends[0], ends[2]))
        result = Result(f"rank-range/{entity}", f"over every R_(a,b), (a, b) in the Tile, the best rank of {entity} "
                        f"is {lo} and its worst {hi}", verdict, seconds, method, reason=reason, certificate=smtlib)
        return cls(entity, *ends, result, tied_at_min)

    @classmethod
    def over_importances(cls, entity: str, ends: list, verdict: Verdict, method: str, reason: str | None,
                         tied_at_min: tuple[str, ...], seconds: float) -> RankRange:
        """On k classes: ``ends`` = [(rank, importance, (lo, hi))] for the best and the worst end."""
        (lo, I_lo, b_lo), (hi, I_hi, b_hi) = ends
        show = lambda r, b: str(r) if r is not None else f"in [{b[0]}, {b[1]}]"  # noqa: E731
        result = Result(f"rank-range/{entity}", f"over every importance I of the Tile on k classes (R_I), the best "
                        f"rank of {entity} is {show(lo, b_lo)} and its worst {show(hi, b_hi)}", verdict, seconds,
                        method, reason=reason)
        return cls(entity, lo, None, hi, None, result, tied_at_min, I_lo, I_hi, (b_lo, b_hi))

    @property
    def verdict(self) -> Verdict:
        return self.result.verdict

    @property
    def reason(self) -> str | None:
        return self.result.reason

    def to_json(self) -> dict:
        return {"entity": self.entity, "rank_min": self.rank_min,
                "rank_min_at": None if self.rank_min_at is None else self.rank_min_at.to_json(),
                "rank_max": self.rank_max,
                "rank_max_at": None if self.rank_max_at is None else self.rank_max_at.to_json(),
                "tied_at_min": list(self.tied_at_min), "verdict": self.verdict.value, "reason": self.reason,
                **({} if self.bounds is None else {
                    "rank_min_importance": jsonable(self.rank_min_importance),
                    "rank_max_importance": jsonable(self.rank_max_importance),
                    "rank_min_bounds": list(self.bounds[0]), "rank_max_bounds": list(self.bounds[1])}),
                **({} if self.weights is None else {
                    "rank_min_weights": {k: str(v) for k, v in self.weights[0]} or None,
                    "rank_max_weights": {k: str(v) for k, v in self.weights[1]} or None})}
