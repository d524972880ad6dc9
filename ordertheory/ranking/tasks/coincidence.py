"""When do the summarized ranking and the ranking by the mean of per-task scores coincide? Decided.

For a ranking score R_I(P) = E_P[I·S] / E_P[I] and a mixture Q = Σ_t λ_t·P_t, expectation is linear in
P, so E_Q[I·S] = Σ_t λ_t a_t and E_Q[I] = Σ_t λ_t b_t with a_t = E_{P_t}[I·S], b_t = E_{P_t}[I]. Hence

    R_I(Q) = Σ_t μ_t·R_I(P_t),   μ_t = λ_t b_t / Σ_s λ_s b_s:

the summarized value is the mean of the task values weighted by λ_t·E_{P_t}[I], not by λ_t. It equals
the λ-mean when E_{P_t}[I] is the same on every task — always for accuracy (I ≡ 1) — and then the
summarized ranking is the ranking by the mean of the scores. Otherwise it need not be: for F1 and the
Jaccard index (IoU) this module finds two entities on two tasks that the two rankings order oppositely.

Each statement is a :class:`~ordertheory.engine.result.Result`: ``proved`` by an identity that
:func:`~ordertheory.exact.is_zero` checks on the expanded numerator (T = 2, 3, 4 tasks, the a_t, b_t,
λ_t symbols), with an exact point where its assumptions hold (no vacuous proof); ``refuted`` by an
exact counterexample found by enumerating small count tables and re-validated with the catalogue
score's own exact evaluation of the mixtures and of the tasks.

>>> r = refute_mean_ranking("f1")
>>> r.verdict.label, sorted(r.witness)
('refuted', ['A', 'B', 'mean', 'summarized'])
"""

from __future__ import annotations

import itertools
import time
from fractions import Fraction

import sympy

from ordertheory.catalogue import as_score
from ordertheory.engine.result import Result, Verdict
from ordertheory.exact import is_zero
from ordertheory.performances.performance import Performance, mixture
from ordertheory.spaces.sample_space import binary

TASKS = (2, 3, 4)  # the identities are checked for these numbers of tasks
REFUTED_SCORES = ("f1", "jaccard", "precision")
SEARCH_TOTAL = 4  # the counterexamples are searched among count tables of this many samples per task
SEARCH_LIMIT = 400_000  # candidate pairs of entities examined at most (then unknown)


def _symbols(T: int):
    lam = sympy.symbols(f"lambda1:{T + 1}", positive=True)
    a = sympy.symbols(f"a1:{T + 1}", nonnegative=True)
    b = sympy.symbols(f"b1:{T + 1}", positive=True)
    return lam, a, b


def weighted_mean_identity() -> Result:
    """R_I(Σλ_t P_t) = Σ μ_t R_I(P_t) with μ_t = λ_t E_{P_t}[I] / Σ λ_s E_{P_s}[I] (T = 2, 3, 4)."""
    t0 = time.perf_counter()
    ok = True
    for T in TASKS:
        lam, a, b = _symbols(T)
        den = sum(l * bb for l, bb in zip(lam, b))
        lhs = sum(l * aa for l, aa in zip(lam, a)) / den
        rhs = sum((l * bb / den) * (aa / bb) for l, aa, bb in zip(lam, a, b))
        ok &= is_zero(sympy.together(lhs - rhs))
    # an exact point where the assumptions hold: F1 (I = 1 on tp, 1/2 on fp and fn) on two tasks, both sides
    P1, P2 = (Performance.from_counts(binary(), c) for c in ((0, 0, 1, 3), (3, 0, 0, 1)))
    f1, half = as_score("f1"), Fraction(1, 2)
    b1, b2 = (P["tp"] + (P["fp"] + P["fn"]) / 2 for P in (P1, P2))
    at = f1(mixture([P1, P2], [half, half]))
    point = at == (half * b1 * f1(P1) + half * b2 * f1(P2)) / (half * b1 + half * b2)
    return Result("tasks/weighted-mean", "for every ranking score R_I on any finite Ω and every mixture Q = Σ_t λ_t P_t "
                  "(E_{P_t}[I] > 0): R_I(Q) = Σ_t μ_t R_I(P_t) with μ_t = λ_t E_{P_t}[I] / Σ_s λ_s E_{P_s}[I]",
                  Verdict.PROVED if ok and point else Verdict.UNKNOWN, time.perf_counter() - t0,
                  "sympy: the difference of the two sides has a zero numerator (T = 2, 3, 4 tasks; for any T it "
                  "is the cancellation μ_t·a_t/b_t = λ_t a_t / Σ_s λ_s b_s term by term, E_Q[I·S] and E_Q[I] being "
                  "linear in Q)",
                  reason="exact point: F1 (I = 1 on tp, 1/2 on fp and fn) on P1 = (0, 0, 1/4, 3/4), P2 = (3/4, 0, 0, 1/4), "
                         f"λ = (1/2, 1/2): both sides {at}")


def equal_mass_identity() -> Result:
    """When E_{P_t}[I] = b on every task, R_I(Σλ_t P_t) = Σ λ_t R_I(P_t): the summarized value is the mean."""
    t0 = time.perf_counter()
    ok = True
    for T in TASKS:
        lam, a, _ = _symbols(T)
        b = sympy.Symbol("b", positive=True)
        lam_T = 1 - sum(lam[:-1])  # Σλ_t = 1
        ls = (*lam[:-1], lam_T)
        lhs = sum(l * aa for l, aa in zip(ls, a)) / sum(l * b for l in ls)
        rhs = sum(l * (aa / b) for l, aa in zip(ls, a))
        ok &= is_zero(sympy.together(lhs - rhs))
    P1, P2 = (Performance.from_counts(binary(), c) for c in ((1, 1, 1, 1), (2, 0, 0, 2)))
    f1, half = as_score("f1"), Fraction(1, 2)
    mass = [P["tp"] + (P["fp"] + P["fn"]) / 2 for P in (P1, P2)]  # E[I] of F1's importance
    at = f1(mixture([P1, P2], [half, half]))
    point = mass[0] == mass[1] and at == half * f1(P1) + half * f1(P2)
    return Result("tasks/equal-mass", "for every ranking score R_I, if E_{P_t}[I] is the same on every task t, "
                  "R_I(Σ_t λ_t P_t) = Σ_t λ_t R_I(P_t); so when each entity's E_{P_t}[I] does not depend on t, the "
                  "summarized ranking by R_I is the ranking by the λ-weighted mean of R_I",
                  Verdict.PROVED if ok and point else Verdict.UNKNOWN, time.perf_counter() - t0,
                  "sympy: the difference of the two sides has a zero numerator (T = 2, 3, 4 tasks, Σλ_t = 1)",
                  reason="exact point: F1 on P1 = (1/4, 1/4, 1/4, 1/4), P2 = (1/2, 0, 0, 1/2), E[I] = 1/2 on both: "
                         f"both sides {at}")


def accuracy_always() -> Result:
    """Accuracy's summarized value is the mean of its task values for every weights (its formula, sympy)."""
    t0 = time.perf_counter()
    space = binary()
    X = as_score("accuracy", space)
    p = sympy.symbols("p1:5", nonnegative=True)
    q = sympy.symbols("q1:5", nonnegative=True)
    lam = sympy.Symbol("lambda", positive=True)
    sub1 = dict(zip(X.symbols, p))
    sub2 = dict(zip(X.symbols, q))
    mix = {s: lam * x + (1 - lam) * y for s, x, y in zip(X.symbols, p, q)}
    diff = X.expr.xreplace(mix) - (lam * X.expr.xreplace(sub1) + (1 - lam) * X.expr.xreplace(sub2))
    ok = is_zero(sympy.together(diff.xreplace({p[0]: 1 - p[1] - p[2] - p[3], q[0]: 1 - q[1] - q[2] - q[3]})))
    P1, P2 = (Performance.from_counts(space, c) for c in ((0, 0, 1, 3), (3, 0, 0, 1)))
    at = X(mixture([P1, P2], [Fraction(1, 3), Fraction(2, 3)]))
    point = at == Fraction(1, 3) * X(P1) + Fraction(2, 3) * X(P2)
    return Result("tasks/accuracy", "for accuracy (I ≡ 1, so E_P[I] = 1 on every performance) the summarized "
                  "ranking is the ranking by the mean of the accuracies, for every table and every task weights",
                  Verdict.PROVED if ok and point else Verdict.UNKNOWN, time.perf_counter() - t0,
                  "sympy: accuracy(λP1 + (1 − λ)P2) − (λ·accuracy(P1) + (1 − λ)·accuracy(P2)) is 0 on the simplex "
                  "(the catalogue's formula)",
                  reason=f"exact point: P1 = (0, 0, 1/4, 3/4), P2 = (3/4, 0, 0, 1/4), λ = 1/3: both sides {at}")


def refute_mean_ranking(slug: str) -> Result:
    """An exact counterexample to "the summarized ranking by ``slug`` is the ranking by the mean of its task
    values": two entities, two tasks of :data:`SEARCH_TOTAL` samples, equal weights, ordered oppositely."""
    t0 = time.perf_counter()
    space = binary()
    X = as_score(slug, space)
    statement = (f"the summarized ranking by {slug} (equal task weights) is the ranking by the mean of its per-task "
                 "values, for every table of two entities on two tasks")
    tables = [c for c in itertools.product(range(SEARCH_TOTAL + 1), repeat=4) if sum(c) == SEARCH_TOTAL]
    perf = {c: Performance.from_counts(space, c) for c in tables}
    value = {c: X.value_or_none(P) for c, P in perf.items()}
    ok = [c for c in tables if value[c] is not None]
    half = Fraction(1, 2)
    entities = [(c1, c2) for c1 in ok for c2 in ok]
    summ = {}
    for e in entities:
        v = X.value_or_none(mixture([perf[e[0]], perf[e[1]]], [half, half]))
        if v is not None:
            summ[e] = v
    seen = 0
    for A, B in itertools.product(summ, repeat=2):
        seen += 1
        if seen > SEARCH_LIMIT:
            break
        if summ[A] > summ[B] and value[A[0]] + value[A[1]] < value[B[0]] + value[B[1]]:
            # re-validated from the performances, through the score's own exact evaluation
            sA = X(mixture([Performance.from_counts(space, A[0]), Performance.from_counts(space, A[1])], [half, half]))
            sB = X(mixture([Performance.from_counts(space, B[0]), Performance.from_counts(space, B[1])], [half, half]))
            mA = (X(Performance.from_counts(space, A[0])) + X(Performance.from_counts(space, A[1]))) / 2
            mB = (X(Performance.from_counts(space, B[0])) + X(Performance.from_counts(space, B[1]))) / 2
            if not (sA > sB and mA < mB):
                continue
            show = lambda c: dict(zip(space.outcomes, (str(x) for x in c)))  # noqa: E731
            witness = {"A": {"task 1": show(A[0]), "task 2": show(A[1])},
                       "B": {"task 1": show(B[0]), "task 2": show(B[1])},
                       "summarized": {"A": str(sA), "B": str(sB)}, "mean": {"A": str(mA), "B": str(mB)}}
            return Result(f"tasks/{slug}-mean", statement, Verdict.REFUTED, time.perf_counter() - t0,
                          f"enumeration of count tables of {SEARCH_TOTAL} samples per task; validated exactly",
                          witness=witness,
                          reason=f"{slug} of the mixtures puts A first ({sA} > {sB}); the mean of the task values puts "
                                 f"B first ({mA} < {mB})")
    return Result(f"tasks/{slug}-mean", statement, Verdict.UNKNOWN, time.perf_counter() - t0, "enumeration",
                  reason=f"no counterexample among the count tables of {SEARCH_TOTAL} samples per task examined")


def coincidence_statements() -> list[Result]:
    """Every statement of the module, in a stable order."""
    return [weighted_mean_identity(), equal_mass_identity(), accuracy_always(),
            *(refute_mean_ranking(s) for s in REFUTED_SCORES)]


__all__ = ["REFUTED_SCORES", "accuracy_always", "coincidence_statements", "equal_mass_identity",
           "refute_mean_ranking", "weighted_mean_identity"]
