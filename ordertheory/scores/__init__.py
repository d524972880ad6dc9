"""Scores X: dom(X) → ℝ with their domain as written (paper §3.5, §4.3).

- :mod:`~ordertheory.scores.formula`: a formula (:class:`Term`) with the conditions of its domain;
- :mod:`~ordertheory.scores.expression`: the whitelist parser of score text (never ``eval``);
- :mod:`~ordertheory.scores.score`: :class:`Score`, a formula in the outcome probabilities, and the
  paper's families (expected value, probabilistic, ranking scores R_I);
- :mod:`~ordertheory.scores.class_score`: the same k-class score held by its class sums
  (:class:`ClassScore`), exact on sparse performances at any k.
"""

from ordertheory.scores.class_score import ClassForm, ClassScore
from ordertheory.scores.expression import parse_score
from ordertheory.scores.formula import Term
from ordertheory.scores.score import (
    Score,
    expected_satisfaction,
    expected_value_score,
    probabilistic_score,
    ranking_score,
)

__all__ = ["ClassForm", "ClassScore", "Score", "Term", "expected_satisfaction", "expected_value_score",
           "parse_score", "probabilistic_score", "ranking_score"]
