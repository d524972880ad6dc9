"""Seeded sets of exercises a teacher can hand out, and the one entry point that judges an answer.

A set is a function of its seed, count, difficulty and families only: ``exercise_set(1, 20)`` is
the same 20 exercises on every machine and every run (string-seeded ``random.Random``, no
hash randomisation, no clock).

>>> [ex.family.value for ex in exercise_set(1, 5)]
['order', 'order', 'order', 'score', 'order']
>>> exercise_set(1, 20) == exercise_set(1, 20)
True
"""

from __future__ import annotations

import random

from ordertheory.analyses.score_exercises import ScoreExercise, judge_score, score_exercise
from ordertheory.errors import InvalidInput
from ordertheory.theory.exercises import (
    Difficulty,
    Family,
    Judgement,
    OrderExercise,
    judge_order,
    order_exercise,
)

MAX_COUNT = 200
Exercise = OrderExercise | ScoreExercise


def exercise_set(seed: int, count: int, difficulty: Difficulty | str | None = None,
                 families: tuple[Family, ...] = (Family.ORDER, Family.SCORE)) -> list[Exercise]:
    """``count`` exercises from ``seed``: order statements three times in four, scores otherwise
    (when both families are asked for); a mixed difficulty when none is given."""
    if not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise InvalidInput(f"expected a count between 1 and {MAX_COUNT} but got {count!r}")
    if not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise InvalidInput(f"expected a seed 0 <= seed < 2^63 but got {seed!r}")
    if not families:
        raise InvalidInput("expected at least one family of exercises (order, score)")
    rng = random.Random(f"exercise-set-{seed}")
    out: list[Exercise] = []
    for _ in range(count):
        family = Family.ORDER if families == (Family.ORDER,) else Family.SCORE if families == (Family.SCORE,) \
            else (Family.ORDER if rng.random() < 0.75 else Family.SCORE)
        level = Difficulty.parse(difficulty) if difficulty else rng.choice(list(Difficulty))
        sub = rng.randrange(10**9)
        out.append(order_exercise(sub, level) if family is Family.ORDER else score_exercise(sub, level))
    return out


def judge(ex: Exercise, valid: bool, countermodel: str | None = None, witness: dict | None = None,
          timeout: float = 20.0) -> Judgement:
    """Judge a student's answer to either kind of exercise (exactly; see the two modules)."""
    if isinstance(ex, OrderExercise):
        return judge_order(ex, valid, countermodel)
    return judge_score(ex, valid, witness, timeout)


def parse_families(text: str) -> tuple[Family, ...]:
    """'order', 'score' or 'all' (both)."""
    if text == "all":
        return (Family.ORDER, Family.SCORE)
    try:
        return (Family(text),)
    except ValueError:
        raise InvalidInput(f"unknown family {text!r}; expected order, score or all") from None
