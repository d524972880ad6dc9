"""Which importance does a score encode? Derived with sympy, never looked up (§4.3, A.6).

The question "is X = g(R_I) on Π for some importance I and a linear-fractional g?" becomes linear
once the unknowns are v_ω = I(ω)·(c·S(ω) + d) and w_ω = I(ω)·(a·S(ω) + b): the identity
X · Σ v_ω P(ω) = Σ w_ω P(ω) must hold as a polynomial identity in the free coordinates of Π (its
equalities solved away), so its coefficients give a homogeneous linear system. Its solutions are
interpretable when, within each satisfaction level, the vectors (v_ω, w_ω) are parallel; those
2 × 2 minors are solved for the combination of null-space vectors. The result is re-verified by an
independent sympy simplification of X − g(R_I) on Π.

>>> from ordertheory.catalogue import get
>>> d = derive_symbolic(get("f_beta_1").score())
>>> str(d.kind), {o: str(v) for o, v in d.importance.items()}
('ranking_score', {'tn': '0', 'fp': '1/2', 'fn': '1/2', 'tp': '1'})
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass, field
from typing import Any

import sympy

from ordertheory.analyses.importance.domain import compare_domains
from ordertheory.analyses.importance.monotone_transform import R, find_transform, prior_sign
from ordertheory.analyses.importance.pencil import NO_PENCIL, nullspace, pencil_candidate, written_pair
from ordertheory.engine.result import Verdict
from ordertheory.engine.witness import TestName
from ordertheory.exact import is_zero
from ordertheory.fitness.report import TEST_TITLES
from ordertheory.fitness.score_tests import run_tests
from ordertheory.fitness.searches import mixture_refuted
from ordertheory.scores.score import Score, outcome_symbols
from ordertheory.sets.performance_set import PerformanceSet, all_performances

MAX_TERMS = 60_000  # bound on the expanded identity, so that a derivation never runs away


class ImportanceKind(enum.StrEnum):
    """What the derivation found: X is R_I on Π, a strictly monotone transform of one, constant on
    Π, none of these (with the reason), or undecided."""

    RANKING_SCORE = "ranking_score"
    MONOTONE_TRANSFORM = "monotone_transform"
    CONSTANT = "constant"
    NONE = "none"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class ImportanceDerivation:
    """The importance a score encodes on Π, or why there is none, with the derivation steps."""

    score: str
    constraints: tuple[str, ...]
    kind: ImportanceKind
    importance: dict[str, sympy.Expr] | None = None
    transform: sympy.Expr | None = None  # g(r), X = g(R_I(P))
    monotone: str | None = None  # increasing | decreasing
    tile: dict[str, sympy.Expr] | None = None
    reason: str | None = None
    steps: tuple[str, ...] = field(default=(), compare=False)
    verified: bool = False
    domain: dict | None = None  # {status: equal|differs|unknown, text, witness}: where X = g(R_I) holds
    witness: Any = field(default=None, compare=False)  # kind none: the refuted test's exact witness

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", ImportanceKind(self.kind))

    @property
    def verdict(self) -> Verdict:
        """What the derivation settles, as ``importance`` and ``paper --only`` report it: PROVED when
        an importance (or a constant) was derived, REFUTED when none exists, else UNKNOWN."""
        return {ImportanceKind.RANKING_SCORE: Verdict.PROVED, ImportanceKind.MONOTONE_TRANSFORM: Verdict.PROVED,
                ImportanceKind.CONSTANT: Verdict.PROVED, ImportanceKind.NONE: Verdict.REFUTED}.get(self.kind,
                                                                                                Verdict.UNKNOWN)

    def _repr_latex_(self) -> str:
        """For notebooks: the importance and the transform in LaTeX."""
        if not self.importance:
            return rf"$\text{{{self.kind}}}$"
        imp = r",\ ".join(rf"I(\mathrm{{{o}}}) = {sympy.latex(v)}" for o, v in self.importance.items())
        g = "" if self.transform is None else rf",\quad X = {sympy.latex(self.transform)}\big|_{{r = R_I}}"
        return f"${imp}{g}$"

    def to_json(self) -> dict:
        return {
            "score": self.score,
            "constraints": list(self.constraints),
            "kind": self.kind.value,
            "importance": None if self.importance is None else {o: str(v) for o, v in self.importance.items()},
            "transform": None if self.transform is None else str(self.transform),
            "monotone": self.monotone,
            "tile": None if self.tile is None else {k: str(v) for k, v in self.tile.items()},
            "reason": self.reason,
            "verified": self.verified,
            "domain": self.domain,
            "witness": None if self.witness is None else self.witness.to_json(),
        }


def _normalise(vec: dict[str, sympy.Expr]) -> dict[str, sympy.Expr]:
    """Scale so that the largest value is 1 (Property 3), when the largest is decidable."""
    vals = [v for v in vec.values() if not is_zero(v)]
    if not vals:
        return vec
    top = vals[0]
    for v in vals[1:]:
        s = prior_sign(v - top)
        if s is None:
            return {o: sympy.simplify(x) for o, x in vec.items()}
        if s > 0:
            top = v
    return {o: sympy.factor(sympy.simplify(x / top)) for o, x in vec.items()}


def _candidates(basis: list[sympy.Matrix], n: int, levels: list[list[int]]) -> list[sympy.Matrix]:
    """Combinations of null-space vectors whose (v, w) are parallel within each level."""
    k = len(basis)
    if k == 0:
        return []
    t = sympy.symbols(f"t0:{k}")
    vec = sum((ti * b for ti, b in zip(t, basis)), sympy.zeros(2 * n, 1))
    minors = []
    for lev in levels:
        for a, b in itertools.combinations(lev, 2):
            m = sympy.expand(vec[a] * vec[n + b] - vec[b] * vec[n + a])
            if m != 0:
                minors.append(m)
    out: list[sympy.Matrix] = []
    if not minors:
        out.extend(basis)
        out.extend(basis[i] + basis[j] for i, j in itertools.combinations(range(k), 2))
        return out
    for j in range(k):  # dehomogenise: t_j = 1, t_<j = 0
        fix = {t[i]: 0 for i in range(j)}
        fix[t[j]] = 1
        eqs = [sympy.expand(m.xreplace(fix)) for m in minors]
        eqs = [e for e in eqs if e != 0]
        free = [ti for ti in t[j + 1:]]
        if any(e.is_number for e in eqs):
            continue
        sols = [{}] if not eqs else sympy.solve(eqs, free, dict=True) if free else []
        for sol in sols:
            full = dict(fix)
            full.update(sol)
            rest = [ti for ti in t if ti not in full]
            for choice in itertools.product((0, 1), repeat=len(rest)):
                val = dict(full)
                val.update(zip(rest, choice))
                cand = vec.xreplace(val).applyfunc(lambda x: sympy.simplify(x.xreplace(val)))
                if any(x != 0 for x in cand):
                    out.append(cand)
    return out


def _interpret(vec: sympy.Matrix, n: int, S: list, outcomes: tuple[str, ...]):
    """(importance, alpha by level, beta by level) from an interpretable (v, w), or None."""
    levels = sorted(set(S))
    alpha, beta, imp = {}, {}, {}
    for s in levels:
        members = [i for i in range(n) if S[i] == s]
        ref = next((i for i in members if vec[i] != 0 or vec[n + i] != 0), None)
        if ref is None:  # no importance on this level (an abstention's): R_I does not read it
            imp.update({outcomes[i]: sympy.Integer(0) for i in members})
            continue
        a, b = vec[ref], vec[n + ref]
        if any(not is_zero(vec[i] * b - vec[n + i] * a) for i in members):
            return None  # (v, w) not parallel within the level: no I and g read it
        if a != 0:  # normalise α_s = 1 so that I = v on this level (an affine g when every α is 1)
            a, b = sympy.Integer(1), sympy.simplify(b / a)
            vals = {i: sympy.simplify(vec[i]) for i in members}  # a negative level is flipped below
        else:
            vals = {i: sympy.simplify(vec[n + i] / b) for i in members}
        signs = {prior_sign(v) for v in vals.values()} - {0}
        if None in signs or len(signs) > 1:
            return None
        if signs == {-1}:
            vals = {i: -v for i, v in vals.items()}
            a, b = -a, -b
        alpha[s], beta[s] = a, b
        for i, v in vals.items():
            imp[outcomes[i]] = v
    weighted = sorted(alpha)  # the levels with some importance
    if len(weighted) < 2:
        return None  # R_I reads one level only: constant where defined
    if len(weighted) > 2:  # α, β must be affine in s
        s0, s1 = weighted[0], weighted[1]
        for s in weighted[2:]:
            for coef in (alpha, beta):
                lin = coef[s0] + (coef[s1] - coef[s0]) * (s - s0) / (s1 - s0)
                if not is_zero(coef[s] - lin):
                    return None
    return imp, alpha, beta


QUICK_SEARCH = 1.0  # seconds of falsifying search per mixture test before the transform search


def derive_symbolic(score: Score, Pi: PerformanceSet | None = None, check_tests: bool = True,
                    timeout: float = 20.0, report=None) -> ImportanceDerivation:
    """The importance (and transform) making ``score`` a ranking score on ``Pi``, from its formula (see above).

    ``report``: the :class:`~ordertheory.fitness.score_tests.ScoreReport` of ``score`` on ``Pi``
    when already computed (its tests 2 and 3 are then read, not decided again)."""
    Pi = Pi or all_performances(score.space)
    space = score.space
    name = score.text or score.name
    cons = tuple(str(c) for c in Pi.constraints)
    steps = [f"Π = {Pi.label}: solve its equalities for the outcome probabilities."]
    params, mapping, _ = Pi.parametrise("d")
    steps.append("  " + ", ".join(f"{s} = {mapping[s]}" for s in outcome_symbols(space)))
    e = score.expr.xreplace(mapping)
    if e.has(sympy.nan, sympy.zoo):
        return ImportanceDerivation(name, cons, "unknown", reason="the score is undefined everywhere on Π", steps=tuple(steps))

    # constant on Π? (a rational function is zero iff its expanded numerator is)
    if all(is_zero(sympy.diff(e, q)) for q in params):
        steps.append(f"X = {sympy.simplify(e)} is constant on Π (all partial derivatives vanish).")
        return ImportanceDerivation(name, cons, "constant", transform=sympy.simplify(e), reason="X is constant on Π",
                          steps=tuple(steps), verified=True)

    if any(a.is_number for a in e.atoms(sympy.log, sympy.exp)):
        # constants such as log(7/8) (the log loss on score levels): sympy's exact linear algebra over
        # them has no bound on its time (rref decides each pivot by evaluation); not attempted
        why = ("the formula has transcendental constants (e.g. logarithms of score levels): the exact derivation "
               "over them is not attempted; see the satisfaction it encodes")
        steps.append(why)
        return ImportanceDerivation(name, cons, "unknown", reason=why, steps=tuple(steps))
    S = [sympy.Rational(s.numerator, s.denominator) for s in space.satisfaction]
    ps = [mapping[s] for s in outcome_symbols(space)]
    lf = _linear_fractional(e, params, ps, space, S, steps, written=written_pair(score))
    domain = None
    if isinstance(lf, str) and check_tests and report is None and mixture_refuted(score, Pi, QUICK_SEARCH):
        # the transform search costs seconds (MCC: 10 s) and would find nothing: a refuted test 2 or 3 says so
        report = run_tests(score, Pi, timeout=timeout, tests=(TestName.TEST2, TestName.TEST3), settle=0.0)
    if isinstance(lf, str):
        # a test 2 or 3 already refuted (validated witness) proves that no monotone transform of a
        # ranking score exists: the search would find none, and _fallback states why
        known_none = check_tests and report is not None and any(
            t in report.tests and report.tests[t].refuted for t in (TestName.TEST2, TestName.TEST3))
        found = None if known_none else find_transform(
            e, params, ps, space, S, lambda u: _linear_fractional(u, params, ps, space, S, []), budget=timeout)
        if found is not None:
            imp, g, mono, more = found
            steps.extend(more)
            imp = _normalise({o: imp[o] for o in space.outcomes})
            domain = _domain(score, Pi, imp, timeout)
            steps.append(f"Domain: {domain['text']}")
            return ImportanceDerivation(name, cons, "monotone_transform", imp, g, mono, tile(imp) if space.is_binary else None,
                              None, tuple(steps), True, domain)
        # only the empty null space is a proof that no (I, g) exists: the search among its combinations
        # (_candidates) is not complete when the parallel-within-levels solutions form a family
        lf_only = "zero solution" in lf or lf == NO_PENCIL
        lf_only = lf_only and _is_linear_fractional(e, params)
        if not lf_only:
            lf += ("; X is not a ratio of affine functions on Π and no strictly monotone transform of a ranking "
                   "score was found (searched: inner ratios of X with a sympy-verified identity)")
        return _fallback(score, Pi, name, cons, steps, lf, check_tests, timeout, none_is_proved=lf_only,
                         report=report)
    rank, imp, g, det = lf
    imp = _normalise({o: imp[o] for o in space.outcomes})
    # an independent check: X − g(R_I) simplifies to 0 on Π
    NI = sum(imp[o] * s * pp for o, s, pp in zip(space.outcomes, S, ps))
    DI = sum(imp[o] * pp for o, pp in zip(space.outcomes, ps))
    residual = e - g.xreplace({R: NI / DI})
    verified = is_zero(residual)
    residual = 0 if verified else sympy.simplify(residual)
    kind = "ranking_score" if rank == 0 else "monotone_transform"
    mono = None if rank == 0 else ("increasing" if prior_sign(det) > 0 else "decreasing")
    steps.append(f"Importance I = ({', '.join(f'{o}: {imp[o]}' for o in space.outcomes)}), "
                 f"X = g(R_I) with g(r) = {g}" + ("" if rank == 0 else f", {mono} on [s_min, s_max]"))
    steps.append(f"Check: sympy simplifies X − g(R_I) on Π to {residual}.")
    if verified:
        domain = _domain(score, Pi, imp, timeout)
        steps.append(f"Domain: {domain['text']}")
    return ImportanceDerivation(name, cons, kind if verified else "unknown", imp, None if rank == 0 else g, mono,
                      tile(imp) if space.is_binary else None,
                      None if verified else f"verification failed: residual {residual}", tuple(steps), verified,
                      domain)


def _domain(score: Score, Pi: PerformanceSet, imp: dict, timeout: float) -> dict:
    return compare_domains(score, Pi, imp, timeout=min(timeout, 10.0))


def _is_linear_fractional(e: sympy.Expr, params) -> bool:
    """Whether X is a ratio of affine functions of Π's free coordinates (then every strictly
    monotone g with X = g(R_I) is linear-fractional: both pencils of level hyperplanes coincide)."""
    num, den = sympy.fraction(sympy.cancel(sympy.together(e)))
    try:
        return all(sympy.Poly(part, *params).total_degree() <= 1 for part in (num, den)) if params else True
    except sympy.PolynomialError:
        return False


def _linear_fractional(e: sympy.Expr, params, ps, space, S, steps: list, written: sympy.Matrix | None = None):
    """(rank, importance, g, det) with X = g(R_I) for a linear-fractional g, or the reason (str);
    ``written``: a (v, w) to try before the null space's combinations (see :func:`~ordertheory.analyses.importance.pencil.written_pair`)."""
    num, den = sympy.fraction(sympy.together(e))
    n = len(space)
    v = sympy.symbols(f"v0:{n}")
    w = sympy.symbols(f"w0:{n}")
    ident = sympy.expand(num * sum(a * b for a, b in zip(v, ps)) - den * sum(a * b for a, b in zip(w, ps)))
    if len(sympy.Add.make_args(ident)) > MAX_TERMS:
        return f"the identity has more than {MAX_TERMS} terms: too large for the exact derivation"
    try:
        coeffs = sympy.Poly(ident, *params).coeffs() if params else [ident]
    except sympy.PolynomialError:
        coeffs = None
    if coeffs is None or any(c.has(sympy.Pow) and any(not x.exp.is_Integer for x in c.atoms(sympy.Pow)) for c in coeffs):
        return "X is not a rational function of P on Π"
    A, _ = sympy.linear_eq_to_matrix(coeffs, list(v) + list(w))
    basis = nullspace(A)
    steps.append(f"Identity X·Σ v(ω)P(ω) = Σ w(ω)P(ω) on Π: {A.rows} linear equations in 2×{n} unknowns; "
                 f"null space of dimension {len(basis)}.")
    if not basis:
        return "the linear system for (v, w) has only the zero solution: no importance I and linear-fractional g give X = g(R_I)"

    levels = [[i for i in range(n) if S[i] == s] for s in sorted(set(S))]
    best = None
    for cand in ([written] if written is not None else []) + _candidates(basis, n, levels):
        got = _interpret(cand, n, S, space.outcomes)
        if got is None:
            continue
        imp, alpha, beta = got
        lv = sorted(alpha)
        s0, s1 = lv[0], lv[-1]
        a0, a1, b0, b1 = alpha[s0], alpha[s1], beta[s0], beta[s1]
        g = sympy.simplify((b0 * (s1 - R) + b1 * (R - s0)) / (a0 * (s1 - R) + a1 * (R - s0)))
        det = sympy.simplify(b1 * a0 - b0 * a1)
        if prior_sign(det) in (0, None):
            continue
        pole_safe = prior_sign(a0 * a1) in (0, 1)  # α is affine in s (checked): no pole strictly inside
        if not pole_safe:
            continue
        rank = 0 if is_zero(g - R) else 1 if is_zero(sympy.diff(g, R, 2)) else 2
        if best is None or rank < best[0]:
            best = (rank, imp, g, det)
        if rank == 0:
            break
    if best is None:
        pencil = pencil_candidate(e, params, ps, S, n)
        if isinstance(pencil, str):
            steps.append(pencil)
            return pencil
        got = _interpret(pencil, n, S, space.outcomes) if pencil is not None else None
        if got is not None:
            steps.append("The pencil of X's level sets gives the importance (z3's exact model).")
            return _linear_fractional(e, params, ps, space, S, [], written=pencil)
        return "no combination of the null space gives a non-negative importance with a monotone linear-fractional g"
    return best




def tile(imp: dict[str, sympy.Expr]) -> dict[str, sympy.Expr] | None:
    """(a, b) on the Tile: I ∝ (1−a, 1−b, b, a) after Property 4's per-level rescaling, which
    keeps the ordering; None when an entire level has no importance."""
    sat = sympy.simplify(imp["tn"] + imp["tp"])
    uns = sympy.simplify(imp["fp"] + imp["fn"])
    if prior_sign(sat) in (0, None) or prior_sign(uns) in (0, None):
        return None
    return {"a": sympy.factor(sympy.simplify(imp["tp"] / sat)), "b": sympy.factor(sympy.simplify(imp["fn"] / uns))}


def _fallback(score, Pi, name, cons, steps, reason, check_tests, timeout, none_is_proved=False,
              report=None) -> ImportanceDerivation:
    """No importance was derived: a refuted test 2 or 3 proves that none exists (monotone
    transforms of ranking scores are quasi-linear); otherwise report what is known."""
    steps = list(steps)
    if check_tests:
        # one refuted test settles it (no importance): nothing after the first refutation is asked
        rep = report if report is not None else run_tests(score, Pi, timeout=timeout, tests=(TestName.TEST2, TestName.TEST3),
                                                            settle=0.0)
        for t in (TestName.TEST2, TestName.TEST3):
            r = rep.tests[t]
            if r.refuted:
                why = (f"{TEST_TITLES[t]} is refuted: every strictly monotone transform of a ranking score "
                       "passes tests 2 and 3, so no importance gives the same ordering")
                steps.append(f"{TEST_TITLES[t]} is refuted, with this exact witness:")
                steps.extend("  " + line for line in r.witness.lines())
                steps.append("Every strictly monotone transform of a ranking score passes tests 2 and 3, so no "
                             "importance gives the same ordering.")
                return ImportanceDerivation(name, cons, "none", reason=why, steps=tuple(steps), verified=True,
                                  witness=r.witness)
    if none_is_proved:
        steps.append(reason)
        return ImportanceDerivation(name, cons, "none", reason=reason, steps=tuple(steps), verified=True)
    steps.append(reason)
    return ImportanceDerivation(name, cons, "unknown", reason=reason, steps=tuple(steps))
