"""Witnesses on a few of Ω's own levels, lifted to Ω of any number of levels and re-validated there.

An order-only score (ROC AUC, AP, PR AUC, max F1, max informedness) or the binned ECE on Ω =
{negative, positive} × L levels reads a performance through its occupied levels only: a performance
whose mass sits on K of the L levels has the value it has on the sub-space of those K levels (the
terms of the empty levels are 0; the precisions of AP and PR AUC are those of the next occupied level,
and their domain as written asks for the top level, which is always among the K). So the general
procedure (:func:`~ordertheory.fitness.check.check_score`) runs on ``scored:`` of K = 4 of Ω's own
levels — their values, hence S and the ECE's bins, are Ω's — at Π's prior; each witness it finds is put
on Ω (outcome y{c}_s{i} of the sub-space → y{c}_s{l_i}) and **re-validated on Ω**, exactly, with the
score's per-sample form and Ω's levels: a refutation for Ω as it stands. A proof on K levels says
nothing about L: those tests are proved only by a lemma that holds at every L (the ECE is −Σ|linear|
as a gain, concave: test 3, lemma ``sum-of-abs-convex``; max F1 is a max of ratios of linear forms:
test 2, ``max-of-quasi-convex``), else unknown with the reason.

>>> from ordertheory.catalogue.scoring.level_score import LevelScore, sample_name
>>> from ordertheory.spaces.sample_space import scored
>>> from fractions import Fraction
>>> out = lifted_results(LevelScore(sample_name("roc_auc"), scored(5000)), (Fraction(1, 2),) * 2, "prior=0.5", 30,
...                      ("test2", "test3"))
>>> out["test2"].verdict.label, "on Ω of 5000 levels" in out["test2"].method
('refuted', True)
"""

from __future__ import annotations

import time
from fractions import Fraction

from ordertheory.catalogue import get
from ordertheory.catalogue.scoring import ece_entry
from ordertheory.catalogue.scoring.level_score import LevelScore
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.engine.witness import TestName, Witness, WitnessKind, violated_text
from ordertheory.errors import OrderTheoryError
from ordertheory.fitness.bounded_check import check_score_within
from ordertheory.fitness.piecewise import lemma
from ordertheory.fitness.report import TEST_TITLES
from ordertheory.fitness.structure.expectation import certificates
from ordertheory.performances.level_performance import LevelPerformance
from ordertheory.sets.performance_set import all_performances, fixed_prior
from ordertheory.spaces.sample_space import scored

SUB_LEVELS = 4  # the sub-space's levels: the general procedure finds the witnesses of scored:4 within a second
SUB_SECONDS = 20.0  # at most this long on them when they are a part of Ω (a witness or nothing)
MIXTURES = (TestName.TEST2, TestName.TEST3)
#: tests proved at every L by a lemma: (slug, test) -> (the piecewise lemma, its argument)
EVERY_L = {("ece", TestName.TEST3): ("sum-of-abs-convex", "the gain −ECE = −Σ_b |linear form of P| is concave "
                                     "(the triangle inequality), hence quasi-concave, on every Ω"),
           ("max_f1", TestName.TEST2): ("max-of-quasi-convex", "max F1 is the max over the thresholds of ratios of "
                                        "linear forms 2TP_j/(TP_j + FP_j + π₊), each quasi-linear (ratio-quasi-linear)")}
CLOSURE = {"roc_auc": "nonneg-polynomial-face", "max_informedness": "nonneg-polynomial-face"}


def _sub_levels(L: int) -> list[int]:
    """K of the L levels, spread over them, the top one always among them."""
    return sorted({round(i * (L - 1) / (SUB_LEVELS - 1)) for i in range(SUB_LEVELS)})


def _lift(P, index: list[int], space) -> LevelPerformance:
    """A performance of the sub-space put on Ω: level i of the sub-space is level index[i] of Ω."""
    cells = {}
    for o, p in P.as_dict().items():
        if p:
            c, _, i = o.partition("_s")
            cells[f"{c}_s{index[int(i)]}"] = p
    return LevelPerformance.of(space, cells)


def _revalidated(X: LevelScore, test: str, w, index: list[int], priors) -> Witness | None:
    """The sub-space witness ``w`` on Ω, when it is one there (checked exactly on Ω)."""
    Y = X.oriented()
    P1, P2 = _lift(w["P1"], index, X.space), _lift(w["P2"], index, X.space)
    if priors is not None and not (P1.prior == P2.prior == priors[1]):
        return None
    if test == TestName.TEST1:
        s = w["s"]
        x1, x2 = Y.value(P1), Y.value(P2)
        if None in (x1, x2) or not (all(v <= s for v in P1.satisfaction()) and all(v >= s for v in P2.satisfaction())):
            return None
        return Witness(WitnessKind.AXIOM2, {"s": s, "P1": P1, "P2": P2}, {"P1": x1, "P2": x2},
                       violated_text(WitnessKind.AXIOM2)) if x1 > x2 else None
    lam = w["lambda"]
    M = P1.mix(P2, lam)
    x1, x2, xm = Y.value(P1), Y.value(P2), Y.value(M)
    if None in (x1, x2, xm):
        return None
    broken = xm > max(x1, x2) if test == TestName.TEST2 else xm < min(x1, x2)
    kind = WitnessKind.MIXTURE_ABOVE if test == TestName.TEST2 else WitnessKind.MIXTURE_BELOW
    return Witness(kind, {"P1": P1, "P2": P2, "lambda": lam, "M": M}, {"P1": x1, "P2": x2, "M": xm},
                   violated_text(kind)) if broken else None


def lifted_results(X: LevelScore, priors, label: str, timeout: float, tests) -> dict[str, Result]:
    """The results of ``tests`` for the order-only or binned score ``X`` (see the module)."""
    t0 = time.perf_counter()
    L = X.space.level_count
    index = _sub_levels(L) if L > SUB_LEVELS else list(range(L))
    sub = scored(levels=[X.space.q[i] for i in index])
    entry = ece_entry(X.sample.bins) if X.sample.base == "ece" else get(X.sample.slug)
    Xs = entry.score(sub).negated() if X.sample.negated else entry.score(sub)
    Pi = all_performances(sub) if priors is None else fixed_prior(sub, priors[1])
    asked = tuple(t for t in (TestName.TEST1, TestName.TEST2, TestName.TEST3) if t in tests)
    whole = len(index) == L  # the sub-space is Ω itself: its proofs are Ω's
    try:
        # on the whole Ω every answer counts; on a part of it only witnesses do: no prover portfolio there
        rep = check_score_within(Xs.oriented(), Pi, timeout=max(1.0, 0.8 * timeout if whole else min(0.8 * timeout,
                                                                                                 SUB_SECONDS)),
                                 tests=asked, portfolio=whole, structure=None if whole else False)
        sub_tests = rep.tests
    except OrderTheoryError as exc:
        sub_tests = {t: Result(t, "", Verdict.UNKNOWN, 0.0, "none", reason=str(exc)) for t in asked}
    out: dict[str, Result] = {}
    where = f"on Ω of {L} levels"
    for t in asked:
        r = sub_tests.get(t)
        statement = f"{TEST_TITLES[t]} on Π = {label} ({X.space.name})"
        took = time.perf_counter() - t0
        if r is not None and whole:
            out[t] = r
            continue
        if r is not None and r.verdict is Verdict.REFUTED and isinstance(r.witness, Witness):
            w = _revalidated(X, t, r.witness, index, priors)
            if w is not None:
                out[t] = Result(t, statement, Verdict.REFUTED, took, f"witness found on {len(index)} of Ω's levels "
                                f"({r.method}), lifted and re-validated exactly {where}", w)
                continue
        every = EVERY_L.get((X.sample.base, t))
        if every is not None:
            proof = lemma(every[0])
            sanity = Sanity(SanityKind.MODEL, {"P1": _any(X, priors), "P2": _any(X, priors), "lambda": Fraction(1, 2)},
                            "a point of Π, checked exactly")
            out[t] = Result(t, statement, Verdict.PROVED, took, f"lemma: {every[0]} (every number of levels)", None,
                            every[1], proof.certificate, sanity=sanity)
            continue
        why = (f"not refuted on {len(index)} of Ω's levels ({r.verdict.label if r else 'not run'}"
               f"{': ' + r.reason if r is not None and r.reason else ''}); a proof there says nothing about {L} levels, "
               f"and no lemma for every number of levels decides it: Ω of {L} levels is not written out")
        out[t] = Result(t, statement, Verdict.UNKNOWN, took, "none", reason=why)
    if TestName.THEOREM2 in tests:
        out[TestName.THEOREM2] = Result(TestName.THEOREM2, TEST_TITLES[TestName.THEOREM2], Verdict.UNKNOWN, 0.0, "none",
                                        reason="not decided for a score that is not an expectation on a space this "
                                               "large (a sufficient condition; tests 1–3 decide fitness)")
    if MIXTURES[0] in tests or MIXTURES[1] in tests:
        out[TestName.DOMAIN_CLOSED] = _closure(X, priors, label, t0)
    return out


def _any(X: LevelScore, priors) -> LevelPerformance:
    """A point of Π ∩ dom(X): positives at the top level (the negatives at the bottom one, at Π's prior, or half
    the mass when the domain asks for both classes)."""
    top = f"y1_s{X.space.level_count - 1}"
    if priors is None:
        both = any("π₋" in c for c in X.conditions)
        return LevelPerformance.of(X.space, {"y0_s0": Fraction(1, 2), top: Fraction(1, 2)} if both else {top: 1})
    return LevelPerformance.of(X.space, {"y0_s0": priors[0], top: priors[1]})


def _closure(X: LevelScore, priors, label: str, t0: float) -> Result:
    """dom(X) closed under mixtures: every condition a non-negative linear form ≠ 0 (or a product of two)."""
    statement = f"{TEST_TITLES[TestName.DOMAIN_CLOSED]} on Π = {label} ({X.space.name})"
    name = CLOSURE.get(X.sample.base, "affine-sign-convex")
    certs = certificates(name) if X.conditions else ()
    reason = ("no condition" if not X.conditions else
              f"{' and '.join(X.conditions)}: non-negative linear forms of P (a product of two for π₋·π₊)")
    sanity = Sanity(SanityKind.MODEL, {"P1": _any(X, priors), "P2": _any(X, priors), "lambda": Fraction(1, 2)},
                    "a point of Π ∩ dom(X), checked exactly")
    return Result(TestName.DOMAIN_CLOSED, statement, Verdict.PROVED, time.perf_counter() - t0,
                  f"lemma: {name} (every number of levels)", None, reason, certs, sanity=sanity)
