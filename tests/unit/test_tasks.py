"""Several tasks (issue 41): the task column in every format, the summarized performance (exact), the
alternatives and their disagreements (re-checked here by formulas of the test's own), the statistics
against scipy's and baycomp's, the coincidence statements, the bootstrap, the CD diagram, the CLI."""

from __future__ import annotations

import io
import itertools
import json
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from ordertheory.catalogue import as_score
from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.performances.sparse_performance import SparsePerformance, sparse_mixture_of
from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
from ordertheory.ranking.leaderboards.task_tables import read_tasks
from ordertheory.ranking.rank import rank_leaderboard
from ordertheory.ranking.tasks.aggregates import Aggregate, rank_tasks
from ordertheory.ranking.tasks.bayesian import signed_rank
from ordertheory.ranking.tasks.cd_diagram import draw_cd
from ordertheory.ranking.tasks.coincidence import coincidence_statements
from ordertheory.ranking.tasks.statistics import cliques
from ordertheory.ranking.tasks.summarized import TaskWeights, summarized_leaderboard
from ordertheory.ranking.tasks.task_report import task_statistics
from ordertheory.scores.direction import Direction
from tests.sklearn_tasks import SHIPPED

COUNTS = "task,entity,tn,fp,fn,tp\nt1,A,0,0,1,3\nt1,B,0,0,2,2\nt2,A,0,0,2,2\nt2,B,3,0,0,1\n"


def _f1(c):  # the test's own formulas, from counts
    tn, fp, fn, tp = c
    return Fraction(2 * tp, 2 * tp + fp + fn)


def _jaccard(c):
    tn, fp, fn, tp = c
    return Fraction(tp, tp + fp + fn)


def _rows(path=SHIPPED):
    out = {}
    for line in path.read_text().splitlines()[1:]:
        t, e, *c = line.split(",")
        out.setdefault(e, {})[t] = tuple(int(x) for x in c)
    return out


def _mixed(counts_by_task, weights):
    """Σ λ_t c_t / n_t, exact, the test's own mixture."""
    acc = [Fraction(0)] * 4
    for c, w in zip(counts_by_task, weights):
        n = sum(c)
        acc = [a + w * Fraction(x, n) for a, x in zip(acc, c)]
    return acc


# --- reading ---------------------------------------------------------------------------------------
def test_the_task_column_in_every_format_gives_the_same_table(tmp_path):
    csv_t = read_tasks(io.StringIO(COUNTS))
    tsv = tmp_path / "t.tsv"
    tsv.write_text(COUNTS.replace(",", "\t"))
    js = tmp_path / "t.json"
    js.write_text(json.dumps([dict(zip(["task", "entity", "tn", "fp", "fn", "tp"], r.split(",")[:2] +
                                       [int(x) for x in r.split(",")[2:]])) for r in COUNTS.splitlines()[1:]]))
    cells = "task,entity,true,pred,count\n" + "".join(
        f"{t},{e},{i},{j},{c}\n" for line in COUNTS.splitlines()[1:] for t, e, *cs in [line.split(",")]
        for (i, j), c in zip([(0, 0), (0, 1), (1, 0), (1, 1)], cs) if c != "0")
    pd = pytest.importorskip("pandas")
    frame = pd.read_csv(io.StringIO(COUNTS))
    tables = [csv_t, read_tasks(tsv), read_tasks(js), read_tasks(io.StringIO(cells)), read_tasks(frame)]
    for tt in tables:
        assert tt.tasks == ("t1", "t2") and tt.entities == ("A", "B")
        assert [b.performance("B")["tn"] for b in tt.boards] == [0, Fraction(3, 4)]


def test_predictions_with_a_task_column_are_counted_per_task():
    text = "task,sample,y_true,A,B\nt1,1,0,0,1\nt1,2,1,1,1\nt2,1,1,0,1\nt2,2,0,0,0\nt2,3,1,1,1\n"
    tt = read_tasks(io.StringIO(text))
    assert tt.boards[1].performance("A").as_dict() == {"tn": Fraction(1, 3), "fp": 0, "fn": Fraction(1, 3),
                                                        "tp": Fraction(1, 3)}
    assert tt.boards[0].counts == ((1, 0, 0, 1), (0, 1, 0, 1))


def test_each_task_in_its_own_label_set_unless_a_space_is_given():
    from ordertheory.spaces.sample_space import multiclass

    text = "task,entity,true,pred,count\nt1,A,0,0,5\nt1,A,1,1,5\nt2,A,0,0,3\nt2,A,2,2,1\n"
    with pytest.raises(InvalidInput, match="task 't2'.*labels \\[0, 2\\]"):  # two labels, neither is 1
        read_tasks(io.StringIO(text))
    tt = read_tasks(io.StringIO(text.replace("t2,A,2,2,1", "t2,A,1,1,1")))
    assert [b.space.name for b in tt.boards] == ["binary", "binary"] and tt.space is not None
    tt = read_tasks(io.StringIO(text), space=multiclass(3))  # --space: one space for every task
    assert tt.space.classes == 3 and tt.boards[0].performance("A").space.classes == 3


@pytest.mark.parametrize("text, words", [
    ("task,entity,tn,fp,fn,tp\nt1,A,1,1,1,1\nt1,B,1,1,1,1\nt2,A,1,1,1,1\n", "task 't2' has no result for B"),
    ("task,entity,tn,fp,fn,tp\nt1,A,1,1,1,1\n", "expected at least 2 tasks"),
    ("task,entity,acc\nt1,A,0.5\nt1,A,0.6\nt2,A,1\n", "appears twice"),
    ("task,entity,acc\nt1,A,x\nt2,A,1\n", "expected a finite number"),
    ("task,entity,tn,fp,fn,tp\nt1,A,1,1,1,1\nt1,A,1,1,1,1\nt2,A,1,1,1,1\n", "duplicate entity name"),
])
def test_bad_tables_are_one_line(text, words):
    with pytest.raises(InvalidInput, match=words) as err:
        read_tasks(io.StringIO(text))
    assert "\n" not in str(err.value) and "\x1f" not in str(err.value)


# --- the summarized performance --------------------------------------------------------------------
def test_rank_f1_is_f1_of_each_entitys_equal_weight_mixture_exactly():
    tt = read_tasks(SHIPPED)
    assert len(tt.tasks) >= 4 and len(tt.entities) >= 5
    r = rank_tasks(tt, as_score("f1"), check=False)
    rows = _rows()
    for e in r.summarized.entries:
        mixed = _mixed([rows[e.name][t] for t in tt.tasks], [Fraction(1, len(tt.tasks))] * len(tt.tasks))
        assert e.value == _f1(mixed)  # F1 on probabilities: 2tp/(2tp + fp + fn) is homogeneous
    values = [e.value for e in r.summarized.entries]
    assert values == sorted(values, reverse=True)


def test_size_weights_rank_the_pooled_confusion_matrices():
    tt = read_tasks(SHIPPED)
    pooled = "entity,tn,fp,fn,tp\n" + "".join(
        f"{e},{','.join(str(sum(c[i] for c in by.values())) for i in range(4))}\n" for e, by in _rows().items())
    direct = rank_leaderboard(read_leaderboard(io.StringIO(pooled)), as_score("jaccard"), check=False)
    via = rank_tasks(tt, as_score("jaccard"), weights=TaskWeights.parse("size"), check=False).summarized
    assert [(e.name, e.value, e.rank) for e in via.entries] == [(e.name, e.value, e.rank) for e in direct.entries]
    lb = summarized_leaderboard(tt, TaskWeights.parse("size"))
    assert lb.counts == read_leaderboard(io.StringIO(pooled)).counts


def test_a_weights_file_is_normalised_and_checked(tmp_path):
    tt = read_tasks(io.StringIO(COUNTS))
    w = tmp_path / "w.csv"
    w.write_text("task,weight\nt1,3\nt2,1\n")
    lb = summarized_leaderboard(tt, TaskWeights.parse(str(w)))
    assert list(lb.performance("A").probabilities) == _mixed([(0, 0, 1, 3), (0, 0, 2, 2)], [Fraction(3, 4), Fraction(1, 4)])
    w.write_text("task,weight\nt1,3\n")
    with pytest.raises(InvalidInput, match="missing t2"):
        summarized_leaderboard(tt, TaskWeights.parse(str(w)))


def test_mean_score_lists_exactly_the_pairs_whose_order_differs():
    tt = read_tasks(SHIPPED)
    rows, T = _rows(), len(tt.tasks)
    for slug, f in (("jaccard", _jaccard), ("f1", _f1)):
        r = rank_tasks(tt, as_score(slug), Aggregate.MEAN_SCORE, check=False)
        summ = {e: f(_mixed([rows[e][t] for t in tt.tasks], [Fraction(1, T)] * T)) for e in rows}
        mean = {e: sum(f(rows[e][t]) for t in tt.tasks) / T for e in rows}
        expected = {frozenset((a, b)) for a, b in itertools.combinations(rows, 2)
                    if (summ[a] > summ[b]) - (summ[a] < summ[b]) != (mean[a] > mean[b]) - (mean[a] < mean[b])}
        assert {frozenset((d.a, d.b)) for d in r.disagreements} == expected
        for d in r.disagreements:
            assert d.summarized == (summ[d.a], summ[d.b]) and d.alternative == (mean[d.a], mean[d.b])
    assert rank_tasks(tt, as_score("jaccard"), Aggregate.MEAN_SCORE, check=False).disagreements  # this table has some


def test_accuracy_never_disagrees_with_its_mean_as_proved():
    tt = read_tasks(SHIPPED)
    assert rank_tasks(tt, as_score("accuracy"), Aggregate.MEAN_SCORE, check=False).disagreements == ()


def test_a_loss_ranks_its_smallest_value_first_on_every_aggregate():
    tt = read_tasks(SHIPPED)
    for agg in Aggregate:
        r = rank_tasks(tt, as_score("error_rate"), agg, check=False)
        top = r.summarized.entries if agg is Aggregate.SUMMARIZED else r.alternative.entries()
        first = top[0].name if agg is Aggregate.SUMMARIZED else top[0][0]
        best = rank_tasks(tt, as_score("accuracy"), agg, check=False)
        best_first = best.summarized.entries[0].name if agg is Aggregate.SUMMARIZED else best.alternative.entries()[0][0]
        assert first == best_first, agg


def test_the_summarized_ranking_is_checked_on_the_pi_of_the_mixtures():
    tt = read_tasks(SHIPPED)
    r = rank_tasks(tt, as_score("f1"), timeout=60)
    prior = summarized_leaderboard(tt, TaskWeights.parse("equal")).common_prior()  # every mixture's: one prior
    assert prior is not None and r.summarized.fitness.Pi == f"prior={prior[1]}"
    assert r.summarized.fitness.verdict is Verdict.PROVED


def test_sparse_mixtures_of_many_tasks_are_exact():
    k = 1000
    Ps = [SparsePerformance.from_cells(k, [(0, 0, 3 + t), (5, 7, 1), (t, t, 2)]) for t in range(1, 6)]
    lam = [Fraction(1, 5)] * 5
    M = sparse_mixture_of(Ps, lam)
    for i, j in [(0, 0), (5, 7), (3, 3), (9, 9)]:
        assert M.probability(i, j) == sum(w * P.probability(i, j) for w, P in zip(lam, Ps))
    X = as_score("multiclass_accuracy", SparsePerformance.vertex(k, 0, 0).space)
    assert X(M) == sum(w * X(P) for w, P in zip(lam, Ps))  # accuracy: the mean, as proved


# --- statistics ----------------------------------------------------------------------------------
def _scores_table(seed=7):
    rng = np.random.default_rng(seed)
    X = rng.random((12, 5)) + 0.08 * np.arange(5)
    text = "task,entity,score\n" + "".join(f"d{t},M{e},{float(X[t, e])!r}\n" for t in range(12) for e in range(5))
    return X, text


def _holm(p):
    order = np.argsort(p)
    out, running = np.empty(len(p)), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p) - rank) * p[i]))
        out[i] = running
    return out


def test_tasks_json_equals_scipy_on_5_entities_and_12_tasks(tmp_path, capsys):
    X, text = _scores_table()
    path = tmp_path / "scores.csv"
    path.write_text(text)
    code = main(["tasks", str(path), "--json", "--draws", "50", "--bayes-samples", "500", "--out", str(tmp_path / "cd.png")])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["verdict"] == "numeric"
    ranks = np.array([stats.rankdata(-row) for row in X])
    avg = ranks.mean(axis=0)
    got = {e["entity"]: e["average_rank"] for e in doc["entities"]}
    assert all(got[f"M{i}"] == pytest.approx(avg[i], abs=1e-12) for i in range(5))
    fr = stats.friedmanchisquare(*X.T)
    assert doc["friedman"]["chi2"] == pytest.approx(fr.statistic, rel=1e-12)
    assert doc["friedman"]["p"] == pytest.approx(fr.pvalue, rel=1e-12)
    q = stats.studentized_range.ppf(0.95, 5, np.inf) / np.sqrt(2)
    assert doc["nemenyi"]["cd"] == pytest.approx(q * np.sqrt(5 * 6 / (6 * 12)), rel=1e-12)
    pairs = [(p["a"], p["b"]) for p in doc["wilcoxon_holm"]]
    raw = np.array([stats.wilcoxon(X[:, int(a[1:])], X[:, int(b[1:])]).pvalue for a, b in pairs])
    assert [p["p"] for p in doc["wilcoxon_holm"]] == pytest.approx(list(raw), rel=1e-12)
    assert [p["p_holm"] for p in doc["wilcoxon_holm"]] == pytest.approx(list(_holm(raw)), rel=1e-12)
    assert (tmp_path / "cd.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cliques_are_the_maximal_runs_within_the_cd_and_are_drawn_as_bars(tmp_path):
    avg = [Fraction(3, 2), Fraction(2), Fraction(5, 2), Fraction(4), Fraction(9, 2), Fraction(5)]
    groups = cliques(list(range(6)), avg, 1.7)
    assert groups == [(0, 1, 2), (2, 3), (3, 4, 5)]
    assert cliques(list(range(6)), avg, 0.4) == []
    svg = draw_cd(list("ABCDEF"), avg, 1.7, groups, tmp_path / "cd.svg").read_text()
    assert "CD = 1.700" in svg and all(f"{n} (" in svg for n in "ABCDEF")
    with pytest.raises(InvalidInput, match="png, .svg or .pdf"):
        draw_cd(list("AB"), avg[:2], 1.0, [], tmp_path / "cd.gif")


def test_a_lower_is_better_column_ranks_its_smallest_first():
    text = "task,entity,error_rate\nt1,A,0.1\nt1,B,0.2\nt2,A,0.3\nt2,B,0.4\nt3,A,0.1\nt3,B,0.5\n"
    st = task_statistics(read_tasks(io.StringIO(text)), "error_rate", Direction.LOWER, bayes="none", draws=0)
    assert st.average_order()[0] == ("A", 1)


def test_the_bayesian_signed_rank_test_equals_baycomps():
    baycomp = pytest.importorskip("baycomp")
    rng = np.random.default_rng(0)
    x = rng.random(12)
    y = x + 0.03 * rng.standard_normal(12)
    for rope in (0.01, 0.0):
        ref = baycomp.SignedRankTest.probs(x, y, rope=rope, random_state=3, nsamples=3000)
        ours = signed_rank([Fraction(v) for v in x], [Fraction(v) for v in y], Fraction(rope), 3000, 3)
        if rope:
            assert (ours.left, ours.rope, ours.right) == pytest.approx(ref, abs=1e-12)
        else:
            assert ours.left / (ours.left + ours.right) == pytest.approx(ref[0], abs=1e-12)


def test_the_bootstrap_is_seeded_and_its_intervals_hold_the_observed_rank():
    tt = read_tasks(SHIPPED)
    a = task_statistics(tt, as_score("f1"), bayes="none", draws=300, seed=5)
    b = task_statistics(tt, as_score("f1"), bayes="none", draws=300, seed=5, jobs=2)
    assert a.bootstrap == b.bootstrap and "test sets" in a.bootstrap.method
    assert sum(a.bootstrap.p_first) >= 1 - 1e-12
    r = {e.name: e.rank for e in rank_tasks(tt, as_score("f1"), check=False).summarized.entries}
    assert all(lo <= r[n] <= hi for n, (lo, hi) in zip(a.bootstrap.names, a.bootstrap.rank_interval))


def test_rank_intervals_over_tasks_cover_the_population_rank():
    """Coverage by simulation: a population of tasks where entity e's per-task value is e·0.05 plus noise;
    the population's mean-rank order is the entities' order; 40 benchmarks of 15 tasks each, the 95 %
    interval of each entity's mean rank holds its population rank in most of them."""
    rng = np.random.default_rng(11)
    hits = total = 0
    for rep in range(40):
        X = 0.05 * np.arange(4)[None, :] + 0.1 * rng.standard_normal((15, 4))
        text = "task,entity,v\n" + "".join(f"t{t},E{e},{float(X[t, e])!r}\n" for t in range(15) for e in range(4))
        st = task_statistics(read_tasks(io.StringIO(text)), "v", Direction.HIGHER, bayes="none", draws=200, seed=rep)
        for n, (lo, hi) in zip(st.bootstrap.names, st.bootstrap.rank_interval):
            hits += lo <= 4 - int(n[1:]) <= hi
            total += 1
    assert hits / total >= 0.85


# --- the statement -------------------------------------------------------------------------------
def test_the_coincidence_is_decided_and_each_counterexample_is_real():
    res = {r.id: r for r in coincidence_statements()}
    for sid in ("tasks/weighted-mean", "tasks/equal-mass", "tasks/accuracy"):
        assert res[sid].verdict is Verdict.PROVED and "exact point" in res[sid].reason
    own = {"f1": _f1, "jaccard": _jaccard, "precision": lambda c: Fraction(c[3], c[1] + c[3])}
    for slug, f in own.items():
        r = res[f"tasks/{slug}-mean"]
        assert r.verdict is Verdict.REFUTED
        w = r.witness
        c = {e: [tuple(int(w[e][t][o]) for o in ("tn", "fp", "fn", "tp")) for t in ("task 1", "task 2")] for e in "AB"}
        half = [Fraction(1, 2)] * 2
        sA, sB = (f(_mixed(c[e], half)) for e in "AB")
        mA, mB = (sum(f(x) for x in c[e]) / 2 for e in "AB")
        assert sA > sB and mA < mB


# --- the command line ----------------------------------------------------------------------------
def _validate(command, doc):
    import jsonschema
    from referencing import Registry, Resource

    from ordertheory.cli.schemas import names, schema

    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in map(schema, names()))
    jsonschema.Draft202012Validator(schema(command), registry=registry).validate(doc)


def test_rank_on_a_multi_task_file(capsys, tmp_path):
    code = main(["rank", str(SHIPPED), "--score", "jaccard", "--aggregate", "mean-score", "--json", "--no-check"])
    doc = json.loads(capsys.readouterr().out)
    _validate("rank", doc)
    assert code == 0 and doc["aggregate"] == "mean-score" and doc["disagreements"]
    assert all(d["rechecked"] for d in doc["disagreements"]) and len(doc["summarized"]) == len(doc["entities"]) == 6
    assert main(["rank", str(SHIPPED), "--score", "f1", "--over-tile"]) == 2
    assert "is for one task" in capsys.readouterr().err
    scores = tmp_path / "s.csv"
    scores.write_text("task,entity,error_rate\nt1,A,0.1\nt1,B,0.2\nt2,A,0.3\nt2,B,0.25\nt3,A,0.1\nt3,B,0.4\n")
    assert main(["rank", str(scores), "--score", "error_rate", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    _validate("rank", doc)
    assert doc["aggregate"] == "mean-rank" and [e["entity"] for e in doc["entities"]] == ["A", "B"]


def test_per_task_values_on_the_executor_equal_those_in_process(monkeypatch):
    from ordertheory.ranking.tasks import aggregates

    tt = read_tasks(SHIPPED)
    inline = aggregates.task_values(tt, as_score("mcc"))
    monkeypatch.setattr(aggregates, "PARALLEL_FROM", 1)
    assert aggregates.task_values(tt, as_score("mcc"), jobs=2, score_text="mcc") == inline
    w = TaskWeights.parse("equal")
    assert aggregates.mixtures(tt, w, jobs=2) == list(summarized_leaderboard(tt, w).performances)
    with aggregates.executor(1) as ex:  # the chunked path (a Dask scheduler's), run inline
        monkeypatch.setattr(aggregates, "executor", lambda jobs, scheduler: _Given(ex))
        assert aggregates.mixtures(tt, w, jobs=2, scheduler="tcp://unused") == aggregates.mixtures(tt, w)


class _Given:
    """An executor context that yields a given executor."""

    def __init__(self, ex):
        self.ex = ex

    def __enter__(self):
        return self.ex

    def __exit__(self, *exc):
        return False


def test_aggregate_on_a_single_task_file_is_refused(tmp_path, capsys):
    p = tmp_path / "lb.csv"
    p.write_text("entity,tn,fp,fn,tp\nA,1,2,3,4\n")
    assert main(["rank", str(p), "--score", "f1", "--aggregate", "mean-score"]) == 2
    assert "multi-task file" in capsys.readouterr().err


@pytest.mark.slow
def test_the_shipped_table_is_what_scikit_learn_gives(tmp_path):
    from tests.sklearn_tasks import write_tasks

    assert write_tasks(tmp_path / "t.csv").read_text() == SHIPPED.read_text()


@pytest.mark.slow
def test_advise_on_a_multi_task_file_writes_its_section_and_validates(tmp_path, capsys):
    import jsonschema
    from referencing import Registry, Resource

    from ordertheory.cli.schemas import names, schema

    code = main(["advise", str(SHIPPED), "--scores", "accuracy,jaccard", "--out", str(tmp_path), "--draws", "50",
                 "--json"])
    doc = json.loads(capsys.readouterr().out)
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in map(schema, names()))
    jsonschema.Draft202012Validator(schema("advise"), registry=registry).validate(doc)
    assert code == 0 and doc["tasks"]["tasks"] == list(read_tasks(SHIPPED).tasks)
    by = {s["score"]: s for s in doc["scores"]}
    assert by["accuracy"]["mean_score_disagreements"] == [] and by["jaccard"]["mean_score_disagreements"]
    assert (tmp_path / "cd_jaccard.png").exists() and "summarized" in (tmp_path / "report.md").read_text()


def test_scored_per_sample_json_with_a_task_key(tmp_path):
    rows = [{"task": t, "entity": e, "y_true": yt, "y_score": ys} for t, e, yt, ys in [
        ("t1", "A", [0, 1, 1, 0], [0.1, 0.9, 0.4, 0.3]), ("t1", "B", [0, 1, 1, 0], [0.2, 0.8, 0.6, 0.1]),
        ("t2", "A", [1, 0, 1], [0.9, 0.4, 0.8]), ("t2", "B", [1, 0, 1], [0.3, 0.1, 0.9])]]
    p = tmp_path / "raw.json"
    p.write_text(json.dumps(rows))
    tt = read_tasks(p)
    assert tt.space.name.startswith("scored") and tt.boards[0].space == tt.boards[1].space
    brier = as_score("brier", tt.space)
    r = rank_tasks(tt, brier, Aggregate.MEAN_SCORE, check=False)  # Brier is linear in P: the mixture's is the mean
    assert r.disagreements == () and [e.name for e in r.summarized.entries] == ["A", "B"]
    for e in r.summarized.entries:
        assert e.value == sum(brier(b.performance(e.name)) for b in tt.boards) / 2
