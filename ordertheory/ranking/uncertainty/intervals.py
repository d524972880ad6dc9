"""Each entity's value interval, what it is, and when its coverage is known to fall short.

The interval of X at level L is **equal-tailed**: the (1 − L)/2 and (1 + L)/2 quantiles of X under
the resampling, on X's own scale. What it is depends on the resampling, and every report says so:

- under the Dirichlet posterior, a **Bayesian credible interval** — computed **exactly** for a
  two-level score (Beta quantiles of the aggregated posterior: with the default prior, accuracy's
  is the Jeffreys interval of Brown, Cai & DasGupta 2001), by **1-D quadrature** for any other ratio
  of linear forms, else from the **Monte Carlo** quantiles of the draws;
- under a bootstrap, a **percentile bootstrap interval** (Efron) from the draws' quantiles.

**The observed value is never silently outside its interval**: where it falls outside (a perfect
classifier's accuracy 1 is above every posterior quantile; a posterior centred elsewhere), the
interval is extended to it and the method says "extended to the observed value" — as the Jeffreys
interval is at x = 0 and x = n (Brown et al. set its upper end to 1 at x = n). Extending only adds
coverage.

**Coverage** is measured by simulation (tests/slow/test_coverage.py; figures in docs/uncertainty.md):
test sets drawn from known performances on 2, 3 and 10 classes, 50 and 500 cases. With at least
:data:`CASES_PER_OUTCOME` test cases per outcome of Ω, the 95 % intervals of accuracy, macro-F1 and
MCC cover the true value in 93–97 % of replications, posterior and bootstrap alike. Below it, a score
that reads each class's errors apart (macro-F1 above all) under-covers under *every* resampling
(errors never seen in a class are never redrawn), so :func:`coverage_note` says so; a two-level
score's exact interval (accuracy) is unaffected.

>>> import numpy as np
>>> from ordertheory.catalogue import get
>>> from ordertheory.ranking.uncertainty.resample import Plan, Resampling
>>> from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator
>>> from ordertheory.spaces.sample_space import binary
>>> acc = DrawEvaluator(get("accuracy").score())
>>> counts = np.array([[20.0, 0, 0, 30]])          # a perfect classifier on 50 cases
>>> iv = entity_intervals(acc, Plan(Resampling.POSTERIOR), binary(), counts, None, np.array([1.0]), 0.95)[0]
>>> round(iv.interval[0], 4), iv.interval[1], iv.extended    # Jeffreys: Beta(50 + ½, 0 + ½), then up to 1
(0.9512, 1.0, True)
>>> iv.method
'Bayesian credible interval: exact Beta quantiles of the aggregated posterior; extended to the observed value'
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ordertheory.ranking.uncertainty import exact_posterior as ep
from ordertheory.ranking.uncertainty.resample import Plan, Resampling, quantile_interval
from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator
from ordertheory.spaces.sample_space import SampleSpace

CASES_PER_OUTCOME = 5  # below this many test cases per outcome of Ω, coverage_note warns
CREDIBLE = "Bayesian credible interval"
EXACT_BETA = f"{CREDIBLE}: exact Beta quantiles of the aggregated posterior"
QUADRATURE = f"{CREDIBLE}: 1-D quadrature (Gil-Pelaez inversion, root finding)"
EXTENDED = "extended to the observed value"


@dataclass(frozen=True)
class ValueInterval:
    """One entity's value interval on X's own scale, what it is, and its numerical error (None for
    Monte Carlo quantiles); ``extended``: widened to hold the observed value."""

    interval: tuple[float, float] | None
    method: str
    error: float | None = None
    extended: bool = False


def two_level_betas(evaluator: DrawEvaluator, plan: Plan, space: SampleSpace, counts: np.ndarray):
    """(TwoLevel, [(a_e, b_e)]) when the posterior of X is a Beta through a monotone map, else None."""
    lf = evaluator.lf
    if plan.method is not Resampling.POSTERIOR or lf is None or lf.denominator_sign != 1:
        return None
    tl = lf.two_level()
    if tl is None:
        return None
    prior = plan.prior(space)
    return tl, [ep.beta_parameters(tl, lf.outcomes, c + prior, 0.0) for c in counts]


def _exact(evaluator: DrawEvaluator, plan: Plan, space: SampleSpace, counts: np.ndarray, level: float) -> dict:
    """{entity index: (interval of the oriented score, method, error)} without sampling (posterior only)."""
    lf = evaluator.lf
    if plan.method is not Resampling.POSTERIOR or lf is None or lf.denominator_sign != 1:
        return {}
    betas = two_level_betas(evaluator, plan, space, counts)
    if betas is not None:
        tl, ab = betas
        return {i: (ep.two_level_interval(tl, a, b, level), EXACT_BETA, 1e-14) for i, (a, b) in enumerate(ab)}
    rows = ep.lf_intervals(lf, counts + plan.prior(space), level)
    return {i: ((lo, hi), QUADRATURE, err) for i, (lo, hi, err) in enumerate(rows)}


def sampled_method(plan: Plan, draws: int) -> str:
    """What an interval from the draws' quantiles is, under ``plan``."""
    if plan.method is Resampling.POSTERIOR:
        return f"{CREDIBLE}: Monte Carlo quantiles ({draws} draws)"
    if plan.method is Resampling.BAYESIAN_BOOTSTRAP:
        return f"{CREDIBLE} of the Bayesian bootstrap: Monte Carlo quantiles ({draws} draws)"
    what = "case bootstrap" if plan.method is Resampling.CASE_BOOTSTRAP else "bootstrap"
    return f"percentile {what} interval ({draws} draws)"


def entity_intervals(evaluator: DrawEvaluator, plan: Plan, space: SampleSpace, counts: np.ndarray,
                     values: np.ndarray | None, observed: np.ndarray, level: float, exact: bool = True,
                     sign: int = 1) -> list[ValueInterval]:
    """The value interval of every entity (rows of ``counts``), on X's own scale.

    ``evaluator`` computes the oriented score (−X for a loss, ``sign`` = −1); ``values``: the draws'
    values of X (draws × entities, NaN where undefined), or None when no Monte Carlo is needed;
    ``observed``: each entity's observed value of X (NaN where undefined)."""
    computed = _exact(evaluator, plan, space, counts, level) if exact else {}
    out = []
    for i, obs in enumerate(np.asarray(observed, dtype=float)):
        interval, method, err = computed.get(i, (None, None, None))
        if interval is not None and sign < 0:  # computed for −X
            interval = (-interval[1], -interval[0])
        if interval is None and values is not None:
            v = values[:, i]
            v = v[~np.isnan(v)]
            if len(v):
                lo, hi = quantile_interval(v, level)
                interval, method = (float(lo), float(hi)), sampled_method(plan, len(v))
        if interval is None:
            out.append(ValueInterval(None, "undefined in every draw"))
            continue
        lo, hi = float(interval[0]), float(interval[1])
        extended = not np.isnan(obs) and not lo <= obs <= hi
        if extended:
            lo, hi = min(lo, float(obs)), max(hi, float(obs))
            method = f"{method}; {EXTENDED}"
        out.append(ValueInterval((lo, hi), method, err, extended))
    return out


def coverage_note(evaluator: DrawEvaluator, space: SampleSpace, counts: np.ndarray) -> str | None:
    """A caveat when some entity has fewer than :data:`CASES_PER_OUTCOME` test cases per outcome and X
    is not two-level (its interval is then not exact): the measured under-coverage, said once."""
    if evaluator.lf is not None and evaluator.lf.two_level() is not None:
        return None
    totals = counts.sum(axis=1)
    if not len(totals) or float(totals.min()) >= CASES_PER_OUTCOME * len(space):
        return None
    return (f"fewer than {CASES_PER_OUTCOME} test cases per outcome (n/|Ω| = {float(totals.min()) / len(space):.2g} "
            f"for the smallest test set): intervals of a score that reads each class's errors apart (macro-F1, "
            "MCC) may cover less than their level — measured 80–91 % for 95 % at 5–20 cases per class on 10 "
            "classes, posterior and bootstrap alike (docs/uncertainty.md); accuracy's exact interval is unaffected")
