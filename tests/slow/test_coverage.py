"""Coverage by simulation: do the nominal 95 % value intervals hold the true value 95 % of the time?

Test sets of n cases are drawn (seeded) from known performances on k classes — a typical classifier
(accuracy 0.85, errors spread evenly, class priors from 1 to 2), a trivial one (guessing uniformly at
random) and a perfect one — and each replication's interval of accuracy, macro-F1 and MCC is computed
by the package's own code (:func:`ordertheory.ranking.uncertainty.intervals.entity_intervals`, the one
``rank --uncertainty`` uses) under the default posterior and under the bootstrap. The figures are in
docs/uncertainty.md; ``python tests/slow/test_coverage.py`` prints them.
"""

from __future__ import annotations

import numpy as np
import pytest

from ordertheory.catalogue import as_score
from ordertheory.ranking.uncertainty.intervals import CASES_PER_OUTCOME, coverage_note, entity_intervals
from ordertheory.ranking.uncertainty.resample import Plan, Resampling, draw
from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator
from ordertheory.spaces.sample_space import binary, multiclass

REPLICATIONS, LEVEL = 500, 0.95
DRAWS = {2: 400, 3: 400, 10: 300}  # per replication (fewer on 10 classes: the suite's time)
SIZES = {2: (50, 500), 3: (50, 500), 10: (50, 500)}
KINDS = ("typical", "trivial", "perfect")


def truth(kind: str, k: int) -> np.ndarray:
    """The true performance (k × k cells, row-major: Ω's order) of each kind of classifier."""
    prior = np.linspace(1, 2, k) / np.linspace(1, 2, k).sum()
    if kind == "perfect":
        return np.diag(prior).ravel()
    if kind == "trivial":
        return np.outer(prior, np.full(k, 1 / k)).ravel()
    m = np.outer(prior, np.full(k, 0.15 / (k - 1)))
    np.fill_diagonal(m, 0.85 * prior)
    return m.ravel()


def scores(k: int) -> dict:
    space = binary() if k == 2 else multiclass(k)
    names = {"accuracy": "accuracy" if k == 2 else "multiclass_accuracy", "macro-F1": "macro_f1",
             "MCC": "mcc" if k == 2 else "mcc_k"}
    return space, {label: as_score(slug, space) for label, slug in names.items()}


def simulate(k: int, n: int, kind: str, seed: int = 0) -> dict:
    """{(method, score): (coverage, warned)} over REPLICATIONS test sets of n cases."""
    space, xs = scores(k)
    P = truth(kind, k)
    counts = np.random.default_rng([seed, k, n, KINDS.index(kind)]).multinomial(n, P, size=REPLICATIONS).astype(float)
    out = {}
    for name, method in (("posterior", Resampling.POSTERIOR), ("bootstrap", Resampling.BOOTSTRAP)):
        plan = Plan(method, DRAWS[k], seed=1)
        d = draw(plan.method, counts, plan.draws, plan.seed, 0, plan.prior(space))
        for label, X in xs.items():
            ev = DrawEvaluator(X)
            true = float(ev(P[None, None, :], counts=False)[0, 0])
            observed = ev(counts[None], counts=True)[0]
            values = ev(d, counts=plan.method.gives_counts)
            ivs = entity_intervals(ev, plan, space, counts, values, observed, LEVEL)
            hit = [iv.interval is not None and iv.interval[0] - 1e-12 <= true <= iv.interval[1] + 1e-12 for iv in ivs]
            out[(name, label)] = (float(np.mean(hit)), coverage_note(ev, space, counts) is not None)
    return out


@pytest.fixture(scope="module")
def figures() -> dict:
    return {(k, n, kind): simulate(k, n, kind) for k, sizes in SIZES.items() for n in sizes for kind in KINDS}


def well_sampled(k: int, n: int) -> bool:
    return n >= CASES_PER_OUTCOME * k * k


@pytest.mark.slow
def test_intervals_cover_the_true_value_at_their_level(figures):
    """With ≥ 5 cases per outcome: 93–97 % for each score and method on each k, pooled over the typical
    and the trivial classifier and the sizes (1000 to 2000 replications), within the simulation's own
    error — one standard error, 0.5 to 0.7 points: the band asserted is [92.5 %, 97.5 %] — and no single
    configuration (500 replications) below 90 %. Percentile intervals of macro-F1 and MCC at n = 50 sit
    at the band's lower end (about 93 %: the small-sample skew of a ratio), accuracy's at 95 %."""
    for k, sizes in SIZES.items():
        runs = [(n, kind) for n in sizes if well_sampled(k, n) for kind in ("typical", "trivial")]
        for key in figures[(k, sizes[-1], "typical")]:
            pooled = np.mean([figures[(k, n, kind)][key][0] for n, kind in runs])
            assert 0.925 <= pooled <= 0.975, (k, key, pooled)
            assert min(figures[(k, n, kind)][key][0] for n, kind in runs) >= 0.90, (k, key)


@pytest.mark.slow
def test_a_perfect_classifier_is_covered_and_its_observed_value_is_inside(figures):
    """Accuracy 1 is above every posterior quantile: the interval is extended to the observed value,
    so it holds the truth in every replication (before the extension, in none)."""
    for k, sizes in SIZES.items():
        for n in sizes:
            for (method, label), (coverage, _) in figures[(k, n, "perfect")].items():
                if label == "accuracy" or well_sampled(k, n):
                    assert coverage == 1.0, (k, n, method, label)


@pytest.mark.slow
def test_too_few_cases_per_outcome_is_said_and_accuracy_stays_calibrated(figures):
    """k = 10, n = 50: macro-F1 and MCC are warned about (they under-cover under every resampling);
    accuracy's exact Jeffreys interval is not, and still covers."""
    for kind in ("typical", "trivial"):
        f = figures[(10, 50, kind)]
        assert all(warned for (m, label), (_, warned) in f.items() if label != "accuracy")
        assert not any(warned for (m, label), (_, warned) in f.items() if label == "accuracy")
        assert 0.90 <= f[("posterior", "accuracy")][0] <= 0.98, f
    assert not any(w for key in figures if well_sampled(key[0], key[1]) for _, w in figures[key].values())


@pytest.mark.slow
def test_the_flat_prior_swamps_ten_classes():
    """Why the default changed: α = 1 on each of 100 outcomes (100 pseudo-counts, 90 on errors) puts the
    interval of a 0.85-accurate classifier on 500 cases below the truth almost always."""
    space, xs = scores(10)
    P = truth("typical", 10)
    counts = np.random.default_rng(5).multinomial(500, P, size=REPLICATIONS).astype(float)
    ev = DrawEvaluator(xs["accuracy"])
    unseen = np.full(REPLICATIONS, np.nan)  # the credible interval itself, before any extension to the observed value
    hits = [iv.interval[0] <= 0.85 <= iv.interval[1] for iv in entity_intervals(
        ev, Plan(Resampling.POSTERIOR, alpha=1.0), space, counts, None, unseen, LEVEL)]
    assert np.mean(hits) < 0.05


if __name__ == "__main__":  # the table of docs/uncertainty.md
    print("| k | n | classifier | method | accuracy | macro-F1 | MCC |")
    print("|---|---|---|---|---|---|---|")
    for k, sizes in SIZES.items():
        for n in sizes:
            for kind in KINDS:
                f = simulate(k, n, kind)
                for method in ("posterior", "bootstrap"):
                    cells = [f"{f[(method, s)][0]:.3f}" + (" ⚠" if f[(method, s)][1] else "")
                             for s in ("accuracy", "macro-F1", "MCC")]
                    print(f"| {k} | {n} | {kind} | {method} | " + " | ".join(cells) + " |", flush=True)


def auc_coverage(n: int, mu: float, replications: int = 300, draws: int = 300, seed: int = 0) -> dict:
    """Coverage of the 95 % intervals of ROC AUC from per-sample scores: binormal scores (negatives N(0, 1),
    positives N(μ, 1), half each), true AUC Φ(μ/√2): DeLong's interval, the case bootstrap's percentile
    interval and the Bayesian bootstrap's credible interval, by the package's own code."""
    from scipy import stats

    from ordertheory.performances.scored_samples import ScoredSamples
    from ordertheory.ranking.scored_ranking import ScoredLeaderboard
    from ordertheory.ranking.uncertainty.paired_tests import delong_summary
    from ordertheory.ranking.uncertainty.scored_uncertainty import weighted_values

    true = float(stats.norm.cdf(mu / np.sqrt(2)))
    rng = np.random.default_rng([seed, n])
    hits = {"DeLong": 0, "case bootstrap": 0, "Bayesian bootstrap": 0}
    for _ in range(replications):
        y = np.repeat([0, 1], n // 2)
        s = rng.normal(mu * y, 1.0)
        lo, hi = delong_summary(("m",), s[None], y == 1, LEVEL).intervals["m"]
        hits["DeLong"] += lo <= true <= hi
        lb = ScoredLeaderboard(("m",), (ScoredSamples.of(y, s),), "<sim>", y, s[None])
        for name, w in (("case bootstrap", rng.multinomial(n, np.full(n, 1 / n), size=draws).astype(float)),
                        ("Bayesian bootstrap", rng.dirichlet(np.ones(n), size=draws) * n)):
            v = weighted_values("roc_auc", lb, w)[:, 0]
            lo, hi = np.quantile(v, [(1 - LEVEL) / 2, (1 + LEVEL) / 2])
            hits[name] += lo <= true <= hi
    return {k: v / replications for k, v in hits.items()}


@pytest.mark.slow
def test_the_intervals_of_roc_auc_cover_the_true_auc():
    """DeLong, case bootstrap and Bayesian bootstrap on 100 and 400 cases (true AUC 0.76 and 0.92): each
    within [91 %, 98 %] at 300 replications (two standard errors: ±2.5 points), pooled over the sizes
    and the AUCs within [92.5 %, 97.5 %]."""
    runs = [auc_coverage(n, mu) for n in (100, 400) for mu in (1.0, 2.0)]
    for name in runs[0]:
        assert all(0.91 <= r[name] <= 0.98 for r in runs), (name, runs)
        assert 0.925 <= np.mean([r[name] for r in runs]) <= 0.975, (name, runs)
