"""The Tile's questions on k classes (issue 28): who can rank first for some importance, and each
entity's best and worst rank, against an independent oracle — an exact enumeration of which
entities are above, one small dense exact LP per subset (no HiGHS, no column generation, no branch
and bound) — on random 3-class leaderboards; the same answers as the two-class geometry on two
classes; a sparse 1000-class leaderboard decided without UNKNOWN."""

from __future__ import annotations

import io
import itertools
import random
from fractions import Fraction as F

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ordertheory.engine.result import Verdict
from ordertheory.performances.performance import Importance
from ordertheory.performances.sparse_importance import SparseImportance
from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
from ordertheory.ranking.tile.lp import LPStatus, solve
from ordertheory.ranking.tile.outcome import Outcome
from ordertheory.ranking.tile_k.first_place import kclass_winners
from ordertheory.ranking.tile_k.rank_range import kclass_rank_ranges
from ordertheory.ranking.tile_k.rechecks import standing_at
from ordertheory.ranking.winners import rank_ranges, winners

ZERO, ONE = F(0), F(1)


def _lb(rows: list[list[int]], k: int = 3):
    head = ",".join(f"y{i}_p{j}" for i in range(k) for j in range(k))
    body = "".join(f"E{e},{','.join(map(str, r))}\n" for e, r in enumerate(rows))
    return read_leaderboard(io.StringIO(f"entity,{head}\n{body}"))


def _feasible(lb, e: int, above: set[int], below: set[int], strict_below: bool, cells: list[int]) -> bool:
    """N_e = U_e = 1 on ``cells``; N_j − U_j ≥ t (above), ≤ 0 or ≤ −t (below); is the max t > 0?"""
    S, Ps = lb.space.satisfaction, [P.probabilities for P in lb.performances]
    a = lambda j: [Ps[j][c] if S[c] == 1 else -Ps[j][c] for c in cells]  # noqa: E731
    rows = [([Ps[e][c] if S[c] == 1 else ZERO for c in cells] + [ZERO], "=", ONE),
            ([ZERO if S[c] == 1 else Ps[e][c] for c in cells] + [ZERO], "=", ONE), ([ZERO] * len(cells) + [ONE], "<=", ONE)]
    rows += [([-v for v in a(j)] + [ONE], "<=", ZERO) for j in above]
    rows += [(a(j) + [ONE if strict_below else ZERO], "<=", ZERO) for j in below]
    r = solve([ZERO] * len(cells) + [ONE], rows)
    return r.status is LPStatus.OPTIMAL and r.x[-1] > 0


def oracle(lb, e: int) -> tuple[set[int], bool, bool]:
    """(every achievable rank of e, first alone somewhere, first somewhere), by enumeration."""
    Ps, S, n = [P.probabilities for P in lb.performances], lb.space.satisfaction, len(lb)
    same = {j for j in range(n) if j != e and Ps[j] == Ps[e]}
    J = [j for j in range(n) if j != e and j not in same]
    diag = [c for c in range(len(S)) if S[c] == 1]
    off = [c for c in range(len(S)) if S[c] == 0]
    has_d, has_u = any(Ps[e][c] for c in diag), any(Ps[e][c] for c in off)
    ranks, alone = set(), False
    if has_d and has_u:  # A: which set is above; alone: some set D made undefined, the rest strictly below
        for m in range(len(J) + 1):
            for T in itertools.combinations(J, m):
                if _feasible(lb, e, set(T), set(J) - set(T), False, list(range(len(S)))):
                    ranks.add(1 + m)
        for m in range(len(J) + 1):
            for D in itertools.combinations(J, m):
                cells = [c for c in range(len(S)) if all(Ps[j][c] == 0 for j in D)]
                alone |= _feasible(lb, e, set(), set(J) - set(D), True, cells)
    Z = [c for c in off if Ps[e][c] == 0]
    if has_d and Z:  # B: R_e = 1
        ranks.add(1)
        level = [j for j in J if all(Ps[j][c] == 0 for c in Z)]
        alone |= any(Ps[e][d] and all(Ps[j][d] == 0 for j in level) for d in diag)
    W = [c for c in diag if Ps[e][c] == 0]
    if has_u and W:  # C: R_e = 0; x on a non-empty X ⊆ W
        for m in range(1, len(W) + 1):
            for X in itertools.combinations(W, m):
                up = [j for j in J if any(Ps[j][c] for c in X)]
                ranks.add(1 + len(up))
                alone |= not up and any(Ps[e][o] and all(Ps[j][o] == 0 for j in J) for o in off)
    return ranks, alone, 1 in ranks


counts = st.lists(st.integers(0, 3), min_size=9, max_size=9).filter(any)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(counts, min_size=2, max_size=5))
def test_three_classes_equal_the_enumeration(rows):
    lb = _lb(rows)
    ws = kclass_winners(lb)
    rr = kclass_rank_ranges(lb)
    for e in range(len(lb)):
        ranks, alone, first = oracle(lb, e)
        want = Outcome.WINS if alone else Outcome.TIES if first else Outcome.NEVER
        assert ws[e].outcome is want, (rows, e, ws[e].certificate)
        r = rr[e]
        assert r.verdict is Verdict.PROVED and (r.rank_min, r.rank_max) == (min(ranks), max(ranks)), (rows, e, ranks)
        for I, rank in ((r.rank_min_importance, r.rank_min), (r.rank_max_importance, r.rank_max)):
            assert standing_at(lb, I, e)[0] == rank  # each end's witness, re-checked by the definition
        if ws[e].importance is not None:
            rank, tied = standing_at(lb, ws[e].importance, e)
            assert rank == 1 and (ws[e].outcome is not Outcome.WINS or all(lb.performances[j] == lb.performances[e]
                                                                             for j in tied))


def test_random_importances_stay_inside_the_ranges():
    rng = random.Random(5)
    lb = _lb([[rng.randint(0, 4) for _ in range(9)] for _ in range(5)])
    rr = kclass_rank_ranges(lb)
    for _ in range(200):
        I = Importance(lb.space, tuple(F(rng.choice([0, 0, 1, 2, 5])) for _ in range(8)) + (ONE,))
        if not any(I.values[c] for c in (1, 2, 3, 5, 6, 7)):
            continue
        for e, r in enumerate(rr):
            rank, _ = standing_at(lb, I, e)
            assert rank is None or r.rank_min <= rank <= r.rank_max


def test_on_two_classes_the_kclass_path_is_the_tile():
    from tests.unit.test_tile_geometry import random_lb

    rng = random.Random(3)
    from ordertheory.ranking.tile_k.cell_table import CellTable
    from ordertheory.ranking.tile_k.rank_range import rank_range

    for _ in range(40):
        lb = random_lb(rng, rng.randint(2, 5), shared=False)
        tab = CellTable(lb)
        geometry = rank_ranges(lb)
        for e, g in enumerate(geometry):
            k = rank_range(lb, tab, e, float("inf"))
            assert (k.rank_min, k.rank_max) == (g.rank_min, g.rank_max), (lb.entities, e)
        assert [w.outcome for w in winners(lb).answers] == [w.outcome for w in kclass_winners(lb)]


def _sparse(entities: int = 4, k: int = 1000, per_class: int = 2, seed: int = 0):
    rng = random.Random(seed)
    lines = ["entity,true,pred,count"]
    for e in range(entities):
        cells: dict[tuple[int, int], int] = {}
        for c in range(k):
            for _ in range(per_class):
                p = c if rng.random() < 0.6 + 0.1 * e else (c + rng.randint(1, 3)) % k
                cells[(c, p)] = cells.get((c, p), 0) + 1
        lines += [f"m{e},{i},{j},{n}" for (i, j), n in cells.items()]
    return read_leaderboard(io.StringIO("\n".join(lines) + "\n"))


def test_a_sparse_thousand_class_leaderboard_is_decided_with_sparse_witnesses():
    lb = _sparse()
    assert lb.sparse
    ws = winners(lb, timeout=60).answers
    assert all(w.outcome is not Outcome.UNKNOWN for w in ws), [w.certificate for w in ws]
    for e, w in enumerate(ws):
        if w.importance is not None:  # a handful of cells, not 10⁶ values
            assert isinstance(w.importance, SparseImportance) and len(w.importance.cells) < 50
            assert standing_at(lb, w.importance, e)[0] == 1
    rr = rank_ranges(lb, timeout=60)
    assert all(r.verdict is Verdict.PROVED for r in rr), [r.reason for r in rr]
    for e, r in enumerate(rr):
        assert standing_at(lb, r.rank_max_importance, e)[0] == r.rank_max
        assert r.to_json()["rank_min_bounds"] == [r.rank_min, r.rank_min]


def test_past_the_budget_the_ranges_are_proved_bounds_not_guesses():
    lb = _lb([[3, 1, 0, 1, 2, 1, 0, 1, 3], [2, 0, 1, 1, 3, 0, 1, 1, 2], [1, 1, 1, 1, 1, 1, 1, 1, 1],
              [3, 0, 0, 0, 1, 2, 2, 0, 1], [1, 2, 1, 0, 3, 0, 1, 1, 2]])
    exact = kclass_rank_ranges(lb)
    stopped = kclass_rank_ranges(lb, timeout=0.0)
    assert any(r.verdict is Verdict.UNKNOWN for r in stopped)
    for r, full in zip(stopped, exact):
        (lo, hi), (lo2, hi2) = r.bounds
        assert lo <= full.rank_min <= hi and lo2 <= full.rank_max <= hi2
        if r.verdict is Verdict.UNKNOWN:
            assert r.reason and "budget" in r.reason and None in (r.rank_min, r.rank_max)
