"""Which satisfaction does a score encode (issue 27): X = E_P[f] is an affine image of E_P[S] with
S = (f − min f)/(max f − min f) (or max f − f for a loss), the identity proved on Π, and the
satisfaction recovered exactly from any linear formula."""

from __future__ import annotations

from fractions import Fraction

import sympy
from hypothesis import given
from hypothesis import strategies as st

from ordertheory.analyses.importance.encoded_satisfaction import SatisfactionKind, encoded_satisfaction
from ordertheory.catalogue import as_score
from ordertheory.performances.performance import Performance
from ordertheory.scores.direction import Direction
from ordertheory.scores.expression import parse_score
from ordertheory.sets.performance_set import fixed_prior
from ordertheory.spaces.sample_space import binary, scored, selective

F = Fraction


def test_cost_weighted_accuracy_as_a_formula():
    e = encoded_satisfaction(parse_score("1 - fp - 5*fn", binary()))
    assert e.kind is SatisfactionKind.EXPECTATION and e.verified and not e.matches
    assert e.satisfaction == {"tn": 1, "fp": F(4, 5), "fn": 0, "tp": 1}
    assert (e.offset, e.scale, e.direction) == (-4, 5, "increasing")
    assert e.derivation is not None and e.derivation.checked
    assert encoded_satisfaction(as_score("accuracy")).matches  # accuracy encodes the written S


def test_losses_are_decreasing_and_brier_is_exact():
    e = encoded_satisfaction(as_score("brier", scored(5)))
    assert e.loss and e.direction == "decreasing" and e.offset == F(81, 100) and e.scale == -F(4, 5)
    assert e.satisfaction["y0_s0"] == 1 and e.satisfaction["y1_s0"] == 0 and e.satisfaction["y1_s2"] == F(7, 10)
    ll = encoded_satisfaction(as_score("log_loss", scored(4)))
    assert ll.verified and ll.direction == "decreasing"
    assert sympy.simplify(ll.satisfaction["y0_s1"] - sympy.log(5) / sympy.log(7)) == 0  # exact, with its logs
    cost = encoded_satisfaction(as_score("expected_cost", selective(2)))
    assert cost.matches and cost.identity == "X = 1 − 1·E_P[S]"  # Chow's costs: 1 − the default S


def test_not_an_expectation_and_fixed_priors():
    assert encoded_satisfaction(as_score("roc_auc", scored(3))).kind is SatisfactionKind.NOT_AN_EXPECTATION
    assert encoded_satisfaction(as_score("tpr")).kind is SatisfactionKind.NOT_AN_EXPECTATION
    e = encoded_satisfaction(as_score("tpr"), fixed_prior(binary(), "1/5"))  # TPR = 5·tp on Π
    assert e.satisfaction == {"tn": 0, "fp": 0, "fn": 0, "tp": 1} and e.scale == 5 and not e.unique
    assert encoded_satisfaction(parse_score("tn + fp + fn + tp", binary())).kind is SatisfactionKind.CONSTANT


@given(st.lists(st.fractions(min_value=-5, max_value=5, max_denominator=9), min_size=4, max_size=4))
def test_any_linear_formula_gives_back_its_satisfaction(f):
    """X = Σ f(ω)·ω: the derived S rescales f to [0, 1] — 1 where f is largest, or where it is smallest for a
    loss (a non-negative cost larger where the written S is 0) — and X = offset + scale·E_P[S] at a random P."""
    X = parse_score(" + ".join(f"({v})*{o}" for v, o in zip(f, binary().outcomes)), binary())
    e = encoded_satisfaction(X)
    if max(f) == min(f):
        assert e.kind is SatisfactionKind.CONSTANT
        return
    lo, hi = min(f), max(f)
    loss = X.direction is Direction.LOWER
    assert loss == (lo >= 0 and f[1] + f[2] > f[0] + f[3])
    assert e.satisfaction == {o: ((hi - v) if loss else (v - lo)) / (hi - lo) for o, v in zip(binary().outcomes, f)}
    P = Performance.from_counts(binary(), [3, 1, 4, 1])
    ES = sum(F(str(e.satisfaction[o])) * P[o] for o in binary().outcomes)
    assert X(P) == F(str(e.offset)) + F(str(e.scale)) * ES
