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

>>> from ordertheory.spaces.sample_space import binary
>>> from ordertheory.sets.performance_set import all_performances, with_constraints
>>> from ordertheory.scores.expression import parse_score
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

import numpy as np

from ordertheory.engine.result import Verdict
from ordertheory.engine.search import falsify
from ordertheory.errors import OrderTheoryError
from ordertheory.performances.performance import Performance, mixture
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet

POINTS = 400  # exact points of Π (or of a face) tried before the solver is asked


class SanityKind(enum.StrEnum):
    """Whether a proof's assumptions can hold: shown by an exact model (re-validated without the
    solver), by a solver's model only, impossible (vacuous), not needed (no assumptions), undecided."""

    MODEL = "model"
    SOLVER = "solver"
    VACUOUS = "vacuous"
    TRIVIAL = "trivial"
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
        if self.kind is SanityKind.SOLVER:
            shown = ", ".join(f"{k} = {_text(v)}" for k, v in list(self.model.items())[:12])
            return f"sanity: the assumptions are satisfiable ({self.how})" + (f": {shown}" if shown else "")
        if self.kind is SanityKind.VACUOUS:
            return f"vacuous: the assumptions alone are unsatisfiable ({self.how}); the statement holds vacuously"
        if self.kind is SanityKind.TRIVIAL:
            return f"sanity: nothing to show ({self.how})"
        return f"sanity undecided: {self.how}"

    def header(self, text: str) -> str:
        """``text`` (an SMT-LIB certificate) with this sanity line after its header comments."""
        lines = text.splitlines(keepends=True)
        i = 0
        while i < len(lines) and lines[i].startswith(";"):
            i += 1
        return "".join(lines[:i]) + f"; {self.comment()}\n" + "".join(lines[i:])

    def to_json(self) -> dict:
        return {"kind": self.kind.value, "model": {k: _json(v) for k, v in self.model.items()}, "how": self.how}


def _text(v: object) -> str:
    if isinstance(v, SparsePerformance):  # k classes: its non-zero cells, runs of the diagonal in one item
        return f"({v.cells_text(6)})"
    if isinstance(v, Performance):
        return "(" + ", ".join(f"{o}={p}" for o, p in v.as_dict().items()) + ")"
    return str(v)


def _json(v: object) -> object:
    if isinstance(v, Performance | SparsePerformance) or hasattr(v, "as_dict"):  # sparse: its non-zero cells
        return {o: str(p) for o, p in v.as_dict().items()}
    if isinstance(v, list | tuple):
        return [str(x) for x in v]
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
    vals = falsify.values(score, smp.coords)
    order = [int(i) for i in np.flatnonzero(~np.isnan(vals))] + [int(i) for i in np.flatnonzero(np.isnan(vals))][:20]
    for i in order[:60]:  # the floats only order the candidates: each is checked exactly
        P = smp.performance(i)
        if in_frame(score, Pi, P, support):
            return P
    return None


SEARCHED = "found by search, re-validated in exact arithmetic"


def pair_frame(score: Score, Pi: PerformanceSet, P: Performance) -> Sanity:
    """The frame of tests 2, 3 and of domain closure at P1 = P2 = P, λ = 1/2 (M = P)."""
    return Sanity(SanityKind.MODEL, {"P1": P, "P2": P, "lambda": Fraction(1, 2)}, SEARCHED)


def validate(score: Score, Pi: PerformanceSet, model: Mapping[str, object],
             supports: Mapping[str, Iterable[str]] | None = None) -> bool:
    """Every performance of ``model`` in Π ∩ dom(X) (on its support when given), λ in [0, 1] and the
    mixture in dom(X) when λ is there — exactly, without any solver."""
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


def from_frame(decider, frame, budget: float, validate=None) -> Sanity:
    """The sanity of an obligation from the solver, when no exact search found a model: ``frame`` is
    an :class:`~ordertheory.engine.prove.Obligation` whose query is the assumptions alone (a model of
    it is one of them). A model re-validated by ``validate`` (exact, without the solver) is a MODEL;
    unsat makes the proof vacuous."""
    r = decider.decide(frame, max(0.05, budget))
    if r.verdict is Verdict.REFUTED:
        w = r.witness
        if validate is not None and isinstance(w, Mapping) and validate(w):
            return Sanity(SanityKind.MODEL, dict(w), "a z3 model of the assumptions, re-validated exactly")
        return Sanity(SanityKind.SOLVER, dict(w) if isinstance(w, Mapping) else {}, "a z3 model of the assumptions")
    if r.verdict is Verdict.PROVED:
        return Sanity(SanityKind.VACUOUS, {}, f"{r.method}: the assumptions alone are unsat")
    return Sanity(SanityKind.UNDECIDED, {}, r.reason or "undecided")


def trivial_preorder(decider=None, budget: float = 0.0) -> Sanity:
    """The one-element order ≲ = {(a, a)}: reflexive, transitive, antisymmetric and total, checked
    here by enumeration — a model of "≲ is a preorder" (a partial or total order; reflexivity or
    transitivity alone). A sanity maker: the arguments are those of the decider's call, unused.

    >>> trivial_preorder().kind.value
    'model'
    """
    elems, le = ("a",), {("a", "a")}
    checks = (all((x, x) in le for x in elems),
              all((x, z) in le for x in elems for y in elems for z in elems if (x, y) in le and (y, z) in le),
              all(x == y for x in elems for y in elems if (x, y) in le and (y, x) in le),
              all((x, y) in le or (y, x) in le for x in elems for y in elems))
    if not all(checks):
        return Sanity(SanityKind.UNDECIDED, {}, "the one-element order failed its own check")
    return Sanity(SanityKind.MODEL, {"universe": "{a}", "≲": "{(a, a)}"},
                  "the one-element order: reflexive, transitive, antisymmetric, total, by enumeration")


def common_point(scores: Iterable[Score], Pi: PerformanceSet, support: Iterable[str] | None = None,
                 seed: int = 0) -> Performance | None:
    """An exact performance of Π in the domain of every score (on ``support``), or None."""
    scores = list(scores)
    smp = falsify.sample(Pi, None if support is None else frozenset(support), POINTS, seed)
    if smp is None:
        return None
    for i in range(min(len(smp.weights), 80)):
        P = smp.performance(i)
        if all(in_frame(X, Pi, P, support) for X in scores):
            return P
    return None


def point_of(Pi: PerformanceSet, support: Iterable[str] | None = None, seed: int = 0) -> Performance | None:
    """An exact performance of Π (on ``support``): no domain asked."""
    smp = falsify.sample(Pi, None if support is None else frozenset(support), POINTS, seed)
    if smp is None:
        return None
    for i in range(min(len(smp.weights), 20)):
        P = smp.performance(i)
        if Pi.contains(P) and (support is None or P.support <= frozenset(support)):
            return P
    return None
