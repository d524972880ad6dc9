"""compare --leaderboard in O(n log n): exact sort keys and a merge-sort count give the same integers
as the pair-by-pair path, on random leaderboards with many ties, for rational and radical scores."""

from __future__ import annotations

import io
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from ordertheory.analyses.compare.discordance import compare_leaderboard, discordant_pairs, sort_key
from ordertheory.catalogue import as_score, get
from ordertheory.exact import sign
from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
from ordertheory.ranking.tile.outcome import Outcome
from ordertheory.ranking.winners import winners
from tests.strategies import performances

PAIRS = [("accuracy", "f1"), ("mcc", "cohen_kappa"), ("g_mean", "accuracy"), ("mcc", "f1"), ("tpr", "ppv"),
         ("balanced_accuracy", "mcc")]


def _counts(r):
    return r.entities, r.excluded, r.concordant, r.discordant, r.ties_x, r.ties_y, r.ties_both


@settings(max_examples=40, deadline=None)
@given(st.lists(performances(), min_size=0, max_size=25), st.sampled_from(PAIRS))
def test_merge_sort_counts_equal_pair_by_pair(perfs, pair):
    X, Y = (get(s).score() for s in pair)
    ents = [(f"e{i}", P) for i, P in enumerate(perfs)]
    fast, slow = compare_leaderboard(X, Y, ents), discordant_pairs(X, Y, ents)
    assert _counts(fast) == _counts(slow)
    assert fast.pairs == () and not fast.pairs_listed
    assert compare_leaderboard(X, Y, ents, list_pairs=True).pairs == slow.pairs


@settings(max_examples=40, deadline=None)
@given(st.lists(performances(), min_size=2, max_size=12), st.sampled_from(["mcc", "g_mean", "f1"]))
def test_sort_keys_order_like_the_exact_values(perfs, slug):
    X = get(slug).score()
    k = sort_key(X)
    inside = [P for P in perfs if X.in_domain(P)]
    for P, Q in itertools.combinations(inside, 2):
        assert (k(P) > k(Q)) - (k(P) < k(Q)) == sign(X.value(P) - X.value(Q))


def test_structured_k_class_scores_on_a_sparse_leaderboard():
    """28's sparse leaderboards (40 classes) and structured scores: the O(n log n) counts equal the
    pair-by-pair ones, and winners decides every entity (28's exact LP over the non-zero cells)."""
    rows = ["entity,true,pred,count"]
    for e in range(8):
        for i in range(40):
            rows += [f"E{e},{i},{i},{1 + (e * 7 + i * 3) % 9}", f"E{e},{i},{(i + 1 + e) % 40},{1 + (e + i) % 4}"]
    lb = read_leaderboard(io.StringIO("\n".join(rows) + "\n"))
    assert lb.sparse
    X, Y = (as_score(s, lb.space) for s in ("macro_f1", "multiclass_accuracy"))
    fast, slow = compare_leaderboard(X, Y, lb.entities, list_pairs=True), discordant_pairs(X, Y, lb.entities)
    assert _counts(fast) == _counts(slow) and fast.pairs == slow.pairs
    assert all(a.outcome is not Outcome.UNKNOWN for a in winners(lb).answers)
