"""Rank scoring classifiers from their per-sample scores, at any number of distinct scores.

The values are exact from the sorted scores (:func:`ordertheory.catalogue.scoring.sample_value`: ROC AUC,
average precision, PR AUC, Brier, ECE, max F1 and max informedness as Fractions; the log loss, irrational,
as a float within about 1e-15), equal to scikit-learn's, ranked by the score's direction (a loss smallest
first), equal performances tied (Axiom 1).

**The check** is the theory's, on Ω = {negative, positive} × the L distinct scores of the leaderboard and
Π = every performance with the entities' common positive prior: up to :data:`CHECK_LEVELS` distinct
scores it runs there as written (bounded by the command's time, in a child: it never blocks the
ranking). Beyond, Ω is not written out: a score that reads only the order of the levels (ROC AUC, AP,
PR AUC, max F1, max informedness) has tests 2 and 3 — mixtures, which do not involve the levels' values
— checked on ``scored:4`` at the same prior, and a witness there is one on ``scored:L`` (put its four
levels on four of the L: the values, the prior and the mixtures are unchanged), so a refutation settles
"not fit"; test 1 depends on the levels' values and stays unknown with that reason. For the other
scores the check is unknown with the reason.

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

from ordertheory.catalogue import get
from ordertheory.catalogue.scoring import NUMERIC, ORDER_ONLY, SAMPLE_FORMS, sample_value
from ordertheory.engine.result import Result, Verdict
from ordertheory.errors import InvalidInput
from ordertheory.fitness.report import CLOSED, FIT_TESTS, T1, T2, T3, TEST_TITLES, ScoreReport
from ordertheory.performances.performance import Performance
from ordertheory.performances.scored_samples import ScoredSamples
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, Provenance
from ordertheory.ranking.leaderboards.per_sample import Predictions, is_predictions_file, read_predictions
from ordertheory.ranking.leaderboards.prediction_leaderboards import is_raw
from ordertheory.ranking.leaderboards.sparse_leaderboard import NAME_KEYS
from ordertheory.ranking.rank import Fitness, Ranking, bounded_fitness, competition_ranks
from ordertheory.sets.performance_set import all_performances, fixed_prior
from ordertheory.spaces.sample_space import scored

CHECK_LEVELS = 6  # up to this many distinct scores the check runs on scored:L as written
LIFT_LEVELS = 4  # beyond, tests 2 and 3 of an order-only score on scored:4 at the same prior


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


def read_scored(path: str, pos_label: object = None) -> ScoredLeaderboard | None:
    """The per-sample scores of a file: a predictions CSV with ``score:<entity>`` columns, or a JSON
    leaderboard whose entities hold ``y_true`` and ``y_score``; None for any other file, and for a JSON
    that asks for its scores on ``"levels": L`` (``scored:L``: the leaderboard readers bin them)."""
    if is_predictions_file(path):
        pr = read_predictions(path, pos_label)
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
    return ScoredLeaderboard.from_raw(rows, names, str(path), pos_label if pos_label is not None else meta.get("pos_label"))


def scored_slug(text: str | None) -> str | None:
    """The catalogue slug of ``text`` when it names a score with a per-sample form, else None."""
    if not text:
        return None
    try:
        entry = get(text)
    except InvalidInput:
        return None
    return entry.slug if entry.slug in SAMPLE_FORMS else None


def _cmp(a, b) -> int:
    return (a > b) - (a < b)


def rank_samples(lb: ScoredLeaderboard, slug: str, check: bool = True, timeout: float = 30.0) -> Ranking:
    """Exact values and competition ranks of the per-sample leaderboard (see the module's docstring)."""
    t0 = time.monotonic()
    X = get(slug).score(scored(2))  # its direction
    cache: dict = {}
    values = []
    for name, s in zip(lb.names, lb.samples):
        key = s.key()
        if key not in cache:
            cache[key] = sample_value(slug, s)
        values.append((name, cache[key]))
    entries, ties = competition_ranks(values, X.direction, _cmp)
    groups: dict = {}
    for name, s in zip(lb.names, lb.samples):
        groups.setdefault(s.key(), []).append(name)
    same = tuple(tuple(g) for g in groups.values() if len(g) > 1)
    fitness = scored_fitness(lb, slug, timeout - (time.monotonic() - t0)) if check else None
    note = (f"{slug} is irrational: its values are floats (math.fsum of the logarithms, within about 1e-15 "
            "of the exact values); equal performances tie exactly") if slug in NUMERIC else None
    return Ranking(slug, entries, ties, same, fitness, X.direction, note)


def _unknown(t: str, reason: str) -> Result:
    return Result(t, TEST_TITLES[t], Verdict.UNKNOWN, 0.0, "none", reason=reason)


def scored_fitness(lb: ScoredLeaderboard, slug: str, timeout: float) -> Fitness:
    """The check of ``slug`` for this leaderboard (see the module's docstring), within ``timeout``."""
    t0 = time.perf_counter()
    levels = lb.levels()
    prior = lb.common_prior()
    L = len(levels)
    if L <= CHECK_LEVELS and levels[0] >= 0 and levels[-1] <= 1 and L >= 2:
        space = scored(levels=list(levels))
        ents = tuple((n, s.performance(space)) for n, s in zip(lb.names, lb.samples))
        return bounded_fitness(_board(space, ents, lb.source), get(slug).score(space), timeout)
    X4 = get(slug).score(scored(LIFT_LEVELS))
    Pi = all_performances(X4.space) if prior is None or prior in (0, 1) else fixed_prior(X4.space, prior)
    why = (f"Ω = {{negative, positive}} × {L} distinct scores is not written out (the check runs as written up "
           f"to {CHECK_LEVELS})")
    if slug not in ORDER_ONLY:
        rep = ScoreReport(X4, Pi, {t: _unknown(t, why) for t in FIT_TESTS}, direction=X4.direction)
        return Fitness(rep, time.perf_counter() - t0)
    P0 = Performance.from_counts(X4.space, {"y0_s0": 1, f"y1_s{LIFT_LEVELS - 1}": 1}) if prior is None else \
        Performance(X4.space, tuple([1 - prior] + [Fraction(0)] * (2 * LIFT_LEVELS - 2) + [prior]))
    f = bounded_fitness(_board(X4.space, (("prior", P0),), lb.source), X4, timeout, tests=(T2, T3, CLOSED))
    tests = dict(f.report.tests)
    tests[T1] = _unknown(T1, f"Axiom 2 depends on the levels' values: {why}")
    lifted = any(tests[t].verdict is Verdict.REFUTED for t in (T2, T3))
    note = (f"{slug} reads only the order of the scores: tests 2 and 3 (mixtures) are checked on {X4.space.name} at "
            f"the leaderboard's prior, and " + ("the witness below is one on Ω of the leaderboard's " + str(L) +
                                                " levels (its 4 levels put on 4 of them)" if lifted else
                                                "a proof there says nothing about " + str(L) + " levels"))
    rep = ScoreReport(f.report.score, f.report.Pi, tests, f.report.domain, X4.direction)
    return Fitness(rep, time.perf_counter() - t0, note=note)


def _board(space, entities, source: str) -> Leaderboard:
    return Leaderboard(space, tuple(entities), Provenance(source, "per-sample scores", "per-sample scores, exact"))
