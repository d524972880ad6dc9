"""How sure is a ranking? Each entity's value and rank under resampling of its test set, P(A ranks above B),
paired tests on shared test cases, over the Tile and between two scores.

:mod:`~ordertheory.ranking.uncertainty.uncertainty` is the entry point; draws come from
:mod:`~ordertheory.ranking.uncertainty.resample`, are scored by :mod:`~ordertheory.ranking.uncertainty.score_draws`
and summarised by :mod:`~ordertheory.ranking.uncertainty.draw_statistics`; exact probabilities where the
theory makes the event linear (:mod:`~ordertheory.ranking.uncertainty.exact_posterior`,
:mod:`~ordertheory.ranking.uncertainty.lf_pairs`); paired tests (:mod:`~ordertheory.ranking.uncertainty.paired`,
:mod:`~ordertheory.ranking.uncertainty.paired_tests`); over the Tile
(:mod:`~ordertheory.ranking.uncertainty.tile_uncertainty`) and between two scores
(:mod:`~ordertheory.ranking.uncertainty.compare_uncertainty`).
"""
