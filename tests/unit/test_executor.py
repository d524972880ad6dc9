"""Tasks that wait for others (#17): the paper job's τ tasks read their cells' importances."""

import pytest

from ordertheory.engine.executor import Task, executor, run_tasks

CALLS: list[str] = []


def record(name: str, *extra) -> tuple:
    CALLS.append(name)
    return (name, *extra)


def _tasks() -> list[Task]:
    return [Task("cheap", record, ("cheap",), cost=1.0),
            Task("late", record, ("late",), cost=5.0, after=("first",), given=lambda r: (r["first"][0].upper(),)),
            Task("first", record, ("first",), cost=3.0),
            Task("other", record, ("other",), cost=2.0)]


def test_a_task_runs_after_its_dependencies_with_what_they_gave():
    CALLS.clear()
    with executor(jobs=1) as ex:
        out, secs = run_tasks(ex, _tasks())
    assert out["late"] == ("late", "FIRST")
    # one slot: the costliest ready task goes first, and "late", once ready, before cheaper work
    assert CALLS == ["first", "late", "other", "cheap"]
    assert list(out) == ["cheap", "late", "first", "other"] and set(secs) == set(out)


def test_a_process_pool_gives_the_same_results():
    with executor(jobs=2) as ex:
        out, _ = run_tasks(ex, [t for t in _tasks() if t.given is None]
                           + [Task("late", record, ("late",), after=("first",), given=_upper_first)])
    assert out["late"] == ("late", "FIRST") and out["cheap"] == ("cheap",)


def _upper_first(results: dict) -> tuple:
    return (results["first"][0].upper(),)


def test_waiting_for_an_unknown_task_or_in_a_cycle_is_an_error():
    with executor(jobs=1) as ex:
        with pytest.raises(ValueError, match="unknown tasks: nowhere"):
            run_tasks(ex, [Task("a", record, ("a",), after=("nowhere",))])
        with pytest.raises(ValueError, match="wait for each other"):
            run_tasks(ex, [Task("a", record, ("a",), after=("b",)), Task("b", record, ("b",), after=("a",))])


def test_a_dependent_task_is_memoised_with_what_it_was_given(tmp_path, monkeypatch):
    monkeypatch.setenv("ORDERTHEORY_CACHE", str(tmp_path))
    CALLS.clear()
    tasks = [Task("first", record, ("first",)),
             Task("late", record, ("late",), after=("first",), given=_upper_first)]
    with executor(jobs=1) as ex:
        cold, _ = run_tasks(ex, tasks, memo=True)
        warm, _ = run_tasks(ex, tasks, memo=True)
    assert cold == warm and CALLS == ["first", "late"]  # the second run read both from the cache
