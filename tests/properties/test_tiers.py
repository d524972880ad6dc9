"""Tiers never hold a separated pair: on random leaderboards and scores, under the posterior and the
bootstrap, every pair's p-value is recomputed here from the pairwise probabilities and Holm's rule is
applied by its definition (reject the i-th smallest p while p_(i) ≤ (1 − L)/(m − i + 1)); no tier may
contain a rejected pair, every pair not rejected must share a tier, and the letters must say the same."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.performances.performance import Performance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, Provenance
from ordertheory.ranking.uncertainty.resample import Plan, Resampling
from ordertheory.ranking.uncertainty.tiers import tiers
from ordertheory.ranking.uncertainty.uncertainty import rank_uncertainty
from ordertheory.spaces.sample_space import binary

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "semantic_segmentation_74_models.json"


def holm_rejected(p: dict, level: float) -> set:
    """Holm's step-down rule by its definition."""
    m, out = len(p), set()
    for i, (pair, value) in enumerate(sorted(p.items(), key=lambda kv: kv[1])):
        if value > (1 - level) / (m - i):
            break
        out.add(pair)
    return out


def pair_p(pairwise: dict, a: str, b: str, draws: int) -> float:
    """The two-sided p of a pair from P(a above b) and P(b above a) (rank's JSON or the library's pairs)."""
    def reverse(x, y):
        q = pairwise[(x, y)]
        if q["sampled"]:
            return (draws * (1 - q["p"]) + 1) / (draws + 1)
        return min(1.0, 1 - q["p"] + q["err"])
    return min(1.0, 2 * min(reverse(a, b), reverse(b, a)))


def check(groups, letters, separated_from, order, rejected, complete=True):
    for g in groups:
        for a, b in itertools.combinations(g, 2):
            assert frozenset((a, b)) not in rejected, (a, b, g)
    for a, b in itertools.combinations(order, 2):
        shares = bool(set(letters[a]) & set(letters[b]))
        if frozenset((a, b)) in rejected:
            assert not shares and b in separated_from[a] and a in separated_from[b]
        else:
            assert b not in separated_from[a]
            if complete:
                assert shares and any(a in g and b in g for g in groups), (a, b)


def random_leaderboard(rng: np.random.Generator) -> Leaderboard:
    E = int(rng.integers(3, 9))
    base = rng.dirichlet([4, 1, 1, 4])
    rows = []
    for _ in range(E):
        n = int(rng.choice([40, 200, 2000]))
        p = rng.dirichlet(base * rng.choice([5, 50, 500]) + 0.1)
        rows.append(rng.multinomial(n, p))
    ents = tuple((f"e{i}", Performance.from_counts(binary(), [int(x) for x in r])) for i, r in enumerate(rows))
    return Leaderboard(binary(), ents, Provenance("<random>", "csv", "counts"), tuple(tuple(int(x) for x in r)
                                                                                   for r in rows))


@pytest.mark.parametrize("seed", range(12))
def test_no_tier_holds_a_pair_its_test_separates(seed):
    rng = np.random.default_rng(seed)
    lb = random_leaderboard(rng)
    X = get(["accuracy", "f1", "mcc", "balanced_accuracy"][seed % 4]).score()
    plan = Plan([Resampling.POSTERIOR, Resampling.BOOTSTRAP][seed % 2], draws=800, seed=seed)
    level = [0.95, 0.9][seed % 3 == 0]
    u = rank_uncertainty(lb, X, plan, level)
    order = u.ranked()
    pw = {k: {"p": v.p_above, "err": v.stderr, "sampled": v.sampled} for k, v in u.pairs.items()}
    p = {frozenset((a, b)): pair_p(pw, a, b, plan.draws) for a, b in itertools.combinations(order, 2)}
    t = u.tiers()
    check(t.groups, t.letters, t.separated_from, order, holm_rejected(p, level), t.complete)


def test_tiers_overlap_where_chaining_adjacent_pairs_would_not():
    """Accuracies 0.80 … 0.92 on 400 cases each: no adjacent pair separated, so the old chained group held
    them all; the first and the last are separated, so no tier holds both."""
    rows = [(c, 400 - c) for c in (320, 332, 344, 356, 368)]
    ents = tuple((f"m{i}", Performance.from_counts(binary(), [r // 2, w // 2, w - w // 2, r - r // 2]))
                 for i, (r, w) in enumerate(rows))
    lb = Leaderboard(binary(), ents, Provenance("<chain>", "csv", "counts"),
                     tuple((r // 2, w // 2, w - w // 2, r - r // 2) for r, w in rows))
    u = rank_uncertainty(lb, get("accuracy").score(), Plan(Resampling.POSTERIOR, draws=500))
    assert not any(p.p_above >= 0.95 for p in u.adjacent())  # the chain of the old rule: one group of five
    t = u.tiers()
    assert t.separated("m0", "m4") and not any({"m0", "m4"} <= set(g) for g in t.groups)
    assert len(t.groups) >= 2 and t.letters["m0"] != t.letters["m4"]


def test_tiers_of_an_insert_absorb_fallback_never_hold_a_separated_pair():
    """A perfect matching of separated pairs has 2^(n/2) maximal tiers: beyond the cap, runs of the order."""
    order = [f"x{i}" for i in range(24)]
    sep = {frozenset((order[2 * i], order[2 * i + 1])) for i in range(12)}
    t = tiers(order, sep, 0.95, "test")
    assert not t.complete
    check(t.groups, t.letters, t.separated_from, order, sep, complete=False)


def test_tiers_on_the_74_models_at_1000_samples(capsys):
    if not SHARED.exists():
        pytest.skip("the shared 74-model leaderboard (../shared/data) is absent")
    assert main(["rank", str(SHARED), "--score", "f1", "--samples", "1000", "--uncertainty", "posterior",
                 "--draws", "1000", "--json", "--no-check"]) == 0
    out = json.loads(capsys.readouterr().out)
    pw = {(q["a"], q["b"]): {"p": q["p_above"], "err": q["stderr"], "sampled": q["method"].startswith("Monte Carlo")}
          for q in out["pairwise"]}
    order = out["tiers"]["order"]
    p = {frozenset((a, b)): pair_p(pw, a, b, 1000) for a, b in itertools.combinations(order, 2)}
    t = out["tiers"]
    rejected = holm_rejected(p, 0.95)
    assert len(rejected) > 300  # F1's pairs are computed exactly: Holm over 2701 pairs still separates hundreds
    assert t["complete"]  # insert-and-absorb within its cap: every pair not separated shares a tier
    check(t["groups"], t["letters"], t["separated_from"], order, rejected)
