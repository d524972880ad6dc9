"""Falsify first: the numeric searches that propose witnesses, which exact arithmetic then decides.

:mod:`~ordertheory.engine.search.falsify` (the search of a test, candidates re-validated exactly),
:mod:`~ordertheory.engine.search.sampling` (exact points of Π), :mod:`~ordertheory.engine.search.faces`
(low-dimensional faces of the k-class Π), :mod:`~ordertheory.engine.search.optimise` (local search near
the boundary), :mod:`~ordertheory.engine.search.class_points` (points of score-level and abstention spaces).
"""
