"""k-class scores at any k: sparse performances, structured forms, their exact values (issue 28)."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ordertheory.catalogue import as_score, get
from ordertheory.catalogue.class_forms import FORMS, class_weighted_accuracy, cost_matrix_accuracy, form_of
from ordertheory.errors import InvalidInput, ResourceLimit
from ordertheory.performances.performance import Performance
from ordertheory.performances.sparse_performance import SparsePerformance, sparse_mixture
from ordertheory.scores.class_score import SYMBOLIC_MAX_CLASSES, ClassScore
from ordertheory.spaces.class_outcomes import CellNames
from ordertheory.spaces.sample_space import binary, multiclass

UNWEIGHTED = [slug for slug, f in FORMS.items() if not f.weighted]


def test_a_sparse_performance_is_exact_and_canonical():
    P = SparsePerformance.from_cells(4, [(0, 0, 2), (3, 1, 4), (1, 1, 0)])
    Q = SparsePerformance.from_cells(4, [(3, 1, Fraction(2, 3)), (0, 0, Fraction(1, 3))])
    assert P == Q and hash(P) == hash(Q) and P.nnz == 2 and P.total == 3  # the counts reduced by their gcd
    assert P.probability(3, 1) == Fraction(2, 3) and P.probability(2, 2) == 0
    d, r, q = P.class_counts
    assert d.tolist() == [1, 0, 0, 0] and r.tolist() == [1, 0, 0, 2] and q.tolist() == [1, 2, 0, 0]
    with pytest.raises(InvalidInput, match="given twice"):
        SparsePerformance.from_cells(3, [(0, 1, 1), (0, 1, 2)])
    with pytest.raises(InvalidInput, match="classes in 0..2"):
        SparsePerformance.from_cells(3, [(0, 3, 1)])
    with pytest.raises(InvalidInput, match="non-negative"):
        SparsePerformance.from_cells(3, [(0, 1, -1)])


def test_a_huge_total_keeps_exact_python_integers():
    P = SparsePerformance.from_cells(3, [(0, 0, 2**70), (1, 2, 1)])
    assert P.counts.dtype == object and P.probability(1, 2) == Fraction(1, 2**70 + 1)
    assert P.class_counts[2].tolist() == [2**70, 0, 1]


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(1, 9)), min_size=1, max_size=12,
                unique_by=lambda c: c[:2]),
       st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(1, 9)), min_size=1, max_size=12,
                unique_by=lambda c: c[:2]),
       st.fractions(0, 1))
@settings(max_examples=40, deadline=None)
def test_the_sparse_mixture_is_the_dense_one(c1, c2, lam):
    from ordertheory.performances.performance import mixture

    P1, P2 = SparsePerformance.from_cells(5, c1), SparsePerformance.from_cells(5, c2)
    M = sparse_mixture(P1, P2, lam)
    assert M.to_performance() == mixture([P1.to_performance(), P2.to_performance()], [lam, 1 - lam])
    assert SparsePerformance.from_performance(M.to_performance()) == M


def test_labels_give_the_confusion_matrix_of_scikit_learn():
    from sklearn.metrics import confusion_matrix

    rng = np.random.default_rng(1)
    y, p = rng.integers(0, 6, 300), rng.integers(0, 6, 300)
    P = SparsePerformance.from_labels(y, p)
    assert P == SparsePerformance.from_matrix(confusion_matrix(y, p))


def test_multiclass_spaces_of_any_size_name_their_outcomes_on_demand():
    sp = multiclass(1000)
    assert isinstance(sp.outcomes, CellNames) and len(sp) == 10**6 and sp.position("y999_p3") == 999_003
    assert multiclass(3).outcomes == ("y0_p0", "y0_p1", "y0_p2", "y1_p0", "y1_p1", "y1_p2", "y2_p0", "y2_p1", "y2_p2")
    assert hash(multiclass(3).outcomes) == hash(tuple(multiclass(3).outcomes))
    assert sp.is_crisp_multiclass and not binary().is_crisp_multiclass
    with pytest.raises(InvalidInput, match="unknown outcome"):
        sp.position("y1000_p0")


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("slug", UNWEIGHTED)
def test_each_form_is_the_catalogue_formula_regrouped(slug, k):
    """Expanded, a form is the catalogue's formula exactly — expression and domain as written."""
    if slug == "cost_matrix_accuracy":
        pytest.skip("not a catalogue entry")
    sp = multiclass(k)
    assert FORMS[slug].at(k).symbolic(sp) == get(slug).score(sp)


def _random_performance(k: int, rng, zeros: float) -> Performance:
    counts = rng.integers(0, 5, (k, k)) * (rng.random((k, k)) > zeros)
    counts[0, 0] += 1
    return Performance.from_confusion_matrix(counts.tolist(), multiclass(k))


@pytest.mark.parametrize("slug", UNWEIGHTED)
def test_structured_values_are_the_formulas_values(slug):
    """Exact values and the domain (None outside it) agree with the formula, absent classes included."""
    rng = np.random.default_rng(7)
    X, Y = FORMS[slug].at(3), get(slug).score(multiclass(3))
    for _ in range(25):
        P = _random_performance(3, rng, 0.6)
        a, b = X.value_or_none(P), Y.value_or_none(P)
        assert (a is None) == (b is None) and (a is None or (a - b == 0)), (slug, P, a, b)


def test_values_on_1000_classes_are_scikit_learns():
    from sklearn import metrics

    rng = np.random.default_rng(3)
    y = np.repeat(np.arange(1000), 5)
    p = np.where(rng.random(y.size) < 0.6, y, rng.integers(0, 1000, y.size))
    P = SparsePerformance.from_labels(y, p, labels=range(1000))
    assert P.nnz < 5000
    expected = {"macro_f1": metrics.f1_score(y, p, average="macro"), "multiclass_accuracy": metrics.accuracy_score(y, p),
                "cohen_kappa_k": metrics.cohen_kappa_score(y, p), "mcc_k": metrics.matthews_corrcoef(y, p),
                "macro_recall": metrics.recall_score(y, p, average="macro"),
                "micro_f1": metrics.f1_score(y, p, average="micro")}
    for slug, value in expected.items():
        X = as_score(slug, multiclass(1000))
        assert isinstance(X, ClassScore) and X.text == f"{slug} (k = 1000)"
        assert abs(float(X.value(P).evalf(30) if hasattr(X.value(P), "evalf") else X.value(P)) - value) < 1e-12, slug


def test_a_macro_average_with_an_absent_class_is_undefined_as_written():
    P = SparsePerformance.from_cells(1000, [(0, 0, 1), (1, 1, 1)])
    assert form_of("macro_f1").at(1000).value_or_none(P) is None  # 2tp + fp + fn = 0 for class 2
    assert form_of("macro_recall").at(1000).value_or_none(P) is None
    assert form_of("accuracy_k") is None and form_of("mc_accuracy").at(1000).value(P) == 1


def test_weighted_and_cost_matrix_accuracies():
    from sklearn.metrics import accuracy_score

    rng = np.random.default_rng(5)
    y, p = rng.integers(0, 4, 200), rng.integers(0, 4, 200)
    P = SparsePerformance.from_labels(y, p, labels=range(4))
    w = [1, 2, 3, Fraction(1, 2)]
    expected = accuracy_score(y, p, sample_weight=[float(w[c]) for c in y])
    assert abs(float(class_weighted_accuracy(w).value(P)) - expected) < 1e-12
    assert class_weighted_accuracy([1, 1, 1, 1]).value(P) == form_of("multiclass_accuracy").at(4).value(P)
    C = cost_matrix_accuracy(4, {(0, 1): "1/4", (2, 3): 0})
    cost = sum(float(n) * {(0, 1): 0.25, (2, 3): 0.0}.get((a, b), 1.0) for (a, b), n in
               zip(*np.unique(np.stack([y, p]).T, axis=0, return_counts=True)) if a != b) / 200
    assert abs(float(C.value(P)) - (1 - cost)) < 1e-12
    assert C.symbolic().value(P.to_performance()) == C.value(P)
    with pytest.raises(InvalidInput, match="off-diagonal"):
        cost_matrix_accuracy(3, {(1, 1): 0})


def test_beyond_the_guard_the_catalogue_gives_the_structured_form():
    k = SYMBOLIC_MAX_CLASSES + 1
    assert isinstance(as_score("miou", multiclass(k)), ClassScore)
    with pytest.raises(ResourceLimit, match="too large to write out"):
        get("macro_f1").score(multiclass(k))
    with pytest.raises(ResourceLimit):
        as_score("multiclass_gps", multiclass(k))  # no structured form: the guard stays
    two = get("macro_f1").score(multiclass(2))  # a k-class entry on tn, fp, fn, tp: cells (0,0) … (1,1)
    rename = dict(zip(two.symbols, as_score("tpr").symbols))
    assert as_score("macro_f1", binary()).expr == two.expr.xreplace(rename)


def test_a_value_reads_only_the_classes_present(monkeypatch):
    """Linear in the cells: on 10⁵ classes, a performance with 3 cells costs a handful of class terms
    (the absent classes share one), not 10⁵."""
    from ordertheory.scores.class_score import ClassSum

    calls = []
    real = ClassSum.at
    monkeypatch.setattr(ClassSum, "at", lambda self, values: calls.append(1) or real(self, values))
    X = form_of("cohen_kappa_k").at(100_000)
    P = SparsePerformance.from_cells(100_000, [(0, 0, 3), (0, 7, 1), (99_999, 99_999, 2)])
    assert X.value(P) == X.value(P)
    assert len(calls) <= 2 * (3 + 1) * 2  # two sums, present classes (0, 7, 99 999) + one absent group, twice
