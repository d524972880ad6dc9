"""k-class per-sample probabilities (issue 49): read from CSV and JSON, scikit-learn's values exactly, the check
through the one door, resampling."""

from __future__ import annotations

import json

import numpy as np
import pytest
from sklearn import metrics

from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.performances.class_probabilities import ClassProbabilities
from ordertheory.ranking.probability_ranking import ProbabilityLeaderboard
from ordertheory.ranking.scored_ranking import rank_samples, read_scored
from ordertheory.ranking.uncertainty.resample import Plan, Resampling
from ordertheory.ranking.uncertainty.scored_uncertainty import scored_uncertainty
from tests.sklearn_leaderboards import write_scored

TOL = 1e-9
SKLEARN = {"log_loss": metrics.log_loss, "brier": metrics.brier_score_loss,
           "roc_auc": lambda y, P: metrics.roc_auc_score(y, P, multi_class="ovr", average="macro")}


@pytest.fixture(scope="module")
def three(tmp_path_factory):
    folder = tmp_path_factory.mktemp("three")
    path = write_scored(folder, "three")
    rows = np.genfromtxt(path, delimiter=",", names=True, deletechars="")
    y = rows["y_true"].astype(int)
    P = {n: np.column_stack([rows[f"score:{n}:{c}"] for c in range(3)]) for n in ("logreg", "nb", "forest", "knn")}
    js = folder / "three.json"
    js.write_text(json.dumps({"labels": [0, 1, 2], "entities": [{"entity": n, "y_true": y.tolist(), "y_score": p.tolist()}
                                                                 for n, p in P.items()]}))
    return path, js, y, P


def test_the_values_are_scikit_learns(three):
    path, js, y, P = three
    for source in (path, js):
        lb = read_scored(str(source))
        for slug, ref in SKLEARN.items() if source == path else [("brier", SKLEARN["brier"])]:
            for name in (slug, f"neg_{slug}"):
                got = {e.name: float(e.value) for e in rank_samples(lb, name, check=False).entries}
                sign = -1 if name.startswith("neg_") else 1
                assert all(got[n] == pytest.approx(sign * ref(y, p), abs=TOL) for n, p in P.items()), (source, name)
    top_ece = rank_samples(lb, "ece", check=False)  # top-label ECE against a plain loop
    for n, p in P.items():
        conf, right = p.max(axis=1), p.argmax(axis=1) == y
        edges = np.arange(16) / 15
        b = np.minimum(np.searchsorted(edges, conf, side="right") - 1, 14)
        ref = sum(abs(right[b == i].sum() - conf[b == i].sum()) for i in range(15)) / len(y)
        assert float(next(e.value for e in top_ece.entries if e.name == n)) == pytest.approx(ref, abs=TOL)


def test_rows_are_renormalised_or_refused_in_one_line():
    c = ClassProbabilities.of([0, 1], np.array([[0.7, 0.2, 0.1], [0.1, 0.8, 0.1]]), ("a", "b", "c"))
    assert c.renormalised == 2 and all(abs(s - 1) < 1e-15 for s in c.sums)
    with pytest.raises(InvalidInput, match="row 2"):
        ClassProbabilities.of([0, 1], np.array([[0.7, 0.2, 0.1], [0.1, 0.8, 0.2]]), ("a", "b", "c"))


def test_the_check_decides_the_expectations(three, capsys):
    path, _, y, P = three
    lb = ProbabilityLeaderboard.of(tuple(P), y[:300], [p[:300] for p in P.values()], (0, 1, 2))  # 300 cases: cheap
    r = rank_samples(lb, "log_loss", timeout=60)
    assert r.fitness.verdict is Verdict.PROVED  # −log p_true: a function of S, non-decreasing
    r = rank_samples(lb, "brier", timeout=60)
    t1 = r.fitness.report.tests["test1"]  # Σ_j (p_j − [j = y])² is not a function of S = p_true: Axiom 2 fails …
    assert t1.verdict is Verdict.REFUTED and t1.witness.values["P1"] > t1.witness.values["P2"]
    assert r.fitness.verdict is Verdict.PROVED and r.fitness.answer.by_encoded  # … fit for S′ = 1 − B/2
    assert main(["rank", str(path), "--score", "roc_auc", "--json"]) == 3  # no structure decides it: said so
    out = json.loads(capsys.readouterr().out)
    assert "not an expectation" in out["fitness"]["tests"]["test2"]["reason"]


def test_uncertainty_resamples_the_cases(three):
    path, *_ = three
    lb = read_scored(str(path))
    ranking = rank_samples(lb, "brier", check=False)
    u = scored_uncertainty(lb, "brier", Plan(Resampling.CASE_BOOTSTRAP, 60, 0), ranking)
    for e in u.entities:
        assert e.value_interval[0] <= e.value <= e.value_interval[1], e.name
