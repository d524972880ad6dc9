"""The theory of the paper as checkable statements: the order vocabulary, the axioms, lemmas,
the 29 cases, the generic theorems, the three tests of a score and the structural lemmas that make
them cheap; and statements a student writes (statements.py), decided with their smallest
counter-models (countermodel.py)."""
