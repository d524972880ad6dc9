"""What the documents are made of: statements of the paper, decided, and the rows of Table 1."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ordertheory.engine.result import Result, Verdict, jsonable
from ordertheory.engine.witness import TestName, Witness
from ordertheory.theory.readable.proof_rules import Proof

# The documents' sections, in the paper's order (one source for the Markdown and the LaTeX).
SECTIONS = (
    ("A.2", "Order theory: derived relations, Lemmas 1–12, rules (7)–(14)"),
    ("A.2.3", "The 29 cases for three performances"),
    ("4.1", "Axioms: consistency and Corollaries 1–4"),
    ("4.2", "Theorems 1–3 and the converse used by the tests"),
    ("A.5.1", "Every ranking score satisfies the theorems' conditions (importance symbolic)"),
    ("A.5.2", "Properties 1–7 and the identities of their proofs"),
    ("A.3", "Rewritings of the accuracy and the true positive rate"),
    ("A.6", "Importances of the classic scores (A.6.1, A.6.2)"),
    ("S", "Structural lemmas for scores built from linear forms (any finite Ω; proved generically)"),
    ("T", "The Tile: symmetries, class-prior shifts, no-skill performances (decided, not assumed)"),
    ("H", "The hull theorem: who can rank first, or last, at one prior (decided; its condition broken)"),
    ("R", "Separated for every importance: when one entity is better than another for every ranking score"),
    ("K", "k-class scores for every number of classes k (statements proved once, arguments step by step)"),
    ("M", "Several tasks: the summarized performance against the mean of the per-task scores"),
    ("5.2", "Table 1"),
    ("D", "Derivations a reader can follow (every step checked by sympy on Π)"),
)


@dataclass(frozen=True)
class DocumentStatement:
    """One checkable statement of the paper, decided: its :class:`~ordertheory.engine.result.Result`
    (id, words, verdict, how, witness, reason, correction) and where the documents put it. Run times
    stay in the Result and go to timings.json only, so that documents are byte-for-byte reproducible."""

    result: Result
    section: str
    printed_claim: bool = False  # a claim printed in the paper (wrong when refuted)
    smtlib: tuple[tuple[str, str], ...] = field(default=(), repr=False)  # (file id, SMT-LIB text) for proofs/
    document: tuple[str, ...] = field(default=(), repr=False)  # a checked derivation: (Markdown, LaTeX)
    steps: tuple[str, ...] = ()  # an argument, step by step (section K: statements for every k)
    proof: Proof | None = field(default=None, repr=False)  # a readable proof, every step re-checked

    @classmethod
    def of(cls, id: str, section: str, text: str, verdict: Verdict, method: str, *, witness=None,
           reason: str | None = None, corrected: str | None = None, seconds: float = 0.0,
           printed_claim: bool = False, smtlib: tuple = (), document: tuple = (), steps: tuple = ()) -> DocumentStatement:
        """A statement decided outside the engine (sympy, a comparison of lists), as a Result."""
        return cls(Result(id, text, Verdict(verdict), seconds, method, witness, reason, corrected=corrected),
                   section, printed_claim, smtlib, document, tuple(steps))

    @property
    def id(self) -> str:
        return self.result.id

    @property
    def text(self) -> str:
        return self.result.statement

    @property
    def verdict(self) -> Verdict:
        return self.result.verdict

    @property
    def method(self) -> str:
        return self.result.method

    @property
    def witness(self):
        """The witness as JSON (the documents print it so)."""
        return jsonable(self.result.witness)

    @property
    def reason(self) -> str | None:
        return self.result.reason

    @property
    def corrected(self) -> str | None:
        return self.result.corrected

    @property
    def seconds(self) -> float:
        return self.result.seconds

    def to_json(self) -> dict:
        return {"id": self.id, "section": self.section, "statement": self.text, "verdict": self.verdict.value,
                "method": self.method, "printed_claim": self.printed_claim, "witness": self.witness,
                "corrected": self.corrected, "reason": self.reason}


ROW_TESTS = (TestName.TEST1, TestName.TEST2, TestName.TEST3, TestName.DOMAIN_CLOSED, TestName.THEOREM2)


@dataclass(frozen=True)
class Table1Row:
    """One row of Table 1 between the paper job and the renderer: the cell of
    :func:`ordertheory.paper.table1.cell` (its tests' Results, the importance it encodes, τ with the
    importance's exact sides), read, never copied."""

    cell: Any

    @property
    def score(self) -> str:
        return self.cell.score

    @property
    def setting(self) -> str:
        return self.cell.setting

    def result(self, test: str) -> Result:
        return self.cell.report.tests[test]

    def verdict(self, test: str) -> Verdict:
        return self.result(test).verdict

    def witness_lines(self, test: str) -> list[str] | None:
        """The counterexample as the documents print it (None when the test has none)."""
        w = self.result(test).witness
        return w.lines() if isinstance(w, Witness) else None

    @property
    def importance(self):
        """The importance derivation (:class:`~ordertheory.analyses.importance.importance.ImportanceDerivation`)."""
        return self.cell.importance

    @property
    def tau(self):
        """τ_min and τ_max (:class:`~ordertheory.analyses.tau.tau.TauResult`)."""
        return self.cell.tau

    @property
    def certificates(self) -> tuple[tuple[str, str], ...]:
        """(file id, SMT-LIB text) of every proved test's obligations, ``table1.SCORE.SETTING.QUERY``."""
        return tuple((f"table1.{self.score}.{self.setting}.{qid}", text)
                     for t in ROW_TESTS for qid, text in self.result(t).certificate)
