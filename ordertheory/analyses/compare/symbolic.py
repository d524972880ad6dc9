"""Do two scores rank alike at a *symbolic* prior p or rate τ — for every value in (0, 1) at once?

A proof comes from the importance derivation (:mod:`ordertheory.analyses.importance.importance`), which works
with p or τ left as a symbol: when X = g(R_I) and Y = h(R_I) on Π for one importance I (or two
importances at one place on the Tile, which order performances alike by Property 4) and strictly
monotone g, h, the two scores order Π ∩ dom(X) ∩ dom(Y) alike (or in reverse) for every value —
within dom(R_I) when I has a zero. A refutation needs one value only: the comparison of
:func:`ordertheory.analyses.compare.compare.compare_scores` at a few rational values of the parameter, whose
witness is exact. What neither settles is ``unknown``, with the values tried.

>>> from ordertheory.catalogue import get
>>> from ordertheory.sets.performance_set import fixed_prior
>>> from ordertheory.spaces.sample_space import binary
>>> c = compare_symbolic(get("informedness").score(), get("balanced_accuracy").score(),
...                      fixed_prior(binary(), "p"), timeout=90)
>>> c.kind.value, c.parameter
('same', 'p')
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, replace
from fractions import Fraction

import sympy

from ordertheory.analyses.compare.compare import Agreement, Comparison, compare_scores
from ordertheory.analyses.compare.identity import identical_on
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.importance import ImportanceDerivation, ImportanceKind
from ordertheory.analyses.importance.monotone_transform import prior_sign
from ordertheory.engine.deadline import call_within
from ordertheory.errors import InvalidInput
from ordertheory.scores.score import Score, outcome_symbols
from ordertheory.sets.performance_set import Constraint, PerformanceSet

#: the values of p (or τ) at which a refutation is sought, in this order
INSTANCES = (Fraction(1, 5), Fraction(1, 2), Fraction(3, 4))
FIT = (ImportanceKind.RANKING_SCORE, ImportanceKind.MONOTONE_TRANSFORM)
#: each derivation's share of the budget: sympy at a symbolic prior takes seconds (minutes with
#: two symbols), and a failed derivation ends early, leaving its time to the numeric instances
DERIVATION_SHARE = 0.35


def parameters_of(Pi: PerformanceSet) -> tuple[sympy.Symbol, ...]:
    """The symbols of Π's constraints other than the outcome probabilities (p, τ), sorted."""
    outcomes = set(outcome_symbols(Pi.space))
    return tuple(sorted({s for c in Pi.constraints for s in c.expr.free_symbols} - outcomes, key=str))


def instantiate(Pi: PerformanceSet, values: dict[sympy.Symbol, Fraction]) -> PerformanceSet:
    """Π with its symbolic parameters replaced by numbers (``prior=p`` becomes ``prior=1/5``)."""
    sub = {s: sympy.Rational(v.numerator, v.denominator) for s, v in values.items()}
    cons = tuple(Constraint(c.expr.xreplace(sub), c.op, c.text and _subst_text(c.text, values)) for c in Pi.constraints)
    return PerformanceSet(Pi.space, cons, _subst_text(Pi.label, values))


def _subst_text(text: str, values: dict[sympy.Symbol, Fraction]) -> str:
    for s, v in values.items():
        text = re.sub(rf"\b{re.escape(s.name)}\b", str(v), text)
    return text


def bind(X: Score, values: dict[sympy.Symbol, Fraction]) -> Score:
    """X with the parameters it shares with Π bound to numbers."""
    own = {s.name: v for s, v in values.items() if s in X.parameters}
    return X.bind(**own) if own else X


@dataclass(frozen=True)
class SymbolicComparison:
    """The answer for every value of Π's parameter at once: SAME or REVERSED (proved for all
    values), DIFFERENT (with the value and the exact witness there), or UNKNOWN (with the reason)."""

    X: Score
    Y: Score
    Pi: PerformanceSet
    kind: Agreement
    method: str
    reason: str | None
    at: dict[str, str]  # the parameter values of the refuting instance ({} when proved)
    instance: Comparison | None  # that instance's comparison
    derivations: tuple[ImportanceDerivation, ImportanceDerivation]
    seconds: float

    @property
    def parameter(self) -> str:
        return ", ".join(map(str, parameters_of(self.Pi)))

    @property
    def witness(self):
        return None if self.instance is None else self.instance.witness

    def to_json(self) -> dict:
        return {"X": self.X.text or self.X.name, "Y": self.Y.text or self.Y.name, "space": self.X.space.name,
                "Pi": self.Pi.label, "constraints": [str(c) for c in self.Pi.constraints],
                "parameter": self.parameter, "kind": self.kind.value, "method": self.method,
                "reason": self.reason, "at": self.at,
                "witness": None if self.witness is None else self.witness.to_json(),
                "instance": None if self.instance is None else self.instance.to_json(),
                "derivations": [d.to_json() for d in self.derivations], "seconds": round(self.seconds, 3)}


def _proportional(a: dict, b: dict) -> bool:
    keys = list(a)
    return all(sympy.simplify(a[o] * b[q] - a[q] * b[o]) == 0 for i, o in enumerate(keys) for q in keys[i + 1:])


def _same_place(dx: ImportanceDerivation, dy: ImportanceDerivation) -> bool:
    """One importance up to a positive factor, or one place on the Tile (two classes)."""
    if _proportional(dx.importance, dy.importance):
        return True
    if dx.tile is None or dy.tile is None:
        return False
    return all(sympy.simplify(dx.tile[k] - dy.tile[k]) == 0 for k in ("a", "b"))


def _nonnegative(d: ImportanceDerivation) -> bool:
    """Every I(ω) ≥ 0 for every value of the parameter (decided, never guessed)."""
    return all(prior_sign(v) in (0, 1) for v in d.importance.values())


def by_derivation(X: Score, Y: Score, Pi: PerformanceSet, timeout: float) -> tuple[Agreement | None, str,
                                                                                    tuple[ImportanceDerivation, ImportanceDerivation]]:
    """(SAME | REVERSED | None, explanation, the two derivations) from the symbolic derivations,
    each with a hard deadline of ``timeout`` seconds (sympy on two symbols can run for minutes)."""
    def derive(S: Score) -> ImportanceDerivation:
        done, d = call_within(derive_importance, timeout, S, Pi, check_tests=False, timeout=timeout)
        if not done:
            return ImportanceDerivation(S.name, tuple(str(c) for c in Pi.constraints), "unknown",
                              reason=f"the symbolic derivation did not end within {timeout:.0f} s")
        return d

    dx, dy = derive(X), derive(Y)
    if not (dx.kind in FIT and dy.kind in FIT and dx.verified and dy.verified):
        return None, f"derivations: X {dx.kind.value}, Y {dy.kind.value}", (dx, dy)
    if not (_nonnegative(dx) and _nonnegative(dy) and _same_place(dx, dy)):
        return None, "X and Y are monotone transforms of ranking scores at different places on the Tile", (dx, dy)
    up = lambda d: d.monotone != "decreasing"
    kind = Agreement.SAME if up(dx) == up(dy) else Agreement.REVERSED
    imp = ", ".join(f"{o}: {v}" for o, v in dx.importance.items())
    zero = any(sympy.simplify(v) == 0 for v in dx.importance.values())
    return kind, (f"importance derivation for every {', '.join(map(str, parameters_of(Pi)))} in (0, 1) (sympy): "
                  f"X = g(R_I), Y = h(R_I) with I = ({imp}), g {dx.monotone or 'the identity'}, "
                  f"h {dy.monotone or 'the identity'}" + ("; on dom(R_I), where E_P[I] > 0" if zero else "")), (dx, dy)


def compare_symbolic(X: Score, Y: Score, Pi: PerformanceSet, timeout: float = 60.0,
                     instances: tuple[Fraction, ...] = INSTANCES, progress=None) -> SymbolicComparison:
    """Decide whether X and Y order Π alike for every value of its symbolic parameter.

    ``timeout`` bounds the whole call; each of the two derivations (the proof) may take up to
    DERIVATION_SHARE of it, the numeric instances (the refutation) share the rest."""
    params = parameters_of(Pi)
    if not params:
        raise InvalidInput(f"expected a set Π with a symbolic prior or rate but got {Pi.label}")
    t0 = time.perf_counter()
    deadline = t0 + timeout
    say = progress or (lambda line: None)
    say(f"importance derivation at a symbolic {', '.join(map(str, params))}")
    kind, how, ds = by_derivation(X, Y, Pi, DERIVATION_SHARE * timeout)
    if kind is None and identical_on(X, Y, Pi):
        kind, how = Agreement.SAME, "identity: X − Y simplifies to 0 on Π for every value (sympy)"
    if kind is not None:
        return SymbolicComparison(X, Y, Pi, kind, how, None, {}, None, ds, time.perf_counter() - t0)
    seen: list[str] = []
    last = None
    for i, v in enumerate(instances):
        left = deadline - time.perf_counter()
        if left < 1:
            break
        values = dict.fromkeys(params, v)
        Pv = instantiate(Pi, values)
        say(f"numeric instance {Pv.label}")
        c = compare_scores(bind(X, values), bind(Y, values), Pv, timeout=left / (len(instances) - i))
        at = {str(s): str(v) for s in params}
        if c.kind is Agreement.DIFFERENT:
            return SymbolicComparison(X, Y, Pi, Agreement.DIFFERENT, f"exact witness at {Pv.label} ({c.method})",
                                      None, at, c, ds, time.perf_counter() - t0)
        if last is not None and c.kind is not Agreement.UNKNOWN and last.kind is not Agreement.UNKNOWN \
                and c.kind is not last.kind:
            return SymbolicComparison(X, Y, Pi, Agreement.DIFFERENT,
                                      f"{last.kind.value} at {last.Pi.label} but {c.kind.value} at {Pv.label}",
                                      None, at, c, ds, time.perf_counter() - t0)
        seen.append(f"{c.kind.value} at {Pv.label}")
        last = c if c.kind is not Agreement.UNKNOWN else last
    reason = f"{how}; numeric instances: {', '.join(seen) or 'none within the time'}; no proof for every value"
    return SymbolicComparison(X, Y, Pi, Agreement.UNKNOWN, "", reason, {}, last, ds, time.perf_counter() - t0)


def with_parameters(Pi: PerformanceSet, X: Score) -> Score:
    """X with the symbols of Π (p, τ) that its formula uses declared as its parameters."""
    extra = tuple(s for s in parameters_of(Pi) if s in X.expr.free_symbols and s not in X.parameters)
    return replace(X, parameters=X.parameters + extra) if extra else X

