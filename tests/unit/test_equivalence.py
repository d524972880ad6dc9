"""The catalogue's classes (#17: only neighbouring classes' witnesses are shown, so the other pairs
stop at their first validated witness — and nothing shown changes)."""

import pytest

from ordertheory.analyses.compare import compare, equivalence
from ordertheory.sets.performance_set import fixed_prior
from ordertheory.spaces.sample_space import binary

SLUGS = ["accuracy", "error_rate", "tpr", "tnr", "f_beta_1", "jaccard", "mcc", "g_mean", "markedness"]


def test_first_witness_for_pairs_not_shown_changes_nothing(monkeypatch):
    """Pairs of classes whose witness is not shown are separated by any validated witness: first one
    between sample points adjacent in one score's order, else the search's first; the documents are
    those of the full search (the neighbours' witnesses are the simplest of four, as before)."""
    Pi = fixed_prior(binary(), "1/5")
    calls: list[int] = []
    search = compare.search_pair

    def spy(*args, enough=4, **kwargs):
        calls.append(enough)
        return search(*args, enough=enough, **kwargs)

    monkeypatch.setattr(equivalence, "search_pair", spy)
    fast = equivalence.catalogue_classes(Pi, SLUGS, timeout=20)
    n = len(fast.classes)
    assert calls.count(4) == n - 1 and len(calls) < n * (n - 1) // 2  # the neighbours, and few others
    monkeypatch.setattr(equivalence, "_adjacent_witness", lambda *a, **k: None)
    monkeypatch.setattr(equivalence, "search_pair", lambda *a, enough=4, **k: search(*a, enough=4, **k))
    slow = equivalence.catalogue_classes(Pi, SLUGS, timeout=20)
    assert fast.to_json() == slow.to_json()
    assert fast.separated_pairs == n * (n - 1) // 2 > 10


@pytest.mark.parametrize("enough", [1, 4])
def test_search_pair_returns_a_validated_witness(enough):
    from ordertheory.catalogue import get

    Pi = fixed_prior(binary(), "1/5")
    X, Y = get("mcc").score(), get("markedness").score()
    w = compare.search_pair(X, Y, Pi, 1, enough=enough)
    assert w is not None and compare.classify(X, Y, Pi, w.P1, w.P2, 1) == w


def test_classes_the_float_fingerprints_split_are_merged_once_proved_one():
    """(fp − fn)² and |fn − fp|/2 order Π alike (one is 4·square of the other, ≥ 0), but their float
    ranks tie differently on the sample: no witness separates them, so they are compared and merged,
    never left as an open pair."""
    r = equivalence.catalogue_classes(fixed_prior(binary(), "1/2"), ["baulieu_8", "accuracy", "bray_curtis"], timeout=20)
    assert [c.members for c in r.classes] == [("baulieu_8", "bray_curtis"), ("accuracy",)]
    assert not r.open_pairs and r.separated_pairs == 1 and r.classes[0].how[0].startswith("bray_curtis: ")
