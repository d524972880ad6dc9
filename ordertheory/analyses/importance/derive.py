"""Which importance does a score encode? The one entry point, for every representation of a score and of Π.

A catalogue k-class score held by its class sums (any k, with Π every performance or fixed class
priors) gets its importance in closed form for every k when it has one
(:func:`~ordertheory.fitness.classes.closed_importance.closed_importance`: I(y = c, ŷ = j) given by a
profile of the true class, proved with k a symbol) — the importance of accuracy on 10 or 1000 classes
in a fraction of a second. Anything else is derived from its formula
(:func:`~ordertheory.analyses.importance.importance.derive_symbolic`), on at most
:data:`~ordertheory.scores.class_score.SYMBOLIC_MAX_CLASSES` classes. A loss ranks by −X: on the every-k
path its −X is derived (an increasing transform of R_I), on the formula's path X itself (a decreasing
transform, which the derivation finds), and the steps say so.

>>> from ordertheory.spaces.sample_space import multiclass
>>> d = derive_importance("multiclass_accuracy", "uniform", space=multiclass(1000))
>>> str(d.kind), {o: str(v) for o, v in d.importance.items()}
('ranking_score', {'I(y = c, ŷ = j)': '1'})
"""

from __future__ import annotations

import sympy

from ordertheory.analyses.importance.importance import ImportanceDerivation, ImportanceKind, derive_symbolic
from ordertheory.analyses.importance.level_importance import level_importance, probability_importance
from ordertheory.catalogue.entry import Entry
from ordertheory.catalogue.scoring.class_samples import ProbabilityScore
from ordertheory.catalogue.scoring.level_score import LevelScore
from ordertheory.engine.deadline import call_within, own_budget
from ordertheory.fitness.check import resolve
from ordertheory.fitness.classes.algebra import PI, show
from ordertheory.fitness.classes.closed_importance import closed_importance
from ordertheory.fitness.classes.structured_check import setting_of, structured
from ordertheory.fitness.structure.level_check import level_pi
from ordertheory.scores.class_score import SYMBOLIC_MAX_CLASSES, ClassScore
from ordertheory.scores.direction import Direction
from ordertheory.scores.score import Score
from ordertheory.sets.class_pi import ClassPi
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.spaces.sample_space import SampleSpace

CLASS_CELL = "I(y = c, ŷ = j)"  # the key of an importance given for every cell at once (a profile of c)
#: a catalogue k-class score without a closed form is derived from its formula up to this many classes: the
#: derivation's exact linear algebra has 2k² unknowns (k = 5: past 5 s; Cohen's κ on 10 classes ran its whole
#: 20 s share in advise and decided nothing), so beyond it the answer is unknown at once, with the reason
DERIVE_MAX_CLASSES = 6


def derive_importance(score: Score | ClassScore | Entry | str, Pi: PerformanceSet | ClassPi | str | None = None,
                      check_tests: bool = True, timeout: float = 20.0, report=None, *,
                      space: SampleSpace | None = None, bounded: bool = True) -> ImportanceDerivation:
    """The importance (and transform) that makes ``score`` a ranking score on ``Pi``, or why there is
    none (``report``: the score's test report on Π when already computed). ``bounded``: the derivation
    from the formula runs in a child stopped at ``timeout`` seconds (sympy has no clock; what it does not
    settle is unknown, with the reason) — the package's own jobs, which budget their phases, pass False."""
    if isinstance(score, ProbabilityScore):  # k-class probabilities: from the structure, on Ω of their vectors
        return probability_importance(score, Pi.priors if isinstance(Pi, ClassPi) else None)
    X, Pi = resolve(score, Pi, space)
    if isinstance(X, LevelScore):  # a scoring score on Ω of any number of levels: from its structure
        P = level_pi(Pi, X.space)
        if P is None:
            return ImportanceDerivation(X.name, (), ImportanceKind.UNKNOWN, reason="Π with user constraints on a space "
                                        "this large: derived on every performance or a fixed prior")
        return level_importance(X, P.priors)
    if isinstance(X, ClassScore):
        route = structured(X, Pi)
        d = every_k(*route) if route is not None else None
        if d is not None:
            return d
        if X.k > min(SYMBOLIC_MAX_CLASSES, DERIVE_MAX_CLASSES):
            return ImportanceDerivation(X.text, tuple(getattr(Pi, "constraints", ())), ImportanceKind.UNKNOWN,
                                        reason=f"no closed form for every k was found, and the formula on {X.k} classes "
                                               f"has {X.k * X.k} outcomes (derived from its formula up to "
                                               f"{DERIVE_MAX_CLASSES} classes)")
        X = X.symbolic()
    if isinstance(Pi, ClassPi):
        Pi = Pi.performance_set(X.space)
    if not bounded:
        return derive_symbolic(X, Pi, check_tests, timeout, report)
    done, d = call_within(derive_symbolic, timeout, X, Pi, check_tests, own_budget(timeout), report)
    if done:
        return d
    return ImportanceDerivation(X.text or X.name, tuple(str(c) for c in Pi.constraints), ImportanceKind.UNKNOWN,
                                reason=f"deadline reached: the derivation from the formula did not end within {timeout:g} s")


def every_k(X: ClassScore, Pi: ClassPi) -> ImportanceDerivation | None:
    """X = h(R_I) on Π for every k with I in closed form, from the class algebra; None when the
    reduction does not give it."""
    Y = X.oriented()
    setting = setting_of(Pi)
    ci = closed_importance(Y.form, setting)
    if ci is None:
        return None
    profile = ci.profile
    if Pi.is_uniform:
        profile = sympy.Integer(1) if profile.free_symbols <= {PI} else profile.xreplace({PI: sympy.Rational(1, X.k)})
    steps = ([f"{X.name} is a loss (lower is better): it ranks by −X, whose importance is derived."]
             if X.direction is Direction.LOWER else []) + list(ci.argument())
    r = sympy.Symbol("r")
    transform = None
    if ci.transform is not None:
        a, b, c, d = ci.transform
        transform = sympy.simplify((a * r + b) / (c * r + d))
        if X.direction is Direction.LOWER:  # X = −h(R_I): decreasing
            transform = -transform
    kind = ImportanceKind.RANKING_SCORE if transform is None and X.direction is Direction.HIGHER else (
        ImportanceKind.MONOTONE_TRANSFORM)
    if transform is None and X.direction is Direction.LOWER:
        transform = -r
    return ImportanceDerivation(
        X.text, Pi.constraints, kind, {CLASS_CELL: profile if not profile.free_symbols else sympy.Symbol(show(profile))},
        transform, None if transform is None else ("increasing" if X.direction is Direction.HIGHER else "decreasing"),
        None, None, tuple(steps), True, {"status": "equal", "text": ci.domain, "witness": None})


__all__ = ["CLASS_CELL", "DERIVE_MAX_CLASSES", "derive_importance", "every_k"]
