"""May I rank with this score? The paper's main question (§5.1, Table 1), answered for any finite Ω.

The tests of a score (report, queries, searches, score_tests), the structural lemmas that make them
cheap on large spaces (:mod:`~ordertheory.fitness.structure`, linear), the k-class statements proved for
every k (:mod:`~ordertheory.fitness.classes`), the lemmas for max, min and |·| of pieces (piecewise: the
best-threshold scores, the calibration error), the check bounded by a deadline (bounded_check), and the
one runner of "a score in a setting" (runner), which Table 1, the catalogue, the sweep and the paper
job share. It builds on the theory's axioms and on the engine's one decider."""
