"""A prover portfolio for the hard cells of tests 2 and 3: several proofs, each a set of parts.

When the plain encoding of "a mixture beats (test 2) or falls below (test 3) both ends" makes every
solver time out, other formulations of the same claim often do not. Each member below turns the
claim into one or more SMT-LIB obligations (*parts*); the member decides only when **every** part
is unsat, and the certificate is the set of parts, each headed ``; part i/n of GROUP`` so that a
certificate with a part removed is recognised as incomplete (:func:`ordertheory.encoding.smtlib.incomplete_groups`).

Members, in the order tried:

* ``split`` — Π × Π × [0, 1] cut into two cells by which end scores lower (x₁ ≤ x₂ or x₁ > x₂),
  plus a part proving that the cells cover every case.
* ``square`` — X ≥ 0 with X² rational (a square root at the top): ≲_X is ≲_{X²}, so the test is
  asked of Y = X² with X's domain as written. Parts: the link (on Π ∩ dom(X), X ≥ 0 and Y = X²),
  the transfer (a > b ≥ 0 ⇒ a² > b²) and the test for Y.
* ``level`` — quasi-concavity (test 3) or quasi-convexity (test 2) through a level function: with
  X = N/D, D > 0 and a multiplier M > 0, G_c = ±(N − c·D)/M is ≥ 0 exactly where X ≥ c (≤ c for
  test 2); if G_c is concave along every segment of Π for every c in the range of X, the level
  sets are convex and the test holds. Parts: range (D > 0, M > 0, X = N/D, lo ≤ X ≤ hi on
  Π ∩ dom(X)), concavity of G_c along segments for c ∈ [lo, hi], and the combination over reals.
  M is chosen among 1 and the sums of outcome probabilities, screened numerically first.
* ``cvc5`` — the plain obligation by cvc5 with its cylindrical-algebraic-coverings procedure.

Members' parts are decided by the engine's decider (a worker killed at its deadline, the cache);
the portfolio only proves: a counterexample comes from the search or z3's plain model.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
import sympy

from ordertheory.encoding.answer import Status, expectation
from ordertheory.encoding.cvc5_backend import available
from ordertheory.encoding.z3_backend import Env, Unsupported
from ordertheory.engine.obligations import DEFAULT, Encoding, Options, instance, mix
from ordertheory.engine.prove import Decider, Obligation
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import SEARCHED, Sanity, SanityKind, domain_point, validate
from ordertheory.engine.search import falsify
from ordertheory.engine.witness import TestName
from ordertheory.errors import ResourceLimit
from ordertheory.scores.score import Score, outcome_symbols
from ordertheory.sets.performance_set import PerformanceSet, all_performances

QueryMaker = Callable[[Score, PerformanceSet, int, Options], Obligation]
TACTICS = (None, "qfnra-nlsat")
CVC5_OPTIONS = {"nl-cov": "true"}


@dataclass(frozen=True)
class Member:
    """A way of proving the test: ``parts(...)`` returns the obligations, or None when it does not apply."""

    name: str
    parts: Callable[..., list[Obligation] | None]  # scripts (Obligation.script), each expected unsat
    weight: float = 1.0  # share of the portfolio's time, relative to the members after it


def _header(group: str, i: int, n: int, role: str, text: str) -> str:
    return f"; part {i}/{n} of {group}\n; role: {role}\n" + text


def _smt(build: Callable[[Env], list], comment: str) -> str:
    env = Env()
    return env.smtlib(build(env), comment + "\n" + expectation(Status.UNSAT))


def Part(id: str, role: str, text: str, solver: str = "z3") -> Obligation:  # noqa: N802 - reads as a type
    """One obligation of a member's proof (its role in the proof as the statement), expected unsat."""
    return Obligation.script(id, role, text, solver)


# --- split: which end is lower ---------------------------------------------------------------------
def split_parts(score: Score, Pi: PerformanceSet, direction: int, make: QueryMaker, opts: Options) -> list[Obligation]:
    q = make(score, Pi, direction, opts)

    def cell(lower_first: bool):
        def build(env: Env) -> list:
            x1, x2 = env.Real("x_1"), env.Real("x_2")
            return q.query(env) + [x1 <= x2 if lower_first else x1 > x2]
        return build

    def cover(env: Env) -> list:
        x1, x2 = env.Real("x_1"), env.Real("x_2")
        return [env.Not(env.Or(x1 <= x2, x1 > x2))]

    return [Part(f"{q.id}.cell[x_1<=x_2]", "cell x_1 ≤ x_2", _smt(cell(True), f"{q.statement}, cell x_1 <= x_2")),
            Part(f"{q.id}.cell[x_1>x_2]", "cell x_1 > x_2", _smt(cell(False), f"{q.statement}, cell x_1 > x_2")),
            Part(f"{q.id}.cover", "the cells cover every case", _smt(cover, "x_1 <= x_2 or x_1 > x_2"))]


# --- square: X >= 0 and X^2 rational ----------------------------------------------------------------
def squared(score: Score) -> Score | None:
    """Y = X² (cancelled) with X's domain as written, when X has a root and Y has none."""
    e = score.expr
    if not score.is_algebraic or not any(not p.exp.is_Integer for p in e.atoms(sympy.Pow)):
        return None
    y = sympy.cancel(sympy.expand(sympy.powsimp(sympy.expand_power_base(e**2, force=True), force=True)))
    if any(not p.exp.is_Integer for p in y.atoms(sympy.Pow)) or y.has(sympy.Abs, sympy.Min, sympy.Max):
        return None
    return replace(score, expr=y, name=f"({score.name})^2", text=f"({score.text or score.name})^2")


def _link(score: Score, Y: Score, Pi: PerformanceSet, claim: Callable, opts: Options) -> Callable[[Env], list]:
    """On Π ∩ dom(X): claim(env, x, y) for x = X(P), y = Y(P) (both as the engine encodes them)."""
    i1 = instance(Pi, "1", None, opts)

    def build(env: Env) -> list:
        EX, EY = Encoding(env, score, nd=opts.nd), Encoding(env, Y, nd=opts.nd)
        EY.vars = EX.vars
        d1, empty = EX.in_domain(i1.mapping, i1.params)
        if empty:
            return [env.BoolVal(False)]
        x = EX.value(i1.mapping, i1.params, "x_1")
        y = EY.value(i1.mapping, i1.params, "y_1")
        return EX.point(i1) + [d1, env.Not(claim(env, x, y))] + EX.finish() + EY.finish()
    return build


def square_parts(score: Score, Pi: PerformanceSet, direction: int, make: QueryMaker, opts: Options) -> list[Obligation] | None:
    Y = squared(score)
    if Y is None:
        return None
    q = make(Y, Pi, direction, opts)
    link = _link(score, Y, Pi, lambda env, x, y: env.And(x >= 0, y == x * x), opts)

    def transfer(env: Env) -> list:
        a, b = env.Real("a"), env.Real("b")
        return [b >= 0, a > b, env.Not(a * a > b * b)]

    return [Part("square.link", "X ≥ 0 and Y = X² on Π ∩ dom(X)",
                 _smt(link, f"for {score.name} on Π = {Pi.label}: X >= 0 and X^2 = {Y.expr} on Π ∩ dom(X)")),
            Part("square.transfer", "a > b ≥ 0 implies a² > b²", _smt(transfer, "a > b >= 0 implies a^2 > b^2")),
            Part(f"square.{q.id}", f"{q.id} for Y = X²", _smt(q.query, f"{q.statement} (Y = X^2 = {Y.expr})"))]


# --- level: concave level functions ---------------------------------------------------------------
NICE = tuple(sorted({Fraction(n, d) for d in (1, 2, 4, 8) for n in range(-16 * d, 16 * d + 1)}))


def _bounds(values: np.ndarray) -> tuple[Fraction, Fraction] | None:
    v = values[np.isfinite(values)]
    if not len(v):
        return None
    lo = [f for f in NICE if f <= v.min() + 1e-9]
    hi = [f for f in NICE if f >= v.max() - 1e-9]
    return (lo[-1], hi[0]) if lo and hi else None


def _multipliers(space) -> list[sympy.Expr]:
    syms = list(outcome_symbols(space))
    out: list[sympy.Expr] = [sympy.Integer(1)]
    for k in range(1, len(syms)):
        out += [sympy.Add(*c) for c in itertools.combinations(syms, k)]
    return out


def _numeric_concave(G, Pi: PerformanceSet, score: Score, lo: Fraction, hi: Fraction, seed: int = 0) -> bool:
    """No numeric violation of concavity along sampled segments (a screen, never a proof)."""
    smp = falsify.sample(Pi, None, 400, seed)
    if smp is None:
        return False
    X = falsify.values(score, smp.coords)
    ok = np.flatnonzero(np.isfinite(X))
    if len(ok) < 2:
        return False
    rng = np.random.default_rng(seed)
    i, j = rng.choice(ok, 3000), rng.choice(ok, 3000)
    cols = lambda C: [C[:, k] for k in range(C.shape[1])]  # noqa: E731
    for c in (float(lo), float(hi), float((lo + hi) / 2)):
        g1, g2 = G(c, *cols(smp.coords[i])), G(c, *cols(smp.coords[j]))
        for lam in (0.5, 0.25, 0.1):
            gm = G(c, *cols(lam * smp.coords[i] + (1 - lam) * smp.coords[j]))
            gap = lam * g1 + (1 - lam) * g2 - gm
            if np.nanmax(np.where(np.isfinite(gap), gap, -np.inf)) > 1e-9 * (1 + np.nanmax(np.abs(gm))):
                return False
    return True


def level_parts(score: Score, Pi: PerformanceSet, direction: int, make: QueryMaker, opts: Options) -> list[Obligation] | None:
    Y = squared(score)
    X = Y or score
    if not X.is_algebraic or any(not p.exp.is_Integer for p in X.expr.atoms(sympy.Pow)) or X.expr.has(
            sympy.Abs, sympy.Min, sympy.Max):
        return None
    N, D = sympy.fraction(sympy.cancel(sympy.together(X.expr)))
    syms = list(outcome_symbols(score.space))
    smp = falsify.sample(Pi, None, 400, 0)
    if smp is None:
        return None
    cols = [smp.coords[:, k] for k in range(smp.coords.shape[1])]
    vals = falsify.values(X, smp.coords)
    inside = np.isfinite(vals)
    Dn = sympy.lambdify(syms, D, "numpy")(*cols) * np.ones(len(vals))
    if np.all(Dn[inside] < 0):
        N, D = -N, -D
    elif not np.all(Dn[inside] > 0):
        return None
    b = _bounds(vals)
    if b is None:
        return None
    lo, hi = b
    c = sympy.Symbol("c", real=True)
    s = 1 if direction < 0 else -1  # test 3: {X >= c} convex; test 2: {X <= c} convex
    for M in _multipliers(score.space):
        Mn = sympy.lambdify(syms, M, "numpy")(*cols) * np.ones(len(vals))
        if not np.all(Mn[inside] > 0):
            continue
        G = sympy.lambdify([c, *syms], s * (N - c * D) / M, "numpy")
        # concavity on all performances is a stronger claim, often easier than on Π's parametrisation
        for where in ((all_performances(score.space), Pi) if Pi.constraints else (Pi,)):
            with np.errstate(all="ignore"):
                if _numeric_concave(G, where, X, lo, hi):
                    parts = _level(X, Pi, where, direction, N, D, M, lo, hi, s, opts)
                    return parts if Y is None else square_parts(score, Pi, direction, make, opts)[:2] + parts
    return None


def _level(X, Pi, where, direction, N, D, M, lo, hi, s, opts) -> list[Obligation]:
    """The parts of a level-function proof for X (possibly X² of the score asked: same domain);
    concavity is proved on ``where`` ⊇ Π."""
    score = X
    i1, i2 = instance(where, "1", None, opts), instance(where, "2", None, opts)
    r1 = instance(Pi, "1", None, opts)
    lam = sympy.Symbol("lam", real=True)
    mixed = mix(i1, i2, lam)

    def rng(env: Env, i1=r1) -> list:
        E = Encoding(env, score, nd=opts.nd)
        d1, empty = E.in_domain(i1.mapping, i1.params)
        if empty:
            return [env.BoolVal(False)]
        x = E.value(i1.mapping, i1.params, "x_1")
        enc = E.encoder({p: None for p in i1.params})
        n_, d_, m_ = (enc.go(sympy.expand(e.xreplace(i1.mapping))) for e in (N, D, M))
        claim = env.And(d_ > 0, m_ > 0, x * d_ == n_, x >= env.RealVal(lo), x <= env.RealVal(hi))
        return E.point(i1) + [d1, env.Not(claim)] + E.finish()

    def concave(env: Env) -> list:
        E = Encoding(env, score, nd=opts.nd)
        f = E.point(i1) + E.point(i2)
        L, C = E.var(lam), E.var(sympy.Symbol("c", real=True))
        f += [L >= 0, L <= 1, C >= env.RealVal(lo), C <= env.RealVal(hi)]
        gs = []
        for tag, mapping, params in (("1", i1.mapping, i1.params), ("2", i2.mapping, i2.params),
                                     ("m", mixed, i1.params + i2.params + [lam])):
            enc = E.encoder({p: None for p in params})
            n_, d_, m_ = (enc.go(sympy.expand(e.xreplace(mapping))) for e in (N, D, M))
            g = env.Real(f"g_{tag}")  # dom(X) is not assumed: a stronger claim, and faster
            f += [d_ > 0, m_ > 0, g * m_ == s * (n_ - C * d_)]
            gs.append(g)
        g1, g2, gm = gs
        return f + [gm < L * g1 + (1 - L) * g2] + E.finish()

    def combine(env: Env) -> list:
        L, C = env.Real("lam"), env.Real("c")
        f = [L >= 0, L <= 1]
        xs, gs = [], []
        for tag in ("1", "2", "m"):
            x, n_, d_, m_, g = (env.Real(f"{v}_{tag}") for v in ("x", "n", "d", "M", "g"))
            f += [d_ > 0, m_ > 0, x * d_ == n_, g * m_ == s * (n_ - C * d_)]
            xs.append(x)
            gs.append(g)
        x1, x2, xm = xs
        g1, g2, gm = gs
        f += [gm >= L * g1 + (1 - L) * g2]
        if s > 0:  # test 3: c is the lower end, the mixture falls below both
            f += [C == env.If(x1 <= x2, x1, x2), xm < x1, xm < x2]
        else:
            f += [C == env.If(x1 >= x2, x1, x2), xm > x1, xm > x2]
        return f

    t = TestName.TEST3 if direction < 0 else TestName.TEST2
    sign = "N − c·D" if s > 0 else "c·D − N"
    G = f"({sign})/({M})"
    head = f"for {X.name} on Π = {Pi.label}"
    return [Part(f"level.{t}.range", "D > 0, M > 0, X = N/D and lo ≤ X ≤ hi on Π ∩ dom(X)",
                 _smt(rng, f"{head}: D = {D} > 0, M = {M} > 0, X = N/D with N = {N}, {lo} <= X <= {hi}")),
            Part(f"level.{t}.concave", f"G_c = {G} concave along segments for c in [{lo}, {hi}]",
                 _smt(concave, f"for {X.name} on {where.label}: G_c = {G} is concave along its segments "
                               f"where D > 0 and M > 0, c in [{lo}, {hi}]")),
            Part(f"level.{t}.combine", "concave level functions give the test",
                 _smt(combine, f"G_c >= 0 iff X {'>=' if s > 0 else '<='} c, concave along the segment: "
                               f"no mixture {'below' if s > 0 else 'above'} both ends"))]


def cvc5_parts(score: Score, Pi: PerformanceSet, direction: int, make: QueryMaker, opts: Options) -> list[Obligation] | None:
    if not available():
        return None
    q = make(score, Pi, direction, opts)
    return [Part(q.id, q.statement, q.smtlib(), solver="cvc5")]


MEMBERS = (Member("level", level_parts, 4.0), Member("square", square_parts, 3.0),
           Member("split", split_parts, 1.5), Member("cvc5", cvc5_parts, 1.5))


def test_sanity(score: Score, Pi: PerformanceSet) -> Sanity:
    """The sanity model of a mixture test's assumptions (P1, P2 ∈ Π ∩ dom(X), λ ∈ [0, 1], M ∈ dom(X)):
    P1 = P2 = P for an exact P of Π ∩ dom(X), λ = 1/2 (then M = P), re-validated exactly."""
    P = domain_point(score, Pi)
    if P is None:
        return Sanity(SanityKind.UNDECIDED, {}, "no exact point of Π ∩ dom(X) found by search")
    model = {"P1": P, "P2": P, "lambda": Fraction(1, 2)}
    if not validate(score, Pi, model):
        return Sanity(SanityKind.UNDECIDED, {}, "the point found failed exact re-validation")
    return Sanity(SanityKind.MODEL, model, f"of the test's assumptions, {SEARCHED}")


def decide_mixture(score: Score, Pi: PerformanceSet, direction: int, make: QueryMaker, budget: float,
                   decider: Decider | None = None, opts: Options = DEFAULT,
                   members: tuple[Member, ...] = MEMBERS) -> Result:
    """Try each member in turn within ``budget`` seconds: PROVED when every part of one member is
    unsat (method names the member), else UNKNOWN with what each member said."""
    t0 = time.perf_counter()
    deadline = t0 + budget
    name = TestName.TEST2 if direction > 0 else TestName.TEST3
    decider = decider or Decider(budget)
    reasons = []
    for k, m in enumerate(members):
        left = deadline - time.perf_counter()
        if left <= 0.1:
            reasons.append("no time left")
            break
        try:
            parts = m.parts(score, Pi, direction, make, opts)
        except (Unsupported, ResourceLimit, RecursionError, ValueError, TypeError,
                ZeroDivisionError, sympy.PolynomialError) as exc:
            reasons.append(f"{m.name}: not applicable ({type(exc).__name__})")
            continue
        if parts is None:
            continue
        rest = sum(x.weight for x in members[k:])
        share = left * m.weight / rest
        ok, why, how = _all_unsat(parts, decider, time.perf_counter() + share)
        if ok:
            group = re.sub(r"[^A-Za-z0-9._=-]+", "_", f"{score.name}@{Pi.label}.{m.name}.{name}")
            sanity = test_sanity(score, Pi)  # the parts cover the test: its assumptions are the ones to show
            cert = tuple((p.id, _header(group, i, len(parts), p.statement, sanity.header(p.text)))
                         for i, p in enumerate(parts, 1))
            return Result(name, f"{name} for {score.name}", Verdict.PROVED, time.perf_counter() - t0,
                          f"portfolio: {m.name} ({how}, {len(parts)} parts)", certificate=cert, sanity=sanity)
        reasons.append(f"{m.name}: {why}")
    return Result(name, f"{name} for {score.name}", Verdict.UNKNOWN, time.perf_counter() - t0, "portfolio",
                  reason="; ".join(reasons) or "no member applies")


def _all_unsat(parts: list[Obligation], decider: Decider, deadline: float) -> tuple[bool, str, str]:
    """Every part proved within ``deadline``? (yes, '', how) or (no, why, ''): z3's default solver gets
    60 % of what is left for a part, the nlsat tactic the rest; cvc5 all of it."""
    hows = set()
    for p in parts:
        tactics = TACTICS if p.solver == "z3" else (None,)
        for k, tactic in enumerate(tactics):
            left = deadline - time.perf_counter()
            if left <= 0.05:
                return False, f"{p.id}: no time left", ""
            r = decider.decide(p, left * (0.6 if k + 1 < len(tactics) else 1.0), tactics=(tactic,))
            if r.verdict is Verdict.PROVED:
                hows.add(r.method.split()[0] + (f" {tactic}" if tactic else ""))
                break
            if r.verdict is Verdict.REFUTED:
                return False, f"{p.id}: sat", ""
        else:
            return False, f"{p.id}: {r.reason}", ""
    return True, "", ", ".join(sorted(hows))
