"""Sanity models: a proof is vacuous unless its assumptions can hold (issue 34).

An obligation is proved when "assumptions ∧ ¬claim" is unsatisfiable — which is also the case when
the assumptions alone are. Every PROVED obligation therefore carries a :class:`Sanity`:

- ``MODEL`` — an exact point where the assumptions hold (performances of Π in dom(X), a weight λ,
  …), found by an exact search or decoded from a solver's model, and *re-validated without the
  solver* in exact arithmetic; the proof is not vacuous;
- ``VACUOUS`` — the assumptions alone are unsatisfiable (the solver says unsat of them, or there is
  nothing to ask: no performance of that shape in Π): the statement holds vacuously, and says so;
- ``UNDECIDED`` — neither could be shown within the budget, with the reason.

Certificates record it in their header (:meth:`Sanity.comment`), so a replay shows on what the
proof was not vacuous. For the tests of a score the assumptions are "P ∈ Π ∩ dom(X)" on a face of Π
(:func:`domain_point`): a point there serves every test (P1 = P2 = P, λ = 1/2 is a model of the
mixture tests' frame).

>>> from ordertheory.sample_space import binary
>>> from ordertheory.performance_set import all_performances, with_constraints
>>> from ordertheory.expression import parse_score
>>> X = parse_score("tp/(tp+fn)", binary())
>>> domain_point(X, all_performances(binary())) is not None
True
>>> domain_point(X, with_constraints(all_performances(binary()), ["tp+fn==0"])) is None
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ordertheory.engine import falsify
from ordertheory.errors import OrderTheoryError
from ordertheory.performance import Performance
from ordertheory.performance_set import PerformanceSet
from ordertheory.scores import Score

POINTS = 400  # exact points of Π (or of a face) tried before the solver is asked


class SanityKind(enum.StrEnum):
    """Whether a proof's assumptions can hold: shown by a model, impossible, or undecided."""

    MODEL = "model"
    VACUOUS = "vacuous"
    UNDECIDED = "undecided"


@dataclass(frozen=True)
class Sanity:
    """The sanity check of one proved obligation: its kind, the exact model, and how it was had."""

    kind: SanityKind
    model: Mapping[str, object] = field(default_factory=dict)
    how: str = ""

    @property
    def vacuous(self) -> bool:
        return self.kind is SanityKind.VACUOUS

    def comment(self) -> str:
        """The certificate's header line(s), ``; `` prefixed by the SMT-LIB writer.

        >>> Sanity(SanityKind.MODEL, {"lambda": Fraction(1, 2)}, "exact search").comment()
        'sanity model (the assumptions alone hold here; exact search): lambda = 1/2'
        """
        if self.kind is SanityKind.MODEL:
            shown = ", ".join(f"{k} = {_text(v)}" for k, v in self.model.items())
            return f"sanity model (the assumptions alone hold here; {self.how}): {shown}"
        if self.kind is SanityKind.VACUOUS:
            return f"vacuous: the assumptions alone are unsatisfiable ({self.how}); the statement holds vacuously"
        return f"sanity undecided: {self.how}"

    def to_json(self) -> dict:
        return {"kind": self.kind.value, "model": {k: _json(v) for k, v in self.model.items()}, "how": self.how}


def _text(v: object) -> str:
    if isinstance(v, Performance):
        return "(" + ", ".join(f"{o}={p}" for o, p in v.as_dict().items()) + ")"
    return str(v)


def _json(v: object) -> object:
    if isinstance(v, Performance):
        return {o: str(p) for o, p in v.as_dict().items()}
    return str(v)


def in_frame(score: Score, Pi: PerformanceSet, P: Performance, support: Iterable[str] | None = None) -> bool:
    """P ∈ Π ∩ dom(X) (on ``support``), decided exactly — the re-validation of a sanity model."""
    if P.space != score.space or not Pi.contains(P):
        return False
    if support is not None and not P.support <= frozenset(support):
        return False
    try:
        return score.in_domain(P)
    except OrderTheoryError:
        return False


def domain_point(score: Score, Pi: PerformanceSet, support: Iterable[str] | None = None,
                 seed: int = 0) -> Performance | None:
    """An exact performance of Π ∩ dom(X) (supported on ``support``), or None when the search met
    none (which proves nothing: the caller then asks the solver). Deterministic for a seed."""
    smp = falsify.sample(Pi, None if support is None else frozenset(support), POINTS, seed)
    if smp is None:
        return None
    import numpy as np

    vals = falsify.values(score, smp.coords)
    order = [int(i) for i in np.flatnonzero(~np.isnan(vals))] + [int(i) for i in np.flatnonzero(np.isnan(vals))][:20]
    for i in order[:60]:  # the floats only order the candidates: each is checked exactly
        P = smp.performance(i)
        if in_frame(score, Pi, P, support):
            return P
    return None


SEARCHED = "an exact point of Π found by search, re-validated in exact arithmetic"


def pair_frame(score: Score, Pi: PerformanceSet, P: Performance) -> Sanity:
    """The frame of tests 2, 3 and of domain closure at P1 = P2 = P, λ = 1/2 (M = P)."""
    return Sanity(SanityKind.MODEL, {"P1": P, "P2": P, "lambda": Fraction(1, 2)}, SEARCHED)


def validate(score: Score, Pi: PerformanceSet, model: Mapping[str, object],
             supports: Mapping[str, Iterable[str]] | None = None) -> bool:
    """Every performance of ``model`` in Π ∩ dom(X) (on its support when given), λ in [0, 1] and the
    mixture in dom(X) when λ is there — exactly, without any solver."""
    from ordertheory.performance import mixture

    supports = supports or {}
    for k, v in model.items():
        if isinstance(v, Performance) and not in_frame(score, Pi, v, supports.get(k)):
            return False
    if "lambda" in model:
        lam = Fraction(model["lambda"])
        if not 0 <= lam <= 1:
            return False
        M = mixture([model["P1"], model["P2"]], [lam, 1 - lam])
        if not in_frame(score, Pi, M):
            return False
    return True
