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
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import sympy

from ordertheory.checks import falsify, witness
from ordertheory.checks.obligations import DEFAULT, Encoding, Options, Query, _fractions, _mix, instance
from ordertheory.checks.verdict import Verdict
from ordertheory.encoding.z3_backend import Env, IsolatedSolver
from ordertheory.performance_set import PerformanceSet, all_performances
from ordertheory.scores import Score

TESTS = ("test1", "test2", "test3", "theorem2_condition", "domain_closed")
TEST_TITLES = {
    "test1": "test 1 (Axiom 2 on Π)",
    "test2": "test 2 (mixtures never exceed the better end)",
    "test3": "test 3 (mixtures never fall below the worse end)",
    "theorem2_condition": "Theorem 2's sufficient condition",
    "domain_closed": "domain closed under mixtures",
}


@dataclass(frozen=True)
class TestResult:
    """The decision of one test: verdict, exact witness or reason, time, and the SMT-LIB proofs."""

    name: str
    verdict: Verdict
    seconds: float
    method: str
    witness: dict | None = None
    reason: str | None = None
    proofs: tuple[tuple[str, str], ...] = field(default=(), repr=False)  # (query id, SMT-LIB)

    @property
    def refuted(self) -> bool:
        return self.verdict is Verdict.REFUTED

    def to_json(self) -> dict:
        return {
            "verdict": self.verdict.label,
            "witness": _witness_json(self.witness),
            "reason": self.reason,
            "method": self.method,
            "seconds": round(self.seconds, 3),
        }


@dataclass(frozen=True)
class ScoreReport:
    """All tests of one score on one Π."""

    score: Score
    Pi: PerformanceSet
    tests: dict[str, TestResult]

    @property
    def verdict(self) -> Verdict:
        """Fit for ranking on Π: the three tests and domain closure (Theorem 3 with Φ = conv)."""
        return min(self.tests[t].verdict for t in ("test1", "test2", "test3", "domain_closed") if t in self.tests)

    def _repr_html_(self) -> str:
        """A table for notebooks: one row per test, with the witness when refuted."""
        import html

        rows = "".join(
            f"<tr><td>{TEST_TITLES[t]}</td><td><b>{r.verdict.label}</b></td><td>{html.escape(r.method)}</td>"
            f"<td>{html.escape(str(_witness_json(r.witness) or r.reason or ''))}</td></tr>"
            for t, r in self.tests.items())
        return (f"<p>{html.escape(self.score.name)} on Π = {html.escape(self.Pi.label)}: "
                f"<b>{self.verdict.label}</b></p><table><tr><th>test</th><th>verdict</th><th>method</th>"
                f"<th>witness / reason</th></tr>{rows}</table>")

    def to_json(self) -> dict:
        out = {"score": self.score.text or self.score.name, "space": self.score.space.name,
               "constraints": [str(c) for c in self.Pi.constraints]}
        out.update({t: self.tests[t].to_json() for t in TESTS})
        return out


# --- the queries ------------------------------------------------------------------------------------
def _values_of(score: Score, Ps: dict) -> dict:
    out = {}
    for k, P in Ps.items():
        v = score.value_or_none(P)
        out[f"X({k})"] = None if v is None else str(v)
    return out


def axiom2_query(score: Score, Pi: PerformanceSet, s: Fraction, opts: Options = DEFAULT) -> Query | None:
    """Counterexamples to test 1 at level s; None when no such pair exists in Π at all."""
    sp = score.space
    low, high = sp.event_where(lambda v: v <= s), sp.event_where(lambda v: v >= s)
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
        lambda w: witness.axiom2_violation(score, Pi, s, w["P1"], w["P2"]),
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


# --- deciding ------------------------------------------------------------------------------------------
class Decider:
    """Runs queries in an isolated z3 process: default solver first, then the nlsat tactic."""

    def __init__(self, timeout: float = 30.0, solver: IsolatedSolver | None = None,
                 tactics: tuple[str | None, ...] = (None, "qfnra-nlsat")) -> None:
        self.timeout = timeout
        self.solver = solver or IsolatedSolver()
        self.tactics = tactics

    def decide(self, q: Query) -> tuple[Verdict, dict | None, str | None, str, str]:
        """(verdict, witness, reason, method, smtlib)."""
        text = q.smtlib()
        reasons = []
        deadline = time.perf_counter() + self.timeout
        for tactic in self.tactics:
            left = deadline - time.perf_counter()
            if left <= 0.05:
                break
            r = self.solver.check(text, left, tactic=tactic, model_vars=q.variables)
            how = f"{r.get('solver', 'z3')}" + (f" ({tactic})" if tactic else "")
            if r["status"] == "unsat":
                method = how + (" with non-algebraic functions abstracted as monotone" if q.abstracted else "")
                return Verdict.PROVED, None, None, method, text
            if r["status"] == "sat":
                try:
                    w = q.decode(_fractions(r["model"]))
                    if q.validate(w):
                        return Verdict.REFUTED, w, None, how + " model, validated exactly", text
                except Exception as exc:  # a model that does not decode is no witness
                    reasons.append(f"{how}: model did not decode ({type(exc).__name__})")
                    continue
                reasons.append(f"{how}: counter-model failed exact validation"
                               + (" (abstracted functions)" if q.abstracted else " (irrational or rounded)"))
                continue
            reasons.append(f"{how}: {r.get('reason')}")
        return Verdict.UNKNOWN, None, "; ".join(reasons) or "no time left", "z3", text

    def close(self) -> None:
        self.solver.close()


def _search_axiom2(score: Score, Pi: PerformanceSet, s: Fraction, seed: int) -> dict | None:
    sp = score.space
    low, high = sp.event_where(lambda v: v <= s), sp.event_where(lambda v: v >= s)
    a, b = falsify.sample(Pi, low, 400, seed), falsify.sample(Pi, high, 400, seed + 1)
    if a is None or b is None:
        return None
    Xa, Xb = falsify.values(score, a.coords), falsify.values(score, b.coords)
    ia = [int(i) for i in np.argsort(-np.nan_to_num(Xa, nan=-np.inf))[:6] if not np.isnan(Xa[i])]
    ib = [int(i) for i in np.argsort(np.nan_to_num(Xb, nan=np.inf))[:6] if not np.isnan(Xb[i])]
    for i in ia:
        for j in ib:
            if Xa[i] < Xb[j] - 1e-9:
                continue
            P1, P2 = a.performance(i), b.performance(j)
            if witness.axiom2_violation(score, Pi, s, P1, P2):
                return {"s": s, "P1": P1, "P2": P2}
    return None


def _search_mixture(score: Score, Pi: PerformanceSet, direction: int, seed: int, closure: bool = False):
    smp = falsify.sample(Pi, None, 1500, seed)
    if smp is None:
        return None
    cands = (falsify.closure_candidates(score, smp, seed) if closure
             else falsify.rank_pairs_for_mixture(score, smp, direction, seed))
    for i, j, lam, _ in cands[:25]:
        P1, P2 = smp.performance(i), smp.performance(j)
        ok = (witness.closure_violation(score, Pi, P1, P2, lam) if closure
              else witness.mixture_violation(score, Pi, P1, P2, lam, direction))
        if ok:
            return {"P1": P1, "P2": P2, "lambda": lam}
    return None


def _search_theorem2(score: Score, Pi: PerformanceSet, event, seed: int):
    smp = falsify.sample(Pi, event, 300, seed)
    if smp is None:
        return None
    sat = [float(score.space.S(o)) for o in event]
    X = falsify.values(score, smp.coords)
    gap = np.maximum(min(sat) - X, X - max(sat))
    for i in np.argsort(-np.nan_to_num(gap, nan=-np.inf))[:5]:
        if np.isnan(gap[i]) or gap[i] < -1e-9:
            break
        P = smp.performance(int(i))
        if witness.theorem2_violation(score, Pi, event, P):
            return {"event": sorted(event, key=score.space.outcomes.index), "P": P}
    return None


def _combine(name: str, parts: list[tuple[str, Verdict, dict | None, str | None, str, str | None]],
             seconds: float) -> TestResult:
    """Conjunction of sub-queries: the first refutation wins, then any unknown, else proved."""
    proofs = tuple((qid, smt) for qid, v, _, _, _, smt in parts if v is Verdict.PROVED and smt)
    for _qid, v, w, _r, m, _ in parts:
        if v is Verdict.REFUTED:
            return TestResult(name, v, seconds, m, w, None, proofs)
    unknown = [(qid, r) for qid, v, _, r, _, _ in parts if v is Verdict.UNKNOWN]
    if unknown:
        reason = "; ".join(f"{qid}: {r}" for qid, r in unknown)
        return TestResult(name, Verdict.UNKNOWN, seconds, "z3", None, reason, proofs)
    methods = sorted({m for _, _, _, _, m, _ in parts})
    notes = [r for _, _, _, r, _, _ in parts if r]
    return TestResult(name, Verdict.PROVED, seconds, "; ".join(methods) or "vacuous",
                      None, "; ".join(notes) or None, proofs)


def _run(query: Query | None, vacuous: str, found: dict | None, decider: Decider, search_method: str):
    if found is not None:
        return (query.id if query else "search", Verdict.REFUTED, found, None, search_method, None)
    if query is None:
        return ("vacuous", Verdict.PROVED, None, vacuous, "vacuous (no such performances in Π)", None)
    v, w, r, m, smt = decider.decide(query)
    return (query.id, v, w, r, m, smt)


SEARCH = "numeric search, witness validated exactly"


def check_score(score: Score, Pi: PerformanceSet | None = None, timeout: float = 30.0,
                decider: Decider | None = None, seed: int = 0, tests=TESTS,
                search: bool = True, opts: Options = DEFAULT, structure: bool | None = None) -> ScoreReport:
    """Decide every test for ``score`` on ``Pi`` (default: all performances).

    ``search=False`` skips the falsifying search (z3 must then find counterexamples itself),
    ``structure=False`` skips the structural lemmas, and ``opts`` picks the encoding; they exist
    for the benchmarks' baselines. By default the lemmas run beyond the binary space only, so that
    Table 1's certificates and the golden documents stay as they are until they are regenerated.
    """
    from ordertheory.theory.structure import decide_by_structure, theorem2_events
    score._require_bound()
    Pi = Pi or all_performances(score.space)
    own = decider is None
    decider = decider or Decider(timeout)
    out: dict[str, TestResult] = {}
    # structure before search: what the lemmas decide is not asked again (issue 13)
    structure = len(score.space) > 4 if structure is None else structure
    decided = (decide_by_structure(score, Pi, timeout) or {}) if structure else {}
    out.update({t: r for t, r in decided.items() if t in tests})
    tests = [t for t in tests if t not in decided]
    try:
        if "test1" in tests:
            t0 = time.perf_counter()
            parts = []
            for s in score.space.levels:
                found = _search_axiom2(score, Pi, s, seed) if search else None
                parts.append(_run(axiom2_query(score, Pi, s, opts), f"no pair at level s = {s}", found,
                                  decider, SEARCH))
                if parts[-1][1] is Verdict.REFUTED:
                    break
            out["test1"] = _combine("test1", parts, time.perf_counter() - t0)
        for name, direction in (("test2", 1), ("test3", -1)):
            if name in tests:
                t0 = time.perf_counter()
                found = _search_mixture(score, Pi, direction, seed) if search else None
                part = _run(mixture_query(score, Pi, direction, opts), "", found, decider, SEARCH)
                out[name] = _combine(name, [part], time.perf_counter() - t0)
        if "domain_closed" in tests:
            t0 = time.perf_counter()
            found = _search_mixture(score, Pi, 0, seed, closure=True) if search else None
            part = _run(closure_query(score, Pi, opts), "", found, decider, SEARCH)
            out["domain_closed"] = _combine("domain_closed", [part], time.perf_counter() - t0)
        if "theorem2_condition" in tests:
            t0 = time.perf_counter()
            parts = []
            for event in theorem2_events(score.space):
                found = _search_theorem2(score, Pi, event, seed) if search else None
                parts.append(_run(theorem2_query(score, Pi, event, opts), "no performance of Π on E",
                                  found, decider, SEARCH))
                if parts[-1][1] is Verdict.REFUTED:
                    break
            out["theorem2_condition"] = _combine("theorem2_condition", parts, time.perf_counter() - t0)
    finally:
        if own:
            decider.close()
    return ScoreReport(score, Pi, out)


def _witness_json(w: dict | None) -> dict | None:
    if w is None:
        return None
    out = {}
    for k, v in w.items():
        if hasattr(v, "as_dict"):
            out[k] = {o: str(p) for o, p in v.as_dict().items()}
        elif isinstance(v, Fraction):
            out[k] = str(v)
        elif isinstance(v, list):
            out[k] = [str(x) for x in v]
        else:
            out[k] = str(v)
    return out


def witness_values(score: Score, w: dict) -> dict:
    """The score's exact value at each performance of a witness (and at the mixture)."""
    from ordertheory.performance import mixture

    Ps = {k: v for k, v in w.items() if hasattr(v, "as_dict")}
    if "lambda" in w and "P1" in Ps and "P2" in Ps:
        Ps["M"] = mixture([Ps["P1"], Ps["P2"]], [w["lambda"], 1 - w["lambda"]])
    return _values_of(score, Ps)
