"""May this score rank? Tests 1–3, domain closure and Theorem 2's condition (§4.2, §5.2, A.4).

For a score X and a set Π:

- **test 1** — Axiom 2 for ≲_X on Π, as the axiom states it: for each satisfaction level s,
  P1(S ≤ s) = 1 and P2(S ≥ s) = 1 with both in Π ∩ dom(X) imply X(P1) ≤ X(P2). Levels suffice:
  a threshold strictly between two levels gives a subset of the pairs of the lower level.
- **test 2 / test 3** — X(λP1 + (1−λ)P2) ≤ max (resp. ≥ min) of X(P1), X(P2) for P1, P2 in
  Π ∩ dom(X). Pairs suffice: a mixture of n performances is a mixture of two (one of them a
  mixture of n − 1), so the bound extends to every finite Π′ ⊆ Π by induction — provided the
  domain is closed under mixtures, which is checked separately (``domain_closed``).
- **Theorem 2's condition** — min_E S ≤ X(P) ≤ max_E S whenever P(E) = 1, for every event E.

Violations are strict (a constant score passes every test). Each test is decided by a falsifying
search validated in exact arithmetic, then by z3 in a child process with a hard deadline.

>>> from ordertheory.catalogue import get
>>> from ordertheory.sets.performance_set import all_performances
>>> rep = run_tests(get("accuracy").score(), timeout=20)
>>> [rep.tests[t].verdict.label for t in ("test1", "test2", "test3")]
['proved', 'proved', 'proved']
"""

from __future__ import annotations

import time
from dataclasses import replace

from ordertheory.catalogue import Entry, as_score
from ordertheory.engine.obligations import DEFAULT, Options
from ordertheory.engine.portfolio import decide_mixture
from ordertheory.engine.prove import Budget, Decider, Obligation
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import SEARCHED, Sanity, SanityKind, domain_point
from ordertheory.engine.witness import Witness, WitnessKind
from ordertheory.fitness.assumptions import completed, of_parts
from ordertheory.fitness.piecewise import applies as piecewise_applies
from ordertheory.fitness.piecewise import decide_piecewise
from ordertheory.fitness.queries import (
    axiom2_query,
    closure_query,
    domain_query,
    mixture_query,
    theorem2_query,
)
from ordertheory.fitness.report import (
    CLOSED,
    SETTLED_BY,
    T1,
    T2,
    T3,
    TEST_TITLES,
    TESTS,
    THEOREM2,
    ScoreReport,
    expected_tests,
    short_title,
)
from ordertheory.fitness.searches import search_axiom2, search_mixture, search_theorem2
from ordertheory.fitness.structure.ratios import decide_by_structure
from ordertheory.fitness.structure.shape import shape
from ordertheory.guards import check_decidable
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet, all_performances
from ordertheory.theory.axioms import axiom2_levels


def _combine(name: str, score: Score, parts: list[Result], seconds: float) -> Result:
    """Conjunction of sub-queries: the first refutation wins, then any unknown, else proved."""
    name = str.__str__(name)  # a TestName, as text: the result's id
    certificate = tuple(c for r in parts if r.verdict is Verdict.PROVED for c in r.certificate)
    statement = f"{TEST_TITLES[name]} for {score.name}"
    for r in parts:
        if r.verdict is Verdict.REFUTED:
            w = Witness.of(WitnessKind(name), score, r.witness)
            return Result(name, statement, Verdict.REFUTED, seconds, r.method, w, None, certificate)
    unknown = [r for r in parts if r.verdict is Verdict.UNKNOWN]
    if unknown:
        reason = "; ".join(f"{r.id}: {r.reason}" for r in unknown)
        return Result(name, statement, Verdict.UNKNOWN, seconds, "z3", None, reason, certificate)
    methods = sorted({r.method for r in parts})
    notes = [r.reason for r in parts if r.reason]
    return Result(name, statement, Verdict.PROVED, seconds, "; ".join(methods) or "vacuous",
                  None, "; ".join(notes) or None, certificate, sanity=of_parts(parts))


def _run(query: Obligation | None, vacuous: str, found: dict | None, decider: Decider, search_method: str,
         budget: float | None = None, no_time: str = "no time left") -> Result:
    if found is not None:
        qid = query.id if query else "search"
        return Result(qid, query.statement if query else "", Verdict.REFUTED, 0.0, search_method, found)
    if query is None:
        return Result("vacuous", "", Verdict.PROVED, 0.0, "vacuous (no such performances in Π)", reason=vacuous)
    if budget is not None and budget <= 0.05:
        return Result(query.id, query.statement, Verdict.UNKNOWN, 0.0, "z3", reason=no_time)
    return decider.decide(query, budget)


SEARCH = "numeric search, witness validated exactly"
PLAIN_SHARE, PLAIN_MIN = 0.3, 10.0  # a mixture test's time for the plain encoding: max(30 %, 10 s);
# the portfolio gets the rest (measured: plain proofs take well under a second, hard cells never end)


def _with_portfolio(plain: Result, score: Score, Pi: PerformanceSet, direction: int, budget: float,
                    decider: Decider, opts: Options) -> Result:
    """The portfolio after an undecided plain query: its proof, or UNKNOWN with both reasons."""
    r = decide_mixture(score, Pi, direction, mixture_query, budget, decider, opts)
    if r.verdict is Verdict.PROVED:
        return Result(plain.id, plain.statement, r.verdict, plain.seconds + r.seconds, r.method,
                      certificate=r.certificate)
    return Result(plain.id, plain.statement, Verdict.UNKNOWN, plain.seconds + r.seconds, plain.method,
                  reason=f"{plain.reason}; {r.reason}")


STRUCTURE_PHASE = "structural lemmas"
QUICK_SHARE, QUICK_MAX = 0.1, 5.0  # the quick search pass of each mixture test: 10 % of the budget, ≤ 5 s
MISSING = object()  # no result of the quick pass: search in the test's own turn
SETTLE = 2.0  # seconds per test once the verdict is settled: check without --complete, rank, the playground
SETTLED = SETTLED_BY + "; it got at most {seconds:g} s (`check --complete` decides every test within --timeout)"
NOT_CLOSED = ("decided for pairs only: pairs stand for every finite Π′ ⊆ Π only when Π ∩ dom(X) is closed "
              "under mixtures, which is {closure}; the finite-subset test is not decided")



def run_tests(score: Score | Entry | str, Pi: PerformanceSet | None = None, timeout: float = 30.0,
                decider: Decider | None = None, seed: int = 0, tests=TESTS,
                search: bool = True, opts: Options = DEFAULT, progress=None,
                structure: bool | None = None, portfolio: bool = True, on_result=None,
                settle: float | None = None) -> ScoreReport:
    """Decide every test for ``score`` on ``Pi`` (default: all performances) within ``timeout``
    seconds in all: searches and solver queries share that one budget, and what the time does not
    settle is UNKNOWN with the reason.

    ``search=False`` skips the falsifying search (z3 must then find counterexamples itself) and
    ``opts`` picks the encoding; both exist for the benchmarks' baselines. ``score`` may be a
    Score, a catalogue entry or slug, or a formula in the outcome names (binary space by default).
    ``progress(test_name)`` is called as each phase starts (``"structural lemmas"``, then each
    test) and ``on_result(test_name, result)`` as each test is settled (what
    :func:`ordertheory.fitness.bounded_check.check_score_within` keeps when it stops a run at its
    deadline). ``structure=False`` skips the
    structural lemmas (:mod:`ordertheory.fitness.structure.ratios`); by default they run beyond the binary
    space, so that Table 1's certificates stay those of the general engine.

    When z3's plain encoding leaves test 2 or 3 undecided within max(PLAIN_SHARE of its share,
    PLAIN_MIN seconds),
    the prover portfolio (:mod:`ordertheory.engine.portfolio`) gets the rest (``portfolio=False``
    skips it). Tests 2 and 3 are decided on pairs; a pair proof is reported only when domain closure is
    proved too (pairs then stand for every finite subset of Π, by induction), else UNKNOWN.

    ``settle=s`` answers the question first: once test 1, 2 or 3 is refuted (by the quick search
    pass or in its turn), the score is not fit whatever the others say, and each test after that
    gets at most ``s`` seconds (its search and its plain query, no portfolio); what they do not
    settle is UNKNOWN with that reason. ``None`` (the default) decides every test within ``timeout``.

    >>> run_tests("tpr", timeout=20).verdict
    <Verdict.PROVED: 'proved'>
    """
    score = as_score(score, Pi.space if Pi is not None else None)
    score._require_bound()
    check_decidable(score)  # resource guards: ResourceLimit ("too large to decide exactly") = unknown
    Pi = Pi or all_performances(score.space)
    budget = Budget(timeout)
    own = decider is None
    decider = decider or Decider(timeout)
    out: dict[str, Result] = {}
    # no vacuous proof: Π ∩ dom(X) = ∅ makes every test hold vacuously, and says so (issue 34)
    domain, emptiness = domain_sanity(score, Pi, decider, min(max(0.0, budget.left), 5.0))
    if domain.vacuous:
        if own:
            decider.close()
        cert = emptiness.certificate if emptiness is not None else ()
        for t in expected_tests(tests):
            out[t] = Result(t, f"{TEST_TITLES[t]} for {score.name}", Verdict.PROVED, 0.0, "vacuous (Π ∩ dom(X) = ∅)",
                            reason=f"Π ∩ dom(X) is empty: {domain.how}", certificate=cert, sanity=domain)
            if on_result is not None:
                on_result(t, out[t])
        return ScoreReport(score, Pi, out, domain)
    # with ``settle`` (answer the question first) the quick falsification pass comes before the structural
    # lemmas: a refutation of test 2 or 3 settles the verdict, and the lemmas — whose symbolic analysis takes
    # minutes for average precision on six levels — are then not needed
    quick: dict[str, dict | None] = {}
    if search and settle is not None and structure is not False:
        quick = _quick_pass(score, Pi, tests, seed, budget)
        if any(quick.get(t) is not None for t in (T2, T3)):
            structure = False
    # structure before search: what the lemmas decide is not asked again (issue 13); on two classes
    # only for a strictly monotone transform of ratios (R³, √R, probit(R/2 + 1/4)): no catalogue
    # score has that shape, so Table 1's certificates stay the general engine's
    if structure is None:
        structure = len(score.space) > 4
        if not structure:
            shp = shape(score)
            structure = shp is not None and not shp.identity
    if structure and progress is not None:
        progress(STRUCTURE_PHASE)
    decided = (decide_by_structure(score, Pi, max(0.0, budget.left)) or {}) if structure else {}
    # max, min and |·| of pieces (fitness.piecewise), on every space: no catalogue score of two
    # classes has these shapes at its top, so Table 1's certificates are unchanged
    if (structure or piecewise_applies(score)) and (T2 in tests or T3 in tests):
        def piece(X: Score, d: int, b: float) -> Result:
            return decider.decide(mixture_query(X, Pi, d, opts), b)

        for t, r in decide_piecewise(score, Pi, max(0.0, budget.left) / 2, piece).items():
            decided.setdefault(t, r)
    for t, r in decided.items():  # a lemma's refutation gets the same witness object as the engine's
        if r.verdict is Verdict.REFUTED and isinstance(r.witness, dict):
            r = Result(r.id, r.statement, r.verdict, r.seconds, r.method,
                       Witness.of(WitnessKind(t), score, r.witness), r.reason, r.certificate)
        out[t] = r = completed(score, Pi, {t: r}, domain)[t]  # a lemma's proof gets its sanity model too
        if on_result is not None:
            on_result(t, r)
    wanted = [t for t in TESTS if t in tests and t not in decided]
    if (T2 in wanted or T3 in wanted) and CLOSED not in wanted and CLOSED not in out:
        wanted.append(CLOSED)  # needed to read a pair proof as the paper's test
    levels = list(axiom2_levels(score.space))
    bands = score.space.level_bands()
    sizes = {T1: len(levels), T2: 1, T3: 1, CLOSED: 1, THEOREM2: len(bands)}
    parts_left = sum(sizes[t] for t in wanted)
    # a quick falsification pass before any solver time: a hard query of test 1 may take the whole
    # budget, while the mixture tests' search refutes in a second (multiclass GPS on 3 classes)
    if search and not quick and (structure or settle is not None):  # with settle: a refutation first settles the verdict
        quick = _quick_pass(score, Pi, wanted, seed, budget)

    def refuted() -> str | None:  # the test whose refutation settles the verdict, if any
        for t in (T1, T2, T3):
            if (t in out and out[t].verdict is Verdict.REFUTED) or quick.get(t) is not None:
                return t
        return None

    test_end = float("inf")  # with ``settle``, once the verdict is settled: the end of this test's seconds

    def step(query, vacuous, searcher, portfolio_next: bool = False, known=MISSING) -> Result:
        nonlocal parts_left
        share = min(budget.share(parts_left), test_end - time.perf_counter())
        parts_left -= 1
        if share <= 0.05 and known is MISSING:
            qid, text = (query.id, query.statement) if query is not None else ("vacuous", "")
            return Result(qid, text, Verdict.UNKNOWN, 0.0, "none", reason=budget.exhausted)
        found = (known if known is not MISSING else searcher(time.perf_counter() + share / 2)) if search else None
        left = min(budget.share(parts_left + 1), test_end - time.perf_counter())
        if portfolio_next:  # the plain encoding keeps what it needs on easy cells, the portfolio the rest
            left = max(PLAIN_SHARE * left, min(left, PLAIN_MIN))
        return _run(query, vacuous, found, decider, SEARCH, left, budget.exhausted)

    try:
        for name in wanted:
            if progress is not None:
                progress(name)
            t0 = time.perf_counter()
            settled_by = refuted() if settle is not None else None
            if settled_by is not None:
                test_end = t0 + settle
            parts = []
            if name is T1:
                for s_, _low, _high in levels:
                    parts.append(step(axiom2_query(score, Pi, s_, opts), f"no pair at level s = {s_}",
                                      lambda dl, s_=s_: search_axiom2(score, Pi, s_, seed, dl)))
                    if parts[-1].verdict is Verdict.REFUTED:
                        break
            elif name in (T2, T3):
                d = 1 if name is T2 else -1
                parts.append(step(mixture_query(score, Pi, d, opts), "",
                                  lambda dl, d=d: search_mixture(score, Pi, d, seed, deadline=dl),
                                  portfolio, quick.get(name, MISSING)))
                if (portfolio and settled_by is None and parts[-1].verdict is Verdict.UNKNOWN
                        and budget.share(parts_left + 1) > 0.5):
                    parts[-1] = _with_portfolio(parts[-1], score, Pi, d, budget.share(parts_left + 1), decider, opts)
            elif name is CLOSED:
                parts.append(step(closure_query(score, Pi, opts), "",
                                  lambda dl: search_mixture(score, Pi, 0, seed, closure=True, deadline=dl)))
            else:
                for event in bands:
                    parts.append(step(theorem2_query(score, Pi, event, opts), "no performance of Π on E",
                                      lambda dl, event=event: search_theorem2(score, Pi, event, seed, dl)))
                    if parts[-1].verdict is Verdict.REFUTED:
                        break
            parts_left -= sizes[name] - len(parts)  # parts skipped after a refutation
            r = _combine(name, score, parts, time.perf_counter() - t0)
            if settled_by is not None and r.verdict is Verdict.UNKNOWN:
                detail = r.reason if budget.left <= 0.05 or budget.exhausted not in (r.reason or "") else None
                r = replace(r, reason=SETTLED.format(seconds=settle, test=short_title(settled_by)) + (f": {detail}" if detail else ""))
            out[name] = completed(score, Pi, {name: r}, domain)[name]
            if on_result is not None:
                on_result(name, out[name])
    finally:
        if own:
            decider.close()
    return ScoreReport(score, Pi, closure_rule({t: out[t] for t in TESTS if t in tests or t in out}), domain)


def _quick_pass(score: Score, Pi: PerformanceSet, wanted, seed: int, budget: Budget) -> dict[str, dict | None]:
    """The falsifying search of tests 2 and 3, briefly: {test: witness or None when the search ran to its end}."""
    quick: dict[str, dict | None] = {}
    for name, d in ((T2, 1), (T3, -1)):
        if name in wanted:
            dl = time.perf_counter() + min(QUICK_MAX, QUICK_SHARE * max(0.0, budget.left))
            found = search_mixture(score, Pi, d, seed, deadline=dl)
            if found is not None or time.perf_counter() < dl:  # found, or the search ran to its end
                quick[name] = found
    return quick


def domain_sanity(score: Score, Pi: PerformanceSet, decider: Decider, budget: float) -> tuple[Sanity, Result | None]:
    """(sanity, the solver's result when asked): an exact point of Π ∩ dom(X) found by search, else
    z3's model of "P ∈ Π ∩ dom(X)" re-validated exactly, or Π ∩ dom(X) proved empty (vacuous)."""
    P = domain_point(score, Pi)
    if P is not None:
        return Sanity(SanityKind.MODEL, {"P": P}, SEARCHED), None
    q = domain_query(score, Pi)
    if q is None:
        return Sanity(SanityKind.VACUOUS, {}, "Π has no performance"), None
    r = decider.decide(q, budget)
    if r.verdict is Verdict.REFUTED:
        return Sanity(SanityKind.MODEL, {"P": r.witness["P"]}, "z3 model of P ∈ Π ∩ dom(X), re-validated exactly"), r
    if r.verdict is Verdict.PROVED:
        return Sanity(SanityKind.VACUOUS, {}, f"{r.method} proves that no performance of Π is in dom(X)"), r
    return Sanity(SanityKind.UNDECIDED, {}, r.reason or "undecided"), r


def closure_rule(out: dict[str, Result]) -> dict[str, Result]:
    """A pair proof of test 2 or 3 stands for the paper's test only when domain closure (when it was
    asked) is proved; otherwise it becomes UNKNOWN with the reason (its certificate is kept)."""
    closure = out.get(CLOSED)
    out = dict(out)
    for name in (T2, T3):
        r = out.get(name)
        if r is not None and closure is not None and r.verdict is Verdict.PROVED and closure.verdict is not Verdict.PROVED:
            state = "refuted" if closure.verdict is Verdict.REFUTED else "undecided"
            out[name] = Result(r.id, r.statement, Verdict.UNKNOWN, r.seconds, r.method,
                               reason=NOT_CLOSED.format(closure=state), certificate=r.certificate)
    return out
