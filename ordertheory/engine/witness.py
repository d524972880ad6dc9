"""Exact re-validation of witnesses, independent of any solver.

Each function takes exact performances and returns True only when the violation holds in exact
arithmetic (rationals, or sympy's guarded evaluation for radicals and probit): membership in Π,
supports, domains, and the strict inequality itself.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import sympy

from ordertheory.exact import as_sympy, sign
from ordertheory.performances.performance import Performance, mixture
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet


def _inside(score: Score, Pi: PerformanceSet, *Ps: Performance) -> bool:
    return all(Pi.contains(P) and score.in_domain(P) for P in Ps)


def mixture_violation(score: Score, Pi: PerformanceSet, P1: Performance, P2: Performance,
                      lam: Fraction, direction: int) -> bool:
    """direction +1 (test 2): X(M) > max(X(P1), X(P2)); −1 (test 3): X(M) < min(...)."""
    if not (0 <= lam <= 1) or not _inside(score, Pi, P1, P2):
        return False
    M = mixture([P1, P2], [lam, 1 - lam])
    if not _inside(score, Pi, M):
        return False
    xm = score.exact_value(M)
    return all(direction * sign(xm - score.exact_value(P)) > 0 for P in (P1, P2))


def closure_violation(score: Score, Pi: PerformanceSet, P1: Performance, P2: Performance,
                      lam: Fraction) -> bool:
    """P1, P2 ∈ Π ∩ dom(X) but the mixture λP1 + (1−λ)P2 is outside dom(X)."""
    if not (0 <= lam <= 1) or not _inside(score, Pi, P1, P2):
        return False
    return not score.in_domain(mixture([P1, P2], [lam, 1 - lam]))


def theorem2_violation(score: Score, Pi: PerformanceSet, event: frozenset[str], P: Performance) -> bool:
    """P(E) = 1, P ∈ Π ∩ dom(X) and X(P) outside [min_E S, max_E S]."""
    if P.probability(event) != 1 or not _inside(score, Pi, P):
        return False
    sat = [score.space.S(o) for o in event]
    x = score.exact_value(P)
    return sign(x - min(sat)) < 0 or sign(x - max(sat)) > 0


# --- the witness as an object, and its one renderer ------------------------------------------------
class TestName(enum.StrEnum):
    """The tests of a score (§5.2) and their companions: the closed set of their names (a report's
    keys; each equals its text, so ``report.tests["test1"]`` reads as well)."""

    TEST1 = "test1"  # Axiom 2 on Π
    TEST2 = "test2"  # mixtures never exceed the better end
    TEST3 = "test3"  # mixtures never fall below the worse end
    THEOREM2 = "theorem2_condition"
    DOMAIN_CLOSED = "domain_closed"

    @property
    def plain(self) -> str:
        """The name a reader sees (CLI text, the playground, the documents): the test's number and, in
        words, what it asks — the key (``test1``) stays the JSON's.

        >>> TestName.TEST2.plain
        'test 2 (a mixture is never better than both)'
        """
        return PLAIN_NAMES[self]

    @property
    def short(self) -> str:
        """The name without its explanation (``test 2``), as a reason cites it."""
        return PLAIN_NAMES[self].split(" (")[0]

    @property
    def is_note(self) -> bool:
        """Whether a failure is not a failed test: Theorem 2's condition is only *sufficient* for Axiom 2
        (test 1 decides Axiom 2 itself), so when unmet it is shown as a note, never as a refutation."""
        return self is TestName.THEOREM2


#: The one map from a test to its plain-language name (§5.2's three tests, domain closure of Theorem 3,
#: and Theorem 2's sufficient condition), for students first: what each asks, in words.
PLAIN_NAMES = {
    TestName.TEST1: "test 1 (a surely less satisfying performance never scores higher)",  # Axiom 2 on Π
    TestName.TEST2: "test 2 (a mixture is never better than both)",  # max over Π' bounds conv(Π')
    TestName.TEST3: "test 3 (a mixture is never worse than both)",  # min over Π' bounds conv(Π')
    TestName.DOMAIN_CLOSED: "domain closure (a mixture of scored performances is scored too)",  # Theorem 3
    TestName.THEOREM2: "Theorem 2's sufficient condition (the score stays between the least and the greatest "
                       "satisfaction the performance can give)",
}


class WitnessKind(enum.Enum):
    """Which statement a witness violates (the closed set of counterexample shapes), by test."""

    AXIOM2 = TestName.TEST1.value
    MIXTURE_ABOVE = TestName.TEST2.value
    MIXTURE_BELOW = TestName.TEST3.value
    CLOSURE = TestName.DOMAIN_CLOSED.value
    THEOREM2 = TestName.THEOREM2.value


_VIOLATED = {
    WitnessKind.AXIOM2: "X(P1) ≤ X(P2) (Axiom 2 at level s)",
    WitnessKind.MIXTURE_ABOVE: "X(M) ≤ max(X(P1), X(P2))",
    WitnessKind.MIXTURE_BELOW: "X(M) ≥ min(X(P1), X(P2))",
    WitnessKind.CLOSURE: "M ∈ dom(X)",
    WitnessKind.THEOREM2: "min_E S ≤ X(P) ≤ max_E S",
}


SPARSE_FROM = 16  # a performance on more outcomes is printed by its non-zero cells


def violated_text(kind: WitnessKind) -> str:
    """The inequality a witness of this kind violates, as the witness prints it."""
    return _VIOLATED[kind]


def decimal(value: object, digits: int = 6) -> str:
    """A short decimal for a human reader, beside the exact value (never used to decide).

    >>> decimal(Fraction(101993, 109383))
    '0.932439'
    """
    try:
        f = float(value) if isinstance(value, Fraction | int) else float(sympy.N(as_sympy(value), 30))
    except (TypeError, ValueError, OverflowError):
        return str(value)
    return format(f, f".{digits}g")


def exact_and_decimal(value: object) -> str:
    """'1/3 ≈ 0.333333', or just '1/2 = 0.5' when the decimal is exact, or '0'."""
    if value is None:
        return "undefined"
    text, dec = str(value), decimal(value)
    if text == dec:
        return text
    exact_dec = isinstance(value, Fraction) and Fraction(dec) == value
    return f"{text} {'=' if exact_dec else '≈'} {dec}"


class Witness(Mapping):
    """A validated counterexample: its performances and parameters (read like a dict: ``w["P1"]``),
    the score's exact values there, and the inequality that fails, written out.

    Built only from a witness that the matching ``*_violation`` function accepted.
    """

    __slots__ = ("kind", "_items", "values", "violated")

    def __init__(self, kind: WitnessKind, items: dict, values: dict, violated: str) -> None:
        self.kind, self._items, self.values, self.violated = kind, dict(items), dict(values), violated

    @classmethod
    def of(cls, kind: WitnessKind, score: Score, items: dict) -> Witness:
        """Compute the values of ``score`` at each performance of ``items`` (and at the mixture)."""
        perfs = {k: v for k, v in items.items() if isinstance(v, Performance)}
        if "lambda" in items and "P1" in perfs and "P2" in perfs:
            lam = items["lambda"]
            perfs["M"] = mixture([perfs["P1"], perfs["P2"]], [lam, 1 - lam])
        values = {k: score.value_or_none(P) for k, P in perfs.items()}
        if kind is WitnessKind.THEOREM2:
            sat = [score.space.S(o) for o in items["event"]]
            violated = f"{min(sat)} ≤ X(P) ≤ {max(sat)} on E = {{{', '.join(items['event'])}}}"
        else:
            violated = _VIOLATED[kind]
        return cls(kind, {**items, **({"M": perfs["M"]} if "M" in perfs else {})}, values, violated)

    def __getitem__(self, key: str) -> Any:
        if key == "M" and "M" not in self._items:
            raise KeyError(key)
        return self._items[key]

    def __iter__(self):
        return (k for k in self._items if k != "M")

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Witness):
            return self.kind is other.kind and self._items == other._items
        return Mapping.__eq__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"Witness({self.kind.value}, {dict(self)!r})"

    def lines(self) -> list[str]:
        """The witness for a reader: performances, the mixture named, values exact and decimal,
        and the inequality that fails."""
        out = []
        for k, v in self._items.items():
            if k == "M":
                out.append(f"M = λ·P1 + (1−λ)·P2 = {performance_text(v)}")
            elif isinstance(v, Performance | SparsePerformance):
                out.append(f"{k} = {performance_text(v)}")
            elif k == "lambda":
                out.append(f"λ = {exact_and_decimal(v)}")
            elif k == "event":
                out.append("E = {" + ", ".join(v) + "}")
            else:
                out.append(f"{k} = {v}")
        if self.values:
            out.append(", ".join(f"X({k}) = {exact_and_decimal(v)}" for k, v in self.values.items()))
        out.append(f"violated: {self.violated}")
        return out

    def to_json(self) -> dict:
        out: dict[str, Any] = {}
        for k, v in self._items.items():
            if isinstance(v, Performance | SparsePerformance) or hasattr(v, "as_dict"):  # sparse: its non-zero cells
                out[k] = {o: str(p) for o, p in v.as_dict().items()}
            elif isinstance(v, list | tuple):
                out[k] = [str(x) for x in v]
            else:
                out[k] = str(v)
        out["values"] = {f"X({k})": None if v is None else str(v) for k, v in self.values.items()}
        out["decimals"] = {f"X({k})": None if v is None else decimal(v) for k, v in self.values.items()}
        out["violated"] = self.violated
        return out


def performance_text(P: Performance | SparsePerformance) -> str:
    """A performance as the witness layout prints it: exact cells, a k-class one by its non-zero cells."""
    if isinstance(P, SparsePerformance):  # k classes: the non-zero cells, runs of the diagonal in one item
        return f"({P.cells_text()})"
    if P.space.classes and len(P.space) > SPARSE_FROM:  # a dense k-class performance, read the same way
        return f"({SparsePerformance.from_performance(P).cells_text()})"
    return str(P)


def render_result(r) -> list[str]:
    """One result as text lines: the verdict, how it was decided, the witness or the reason."""
    head = f"{r.id}: {r.verdict.value.upper()} ({r.method or 'no method'}, {r.seconds:.2f} s)"
    out = [head, f"  {r.statement}"] if r.statement else [head]
    if r.witness is not None:
        lines = r.witness.lines() if isinstance(r.witness, Witness) else [str(r.witness)]
        out += ["  " + line for line in lines]
    if r.reason:
        out.append(f"  reason: {r.reason}")
    return out
