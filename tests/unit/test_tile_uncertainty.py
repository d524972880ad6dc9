"""The Tile under resampling: on one draw its values and ranks are those of ranking/tile.py's exact
maps; the corner pruning never changes who ranks first; tied winners all rank first."""

from __future__ import annotations

import io

import numpy as np

from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
from ordertheory.ranking.tile import tile
from ordertheory.ranking.uncertainty import tile_uncertainty as tu
from ordertheory.ranking.uncertainty.resample import Plan, Resampling, draw

TEXT = "entity,tn,fp,fn,tp\nA,60,20,10,10\nB,50,0,40,10\nC,10,10,10,70\nD,30,5,25,40\nE,30,5,25,40\nF,61,19,11,9\n"


def test_one_draw_gives_tile_py_values_and_exact_rank_maps():
    lb = read_leaderboard(io.StringIO(TEXT))
    counts = np.array(lb.counts, dtype=float)[None]
    n = 21
    R = tu.grid_values(counts, n)[0]
    best, worst = tu._ranks(tu.grid_values(counts, n))
    for e in range(len(lb)):
        assert np.allclose(R[e], tile.values(lb, n, e), atol=1e-15)
        m = tile.rank_map(lb, e, n)
        assert best[0, e] == m.min() and worst[0, e] == m.max()


def test_sorted_ranks_match_counting_every_grid_point_on_random_draws():
    lb = read_leaderboard(io.StringIO(TEXT))
    c = np.array(lb.counts, dtype=float)
    for method in (Resampling.BOOTSTRAP, Resampling.POSTERIOR):
        d = draw(method, c, 6, seed=4, index=0)
        R = tu.grid_values(d, 9)  # (draws, entities, rows, columns)
        above = (R[:, None] > R[:, :, None]).sum(axis=2)  # above[k, e] = #{o : R_o > R_e}
        best, worst = tu._ranks(R)
        assert np.array_equal(best, 1 + above.min(axis=(2, 3))) and np.array_equal(worst, 1 + above.max(axis=(2, 3)))


def test_pruning_by_the_corners_never_changes_who_ranks_first():
    lb = read_leaderboard(io.StringIO(TEXT))
    d = draw(Resampling.BOOTSTRAP, np.array(lb.counts, dtype=float), 30, seed=2, index=0, stream=tu.STREAM)
    first, _, _ = tu._chunk(Resampling.BOOTSTRAP, np.array(lb.counts, dtype=float), 1.0, 2, 11, False, None, 0, 30)
    R = tu.grid_values(d, 11)
    top = np.nanmax(R, axis=1, keepdims=True)
    assert np.array_equal(first, (R == top).sum(axis=0))


def test_tied_winners_all_rank_first():
    lb = read_leaderboard(io.StringIO(TEXT.replace("C,10,10,10,70\n", "")))
    t = tu.tile_uncertainty(lb, Plan(Resampling.POSTERIOR, draws=60), resolution=5, ranks=False)
    d_e = [lb.index("D"), lb.index("E")]  # equal counts, independent draws: never tied, each wins sometimes
    assert t.p_first.sum(axis=0).min() >= 1.0 - 1e-12  # someone ranks first at every point of every draw
    assert t.p_first[d_e].max() > 0
    same = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\nX,5,1,1,3\nY,5,1,1,3\n"))
    both = tu.tile_uncertainty(same, Plan(Resampling.BOOTSTRAP, draws=200), resolution=3, ranks=True)
    ties = both.p_first.sum(axis=0)
    assert ties.max() > 1.0  # in some draws X and Y are drawn equal: both rank first (competition rank 1)
