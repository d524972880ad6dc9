"""Exercises: a seeded set is the same every time, and right and wrong answers are judged right,
including a student's counter-model that is not one."""

import json
import subprocess
import sys

from ordertheory.analyses.exercise_sets import exercise_set, judge
from ordertheory.analyses.score_exercises import ScoreExercise, check_witness
from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.theory.countermodel import Order
from ordertheory.theory.exercises import (
    Difficulty,
    OrderExercise,
    countermodel_text,
    judge_order,
    order_exercise,
    smallest_countermodel,
)
from ordertheory.theory.statements import prove_statement


def test_the_seeded_set_is_identical_every_time_even_in_another_process():
    cmd = [sys.executable, "-m", "ordertheory", "exercise", "--seed", "1", "--count", "20", "--json"]
    other = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)  # a fresh process
    assert len(other["exercises"]) == 20
    assert [ex.to_json() for ex in exercise_set(1, 20)] == [{k: v for k, v in row.items() if k != "number"}
                                                            for row in other["exercises"]]
    runs = [other]
    assert exercise_set(2, 20) != exercise_set(1, 20)
    assert {row["family"] for row in runs[0]["exercises"]} == {"order", "score"}


def test_the_answer_key_agrees_with_z3():
    for seed in range(12):
        for level in Difficulty:
            ex = order_exercise(seed, level)
            truth = judge_order(ex, True).valid
            assert (prove_statement(ex.parsed, ex.order).verdict is Verdict.PROVED) == truth, ex.statement


def test_right_and_wrong_answers():
    valid = OrderExercise(0, Difficulty.MEDIUM, "a < b and b < c -> a < c")
    invalid = OrderExercise(0, Difficulty.MEDIUM, "a # b and b # c -> a # c")
    assert judge_order(valid, True).correct and not judge_order(valid, False, "a <= b").correct
    assert not judge_order(invalid, True).correct
    right = judge_order(invalid, False, "a = c")  # a and c one element, b incomparable to it
    assert right.correct, right.explanation
    no_model = judge_order(invalid, False)
    assert not no_model.correct and "needs a counter-model" in no_model.explanation[0]


def test_a_counter_model_that_is_not_one():
    ex = OrderExercise(0, Difficulty.MEDIUM, "a <= b and b > c -> a > c")
    not_transitive = judge_order(ex, False, "a <= b; b <= c")
    assert not not_transitive.correct
    assert "not transitive: a ≲ b and b ≲ c but not a ≲ c" in not_transitive.explanation[1]
    statement_holds = judge_order(ex, False, "c <= b")  # a ⋈ b: the hypothesis is false
    assert not statement_holds.correct and "holds in your model" in statement_holds.explanation[1]
    partial = OrderExercise(0, Difficulty.HARD, "a <= b -> a < b", Order.PARTIAL)
    assert judge_order(partial, False, "a = b").correct
    assert not judge_order(partial, False, "a <= b; b <= a").correct  # two elements, not antisymmetric


def test_the_key_counter_model_is_smallest_and_reads_back():
    ex = OrderExercise(0, Difficulty.MEDIUM, "a # b and b # c -> a # c")
    model = smallest_countermodel(ex.parsed, ex.order)
    assert model.size == 2 and not model.problems()
    assert judge_order(ex, False, countermodel_text(model)).correct


def test_a_score_witness_is_checked_exactly():
    g_mean = ScoreExercise(0, Difficulty.MEDIUM, "g_mean", "1/2")
    w = {"test": "test2", "P1": ["1/2", "0", "1/2", "0"], "P2": ["0", "1/2", "0", "1/2"], "lambda": "1/2"}
    assert check_witness(g_mean, w) == (True, [])
    assert judge(g_mean, False, witness=w).correct
    off_prior = {**w, "P1": ["1/4", "1/4", "1/4", "1/4"], "P2": ["1", "0", "0", "0"]}
    ok, why = check_witness(g_mean, off_prior)
    assert not ok and "P2 is not in Π" in why[0]


def test_the_command_judges_and_says_so(capsys):
    rows = exercise_set(1, 20)
    k = next(i for i, ex in enumerate(rows, 1) if isinstance(ex, OrderExercise) and not judge_order(ex, True).valid)
    key = judge_order(rows[k - 1], True).solution["countermodel_text"]
    assert main(["exercise", "--seed", "1", "--count", "20", "--number", str(k), "--answer", "not valid",
                 "--countermodel", key]) == 0
    assert main(["exercise", "--seed", "1", "--count", "20", "--number", str(k), "--answer", "valid"]) == 1
    assert main(["exercise", "--seed", "1", "--number", str(k), "--answer", "not valid",
                 "--countermodel", "a <= zz"]) == 2
    assert "not a name of the statement" in capsys.readouterr().err


def test_serve_refuses_a_remote_address_without_the_flag(capsys):
    assert main(["serve", "--host", "0.0.0.0", "--port", "1"]) == 2
    assert "not a loopback address" in capsys.readouterr().err
