"""Leaderboards of scikit-learn models, made at test time (deterministic: fixed seeds): per-sample
predictions files (sample, y_true, one column per model, score:<model> for two classes) and the
leaderboards of counts they imply. The breast-cancer one is the issue's example: 171 test samples."""

from __future__ import annotations

import csv
from pathlib import Path

from sklearn.datasets import load_breast_cancer, load_wine
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier


def _models():
    return {"logreg": make_pipeline(StandardScaler(), LogisticRegression(max_iter=500)),
            "knn": make_pipeline(StandardScaler(), KNeighborsClassifier(7)),
            "tree": DecisionTreeClassifier(max_depth=3, random_state=0),
            "bayes": GaussianNB(),
            "knn15": make_pipeline(StandardScaler(), KNeighborsClassifier(15))}


def write_predictions(folder: Path, kind: str = "binary", groups: int | None = None) -> Path:
    """predictions_<kind>.csv in ``folder``: breast cancer (binary, 171 test cases) or wine (3 classes, 54)."""
    X, y = (load_breast_cancer if kind == "binary" else load_wine)(return_X_y=True)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
    cols, scores = {}, {}
    for name, m in _models().items():
        m.fit(Xtr, ytr)
        cols[name] = m.predict(Xte)
        if kind == "binary":
            scores[name] = m.predict_proba(Xte)[:, 1]
    path = Path(folder) / f"predictions_{kind}.csv"
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        head = ["sample", "y_true", *cols] + (["group"] if groups else []) + [f"score:{n}" for n in scores]
        w.writerow(head)
        for i, t in enumerate(yte):
            row = [i, int(t), *(int(cols[n][i]) for n in cols)] + ([i % groups] if groups else [])
            w.writerow(row + [f"{scores[n][i]:.6f}" for n in scores])
    return path


def write_counts(folder: Path, kind: str = "binary") -> Path:
    """counts_<kind>.csv: the leaderboard of counts of the same models (entity, tn..tp or y{i}_p{j})."""
    from ordertheory.ranking.leaderboards.per_sample import read_predictions

    pr = read_predictions(write_predictions(folder, kind))
    path = Path(folder) / f"counts_{kind}.csv"
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["entity", *pr.space.outcomes])
        for name, row in zip(pr.names, pr.counts().astype(int)):
            w.writerow([name, *row.tolist()])
    return path


def write_digits_counts(folder: Path) -> Path:
    """counts_digits.csv: seven scikit-learn classifiers on the ten digits (one split, 540 test images),
    a trivial one among them (DummyClassifier, the most frequent class): entity, y{i}_p{j}."""
    from sklearn.datasets import load_digits
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.dummy import DummyClassifier
    from sklearn.metrics import confusion_matrix
    from sklearn.svm import LinearSVC

    X, y = load_digits(return_X_y=True)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
    models = {"logreg": make_pipeline(StandardScaler(), LogisticRegression(max_iter=300)), "bayes": GaussianNB(),
              "knn": KNeighborsClassifier(3), "tree": DecisionTreeClassifier(max_depth=6, random_state=0),
              "lda": LinearDiscriminantAnalysis(), "svm": make_pipeline(StandardScaler(), LinearSVC(dual=False)),
              "prior": DummyClassifier(strategy="most_frequent")}
    path = Path(folder) / "counts_digits.csv"
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["entity"] + [f"y{i}_p{j}" for i in range(10) for j in range(10)])
        for name, m in models.items():
            m.fit(Xtr, ytr)
            w.writerow([name, *confusion_matrix(yte, m.predict(Xte), labels=list(range(10))).ravel().tolist()])
    return path


def digits_cells(folder: Path) -> Path:
    """digits_cells.csv: scikit-learn's digits (10 classes, 540 test cases) and five models, one row per
    non-zero cell (entity,true,pred,count) — the issue's leaderboard of macro-F1 intervals."""
    from collections import Counter

    from sklearn.datasets import load_digits
    from sklearn.svm import SVC

    X, y = load_digits(return_X_y=True)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
    models = {"svc": make_pipeline(StandardScaler(), SVC()), "logreg": _models()["logreg"],
              "knn": make_pipeline(StandardScaler(), KNeighborsClassifier(5)), "bayes": GaussianNB(),
              "tree": DecisionTreeClassifier(random_state=0)}
    path = Path(folder) / "digits_cells.csv"
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["entity", "true", "pred", "count"])
        for name, m in models.items():
            cells = Counter(zip(yte.tolist(), m.fit(Xtr, ytr).predict(Xte).tolist()))
            w.writerows([name, t, p, c] for (t, p), c in sorted(cells.items()))
    return path


def seven_classifiers():
    """(y_test, {model: scores}): seven scikit-learn classifiers' probabilities on breast cancer's 171 test
    cases (the issue's leaderboard of scoring classifiers)."""
    import warnings

    from sklearn.datasets import load_breast_cancer
    from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
    from sklearn.svm import SVC

    X, y = load_breast_cancer(return_X_y=True)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
    models = {**{k: v for k, v in _models().items() if k != "knn15"}, "gnb": GaussianNB(),
              "rf": RandomForestClassifier(n_estimators=50, random_state=0),
              "svc": make_pipeline(StandardScaler(), SVC(probability=True, random_state=0)),
              "gb": GradientBoostingClassifier(n_estimators=30, random_state=0)}
    models.pop("bayes")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return yte, {n: m.fit(Xtr, ytr).predict_proba(Xte)[:, 1] for n, m in models.items()}


def write_scored(folder: Path, kind: str = "binary") -> Path:
    """Per-sample probabilities at real size, seeded (issue 49): ``binary`` — 7 classifiers × 4 000 test cases of a
    synthetic two-class task (score:<model> at full precision, beside the predicted labels); ``three`` — 4
    classifiers × 1 500 test cases of a 3-class task as tsml-eval writes them (score:<model>:<label>, one
    probability column per class, no label column). Cheap models: the whole file in about a second."""
    from sklearn.datasets import make_classification
    from sklearn.dummy import DummyClassifier
    from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier

    three = kind == "three"
    X, y = make_classification(n_samples=3000 if three else 5000, n_features=12, n_informative=6, weights=None if three
                               else [0.7], n_classes=3 if three else 2, random_state=1)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=1500 if three else 4000, random_state=0)
    models = {"logreg": LogisticRegression(max_iter=500), "nb": GaussianNB(),
              "forest": RandomForestClassifier(20, max_depth=6, random_state=0), "knn": KNeighborsClassifier(15)}
    if not three:
        models |= {"tree": DecisionTreeClassifier(max_depth=5, random_state=0),
                   "gboost": GradientBoostingClassifier(n_estimators=30, max_depth=2, random_state=0),
                   "dummy": DummyClassifier(strategy="prior")}
    P = {n: m.fit(Xtr, ytr).predict_proba(Xte) for n, m in models.items()}
    path = Path(folder) / f"scored_{kind}.csv"
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        if three:
            w.writerow(["sample", "y_true", *[f"score:{n}:{c}" for n in P for c in range(3)]])
            for i, t in enumerate(yte):
                w.writerow([i, int(t), *[repr(float(P[n][i, c])) for n in P for c in range(3)]])
        else:
            w.writerow(["sample", "y_true", *P, *[f"score:{n}" for n in P]])
            for i, t in enumerate(yte):
                w.writerow([i, int(t), *[int(P[n][i, 1] >= 0.5) for n in P], *[repr(float(P[n][i, 1])) for n in P]])
    return path
