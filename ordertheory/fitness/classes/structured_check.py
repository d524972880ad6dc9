"""May this k-class score rank, at any k? Lemmas for every k first, then lifted counterexamples.

For a catalogue k-class score in structured form (:mod:`ordertheory.scores.class_score`) on Ω of k
classes with S = 1 on the diagonal, and Π = every performance or fixed class priors
(:class:`~ordertheory.sets.class_pi.ClassPi`), each test is decided, in this order, by

1. the **ranking score** lemma (:mod:`.class_importance`): X = h(R_I) on Π for every k, I in
   closed form — tests 1–3 and domain closure proved (Theorem 2's condition too when h = id);
2. the **closure** and **bounds** lemmas (:mod:`.class_lemmas`): domain closure, and test 1 and
   Theorem 2's condition of a mean of bounded class terms (four z3 queries on one class);
3. a **counterexample on 3 classes**, found by the general procedure there and lifted to k by an
   embedding (:mod:`.class_lifts`) — a refutation for every k ≥ 3 — re-validated exactly at k;
4. the **general procedure** on the formula (k ≤ :data:`~ordertheory.scores.class_score.SYMBOLIC_MAX_CLASSES`),
   for what is left; beyond, what is left is ``unknown``, with the reason.

A check on 1000 classes thus costs what the structure needs: a few symbolic identities, a few
queries on one class, a check on 3 classes, and exact values on sparse witnesses.

>>> from ordertheory.catalogue.class_forms import form_of
>>> rep = check_classes(form_of("macro_recall").at(1000), ClassPi.uniform(1000), timeout=30)
>>> rep.verdict.label, rep.tests["test2"].method
('proved', 'lemma: ranking score for every k (I(y = c, ŷ = j) = 1)')
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ordertheory.catalogue import find, get
from ordertheory.catalogue.class_forms import form_of
from ordertheory.engine.obligations import Encoding, instance
from ordertheory.engine.prove import Decider, Obligation
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.witness import TestName, Witness, WitnessKind, violated_text
from ordertheory.errors import ResourceLimit
from ordertheory.fitness.bounded_check import check_score_within
from ordertheory.fitness.classes.class_sanity import with_sanity
from ordertheory.fitness.classes.closed_importance import closed_importance
from ordertheory.fitness.classes.cost_matrix import decide, values
from ordertheory.fitness.classes.every_k_lemmas import (
    bounds_query,
    bounds_shape,
    closure_argument,
    lemma_certificates,
)
from ordertheory.fitness.classes.lifts import Embedding, embedding, violation
from ordertheory.fitness.report import TEST_TITLES, TESTS, ScoreReport
from ordertheory.performances.sparse_performance import SparsePerformance, sparse_mixture
from ordertheory.scores.class_score import SYMBOLIC_MAX_CLASSES, CellSum, ClassScore
from ordertheory.scores.score import Score
from ordertheory.sets.class_pi import ClassPi
from ordertheory.sets.performance_set import all_performances
from ordertheory.spaces.sample_space import binary, multiclass

LIFT_FROM = 3  # counterexamples are sought on 3 classes (on 2, test 3 of macro F1 holds) and lifted
PREFIX = "lemma: "
RI_LEMMAS = ("ratio-quasi-linear", "increasing-transform", "weighted-mean-upper", "weighted-mean-lower",
             "affine-sign-convex")
BOUND_LEMMAS = ("sum-of-bounds", "weighted-sum-of-bounds")
CLOSURE_LEMMAS = ("affine-sign-convex", "nonneg-polynomial-face")


def setting_of(Pi: ClassPi) -> str:
    return "all" if Pi.priors is None else "uniform" if Pi.is_uniform else "priors"


def structured(score, Pi) -> tuple[ClassScore, ClassPi] | None:
    """(ClassScore, ClassPi) when the structured check applies to ``score`` on ``Pi``: a ClassScore
    (or a catalogue k-class Score exactly as the catalogue writes it) on a crisp k-class space, and
    Π every performance or fixed class priors. None otherwise (the general procedure then runs)."""
    if isinstance(score, ClassScore):
        X = score
    elif isinstance(score, Score) and score.space.is_crisp_multiclass:
        entry, form = find(score.name), form_of(score.name)
        if entry is None or form is None or form.weighted or get(entry.slug).score(score.space) != score:
            return None
        X = form.at(score.space.classes)
    else:
        return None
    P = Pi if isinstance(Pi, ClassPi) else ClassPi.all(X.k) if Pi is None else ClassPi.of(Pi)
    return (X, P) if P is not None and P.k == X.k else None


class _Run:
    """One structured check: the budget, the results so far, one solver child for the z3 queries."""

    def __init__(self, X: ClassScore, Pi: ClassPi, timeout: float, progress) -> None:
        self.X, self.Pi, self.setting = X, Pi, setting_of(Pi)
        self.deadline = time.perf_counter() + timeout
        self.out: dict[str, Result] = {}
        self.progress = progress
        self.decider = Decider(timeout, tactics=(None,))  # the package's one decider (its shared worker)

    @property
    def left(self) -> float:
        return self.deadline - time.perf_counter()

    def say(self, phase: str) -> None:
        if self.progress is not None:
            self.progress(phase)

    def put(self, test: str, verdict: Verdict, method: str, t0: float, witness=None, reason=None, certificate=()):
        statement = f"{TEST_TITLES[test]} for {self.X.text} on Π = {self.Pi.label}"
        self.out[test] = Result(test, statement, verdict, time.perf_counter() - t0, method, witness, reason,
                                tuple(certificate))

    def close(self) -> None:
        self.decider.close()


def _ranking_score(run: _Run, wanted) -> None:
    t0 = time.perf_counter()
    I = closed_importance(run.X.form, run.setting)
    if I is None:
        return
    method = f"{PREFIX}ranking score for every k ({I.importance_text})"
    reason = f"{I.transform_text} on Π for every k ≥ 2; {I.domain}"
    certs = lemma_certificates(RI_LEMMAS)
    for t in wanted:
        if t == TestName.THEOREM2 and I.transform is not None:
            continue  # h ≠ id moves the values: the bands' bounds are not R_I's
        run.put(t, Verdict.PROVED, method, t0, reason=reason, certificate=certs)


def _closure(run: _Run) -> None:
    t0 = time.perf_counter()
    lines = closure_argument(run.X)
    if lines is not None:
        run.put(TestName.DOMAIN_CLOSED, Verdict.PROVED, f"{PREFIX}closure for every k (non-negative polynomials)", t0,
                reason="; ".join(lines[:-1]) or "no condition", certificate=lemma_certificates(CLOSURE_LEMMAS))


def bounds_certificates(X: ClassScore, decider: Decider, left) -> tuple[tuple[str, str], ...] | None:
    """The four facts of the bounds lemma about X's class term, proved by ``decider`` (their
    SMT-LIB certificates), or None when X is not a mean of one class term or a fact is not proved.
    ``left()`` is the time left."""
    b = bounds_shape(X)
    if b is None:
        return None
    g = Score.from_term(binary(), b.g, name=f"{X.name}: one class's term")
    Pi = all_performances(binary())  # one class's tn, fp, fn, tp: a binary performance, whatever k
    certs = []
    for fact in b.facts():
        fid, text, support, _rel, _bound = fact
        inst = instance(Pi, "c", support)
        if inst is None or left() <= 0.1:
            return None
        ob = Obligation.counterexample(f"{X.name}.class-term.{fid}", f"{text} ({X.name}, any class, any k)",
                                       lambda env, fact=fact, inst=inst: bounds_query(b, fact, env, inst,
                                                                                       Encoding(env, g)))
        r = decider.decide(ob, min(10.0, left() / 2))
        if r.verdict is not Verdict.PROVED:
            return None
        certs.extend(r.certificate)
    return tuple(certs) + lemma_certificates(BOUND_LEMMAS)


BOUNDS_REASON = ("X is the {how} of one class term g with 0 ≤ g ≤ 1, g = 0 where tp = 0 and g = 1 where fp = fn = 0 "
                 "(z3, one class); P(S ≤ 0) = 1 gives X = 0, P(S ≥ 1) = 1 gives X = 1")


def _bounds(run: _Run, wanted) -> None:
    t0 = time.perf_counter()
    certs = bounds_certificates(run.X, run.decider, lambda: run.left)
    if certs is None:
        return
    reason = BOUNDS_REASON.format(how="prior-weighted mean" if bounds_shape(run.X).weighted else "mean")
    for t in (TestName.TEST1, TestName.THEOREM2):
        if t in wanted:
            run.put(t, Verdict.PROVED, f"{PREFIX}per-class bounds for every k", t0, reason=reason, certificate=certs)


def _linear(run: _Run, wanted) -> None:
    """A linear score on every performance: tests 2, 3 by linearity, test 1 and Theorem 2's
    condition at the Dirac measures (:mod:`.class_linear`)."""
    V = values(run.X) if run.setting == "all" else None
    if V is None:
        return
    t0 = time.perf_counter()
    certs = lemma_certificates(("affine-mixture",))
    for t in (TestName.TEST2, TestName.TEST3, TestName.DOMAIN_CLOSED):
        if t in wanted:
            run.put(t, Verdict.PROVED, f"{PREFIX}linear score for every k (X(mixture) = mixture of X)", t0,
                    reason="X = Σ_ij V_ij·P(i, j) is linear in P; no condition", certificate=certs)
    for t, (holds, w, why) in decide(V).items():
        if t not in wanted:
            continue
        if holds:
            run.put(t, Verdict.PROVED, f"{PREFIX}linear score: extremes at the Dirac measures, for every k", t0, reason=why)
            continue
        items = {key: (SparsePerformance.vertex(V.k, *v) if key in ("P1", "P2", "P") else v) for key, v in w.items()}
        if violation(t, run.X, run.Pi, dict(items)):
            run.put(t, Verdict.REFUTED, f"{PREFIX}linear score: Dirac measures, validated exactly at k = {V.k}", t0,
                    witness=_witness(t, run.X, items), reason=why)


def _small(X: ClassScore, Pm: ClassPi) -> Score:
    entry = find(X.name)
    space = multiclass(Pm.k)
    return get(entry.slug).score(space) if entry is not None else X.form.at(Pm.k).symbolic(space)


def _lift_items(test: str, w, e: Embedding, Pi: ClassPi, sp) -> dict | None:
    if test == TestName.TEST1:
        return {"s": w["s"], "P1": e.lift(w["P1"], Pi), "P2": e.lift(w["P2"], Pi)}
    if test == TestName.THEOREM2:
        levels = sorted({sp.S(o) for o in w["event"]})
        return {"band": (levels[0], levels[-1]), "P": e.lift(w["P"], Pi)}
    return {"P1": e.lift(w["P1"], Pi), "P2": e.lift(w["P2"], Pi), "lambda": w["lambda"]}


def _witness(test: str, X: ClassScore, items: dict) -> Witness:
    kind = WitnessKind(test)
    items = dict(items)
    if "lambda" in items:
        items["M"] = sparse_mixture(items["P1"], items["P2"], items["lambda"])
    values = {key: X.value_or_none(P) for key, P in items.items() if key in ("P1", "P2", "M", "P")}
    if test == TestName.THEOREM2:
        lo, hi = items.pop("band")
        items["event"] = [{(0, 0): "S = 0 (every cell off the diagonal)", (1, 1): "S = 1 (the diagonal)"}.get(
            (lo, hi), "Ω")]
        violated = f"{lo} ≤ X(P) ≤ {hi} on E = {{{items['event'][0]}}}"
    else:
        violated = violated_text(kind)
    return Witness(kind, items, values, violated)


@dataclass(frozen=True)
class Lifted:
    """A counterexample on m classes (the general procedure there) and its image on k classes,
    re-validated exactly; ``every_k`` when an embedding's identity carries it to every k ≥ m."""

    test: str
    embedding: Embedding
    every_k: bool
    small: Result  # the refutation on m classes
    witness: Witness  # on k classes, sparse


def lifted_refutations(X: ClassScore, Pi: ClassPi, tests, timeout: float, m: int = LIFT_FROM) -> list[Lifted]:
    """Refutations of ``tests`` for X on Π found on m classes and lifted to X's k (re-validated)."""
    setting = setting_of(Pi)
    e = embedding(X.form, setting, m)
    emb = e if e is not None else Embedding("pad", m, (), 0, 0)  # a candidate: validated at k only
    asked = [t for t in tests if (e is not None and t in e.tests) or (e is None and t in (TestName.TEST2, TestName.TEST3,
                                                                                          TestName.DOMAIN_CLOSED))]
    if not asked or X.k <= m or timeout <= 1 or any(isinstance(s, CellSum) for s in X.form.sums):
        return []  # (a listed-cells sum names cells of k classes: no m-class form to search)
    Pm = emb.small_pi(Pi)
    score = _small(X, Pm)
    try:
        rep = check_score_within(score, Pm.performance_set(), timeout=timeout, tests=tuple(asked))
    except ResourceLimit:
        return []
    out = []
    for t in asked:
        r = rep.tests.get(t)
        if r is None or r.verdict is not Verdict.REFUTED or not isinstance(r.witness, Witness):
            continue
        items = _lift_items(t, r.witness, emb, Pi, score.space)
        if violation(t, X, Pi, dict(items)):
            out.append(Lifted(t, emb, e is not None, r, _witness(t, X, items)))
    return out


def _lifted(run: _Run, wanted, m: int) -> None:
    """Counterexamples on m classes (the general procedure there), lifted to k and re-validated."""
    if run.left <= 1:
        return
    t0 = time.perf_counter()
    run.say(f"counterexamples on {m} classes")
    X, k = run.X, run.X.k
    for lf in lifted_refutations(X, run.Pi, wanted, run.left / 2, m):
        if lf.every_k:
            phi = lf.embedding.phi(k, run.Pi).replace("x", f"X_{m}(P)")
            method = (f"{PREFIX}counterexample on {m} classes lifted to every k ≥ {m} ({lf.embedding.kind} embedding, "
                      f"X_k(e_k(P)) = {phi}), validated exactly at k = {k}")
        else:
            method = (f"counterexample on {m} classes padded with perfect classes, validated exactly at k = {k} "
                      "(no statement for other k)")
        run.put(lf.test, Verdict.REFUTED, method, t0, witness=lf.witness, reason=f"on {m} classes: {lf.small.method}")


def _general(run: _Run, wanted, score: Score | None) -> None:
    """The general procedure on the formula, for what no lemma decided (small k only)."""
    X = run.X
    if X.k > SYMBOLIC_MAX_CLASSES:
        for t in wanted:
            run.put(t, Verdict.UNKNOWN, "none", time.perf_counter(),
                    reason=(f"no structured lemma decides it for every k, and the general procedure needs the "
                            f"formula on k² = {X.k * X.k} outcomes (at most {SYMBOLIC_MAX_CLASSES} classes)"))
        return
    if run.left <= 0.1:
        for t in wanted:
            run.put(t, Verdict.UNKNOWN, "none", time.perf_counter(),
                    reason=f"no time left within the check's budget ({run.budget:.1f} s)")
        return
    run.say("general procedure")
    try:
        score = score or X.symbolic()
        rep = check_score_within(score, run.Pi.performance_set(), timeout=run.left, tests=tuple(wanted))
    except ResourceLimit as exc:  # past a guard of the general procedure: unknown, with its reason
        for t in wanted:
            run.put(t, Verdict.UNKNOWN, "none", time.perf_counter(), reason=str(exc))
        return
    for t in wanted:
        if t in rep.tests:
            run.out[t] = rep.tests[t]


def check_classes(X: ClassScore, Pi: ClassPi, timeout: float = 30.0, tests=TESTS, progress=None,
                  score: Score | None = None, lift_from: int = LIFT_FROM) -> ScoreReport:
    """Decide ``tests`` for X on Π within ``timeout`` seconds (see the module for the order).
    ``score`` is X's formula when the caller has it (small k), for the general procedure."""
    run = _Run(X, Pi, timeout, progress)
    run.budget = timeout
    wanted = [t for t in TESTS if t in tests]
    if (TestName.TEST2 in wanted or TestName.TEST3 in wanted) and TestName.DOMAIN_CLOSED not in wanted:
        wanted.append(TestName.DOMAIN_CLOSED)
    try:
        for phase, step in (("ranking score for every k", lambda w: _ranking_score(run, w)),
                            ("closure for every k", lambda w: _closure(run) if TestName.DOMAIN_CLOSED in w else None),
                            ("per-class bounds", lambda w: _bounds(run, w)),
                            ("linear score", lambda w: _linear(run, w)),
                            (f"counterexamples lifted from {lift_from} classes", lambda w: _lifted(run, w, lift_from)),
                            ("general procedure", lambda w: _general(run, w, score))):
            left = [t for t in wanted if t not in run.out]
            if not left:
                break
            run.say(phase)
            step(left)
    finally:
        run.close()
    out = {t: run.out[t] for t in TESTS if t in run.out and (t in tests or t == TestName.DOMAIN_CLOSED)}
    return ScoreReport(X, Pi, *with_sanity(X, Pi, out))  # a sanity model per proved test (issue 34)


__all__ = ["BOUNDS_REASON", "LIFT_FROM", "Lifted", "bounds_certificates", "check_classes", "lifted_refutations",
           "setting_of", "structured"]
