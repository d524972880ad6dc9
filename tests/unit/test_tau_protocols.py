"""τ with exact ties (integer counts, one division) and the two protocols, tile and generic."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from scipy.stats import kendalltau

from ordertheory.analyses.tau import tau as T
from ordertheory.analyses.tau.exact_ties import counts_of, rational_values, simple_rational
from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.errors import InvalidInput
from ordertheory.sets.performance_set import all_performances, fixed_prior
from ordertheory.spaces.sample_space import binary


def _exact_tau(rows, x, r):
    keep = [k for k in range(len(rows)) if x[k] is not None and r[k] is not None]
    dense = lambda v: {u: i for i, u in enumerate(sorted({v[k] for k in keep}))}  # noqa: E731
    dx, dr = dense(x), dense(r)
    return kendalltau([dx[x[k]] for k in keep], [dr[r[k]] for k in keep]).statistic


def test_markedness_at_the_centre_has_exact_ties():
    Pi = fixed_prior(binary(), "1/2")
    X = get("markedness").score()
    grid = T.grid_for(Pi)
    counts = counts_of(grid, 160)
    ev = T.TauEvaluator(rational_values(X, counts, 160), grid, np.array([1.0, 0, 0, 1]), counts)
    got = ev(T.tile_importance(0.5, 0.5))
    p = Fraction(1, 2)
    rows = [((1 - p) * Fraction(j, 80), (1 - p) * Fraction(80 - j, 80), p * Fraction(80 - i, 80), p * Fraction(i, 80))
            for i in range(81) for j in range(81)]
    x = [None if tp + fp == 0 or tn + fn == 0 else tp / (tp + fp) + tn / (tn + fn) - 1 for tn, fp, fn, tp in rows]
    r = [tn + tp for tn, fp, fn, tp in rows]
    assert got == pytest.approx(_exact_tau(rows, x, r), abs=1e-12)
    assert round(got, 6) == 0.917101  # snapping floats to 10 digits gave 0.917063


def test_generic_points_are_off_the_ties_and_give_smaller_tau_there():
    assert simple_rational(0.5) == Fraction(1, 2) and simple_rational(T.generic_point(0.5, 0.5)[0]) is None
    Pi = all_performances(binary())
    grid = T.grid_for(Pi)
    counts = counts_of(grid, 32)
    X = get("balanced_accuracy").score()
    ev = T.TauEvaluator(rational_values(X, counts, 32), grid, np.array([1.0, 0, 0, 1]), counts)
    at, beside = ev(T.tile_importance(0.5, 0.5)), ev(T.tile_importance(*T.generic_point(0.5, 0.5)))
    assert at > beside + 0.01


def test_protocol_is_checked_and_reported(capsys):
    with pytest.raises(InvalidInput, match="protocol"):
        T.tau_range(get("tpr").score(), fixed_prior(binary(), "1/2"), points=11, protocol="nope")
    assert main(["tau", "markedness", "--prior", "1/2", "--points", "21", "--protocol", "generic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["protocol"] == "generic" and out["exact_ties"] and set(out["tau_max_at"]) == {"a", "b"}
    assert not out["tau_max_exact"] and out["tau_max_at"]["a"] != 0.5


@pytest.mark.parametrize("a, b", [(0.0, 0.670573916667), (1.0, 0.3294), (0.25, 0.1234567)])
def test_ties_on_a_rational_line_at_a_generic_point_are_exact(a, b):
    """At a = 0 and a generic b, R = tn / (tn + U(b)) ties performances with proportional
    (tn, fp, fn) for every b; floats alone split some of them."""
    Pi = all_performances(binary())
    grid = T.grid_for(Pi)
    counts = counts_of(grid, 32)
    ev = T.TauEvaluator(rational_values(get("ptp").score(), counts, 32), grid, np.array([1.0, 0, 0, 1]), counts)
    fa, fb = Fraction(a), Fraction(b)  # the floats' exact values
    rows = [tuple(map(int, r)) for r in counts]
    r = []
    for tn, fp, fn, tp in rows:
        num = (1 - fa) * tn + fa * tp
        den = num + (1 - fb) * fp + fb * fn
        r.append(None if den == 0 else num / den)
    x = [tp for tn, fp, fn, tp in rows]
    assert ev(T.tile_importance(a, b)) == pytest.approx(_exact_tau(rows, x, r), abs=1e-12)
