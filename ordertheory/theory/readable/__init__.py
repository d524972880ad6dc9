"""Readable proofs of order statements: named steps a student can follow, found and checked without a solver.

:mod:`~ordertheory.theory.readable.proof_facts` (the literals), :mod:`~ordertheory.theory.readable.proof_rules`
(steps, rules, the checker), :mod:`~ordertheory.theory.readable.proof_search` (finding a proof),
:mod:`~ordertheory.theory.readable.lemma_proofs` (Lemmas 1–12, rules (7)–(14), the four cases).
"""

from ordertheory.theory.readable.proof_search import ReadableProof, readable_proof

__all__ = ["ReadableProof", "readable_proof"]
