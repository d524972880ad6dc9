"""Readable proofs of Lemmas 1–12, rules (7)–(14) and the four cases (``theory.lemmas``).

Each lemma of :data:`ordertheory.theory.lemma_statements.LEMMAS` carries its claim as a statement
about named elements (``LemmaText.formula``, in the syntax of ``ordertheory prove``; read here
into :data:`LEMMA_STATEMENTS`, not restated); the search of
:mod:`ordertheory.theory.readable.proof_search` finds its proof, and the checker re-checks it step by step.
That the text says the same as the lemma's z3 claim is itself checked by z3 in the tests (the two
are equivalent for every relation ≲).

>>> proofs = lemma_proofs()
>>> sorted(k for k, r in proofs.items() if r.proof is None)
[]
>>> print("\\n".join(proofs["lemma-1"].proof.lines()))
  1  a ≲ a   reflexivity
  2  a ∼ a   definition (1), from 1
"""

from __future__ import annotations

from functools import cache

from ordertheory.theory.lemma_statements import LEMMAS
from ordertheory.theory.readable.proof_search import ReadableProof, readable_proof

# each lemma's claim about a, b, c as theory.lemma_statements states it (each concept stated once)
LEMMA_STATEMENTS: dict[str, str] = {t.id: t.formula for t in LEMMAS}


@cache
def lemma_proofs() -> dict[str, ReadableProof]:
    """Every lemma's checked readable proof, by lemma id (computed once per process)."""
    return {lid: readable_proof(text) for lid, text in LEMMA_STATEMENTS.items()}
