"""What the paper states, as checkable statements: the order vocabulary, the axioms, lemmas, the 29
cases, the generic theorems, and statements a student writes (statements.py), decided with their
smallest counter-models (countermodel.py); readable proofs of them (:mod:`~ordertheory.theory.readable`)
and preorders counted, listed and drawn (:mod:`~ordertheory.theory.preorders`). Checking a given score
against them is :mod:`ordertheory.fitness`'s business."""
