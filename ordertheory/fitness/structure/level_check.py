"""The check of a scoring classifier's score on Ω = {negative, positive} × L levels, decided by structure.

:func:`~ordertheory.fitness.check.check_score` asks here first (:func:`check_on_levels`) for a score on a
scored space: a :class:`~ordertheory.catalogue.scoring.level_score.LevelScore` (a catalogue scoring score
on a space of any size: thousands of real distinct scores, ``scored:1000``) or a formula on a written-out
``scored:L`` that is an expectation. What decides:

- an **expectation** X = E_P[f] (Brier, log loss, any formula affine in P without conditions): the lemmas
  of :mod:`.expectation`, f read outcome by outcome (from the per-case loss, or the formula's coefficients);
- an **order-only** score (ROC AUC, AP, PR AUC, max F1, max informedness) or the binned **ECE**: witnesses
  found on a few of Ω's own levels and lifted, re-validated exactly on Ω (:mod:`.level_lifts`); what no
  structure decides stays unknown, with the reason.

Π is every performance or a fixed positive prior (a leaderboard's common test set); anything else (user
constraints) goes to the general procedure — or, for a space too large to write out, is unknown.

>>> from ordertheory.catalogue.scoring.level_score import LevelScore, sample_name
>>> from ordertheory.spaces.sample_space import scored
>>> rep = check_on_levels(LevelScore(sample_name("brier"), scored(1000)), "prior=1/2", 30)
>>> rep.verdict.label, rep.tests["test1"].method.split(" (")[0]
('proved', 'lemma: expectation-bound')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.catalogue.scoring.class_samples import ProbabilityScore
from ordertheory.catalogue.scoring.level_score import LevelScore
from ordertheory.catalogue.scoring.samples import LOG_EPS
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.errors import InvalidInput
from ordertheory.exact import affine_form, to_fraction
from ordertheory.fitness.report import TEST_TITLES, TESTS, ScoreReport, expected_tests
from ordertheory.fitness.structure.expectation import Expectation, decide
from ordertheory.fitness.structure.level_lifts import lifted_results
from ordertheory.performances.level_performance import LevelPerformance, NamedCells
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score, outcome_symbols
from ordertheory.sets.class_pi import ClassPi
from ordertheory.sets.performance_set import PerformanceSet, margin_label
from ordertheory.spaces.sample_space import ScoredSpace


@dataclass(frozen=True)
class LevelPi:
    """Π on a scored space without its symbols: every performance, or the positive prior fixed."""

    space: ScoredSpace
    prior: Fraction | None = None

    @property
    def priors(self) -> tuple[Fraction, Fraction] | None:
        return None if self.prior is None else (1 - self.prior, self.prior)

    @property
    def label(self) -> str:
        return "all" if self.prior is None else margin_label(self.space, "prior", [self.prior])

    @property
    def constraints(self) -> tuple[str, ...]:
        return () if self.prior is None else (f"P(positive) = Σ_l P(y1_s{{l}}) = {self.prior}",)


def level_pi(Pi: object, space: ScoredSpace) -> LevelPi | None:
    """Π as a :class:`LevelPi` (None, ``all``, ``prior=P``, a PerformanceSet or ClassPi of that kind), or
    None for any other Π (user constraints)."""
    if Pi is None:
        return LevelPi(space)
    if isinstance(Pi, LevelPi):
        return Pi
    if isinstance(Pi, str):
        text = Pi.strip().lower()
        if text in ("", "all"):
            return LevelPi(space)
        value = text.removeprefix("prior=")
        if "=" in value or "," in value or ";" in value:
            return None
        p = to_fraction(value, "prior")
        if not 0 < p < 1:
            raise InvalidInput(f"expected a prior strictly between 0 and 1 but got {p}")
        return LevelPi(space, p)
    if isinstance(Pi, ClassPi) and Pi.k == 2:
        return LevelPi(space, None if Pi.priors is None else Pi.priors[1])
    if isinstance(Pi, PerformanceSet) and Pi.space == space:
        if not Pi.constraints:
            return LevelPi(space)
        p = Pi.positive_prior()
        return None if p is None else LevelPi(space, p)
    return None


def _expectation_of_formula(X: Score) -> Expectation | None:
    """f with X = E_P[f] when the formula is affine in P with numeric coefficients and no condition."""
    if X.conditions or X.parameters:
        return None
    got = affine_form(X.expr, list(outcome_symbols(X.space)))
    if got is None:
        return None
    coeffs, c0 = got
    f = [_exact(c0 + c) for c in coeffs]
    return Expectation(X.space.outcomes, X.space.satisfaction, f, _rows(X.space), ends=True)


def _exact(v):
    """A rational coefficient as a Fraction (fast comparisons), any other exact number as it is."""
    return Fraction(int(v.p), int(v.q)) if getattr(v, "is_Rational", False) else v


def _rows(space: ScoredSpace) -> tuple[range, range]:
    L = space.level_count
    return range(L), range(L, 2 * L)


class _OnDemand(Sequence):
    """f outcome by outcome, computed when read (a large Ω is never listed when h decides)."""

    def __init__(self, S: Sequence, fn) -> None:
        self.S, self.fn = S, fn

    def __len__(self) -> int:
        return len(self.S)

    def __getitem__(self, i):
        return self.fn(self.S[i])


def _expectation_of_levels(X: LevelScore) -> Expectation:
    Y = X.oriented()
    S = X.space.satisfaction
    return Expectation(X.space.outcomes, S, _OnDemand(S, Y.value_at), _rows(X.space), Y.sample.base == "log_loss",
                       Y.local(), ends=True)


def check_probabilities(X: ProbabilityScore, Pi: ClassPi | None, tests=TESTS) -> ScoreReport:
    """k-class probabilities on Ω = (true class, distinct probability vector): an expectation by its lemmas
    (f read outcome by outcome); any other score is not decided by structure there."""
    Pi = Pi if isinstance(Pi, ClassPi) else ClassPi.all(X.space.k)
    wanted = expected_tests(tests)
    Y = X.oriented()
    label = Pi.label
    if X.kind != "expectation":
        why = (f"{X.name} of k-class probabilities is not an expectation: no structure decides it on Ω of "
               f"{len(X.space.rows)} distinct probability vectors × {X.space.k} classes, which is not written out")
        results = {t: Result(t, f"{TEST_TITLES[t]} on Π = {label}", Verdict.UNKNOWN, 0.0, "none", reason=why)
                   for t in wanted}
        return ScoreReport(Y, Pi, results, None, X.direction)
    names, S, f, rows, log = Y.outcome_values()
    eps = Fraction(LOG_EPS)
    local = (sympy.log(sympy.Symbol("S")), eps, 1 - eps) if log else None
    E = Expectation(names, S, f, rows, log, local)

    def make(cells):
        return NamedCells(tuple((names[i], p) for i, p in sorted(cells.items())))

    results = decide(E, Pi.priors, make, label, wanted)
    point = make({r[0]: p for r, p in zip(rows, Pi.priors or (Fraction(1),) + (Fraction(0),) * (len(rows) - 1)) if p})
    return ScoreReport(Y, Pi, results, Sanity(SanityKind.MODEL, {"P": point}, "a point of Π, checked exactly"),
                       X.direction)


def check_on_levels(X: LevelScore | Score, Pi=None, timeout: float = 30.0, tests=TESTS, progress=None) -> ScoreReport | None:
    """The report of ``X`` on ``Pi`` decided by structure (see the module), or None when no structure here
    applies (the general procedure then decides)."""
    if isinstance(X, ProbabilityScore):
        return check_probabilities(X, Pi, tests)
    space = X.space
    if not isinstance(space, ScoredSpace):
        return None
    P = level_pi(Pi, space)
    if P is None:
        if isinstance(X, LevelScore):
            raise InvalidInput(f"Π = {getattr(Pi, 'label', Pi)} on {space.name}: a space this large is checked with Π "
                               "every performance or a fixed prior")
        return None
    wanted = expected_tests(tests)
    Y = X.oriented()
    if isinstance(X, LevelScore) and X.kind != "expectation":
        if progress is not None:
            progress("witnesses on a few of Ω's levels, lifted")
        results = lifted_results(X, P.priors, P.label, timeout, wanted)
        return ScoreReport(Y, P, results, _point(Y, P), X.direction)
    E = _expectation_of_levels(X) if isinstance(X, LevelScore) else _expectation_of_formula(Y)
    if E is None:
        return None
    make = _maker(space, isinstance(X, LevelScore))
    results = decide(E, P.priors, make, P.label, wanted)
    Pi_out = P if isinstance(X, LevelScore) or not isinstance(Pi, PerformanceSet) else Pi
    return ScoreReport(Y, Pi_out, results, _point(Y, P, make), X.direction)


def _maker(space: ScoredSpace, sparse: bool):
    """Cells → a performance: by its non-zero cells on a large Ω, dense on a written-out one."""
    if sparse:
        return lambda cells: LevelPerformance.of(space, {space.outcomes[i]: p for i, p in cells.items()})

    def dense(cells):
        probs = [Fraction(0)] * len(space)
        for i, p in cells.items():
            probs[i] = p
        return Performance(space, tuple(probs))

    return dense


def _point(X, P: LevelPi, make=None) -> Sanity:
    """Π ∩ dom(X) is not empty: the top level for the positives, the bottom one for the negatives (at the prior);
    ``make``: cells by outcome index → the check's own representation of a performance (sparse by default)."""
    L = P.space.level_count
    cells = {2 * L - 1: Fraction(1)} if P.prior is None else {0: 1 - P.prior, 2 * L - 1: P.prior}
    if P.prior is None and isinstance(X, LevelScore) and X.conditions and "π₋" in X.conditions[0]:
        cells = {0: Fraction(1, 2), 2 * L - 1: Fraction(1, 2)}
    make = make or _maker(P.space, True)
    return Sanity(SanityKind.MODEL, {"P": make(cells)}, "a point of Π ∩ dom(X), checked exactly")
