"""Every catalogue entry that PyCM or scikit-learn computes gives their value on ten real confusion
matrices (tests/data/confusion_matrices.json), to 1e-12 relative error; where our formula as
written is undefined, the source is undefined too ('None', nan) or the entry records the source's
own convention (``at_zero``). PyCM is a test-only dependency (the ``test`` extra)."""

import json
import math
import warnings
from pathlib import Path

import numpy as np
import pytest
import sympy

from ordertheory.catalogue import get
from ordertheory.catalogue.pycm_names import CLASS, DISTANCE, OVERALL
from ordertheory.performances.performance import Performance
from ordertheory.spaces.sample_space import binary, multiclass

pycm = pytest.importorskip("pycm")
metrics = pytest.importorskip("sklearn.metrics")

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "confusion_matrices.json").read_text())
MATRICES = [(m["name"], m["matrix"]) for m in DATA["matrices"]]


def _space(matrix):
    return binary() if len(matrix) == 2 else multiclass(len(matrix))


def _ours(slug, matrix):
    """Our exact value as a float, or None outside the domain."""
    X = get(slug).score(_space(matrix))
    v = X.value_or_none(Performance.from_confusion_matrix(matrix))
    if v is None:
        return None
    return float(v) if not isinstance(v, sympy.Basic) else float(sympy.N(v, 30))


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))


def _defined(value) -> bool:
    return not (isinstance(value, str) or value is None or (isinstance(value, float) and math.isnan(value)))


def _check(slug, matrix, theirs, where):
    ours = _ours(slug, matrix)
    if ours is None:  # undefined here: the source is undefined too, or has its own convention
        assert not _defined(theirs) or get(slug).at_zero, (where, slug, theirs)
        return False
    assert _defined(theirs), (where, slug, ours, theirs)
    assert _close(ours, float(theirs)), (where, slug, ours, theirs)
    return True


@pytest.fixture(scope="module")
def pycm_matrices():
    out = {}
    for name, matrix in MATRICES:
        k = len(matrix)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cm = pycm.ConfusionMatrix(matrix={i: {j: matrix[i][j] for j in range(k)} for i in range(k)})
        out[name] = cm
    return out


def test_ten_real_matrices_of_both_kinds():
    assert len(MATRICES) == 10
    assert sum(len(m) == 2 for _, m in MATRICES) == 5
    assert all(sum(map(sum, m)) > 100 for _, m in MATRICES)


def test_class_and_distance_statistics_match_pycm(pycm_matrices):
    compared = {}
    for name, matrix in MATRICES:
        if len(matrix) != 2:
            continue
        cm = pycm_matrices[name]
        for key, slug in CLASS.items():
            compared.setdefault(key, 0)
            compared[key] += _check(slug, matrix, cm.class_stat[key][1], f"{name} class {key}")
        for key, slug in DISTANCE.items():
            theirs = cm.distance(metric=pycm.DistanceType[key])[1]
            compared.setdefault(key, 0)
            compared[key] += _check(slug, matrix, theirs, f"{name} distance {key}")
    assert all(n > 0 for n in compared.values()), [k for k, n in compared.items() if n == 0]


def test_overall_statistics_match_pycm(pycm_matrices):
    compared = dict.fromkeys(OVERALL, 0)
    for name, matrix in MATRICES:
        cm = pycm_matrices[name]
        for key, slug in OVERALL.items():
            theirs = cm.overall_stat[key]
            if key == "Overall J":  # PyCM gives (sum, mean)
                theirs = theirs[1] if isinstance(theirs, tuple) else theirs
            compared[key] += _check(slug, matrix, theirs, f"{name} overall {key}")
    assert all(n > 0 for n in compared.values()), [k for k, n in compared.items() if n == 0]


def _labels(matrix):
    k = len(matrix)
    y = np.repeat([i for i in range(k) for _ in range(k)], [c for row in matrix for c in row])
    p = np.repeat([j for _ in range(k) for j in range(k)], [c for row in matrix for c in row])
    return y, p


def _sk(f, **kw):
    def call(y, p):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return f(y, p, **kw)
    return call


SKLEARN = {
    "multiclass_accuracy": _sk(metrics.accuracy_score),
    "macro_recall": _sk(metrics.balanced_accuracy_score),
    "adjusted_balanced_accuracy": _sk(metrics.balanced_accuracy_score, adjusted=True),
    "cohen_kappa_k": _sk(metrics.cohen_kappa_score),
    "cohen_kappa_linear": _sk(metrics.cohen_kappa_score, weights="linear"),
    "cohen_kappa_quadratic": _sk(metrics.cohen_kappa_score, weights="quadratic"),
    "mcc_k": _sk(metrics.matthews_corrcoef),
    "hamming_loss": _sk(metrics.hamming_loss),
    "macro_precision": _sk(metrics.precision_score, average="macro", zero_division=np.nan),
    "macro_f1": _sk(metrics.f1_score, average="macro", zero_division=np.nan),
    "micro_f1": _sk(metrics.f1_score, average="micro"),
    "macro_jaccard": _sk(metrics.jaccard_score, average="macro"),
    "micro_jaccard": _sk(metrics.jaccard_score, average="micro"),
    "weighted_recall": _sk(metrics.recall_score, average="weighted", zero_division=np.nan),
    "weighted_precision": _sk(metrics.precision_score, average="weighted", zero_division=np.nan),
    "weighted_f1": _sk(metrics.f1_score, average="weighted", zero_division=np.nan),
    "weighted_jaccard": _sk(metrics.jaccard_score, average="weighted"),
    "macro_f_beta_0.5": _sk(metrics.fbeta_score, beta=0.5, average="macro", zero_division=np.nan),
    "macro_f_beta_2": _sk(metrics.fbeta_score, beta=2, average="macro", zero_division=np.nan),
    "mutual_info_nats": _sk(metrics.mutual_info_score),
    "normalized_mutual_info": _sk(metrics.normalized_mutual_info_score),
    "homogeneity": _sk(metrics.homogeneity_score),
    "completeness": _sk(metrics.completeness_score),
    "v_measure": _sk(metrics.v_measure_score),
}
SKLEARN_BINARY = {
    "tpr": _sk(metrics.recall_score), "ppv": _sk(metrics.precision_score, zero_division=np.nan),
    "f_beta_1": _sk(metrics.f1_score), "f_beta_2": _sk(metrics.fbeta_score, beta=2),
    "jaccard": _sk(metrics.jaccard_score), "mcc": _sk(metrics.matthews_corrcoef),
    "cohen_kappa": _sk(metrics.cohen_kappa_score), "balanced_accuracy": _sk(metrics.balanced_accuracy_score),
    "plr": lambda y, p: metrics.class_likelihood_ratios(y, p)[0],
    "nlr": lambda y, p: metrics.class_likelihood_ratios(y, p)[1],
}


def test_scikit_learn_values():
    compared = dict.fromkeys([*SKLEARN, *SKLEARN_BINARY], 0)
    for name, matrix in MATRICES:
        y, p = _labels(matrix)
        table = SKLEARN | (SKLEARN_BINARY if len(matrix) == 2 else {})
        for slug, f in table.items():
            compared[slug] += _check(slug, matrix, float(f(y, p)), f"{name} sklearn {slug}")
    assert all(n > 0 for n in compared.values()), [k for k, n in compared.items() if n == 0]


def test_powers_multiclass_forms_on_real_matrices():
    """Powers' B, M, C: bias- and prevalence-weighted sums of the one-vs-rest dichotomies; on two
    classes the dichotomous informedness, markedness and MCC (with its sign)."""
    for name, matrix in MATRICES:
        k = len(matrix)
        n = sum(map(sum, matrix))
        b = m = 0.0
        for c in range(k):
            tp = matrix[c][c]
            fn = sum(matrix[c]) - tp
            fp = sum(matrix[i][c] for i in range(k)) - tp
            tn = n - tp - fn - fp
            b += (tp + fp) / n * (tp / (tp + fn) + tn / (tn + fp) - 1)
            m += (tp + fn) / n * (tp / (tp + fp) + tn / (tn + fn) - 1)
        assert _close(_ours("powers_informedness_k", matrix), b), name
        assert _close(_ours("powers_markedness_k", matrix), m), name
        c = _ours("powers_correlation_k", matrix)
        assert c is not None and _close(c, math.copysign(math.sqrt(b * m), b)), name
        if k == 2:
            assert _close(_ours("powers_informedness_k", matrix), _ours("informedness", matrix))
            assert _close(c, _ours("mcc", matrix)), name
