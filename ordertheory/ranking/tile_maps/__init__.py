"""The Tile's maps as pictures: rank and winner maps from the exact geometry (:mod:`~ordertheory.ranking.tile_maps.raster`),
skill zones against trivial classifiers (:mod:`~ordertheory.ranking.tile_maps.skill`), drawn with
matplotlib (:mod:`~ordertheory.ranking.tile_maps.plot`, the optional extra ``plot``)."""
