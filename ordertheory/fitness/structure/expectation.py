"""X = E_P[f]: the tests of an expectation decided on every finite Ω by lemmas stated once (issue 49).

A score that is the mean of a per-case value — Brier, log loss, an expected cost, any mean of a
per-case loss — is X(P) = Σ_ω f(ω)P(ω). Three generic lemmas, proved by z3 over symbolic values and
kept as certificates (:data:`EXPECTATION_LEMMAS`, each with an exact sanity point), then decide its
tests without writing Ω out:

- ``expectation-linear`` (by induction on |Ω|: the empty sum is 0, and one more outcome adds
  f(ω)·(λp₁ + (1−λ)p₂) = λ·f(ω)p₁ + (1−λ)·f(ω)p₂): X(λP₁ + (1−λ)P₂) = λX(P₁) + (1−λ)X(P₂) on every
  finite Ω; with ``linear-between`` (λ ∈ [0, 1] puts λx₁ + (1−λ)x₂ between x₁ and x₂) tests 2 and 3
  hold on every Π, and dom(X) is every performance (closed under mixtures);
- ``expectation-bound`` (by induction on |Ω|): f ≤ t on the support of P gives E_P[f] ≤ t (and ≥
  alike). Test 1 is then read off f: on Π = every performance it holds iff f is non-decreasing in S
  (S(ω) ≤ S(ω′) ⇒ f(ω) ≤ f(ω′), equal S equal f), on every Π when it is; with fixed class priors π_c
  the extremes over each face are Σ_c π_c·max f and Σ_c π_c·min f of each class's outcomes on that
  side of s (``weighted-sum-of-bounds``), compared level by level. A failure has its exact witness:
  Dirac measures (mixed by the priors), validated exactly.

The decision is O(|Ω| log |Ω|) exact comparisons of the f(ω), given as exact numbers or, ``log``, as
u(ω) with f = log u (compared through u: log is strictly increasing, lemma ``increasing-transform``).
The Coq form of ``expectation-linear`` (a linear functional on a finite Ω) is the coq branch's.

>>> [r.verdict.label for r in check_expectation_lemmas()]
['proved', 'proved', 'proved']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property

import sympy

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.engine.witness import TestName, Witness, WitnessKind, violated_text
from ordertheory.exact import compare, sign
from ordertheory.fitness.report import TEST_TITLES
from ordertheory.fitness.structure.generic_lemmas import LEMMAS

REF = "issue 49; paper §4.2 (tests 1–3) — every finite Ω, by induction on |Ω|"
PREFIX = "lemma: "


def _zero_model(names: Sequence[str]):
    """A sanity maker: every value 0 and λ = 1/2 meet the lemma's assumptions (checked by hand: each
    assumption is an equality 0 = 0 or 0 ≤ 0, or 0 ≤ 1/2 ≤ 1)."""
    def make(decider, budget: float) -> Sanity:
        return Sanity(SanityKind.MODEL, {n: Fraction(1, 2) if n == "lam" else Fraction(0) for n in names},
                      "every value 0, λ = 1/2: each assumption holds exactly")
    return make


def _linear(env: Env):
    """Base: the empty sum 0 commutes with mixtures; step: Σ over Ω commutes ⇒ Σ over Ω ∪ {ω} commutes."""
    x1, x2, xm, p1, p2, f, lam = (env.Real(n) for n in ("x1", "x2", "xm", "p1", "p2", "f", "lam"))
    hyp = [xm == lam * x1 + (1 - lam) * x2]  # the induction hypothesis on Ω
    step = xm + f * (lam * p1 + (1 - lam) * p2) == lam * (x1 + f * p1) + (1 - lam) * (x2 + f * p2)
    return hyp, env.And(0 == lam * 0 + (1 - lam) * 0, step)


def _between(env: Env):
    x1, x2, lam = env.Real("x1"), env.Real("x2"), env.Real("lam")
    xm = lam * x1 + (1 - lam) * x2
    return [lam >= 0, lam <= 1], env.And(env.Or(xm <= x1, xm <= x2), env.Or(xm >= x1, xm >= x2))


def _bound(env: Env):
    """Base 0 ≤ t·0; step: a ≤ t·m (Σ f·P and Σ P over part of the support), p ≥ 0, f ≤ t ⇒ a + f·p ≤ t·(m + p);
    and the mirror for ≥. With m = 1 at the end: E_P[f] ≤ t (≥ t)."""
    a, m, p, f, t, b = (env.Real(n) for n in ("a", "m", "p", "f", "t", "b"))
    hyp = [p >= 0, a <= t * m, b >= t * m, f <= t]
    g = env.Real("g")
    return hyp + [g >= t], env.And(0 <= t * 0, a + f * p <= t * (m + p), b + g * p >= t * (m + p))


EXPECTATION_LEMMAS: tuple[Obligation, ...] = (
    Obligation("expectation-linear", "X(P) = Σ_ω f(ω)P(ω) on any finite Ω commutes with mixtures: "
               "X(λP1 + (1−λ)P2) = λX(P1) + (1−λ)X(P2) (induction on |Ω|: base and step)", _linear, REF,
               "LinearMap.map_add", sanity=_zero_model(("x1", "x2", "xm", "p1", "p2", "f", "lam"))),
    Obligation("linear-between", "λ ∈ [0, 1]: λx1 + (1−λ)x2 lies between x1 and x2 (a linear X passes tests 2 "
               "and 3)", _between, REF, "Convex.combo_le_max", sanity=_zero_model(("x1", "x2", "lam"))),
    Obligation("expectation-bound", "f ≤ t (≥ t) on the support of P implies E_P[f] ≤ t (≥ t), on any finite Ω "
               "(induction on |Ω|: base and step)", _bound, REF, "Finset.sum_le_sum",
               sanity=_zero_model(("a", "m", "p", "f", "t", "b", "g"))),
)


def check_expectation_lemmas(timeout: float = 10.0) -> list[Result]:
    """Prove the three lemmas (a fresh z3 context each)."""
    return [prove(ob, timeout) for ob in EXPECTATION_LEMMAS]


@cache
def certificates(*ids: str) -> tuple[tuple[str, str], ...]:
    """The SMT-LIB certificates (unsat, headed by their sanity) of the lemmas ``ids``, proved once per process."""
    obs = {ob.id: ob for ob in (*EXPECTATION_LEMMAS, *LEMMAS)}
    out = []
    for i in ids:
        r = prove(obs[i], 10.0)
        if r.verdict is not Verdict.PROVED:
            raise RuntimeError(f"the generic lemma {i} was not proved: {r.reason}")
        out.extend((f"lemma.{i}", text) for _, text in r.certificate)
    return tuple(out)


@dataclass(frozen=True)
class Expectation:
    """X = E_P[f] read outcome by outcome: each outcome's name, S and f (or u, f = log u, when ``log``),
    and the outcomes of each truth class (``rows``: what fixed class priors constrain)."""

    names: Sequence[str]
    S: Sequence[Fraction]
    f: Sequence[object]
    rows: tuple[Sequence[int], ...]
    log: bool = False
    #: f = h(S) for every outcome, h given as (expression in the symbol S, lo, hi): h on [lo, hi], constant
    #: beyond (clipped) — then test 1 is read off h once, whatever the number of outcomes
    local: tuple[sympy.Expr, Fraction, Fraction] | None = None
    ends: bool = False  # each class's S is monotone along its outcomes: its extremes are its two ends

    def cmp(self, i: int, j: int) -> int:
        """sign(f(i) − f(j)), exactly (through u for f = log u)."""
        return compare(self.f[i], self.f[j])

    def value(self, cells: dict[int, Fraction]):
        """E_P[f] at P given by its non-zero cells: a Fraction, or an exact sympy number with logarithms."""
        if self.log:
            return sympy.Add(*(sympy.Rational(p.numerator, p.denominator) * sympy.log(_rational(self.f[i]))
                               for i, p in cells.items()))
        return sum((p * self.f[i] for i, p in cells.items()), Fraction(0)) if all(
            isinstance(self.f[i], Fraction | int) for i in cells) else sympy.Add(*(
                sympy.Rational(p.numerator, p.denominator) * self.f[i] for i, p in cells.items()))

    def weighted(self, picks: Sequence[tuple[Fraction, int]]):
        """Σ π·f over (π, outcome) pairs: the value of Σ π δ_outcome."""
        return self.value(_merge(picks))


def _rational(x) -> sympy.Rational:
    x = Fraction(x)
    return sympy.Rational(x.numerator, x.denominator)


def _merge(picks: Sequence[tuple[Fraction, int]]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for w, i in picks:
        out[i] = out.get(i, Fraction(0)) + w
    return out


Make = Callable[[dict[int, Fraction]], object]  # non-zero cells -> a performance of the check's representation


class _Run:
    def __init__(self, E: Expectation, priors: tuple[Fraction, ...] | None, make: Make, label: str) -> None:
        self.E, self.priors, self.make, self.label = E, priors, make, label

    @cached_property
    def order(self) -> list[int]:
        """The outcomes sorted by S (built only when f is read outcome by outcome)."""
        return sorted(range(len(self.E.S)), key=self.E.S.__getitem__)

    def point(self) -> dict[int, Fraction]:
        """A point of Π: the first outcome of each class, weighted by the priors (Π all: one Dirac)."""
        if self.priors is None:
            return {0: Fraction(1)}
        return _merge([(p, row[0]) for p, row in zip(self.priors, self.E.rows)])

    def result(self, test: str, verdict: Verdict, method: str, t0: float, witness=None, reason=None,
               lemmas: tuple[str, ...] = (), sanity: Sanity | None = None) -> Result:
        return Result(test, f"{TEST_TITLES[test]} on Π = {self.label}", verdict, time.perf_counter() - t0,
                      PREFIX + method, witness, reason, certificates(*lemmas) if lemmas else (), sanity=sanity)


def _monotone_break(E: Expectation, order: list[int]) -> tuple[int, int] | None:
    """(a, b) with S(a) ≤ S(b) and f(a) > f(b), or None when f is non-decreasing in S (equal S, equal f)."""
    prev = None  # an outcome of the previous level of S (the level's f is constant, else a break is found there)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and E.S[order[j + 1]] == E.S[order[i]]:
            j += 1
        level = order[i:j + 1]
        hi = max(level, key=lambda k: _Key(E, k))
        lo = min(level, key=lambda k: _Key(E, k))
        if E.cmp(hi, lo) > 0:
            return hi, lo  # one level of S, two values of f
        if prev is not None and E.cmp(prev, lo) > 0:
            return prev, lo
        prev, i = lo, j + 1
    return None


class _Key:
    """f as a sort key (exact comparisons)."""

    __slots__ = ("E", "i")

    def __init__(self, E: Expectation, i: int) -> None:
        self.E, self.i = E, i

    def __lt__(self, other: _Key) -> bool:
        return self.E.cmp(self.i, other.i) < 0


def _weighted_break(run: _Run):
    """Fixed class priors: the first level s where Σ_c π_c max{f : class c, S ≤ s} > Σ_c π_c min{f : class c, S ≥ s},
    with the argmax and argmin of each class; (None, sanity picks) when there is none (sanity: a level where both
    faces meet Π, or None when no level does)."""
    E, pri = run.E, run.priors
    levels = sorted(set(E.S))
    rows = [sorted(r, key=E.S.__getitem__) for r in E.rows]
    best_lo: list[int | None] = [None] * len(rows)  # argmax f over S ≤ s, per class
    suffix = []  # per class: argmin f over S ≥ s, from each position
    for r in rows:
        mins, cur = [None] * len(r), None
        for k in range(len(r) - 1, -1, -1):
            cur = r[k] if cur is None or E.cmp(r[k], cur) < 0 else cur
            mins[k] = cur
        suffix.append(mins)
    pos, first = [0] * len(rows), [0] * len(rows)  # past S ≤ s; the first with S ≥ s
    live = None
    for s in levels:
        for c, r in enumerate(rows):
            while pos[c] < len(r) and E.S[r[pos[c]]] <= s:
                k = r[pos[c]]
                best_lo[c] = k if best_lo[c] is None or E.cmp(k, best_lo[c]) > 0 else best_lo[c]
                pos[c] += 1
            while first[c] < len(r) and E.S[r[first[c]]] < s:
                first[c] += 1
        up = [suffix[c][first[c]] if first[c] < len(r) else None for c, r in enumerate(rows)]
        if any(x is None for x in best_lo) or any(x is None for x in up):
            continue
        hi = E.weighted([(p, k) for p, k in zip(pri, best_lo)])
        lo = E.weighted([(p, k) for p, k in zip(pri, up)])
        if sign(hi - lo) > 0 if not isinstance(hi, Fraction) else hi > lo:
            return (s, list(best_lo), up), None
        live = live or (s, list(best_lo), up)
    return None, live


def decide(E: Expectation, priors: tuple[Fraction, ...] | None, make: Make, label: str, tests) -> dict[str, Result]:
    """The results of ``tests`` for X = E_P[f] on Π = every performance (``priors`` None) or fixed class
    priors (one per row of ``E``, each > 0)."""
    run = _Run(E, priors, make, label)
    out: dict[str, Result] = {}
    t0 = time.perf_counter()
    P0 = make(run.point())
    pair = Sanity(SanityKind.MODEL, {"P1": P0, "P2": P0, "lambda": Fraction(1, 2)}, "a point of Π, checked exactly")
    for t in (TestName.TEST2, TestName.TEST3):
        if t in tests:
            out[t] = run.result(t, Verdict.PROVED, "expectation-linear and linear-between (X = E_P[f] is linear in P "
                                "on every finite Ω)", t0, reason="X = Σ f(ω)P(ω): X(mixture) = mixture of X",
                                lemmas=("expectation-linear", "linear-between"), sanity=pair)
    if TestName.DOMAIN_CLOSED in tests or TestName.TEST2 in tests or TestName.TEST3 in tests:
        out[TestName.DOMAIN_CLOSED] = run.result(TestName.DOMAIN_CLOSED, Verdict.PROVED, "expectation-linear (f finite "
                                                 "on Ω: X is defined on every performance)", t0, reason="no condition",
                                                 lemmas=("expectation-linear",), sanity=pair)
    if TestName.TEST1 in tests:
        out[TestName.TEST1] = _test1(run, time.perf_counter())
    if TestName.THEOREM2 in tests:
        out[TestName.THEOREM2] = _theorem2(run, time.perf_counter())
    return {t: out[t] for t in (TestName.TEST1, TestName.TEST2, TestName.TEST3, TestName.THEOREM2,
                                 TestName.DOMAIN_CLOSED) if t in out}


def _axiom2_witness(run: _Run, s: Fraction, c1: dict[int, Fraction], c2: dict[int, Fraction]) -> Witness | None:
    """The witness of Axiom 2 at s with P1, P2 given by their cells, validated exactly (P1 on S ≤ s, P2 on S ≥ s,
    X(P1) > X(P2)); None when it does not hold."""
    E = run.E
    x1, x2 = E.value(c1), E.value(c2)
    if not (all(E.S[i] <= s for i in c1) and all(E.S[i] >= s for i in c2) and compare(x1, x2) > 0):
        return None
    return Witness(WitnessKind.AXIOM2, {"s": s, "P1": run.make(c1), "P2": run.make(c2)}, {"P1": x1, "P2": x2},
                   violated_text(WitnessKind.AXIOM2))


def local_monotone(local: tuple[sympy.Expr, Fraction, Fraction]) -> bool:
    """h non-decreasing on [lo, hi] (sympy: its derivative ≥ 0 there), so h clipped to it is non-decreasing on ℝ."""
    h, lo, hi = local
    return bool(sympy.is_increasing(h, sympy.Interval(_rational(lo), _rational(hi))))


def _test1(run: _Run, t0: float) -> Result:
    E = run.E
    if E.local is not None and local_monotone(E.local):
        h, lo, hi = E.local
        a = len(E.S) - 1
        model = {"s": E.S[a], "P1": run.make({a: Fraction(1)}), "P2": run.make({a: Fraction(1)})}
        sanity = Sanity(SanityKind.MODEL, model, "a Dirac measure, checked exactly") if run.priors is None \
            else _level_sanity(run)
        clip = "" if (lo, hi) == (0, 1) else f", constant beyond [{lo}, {hi}] (clipped)"
        return run.result(TestName.TEST1, Verdict.PROVED, "expectation-bound (f = h(S) with h non-decreasing: P1 on "
                          "S ≤ s has E[f] ≤ h(s) ≤ E[f] of P2 on S ≥ s, on every Π)", t0,
                          reason=f"f(ω) = h(S(ω)), h(S) = {h} non-decreasing on [{lo}, {hi}]{clip} (sympy: "
                                 "is_increasing), whatever the number of outcomes",
                          lemmas=("expectation-bound", "expectation-linear"), sanity=sanity)
    broken = _monotone_break(E, run.order)
    if broken is None:  # f non-decreasing in S: E_P1[f] ≤ f-threshold ≤ E_P2[f] on every Π
        a = run.order[-1]
        model = {"s": E.S[a], "P1": run.make({a: Fraction(1)}), "P2": run.make({a: Fraction(1)})}
        sanity = Sanity(SanityKind.MODEL, model, "a Dirac measure at the top level of S, checked exactly") \
            if run.priors is None else _level_sanity(run)
        return run.result(TestName.TEST1, Verdict.PROVED, "expectation-bound (f is non-decreasing in S: P1 on S ≤ s "
                          "has E[f] ≤ max{f : S ≤ s} ≤ min{f : S ≥ s} ≤ E[f] of P2 on S ≥ s, on every Π)", t0,
                          reason=f"f checked non-decreasing in S over the {len(E.S)} outcomes (exact comparisons)",
                          lemmas=("expectation-bound", "expectation-linear") + (("increasing-transform",) if E.log
                                                                                else ()), sanity=sanity)
    if run.priors is None:
        a, b = broken
        w = _axiom2_witness(run, max(E.S[a], E.S[b]), {a: Fraction(1)}, {b: Fraction(1)})
        return run.result(TestName.TEST1, Verdict.REFUTED, "expectation: f decreases where S increases (Dirac "
                          "measures), witness validated exactly", t0, witness=w)
    found, live = _weighted_break(run)
    if found is None:
        sanity = Sanity(SanityKind.VACUOUS, {}, "no level s has both faces in Π") if live is None else \
            _faces_sanity(run, live)
        return run.result(TestName.TEST1, Verdict.PROVED, "expectation-bound and weighted-sum-of-bounds (fixed class "
                          "priors: Σ_c π_c max f ≤ Σ_c π_c min f on the two faces of every level s)", t0,
                          reason="the class extremes of f compared exactly at every level of S",
                          lemmas=("expectation-bound", "weighted-sum-of-bounds"), sanity=sanity)
    s, hi, lo = found
    w = _axiom2_witness(run, s, _merge(list(zip(run.priors, hi))), _merge(list(zip(run.priors, lo))))
    return run.result(TestName.TEST1, Verdict.REFUTED, "expectation: the class extremes of f at one level s, mixed "
                      "by the priors, witness validated exactly", t0, witness=w)


def _faces_sanity(run: _Run, live) -> Sanity:
    s, hi, lo = live
    return Sanity(SanityKind.MODEL, {"s": s, "P1": run.make(_merge(list(zip(run.priors, hi)))),
                                     "P2": run.make(_merge(list(zip(run.priors, lo))))},
                  "P1 on S ≤ s and P2 on S ≥ s in Π, checked exactly")


def _level_sanity(run: _Run) -> Sanity:
    """P1 on S ≤ s and P2 on S ≥ s in Π at s = max over the classes of their lowest S (when every class also
    reaches s): each class's lowest and highest outcome, mixed by the priors."""
    E = run.E
    rows = [(r[0], r[-1]) for r in E.rows] if E.ends else E.rows
    lows = [min(r, key=E.S.__getitem__) for r in rows]
    highs = [max(r, key=E.S.__getitem__) for r in rows]
    s = max(E.S[i] for i in lows)
    if any(E.S[i] < s for i in highs):
        return Sanity(SanityKind.VACUOUS, {}, "no level s has both faces in Π")
    return _faces_sanity(run, (s, lows, highs))


def _theorem2(run: _Run, t0: float) -> Result:
    """Theorem 2's sufficient condition (P(E) = 1 ⇒ min_E S ≤ X(P) ≤ max_E S): holds when f = S (then X = E_P[S]);
    on every performance it fails at a Dirac measure wherever f ≠ S."""
    E = run.E
    off = next((i for i in range(len(E.S)) if compare(E.value({i: Fraction(1)}), E.S[i]) != 0), None)
    if off is None:
        return run.result(TestName.THEOREM2, Verdict.PROVED, "expectation-bound (f = S: X = E_P[S] lies between the "
                          "extremes of S on any event of probability 1)", t0, lemmas=("expectation-bound",))
    if run.priors is None:
        x = E.value({off: Fraction(1)})
        w = Witness(WitnessKind.THEOREM2, {"event": [E.names[off]], "P": run.make({off: Fraction(1)})}, {"P": x},
                    f"{E.S[off]} ≤ X(P) ≤ {E.S[off]} on E = {{{E.names[off]}}}")
        return run.result(TestName.THEOREM2, Verdict.REFUTED, "expectation: a Dirac measure where f ≠ S, validated "
                          "exactly", t0, witness=w)
    return Result(TestName.THEOREM2, f"{TEST_TITLES[TestName.THEOREM2]} on Π = {run.label}", Verdict.UNKNOWN,
                  time.perf_counter() - t0, "none", reason="f ≠ S and fixed class priors: Theorem 2's "
                      "condition (sufficient, not necessary) is not decided by the expectation's structure; tests 1–3 "
                      "decide fitness")
