"""One result type for every statement the package decides, and its verdict.

A :class:`Verdict` is ``proved``, ``refuted`` or ``unknown``, ordered REFUTED < UNKNOWN < PROVED so
that the minimum of several verdicts is their conjunction's. It has no truth value: ``if verdict:``
would treat a timeout as a success, so it raises instead.

>>> Verdict.REFUTED < Verdict.UNKNOWN < Verdict.PROVED
True
>>> Verdict.conjunction([Verdict.PROVED, Verdict.UNKNOWN])
<Verdict.UNKNOWN: 'unknown'>
>>> print(Verdict.PROVED), Verdict.PROVED == "proved"
proved
(None, True)
>>> bool(Verdict.UNKNOWN)
Traceback (most recent call last):
...
TypeError: a Verdict has no truth value (a timeout is not a proof): compare it with Verdict.PROVED
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ordertheory.engine.witness import render_result

_RANK = {"refuted": 0, "unknown": 1, "proved": 2}


class Verdict(enum.StrEnum):
    """The outcome of deciding a statement; the minimum of several is their conjunction's."""

    REFUTED = "refuted"
    UNKNOWN = "unknown"
    PROVED = "proved"

    def __str__(self) -> str:
        return self.value

    def __bool__(self) -> bool:
        raise TypeError("a Verdict has no truth value (a timeout is not a proof): "
                        "compare it with Verdict.PROVED")

    def __hash__(self) -> int:
        return hash(self.value)

    @property
    def rank(self) -> int:
        """0 refuted, 1 unknown, 2 proved: the order of the conjunction."""
        return _RANK[self.value]

    def __lt__(self, other: object) -> bool:
        return self.rank < other.rank if isinstance(other, Verdict) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self.rank <= other.rank if isinstance(other, Verdict) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return self.rank > other.rank if isinstance(other, Verdict) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return self.rank >= other.rank if isinstance(other, Verdict) else NotImplemented

    @property
    def label(self) -> str:
        """The lower-case word, as printed and written in JSON."""
        return self.value

    @classmethod
    def parse(cls, text: str) -> Verdict:
        return cls(text.strip().lower())

    @classmethod
    def conjunction(cls, verdicts: Iterable[Verdict]) -> Verdict:
        """The verdict of "all of these": refuted if one is, else unknown if one is, else proved."""
        return min(verdicts, default=cls.PROVED)


@dataclass(frozen=True)
class Result:
    """What deciding one statement gave: the single result type of the package.

    ``witness`` is the counterexample when REFUTED (a :class:`~ordertheory.engine.witness.Witness`
    or, for a satisfiability question such as a transitivity case, the model that shows it
    possible); ``reason`` says why a result is UNKNOWN, or how a PROVED was obtained when not by a
    solver; ``corrected`` is, for a printed claim found wrong, the statement that holds instead;
    ``certificate`` holds the SMT-LIB texts ``(query id, text)`` whose ``unsat`` proves it.
    """

    id: str
    statement: str
    verdict: Verdict
    seconds: float = 0.0
    method: str = ""
    witness: Any = None
    reason: str | None = None
    certificate: tuple[tuple[str, str], ...] = field(default=(), repr=False, compare=False)
    corrected: str | None = None  # for a printed claim that is wrong: the statement that holds
    sanity: Any = field(default=None, repr=False, compare=False)  # a proof's engine.sanity.Sanity

    @property
    def proved(self) -> bool:
        return self.verdict is Verdict.PROVED

    @property
    def refuted(self) -> bool:
        return self.verdict is Verdict.REFUTED

    @property
    def smtlib(self) -> str | None:
        """The SMT-LIB text of a one-query proof (None when there is none)."""
        return self.certificate[0][1] if len(self.certificate) == 1 else None

    def __str__(self) -> str:
        return "\n".join(render_result(self))

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "statement": self.statement,
            "verdict": self.verdict.value,
            "method": self.method,
            "seconds": round(self.seconds, 4),
            "reason": self.reason,
            "witness": jsonable(self.witness),
            **({"corrected": self.corrected} if self.corrected else {}),
            **({"sanity": jsonable(self.sanity)} if self.sanity is not None else {}),
        }


def jsonable(obj: Any) -> Any:
    """The one JSON encoder of the package: exact numbers become strings ("1/3"), performances
    dicts of strings, objects with ``to_json`` their own JSON.

    >>> jsonable({"x": Fraction(1, 3), "v": [Verdict.PROVED, 2]})
    {'x': '1/3', 'v': ['proved', 2]}
    """
    if obj is None or isinstance(obj, bool | int | float):
        return obj
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, str):
        return obj
    if isinstance(obj, Fraction):
        return str(obj)
    if hasattr(obj, "to_json"):
        return obj.to_json()
    if hasattr(obj, "as_dict"):
        return {str(k): str(v) for k, v in obj.as_dict().items()}
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple | set | frozenset):
        items = sorted(obj, key=str) if isinstance(obj, set | frozenset) else obj
        return [jsonable(v) for v in items]
    return str(obj)
