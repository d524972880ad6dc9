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
>>> from ordertheory.performance_set import all_performances
>>> rep = check_score(get("accuracy").score(), timeout=20)
>>> [rep.tests[t].verdict.label for t in ("test1", "test2", "test3")]
['proved', 'proved', 'proved']
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import sympy

from ordertheory.catalogue import Entry, as_score
from ordertheory.encoding.z3_backend import Env, IsolatedSolver, Unsupported
from ordertheory.encoding.z3_run import z3_version
from ordertheory.engine import cache, falsify, witness
from ordertheory.engine.faces import vertex_sample
from ordertheory.engine.obligations import DEFAULT, Encoding, Options, Query, _fractions, _mix, instance
from ordertheory.engine.result import Result, Verdict, jsonable
from ordertheory.engine.sanity import SEARCHED, Sanity, SanityKind, domain_point, in_frame
from ordertheory.engine.witness import Witness, WitnessKind
from ordertheory.errors import ResourceLimit
from ordertheory.guards import check_decidable
from ordertheory.performance_set import PerformanceSet, all_performances
from ordertheory.scores import Score
from ordertheory.theory.axioms import axiom2_levels, axiom2_violation

TESTS = ("test1", "test2", "test3", "theorem2_condition", "domain_closed")
FIT_TESTS = ("test1", "test2", "test3", "domain_closed")  # Theorem 3 with Φ = conv
VERDICT_LINE = {Verdict.PROVED: "=> fit for ranking on Π (Theorems 1–3 with Φ = conv)",
                Verdict.REFUTED: "=> NOT fit for ranking on Π: see the counterexample above",
                Verdict.UNKNOWN: "=> undecided: see the reasons above"}
VACUOUS_LINE = ("=> vacuous on Π: Π ∩ dom(X) is empty — the score is defined nowhere on Π, so it ranks "
                "nothing there (every test holds vacuously; not 'fit for ranking')")
TEST_TITLES = {
    "test1": "test 1 (Axiom 2 on Π)",
    "test2": "test 2 (mixtures never exceed the better end)",
    "test3": "test 3 (mixtures never fall below the worse end)",
    "theorem2_condition": "Theorem 2's sufficient condition",
    "domain_closed": "domain closed under mixtures",
}


@dataclass(frozen=True)
class ScoreReport:
    """All tests of one score on one Π."""

    score: Score
    Pi: PerformanceSet
    tests: dict[str, Result]
    domain: Sanity | None = None  # Π ∩ dom(X) ≠ ∅ shown by an exact point, or proved empty (vacuous)

    @property
    def verdict(self) -> Verdict:
        """Fit for ranking on Π: the three tests and domain closure (Theorem 3 with Φ = conv)."""
        return Verdict.conjunction(self.tests[t].verdict for t in FIT_TESTS if t in self.tests)

    @property
    def vacuous(self) -> bool:
        """Π ∩ dom(X) is empty: every test holds vacuously, and X ranks nothing on Π."""
        return self.domain is not None and self.domain.vacuous

    @property
    def fit_for_ranking(self) -> bool | None:
        """True when proved, False when refuted, None when undecided — or vacuous (Π ∩ dom(X) = ∅)."""
        if self.vacuous:
            return None
        return {Verdict.PROVED: True, Verdict.REFUTED: False}.get(self.verdict)

    def __str__(self) -> str:
        lines = [f"score: {self.score.text or self.score.name}",
                 f"domain (as written): {' and '.join(str(c) for c in self.score.conditions) or 'every performance'}",
                 f"Π: {self.Pi.label} on {self.score.space.name}"]
        for t, r in self.tests.items():
            lines.append(f"  {TEST_TITLES[t]:<52} {r.verdict.value.upper():<8} ({r.method}, {r.seconds:.2f} s)")
            if isinstance(r.witness, Witness):
                lines += ["      " + x for x in r.witness.lines()]
            if r.reason and r.verdict is Verdict.UNKNOWN:
                lines.append(f"      reason: {r.reason}")
        lines.append(VACUOUS_LINE if self.vacuous else VERDICT_LINE[self.verdict])
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """A table for notebooks: one row per test, with the witness when refuted."""
        import html

        rows = "".join(
            f"<tr><td>{TEST_TITLES[t]}</td><td><b>{r.verdict.label}</b></td><td>{html.escape(r.method)}</td>"
            f"<td>{html.escape('; '.join(r.witness.lines()) if isinstance(r.witness, Witness) else (r.reason or ''))}</td></tr>"
            for t, r in self.tests.items())
        return (f"<p>{html.escape(self.score.name)} on Π = {html.escape(self.Pi.label)}: "
                f"<b>{self.verdict.label}</b></p><table><tr><th>test</th><th>verdict</th><th>method</th>"
                f"<th>witness / reason</th></tr>{rows}</table>")

    def to_frame(self):
        """One row per test (pandas, the optional ``frames`` extra): verdict, method, seconds, the
        witness as text or the reason."""
        try:
            import pandas as pd
        except ImportError:
            from ordertheory.errors import InvalidInput

            raise InvalidInput("to_frame needs pandas: pip install 'ordertheory[frames]'") from None
        rows = [{"test": t, "verdict": r.verdict.value, "method": r.method, "seconds": r.seconds,
                 "witness": "; ".join(r.witness.lines()) if isinstance(r.witness, Witness) else None,
                 "reason": r.reason} for t, r in self.tests.items()]
        return pd.DataFrame(rows).set_index("test")

    def to_json(self) -> dict:
        out = {"score": self.score.text or self.score.name, "space": self.score.space.name,
               "Pi": self.Pi.label, "constraints": [str(c) for c in self.Pi.constraints],
               "domain": [str(c) for c in self.score.conditions],
               "verdict": self.verdict.value, "fit_for_ranking": self.fit_for_ranking, "vacuous": self.vacuous,
               "domain_sanity": None if self.domain is None else self.domain.to_json()}
        for t, r in self.tests.items():
            out[t] = {"verdict": r.verdict.value, "witness": jsonable(r.witness), "reason": r.reason,
                      "method": r.method, "seconds": round(r.seconds, 3)}
        return out


# --- the queries ------------------------------------------------------------------------------------
def axiom2_query(score: Score, Pi: PerformanceSet, s: Fraction, opts: Options = DEFAULT) -> Query | None:
    """Counterexamples to test 1 at level s; None when no such pair exists in Π at all."""
    sp = score.space
    _, low, high = next(level for level in axiom2_levels(sp) if level[0] == s)
    i1, i2 = instance(Pi, "1", low, opts), instance(Pi, "2", high, opts)
    if i1 is None or i2 is None:
        return None

    def build(env: Env) -> list:
        E = Encoding(env, score, nd=opts.nd)
        f = E.point(i1) + E.point(i2)
        (d1, e1), (d2, e2) = E.in_domain(i1.mapping, i1.params), E.in_domain(i2.mapping, i2.params)
        if e1 or e2:  # no performance of this shape is in dom(X): nothing to refute
            return [env.BoolVal(False)]
        x1, x2 = E.value(i1.mapping, i1.params, "x_1"), E.value(i2.mapping, i2.params, "x_2")
        return f + [d1, d2, x1 > x2] + E.finish()

    def decode(vals):
        return {"s": s, "P1": i1.performance(sp, vals), "P2": i2.performance(sp, vals)}

    return Query(
        f"test1[s={s}]", f"for {score.name} on Π = {Pi.label}: P1(S ≤ {s}) = 1 and P2(S ≥ {s}) = 1 "
        "in Π ∩ dom(X) imply X(P1) ≤ X(P2)", build, decode,
        lambda w: axiom2_violation(score, Pi, s, w["P1"], w["P2"]),
        [p.name for p in i1.params + i2.params], not score.is_algebraic)


@dataclass
class _Pair:
    """Two symbolic performances of Π, a weight λ and their mixture: the frame of tests 2, 3
    and of the domain closure."""

    score: Score
    i1: object
    i2: object
    lam: sympy.Symbol
    mix: dict
    opts: Options

    @classmethod
    def of(cls, score: Score, Pi: PerformanceSet, opts: Options) -> _Pair:
        i1, i2 = instance(Pi, "1", None, opts), instance(Pi, "2", None, opts)
        lam = sympy.Symbol("lam", real=True)
        return cls(score, i1, i2, lam, _mix(i1, i2, lam), opts)

    @property
    def params(self) -> list:
        return self.i1.params + self.i2.params + [self.lam]

    def start(self, env: Env):
        """(encoding, P1, P2 ∈ Π and 0 ≤ λ ≤ 1, P1 ∈ dom, P2 ∈ dom, some domain empty)."""
        E = Encoding(env, self.score, nd=self.opts.nd)
        f = E.point(self.i1) + E.point(self.i2)
        L = E.var(self.lam)
        f += [L >= 0, L <= 1]
        (d1, e1), (d2, e2) = E.in_domain(self.i1.mapping, self.i1.params), E.in_domain(self.i2.mapping, self.i2.params)
        return E, f, d1, d2, e1 or e2

    def decode(self, vals) -> dict:
        sp = self.score.space
        return {"P1": self.i1.performance(sp, vals), "P2": self.i2.performance(sp, vals),
                "lambda": vals.get("lam", Fraction(0))}


def mixture_query(score: Score, Pi: PerformanceSet, direction: int, opts: Options = DEFAULT) -> Query:
    pair = _Pair.of(score, Pi, opts)

    def build(env: Env) -> list:
        E, f, d1, d2, empty = pair.start(env)
        dm, em = E.in_domain(pair.mix, pair.params)
        if empty or em:
            return [env.BoolVal(False)]
        x1 = E.value(pair.i1.mapping, pair.i1.params, "x_1")
        x2 = E.value(pair.i2.mapping, pair.i2.params, "x_2")
        xm = E.value(pair.mix, pair.params, "x_m")
        viol = [xm > x1, xm > x2] if direction > 0 else [xm < x1, xm < x2]
        return f + [d1, d2, dm] + viol + E.finish()

    name = "test2" if direction > 0 else "test3"
    rel = "≤ max" if direction > 0 else "≥ min"
    return Query(
        name, f"for {score.name} on Π = {Pi.label}: X(λP1 + (1−λ)P2) {rel}(X(P1), X(P2)) "
        "for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]", build, pair.decode,
        lambda w: witness.mixture_violation(score, Pi, w["P1"], w["P2"], w["lambda"], direction),
        [p.name for p in pair.params], not score.is_algebraic)


def closure_query(score: Score, Pi: PerformanceSet, opts: Options = DEFAULT) -> Query:
    pair = _Pair.of(score, Pi, opts)

    def build(env: Env) -> list:
        E, f, d1, d2, empty = pair.start(env)
        if empty:
            return [env.BoolVal(False)]
        dm, _ = E.in_domain(pair.mix, pair.params)
        return f + [d1, d2, env.Not(dm)] + E.finish()

    return Query(
        "domain_closed", f"for {score.name} on Π = {Pi.label}: P1, P2 ∈ Π ∩ dom(X) imply "
        "λP1 + (1−λ)P2 ∈ dom(X)", build, pair.decode,
        lambda w: witness.closure_violation(score, Pi, w["P1"], w["P2"], w["lambda"]),
        [p.name for p in pair.params], False)


def theorem2_query(score: Score, Pi: PerformanceSet, event: frozenset[str],
                   opts: Options = DEFAULT) -> Query | None:
    sp = score.space
    i1 = instance(Pi, "1", event, opts)
    if i1 is None:
        return None
    sat = [sp.S(o) for o in event]
    lo, hi = min(sat), max(sat)

    def build(env: Env) -> list:
        E = Encoding(env, score, nd=opts.nd)
        d1, e1 = E.in_domain(i1.mapping, i1.params)
        if e1:
            return [env.BoolVal(False)]
        x = E.value(i1.mapping, i1.params, "x_1")
        return E.point(i1) + [d1, env.Or(x < env.RealVal(lo), x > env.RealVal(hi))] + E.finish()

    def decode(vals):
        return {"event": sorted(event, key=sp.outcomes.index), "P": i1.performance(sp, vals)}

    ev = "{" + ", ".join(sorted(event, key=sp.outcomes.index)) + "}"
    return Query(
        f"theorem2[E={ev}]", f"for {score.name} on Π = {Pi.label}: P(E) = 1 implies "
        f"{lo} ≤ X(P) ≤ {hi} for E = {ev}", build, decode,
        lambda w: witness.theorem2_violation(score, Pi, event, w["P"]),
        [p.name for p in i1.params], not score.is_algebraic)


def domain_query(score: Score, Pi: PerformanceSet, opts: Options = DEFAULT) -> Query | None:
    """A performance of Π ∩ dom(X): 'unsat' proves Π ∩ dom(X) empty (every test then holds vacuously);
    None when Π has no performance at all."""
    sp = score.space
    i1 = instance(Pi, "1", None, opts)
    if i1 is None:
        return None

    def build(env: Env) -> list:
        E = Encoding(env, score, nd=opts.nd)
        d1, e1 = E.in_domain(i1.mapping, i1.params)
        if e1:
            return [env.BoolVal(False)]
        return E.point(i1) + [d1] + E.finish()

    return Query("domain_empty", f"Π ∩ dom(X) is empty for {score.name} on Π = {Pi.label}", build,
                 lambda vals: {"P": i1.performance(sp, vals)},
                 lambda w: in_frame(score, Pi, w["P"]), [p.name for p in i1.params], False)


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


# --- deciding ------------------------------------------------------------------------------------------
class Decider:
    """Runs queries in an isolated z3 process: default solver first, then the nlsat tactic."""

    def __init__(self, timeout: float = 30.0, solver: IsolatedSolver | None = None,
                 tactics: tuple[str | None, ...] = (None, "qfnra-nlsat")) -> None:
        self.timeout = timeout
        self.solver = solver or IsolatedSolver()
        self.tactics = tactics

    def decide(self, q: Query, budget: float | None = None) -> Result:
        """z3 on one query: PROVED with its SMT-LIB certificate, REFUTED with a validated model, or
        UNKNOWN with the reasons of every tactic tried."""
        t0 = time.perf_counter()
        try:
            text = q.smtlib()
        except (Unsupported, ResourceLimit, RecursionError) as exc:  # no obligation: nothing decided
            return Result(q.id, q.statement, Verdict.UNKNOWN, time.perf_counter() - t0, "z3",
                          reason=f"cannot encode the obligation: {exc}")
        reasons = []
        deadline = t0 + (self.timeout if budget is None else min(self.timeout, budget))

        def result(verdict, method, witness=None, reason=None, certificate=()):
            return Result(q.id, q.statement, verdict, time.perf_counter() - t0, method, witness, reason, certificate)

        for tactic in self.tactics:
            left = deadline - time.perf_counter()
            if left <= 0.05:
                break
            r = cache.solver_check(self.solver.check, text, left, "z3", z3_version(), tactic=tactic,
                                   model_vars=list(q.variables))
            how = f"{r.get('solver', 'z3')}" + (f" ({tactic})" if tactic else "")
            if r["status"] == "unsat":
                method = how + (" with non-algebraic functions abstracted as monotone" if q.abstracted else "")
                return result(Verdict.PROVED, method, certificate=((q.id, text),))
            if r["status"] == "sat":
                try:
                    w = q.decode(_fractions(r["model"]))
                    if q.validate(w):
                        return result(Verdict.REFUTED, how + " model, validated exactly", w)
                except Exception as exc:  # a model that does not decode is no witness
                    reasons.append(f"{how}: model did not decode ({type(exc).__name__})")
                    continue
                reasons.append(f"{how}: counter-model failed exact validation"
                               + (" (abstracted functions)" if q.abstracted else " (irrational or rounded)"))
                continue
            reasons.append(f"{how}: {r.get('reason')}")
        return result(Verdict.UNKNOWN, "z3", reason="; ".join(reasons) or "no time left")

    def close(self) -> None:
        self.solver.close()


SUBSPACE_CLASSES = 3


def _subspace(Pi: PerformanceSet, support) -> frozenset[str] | None:
    """On all performances of k > 3 classes, the outcomes of classes 0–2 only (within ``support``):
    a face of Π where the others are absent. Scores such as R_K and κ read there as on three
    classes, where their counterexamples are found at once; the witness is a point of Π as it
    stands (zero mass elsewhere) and is validated on the k-class score like any other. None on a
    Π with constraints (absent classes would break fixed priors) or with few classes."""
    k = Pi.space.classes
    if not k or k <= SUBSPACE_CLASSES or Pi.constraints:
        return None
    sub = frozenset(f"y{i}_p{j}" for i in range(SUBSPACE_CLASSES) for j in range(SUBSPACE_CLASSES))
    return sub if support is None else sub & frozenset(support)


def _search_axiom2(score: Score, Pi: PerformanceSet, s: Fraction, seed: int, deadline: float = float("inf")) -> dict | None:
    _, low, high = next(level for level in axiom2_levels(score.space) if level[0] == s)
    sub_low, sub_high = _subspace(Pi, low), _subspace(Pi, high)
    if sub_low and sub_high:  # the three-class face first: cheap, and where R_K's witnesses are
        found = _search_axiom2_on(score, Pi, s, deadline, falsify.sample(Pi, sub_low, 400, seed),
                                  falsify.sample(Pi, sub_high, 400, seed + 1))
        if found is not None:
            return found
    va, vb = vertex_sample(Pi, frozenset(low)), vertex_sample(Pi, frozenset(high))
    if va is not None and vb is not None:  # fixed priors, few classes: every vertex
        found = _search_axiom2_on(score, Pi, s, deadline, va, vb)
        if found is not None:
            return found
    return _search_axiom2_on(score, Pi, s, deadline, falsify.sample(Pi, low, 400, seed),
                             falsify.sample(Pi, high, 400, seed + 1))


def _search_axiom2_on(score: Score, Pi: PerformanceSet, s: Fraction, deadline: float, a, b) -> dict | None:
    if a is None or b is None:
        return None
    Xa, Xb = falsify.values(score, a.coords), falsify.values(score, b.coords)
    ia = [int(i) for i in np.argsort(-np.nan_to_num(Xa, nan=-np.inf))[:6] if not np.isnan(Xa[i])]
    ib = [int(i) for i in np.argsort(np.nan_to_num(Xb, nan=np.inf))[:6] if not np.isnan(Xb[i])]
    for i in ia:
        for j in ib:
            if time.perf_counter() > deadline:
                return None
            if Xa[i] < Xb[j] - 1e-9:
                continue
            P1, P2 = a.performance(i), b.performance(j)
            if axiom2_violation(score, Pi, s, P1, P2):
                return {"s": s, "P1": P1, "P2": P2}
    return None


STRUCTURED_MAX_OUTCOMES = 9  # the two-class and three-class spaces


def _search_mixture(score: Score, Pi: PerformanceSet, direction: int, seed: int, closure: bool = False,
                    deadline: float = float("inf")):
    # deterministic stage first: every pair of Π's vertices, edge points, centroids — up to
    # STRUCTURED_MAX_OUTCOMES outcomes; beyond, the lifted faces of the sampler play that part
    # (on 36 outcomes the stage's exact checks took the whole budget of macro F1's test 2)
    if not closure and len(Pi.space.outcomes) <= STRUCTURED_MAX_OUTCOMES:
        st = falsify.structured(Pi)
        for i, j, lam, _ in (falsify.structured_mixture_candidates(score, st, direction) if st else [])[:10]:
            if time.perf_counter() > deadline:
                return None
            P1, P2 = st.performance(i), st.performance(j)
            if witness.mixture_violation(score, Pi, P1, P2, lam, direction):
                return {"P1": P1, "P2": P2, "lambda": lam}
    if not closure and (va := vertex_sample(Pi, None)) is not None:  # fixed priors, few classes: vertex pairs
        for i, j, lam, _ in falsify.rank_pairs_for_mixture(score, va, direction, seed)[:10]:
            if time.perf_counter() > deadline:
                return None
            if witness.mixture_violation(score, Pi, va.performance(i), va.performance(j), lam, direction):
                return {"P1": va.performance(i), "P2": va.performance(j), "lambda": lam}
    smp = falsify.sample(Pi, None, 1500, seed)
    if smp is None:
        return None
    cands = (falsify.closure_candidates(score, smp, seed) if closure
             else falsify.rank_pairs_for_mixture(score, smp, direction, seed))
    for i, j, lam, _ in cands[:25]:
        if time.perf_counter() > deadline:
            return None
        P1, P2 = smp.performance(i), smp.performance(j)
        ok = (witness.closure_violation(score, Pi, P1, P2, lam) if closure
              else witness.mixture_violation(score, Pi, P1, P2, lam, direction))
        if ok:
            return {"P1": P1, "P2": P2, "lambda": lam}
    if not closure and len(Pi.space) > 4 and time.perf_counter() < deadline:  # k ≥ 3 (k = 2: the grids suffice)
        # near the boundary, between the sampler's grid points (multiclass GPS, test 3): a local search
        from ordertheory.engine.optimise import optimise_mixture

        return optimise_mixture(score, Pi, direction, seed, deadline)
    return None


def _search_theorem2(score: Score, Pi: PerformanceSet, event, seed: int, deadline: float = float("inf")):
    smp = falsify.sample(Pi, event, 300, seed)
    if smp is None:
        return None
    sat = [float(score.space.S(o)) for o in event]
    X = falsify.values(score, smp.coords)
    gap = np.maximum(min(sat) - X, X - max(sat))
    for i in np.argsort(-np.nan_to_num(gap, nan=-np.inf))[:5]:
        if np.isnan(gap[i]) or gap[i] < -1e-9 or time.perf_counter() > deadline:
            break
        P = smp.performance(int(i))
        if witness.theorem2_violation(score, Pi, event, P):
            return {"event": sorted(event, key=score.space.outcomes.index), "P": P}
    return None


def _combine(name: str, score: Score, parts: list[Result], seconds: float) -> Result:
    """Conjunction of sub-queries: the first refutation wins, then any unknown, else proved."""
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
                  None, "; ".join(notes) or None, certificate)


def _run(query: Query | None, vacuous: str, found: dict | None, decider: Decider, search_method: str,
         budget: float | None = None) -> Result:
    if found is not None:
        qid = query.id if query else "search"
        return Result(qid, query.statement if query else "", Verdict.REFUTED, 0.0, search_method, found)
    if query is None:
        return Result("vacuous", "", Verdict.PROVED, 0.0, "vacuous (no such performances in Π)", reason=vacuous)
    if budget is not None and budget <= 0.05:
        return Result(query.id, query.statement, Verdict.UNKNOWN, 0.0, "z3", reason=NO_TIME)
    return decider.decide(query, budget)


SEARCH = "numeric search, witness validated exactly"
PLAIN_SHARE, PLAIN_MIN = 0.3, 10.0  # a mixture test's time for the plain encoding: max(30 %, 10 s);
# the portfolio gets the rest (measured: plain proofs take well under a second, hard cells never end)


def _with_portfolio(plain: Result, score: Score, Pi: PerformanceSet, direction: int, budget: float,
                    decider: Decider, opts: Options) -> Result:
    """The portfolio after an undecided plain query: its proof, or UNKNOWN with both reasons."""
    from ordertheory.engine.portfolio import decide_mixture

    r = decide_mixture(score, Pi, direction, mixture_query, budget, decider.solver, opts)
    if r.verdict is Verdict.PROVED:
        return Result(plain.id, plain.statement, r.verdict, plain.seconds + r.seconds, r.method,
                      certificate=r.certificate)
    return Result(plain.id, plain.statement, Verdict.UNKNOWN, plain.seconds + r.seconds, plain.method,
                  reason=f"{plain.reason}; {r.reason}")


NO_TIME = "no time left within the command's --timeout"
STRUCTURE_PHASE = "structural lemmas"
QUICK_SHARE, QUICK_MAX = 0.1, 5.0  # the quick search pass of each mixture test: 10 % of the budget, ≤ 5 s
MISSING = object()  # no result of the quick pass: search in the test's own turn
NOT_CLOSED = ("decided for pairs only: pairs stand for every finite Π′ ⊆ Π only when Π ∩ dom(X) is closed "
              "under mixtures, which is {closure}; the finite-subset test is not decided")


class Budget:
    """One deadline for a whole check. A part may use the time left minus a reserve kept for each
    part after it (1 s, or less when time is short): most queries take milliseconds, so a hard one
    gets most of the budget, yet every later part still gets its turn."""

    def __init__(self, seconds: float) -> None:
        self.deadline = time.perf_counter() + seconds

    @property
    def left(self) -> float:
        return self.deadline - time.perf_counter()

    def share(self, parts_left: int) -> float:
        left, later = max(0.0, self.left), max(0, parts_left - 1)
        reserve = min(1.0, left / (2 * (later + 1)))
        return left - reserve * later


def check_score(score: Score | Entry | str, Pi: PerformanceSet | None = None, timeout: float = 30.0,
                decider: Decider | None = None, seed: int = 0, tests=TESTS,
                search: bool = True, opts: Options = DEFAULT, progress=None,
                structure: bool | None = None, portfolio: bool = True, on_result=None) -> ScoreReport:
    """Decide every test for ``score`` on ``Pi`` (default: all performances) within ``timeout``
    seconds in all: searches and solver queries share that one budget, and what the time does not
    settle is UNKNOWN with the reason.

    ``search=False`` skips the falsifying search (z3 must then find counterexamples itself) and
    ``opts`` picks the encoding; both exist for the benchmarks' baselines. ``score`` may be a
    Score, a catalogue entry or slug, or a formula in the outcome names (binary space by default).
    ``progress(test_name)`` is called as each phase starts (``"structural lemmas"``, then each
    test) and ``on_result(test_name, result)`` as each test is settled (what
    :func:`ordertheory.theory.bounded_check.check_score_within` keeps when it stops a run at its
    deadline). ``structure=False`` skips the
    structural lemmas (:mod:`ordertheory.theory.structure`); by default they run beyond the binary
    space, so that Table 1's certificates stay those of the general engine.

    When z3's plain encoding leaves test 2 or 3 undecided within max(PLAIN_SHARE of its share,
    PLAIN_MIN seconds),
    the prover portfolio (:mod:`ordertheory.engine.portfolio`) gets the rest (``portfolio=False``
    skips it). Tests 2 and 3 are decided on pairs; a pair proof is reported only when domain closure is
    proved too (pairs then stand for every finite subset of Π, by induction), else UNKNOWN.

    >>> check_score("tpr", timeout=20).verdict
    <Verdict.PROVED: 'proved'>
    """
    from ordertheory.theory.structure import decide_by_structure, shape

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
                            reason=f"Π ∩ dom(X) is empty: {domain.how}", certificate=cert)
            if on_result is not None:
                on_result(t, out[t])
        return ScoreReport(score, Pi, out, domain)
    # structure before search: what the lemmas decide is not asked again (issue 13)
    # on two classes only for a strictly monotone transform of ratios (R³, √R, probit(R/2 + 1/4)):
    # no catalogue score has that shape, so Table 1's certificates stay the general engine's
    if structure is None:
        structure = len(score.space) > 4 or _transformed_ratio(shape, score)
    if structure and progress is not None:
        progress(STRUCTURE_PHASE)
    decided = (decide_by_structure(score, Pi, max(0.0, budget.left)) or {}) if structure else {}
    for t, r in decided.items():  # a lemma's refutation gets the same witness object as the engine's
        if r.verdict is Verdict.REFUTED and isinstance(r.witness, dict):
            r = Result(r.id, r.statement, r.verdict, r.seconds, r.method,
                       Witness.of(WitnessKind(t), score, r.witness), r.reason, r.certificate)
        out[t] = r
        if on_result is not None:
            on_result(t, r)
    wanted = [t for t in TESTS if t in tests and t not in decided]
    if ("test2" in wanted or "test3" in wanted) and "domain_closed" not in wanted and "domain_closed" not in out:
        wanted.append("domain_closed")  # needed to read a pair proof as the paper's test
    levels = list(axiom2_levels(score.space))
    bands = score.space.level_bands()
    sizes = {"test1": len(levels), "test2": 1, "test3": 1, "domain_closed": 1, "theorem2_condition": len(bands)}
    parts_left = sum(sizes[t] for t in wanted)
    # a quick falsification pass before any solver time: a hard query of test 1 may take the whole
    # budget, while the mixture tests' search refutes in a second (multiclass GPS on 3 classes)
    quick: dict[str, dict | None] = {}
    if search and structure:
        for name, d in (("test2", 1), ("test3", -1)):
            if name in wanted:
                dl = time.perf_counter() + min(QUICK_MAX, QUICK_SHARE * max(0.0, budget.left))
                found = _search_mixture(score, Pi, d, seed, deadline=dl)
                if found is not None or time.perf_counter() < dl:  # found, or the search ran to its end
                    quick[name] = found

    def step(query, vacuous, searcher, portfolio_next: bool = False, known=MISSING) -> Result:
        nonlocal parts_left
        share = budget.share(parts_left)
        parts_left -= 1
        if share <= 0.05 and known is MISSING:
            qid, text = (query.id, query.statement) if query is not None else ("vacuous", "")
            return Result(qid, text, Verdict.UNKNOWN, 0.0, "none", reason=NO_TIME)
        found = (known if known is not MISSING else searcher(time.perf_counter() + share / 2)) if search else None
        left = budget.share(parts_left + 1)
        if portfolio_next:  # the plain encoding keeps what it needs on easy cells, the portfolio the rest
            left = max(PLAIN_SHARE * left, min(left, PLAIN_MIN))
        return _run(query, vacuous, found, decider, SEARCH, left)

    try:
        for name in wanted:
            if progress is not None:
                progress(name)
            t0 = time.perf_counter()
            parts = []
            if name == "test1":
                for s_, _low, _high in levels:
                    parts.append(step(axiom2_query(score, Pi, s_, opts), f"no pair at level s = {s_}",
                                      lambda dl, s_=s_: _search_axiom2(score, Pi, s_, seed, dl)))
                    if parts[-1].verdict is Verdict.REFUTED:
                        break
            elif name in ("test2", "test3"):
                d = 1 if name == "test2" else -1
                parts.append(step(mixture_query(score, Pi, d, opts), "",
                                  lambda dl, d=d: _search_mixture(score, Pi, d, seed, deadline=dl),
                                  portfolio, quick.get(name, MISSING)))
                if portfolio and parts[-1].verdict is Verdict.UNKNOWN and budget.share(parts_left + 1) > 0.5:
                    parts[-1] = _with_portfolio(parts[-1], score, Pi, d, budget.share(parts_left + 1), decider, opts)
            elif name == "domain_closed":
                parts.append(step(closure_query(score, Pi, opts), "",
                                  lambda dl: _search_mixture(score, Pi, 0, seed, closure=True, deadline=dl)))
            else:
                for event in bands:
                    parts.append(step(theorem2_query(score, Pi, event, opts), "no performance of Π on E",
                                      lambda dl, event=event: _search_theorem2(score, Pi, event, seed, dl)))
                    if parts[-1].verdict is Verdict.REFUTED:
                        break
            parts_left -= sizes[name] - len(parts)  # parts skipped after a refutation
            out[name] = _combine(name, score, parts, time.perf_counter() - t0)
            if on_result is not None:
                on_result(name, out[name])
    finally:
        if own:
            decider.close()
    return ScoreReport(score, Pi, closure_rule({t: out[t] for t in TESTS if t in tests or t in out}), domain)


def expected_tests(tests) -> list[str]:
    """The tests a report holds: those asked, and domain closure when test 2 or 3 is asked."""
    want = [t for t in TESTS if t in tests]
    if ("test2" in want or "test3" in want) and "domain_closed" not in want:
        want.append("domain_closed")
    return want


def _transformed_ratio(shape, score: Score) -> bool:
    """Is the score g(Σ Nᵢ/Dᵢ) for a strictly monotone g other than the identity?"""
    shp = shape(score)
    return shp is not None and not shp.identity


def closure_rule(out: dict[str, Result]) -> dict[str, Result]:
    """A pair proof of test 2 or 3 stands for the paper's test only when domain closure (when it was
    asked) is proved; otherwise it becomes UNKNOWN with the reason (its certificate is kept)."""
    closure = out.get("domain_closed")
    out = dict(out)
    for name in ("test2", "test3"):
        r = out.get(name)
        if r is not None and closure is not None and r.verdict is Verdict.PROVED and closure.verdict is not Verdict.PROVED:
            state = "refuted" if closure.verdict is Verdict.REFUTED else "undecided"
            out[name] = Result(r.id, r.statement, Verdict.UNKNOWN, r.seconds, r.method,
                               reason=NOT_CLOSED.format(closure=state), certificate=r.certificate)
    return out
