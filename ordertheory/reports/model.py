"""A statement of the paper, decided: the unit every document is made of."""

from __future__ import annotations

from dataclasses import dataclass, field

from ordertheory.engine.result import Verdict

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
    ("5.2", "Table 1"),
    ("D", "Derivations a reader can follow (every step checked by sympy on Π)"),
)



@dataclass(frozen=True)
class Statement:
    """One checkable statement, its verdict and how it was decided (no run times: those go to
    timings.json so that documents are byte-for-byte reproducible)."""

    id: str
    section: str
    text: str
    verdict: Verdict
    method: str
    printed_claim: bool = False  # a claim printed in the paper (wrong when refuted)
    witness: dict | None = None
    corrected: str | None = None
    reason: str | None = None
    steps: tuple[str, ...] = ()
    smtlib: tuple[tuple[str, str], ...] = field(default=(), repr=False)  # (file id, SMT-LIB text)
    document: tuple[str, ...] = field(default=(), repr=False)  # a checked derivation: (Markdown, LaTeX)
    seconds: float = field(default=0.0, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "verdict", Verdict(self.verdict))

    def to_json(self) -> dict:
        return {"id": self.id, "section": self.section, "statement": self.text, "verdict": self.verdict.value,
                "method": self.method, "printed_claim": self.printed_claim, "witness": self.witness,
                "corrected": self.corrected, "reason": self.reason}
