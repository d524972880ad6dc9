"""Fixed prediction rates (issue 31): the rate of positive predictions τ₊ = fp + tp, the k-class
vector of column sums, both constraints at once, symbolic p and tau, and the one setting syntax."""

from fractions import Fraction

import pytest

from ordertheory import InvalidInput, Performance
from ordertheory.cli import main
from ordertheory.sets.performance_set import (
    Constraint,
    PerformanceSet,
    fixed_prior,
    fixed_rate,
    fixed_rates,
    intersect,
)
from ordertheory.sets.settings import setting
from ordertheory.spaces.sample_space import binary, multiclass


def test_fixed_rate_holds_on_every_vertex_and_is_the_dual_of_the_prior():
    Pi = fixed_rate(binary(), "1/4")
    vs = Pi.vertices()
    assert vs and all(P.as_dict()["fp"] + P.as_dict()["tp"] == Fraction(1, 4) for P in vs)
    assert Pi.contains(Performance.from_probabilities(binary(), ["1/2", "1/8", "1/4", "1/8"]))
    assert not Pi.contains(Performance.from_probabilities(binary(), ["1/2", "1/4", "1/8", "1/8"]))
    prior = fixed_prior(binary(), "1/4")
    assert {P.as_dict()["fn"] + P.as_dict()["tp"] for P in prior.vertices()} == {Fraction(1, 4)}
    assert len(vs) == len(prior.vertices()) == 4


def test_k_class_rates_are_column_sums_and_combine_with_priors():
    Pi = intersect(fixed_rates(multiclass(3), ["1/2", "1/4", "1/4"]),
                   setting(multiclass(3), "priors=1/3,1/3,1/3"))
    assert Pi.label == "rates=0.5,0.25,0.25; uniform"
    # the product of the margins satisfies both; moving mass within a row keeps the priors only
    inside = Performance.from_probabilities(multiclass(3), [Fraction(1, 3) * r for r in (Fraction(1, 2), Fraction(1, 4),
                                                                                        Fraction(1, 4))] * 3)
    assert Pi.contains(inside)
    moved = list(inside.probabilities)
    moved[0], moved[1] = moved[0] + moved[1], Fraction(0)
    assert not Pi.contains(Performance.from_probabilities(multiclass(3), moved))
    assert setting(multiclass(3), "priors=1/3,1/3,1/3").contains(Performance.from_probabilities(multiclass(3), moved))


def test_empty_intersection_is_an_error_not_a_vacuous_set():
    import sympy

    tp = sympy.Symbol("tp", real=True, nonnegative=True)
    half = PerformanceSet(binary(), (Constraint(tp - sympy.Rational(1, 2), "=="),), "tp=1/2")
    with pytest.raises(InvalidInput, match="no performance"):
        intersect(fixed_prior(binary(), "1/5"), half)  # tp ≤ the prior 1/5 < 1/2
    assert intersect(fixed_prior(binary(), "3/5"), half).vertices()


@pytest.mark.parametrize("text,label", [("all", "all"), ("0.2", "prior=0.2"), ("rate=1/5", "rate=0.2"),
                                        ("prior=p", "prior=p"), ("rate=tau", "rate=tau"),
                                        ("prior=1/2; rate=1/4", "prior=0.5; rate=0.25")])
def test_setting_syntax(text, label):
    assert setting(binary(), text).label == label


@pytest.mark.parametrize("text", ["rate=1", "rate=x", "bogus", "rates=1/2,1/2,1/2", "prior=0"])
def test_bad_settings_are_one_line_errors(text):
    with pytest.raises(InvalidInput):
        setting(binary(), text)


def test_cli_rate_and_symbolic_rate(capsys):
    assert main(["check", "ppv", "--rate", "tau"]) == 2  # symbolic: for importance and compare only
    assert "symbolic rate (tau) is for 'importance' and 'compare'" in capsys.readouterr().err
    assert main(["importance", "markedness", "--rate", "1/5", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"kind": "monotone_transform"' in out and '"a": "4/5"' in out
