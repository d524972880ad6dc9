"""Rank a leaderboard by one score: exact values, competition ranks, ties by Axiom 1.

Equal performances get equal values, hence equal ranks (Axiom 1: the ordering is a function of
the performance); entities tied in value share a rank (competition ranking: 1, 2, 2, 4), and
each tie is listed. Entities outside the score's domain get no rank (the order ≲_X of
Theorem 1 leaves them incomparable to the others). Before ranking, the score is checked on the
leaderboard's Π (a fixed prior when every entity has the same class priors, else every
performance) within the time given: by its structure for a catalogue k-class score
(:func:`~ordertheory.fitness.classes.structured_check.check_classes`, any k), else by the general procedure
(:func:`~ordertheory.fitness.bounded_check.check_score_within`).

>>> import io
>>> from ordertheory.catalogue import get
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,12,4,2,2\\nC,5,0,5,0\\n"))
>>> r = rank_leaderboard(lb, get("accuracy").score(), check=False)
>>> [(e.name, e.rank) for e in r.entries]
[('A', 1), ('B', 1), ('C', 3)]
>>> r.ties
(('A', 'B'),)
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.analyses.answers import CheckAnswer, answer_check
from ordertheory.analyses.importance.encoded_satisfaction import Suggestion
from ordertheory.engine.deadline import DeadlineReached, own_budget, within
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.witness import Witness
from ordertheory.errors import ResourceLimit
from ordertheory.exact import compare
from ordertheory.fitness.report import FIT_TESTS, TEST_TITLES, ScoreReport
from ordertheory.fitness.score_tests import SETTLE
from ordertheory.frames import data_frame
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.scores.class_score import SYMBOLIC_MAX_CLASSES, ClassScore
from ordertheory.scores.direction import Direction
from ordertheory.scores.score import Score
from ordertheory.sets.class_pi import ClassPi
from ordertheory.sets.performance_set import PerformanceSet, all_performances, fixed_prior, fixed_priors


@dataclass(frozen=True)
class RankedEntity:
    """One entity's exact value (None outside the domain) and competition rank."""

    name: str
    value: Fraction | sympy.Expr | None
    rank: int | None

    def to_json(self) -> dict:
        v = self.value
        return {"entity": self.name, "value": approximate(v),
                "value_exact": None if v is None else str(v), "rank": self.rank}


def approximate(value: Fraction | sympy.Expr | None) -> float | None:
    """A value as a float for display and JSON; None outside the domain, or beyond float's range
    (a user's score such as tp/fp on counts of 10^399 is exact, but no float holds it).

    >>> approximate(Fraction(10**400)) is None, approximate(Fraction(1, 3))
    (True, 0.3333333333333333)
    """
    if value is None:
        return None
    try:
        x = float(value)
    except OverflowError:
        return None
    return x if math.isfinite(x) else None


@dataclass(frozen=True)
class Fitness:
    """The check of the score on the leaderboard's Π: the report of tests 1–3 and domain closure, and
    the satisfaction the score encodes when only that one makes it fit (a cost formula)."""

    report: ScoreReport
    seconds: float
    suggestion: Suggestion | None = None
    note: str | None = None  # how the check relates to the leaderboard's Ω, when it was checked elsewhere

    @property
    def answer(self) -> CheckAnswer:
        return CheckAnswer(self.report, self.suggestion)

    @property
    def Pi(self) -> str:  # noqa: N802 - the paper's Π
        return self.report.Pi.label

    @property
    def verdict(self) -> Verdict:
        return self.answer.verdict

    @property
    def lines(self) -> tuple[str, ...]:
        """The tests not proved, with their witness or reason, for a reader."""
        out = [f"as a loss: the tests are those of −{self.report.score.name.removeprefix('-')}"] if self.report.as_loss else []
        if self.note:
            out.append(self.note)
        if self.answer.by_encoded:
            out.append("fit for the satisfaction the score encodes (with the space's written S test 1 fails): "
                       + self.suggestion.encoded.lines()[0].removeprefix("satisfaction X encodes: "))
        for t in FIT_TESTS:
            r = self.report.tests[t]
            if r.verdict is not Verdict.PROVED:
                why = r.method if r.verdict is Verdict.REFUTED else r.reason
                out.append(f"{TEST_TITLES[t]}: {r.verdict.value}" + (f" ({why})" if why else ""))
                if isinstance(r.witness, Witness):
                    out += ["    " + x for x in r.witness.lines()]
        return tuple(out)

    def to_json(self) -> dict:
        js = self.report.to_json()
        return {"Pi": self.Pi, "verdict": self.verdict.value, "direction": self.report.direction.to_json(),
                "fit_for": self.answer.fit_for, "tests": {t: js[t] for t in FIT_TESTS if t in js},
                "seconds": round(self.seconds, 3), **({"note": self.note} if self.note else {})}


@dataclass(frozen=True)
class Ranking:
    """A leaderboard ranked by one score."""

    score: str
    entries: tuple[RankedEntity, ...]  # best first (by the score's direction); undefined entities last
    ties: tuple[tuple[str, ...], ...]  # groups of ≥ 2 entities with equal values
    equal_performances: tuple[tuple[str, ...], ...]  # groups with identical performances (Axiom 1)
    fitness: Fitness | None
    direction: Direction = Direction.HIGHER
    note: str | None = None  # how the values were computed, when not exactly (the log loss of per-sample scores)

    @property
    def ranked_by(self) -> str:
        """How the order is meant: ``ranked by brier (lower is better)``."""
        return self.direction.ranked_by(self.score)

    def __repr__(self) -> str:  # a summary: the exact values are in to_frame() and to_json()
        top = ", ".join(f"{e.rank}. {e.name}" for e in self.entries[:3]) + (", …" if len(self.entries) > 3 else "")
        fit = "not checked" if self.fitness is None else self.fitness.verdict.value
        return (f"<Ranking by {self.score}{' (lower is better)' if self.direction is Direction.LOWER else ''} of {len(self.entries)} {'entity' if len(self.entries) == 1 else 'entities'}"
                f" ({top}); {len(self.ties)} tie group{'' if len(self.ties) == 1 else 's'}; fit for ranking: {fit}>")

    def to_frame(self):
        """One row per entity, best first (pandas): rank, the value as a float and exactly."""
        return data_frame([{**e.to_json(), "value": None if e.value is None else float(e.value)}
                           for e in self.entries], "entity")

    def to_json(self) -> dict:
        return {"score": self.score, "direction": self.direction.to_json(), "ranked_by": self.ranked_by,
                "entities": [e.to_json() for e in self.entries],
                "ties": [list(t) for t in self.ties],
                "equal_performances": [list(t) for t in self.equal_performances],
                "fitness": None if self.fitness is None else self.fitness.to_json(),
                **({"note": self.note} if self.note else {})}


def leaderboard_set(lb: Leaderboard) -> PerformanceSet | ClassPi:
    """Π for a leaderboard: its common prior(s) when all entities share them, else every performance
    (a :class:`~ordertheory.sets.class_pi.ClassPi` beyond the classes whose Π is written out)."""
    priors = lb.common_prior()
    if lb.space.classes and lb.space.classes > SYMBOLIC_MAX_CLASSES:
        return ClassPi(lb.space.classes, None if priors is None or any(p == 0 for p in priors) else priors)
    if priors is None or any(p == 0 for p in priors):
        return all_performances(lb.space)
    if lb.space.outcomes == ("tn", "fp", "fn", "tp"):
        return fixed_prior(lb.space, priors[1])
    return fixed_priors(lb.space, list(priors))


def check_fitness(lb: Leaderboard, score: Score | ClassScore, timeout: float = 30.0, tests=FIT_TESTS) -> Fitness:
    """Tests 1–3 and domain closure of ``score`` on the leaderboard's Π, within ``timeout`` seconds
    for the whole check (the command's remaining time: an unknown names that budget) — the one check
    (:func:`~ordertheory.analyses.answers.answer_check`), the verdict first."""
    Pi = leaderboard_set(lb)
    t0 = time.perf_counter()
    try:
        a = answer_check(score, Pi, timeout=timeout, tests=tests, settle=SETTLE)
    except ResourceLimit as exc:  # past a guard of the check: the ranking stands, the check is unknown
        rep = ScoreReport(score, Pi, {t: Result(t, TEST_TITLES[t], Verdict.UNKNOWN, 0.0, "none", reason=str(exc))
                                      for t in tests}, direction=score.direction)
        return Fitness(rep, time.perf_counter() - t0)
    return Fitness(a.report, time.perf_counter() - t0, a.suggestion)


PRINT_RESERVE = 1.0  # seconds of the command's budget kept from the check, for the ranking's output


def bounded_fitness(lb: Leaderboard, score: Score | ClassScore, timeout: float, tests=FIT_TESTS) -> Fitness:
    """:func:`check_fitness` in a child killed at ``timeout`` − :data:`PRINT_RESERVE` seconds: a
    check that overruns its budget (a dense k-class formula, a solver past its limit) leaves the
    ranking standing and the check unknown, with the budget that ran out."""
    budget = max(0.0, timeout - PRINT_RESERVE)
    t0 = time.perf_counter()
    try:
        Pi, done, domain, seconds, suggestion = within(_check_parts, budget, f"the check of {score.name or score.text}",
                                                       lb, score, own_budget(budget), tests)
        return Fitness(ScoreReport(score.oriented(), Pi, done, domain, score.direction), seconds, suggestion)
    except DeadlineReached as exc:
        reason = f"{exc} (the command's remaining {timeout:.3g} s less {PRINT_RESERVE:g} s kept for the ranking)"
        rep = ScoreReport(score, leaderboard_set(lb),
                          {t: Result(t, TEST_TITLES[t], Verdict.UNKNOWN, 0.0, "none", reason=reason) for t in tests},
                          direction=score.direction)
        return Fitness(rep, time.perf_counter() - t0)


def _check_parts(lb: Leaderboard, score: Score | ClassScore, timeout: float, tests=FIT_TESTS) -> tuple:
    """What crosses back from the check's child: the report without its score (whose structured
    forms hold functions that do not pickle)."""
    f = check_fitness(lb, score, timeout, tests)
    return f.report.Pi, f.report.tests, f.report.domain, f.seconds, f.suggestion


def competition_ranks(values: list[tuple[str, object]], direction: Direction,
                      cmp=compare) -> tuple[tuple[RankedEntity, ...], tuple[tuple[str, ...], ...]]:
    """Entries best first (1 + the number of entities with a strictly better value; undefined ones last,
    unranked) and the groups of equal values, comparing with ``cmp`` (exact by default)."""
    defined = [(n, v) for n, v in values if v is not None]
    order = sorted(defined, key=functools.cmp_to_key(lambda p, q: -direction.sign * cmp(p[1], q[1])))
    entries: list[RankedEntity] = []
    ties: list[tuple[str, ...]] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and cmp(order[j + 1][1], order[i][1]) == 0:
            j += 1
        group = order[i:j + 1]
        entries.extend(RankedEntity(n, v, i + 1) for n, v in group)
        if len(group) > 1:
            ties.append(tuple(n for n, _ in group))
        i = j + 1
    entries.extend(RankedEntity(n, None, None) for n, v in values if v is None)
    return tuple(entries), tuple(ties)


def rank_leaderboard(lb: Leaderboard, score: Score | ClassScore, check: bool = True, timeout: float = 30.0) -> Ranking:
    """Exact values and competition ranks (1 + the number of entities with a strictly better value: larger,
    or smaller for a loss, whose direction is lower is better); the check gets what is left of ``timeout``
    once the values are computed, less a reserve for the output (:func:`bounded_fitness`).

    >>> import io
    >>> from ordertheory.catalogue import as_score
    >>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,1,2,1\\nB,7,0,0,3\\n"))
    >>> r = rank_leaderboard(lb, as_score("error_rate"), check=False)
    >>> [(e.name, str(e.value)) for e in r.entries], r.ranked_by
    ([('B', '0'), ('A', '3/10')], 'ranked by −error_rate (lower error_rate is better)')
    """
    t0 = time.monotonic()
    cache: dict = {}
    values = []
    for name, P in lb.entities:
        if P not in cache:
            cache[P] = score.value_or_none(P)
        values.append((name, cache[P]))
    entries, ties = competition_ranks(values, score.direction)
    groups: dict = {}
    for name, P in lb.entities:
        groups.setdefault(P, []).append(name)
    same = tuple(tuple(g) for g in groups.values() if len(g) > 1)
    fitness = bounded_fitness(lb, score, timeout - (time.monotonic() - t0)) if check else None
    return Ranking(score.name or score.text, entries, ties, same, fitness, score.direction)
