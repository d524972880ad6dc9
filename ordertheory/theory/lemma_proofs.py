"""Readable proofs of Lemmas 1–12, rules (7)–(14) and the four cases (``theory.lemmas``).

Each lemma of :data:`ordertheory.theory.lemmas.STATEMENTS` is written once more as a statement
about named elements (:data:`LEMMA_STATEMENTS`, in the syntax of ``ordertheory prove``); the
search of :mod:`ordertheory.theory.proof_search` finds its proof, and the checker re-checks it
step by step. That the text says the same as the lemma's z3 claim is itself checked by z3 in the
tests (the two are equivalent for every relation ≲).

>>> proofs = lemma_proofs()
>>> sorted(k for k, r in proofs.items() if r.proof is None)
[]
>>> print("\\n".join(proofs["lemma-1"].proof.lines()))
  1  a ≲ a   reflexivity
  2  a ∼ a   definition (1), from 1
"""

from __future__ import annotations

from functools import cache

from ordertheory.theory.proof_search import ReadableProof, readable_proof

# the lemma's claim about P1, P2, P3, written about a, b, c (eq. (6) defines ≳; eq. (5) rebuilds ≲)
LEMMA_STATEMENTS: dict[str, str] = {
    "lemma-1": "a ~ a",
    "lemma-2": "a ~ b and b ~ c -> a ~ c",
    "lemma-3": "a ~ b -> b ~ a",
    "lemma-4": "a > b <-> b < a",
    "lemma-5": "not a > a and not a < a",
    "lemma-6": "not (a > b and b > a) and not (a < b and b < a)",
    "lemma-7": "(a > b and b > c -> a > c) and (a < b and b < c -> a < c)",
    "lemma-8": "not a # a",
    "lemma-9": "a # b -> b # a",
    "lemma-10": "a >= b <-> (b < a or b ~ a)",
    "lemma-11": "a <= a and a >= a",
    "lemma-12": "(a <= b and b <= c -> a <= c) and (a >= b and b >= c -> a >= c)",
    "rule-7": "a ~ b and b ~ c -> a ~ c",
    "rule-8": "a > b and b > c -> a > c",
    "rule-9": "a < b and b < c -> a < c",
    "rule-10": "(a ~ b and b > c) or (a > b and b ~ c) -> a > c",
    "rule-11": "(a ~ b and b < c) or (a < b and b ~ c) -> a < c",
    "rule-12": "(a ~ b and b # c) or (a # b and b ~ c) -> a # c",
    "rule-13": "(a # b and b > c) or (a > b and b # c) -> a > c or a # c",
    "rule-14": "(a # b and b < c) or (a < b and b # c) -> a < c or a # c",
    "four-cases": "(a < b or a ~ b or a > b or a # b) and not (a < b and a ~ b) and not (a < b and a > b) "
                  "and not (a < b and a # b) and not (a ~ b and a > b) and not (a ~ b and a # b) "
                  "and not (a > b and a # b)",
    "converse-derived": "a <= b <-> (a < b or a ~ b)",
}


@cache
def lemma_proofs() -> dict[str, ReadableProof]:
    """Every lemma's checked readable proof, by lemma id (computed once per process)."""
    return {lid: readable_proof(text) for lid, text in LEMMA_STATEMENTS.items()}
