"""A statement of the paper, decided: the unit every document is made of."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Statement:
    """One checkable statement, its verdict and how it was decided (no run times: those go to
    timings.json so that documents are byte-for-byte reproducible)."""

    id: str
    section: str
    text: str
    verdict: str  # proved | refuted | unknown
    method: str
    printed_claim: bool = False  # a claim printed in the paper (wrong when refuted)
    witness: dict | None = None
    corrected: str | None = None
    reason: str | None = None
    steps: tuple[str, ...] = ()
    smtlib: tuple[tuple[str, str], ...] = field(default=(), repr=False)  # (file id, SMT-LIB text)
    seconds: float = field(default=0.0, compare=False)

    def to_json(self) -> dict:
        return {"id": self.id, "section": self.section, "statement": self.text, "verdict": self.verdict,
                "method": self.method, "printed_claim": self.printed_claim, "witness": self.witness,
                "corrected": self.corrected, "reason": self.reason}
