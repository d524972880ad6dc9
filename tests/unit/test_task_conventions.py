"""Benchmarks as they are (issue 50): each task in its own label set (a mixed benchmark made with scikit-learn),
the field's conventions named with their numbers (Demšar's Table 6 as printed, scikit-posthocs' Nemenyi
p-values, the comparison with a control, Wilcoxon's zero methods, the Bayesian test's boundary rule against
baycomp), and the AutoML Benchmark's results files read as amlb writes them."""

from __future__ import annotations

import io
import json
import math
import os
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from ordertheory.cli import main
from ordertheory.errors import InvalidInput
from ordertheory.ranking.leaderboards.task_tables import read_tasks
from ordertheory.ranking.tasks.aggregates import Aggregate, rank_tasks
from ordertheory.ranking.tasks.bayesian import signed_rank
from ordertheory.ranking.tasks.posthoc import control_comparisons, nemenyi_p_values
from ordertheory.ranking.tasks.statistics import average_ranks, friedman, task_ranks, wilcoxon_holm
from ordertheory.ranking.tasks.task_report import task_statistics
from ordertheory.scores.direction import Direction

# Demšar (2006), Table 6: AUC of C4.5 and three variants on 14 data sets, the values as the paper prints them
DEMSAR = ("C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf")
TABLE6 = """0.763 0.768 0.771 0.798
0.599 0.591 0.590 0.569
0.954 0.971 0.968 0.967
0.628 0.661 0.654 0.657
0.882 0.888 0.886 0.898
0.936 0.931 0.916 0.931
0.661 0.668 0.609 0.685
0.583 0.583 0.563 0.625
0.775 0.838 0.866 0.875
1.000 1.000 1.000 1.000
0.940 0.962 0.965 0.962
0.619 0.666 0.614 0.669
0.972 0.981 0.975 0.975
0.957 0.978 0.946 0.970"""


def _table6():
    return [[Fraction(x) for x in line.split()] for line in TABLE6.splitlines()]


def _validate(command, doc):
    import jsonschema
    from referencing import Registry, Resource

    from ordertheory.cli.schemas import names, schema

    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in map(schema, names()))
    jsonschema.Draft202012Validator(schema(command), registry=registry).validate(doc)


# --- Demšar's Table 6 -------------------------------------------------------------------------------------
def test_demsar_table_6_both_friedman_conventions_and_both_critical_differences():
    values = _table6()
    ranks = task_ranks(values, Direction.HIGHER)
    fr = friedman(ranks)
    X = np.array([[float(v) for v in row] for row in values])
    assert fr.chi2 == pytest.approx(stats.friedmanchisquare(*X.T).statistic, rel=1e-12)
    assert round(fr.chi2, 3) == 10.952
    assert fr.chi2_textbook == Fraction(69, 7)  # exact ranks of the printed values (the paper split a printed tie)
    N, k = 14, 4
    assert fr.f_textbook == pytest.approx((N - 1) * 69 / 7 / (N * (k - 1) - 69 / 7), rel=1e-12)
    # the paper's own ranks (voting: 0.975 ranked 2 and 3) give its printed 9.28 from the same formula
    paper = [list(r) for r in ranks]
    paper[12][2:] = [Fraction(2), Fraction(3)]
    assert round(float(friedman(paper).chi2_textbook), 2) == 9.28
    st = task_statistics(read_tasks(io.StringIO(_csv(values))), "auc", bayes="none", draws=0, control="C4.5")
    assert round(st.cd, 4) == 1.2536
    assert round(st.control.cd, 4) == 1.1681 and math.floor(st.control.cd * 100) / 100 == 1.16
    assert st.control.critical_value == pytest.approx(stats.norm.isf(0.05 / 6), rel=1e-12)


def _csv(values, names=DEMSAR, column="auc"):
    return f"task,entity,{column}\n" + "".join(f"d{t},{n},{v}\n" for t, row in enumerate(values) for n, v in zip(names, row))


def test_the_control_comparison_is_demsars_z_with_holm():
    values = _table6()
    avg = average_ranks(task_ranks(values, Direction.HIGHER))
    c = control_comparisons(avg, 14, control=0)
    se = math.sqrt(4 * 5 / (6 * 14))
    z = [float(avg[i] - avg[0]) / se for i in (1, 2, 3)]
    p = [2 * stats.norm.sf(abs(x)) for x in z]
    order = np.argsort(p)
    holm, running = [0.0] * 3, 0.0
    for r, i in enumerate(order):
        running = max(running, min(1.0, (3 - r) * p[i]))
        holm[i] = running
    assert [r.z for r in c.rows] == pytest.approx(z, rel=1e-12)
    assert [r.p_holm for r in c.rows] == pytest.approx(holm, rel=1e-12)
    assert [r.separated for r in c.rows] == [abs(x) * se >= c.cd for x in z]


# --- scikit-posthocs' Nemenyi p-values --------------------------------------------------------------------
def test_nemenyi_p_values_equal_scikit_posthocs_on_3_blocks_of_7_groups_with_heavy_ties():
    """scikit-posthocs 0.9+ (``_posthocs.py``, ``posthoc_nemenyi_friedman``): ranks by ``scipy.stats.rankdata``
    within each block, q = |R̄_i − R̄_j| / √(k(k+1)/(6n)), p = ``studentized_range.sf(q·√2, k, inf)``; the
    formula is recomputed here, independently, from float ranks (the package is not a dependency)."""
    table = np.array([[1, 1, 1, 2, 2, 3, 3], [4, 4, 2, 2, 2, 1, 1], [5, 5, 5, 5, 1, 1, 2]], dtype=float)
    n, k = table.shape
    R = np.array([stats.rankdata(row) for row in table]).mean(axis=0)
    ref = {(i, j): stats.studentized_range.sf(abs(R[i] - R[j]) / np.sqrt(k * (k + 1) / (6 * n)) * np.sqrt(2), k, np.inf)
           for i in range(k) for j in range(i + 1, k)}
    ours = nemenyi_p_values(average_ranks(task_ranks([[Fraction(int(v)) for v in row] for row in table],
                                                     Direction.LOWER)), n)
    assert len(ours) == 21 and all(abs(p - ref[(i, j)]) < 1e-5 for i, j, p in ours)
    assert len({round(p, 12) for _, _, p in ours}) > 3  # ties of average ranks, but not one p for all


# --- Wilcoxon's zero methods -------------------------------------------------------------------------------
def test_each_zero_method_is_scipys():
    values = _table6()
    X = np.array([[float(v) for v in row] for row in values])
    for method in ("wilcox", "pratt", "zsplit"):
        got = wilcoxon_holm(values, DEMSAR, [3, 1, 2, 0], Direction.HIGHER, method)
        for p in got:
            i, j = DEMSAR.index(p.a), DEMSAR.index(p.b)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ref = stats.wilcoxon(X[:, i], X[:, j], zero_method=method)
            assert p.p == pytest.approx(ref.pvalue, rel=1e-12) and p.zeros == int(np.sum(X[:, i] == X[:, j]))
    with pytest.raises(InvalidInput, match="zero method"):
        wilcoxon_holm(values, DEMSAR, [0, 1, 2, 3], Direction.HIGHER, "drop")


# --- the Bayesian test at the ROPE's boundary --------------------------------------------------------------
def _exact_reference(a, b, rope, samples, seed):
    """baycomp's model with its Heaviside (½ at the threshold) evaluated on exact values, n² per draw."""
    z = [Fraction(0)] + [y - x for x, y in zip(a, b)]
    S = [[zi + zj for zj in z] for zi in z]
    above = np.array([[1.0 if s > 2 * rope else 0.5 if s == 2 * rope else 0.0 for s in row] for row in S])
    below = np.array([[1.0 if -s > 2 * rope else 0.5 if -s == 2 * rope else 0.0 for s in row] for row in S])
    w = np.ones(len(z))
    w[0] = 0.5
    wins = np.zeros(3)
    for d in np.random.RandomState(seed).dirichlet(w, samples):
        m = np.outer(d, d)
        left, right = np.sum(m * below), np.sum(m * above)
        wins[np.argmax([left, 1 - left - right, right])] += 1
    return wins / samples


def test_the_bayesian_boundary_rule_against_baycomp():
    baycomp = pytest.importorskip("baycomp")
    a = [Fraction(x) for x in ("0.80", "0.70", "0.90", "0.85", "0.60", "0.75", "0.66", "0.91")]
    b = [Fraction(x) for x in ("0.79", "0.71", "0.88", "0.85", "0.61", "0.74", "0.67", "0.90")]
    rope = Fraction(1, 100)
    ours = signed_rank(a, b, rope, 4000, 5)
    exact = _exact_reference(a, b, rope, 4000, 5)
    assert (ours.left, ours.rope, ours.right) == pytest.approx(tuple(exact), abs=1e-12)  # the rule, stated
    ref = baycomp.SignedRankTest.probs(np.array([float(x) for x in a]), np.array([float(x) for x in b]), rope=0.01,
                                       random_state=5, nsamples=4000)
    assert abs(ours.rope - ref[1]) > 0.005  # Walsh averages on ±0.01: baycomp's floats put them elsewhere
    shifted = [x + Fraction(1, 3000) for x in b]  # no Walsh average on the boundary: draw for draw equal
    ours = signed_rank(a, shifted, rope, 4000, 5)
    ref = baycomp.SignedRankTest.probs(np.array([float(x) for x in a]), np.array([float(x) for x in shifted]),
                                       rope=0.01, random_state=5, nsamples=4000)
    assert (ours.left, ours.rope, ours.right) == pytest.approx(ref, abs=1e-12)


def _baycomp_accuracies() -> Path | None:
    """baycomp's documented example data (``docs/code/accuracies.txt`` of its repository: not in its package)."""
    path = os.environ.get("BAYCOMP_ACCURACIES")
    return Path(path) if path and Path(path).is_file() else None


@pytest.mark.skipif(_baycomp_accuracies() is None, reason="baycomp's example accuracies ship in its repository's docs, "
                    "not in its package: set BAYCOMP_ACCURACIES to docs/code/accuracies.txt of janezd/baycomp")
def test_baycomps_documented_nbc_vs_j48_example():
    rows, name = {}, None
    for line in _baycomp_accuracies().read_text().splitlines():
        parts = line.split()
        if len(parts) == 1:
            name = parts[0]
        elif parts:
            rows.setdefault(name, []).append(sum(Fraction(x) for x in parts[1:]) / len(parts[1:]))
    nbc, j48 = rows["nbc"], rows["j48"]
    assert len(nbc) == len(j48) == 54
    p = signed_rank(nbc, j48, rope=1, samples=50_000, seed=0)
    # baycomp's README: two_on_multiple(nbc, j48, rope=1) = (0.23124, 0.00666, 0.7621), Monte Carlo error ~0.002
    assert (p.left, p.rope, p.right) == pytest.approx((0.231, 0.007, 0.762), abs=0.01)


# --- each task in its own label set ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    from tests.sklearn_tasks import mixed_predictions

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rows, by_task = mixed_predictions()
    names = list(next(iter(by_task.values()))[1])
    path = tmp_path_factory.mktemp("mixed") / "mixed.csv"
    path.write_text("task,sample,y_true," + ",".join(names) + "\n" + "".join(",".join(map(str, r)) + "\n" for r in rows))
    return path, names, by_task


def test_a_mixed_benchmark_ranks_by_each_tasks_own_macro_f1_as_scikit_learn(mixed, capsys):
    from sklearn.metrics import f1_score

    path, names, by_task = mixed
    kinds = [len(np.unique(y)) for y, _ in by_task.values()]
    assert sum(k == 2 for k in kinds) == 10 and sum(k > 2 for k in kinds) == 4
    assert main(["tasks", str(path), "--score", "macro_f1", "--json", "--draws", "0", "--bayes", "none"]) == 0
    doc = json.loads(capsys.readouterr().out)
    _validate("tasks", doc)
    sk = np.array([[f1_score(y, p[n], average="macro") for n in names] for y, p in by_task.values()])
    got = np.array([[doc_v["value"] for doc_v in (t["values"][n] for n in names)] for t in doc["values"]])
    assert got == pytest.approx(sk, abs=1e-12)
    avg = np.array([stats.rankdata(-row) for row in sk]).mean(axis=0)
    ours = {e["entity"]: e["average_rank"] for e in doc["entities"]}
    assert [ours[n] for n in names] == pytest.approx(list(avg), abs=1e-12)
    fr = stats.friedmanchisquare(*sk.T)
    assert doc["friedman"]["chi2"] == pytest.approx(fr.statistic, rel=1e-9)
    assert doc["friedman"]["p"] == pytest.approx(fr.pvalue, rel=1e-9)
    assert doc["undefined_values"] == 0 and any("label sets" in n for n in doc["notes"])


def test_across_label_sets_rank_says_so_and_ranks_per_task(mixed, capsys):
    path, names, _ = mixed
    assert main(["rank", str(path), "--score", "macro_f1"]) == 0
    out = capsys.readouterr().out
    assert sum("label sets" in line and "--aggregate" in line for line in out.splitlines()) == 1
    assert "mean of the per-task ranks" in out
    assert main(["rank", str(path), "--score", "macro_f1", "--aggregate", "summarized"]) == 2
    err = capsys.readouterr().err
    assert "one label set" in err and "mean-rank" in err and len(err.strip().splitlines()) == 1
    table = read_tasks(path)
    r = rank_tasks(table, "macro_f1", Aggregate.MEAN_SCORE)
    assert r.summarized is None and len(r.alternative.entries()) == len(names)
    assert main(["rank", str(path), "--score", "macro_f1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    _validate("rank", doc)
    assert doc["aggregate"] == "mean-rank" and any("label sets" in n for n in doc["notes"])


# --- the AutoML Benchmark's results files ------------------------------------------------------------------
AMLB_HEADER = ("id,task,framework,constraint,fold,type,result,metric,mode,version,params,app_version,utc,duration,"
               "training_duration,predict_duration,models_count,seed,info,acc,auc,balacc,logloss")


def _amlb_rows(constraint="1h8c"):
    rng = np.random.default_rng(3)
    out = []
    tasks = [("credit-g", "binary", "auc"), ("kc1", "binary", "auc"), ("vehicle", "multiclass", "neg_logloss"),
             ("cnae-9", "multiclass", "neg_logloss")]
    for t, kind, metric in tasks:
        for f, skill in (("AutoGluon", 0.9), ("FLAML", 0.85), ("RandomForest", 0.8)):
            for fold in range(3):
                acc = round(skill - 0.05 * rng.random(), 6)
                auc = round(acc + 0.02, 6)
                logloss = round(1.2 - acc, 6)
                result = auc if metric == "auc" else -logloss
                info = ""
                if (t, f, fold) == ("kc1", "FLAML", 2):
                    result, info = "", "Error: the run failed"
                out.append(f"openml.org/t/1,{t},{f},{constraint},{fold},{kind},{result},{metric},local,1.0,,v2.1,"
                           f"2024-01-01T00:00:00,10.0,8.0,1.0,5,1,{info},{acc},{auc if kind == 'binary' else ''},"
                           f"{acc},{logloss}")
    return out


def test_an_amlb_results_file_is_read_as_amlb_writes_it(tmp_path, capsys):
    path = tmp_path / "results.csv"
    path.write_text(AMLB_HEADER + "\n" + "\n".join(_amlb_rows()) + "\n")
    t = read_tasks(path)
    assert t.tasks == ("credit-g", "kc1", "vehicle", "cnae-9") and t.entities == ("AutoGluon", "FLAML", "RandomForest")
    res = t.column("result")
    lines = [r.split(",") for r in _amlb_rows()]
    for ti, task in enumerate(t.tasks):
        for e, name in enumerate(t.entities):
            folds = [Fraction(r[6]) for r in lines if r[1] == task and r[2] == name and r[6]]
            expected = None if len(folds) < 3 else sum(folds) / 3
            assert res[ti][e] == expected, (task, name)
    assert t.directions["logloss"] is Direction.LOWER and t.directions["result"] is Direction.HIGHER
    assert main(["tasks", str(path), "--json", "--draws", "50", "--bayes", "none", "--zero-method", "zsplit",
                 "--control", "RandomForest"]) == 0
    doc = json.loads(capsys.readouterr().out)
    _validate("tasks", doc)
    assert doc["score"] == "result" and doc["direction"] == "higher" and doc["undefined_values"] == 1
    assert doc["wilcoxon"]["zero_method"] == "zsplit" and doc["control"]["control"] == "RandomForest"
    assert len(doc["nemenyi"]["p_values"]) == 3 and all(p["tasks"] == 4 for p in doc["nemenyi"]["p_values"])
    first = min(doc["entities"], key=lambda e: e["average_rank"])["entity"]
    assert first == "AutoGluon"
    assert main(["tasks", str(path), "--score", "logloss", "--json", "--draws", "0", "--bayes", "none"]) == 0
    low = json.loads(capsys.readouterr().out)
    assert low["direction"] == "lower" and [e["entity"] for e in low["entities"]][0] == "AutoGluon"


def test_amlb_folds_kept_as_resamples_and_one_line_errors(tmp_path, capsys):
    path = tmp_path / "results.csv"
    path.write_text(AMLB_HEADER + "\n" + "\n".join(_amlb_rows() + _amlb_rows("4h8c")) + "\n")
    assert main(["tasks", str(path)]) == 2
    assert "2 constraints (1h8c, 4h8c)" in capsys.readouterr().err
    assert main(["tasks", str(path), "--constraint", "4h8c", "--folds", "resamples", "--draws", "60",
                 "--bayes", "none", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert "folds" in doc["bootstrap"]["method"] and sum(e["p_first"] for e in doc["bootstrap"]["entities"]) >= 1
    dup = tmp_path / "dup.csv"
    dup.write_text(AMLB_HEADER + "\n" + "\n".join(_amlb_rows() + _amlb_rows()[:1]) + "\n")
    with pytest.raises(InvalidInput, match="two results for task 'credit-g', fold 0"):
        read_tasks(dup)
    nometric = tmp_path / "old.csv"
    nometric.write_text("task,framework,fold,result\nA,x,0,1\nB,x,0,1\n")
    with pytest.raises(InvalidInput, match="metric column"):
        read_tasks(nometric)
