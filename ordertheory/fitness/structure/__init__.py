"""Structure before search: scores built from ratios of linear forms, and scoring scores at any number of
levels, decided by lemmas proved once.

:mod:`~ordertheory.fitness.structure.shape` recognises a score's structure on its formula as written,
:mod:`~ordertheory.fitness.structure.ratios` decides the tests from it, with the generic lemmas of
:mod:`~ordertheory.fitness.structure.generic_lemmas`, the harmonic means of
:mod:`~ordertheory.fitness.structure.harmonic_means` (GPS, UPM) and the linear obligations over a face
of Π of :mod:`~ordertheory.fitness.structure.face_prover`. A scoring classifier's score on ``scored:L`` of
any size goes to :mod:`~ordertheory.fitness.structure.level_check`: expectations by the lemmas of
:mod:`~ordertheory.fitness.structure.expectation` (every finite Ω), the others by the witnesses
:mod:`~ordertheory.fitness.structure.level_lifts` lifts from a few of Ω's levels.
"""
