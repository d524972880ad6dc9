"""The Tile's questions on k classes, over importances: who can rank first for some R_I
(:mod:`~ordertheory.ranking.tile_k.first_place`), each entity's rank range
(:mod:`~ordertheory.ranking.tile_k.rank_range`), by exact LPs over the leaderboard's cells
(:mod:`~ordertheory.ranking.tile_k.importance_lp`, :mod:`~ordertheory.ranking.tile_k.cell_table`),
every answer re-checked from the performances alone (:mod:`~ordertheory.ranking.tile_k.rechecks`); and
the same questions inside a family of importances — class weights, symmetric costs, per-class errors,
macro against micro (:mod:`~ordertheory.ranking.tile_k.families`, answers lifted and re-checked in
:mod:`~ordertheory.ranking.tile_k.family_answers`)."""
