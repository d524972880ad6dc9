"""The answers a user reads: "may I rank with this score?" and "which importance does it encode?",
each one object with its verdict, its lines and its JSON, so that the command line, the playground
and the API say the same thing.

A check whose only failure is test 1 with the space's written satisfaction, for a score that is an
expectation of another satisfaction S′ (a cost matrix, Brier or log loss on score levels), reads as
what it is: fit for ranking *for the satisfaction it encodes* — X (−X for a loss) passes every test
with S′, which the answer shows — and the failure with the written S stays in the report.

>>> a = answer_check("1 - fp - 5*fn", timeout=20)
>>> a.verdict.label, a.fit_for
('proved', 'encoded_satisfaction')
"""

from __future__ import annotations

from dataclasses import dataclass

from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.encoded_satisfaction import (
    EncodedSatisfaction,
    SatisfactionKind,
    Suggestion,
    encoded_satisfaction,
    suggest_satisfaction,
    with_satisfaction,
)
from ordertheory.analyses.importance.importance import ImportanceDerivation, ImportanceKind
from ordertheory.analyses.importance.level_importance import level_satisfaction
from ordertheory.catalogue.scoring.level_score import LevelScore
from ordertheory.engine.result import Verdict
from ordertheory.engine.witness import TestName
from ordertheory.fitness.check import check_score, resolve
from ordertheory.fitness.report import FIT_TESTS, ScoreReport
from ordertheory.scores.class_score import ClassScore
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet

WRITTEN, ENCODED = "written_satisfaction", "encoded_satisfaction"


@dataclass(frozen=True)
class CheckAnswer:
    """A score's check on Π, and — when test 1 fails only for the written S — the satisfaction it encodes."""

    report: ScoreReport
    suggestion: Suggestion | None = None

    @property
    def by_encoded(self) -> bool:
        """Fit for the satisfaction it encodes: only test 1 fails with the written S, every test passes with S′."""
        r = self.report
        return (self.suggestion is not None and self.suggestion.verdict is Verdict.PROVED
                and r.tests[TestName.TEST1].verdict is Verdict.REFUTED
                and all(r.tests[t].verdict is Verdict.PROVED for t in FIT_TESTS if t != TestName.TEST1 and t in r.tests))

    @property
    def verdict(self) -> Verdict:
        return Verdict.PROVED if self.by_encoded else self.report.verdict

    @property
    def fit_for(self) -> str | None:
        """Which satisfaction the score is fit for: the space's written S, the one it encodes, or None."""
        if self.verdict is not Verdict.PROVED or self.report.vacuous:
            return None
        return ENCODED if self.by_encoded else WRITTEN

    @property
    def fit_for_ranking(self) -> bool | None:
        if self.report.vacuous:
            return None
        return {Verdict.PROVED: True, Verdict.REFUTED: False}.get(self.verdict)

    def lines(self) -> list[str]:
        """What ``check`` prints: the report, then what the encoded satisfaction changes."""
        out = str(self.report).splitlines()
        if self.suggestion is not None:
            out += self.suggestion.lines()
        if self.by_encoded:
            out.append(f"=> fit for ranking on Π{self.report.as_loss} for the satisfaction it encodes (above): with the "
                       "space's written S test 1 fails, with the S it encodes every test holds")
        return out

    def to_json(self) -> dict:
        return {**self.report.to_json(), "verdict": "vacuous" if self.report.vacuous else self.verdict.value,
                "fit_for_ranking": self.fit_for_ranking, "fit_for": self.fit_for,
                **({"satisfaction": self.suggestion.to_json()} if self.suggestion is not None else {})}


def answer_check(score, Pi=None, timeout: float = 30.0, *, space=None, settle: float | None = None,
                 progress=None, bounded: bool = True, suggest_share: float = 0.5, **kwargs) -> CheckAnswer:
    """Check ``score`` on ``Pi`` (:func:`~ordertheory.fitness.check.check_score`), then, when test 1 is
    refuted for a score that is an expectation, the satisfaction it encodes, within what is left."""
    X, Pi = resolve(score, Pi, space)
    report = check_score(X, Pi, timeout=timeout * (1 - suggest_share) if _expectation(X) else timeout,
                         settle=settle, progress=progress, bounded=bounded, **kwargs)
    suggestion = None
    if isinstance(X, Score) and isinstance(Pi, PerformanceSet):
        suggestion = suggest_satisfaction(X, Pi, report, timeout * suggest_share)
    return CheckAnswer(report, suggestion)


def _expectation(X) -> bool:
    """A score whose formula is affine in P (an expectation): the only ones with an encoded satisfaction."""
    return isinstance(X, Score) and not X.conditions and X.expr.is_polynomial(*X.symbols) and all(
        X.expr.diff(s).is_number for s in X.symbols)


@dataclass(frozen=True)
class ImportanceAnswer:
    """The importance a score encodes with the space's written S, and — when there is none there but the
    score is an expectation — the satisfaction S′ it encodes and the importance with S′."""

    derivation: ImportanceDerivation
    satisfaction: EncodedSatisfaction | None = None
    encoded: ImportanceDerivation | None = None  # with S′

    @property
    def verdict(self) -> Verdict:
        if self.encoded is not None and self.encoded.verdict is Verdict.PROVED:
            return Verdict.PROVED
        return self.derivation.verdict

    @property
    def fit_for(self) -> str | None:
        if self.derivation.verdict is Verdict.PROVED:
            return WRITTEN
        return ENCODED if self.verdict is Verdict.PROVED else None

    def lines(self) -> list[str]:
        """What ``importance`` prints: the derivation's steps and result, the satisfaction the score encodes,
        and, when only that satisfaction gives an importance, the importance with it."""
        out = list(_derivation_lines(self.derivation))
        out += self.satisfaction.lines() if self.satisfaction is not None else []
        if self.encoded is not None:
            e = self.encoded
            out.append(f"with the satisfaction it encodes: kind {e.kind}"
                       + (": " + ", ".join(f"I({o}) = {v}" for o, v in e.importance.items()) if e.importance else "")
                       + (f"; X = g(R_I), g(r) = {e.transform}" + (f", {e.monotone}" if e.monotone else "")
                          if e.transform is not None else ""))
            if self.verdict is Verdict.PROVED:
                out.append("=> a ranking score (up to a monotone transform) for the satisfaction it encodes, not for "
                           "the space's written S")
        return out

    def to_json(self) -> dict:
        return {**self.derivation.to_json(), "verdict": self.verdict.value, "fit_for": self.fit_for,
                "satisfaction": None if self.satisfaction is None else self.satisfaction.to_json(),
                "with_encoded_satisfaction": None if self.encoded is None else self.encoded.to_json()}


def _derivation_lines(d: ImportanceDerivation) -> list[str]:
    where = {"differs": " on dom(X) ∩ Π only (the domains differ on Π)",
             "unknown": " on dom(X) ∩ dom(R_I) ∩ Π (whether the domains agree on Π is undecided)"}
    said = d.reason in d.steps or d.witness is not None  # the steps already say why
    out = list(d.steps)
    out.append(f"kind: {d.kind}" + where.get((d.domain or {}).get("status"), "")
               + (f" ({d.reason})" if d.reason and d.kind is not ImportanceKind.CONSTANT and not said else ""))
    if d.importance:
        out.append("importance: " + ", ".join(f"{o} = {v}" if o.startswith("I(") else f"I({o}) = {v}"
                                             for o, v in d.importance.items()))
    if d.transform is not None:
        out.append(f"transform: X = g(R_I) with g(r) = {d.transform}" + (f", {d.monotone}" if d.monotone else ""))
    if d.tile:
        out.append(f"Tile position: a = {d.tile['a']}, b = {d.tile['b']}")
    return out


def answer_importance(score, Pi=None, timeout: float = 20.0, *, space=None, derivation=None,
                      satisfaction: bool = True) -> ImportanceAnswer:
    """:func:`~ordertheory.analyses.importance.derive.derive_importance`, and the encoded satisfaction's
    importance when the written S gives none (a cost formula); ``satisfaction=False`` skips the latter."""
    X, Pi = resolve(score, Pi, space)
    d = derivation if derivation is not None else derive_importance(X, Pi, timeout=timeout)
    if isinstance(X, LevelScore) and satisfaction and d.kind in (ImportanceKind.NONE, ImportanceKind.UNKNOWN):  # any number of levels
        got = level_satisfaction(X, str(Pi or "all"))
        return ImportanceAnswer(d, *got) if got is not None else ImportanceAnswer(d)
    if not satisfaction or isinstance(X, ClassScore | LevelScore) or not isinstance(Pi, PerformanceSet) or any(
            c.expr.free_symbols - set(Pi.symbols) for c in Pi.constraints):  # a symbolic prior: no S′
        return ImportanceAnswer(d)
    sat = encoded_satisfaction(X, Pi)
    if d.kind is not ImportanceKind.NONE or sat.kind is not SatisfactionKind.EXPECTATION or sat.matches \
            or not all(v.is_Rational for v in sat.satisfaction.values()):
        return ImportanceAnswer(d, sat)
    Pi2 = with_satisfaction(Pi, sat.satisfaction, f"{X.space.name} with the S {X.name} encodes")
    X2 = Score(Pi2.space, X.expr, X.conditions, X.name, X.text, X.parameters, X.direction)
    return ImportanceAnswer(d, sat, derive_importance(X2, Pi2, timeout=timeout / 2))


__all__ = ["ENCODED", "WRITTEN", "CheckAnswer", "ImportanceAnswer", "answer_check", "answer_importance"]
