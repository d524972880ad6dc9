"""May I rank with this score? The one check, for every representation of a score and of Π.

A score may be a formula, a catalogue entry or slug, or a k-class form held by its class sums (any k);
Π may be a :class:`~ordertheory.sets.performance_set.PerformanceSet`, a
:class:`~ordertheory.sets.class_pi.ClassPi`, a setting's text (``"prior=0.2"``, ``"uniform"``) or
nothing (every performance). The choice of procedure is made here, once, for every k: a catalogue
k-class score on crisp classes with Π every performance or fixed class priors is decided by the
statements proved for every k and by counterexamples lifted from three classes
(:mod:`ordertheory.fitness.classes.structured_check`) — k = 5 as fast as k = 1000 —, anything else
by the general procedure (:mod:`ordertheory.fitness.score_tests`: searches, structural lemmas, the
solver), bounded by a deadline in a killable child when asked.

A scoring classifier's score on ``scored:L`` — a catalogue scoring score on a space of any size (a
:class:`~ordertheory.catalogue.scoring.level_score.LevelScore`), or a formula that is an expectation —
is decided by its structure first (:mod:`ordertheory.fitness.structure.level_check`: expectations by
lemmas for every finite Ω, order-only scores and the ECE by witnesses lifted from a few of Ω's levels).

A loss (lower is better: error rate, Brier, log loss, a cost) ranks by −X: its tests are those of −X,
and the report says so.

>>> check_score("error_rate", timeout=20).verdict, check_score("error_rate", timeout=20).direction.value
(<Verdict.PROVED: 'proved'>, 'lower')
>>> from ordertheory.spaces.sample_space import multiclass
>>> check_score("macro_recall", "uniform", space=multiclass(1000), timeout=20).verdict
<Verdict.PROVED: 'proved'>
"""

from __future__ import annotations

from dataclasses import replace

from ordertheory.catalogue import as_score
from ordertheory.catalogue.entry import Entry
from ordertheory.catalogue.scoring.class_samples import ProbabilityScore
from ordertheory.catalogue.scoring.level_score import LevelScore
from ordertheory.errors import InvalidInput, ResourceLimit
from ordertheory.fitness.bounded_check import check_score_within
from ordertheory.fitness.classes.structured_check import check_classes, structured
from ordertheory.fitness.report import TESTS, ScoreReport
from ordertheory.fitness.score_tests import run_tests
from ordertheory.fitness.structure.level_check import check_on_levels
from ordertheory.scores.class_score import SYMBOLIC_MAX_CLASSES, ClassScore
from ordertheory.scores.score import Score
from ordertheory.sets.class_pi import ClassPi
from ordertheory.sets.performance_set import PerformanceSet, all_performances
from ordertheory.sets.settings import setting
from ordertheory.spaces.sample_space import SampleSpace, binary, multiclass


def resolve(score: Score | ClassScore | LevelScore | Entry | str, Pi: PerformanceSet | ClassPi | str | None = None,
            space: SampleSpace | None = None) -> tuple[Score | ClassScore | LevelScore, PerformanceSet | ClassPi]:
    """(X, Π) from any of their representations: a score's text is read on Π's space (``space``, else
    the binary space); a setting's text is read on the score's space (a LevelScore's Π as given)."""
    if isinstance(Pi, PerformanceSet):
        space = space or Pi.space
    elif isinstance(Pi, ClassPi):
        space = space or _classes_space(Pi.k)
    X = as_score(score, space, structured=True)
    if isinstance(X, LevelScore):  # Π as given: its route reads it without writing Ω's symbols
        return X, Pi
    space = X.space
    if Pi is None:
        Pi = ClassPi.all(X.k) if isinstance(X, ClassScore) else all_performances(space)
    elif isinstance(Pi, str):
        Pi = ClassPi.from_setting(X.k, Pi) if isinstance(X, ClassScore) else setting(space, Pi)
    if not isinstance(Pi, PerformanceSet | ClassPi):
        raise InvalidInput(f"expected Π as a PerformanceSet, a ClassPi or a setting's text but got {type(Pi).__name__}")
    return X, Pi


def _classes_space(k: int) -> SampleSpace:
    return multiclass(k) if k > 2 else binary()


def check_score(score: Score | ClassScore | LevelScore | ProbabilityScore | Entry | str, Pi: PerformanceSet | ClassPi | str | None = None,
                timeout: float = 30.0, *, space: SampleSpace | None = None, tests=TESTS, settle: float | None = None,
                progress=None, bounded: bool = False, **kwargs) -> ScoreReport:
    """Tests 1–3, domain closure and Theorem 2's condition for ``score`` on ``Pi`` within ``timeout``
    seconds; what the time does not settle is unknown, with the reason.

    ``settle=s``: once test 1, 2 or 3 is refuted the later tests get at most ``s`` seconds each (the
    verdict is settled); ``bounded``: the general procedure runs in a child killed at the deadline,
    whatever phase it is in. Other keyword arguments go to the general procedure
    (:func:`~ordertheory.fitness.score_tests.run_tests`).
    """
    if isinstance(score, ProbabilityScore):  # k-class probabilities, on Ω of their distinct vectors
        return check_on_levels(score, Pi, timeout, tests, progress)
    X, Pi = resolve(score, Pi, space)
    direction = X.direction
    by_levels = check_on_levels(X, Pi, timeout, tests, progress) if isinstance(X, LevelScore | Score) else None
    if by_levels is not None:  # a scoring classifier's score decided by its structure, at any number of levels
        return by_levels
    route = structured(X, Pi)
    if route is not None:
        CX, CPi = route
        report = check_classes(CX.oriented(), CPi, timeout=timeout, tests=tests, progress=progress,
                               score=X.oriented() if isinstance(X, Score) else None)
        return replace(report, direction=direction)
    if isinstance(X, ClassScore):  # a Π the every-k statements do not cover (user constraints): the formula's path
        if X.k > SYMBOLIC_MAX_CLASSES:
            raise ResourceLimit(f"too large to write out: Π = {Pi.label} is not every performance or fixed class priors, "
                                f"and the general procedure needs {X.text}'s formula on {X.k * X.k} outcomes")
        X = X.symbolic()
    if isinstance(Pi, ClassPi):
        Pi = Pi.performance_set(X.space)
    Y = X.oriented()
    if bounded:
        report = check_score_within(Y, Pi, timeout=timeout, progress=progress, tests=tests, settle=settle, **kwargs)
    else:
        report = run_tests(Y, Pi, timeout=timeout, progress=progress, tests=tests, settle=settle, **kwargs)
    return replace(report, direction=direction)


__all__ = ["check_score", "resolve"]
