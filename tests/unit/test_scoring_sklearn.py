"""Every score of scoring classifiers and of classifiers that abstain equals scikit-learn's value (or,
where scikit-learn has none, the cited definition computed directly from the samples) on real
predictions of six scikit-learn models on the breast-cancer dataset shipped with scikit-learn, to
1e-12: the exact value (a Fraction, or a sympy number with logs for the log loss) rounded."""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest
import sympy

from ordertheory import from_predictions, from_scores
from ordertheory.catalogue import as_score

pytest.importorskip("sklearn")
from sklearn import metrics  # noqa: E402
from sklearn.calibration import calibration_curve  # noqa: E402
from sklearn.datasets import load_breast_cancer  # noqa: E402
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import train_test_split  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.neighbors import KNeighborsClassifier  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

TOL = 1e-12
MODELS = {
    "logistic_regression": lambda: make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
    "gaussian_nb": GaussianNB,
    "random_forest": lambda: RandomForestClassifier(n_estimators=25, random_state=0),
    "gradient_boosting": lambda: GradientBoostingClassifier(n_estimators=30, random_state=0),
    "knn": lambda: make_pipeline(StandardScaler(), KNeighborsClassifier(9)),
    "decision_tree": lambda: DecisionTreeClassifier(max_depth=4, random_state=0),
}


@pytest.fixture(scope="module")
def predictions():
    X, y = load_breast_cancer(return_X_y=True)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=48, random_state=0, stratify=y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {name: (yte, make().fit(Xtr, ytr).predict_proba(Xte)[:, 1]) for name, make in MODELS.items()}


def value(slug: str, P) -> float:
    v = as_score(slug, P.space)(P)
    return float(v) if isinstance(v, Fraction) else float(sympy.N(v, 30))


def _ece(y, q, bins):
    """Naeini et al.'s ECE from the samples: Σ_b (n_b/n)·|o_b − e_b| over non-empty bins."""
    total = 0.0
    for b in np.unique(bins):
        m = bins == b
        total += m.mean() * abs(y[m].mean() - q[m].mean())
    return total


def _best(y, q, f):
    p, r, t = metrics.precision_recall_curve(y, q)
    return max(f(y, (q >= th).astype(int)) for th in t)


@pytest.mark.parametrize("model", sorted(MODELS))
def test_scoring_scores_equal_sklearn(predictions, model):
    y, q = predictions[model]
    P = from_scores(y, q)  # one level per distinct score: scikit-learn's values exactly
    prec, rec, _ = metrics.precision_recall_curve(y, q)
    fpr, tpr, _ = metrics.roc_curve(y, q, drop_intermediate=False)
    reference = {
        "roc_auc": metrics.roc_auc_score(y, q),
        "average_precision": metrics.average_precision_score(y, q),
        "pr_auc": metrics.auc(rec, prec),
        "brier": metrics.brier_score_loss(y, q),
        "ece_per_level": _ece(y, q, np.searchsorted(np.unique(q), q)),  # each distinct score its own bin
        # 15 equal-width bins [i/15, (i+1)/15), the last closed, boundaries the doubles i/15 (a numpy loop's)
        "ece": _ece(y, q, np.minimum(np.searchsorted(np.arange(16) / 15, q, side="right") - 1, 14)),
        "max_f1": _best(y, q, metrics.f1_score),
        "max_informedness": float(np.max(tpr - fpr)),
        "f1@1/2": metrics.f1_score(y, (q >= 0.5).astype(int)),
        "accuracy@1/2": metrics.accuracy_score(y, (q >= 0.5).astype(int)),
        "net_benefit@1/10": np.mean((q >= 0.1) & (y == 1)) - np.mean((q >= 0.1) & (y == 0)) * (0.1 / 0.9),
        # Bayes decisions of the costs c01 = 1, c10 = 5: positive iff q >= 1/6
        "expected_cost@0,1;5,0": np.mean(np.where(q >= 1 / 6, y == 0, 5 * (y == 1))),
    }
    if 0 < q.min() and q.max() < 1:  # the log loss needs every level inside (0, 1)
        reference["log_loss"] = metrics.log_loss(y, q)
    for slug, ref in reference.items():
        assert value(slug, P) == pytest.approx(ref, abs=TOL), slug


@pytest.mark.parametrize("strategy", ["quantile", "uniform"])
def test_binned_ece_is_calibration_curves(predictions, strategy):
    """levels=B bins as sklearn's calibration_curve: the ECE of those bins, exactly."""
    for model in ("logistic_regression", "gaussian_nb", "random_forest", "gradient_boosting", "knn"):
        y, q = predictions[model]
        P = from_scores(y, q, levels=5, strategy=strategy)
        true, pred = calibration_curve(y, q, n_bins=5, strategy=strategy)
        edges = (np.percentile(q, np.linspace(0, 100, 6)) if strategy == "quantile" else np.linspace(0, 1, 6))
        counts = np.bincount(np.searchsorted(edges[1:-1], q), minlength=5)
        weights = counts[counts > 0] / len(q)
        assert value("ece_per_level", P) == pytest.approx(float(np.sum(weights * np.abs(true - pred))), abs=TOL), model
        assert [float(v) for v in P.space.q] == pytest.approx(pred.tolist(), abs=TOL)


def test_selective_scores_equal_the_definitions(predictions):
    """Abstain on the least confident samples: coverage, selective risk and accuracy, accuracy at
    the coverage reached and the expected cost with an abstention cost, from the samples."""
    for model in sorted(MODELS)[:5]:
        y, q = predictions[model]
        pred = (q >= 0.5).astype(int)
        confident = np.abs(q - 0.5) >= 0.3
        y_pred = [int(p) if c else None for p, c in zip(pred, confident)]
        P = from_predictions(y, y_pred)
        answered = confident
        coverage = answered.mean()
        assert value("coverage", P) == pytest.approx(coverage, abs=TOL)
        assert value("selective_risk", P) == pytest.approx(1 - metrics.accuracy_score(y[answered], pred[answered]),
                                                           abs=TOL)
        assert value("selective_accuracy", P) == pytest.approx(metrics.accuracy_score(y[answered], pred[answered]),
                                                               abs=TOL)
        c = Fraction(int(answered.sum()), len(y))
        assert value(f"accuracy_at_coverage@{c}", P) == pytest.approx(
            metrics.accuracy_score(y[answered], pred[answered]), abs=TOL)
        cost = np.where(~answered, 0.25, np.where(pred == y, 0.0, 1.0)).mean()
        assert value("expected_cost@0,1,1/4;1,0,1/4", P) == pytest.approx(cost, abs=TOL)
