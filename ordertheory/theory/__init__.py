"""The theory of the paper as checkable statements: the order vocabulary, the axioms, lemmas,
the 29 cases, the generic theorems and the three tests of a score."""
