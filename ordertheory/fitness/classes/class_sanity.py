"""Sanity models of the k-class structured check: sparse exact points where a test's assumptions hold.

A lemma "for every k" proves a test of a :class:`~ordertheory.scores.class_score.ClassScore` on a
:class:`~ordertheory.sets.class_pi.ClassPi` without asking whether its assumptions can hold at this k
(issue 34: no vacuous proof). Here each proved test gets an exact point, built sparsely — at most
a few candidates of k cells each (the diagonal at the priors, the cyclic confusion at the priors,
their half-half mixture), never k² Fractions — and re-validated without any solver by the
structured score's own exact evaluation (:meth:`ClassScore.value_or_none`) and Π's constraints
(:meth:`ClassPi.contains`). The assumptions are those of :mod:`.assumptions`: P1, P2 in Π ∩ dom(X)
on the faces S ≤ s / S ≥ s for test 1 (levels 0 and 1: S is 1 on the diagonal, 0 elsewhere),
λ in [0, 1] and the mixture in dom(X) for tests 2, 3 and domain closure, P on an event E for
Theorem 2's condition. When no candidate lies in Π ∩ dom(X) the sanity is UNDECIDED, with that
reason (no point is invented, and emptiness is not claimed: it is not shown).

>>> from ordertheory.catalogue.class_forms import form_of
>>> X, Pi = form_of("macro_recall").at(1000), ClassPi.uniform(1000)
>>> s = sanity_of(X, Pi, "test2")
>>> s.kind.value, revalidate(X, Pi, "test2", s)
('model', True)
>>> s.how
'the diagonal at the priors (1000 cells), built sparsely; re-validated exactly by the score and Π'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.engine.witness import TestName
from ordertheory.errors import InvalidInput, OrderTheoryError
from ordertheory.fitness.assumptions import model_from_json
from ordertheory.performances.performance import Performance
from ordertheory.performances.sparse_performance import SparsePerformance, as_sparse, sparse_mixture
from ordertheory.scores.class_score import ClassScore
from ordertheory.sets.class_pi import ClassPi

PAIR_TESTS = (TestName.TEST2, TestName.TEST3, TestName.DOMAIN_CLOSED)
DIAGONAL, OFF_DIAGONAL, OMEGA = "S = 1 (the diagonal)", "S = 0 (every cell off the diagonal)", "Ω"
BANDS = (DIAGONAL, OFF_DIAGONAL, OMEGA)  # the events of Theorem 2's condition, as the witnesses name them
VALIDATED = "built sparsely; re-validated exactly by the score and Π"
NO_POINT = ("no point of Π ∩ dom(X) among the sparse candidates (the diagonal, the cyclic confusion and their "
            "half-half mixture at the priors); emptiness is not shown")


def _priors(Pi: ClassPi) -> tuple[Fraction, ...]:
    return Pi.priors if Pi.priors is not None else (Fraction(1, Pi.k),) * Pi.k


def candidates(Pi: ClassPi) -> list[tuple[str, SparsePerformance]]:
    """(description, point) of Π, each of k cells: on the diagonal, off it, and both."""
    pri, k = _priors(Pi), Pi.k
    at = "the priors" if Pi.priors is not None else "uniform priors"
    diag = SparsePerformance.from_cells(k, ((c, c, p) for c, p in enumerate(pri)))
    cyclic = SparsePerformance.from_cells(k, ((c, (c + 1) % k, p) for c, p in enumerate(pri)))
    return [(f"the diagonal at {at} ({diag.nnz} cells)", diag),
            (f"the cyclic confusion c → c+1 at {at} ({cyclic.nnz} cells)", cyclic),
            (f"half the diagonal, half the cyclic confusion at {at} ({2 * k} cells)",
             sparse_mixture(diag, cyclic, Fraction(1, 2)))]


def in_frame(X: ClassScore, Pi: ClassPi, P: object, band: str = OMEGA) -> bool:
    """P ∈ Π ∩ dom(X) on the event ``band``, decided exactly (no solver, no k² coordinates)."""
    if not isinstance(P, SparsePerformance | Performance) or band not in BANDS:
        return False
    try:
        S = as_sparse(P)
        if S.k != X.k or not Pi.contains(S):
            return False
        on_diagonal = S.rows == S.cols
        if (band == DIAGONAL and not on_diagonal.all()) or (band == OFF_DIAGONAL and on_diagonal.any()):
            return False
        return X.value_or_none(S) is not None
    except OrderTheoryError:
        return False


def domain_sanity(X: ClassScore, Pi: ClassPi, found: Points | None = None) -> Sanity:
    """A sparse exact point of Π ∩ dom(X), or UNDECIDED (none of the candidates is one)."""
    live, _ = found if found is not None else points(X, Pi)
    if live:
        return Sanity(SanityKind.MODEL, {"P": live[0][1]}, f"{live[0][0]}, {VALIDATED}")
    return Sanity(SanityKind.UNDECIDED, {}, NO_POINT)


Points = tuple[list[tuple[str, SparsePerformance]], dict[str, tuple[str, SparsePerformance] | None]]


def points(X: ClassScore, Pi: ClassPi) -> Points:
    """The candidates in Π ∩ dom(X), and the first one on each event (computed once per check)."""
    live = [(how, P) for how, P in candidates(Pi) if in_frame(X, Pi, P)]
    return live, {b: next(((h, P) for h, P in live if in_frame(X, Pi, P, b)), None) for b in BANDS}


def sanity_of(X: ClassScore, Pi: ClassPi, test: str, found: Points | None = None) -> Sanity:
    """The sanity model of ``test``'s assumptions for X on Π, re-validated, or UNDECIDED
    (``found``: :func:`points`, when the caller has them)."""
    live, on = found if found is not None else points(X, Pi)
    model: dict | None = None
    how = ""
    if test in PAIR_TESTS and live:
        how, P = live[0]
        model = {"P1": P, "P2": P, "lambda": Fraction(1, 2)}
    elif test == TestName.TEST1 and on[DIAGONAL] is not None:  # level 1: P2 on the diagonal, P1 anywhere
        how, P = on[DIAGONAL]
        model = {"s": Fraction(1), "P1": P, "P2": P}
    elif test == TestName.TEST1 and on[OFF_DIAGONAL] is not None:  # level 0: P1 off the diagonal
        (how, P1), (_, P2) = on[OFF_DIAGONAL], live[0]
        model = {"s": Fraction(0), "P1": P1, "P2": P2}
    elif test == TestName.THEOREM2:
        band = next((b for b in BANDS if on[b] is not None), None)
        if band is not None:
            how, P = on[band]
            model = {"event": [band], "P": P}
    if model is None:
        return Sanity(SanityKind.UNDECIDED, {}, NO_POINT)
    sanity = Sanity(SanityKind.MODEL, model, f"{how}, {VALIDATED}")
    return sanity if revalidate(X, Pi, test, sanity) else Sanity(SanityKind.UNDECIDED, {}, NO_POINT)


def revalidate(X: ClassScore, Pi: ClassPi, test: str, sanity: Sanity) -> bool:
    """Whether a MODEL sanity of ``test`` holds, exactly and without any solver: its performances in
    Π ∩ dom(X) on their faces, s a level (0 or 1), λ in [0, 1] and the mixture in Π ∩ dom(X)."""
    if sanity.kind is not SanityKind.MODEL:
        return False
    m = dict(sanity.model)
    try:
        if test == TestName.TEST1:
            if set(m) != {"s", "P1", "P2"} or Fraction(m["s"]) not in (0, 1):
                return False
            low = OFF_DIAGONAL if Fraction(m["s"]) == 0 else OMEGA  # S ≤ s
            high = OMEGA if Fraction(m["s"]) == 0 else DIAGONAL  # S ≥ s
            return in_frame(X, Pi, m["P1"], low) and in_frame(X, Pi, m["P2"], high)
        if test == TestName.THEOREM2:  # E a band by name, or (the general procedure's) by its outcomes
            event = m.get("event", [OMEGA])
            if not {"P"} <= set(m) <= {"P", "event"} or not isinstance(event, list | tuple) or not event:
                return False
            if len(event) == 1 and event[0] in BANDS:
                return in_frame(X, Pi, m["P"], event[0])
            support = {f"y{i}_p{j}" for i, j, _ in as_sparse(m["P"]).cells()}
            return support <= set(map(str, event)) and in_frame(X, Pi, m["P"])
        if test in PAIR_TESTS:
            if set(m) != {"P1", "P2", "lambda"}:
                return False
            lam = Fraction(m["lambda"])
            if not (0 <= lam <= 1 and in_frame(X, Pi, m["P1"]) and in_frame(X, Pi, m["P2"])):
                return False
            return in_frame(X, Pi, sparse_mixture(as_sparse(m["P1"]), as_sparse(m["P2"]), lam))
    except (OrderTheoryError, TypeError, ValueError, ZeroDivisionError):
        return False
    return False


def with_sanity(X: ClassScore, Pi: ClassPi, out: Mapping[str, Result]) -> tuple[dict[str, Result], Sanity]:
    """(``out`` with a sanity on every PROVED test that has none — a lemma for every k sought none —,
    the sanity of Π ∩ dom(X))."""
    found = points(X, Pi)
    tests = {t: replace(r, sanity=sanity_of(X, Pi, t, found)) if r.verdict is Verdict.PROVED and r.sanity is None
             else r for t, r in out.items()}
    return tests, domain_sanity(X, Pi, found)


CELL = re.compile(r"y(\d+)_p(\d+)")


def from_json(k: int, doc: Mapping) -> Sanity:
    """A structured check's sanity read back from its JSON (performances by their non-zero cells)."""
    def performance(v: Mapping) -> SparsePerformance:
        return SparsePerformance.from_cells(k, [(*map(int, CELL.fullmatch(name).groups()), Fraction(p))
                                                for name, p in v.items()])

    try:
        return model_from_json(doc, performance)
    except (AttributeError, KeyError, TypeError, ValueError, ZeroDivisionError, InvalidInput) as exc:
        raise InvalidInput(f"expected a sanity object (kind, model, how) but got {str(doc)[:200]}: {exc}") from None


__all__ = ["BANDS", "candidates", "domain_sanity", "from_json", "in_frame", "points", "revalidate", "sanity_of",
           "with_sanity"]
