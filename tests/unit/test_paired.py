"""Paired analyses from per-sample predictions: McNemar equals scipy's binomial test, the permutation
test equals its brute-force definition, DeLong against the O(n²) structural components and
scikit-learn's AUC, Holm against its definition, and the case bootstrap resamples groups."""

from __future__ import annotations

import io
import itertools

import numpy as np
from scipy import stats
from sklearn.metrics import roc_auc_score

from ordertheory.catalogue import get
from ordertheory.performances.performance import Performance
from ordertheory.ranking.leaderboards.per_sample import from_labels, read_predictions
from ordertheory.ranking.uncertainty.paired_tests import delong, delong_p, holm, mcnemar_p, permutation_p
from ordertheory.ranking.uncertainty.resample import Plan, Resampling, draw
from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator
from ordertheory.ranking.uncertainty.uncertainty import rank_uncertainty


def test_mcnemar_exact_p_value_equals_scipys_binomial_test():
    rng = np.random.default_rng(0)
    for _ in range(40):
        n = int(rng.integers(1, 60))
        a, b = rng.random(n) < rng.random(), rng.random(n) < rng.random()
        k, m = int(np.sum(a & ~b)), int(np.sum(a & ~b) + np.sum(~a & b))
        want = 1.0 if m == 0 else stats.binomtest(k, m, 0.5).pvalue
        assert abs(mcnemar_p(a, b) - want) < 1e-12


def test_permutation_p_is_the_proportion_of_swaps_as_extreme_as_observed():
    rng = np.random.default_rng(1)
    truth = rng.integers(0, 2, 14)
    pa, pb = truth.copy(), truth.copy()
    pa[rng.random(14) < 0.3] ^= 1
    pb[rng.random(14) < 0.45] ^= 1
    oa, ob = truth * 2 + pa, truth * 2 + pb
    X = get("f1").score()
    ev = DrawEvaluator(X)
    groups = np.arange(14)
    p, how = permutation_p(ev, oa, ob, groups, 4, 1000, 0, 0)

    def f1(o):
        c = np.bincount(o, minlength=4)
        return 2 * c[3] / (2 * c[3] + c[1] + c[2])

    t0 = abs(f1(oa) - f1(ob))
    diff = np.flatnonzero(oa != ob)
    hits = total = 0
    for swap in itertools.product((0, 1), repeat=len(diff)):
        a, b = oa.copy(), ob.copy()
        for s, i in zip(swap, diff):
            if s:
                a[i], b[i] = ob[i], oa[i]
        hits += abs(f1(a) - f1(b)) >= t0 - 1e-12
        total += 1
    assert how.startswith("exact") and p == hits / total


def test_grouped_permutations_swap_whole_groups():
    oa = np.where(np.arange(40) < 30, 0, 1)  # A wrong on the last 10 cases
    ob = np.zeros(40, dtype=int)
    ev = DrawEvaluator(get("accuracy").score())
    p_cases, _ = permutation_p(ev, oa, ob, np.arange(40), 4, 2000, 0, 0)
    p_groups, how = permutation_p(ev, oa, ob, np.arange(40) // 10, 4, 2000, 0, 0)  # one group holds the 10
    assert p_cases < 0.01 and p_groups == 1.0 and "2^1" in how


def test_delong_against_structural_components_and_scikit_learn():
    rng = np.random.default_rng(2)
    y = rng.random(80) < 0.4
    s = np.stack([y * 0.8 + rng.normal(0, 0.5, 80), y * 0.5 + np.round(rng.normal(0, 0.5, 80), 1)])
    auc, cov = delong(s, y)
    for k in range(2):
        assert abs(auc[k] - roc_auc_score(y, s[k])) < 1e-12
    X, Y = s[:, y], s[:, ~y]
    psi = (X[:, :, None] > Y[:, None, :]) + 0.5 * (X[:, :, None] == Y[:, None, :])
    v10, v01 = psi.mean(axis=2), psi.mean(axis=1)
    want = np.cov(v10) / X.shape[1] + np.cov(v01) / Y.shape[1]
    assert np.allclose(cov, want, atol=1e-14)
    z = (auc[0] - auc[1]) / np.sqrt(want[0, 0] + want[1, 1] - 2 * want[0, 1])
    assert abs(delong_p(auc, cov, 0, 1) - 2 * stats.norm.sf(abs(z))) < 1e-12


def test_holm_step_down_against_its_definition():
    rng = np.random.default_rng(3)
    for _ in range(20):
        p = list(rng.random(int(rng.integers(1, 9))) ** 2)
        m, order = len(p), np.argsort(p, kind="stable")
        want = [0.0] * m
        for r, i in enumerate(order):
            want[i] = min(1.0, max(min(1.0, (m - q) * p[order[q]]) for q in range(r + 1)))
        assert np.allclose(holm(p), want)
    assert np.isnan(holm([0.1, float("nan")])[1])


def test_case_bootstrap_resamples_groups_not_cases():
    y = ["0"] * 4 + ["1"] * 6
    pr = from_labels(y, {"A": ["0"] * 10, "B": y}, groups=["g"] * 3 + ["h"] * 7)
    totals = draw(Resampling.CASE_BOOTSTRAP, pr.group_counts(), 400, seed=0, index=0).sum(axis=2)
    assert set(np.unique(totals)) <= {6.0, 10.0, 14.0} and len(np.unique(totals)) == 3  # 2×3, 3+7, 2×7
    plain = from_labels(y, {"A": ["0"] * 10, "B": y})
    assert set(np.unique(draw(Resampling.CASE_BOOTSTRAP, plain.group_counts(), 50, 0, 0).sum(axis=2))) == {10.0}


def test_predictions_file_gives_the_leaderboard_from_labels_gives_and_paired_results():
    rows = ["sample,y_true,A,B,score:A,score:B"]
    rng = np.random.default_rng(4)
    truth = rng.integers(0, 2, 60)
    for i, t in enumerate(truth):
        a = t if rng.random() < 0.9 else 1 - t
        b = t if rng.random() < 0.75 else 1 - t
        rows.append(f"{i},{t},{a},{b},{0.3 + 0.4 * a + 0.1 * rng.random():.4f},{0.3 + 0.4 * b:.4f}")
    text = "\n".join(rows) + "\n"
    pr = read_predictions(io.StringIO(text))
    lb = pr.leaderboard()
    col = [r.split(",") for r in text.strip().splitlines()[1:]]
    assert lb.performance("A") == Performance.from_labels([int(r[1]) for r in col], [int(r[2]) for r in col],
                                                          lb.space)
    u = rank_uncertainty(lb, get("accuracy").score(), Plan(Resampling.CASE_BOOTSTRAP, draws=1000), predictions=pr)
    t = u.pair("A", "B").tests
    assert t.mcnemar_p == mcnemar_p(pr.correct()[0], pr.correct()[1]) and t.delong_p is not None
    assert t.permutation_p_holm == t.permutation_p  # one pair: Holm changes nothing
    assert u.pair("A", "B").method.startswith("Monte Carlo (case bootstrap")


def test_labels_sort_as_numbers_only_when_the_exact_reader_takes_them():
    assert from_labels(["10", "9", "8"], {"A": ["9", "9", "10"]}).labels == ("8", "9", "10")  # 9 < 10, not "10" < "9"
    assert from_labels(["10", "9", "10"], {"A": ["9", "9", "10"]}, pos_label="10").labels == ("9", "10")  # two: asked
    # an exponent beyond the exact kernel's bound (±100) is no number to sort by: the labels sort as
    # text (Fraction("1e-100000000") would first compute 10**100000000, for minutes)
    pr = from_labels(["10", "9", "1e-1000"], {"A": ["9", "9", "10"]})
    assert pr.labels == ("10", "1e-1000", "9")
