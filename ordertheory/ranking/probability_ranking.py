"""Rank k-class probabilistic classifiers from their per-sample class probabilities, exactly.

A predictions CSV with ``score:<entity>:<label>`` columns (one probability per class, ``predict_proba``) or a
JSON leaderboard whose entities hold ``y_true`` and ``y_score`` as rows of probabilities (the classes in
the order of ``"labels"``, else the sorted labels) gives each entity a
:class:`~ordertheory.performances.class_probabilities.ClassProbabilities`; the log loss, Brier, one-vs-rest
macro ROC AUC and top-label ECE are scikit-learn's (:mod:`ordertheory.catalogue.scoring.class_samples`),
exact where rational; names as every input writes them (``neg_log_loss``, ``-brier``, ``ece@10``).

The check asks the one door, :func:`~ordertheory.fitness.check.check_score`, with the score on Ω = (true class,
distinct probability vector) of the leaderboard (:class:`~ordertheory.catalogue.scoring.class_samples.ProbabilityScore`)
and Π the common class priors: the expectations (log loss, Brier) by their lemmas; the others are not decided
by structure there and stay unknown, with the reason.

>>> import numpy as np
>>> P = np.array([[.5, .25, .25], [.25, .5, .25], [.125, .125, .75]])
>>> lb = ProbabilityLeaderboard.of(("A", "B"), [0, 1, 2], [P, P[[1, 0, 2]]], ("a", "b", "c"))
>>> [(e.name, str(e.value)) for e in rank_probabilities(lb, "brier", check=False).entries]
[('A', '9/32'), ('B', '59/96')]
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.analyses.importance.encoded_satisfaction import Suggestion
from ordertheory.analyses.importance.level_importance import probability_satisfaction
from ordertheory.catalogue.scoring.class_samples import (
    CLASS_FORMS,
    ProbabilityScore,
    class_value,
    probability_omega,
)
from ordertheory.catalogue.scoring.level_score import SampleName, sample_name
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.fitness.check import check_score
from ordertheory.fitness.report import CLOSED, T1, T2, T3
from ordertheory.performances.class_probabilities import ClassProbabilities
from ordertheory.ranking.leaderboards.per_sample import Predictions
from ordertheory.ranking.rank import PRINT_RESERVE, Fitness, Ranking, competition_ranks
from ordertheory.scores.direction import Direction
from ordertheory.sets.class_pi import ClassPi


@dataclass(frozen=True)
class ProbabilityLeaderboard:
    """Entities with k-class probabilities on the same test cases (``truth``: each case's class index)."""

    names: tuple[str, ...]
    tables: tuple[ClassProbabilities, ...]
    labels: tuple
    source: str
    truth: np.ndarray

    @classmethod
    def of(cls, names: Sequence[str], truth, probabilities: Sequence, labels: Sequence, source: str = "<probabilities>"):
        t = np.asarray(truth, dtype=np.int64)
        tables = tuple(ClassProbabilities.of(t, np.asarray(p, dtype=float), tuple(labels), f"{source}: {n}")
                       for n, p in zip(names, probabilities))
        return cls(tuple(names), tables, tuple(labels), source, t)

    @classmethod
    def from_predictions(cls, pr: Predictions) -> ProbabilityLeaderboard:
        return cls.of(pr.names, pr.truth, list(pr.probabilities), pr.labels, pr.source)

    @classmethod
    def from_raw(cls, rows: Sequence[Mapping], names: Sequence[str], source: str, labels=None) -> ProbabilityLeaderboard:
        """JSON entities with ``y_true`` and ``y_score`` as rows of k probabilities (the same cases for all)."""
        truths = {tuple(str(v) for v in r["y_true"]) for r in rows}
        if len(truths) != 1:
            raise InvalidInput(f"{source}: k-class probabilities are ranked on one test set: every entity's y_true "
                               "must be the same")
        y = list(next(iter(truths)))
        classes = [str(v) for v in labels] if labels is not None else sorted(set(y), key=_label_key)
        index = {v: i for i, v in enumerate(classes)}
        missing = sorted(set(y) - set(index))
        if missing:
            raise InvalidInput(f"{source}: y_true holds {missing[0]!r}, not one of the labels {classes}")
        return cls.of(names, [index[v] for v in y], [r["y_score"] for r in rows], classes, source)

    def levels(self) -> np.ndarray:
        """The distinct probability vectors of the leaderboard."""
        return np.unique(np.concatenate([t.probs for t in self.tables]), axis=0)

    def common_prior(self) -> tuple[Fraction, ...]:
        """The class priors of the common test set."""
        counts = np.bincount(self.truth, minlength=len(self.labels))
        return tuple(Fraction(int(c), len(self.truth)) for c in counts)

    @property
    def renormalised(self) -> int:
        return sum(t.renormalised for t in self.tables)

    def __len__(self) -> int:
        return len(self.names)


def _label_key(v: str):
    try:
        return (0, float(v), v)
    except ValueError:
        return (1, 0.0, v)


def probability_name(name: str | SampleName) -> SampleName:
    sn = name if isinstance(name, SampleName) else sample_name(name)
    if sn is None or sn.base not in CLASS_FORMS:
        raise InvalidInput(f"{name!r} has no form on k-class probabilities; they rank by {', '.join(CLASS_FORMS)} "
                           "(ece@B: B bins; -SLUG or neg_SLUG: the gain −X)")
    return sn


def probability_score(lb: ProbabilityLeaderboard, name: str | SampleName) -> ProbabilityScore:
    """The score on the leaderboard's Ω of distinct probability vectors."""
    return ProbabilityScore(probability_name(name), probability_omega(lb.tables))


def rank_probabilities(lb: ProbabilityLeaderboard, name: str | SampleName, check: bool = True,
                       timeout: float = 30.0) -> Ranking:
    """Exact values (the log loss a float) and competition ranks, by the score's direction."""
    t0 = time.monotonic()
    sn = probability_name(name)
    cache: dict = {}
    values = []
    for n, t in zip(lb.names, lb.tables):
        key = t.key()
        if key not in cache:
            v = class_value(sn.slug, t)
            cache[key] = -v if sn.negated and v is not None else v
        values.append((n, cache[key]))
    entries, ties = competition_ranks(values, sn.direction, lambda a, b: (a > b) - (a < b))
    groups: dict = {}
    for n, t in zip(lb.names, lb.tables):
        groups.setdefault(t.key(), []).append(n)
    same = tuple(tuple(g) for g in groups.values() if len(g) > 1)
    fitness = probability_fitness(lb, sn, timeout - (time.monotonic() - t0)) if check else None
    notes = []
    if sn.base == "log_loss":
        notes.append("log_loss is irrational: its values are floats (math.fsum of the logarithms)")
    if sn.bins is not None:
        notes.append(f"top-label ECE over {sn.bins} equal-width bins of the confidence max_j p_j, [i/{sn.bins}, "
                     f"(i+1)/{sn.bins}) with the last closed")
    if sn.base == "brier":
        notes.append("Brier = mean Σ_j (p_j − [j = y])², scikit-learn's brier_score_loss on k ≥ 3 classes")
    if lb.renormalised:
        notes.append(f"{lb.renormalised} rows summed to 1 within 1e-9, not exactly: renormalised exactly")
    return Ranking(sn.name, entries, ties, same, fitness, sn.direction, "; ".join(notes) or None)


def probability_fitness(lb: ProbabilityLeaderboard, name: str | SampleName, timeout: float) -> Fitness:
    """The check on Ω of the distinct probability vectors at the common class priors (see the module)."""
    t0 = time.perf_counter()
    X = probability_score(lb, name)
    priors = lb.common_prior()
    Pi = ClassPi(len(lb.labels), priors) if all(p > 0 for p in priors) else ClassPi.all(len(lb.labels))
    report = check_score(X, Pi, timeout=max(0.5, timeout - PRINT_RESERVE))
    tests = report.tests
    suggestion = None
    if tests[T1].verdict is Verdict.REFUTED and all(tests[t].verdict is Verdict.PROVED for t in (T2, T3, CLOSED)):
        enc = probability_satisfaction(X, Pi.label)  # test 1 fails for S = p_true only: the S′ it encodes
        ranked = f"−{X.sample.slug}" if X.direction is Direction.LOWER else X.name
        suggestion = None if enc is None else Suggestion(enc, None, X.name, ranked)
    return Fitness(report, time.perf_counter() - t0, suggestion)
