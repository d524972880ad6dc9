from fractions import Fraction

import pytest

from ordertheory import InvalidInput, Performance, binary, get_score, multiclass
from ordertheory.catalogue import TABLE1, all_entries

P = Performance.from_confusion_matrix([[60, 10], [5, 25]])  # tn, fp, fn, tp


def test_table1_slugs_present():
    assert len(TABLE1) == 27
    for slug in TABLE1:
        assert get_score(slug).slug == slug


def test_sizes():
    assert len(all_entries("binary")) >= 40
    assert {e.slug for e in all_entries("multiclass")} >= {
        "multiclass_accuracy", "macro_recall", "macro_precision", "macro_f1", "micro_f1", "multiclass_gps"}


@pytest.mark.parametrize("slug,expected", [
    ("accuracy", Fraction(85, 100)),
    ("tpr", Fraction(25, 30)),
    ("ppv", Fraction(25, 35)),
    ("f_beta_1", Fraction(50, 65)),
    ("jaccard", Fraction(25, 40)),
    ("informedness", Fraction(25, 30) + Fraction(60, 70) - 1),
    ("odds_ratio", Fraction(25 * 60, 10 * 5)),
    ("chance_kappa", Fraction(30 * 35 + 70 * 65, 100 * 100)),
    ("positive_prediction_rate", Fraction(35, 100)),
])
def test_values(slug, expected):
    assert get_score(slug).score().value(P) == expected


def test_kappa_undefined_at_pure_performances():
    kappa = get_score("cohen_kappa").score()
    assert not kappa.in_domain(Performance.vertex(binary(), "tn"))
    assert not kappa.in_domain(Performance.vertex(binary(), "tp"))


def test_aliases_and_unknown():
    assert get_score("recall").slug == "tpr"
    assert get_score("F1").slug == "f_beta_1"
    with pytest.raises(InvalidInput, match="unknown score"):
        get_score("nope")


def test_multiclass_accuracy_and_micro_f1():
    Q = Performance.from_confusion_matrix([[3, 1, 0], [0, 2, 2], [1, 0, 1]])
    acc = get_score("multiclass_accuracy").score(multiclass(3)).value(Q)
    assert acc == Fraction(6, 10)
    assert get_score("micro_f1").score(multiclass(3)).value(Q) == acc


def test_gmean_is_irrational_but_exact():
    import sympy

    v = get_score("g_mean").score().exact_value(Performance.from_probabilities(binary(), ["1/4", "1/4", "1/4", "1/4"]))
    assert v == sympy.Rational(1, 2)
    w = get_score("g_mean").score().exact_value(Performance.from_probabilities(binary(), ["1/2", "1/4", 0, "1/4"]))
    assert sympy.simplify(w - sympy.sqrt(sympy.Rational(2, 3))) == 0
