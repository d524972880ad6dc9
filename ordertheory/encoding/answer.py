"""What a solver answered, as typed objects: a status, an exact model and a reason.

Every solver of the package (z3 in the worker process, cvc5 for replay) answers with one
:class:`Answer` (pysmt's solver-neutral answers, CrossHair's one status enum): its :class:`Status`,
the :class:`Model` of a satisfiable query in exact values, and, when the status is UNKNOWN, why.
Answers cross the process boundary and live in the result cache as JSON (:meth:`Answer.to_json`).
Mapping a status to a verdict is the engine's business, in one place
(:class:`ordertheory.engine.prove.Decider`).

>>> a = Answer(Status.SAT, model=Model({"x": Fraction(1, 2), "b": True}), solver="z3")
>>> Answer.from_json(a.to_json()) == a, a.model["x"], str(a.model)
(True, Fraction(1, 2), '[x = 1/2, b = True]')
>>> Status("unsat") is Status.UNSAT
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

Value = Fraction | bool | str  # a number, a truth value, or an element of an uninterpreted sort


class Status(enum.Enum):
    """A solver's answer to "is this satisfiable?"."""

    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value

    @property
    def settled(self) -> bool:
        """SAT or UNSAT: the solver decided."""
        return self is not Status.UNKNOWN


def expectation(status: Status, why: str = "") -> str:
    """The line a certificate's header states its expected answer with (``; expected: unsat (…)``).

    >>> expectation(Status.UNSAT, "no counterexample exists")
    'expected: unsat (no counterexample exists)'
    """
    return f"expected: {status.value}" + (f" ({why})" if why else "")


def _value_json(v: Value) -> list:
    if isinstance(v, bool):
        return ["b", v]
    if isinstance(v, Fraction):
        return ["r", str(v)]
    return ["e", str(v)]


def _value_of(js: list) -> Value:
    kind, v = js
    return Fraction(v) if kind == "r" else bool(v) if kind == "b" else str(v)


@dataclass(frozen=True, eq=False)
class Model(Mapping):
    """A model in exact values: each constant's value (``model["x"]``), the universe of each
    uninterpreted sort, and the table of each function whose arguments range over finite sorts.

    Numbers are Fractions; an algebraic value (x² = 2) is rounded to 40 digits and its name listed in
    ``rounded``: such a model is a candidate to re-validate, never a witness by itself.
    """

    values: Mapping[str, Value]
    universes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    tables: Mapping[str, Mapping[tuple, Value]] = field(default_factory=dict)
    rounded: frozenset[str] = frozenset()

    def __getitem__(self, name: str) -> Value:
        return self.values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Model):
            return NotImplemented
        return (dict(self.values), dict(self.universes), {k: dict(t) for k, t in self.tables.items()},
                self.rounded) == (dict(other.values), dict(other.universes),
                                  {k: dict(t) for k, t in other.tables.items()}, other.rounded)

    __hash__ = None

    def universe(self, sort: str) -> tuple[str, ...]:
        """The elements of an uninterpreted sort, in the solver's order (empty when none)."""
        return tuple(self.universes.get(sort, ()))

    def table(self, name: str) -> Mapping[tuple, Value]:
        """A function's values by argument tuple (empty when the function is not tabulated)."""
        return self.tables.get(name, {})

    def __str__(self) -> str:
        return "[" + ", ".join(f"{k} = {v}" for k, v in self.values.items()) + "]"

    def to_json(self) -> dict:
        return {"values": {k: _value_json(v) for k, v in self.values.items()},
                "universes": {k: list(v) for k, v in self.universes.items()},
                "tables": {k: [[*(_value_json(a) for a in args), _value_json(v)] for args, v in t.items()]
                           for k, t in self.tables.items()},
                "rounded": sorted(self.rounded)}

    @classmethod
    def from_json(cls, js: dict) -> Model:
        return cls({k: _value_of(v) for k, v in js.get("values", {}).items()},
                   {k: tuple(v) for k, v in js.get("universes", {}).items()},
                   {k: {tuple(_value_of(a) for a in row[:-1]): _value_of(row[-1]) for row in rows}
                    for k, rows in js.get("tables", {}).items()},
                   frozenset(js.get("rounded", ())))


@dataclass(frozen=True)
class Answer:
    """One solver call's answer: ``status``; ``model`` when SAT; ``reason`` when UNKNOWN; the solver
    and version that answered (cvc5: with its configuration); ``models``: every model found by an
    enumeration (then UNSAT means the enumeration is complete)."""

    status: Status
    reason: str | None = None
    model: Model | None = None
    solver: str = ""
    seconds: float = field(default=0.0, compare=False)
    models: tuple[Model, ...] = ()
    cached: bool = field(default=False, compare=False)

    @classmethod
    def unknown(cls, solver: str, reason: str, seconds: float = 0.0) -> Answer:
        return cls(Status.UNKNOWN, reason, solver=solver, seconds=seconds)

    def to_json(self) -> dict:
        return {"status": self.status.value, "reason": self.reason, "solver": self.solver,
                "seconds": self.seconds, "model": None if self.model is None else self.model.to_json(),
                "models": [m.to_json() for m in self.models]}

    @classmethod
    def from_json(cls, js: dict, cached: bool = False) -> Answer:
        model = js.get("model")
        return cls(Status(js.get("status", "unknown")), js.get("reason"),
                   None if model is None else Model.from_json(model), js.get("solver") or "",
                   float(js.get("seconds") or 0.0), tuple(Model.from_json(m) for m in js.get("models") or ()),
                   cached)
