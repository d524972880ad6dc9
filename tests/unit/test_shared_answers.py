"""One answer for every front end: ``rank --json`` and ``tasks --json`` are the library's answers
(:mod:`ordertheory.ranking.rank_answer`, :mod:`ordertheory.ranking.tasks.task_answer`), which the playground
returns too; the tests' plain-language names (one map, ``Name.plain``) in the check's text, Theorem 2's
sufficient condition a note there, never a refuted line under a proof."""

import json

import numpy as np
import pytest

from ordertheory.cli import main
from ordertheory.engine.result import Verdict, jsonable
from ordertheory.engine.witness import PLAIN_NAMES
from ordertheory.engine.witness import TestName as Name
from ordertheory.fitness.report import TEST_TITLES, verdict_word
from ordertheory.ranking.leaderboards.task_tables import read_tasks
from ordertheory.ranking.rank_answer import InputKind, answer_rank
from ordertheory.ranking.tasks.task_answer import answer_tasks


def _cli(capsys, *argv) -> dict:
    main(list(argv))
    return json.loads(capsys.readouterr().out)


def _same(d):
    """The JSON without what differs from run to run (seconds, the version)."""
    if isinstance(d, dict):
        return {k: _same(v) for k, v in d.items() if k not in ("seconds", "ordertheory_version")}
    return [_same(x) for x in d] if isinstance(d, list) else d


def _lib(answer) -> dict:
    return json.loads(json.dumps(jsonable(answer.to_json()), default=str))


def test_a_three_class_leaderboard_is_ranked_as_rank_ranks_it(tmp_path, capsys):
    """k classes, counts: the library's answer is rank --json, the values macro-F1 computed by hand."""
    rng = np.random.default_rng(3)
    cm = {e: rng.integers(1, 40, (3, 3)) for e in "ABCD"}
    f = tmp_path / "k3.csv"
    f.write_text("entity," + ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3)) + "\n"
                 + "".join(e + "," + ",".join(str(x) for x in m.ravel()) + "\n" for e, m in cm.items()))
    a = answer_rank(f, "macro_f1", check=False)
    assert a.kind is InputKind.LEADERBOARD and a.verdict is None
    assert _same(_lib(a)) == _same(_cli(capsys, "rank", str(f), "--score", "macro_f1", "--no-check", "--json"))
    values = {e["entity"]: e["value"] for e in a.to_json()["entities"]}
    for e, m in cm.items():
        f1 = [2 * m[c, c] / (m[c, :].sum() + m[:, c].sum()) for c in range(3)]
        assert values[e] == pytest.approx(np.mean(f1), rel=1e-12)
    assert a.to_json()["not_separated"] is not None  # counts: which adjacent pairs the posterior separates


def test_per_sample_scores_are_ranked_exactly_as_scikit_learn(tmp_path, capsys):
    sklearn = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    scores = {e: np.round(np.clip(y * 0.2 * (i + 1) + rng.normal(0.4, 0.25, 300), 0, 1), 4) for i, e in enumerate("ABC")}
    f = tmp_path / "scores.json"
    f.write_text(json.dumps([{"entity": e, "y_true": y.tolist(), "y_score": s.tolist()} for e, s in scores.items()]))
    a = answer_rank(f, "roc_auc", check=False)
    assert a.kind is InputKind.SCORES
    assert _same(_lib(a)) == _same(_cli(capsys, "rank", str(f), "--score", "roc_auc", "--no-check", "--json"))
    for e in a.to_json()["entities"]:
        assert e["value"] == pytest.approx(sklearn.roc_auc_score(y, scores[e["entity"]]), rel=1e-12)
    assert [e["entity"] for e in a.to_json()["entities"]] == ["C", "B", "A"]


def test_a_multi_task_table_is_ranked_and_compared_as_the_commands_do(tmp_path, capsys):
    """rank on a task column: the summarized ranking; tasks: Friedman's χ² is scipy's on the per-task F1."""
    stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(5)
    counts = rng.integers(1, 50, (10, 5, 4))  # task × entity × (tn, fp, fn, tp)
    f = tmp_path / "tasks.csv"
    f.write_text("task,entity,tn,fp,fn,tp\n" + "".join(f"t{t},{'ABCDE'[e]}," + ",".join(map(str, counts[t, e])) + "\n"
                                                       for t in range(10) for e in range(5)))
    a = answer_rank(f, "f1", check=False)
    assert a.kind is InputKind.TASKS
    assert _same(_lib(a)) == _same(_cli(capsys, "rank", str(f), "--score", "f1", "--no-check", "--json"))
    t = answer_tasks(read_tasks(str(f)), "f1", bayes_samples=2000, draws=50)
    assert _same(_lib(t)) == _same(_cli(capsys, "tasks", str(f), "--score", "f1", "--bayes-samples", "2000",
                                        "--draws", "50", "--jobs", "1", "--json"))
    tn, fp, fn, tp = np.moveaxis(counts, 2, 0)
    f1 = 2 * tp / (2 * tp + fp + fn)
    assert t.to_json()["friedman"]["chi2"] == pytest.approx(stats.friedmanchisquare(*f1.T).statistic, rel=1e-12)


def test_every_test_has_one_plain_name():
    assert set(PLAIN_NAMES) == set(Name)
    assert TEST_TITLES == {t: t.plain for t in Name}
    assert Name.TEST2.plain == "test 2 (a mixture is never better than both)"
    assert [t.short for t in (Name.TEST1, Name.TEST3)] == ["test 1", "test 3"]
    assert [t for t in Name if t.is_note] == [Name.THEOREM2]
    assert verdict_word(Name.THEOREM2, Verdict.REFUTED) == "note: not met"
    assert verdict_word(Name.TEST1, Verdict.REFUTED) == "refuted"


def test_an_unmet_sufficient_condition_is_a_note_not_a_failed_test(capsys):
    """Informedness at prior 1/2 passes tests 1–3 while Theorem 2's condition fails (it takes −1 on errors
    alone): the check says fit, and the condition is a note — no REFUTED line under the proof (issue 52)."""
    assert main(["check", "informedness", "--prior", "1/2"]) == 0
    out = capsys.readouterr().out
    assert "REFUTED" not in out and "=> fit for ranking" in out
    note = out[out.index("note: Theorem 2's sufficient condition"):]
    assert "not met" in note and "not a failed test" in note
    assert Name.TEST1.plain in out and "test1" not in out
    js = _cli(capsys, "check", "informedness", "--prior", "1/2", "--json")
    assert js["theorem2_condition"]["verdict"] == "refuted" and js["theorem2_condition"]["role"] == "note"
    assert js["test2"]["name"] == Name.TEST2.plain and js["fit_for_ranking"] is True
