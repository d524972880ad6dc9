"""Decide the published equivalence claims of :mod:`ordertheory.paper.literature` at run time.

A claim "X orders Π like Y" is decided by :func:`ordertheory.analyses.compare.compare.compare_scores` on a
numeric Π and by :func:`ordertheory.analyses.compare.symbolic.compare_symbolic` at a symbolic prior
p or rate τ (a proof for every value, or an exact witness at one value); "X orders Π like some
ranking score" by the importance derivation. A wrong claim is REFUTED with its witness and the
package's corrected statement: what X does order like on Π, and under which of the constraints
(fixed priors, fixed rates) the claim holds after all.

>>> from ordertheory.paper.literature import CLAIMS
>>> r = decide_claim(next(c for c in CLAIMS if c.id == "sorbetto/jaccard_f1"), timeout=20)
>>> r.verdict.label, r.method
('proved', 'z3')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import sympy

from ordertheory.analyses.compare.compare import Agreement, compare_scores
from ordertheory.analyses.compare.symbolic import compare_symbolic, instantiate, parameters_of
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.importance import ImportanceDerivation, ImportanceKind
from ordertheory.catalogue import find
from ordertheory.engine.result import Result, Verdict
from ordertheory.paper.literature import CLAIMS, Claim
from ordertheory.scores.expression import parse_term
from ordertheory.scores.formula import Term
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet, all_performances, fixed_prior, fixed_rate
from ordertheory.spaces.sample_space import SampleSpace, binary

SYMBOLS = {"p": sympy.Symbol("p", positive=True), "tau": sympy.Symbol("tau", positive=True)}
FIT = (ImportanceKind.RANKING_SCORE, ImportanceKind.MONOTONE_TRANSFORM)


def setting_set(setting: str, space: SampleSpace | None = None) -> PerformanceSet:
    """Π of a claim: ``all``, ``prior=P`` or ``rate=T`` (P, T a number or the symbol p / tau)."""
    space = space or binary()
    if setting == "all":
        return all_performances(space)
    kind, _, value = setting.partition("=")
    return {"prior": fixed_prior, "rate": fixed_rate}[kind](space, value)


def claim_score(text: str, space: SampleSpace) -> Score:
    """A catalogue slug, or a formula that may use the symbols p and tau (trusted module data)."""
    key = text.strip()
    if key.isidentifier() and find(key) is not None:
        return find(key).score(space)
    term = parse_term(key, space, extra={k: Term(v) for k, v in SYMBOLS.items()})
    params = tuple(v for v in SYMBOLS.values() if v in term.expr.free_symbols)
    return Score.from_term(space, term, name=key, text=key, parameters=params)


def describe(d: ImportanceDerivation) -> str:
    """What the derivation found, in one line."""
    if d.kind in FIT:
        imp = ", ".join(f"{o}: {sympy.factor(v)}" for o, v in d.importance.items())
        g = "" if d.transform is None else f" = g(R_I), g(r) = {d.transform} ({d.monotone})"
        return f"X{g or ' = R_I'} with I = ({imp})"
    if d.kind is ImportanceKind.NONE:
        return f"X orders Π like no ranking score ({d.reason})"
    return f"X: {d.kind.value} ({d.reason})"


def _agreement_result(claim: Claim, c, t0: float) -> tuple[Verdict, str, object]:
    """(verdict, method, witness) of a same/reversed/different claim from a comparison."""
    want = Agreement(claim.relation) if claim.relation != "different" else Agreement.DIFFERENT
    got = c.kind
    if got is Agreement.UNKNOWN:
        return Verdict.UNKNOWN, c.reason or "undecided", None
    if want is Agreement.DIFFERENT:
        return (Verdict.PROVED if got is Agreement.DIFFERENT else Verdict.REFUTED), c.method or got.value, c.witness
    if got is want:
        return Verdict.PROVED, c.method, None
    return Verdict.REFUTED, c.method, c.witness


def _compare(X: Score, Y: Score, Pi: PerformanceSet, timeout: float):
    if parameters_of(Pi):
        return compare_symbolic(X, Y, Pi, timeout=timeout)
    return compare_scores(X, Y, Pi, timeout=timeout)


def _corrected(claim: Claim, X: Score, Y: Score | None, Pi: PerformanceSet, kind: Agreement | None,
               timeout: float) -> str:
    """The statement that holds instead: what the comparison found, what X orders like on Π, and
    the constraints under which the claim itself holds (each decided here)."""
    parts = []
    if kind is not None and kind is not Agreement.UNKNOWN:
        parts.append(f"X and Y order Π = {Pi.label} {'differently' if kind is Agreement.DIFFERENT else kind.value}")
    d = derive_importance(X, instantiate(Pi, dict.fromkeys(parameters_of(Pi), sympy.Rational(1, 5)))
                          if parameters_of(Pi) and not _symbolic_ok(X, Pi) else Pi, timeout=timeout / 4)
    parts.append(describe(d))
    if Y is not None and claim.setting == "all" and claim.relation in ("same", "reversed"):
        for setting in ("prior=p", "rate=tau"):
            c = compare_symbolic(X, Y, setting_set(setting, X.space), timeout=3 * timeout / 8)
            if c.kind is Agreement(claim.relation):
                parts.append(f"the claim holds at {setting} ({c.method})")
    return "; ".join(parts)


def _symbolic_ok(X: Score, Pi: PerformanceSet) -> bool:
    return not X.parameters or set(X.parameters) <= set(parameters_of(Pi))


def decide_claim(claim: Claim, timeout: float = 60.0) -> Result:
    """One claim: PROVED, REFUTED (witness, corrected statement) or UNKNOWN (reason)."""
    t0 = time.perf_counter()
    Pi = setting_set(claim.setting)
    X = claim_score(claim.X, Pi.space)
    stmt = f"{claim.statement} [{claim.source}]"
    if claim.relation == "exists":
        d = derive_importance(X, Pi, timeout=timeout / 2)
        if d.kind in FIT and d.monotone != "decreasing":
            return Result(claim.id, stmt, Verdict.PROVED, time.perf_counter() - t0,
                          f"importance derivation on Π = {Pi.label} (sympy): {describe(d)}")
        if d.kind in (ImportanceKind.UNKNOWN,) or (d.kind is ImportanceKind.NONE and not d.verified):
            return Result(claim.id, stmt, Verdict.UNKNOWN, time.perf_counter() - t0, "importance derivation",
                          reason=d.reason)
        witness = d.reason if d.kind is not ImportanceKind.MONOTONE_TRANSFORM else None
        if d.kind is ImportanceKind.NONE and parameters_of(Pi):  # the refutation is at a value of p / τ
            witness = d.reason
        corrected = (f"X orders Π in reverse of R_I: {describe(d)}" if d.kind in FIT
                     else f"X orders Π like no ranking score: {d.reason}")
        return Result(claim.id, stmt, Verdict.REFUTED, time.perf_counter() - t0, "importance derivation",
                      witness, corrected=corrected)
    Y = claim_score(claim.Y, Pi.space)
    c = _compare(X, Y, Pi, 0.75 * timeout)
    verdict, method, witness = _agreement_result(claim, c, t0)
    corrected = None
    if verdict is Verdict.REFUTED:
        corrected = _corrected(claim, X, Y, Pi, c.kind, max(timeout / 3, timeout - (time.perf_counter() - t0)))
    reason = c.reason if verdict is Verdict.UNKNOWN else None
    return Result(claim.id, stmt, verdict, time.perf_counter() - t0, method, witness, reason, corrected=corrected)


def check_literature(claims: Sequence[Claim] = CLAIMS, timeout: float = 60.0,
                     progress: Callable[[Result], None] | None = None) -> list[Result]:
    """Every claim in order, each within ``timeout`` seconds."""
    out = []
    for claim in claims:
        r = decide_claim(claim, timeout)
        if progress is not None:
            progress(r)
        out.append(r)
    return out
