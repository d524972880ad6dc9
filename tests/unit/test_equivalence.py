"""The catalogue's classes (#17: only neighbouring classes' witnesses are shown, so the other pairs
stop at their first validated witness — and nothing shown changes)."""

import pytest

from ordertheory.analyses.compare import compare, equivalence
from ordertheory.sets.performance_set import fixed_prior
from ordertheory.spaces.sample_space import binary

SLUGS = ["accuracy", "error_rate", "tpr", "tnr", "f_beta_1", "jaccard", "mcc", "g_mean", "markedness"]


def test_first_witness_for_pairs_not_shown_changes_nothing(monkeypatch):
    Pi = fixed_prior(binary(), "1/5")
    calls: list[int] = []
    search = compare.search_pair

    def spy(*args, enough=4, **kwargs):
        calls.append(enough)
        return search(*args, enough=enough, **kwargs)

    monkeypatch.setattr(equivalence, "search_pair", spy)
    fast = equivalence.catalogue_classes(Pi, SLUGS, timeout=20)
    assert 1 in calls and 4 in calls
    monkeypatch.setattr(equivalence, "search_pair", lambda *a, enough=4, **k: search(*a, enough=4, **k))
    slow = equivalence.catalogue_classes(Pi, SLUGS, timeout=20)
    assert fast.to_json() == slow.to_json()
    assert fast.separated_pairs == len(fast.classes) * (len(fast.classes) - 1) // 2 > 10


@pytest.mark.parametrize("enough", [1, 4])
def test_search_pair_returns_a_validated_witness(enough):
    from ordertheory.catalogue import get

    Pi = fixed_prior(binary(), "1/5")
    X, Y = get("mcc").score(), get("markedness").score()
    w = compare.search_pair(X, Y, Pi, 1, enough=enough)
    assert w is not None and compare.classify(X, Y, Pi, w.P1, w.P2, 1) == w
