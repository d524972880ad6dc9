"""Structure before search: scores built from ratios of linear forms, decided by lemmas proved once.

:mod:`~ordertheory.fitness.structure.shape` recognises a score's structure on its formula as written,
:mod:`~ordertheory.fitness.structure.ratios` decides the tests from it, with the generic lemmas of
:mod:`~ordertheory.fitness.structure.generic_lemmas`, the harmonic means of
:mod:`~ordertheory.fitness.structure.harmonic_means` (GPS, UPM) and the linear obligations over a face
of Π of :mod:`~ordertheory.fitness.structure.face_prover`.
"""
