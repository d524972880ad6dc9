from fractions import Fraction

import numpy as np
import pytest

from ordertheory import (
    Comparison,
    Importance,
    InvalidInput,
    Performance,
    UndefinedScore,
    binary,
    custom,
    expected_satisfaction,
    filter_I,
    mixture,
    multiclass,
    probabilistic_score,
    ranking_score,
)
from ordertheory.exact import sign, to_fraction
from ordertheory.performances.relations import is_preorder


def test_binary_space():
    om = binary()
    assert om.outcomes == ("tn", "fp", "fn", "tp")
    assert om.satisfaction == tuple(Fraction(v) for v in (1, 0, 0, 1))
    assert om.levels == (0, 1)


def test_multiclass_names_and_satisfaction():
    om = multiclass(3)
    assert len(om) == 9 and om.outcomes[4] == "y1_p1"
    assert [om.S(o) for o in om.outcomes].count(1) == 3


@pytest.mark.parametrize("k", [1, 0, -2, True, 2.5])
def test_multiclass_rejects(k):
    with pytest.raises(InvalidInput):
        multiclass(k)


def test_custom_space():
    om = custom({"bad": 0, "meh": "1/2", "good": 1})
    assert om.s_min == 0 and om.s_max == 1 and om.S("meh") == Fraction(1, 2)
    with pytest.raises(InvalidInput, match="distinct"):
        custom(["a", "a"], [0, 1])
    with pytest.raises(InvalidInput):
        custom(["sqrt"], [1])


def test_to_fraction_is_exact():
    assert to_fraction("0.2") == Fraction(1, 5)
    assert to_fraction(0.1) == Fraction(1, 10)
    for bad in ("abc", "inf", "nan", float("nan"), True, None):
        with pytest.raises(InvalidInput):
            to_fraction(bad)


def test_performance_validation_messages():
    om = binary()
    with pytest.raises(InvalidInput, match="sum to 3/2"):
        Performance.from_probabilities(om, [Fraction(1, 2)] * 3 + [0])
    with pytest.raises(InvalidInput, match=r"probability in \[0, 1\] but got tp=-1/5"):
        Performance.from_probabilities(om, ["0.4", "0.4", "0.4", "-0.2"])
    with pytest.raises(InvalidInput, match="unknown outcome 'tq'"):
        Performance.from_probabilities(om, {"tn": 1, "tq": 0, "fn": 0, "fp": 0})
    with pytest.raises(InvalidInput, match="square"):
        Performance.from_confusion_matrix([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(InvalidInput, match="positive total"):
        Performance.from_counts(om, [0, 0, 0, 0])


def test_confusion_matrix_convention():
    P = Performance.from_confusion_matrix(np.array([[5, 1], [2, 2]]))
    assert P.as_dict() == {"tn": Fraction(1, 2), "fp": Fraction(1, 10), "fn": Fraction(1, 5), "tp": Fraction(1, 5)}
    Q = Performance.from_labels([0, 0, 1, 1, 1], [0, 1, 1, 0, 1])
    assert Q["tp"] == Fraction(2, 5) and Q["fp"] == Fraction(1, 5)
    R = Performance.from_labels(["a", "b", "c"], ["a", "c", "c"])
    assert R.space.classes == 3 and R["y1_p2"] == Fraction(1, 3)


def test_mixture_and_filter():
    om = binary()
    A, B = Performance.vertex(om, "tp"), Performance.vertex(om, "fn")
    M = mixture([A, B], ["1/4", "3/4"])
    assert M["tp"] == Fraction(1, 4) and M["fn"] == Fraction(3, 4)
    with pytest.raises(InvalidInput, match="summing to 1 but they sum to 2"):
        mixture([A, B], [1, 1])
    I = Importance.from_values(om, {"tp": 1, "fn": 3})
    F = filter_I(I, M)
    assert F["tp"] == Fraction(1, 10)
    with pytest.raises(UndefinedScore):
        filter_I(I, Performance.vertex(om, "tn"))


def test_importance_rejects_zero_and_negative():
    om = binary()
    with pytest.raises(InvalidInput, match="not identically 0"):
        Importance(om, (Fraction(0),) * 4)
    with pytest.raises(InvalidInput, match="I\\(fp\\)=-1"):
        Importance.from_values(om, {"fp": -1, "tp": 1})


def test_ranking_score_domain_and_value():
    om = binary()
    R = ranking_score(Importance.from_values(om, {"fn": 1, "tp": 1}))  # the TPR
    P = Performance.from_probabilities(om, ["1/2", "1/4", "1/8", "1/8"])
    assert R.value(P) == Fraction(1, 2)
    with pytest.raises(UndefinedScore):
        R.value(Performance.vertex(om, "tn"))
    assert R.value_or_none(Performance.vertex(om, "tn")) is None


def test_families():
    om = binary()
    A = expected_satisfaction(om)
    P = Performance.from_probabilities(om, ["1/2", "1/4", "1/8", "1/8"])
    assert A.value(P) == Fraction(5, 8)
    ppv = probabilistic_score(om, {"tp"}, {"tp", "fp"})
    assert ppv.value(P) == Fraction(1, 3)
    with pytest.raises(InvalidInput):
        probabilistic_score(om, {"tp"}, {"tp"})


def test_compare_four_cases():
    om = binary()
    R = ranking_score(Importance.from_values(om, {"fn": 1, "tp": 1}))
    a = Performance.from_probabilities(om, [0, 0, "1/2", "1/2"])
    b = Performance.from_probabilities(om, [0, 0, "1/4", "3/4"])
    out = Performance.vertex(om, "tn")  # outside the domain
    out2 = Performance.vertex(om, "fp")
    assert R.compare(a, b) is Comparison.WORSE
    assert R.compare(b, a) is Comparison.BETTER
    assert R.compare(a, a) is Comparison.EQUIVALENT
    assert R.compare(a, out) is Comparison.INCOMPARABLE
    assert R.compare(out, out) is Comparison.EQUIVALENT
    assert R.compare(out, out2) is Comparison.INCOMPARABLE


def test_is_preorder_catches_a_flipped_entry():
    xs = "abc"
    le = {(x, y): x <= y for x in xs for y in xs}
    assert is_preorder(xs, le)
    for pair in list(le):
        flipped = dict(le)
        flipped[pair] = not flipped[pair]
        # flipping a diagonal entry breaks reflexivity; flipping (a, c) to False breaks transitivity
        if pair[0] == pair[1] or pair == ("a", "c"):
            assert not is_preorder(xs, flipped), pair


def test_sign_exact():
    import sympy

    assert sign(sympy.sqrt(2) - sympy.Rational(1414213562, 10**9)) == 1
    assert sign(sympy.sqrt(8) - 2 * sympy.sqrt(2)) == 0
    assert sign(sympy.Rational(-1, 3)) == -1
