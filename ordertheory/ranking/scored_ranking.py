"""Rank scoring classifiers from their per-sample scores, at any number of distinct scores.

The values are exact from the sorted scores (:func:`ordertheory.catalogue.scoring.sample_value`: ROC AUC,
average precision, PR AUC, Brier, ECE, max F1 and max informedness as Fractions; the log loss, irrational,
as a float within about 1e-15), equal to scikit-learn's, ranked by the score's direction (a loss smallest
first), equal performances tied (Axiom 1).

**The check** is the theory's, on Ω = {negative, positive} × the L distinct scores of the leaderboard (any L:
Ω is never written out) and Π = every performance with the entities' common positive prior, asked of
the one door, :func:`~ordertheory.fitness.check.check_score`, with the score's per-sample form (a
:class:`~ordertheory.catalogue.scoring.level_score.LevelScore`): Brier and the log loss are expectations,
decided by lemmas for every finite Ω; the order-only scores and the ECE by witnesses found on a few of Ω's
levels, lifted and re-validated on Ω (:mod:`ordertheory.fitness.structure.level_check`).

Names are read as every input writes them: ``brier``, ``-brier``, ``neg_brier``, ``−brier`` (the gain −X:
its values negated, higher is better — the same order), ``ece@10`` (10 bins).

>>> from ordertheory.performances.scored_samples import ScoredSamples
>>> lb = ScoredLeaderboard(("A", "B"), (ScoredSamples.of([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
...                                     ScoredSamples.of([0, 0, 1, 1], [0.1, 0.2, 0.35, 0.8])), "<doctest>")
>>> r = rank_samples(lb, "roc_auc", check=False)
>>> [(e.name, e.rank, str(e.value)) for e in r.entries]
[('B', 1, '1'), ('A', 2, '3/4')]
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from ordertheory.catalogue.scoring import NUMERIC, SAMPLE_FORMS
from ordertheory.catalogue.scoring.class_samples import ProbabilityScore
from ordertheory.catalogue.scoring.level_score import LevelScore, SampleName, sample_name
from ordertheory.errors import InvalidInput
from ordertheory.fitness.check import check_score
from ordertheory.performances.scored_samples import ScoredSamples
from ordertheory.ranking.leaderboards.per_sample import Predictions, is_predictions_file, read_predictions
from ordertheory.ranking.leaderboards.prediction_leaderboards import is_raw
from ordertheory.ranking.leaderboards.sparse_leaderboard import NAME_KEYS
from ordertheory.ranking.probability_ranking import (
    ProbabilityLeaderboard,
    probability_fitness,
    probability_score,
    rank_probabilities,
)
from ordertheory.ranking.rank import PRINT_RESERVE, Fitness, Ranking, competition_ranks
from ordertheory.spaces.sample_space import ScoredSpace, scored


@dataclass(frozen=True)
class ScoredLeaderboard:
    """Entities with per-sample scores; ``scores`` (entities × cases) and ``truth`` when every entity
    scored the same cases (a predictions CSV: the pairing the case bootstrap and DeLong's test need)."""

    names: tuple[str, ...]
    samples: tuple[ScoredSamples, ...]
    source: str
    truth: np.ndarray | None = None
    scores: np.ndarray | None = None

    @classmethod
    def from_predictions(cls, pr: Predictions) -> ScoredLeaderboard:
        """The ``score:<entity>`` columns of a predictions file (two classes)."""
        if pr.scores is None:
            raise InvalidInput(f"{pr.source}: per-sample scores are needed (score:<entity> columns beside the "
                               "predicted labels)")
        y = (pr.truth == 1).astype(np.int64)
        return cls(pr.names, tuple(ScoredSamples.of(y, row, f"{pr.source}: score:{n}")
                                   for n, row in zip(pr.names, pr.scores)), pr.source, y, pr.scores)

    @classmethod
    def from_raw(cls, rows: Sequence[Mapping], names: Sequence[str], source: str,
                 positive: object = None) -> ScoredLeaderboard:
        """Entities of a raw JSON leaderboard, each with ``y_true`` and ``y_score``; paired (``truth``,
        ``scores``) when every entity has the same ``y_true`` (the same cases, as far as the file says)."""
        out = []
        for name, r in zip(names, rows):
            y, s = r.get("y_true"), r.get("y_score")
            if not isinstance(y, list) or not isinstance(s, list) or not y:
                raise InvalidInput(f"{source}: entity {name}: expected y_true and y_score as non-empty lists")
            labels = sorted({str(v) for v in y})
            pos = str(positive) if positive is not None else "1" if set(labels) <= {"0", "1", "-1"} else None
            if pos is None:
                raise InvalidInput(f"{source}: entity {name}: labels {labels[:4]}: say which class is positive "
                                   "(pos_label)")
            if any(v is None or isinstance(v, bool) or not isinstance(v, int | float) for v in s):
                raise InvalidInput(f"{source}: entity {name}: expected numbers in y_score")
            out.append(ScoredSamples.of([int(str(v) == pos) for v in y], s, f"{source}: entity {name}"))
        truths = {tuple(str(v) == pos for v in r["y_true"]) for r in rows}
        if len(truths) == 1 and len({len(r["y_score"]) for r in rows}) == 1:  # the same cases: paired
            truth = np.array(next(iter(truths)), dtype=np.int64)
            return cls(tuple(names), tuple(out), source, truth, np.array([r["y_score"] for r in rows], dtype=float))
        return cls(tuple(names), tuple(out), source)

    def levels(self) -> tuple[Fraction, ...]:
        """The distinct scores of the whole leaderboard: the levels of its common Ω."""
        return tuple(sorted(set().union(*(s.levels for s in self.samples))))

    def common_prior(self) -> Fraction | None:
        """The positive prior P/n when every entity has the same, else None."""
        priors = {Fraction(s.P, s.n) for s in self.samples}
        return next(iter(priors)) if len(priors) == 1 else None

    def __len__(self) -> int:
        return len(self.names)


def read_scored(path: str, pos_label: object = None, space: str | None = None) -> ScoredLeaderboard | None:
    """The per-sample scores of a file: a predictions CSV with ``score:<entity>`` columns, or a JSON
    leaderboard whose entities hold ``y_true`` and ``y_score``; None for any other file, and for a JSON
    that asks for its scores on ``"levels": L`` (``scored:L``: the leaderboard readers bin them).
    ``space`` (a command's ``--space``) is refused in one line: per-sample scores are ranked at their own
    distinct scores, never silently on other levels."""
    found = _read_scored(path, pos_label)
    if found is not None and space:
        raise InvalidInput(f"--space {space}: {path} holds per-sample scores, ranked exactly at their own distinct "
                           "scores (Ω of all of them); drop --space (the ECE's bins: --bins N; a leaderboard on "
                           "scored:L: a JSON with \"levels\": L)")
    return found


def _read_scored(path: str, pos_label: object) -> ScoredLeaderboard | ProbabilityLeaderboard | None:
    if is_predictions_file(path):
        pr = read_predictions(path, pos_label)
        if pr.probabilities is not None:
            return ProbabilityLeaderboard.from_predictions(pr)
        return ScoredLeaderboard.from_predictions(pr) if pr.scores is not None else None
    if Path(path).suffix.lower() != ".json":
        return None
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidInput(f"cannot read {path!r} as JSON: {exc}") from None
    meta = data if isinstance(data, Mapping) else {}
    if meta.get("levels", "distinct") != "distinct":
        return None
    rows = data.get("entities") if isinstance(data, Mapping) else data
    if not isinstance(rows, list) or not rows or not all(isinstance(r, Mapping) and is_raw(r) and "y_score" in r
                                                         for r in rows):
        return None
    names = [next((str(r[k]) for k in NAME_KEYS if k in r), f"entity {i}") for i, r in enumerate(rows, 1)]
    if len(set(names)) != len(names):
        raise InvalidInput(f"{path}: duplicate entity names")
    if all(isinstance(r["y_score"], list) and r["y_score"] and all(isinstance(v, list) for v in r["y_score"])
           for r in rows):  # rows of k probabilities
        return ProbabilityLeaderboard.from_raw(rows, names, str(path), meta.get("labels"))
    return ScoredLeaderboard.from_raw(rows, names, str(path), pos_label if pos_label is not None else meta.get("pos_label"))


def scored_slug(text: str | None) -> str | None:
    """The per-sample score ``text`` names, normalised (``-brier`` for ``neg_brier``, ``ece@10``), or None
    when it names no score with a per-sample form."""
    name = sample_name(text or "")
    return None if name is None else name.name


def leaderboard_space(lb: ScoredLeaderboard) -> ScoredSpace:
    """Ω of the leaderboard: {negative, positive} × its distinct scores as levels (any number of them), or,
    when the scores are no probabilities (a decision function), × L ordered levels standing for them."""
    values = np.unique(np.concatenate([s.floats for s in lb.samples]))
    if len(values) >= 2 and values[0] >= 0 and values[-1] <= 1:
        return scored(levels=[Fraction(v) for v in values.tolist()])
    return scored(max(2, len(values)))


def level_score(lb: ScoredLeaderboard, name: str | SampleName) -> LevelScore | ProbabilityScore:
    """The score ``name`` on the leaderboard's Ω, by its per-sample form."""
    if isinstance(lb, ProbabilityLeaderboard):
        return probability_score(lb, name)
    sn = name if isinstance(name, SampleName) else sample_name(name)
    if sn is None:
        raise InvalidInput(f"{name!r} has no per-sample form; per-sample scores rank by "
                           f"{', '.join(sorted(SAMPLE_FORMS))} (ece@B: B bins; -SLUG or neg_SLUG: the gain −X)")
    return LevelScore(sn, leaderboard_space(lb))


def _cmp(a, b) -> int:
    return (a > b) - (a < b)


def rank_samples(lb: ScoredLeaderboard, name: str | SampleName, check: bool = True, timeout: float = 30.0) -> Ranking:
    """Exact values and competition ranks of the per-sample leaderboard (see the module's docstring);
    ``name`` as any input writes it (``brier``, ``neg_log_loss``, ``-brier``, ``ece@10``); k-class probabilities
    by :func:`~ordertheory.ranking.probability_ranking.rank_probabilities`."""
    if isinstance(lb, ProbabilityLeaderboard):
        return rank_probabilities(lb, name, check, timeout)
    t0 = time.monotonic()
    sn = name if isinstance(name, SampleName) else sample_name(name)
    if sn is None:
        level_score(lb, name)  # the one line that says why
    cache: dict = {}
    values, groups = [], {}
    for n, s in zip(lb.names, lb.samples):
        key = s.key()
        if key not in cache:
            cache[key] = sn.value(s)
        values.append((n, cache[key]))
        groups.setdefault(key, []).append(n)
    entries, ties = competition_ranks(values, sn.direction, _cmp)
    same = tuple(tuple(g) for g in groups.values() if len(g) > 1)
    fitness = scored_fitness(lb, sn, timeout - (time.monotonic() - t0)) if check else None
    note = (f"{sn.base} is irrational: its values are floats (math.fsum of the logarithms, within about 1e-15 "
            "of the exact values); equal performances tie exactly") if sn.base in NUMERIC else None
    if sn.bins is not None:
        note = (f"ECE over {sn.bins} equal-width bins of the positive class's probability, [i/{sn.bins}, (i+1)/{sn.bins}) "
                "with the last closed (torchmetrics' bins; scikit-learn's calibration_curve closes them on the right)")
    return Ranking(sn.name, entries, ties, same, fitness, sn.direction, note)


def scored_fitness(lb: ScoredLeaderboard, name: str | SampleName, timeout: float) -> Fitness:
    """The check of the score on the leaderboard's Ω and Π (every performance, or the common prior), by
    :func:`~ordertheory.fitness.check.check_score` within ``timeout`` seconds."""
    if isinstance(lb, ProbabilityLeaderboard):
        return probability_fitness(lb, name, timeout)
    t0 = time.perf_counter()
    X = level_score(lb, name)
    prior = lb.common_prior()
    Pi = "all" if prior is None or prior in (0, 1) else f"prior={prior}"
    levels = np.unique(np.concatenate([s.floats for s in lb.samples]))
    probabilities = len(levels) >= 2 and levels[0] >= 0 and levels[-1] <= 1
    report = check_score(X, Pi, timeout=max(0.5, timeout - PRINT_RESERVE))
    note = None if probabilities else (
        f"the scores are not probabilities of the positive class: Ω's {X.space.level_count} levels stand for them in "
        "their order (what an order-only score reads); S, the probability given to the truth, is not theirs")
    return Fitness(report, time.perf_counter() - t0, note=note)
