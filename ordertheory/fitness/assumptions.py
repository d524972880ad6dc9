"""The sanity model of each proved test of a score: its assumptions can hold, or it is vacuous.

A test is proved when "assumptions ∧ ¬claim" has no model — which is also the case when the
assumptions alone have none (issue 34). So each PROVED test of a :class:`ScoreReport` carries a
:class:`~ordertheory.engine.sanity.Sanity`: the exact point (P1, P2, λ for the mixture tests and
domain closure; P1, P2 at a level s for test 1; P on an event E for Theorem 2) where its assumptions
hold, re-validated without the solver by :func:`revalidate`, or why they cannot hold (vacuous).

The test's sanity is its sub-queries' (:func:`of_parts`: one model shows that the test says
something); a test proved otherwise (a structural lemma, the prover portfolio) gets one from an
exact search on the faces of Π (:func:`completed`).

>>> from ordertheory.fitness.score_tests import run_tests
>>> rep = run_tests("tpr", timeout=20)
>>> s = rep.tests["test2"].sanity
>>> s.kind.value, revalidate(rep.score, rep.Pi, "test2", s)
('model', True)
>>> line(s)
'assumptions satisfiable at P1 = P2 = (tn=0, fp=0, fn=0, tp=1), λ = 1/2'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction

from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import SEARCHED, Sanity, SanityKind, domain_point, pair_frame, validate
from ordertheory.engine.witness import TestName, performance_text
from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Performance
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.theory.axioms import axiom2_levels

PAIR_TESTS = (TestName.TEST2, TestName.TEST3, TestName.DOMAIN_CLOSED)
RANK = {SanityKind.MODEL: 0, SanityKind.SOLVER: 1, SanityKind.TRIVIAL: 2, SanityKind.UNDECIDED: 3}


def of_parts(parts: list[Result]) -> Sanity | None:
    """A proved test's sanity from its sub-queries: the first exact model (one part whose
    assumptions hold makes the test non-vacuous), vacuous when every part is, else the best one
    had; None when no part carries one (then :func:`completed` searches)."""
    had = [r.sanity if r.sanity is not None else Sanity(SanityKind.VACUOUS, {}, r.reason or "no such performances in Π")
           for r in parts if r.sanity is not None or r.method.startswith("vacuous")]  # a query never built
    if not had:
        return None
    if all(s.vacuous for s in had) and len(had) == len(parts):
        return Sanity(SanityKind.VACUOUS, {}, "; ".join(dict.fromkeys(s.how for s in had)))
    live = [s for s in had if not s.vacuous]
    return min(live, key=lambda s: RANK[s.kind]) if live else None


def completed(score: Score, Pi: PerformanceSet, tests: Mapping[str, Result], domain: Sanity | None) -> dict:
    """``tests`` with a sanity on every PROVED test: its own when it has an exact model or is
    vacuous, else one found by exact search (or, when Π ∩ dom(X) is empty, the domain's vacuity)."""
    out = {}
    for t, r in tests.items():
        if r.verdict is Verdict.PROVED and (r.sanity is None or r.sanity.kind not in (SanityKind.MODEL,
                                                                                       SanityKind.VACUOUS)):
            found = domain if domain is not None and domain.vacuous else search(score, Pi, t, domain)
            if found.kind is SanityKind.MODEL or r.sanity is None:
                r = replace(r, sanity=found)
        out[t] = r
    return out


def search(score: Score, Pi: PerformanceSet, test: str, domain: Sanity | None = None) -> Sanity:
    """An exact model of ``test``'s assumptions found by search and re-validated, or UNDECIDED."""
    model: dict | None = None
    if test in PAIR_TESTS:
        P = domain.model.get("P") if domain is not None and domain.kind is SanityKind.MODEL else None
        P = P if isinstance(P, Performance) else domain_point(score, Pi)
        if P is not None:
            model = dict(pair_frame(score, Pi, P).model)
    elif test == TestName.TEST1:
        for s, low, high in axiom2_levels(score.space):
            P1 = domain_point(score, Pi, low)
            P2 = domain_point(score, Pi, high) if P1 is not None else None
            if P2 is not None:
                model = {"s": s, "P1": P1, "P2": P2}
                break
    elif test == TestName.THEOREM2:
        for event in score.space.level_bands():
            P = domain_point(score, Pi, event)
            if P is not None:
                model = {"event": sorted(event, key=score.space.position), "P": P}
                break
    sanity = Sanity(SanityKind.MODEL, model or {}, SEARCHED)
    if model is not None and revalidate(score, Pi, test, sanity):
        return sanity
    return Sanity(SanityKind.UNDECIDED, {}, "no exact point of the test's assumptions found by search")


def revalidate(score: Score, Pi: PerformanceSet, test: str, sanity: Sanity) -> bool:
    """Whether a MODEL sanity holds, decided in exact arithmetic without any solver: each
    performance in Π ∩ dom(X) on its face (S ≤ s / S ≥ s for test 1, E for Theorem 2), λ in [0, 1]
    and the mixture in dom(X) for the pair tests."""
    if sanity.kind is not SanityKind.MODEL:
        return False
    m = dict(sanity.model)
    supports = {}
    if test == TestName.TEST1:
        if "s" not in m:
            return False
        s = Fraction(m.pop("s"))
        level = next((lv for lv in axiom2_levels(score.space) if lv[0] == s), None)
        if level is None or not {"P1", "P2"} <= set(m):
            return False
        supports = {"P1": level[1], "P2": level[2]}
    elif test == TestName.THEOREM2:  # without an event: the band of all of Ω, where P(Ω) = 1 always
        if "P" not in m:
            return False
        if "event" in m:
            supports = {"P": frozenset(m.pop("event"))}
    elif test in PAIR_TESTS and not {"P1", "P2", "lambda"} <= set(m):
        return False
    return validate(score, Pi, m, supports)


def model_from_json(doc: Mapping, performance: Callable[[Mapping], object]) -> Sanity:
    """A sanity from its JSON: each performance read by ``performance`` (dense or sparse), an event
    as its list of outcomes, any other value an exact Fraction."""
    model: dict[str, object] = {}
    for k, v in doc.get("model", {}).items():
        model[k] = performance(v) if isinstance(v, Mapping) else list(v) if k == "event" else Fraction(v)
    return Sanity(SanityKind(doc["kind"]), model, doc.get("how", ""))


def from_json(space, doc: Mapping) -> Sanity:
    """A sanity read back from its JSON (``check --json``'s per-test ``sanity``), exactly."""
    try:
        return model_from_json(doc, lambda v: Performance.from_probabilities(space, v))
    except (KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
        raise InvalidInput(f"expected a sanity object (kind, model, how) but got {doc!r}: {exc}") from None


def line(sanity: Sanity) -> str:
    """The one line printed under a proved test: where its assumptions hold, or why it is vacuous."""
    if sanity.kind is SanityKind.VACUOUS:
        return f"vacuous: {sanity.how}"
    if sanity.kind is not SanityKind.MODEL:
        return f"sanity {sanity.kind.value}: {sanity.how}"
    m = dict(sanity.model)
    parts = []
    if "s" in m:
        parts.append(f"s = {m.pop('s')}")
    if "event" in m:
        parts.append("E = {" + ", ".join(m.pop("event")) + "}")
    if "P1" in m and "P2" in m and m["P1"] == m["P2"]:
        parts.append(f"P1 = P2 = {_shown(m.pop('P1'))}")
        m.pop("P2")
    sparse = any(isinstance(v, SparsePerformance) for v in sanity.model.values())
    for k, v in m.items():
        parts.append(f"{'λ' if k == 'lambda' else k} = {_shown(v)}")
    # k classes: the cells in short (the JSON lists them all), and which point it is
    point = sanity.how.split(", built sparsely")[0]
    return "assumptions satisfiable at " + ", ".join(parts) + (f" — {point}" if sparse else "")


def _shown(v: object) -> str:
    if isinstance(v, SparsePerformance):
        return f"({v.cells_text(6)})"
    return performance_text(v) if isinstance(v, Performance) else str(v)
