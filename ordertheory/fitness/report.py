"""The report of one score's tests on one Π: verdicts, witnesses, reasons (§5.2).

>>> from ordertheory.fitness.score_tests import run_tests
>>> print(str(run_tests("tpr", timeout=20)).splitlines()[-1])
=> fit for ranking on Π (Theorems 1–3 with Φ = conv)
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace

from ordertheory.engine.result import Result, Verdict, jsonable
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.engine.witness import TestName, Witness
from ordertheory.fitness.assumptions import line as sanity_line
from ordertheory.frames import data_frame
from ordertheory.scores.direction import Direction
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet

T1, T2, T3, THEOREM2, CLOSED = (TestName.TEST1, TestName.TEST2, TestName.TEST3, TestName.THEOREM2,
                                 TestName.DOMAIN_CLOSED)
TESTS = (T1, T2, T3, THEOREM2, CLOSED)
FIT_TESTS = (T1, T2, T3, CLOSED)  # Theorem 3 with Φ = conv
VERDICT_LINE = {Verdict.PROVED: "=> fit for ranking on Π (Theorems 1–3 with Φ = conv)",
                Verdict.REFUTED: "=> NOT fit for ranking on Π: see the counterexample above",
                Verdict.UNKNOWN: "=> undecided: see the reasons above"}
VACUOUS_LINE = ("=> vacuous on Π: Π ∩ dom(X) is empty — the score is defined nowhere on Π, so it ranks "
                "nothing there (every test holds vacuously; not 'fit for ranking')")
TEST_TITLES = {t: t.plain for t in TESTS}  # the plain-language names (engine.witness.PLAIN_NAMES: the one place)
NOTE_LINE = {Verdict.PROVED: "holds (Axiom 2 also follows from it)",
             Verdict.REFUTED: "not met: it is only sufficient for Axiom 2, which test 1 decides on Π itself — "
                              "not a failed test",
             Verdict.UNKNOWN: "undecided — only sufficient for Axiom 2, which test 1 decides on Π itself"}


SETTLED_BY = "not decided: {test} is refuted, so the score is not fit on Π whatever this test says"


def verdict_word(test: str, verdict: Verdict) -> str:
    """How a test's verdict reads: its label (proved, refuted, unknown), or for a sufficient condition
    (a note) ``note: holds`` / ``note: not met`` / ``note: undecided`` — an unmet one is no failed test."""
    if TestName(test).is_note:
        return "note: " + {Verdict.PROVED: "holds", Verdict.REFUTED: "not met"}.get(verdict, "undecided")
    return verdict.label


def short_title(test: str) -> str:
    """``test 2`` for test2: the name a reason uses."""
    return TestName(test).short


def expected_tests(tests) -> list[str]:
    """The tests a report holds: those asked, and domain closure when test 2 or 3 is asked."""
    want = [t for t in TESTS if t in tests]
    if (T2 in want or T3 in want) and CLOSED not in want:
        want.append(CLOSED)
    return want


UNSOUGHT = Sanity(SanityKind.UNDECIDED, {}, "the procedure that proved it (a statement for every k) sought no sanity model")


def _with_sanity(r: Result) -> Result:
    """A proved test says whether its assumptions can hold: a path that sought no model says so."""
    return replace(r, sanity=UNSOUGHT) if r.verdict is Verdict.PROVED and r.sanity is None else r


@dataclass(frozen=True)
class ScoreReport:
    """All tests of one score on one Π, keyed by their names as text (``report.tests["test1"]``)."""

    score: Score  # the score whose tests were run: −X for a loss X (``direction`` lower)
    Pi: PerformanceSet
    tests: dict[str, Result]
    domain: Sanity | None = None  # Π ∩ dom(X) ≠ ∅ shown by an exact point, or proved empty (vacuous)
    direction: Direction = Direction.HIGHER  # how the score as given ranks: a loss is checked as −X

    @property
    def as_loss(self) -> str:
        """`` as a loss (ranked by −X: lower X is better)`` for a loss, else the empty string."""
        if self.direction is Direction.HIGHER:
            return ""
        name = self.score.name.removeprefix("-")
        return f" as a loss (ranked by −{name}: lower {name} is better)"

    def __post_init__(self) -> None:  # the names' text as keys, the enum's members being equal to it
        object.__setattr__(self, "tests", {str.__str__(t): _with_sanity(r) for t, r in self.tests.items()})

    @property
    def verdict(self) -> Verdict:
        """Fit for ranking on Π: the three tests and domain closure (Theorem 3 with Φ = conv)."""
        return Verdict.conjunction(self.tests[t].verdict for t in FIT_TESTS if t in self.tests)

    @property
    def vacuous(self) -> bool:
        """Π ∩ dom(X) is empty: every test holds vacuously, and X ranks nothing on Π."""
        return self.domain is not None and self.domain.vacuous

    @property
    def fit_for_ranking(self) -> bool | None:
        """True when proved, False when refuted, None when undecided — or vacuous (Π ∩ dom(X) = ∅)."""
        if self.vacuous:
            return None
        return {Verdict.PROVED: True, Verdict.REFUTED: False}.get(self.verdict)

    def __str__(self) -> str:
        lines = [f"score: {self.score.text or self.score.name}",
                 f"domain (as written): {' and '.join(str(c) for c in self.score.conditions) or 'every performance'}",
                 f"Π: {self.Pi.label} on {self.score.space.name}"]
        width = max((len(TEST_TITLES[t]) for t in self.tests if not TestName(t).is_note), default=0)
        for t, r in self.tests.items():
            if TestName(t).is_note:
                continue
            lines.append(f"  {TEST_TITLES[t]:<{width}}  {r.verdict.value.upper():<8} ({r.method}, {r.seconds:.2f} s)")
            lines += self._details(r)
        for t, r in self.tests.items():  # a sufficient condition: a note, never a refuted line under a proof
            if TestName(t).is_note:
                lines += [f"  note: {TEST_TITLES[t]}", f"      {NOTE_LINE[r.verdict]} ({r.method}, {r.seconds:.2f} s)"]
                lines += self._details(r)
        verdict = VACUOUS_LINE if self.vacuous else VERDICT_LINE[self.verdict]
        if self.as_loss and not self.vacuous and self.verdict is not Verdict.UNKNOWN:
            verdict = verdict.replace("for ranking on Π", f"for ranking on Π{self.as_loss}", 1)
        lines.append(verdict)
        return "\n".join(lines)

    @staticmethod
    def _details(r: Result) -> list[str]:
        """A test's witness, its reason when unknown, and what a proof assumed (indented under its line)."""
        lines = ["      " + x for x in r.witness.lines()] if isinstance(r.witness, Witness) else []
        if r.reason and r.verdict is Verdict.UNKNOWN:
            lines.append(f"      reason: {r.reason}")
        if r.verdict is Verdict.PROVED and r.sanity is not None:  # no vacuous proof unsaid (issue 34)
            lines.append(f"      {sanity_line(r.sanity)}")
        return lines

    def _repr_html_(self) -> str:
        """A table for notebooks: one row per test, with the witness when refuted."""
        rows = "".join(
            f"<tr><td>{html.escape(TEST_TITLES[t])}</td><td><b>{verdict_word(t, r.verdict)}</b></td><td>{html.escape(r.method)}</td>"
            f"<td>{html.escape('; '.join(r.witness.lines()) if isinstance(r.witness, Witness) else (r.reason or ''))}</td></tr>"
            for t, r in self.tests.items())
        return (f"<p>{html.escape(self.score.name)} on Π = {html.escape(self.Pi.label)}: "
                f"<b>{self.verdict.label}</b></p><table><tr><th>test</th><th>verdict</th><th>method</th>"
                f"<th>witness / reason</th></tr>{rows}</table>")

    def to_frame(self):
        """One row per test (pandas, the optional ``frames`` extra): verdict, method, seconds, the
        witness as text or the reason."""
        rows = [{"test": t, "verdict": r.verdict.value, "method": r.method, "seconds": r.seconds,
                 "witness": "; ".join(r.witness.lines()) if isinstance(r.witness, Witness) else None,
                 "reason": r.reason,
                 "sanity": sanity_line(r.sanity) if r.verdict is Verdict.PROVED and r.sanity is not None else None}
                for t, r in self.tests.items()]
        return data_frame(rows, "test")

    def to_json(self) -> dict:
        out = {"score": self.score.text or self.score.name, "space": self.score.space.name,
               "Pi": self.Pi.label, "constraints": [str(c) for c in self.Pi.constraints],
               "domain": [str(c) for c in self.score.conditions],
               "direction": self.direction.to_json(),
               "verdict": "vacuous" if self.vacuous else self.verdict.value, "fit_for_ranking": self.fit_for_ranking, "vacuous": self.vacuous,
               "domain_sanity": None if self.domain is None else self.domain.to_json()}
        for t, r in self.tests.items():  # "name": the plain name; "role": a note is a sufficient condition only
            out[t] = {"name": TEST_TITLES[t], "role": "note" if TestName(t).is_note else "test",
                      "verdict": r.verdict.value, "witness": jsonable(r.witness), "reason": r.reason,
                      "method": r.method, "seconds": round(r.seconds, 3),
                      "sanity": jsonable(r.sanity) if r.verdict is Verdict.PROVED else None}
        return out


