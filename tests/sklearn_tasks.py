"""A multi-task leaderboard of scikit-learn models, made from scikit-learn's bundled data sets (deterministic:
fixed seeds): five binary tasks (breast cancer; iris versicolor against the rest; wine class 0 against the
rest; digits 0–4 against 5–9; digit 3 against the rest) and six models, one row of test-set counts per task
and model. ``tests/data/tasks_sklearn.csv`` is this table as written by :func:`write_tasks` (a test
regenerates it and compares): the docs' how-to and the acceptance tests read it."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
from sklearn.datasets import load_breast_cancer, load_digits, load_iris, load_wine
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression, RidgeClassifier
from sklearn.metrics import confusion_matrix
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier, NearestCentroid
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

SHIPPED = Path(__file__).resolve().parent / "data" / "tasks_sklearn.csv"


def _models():
    return {"logreg": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
            "knn7": make_pipeline(StandardScaler(), KNeighborsClassifier(7)),
            "knn15": make_pipeline(StandardScaler(), KNeighborsClassifier(15)),
            "tree": DecisionTreeClassifier(max_depth=3, random_state=0),
            "bayes": GaussianNB(),
            "forest": RandomForestClassifier(n_estimators=30, max_depth=4, random_state=0)}


def _tasks():
    X, y = load_breast_cancer(return_X_y=True)
    yield "breast_cancer", X, y
    X, y = load_iris(return_X_y=True)
    yield "iris_versicolor", X, (y == 1).astype(int)
    X, y = load_wine(return_X_y=True)
    yield "wine_class0", X, (y == 0).astype(int)
    X, y = load_digits(return_X_y=True)
    yield "digits_low", X, (y <= 4).astype(int)
    yield "digits_3", X, (y == 3).astype(int)


def rows() -> list[list]:
    """task, entity, tn, fp, fn, tp for every task and model (positive class 1)."""
    out = []
    for task, X, y in _tasks():
        Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
        for name, m in _models().items():
            m.fit(Xtr, ytr)
            tn, fp, fn, tp = confusion_matrix(yte, m.predict(Xte), labels=[0, 1]).ravel()
            out.append([task, name, *(int(v) for v in (tn, fp, fn, tp))])
    return out


def write_tasks(path: Path = SHIPPED) -> Path:
    with Path(path).open("w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["task", "entity", "tn", "fp", "fn", "tp"])
        w.writerows(rows())
    return Path(path)


if __name__ == "__main__":  # python tests/sklearn_tasks.py: rewrite the shipped table
    np.seterr(all="ignore")
    print(write_tasks())


# --- a mixed benchmark: 10 binary and 4 multi-class tasks (issue 50) --------------------------------------------
def _mixed_models():
    """Seven cheap models (seconds for the 14 tasks): a linear one, neighbours, centroids, two trees, naive
    Bayes and a small forest."""
    trees = {f"tree{d}": DecisionTreeClassifier(max_depth=d, random_state=0) for d in (2, 5)}
    return {"ridge": make_pipeline(StandardScaler(), RidgeClassifier()), "knn5": KNeighborsClassifier(5, algorithm="brute"),
            "centroid": NearestCentroid(), **trees, "bayes": GaussianNB(),
            "forest": RandomForestClassifier(n_estimators=10, max_depth=4, random_state=0)}


def _mixed_tasks():
    X, y = load_breast_cancer(return_X_y=True)
    yield "breast_cancer", X, y
    X, y = load_iris(return_X_y=True)
    yield "iris", X, y
    for c in range(3):
        yield f"iris_{c}", X, (y == c).astype(int)
    X, y = load_wine(return_X_y=True)
    yield "wine", X, y
    for c in range(3):
        yield f"wine_{c}", X, (y == c).astype(int)
    X, y = load_digits(return_X_y=True)
    low = y <= 4
    yield "digits_0_4", X[low], y[low]
    yield "digits_5_9", X[~low], y[~low]
    for d in (3, 8, 9):
        yield f"digits_{d}", X, (y == d).astype(int)


def mixed_predictions() -> tuple[list[list], dict[str, tuple[np.ndarray, dict[str, np.ndarray]]]]:
    """(rows of ``task,sample,y_true,<model>…``, per task its test labels and each model's predictions):
    10 binary and 4 multi-class tasks (3, 3, 5 and 5 classes), 7 models, seeded splits."""
    rows, by_task = [], {}
    for task, X, y in _mixed_tasks():
        Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
        preds = {name: m.fit(Xtr, ytr).predict(Xte) for name, m in _mixed_models().items()}
        by_task[task] = (yte, preds)
        rows += [[task, i, int(t), *(int(p[i]) for p in preds.values())] for i, t in enumerate(yte)]
    return rows, by_task
