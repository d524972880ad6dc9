"""k-class scores at every k: statements proved once for every number of classes, refutations lifted.

:mod:`~ordertheory.fitness.classes.algebra` (class sums symbolic in k), :mod:`~ordertheory.fitness.classes.closed_importance`
(a score that *is* R_I for every k), :mod:`~ordertheory.fitness.classes.every_k_lemmas` (domain closure,
test 1 by per-class bounds), :mod:`~ordertheory.fitness.classes.cost_matrix` (linear scores),
:mod:`~ordertheory.fitness.classes.lifts` (a counterexample on m classes embedded in any k ≥ m),
:mod:`~ordertheory.fitness.classes.class_sanity` (sparse sanity models) and
:mod:`~ordertheory.fitness.classes.structured_check`, which puts them together.
"""
