"""Which satisfaction does a score encode? The dual of the importance derivation.

A score that is an expectation, X(P) = E_P[f] for some f: Ω → ℝ (Brier, log loss on score
levels, an expected cost, the net benefit, a cost-weighted accuracy written as a formula), is an
affine image of an expected satisfaction: with S = (f − min f)/(max f − min f),

    X = min f + (max f − min f)·E_P[S]        (strictly increasing in E_P[S]),

and for a loss (lower is better: Brier, log loss, a cost) the satisfaction its users pursue is
1 at the lowest loss, S = (max f − f)/(max f − min f), with X = max f − (max f − min f)·E_P[S]
(strictly decreasing). Ranking by X (by −X for a loss) is then ranking by the ranking score R_I
with I uniform and that S: fit for ranking whatever the space's written satisfaction. f is read
from the formula (its coefficients in the outcome probabilities, Σ P(ω) = 1 absorbing the constant)
and the identity is proved by sympy on Π: the expanded difference is 0.

>>> from ordertheory.scores.expression import parse_score
>>> from ordertheory.spaces.sample_space import binary
>>> e = encoded_satisfaction(parse_score("1 - fp - 5*fn", binary()))
>>> {o: str(v) for o, v in e.satisfaction.items()}, e.identity
({'tn': '1', 'fp': '4/5', 'fn': '0', 'tp': '1'}, 'X = -4 + 5·E_P[S]')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from fractions import Fraction

import numpy as np
import sympy

from ordertheory.analyses.importance.derivation import DerivationChain, Step
from ordertheory.engine.result import Verdict
from ordertheory.engine.search import falsify
from ordertheory.engine.witness import TestName
from ordertheory.errors import OrderTheoryError
from ordertheory.exact import sign
from ordertheory.fitness.bounded_check import check_score_within
from ordertheory.fitness.report import ScoreReport
from ordertheory.performances.performance import mixture
from ordertheory.scores.direction import Direction
from ordertheory.scores.score import Score, outcome_symbols
from ordertheory.sets.performance_set import PerformanceSet, all_performances

MAX_OUTCOMES = 2048  # a linear formula over this many outcomes is read in well under a second


class SatisfactionKind(enum.StrEnum):
    """X = an affine image of E_P[S] (with S derived), X constant on Π, X not an expectation, or
    undecided (the identity did not check)."""

    EXPECTATION = "expectation"
    CONSTANT = "constant"
    NOT_AN_EXPECTATION = "not_an_expectation"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class EncodedSatisfaction:
    """The satisfaction a score encodes on Π: X = offset + scale·E_P[S], proved, or why not."""

    score: str
    Pi: str
    kind: SatisfactionKind
    f: dict[str, sympy.Expr] | None = None  # X = E_P[f]
    satisfaction: dict[str, sympy.Expr] | None = None  # S: Ω → [0, 1]
    offset: sympy.Expr | None = None
    scale: sympy.Expr | None = None  # > 0 increasing, < 0 decreasing
    loss: bool = False  # the catalogue marks the score lower-is-better
    verified: bool = False
    unique: bool = True  # f (hence S) is the only one on Π (False: Π's equalities leave a choice)
    matches: bool = False  # S is the space's written satisfaction
    reason: str | None = None
    derivation: DerivationChain | None = field(default=None, compare=False)
    how: str = "proved by sympy on Π"  # how the identity was checked

    @property
    def direction(self) -> str | None:
        """``increasing`` or ``decreasing``: how X moves with E_P[S]."""
        if self.scale is None:
            return None
        return "increasing" if sign(self.scale) > 0 else "decreasing"

    @property
    def identity(self) -> str | None:
        """The proved identity as text, e.g. ``X = -4 + 5·E_P[S]``."""
        if self.scale is None:
            return None
        b = self.scale
        op, mag = ("+", b) if sign(b) > 0 else ("−", -b)
        return f"X = {self.offset} {op} {mag}·E_P[S]"

    def lines(self) -> list[str]:
        """What ``importance`` and ``check`` print."""
        if self.kind is not SatisfactionKind.EXPECTATION:
            return [f"satisfaction: {self.kind.value}" + (f" ({self.reason})" if self.reason else "")]
        where = "the space's written S" if self.matches else "not the space's written S"
        out = ["satisfaction X encodes: " + ", ".join(f"S({o}) = {v}" for o, v in self.satisfaction.items())
               + f" ({where})",
               f"  {self.identity}, strictly {self.direction} in E_P[S]"
               + (" (a loss: lower is better, so S is 1 at the lowest loss)" if self.loss else "")
               + (f" — {self.how}" if self.verified else " — NOT verified")]
        if not self.unique:
            out.append("  (on this Π, f is one choice among several: Π's equalities leave E_P[f] unchanged by "
                       "some shifts of f; with fixed class priors f is taken with equal minima in every class)")
        return out

    def to_json(self) -> dict:
        def text(d):
            return None if d is None else {o: str(v) for o, v in d.items()}

        return {"kind": self.kind.value, "score": self.score, "Pi": self.Pi, "satisfaction": text(self.satisfaction),
                "f": text(self.f), "offset": None if self.offset is None else str(self.offset),
                "scale": None if self.scale is None else str(self.scale), "identity": self.identity,
                "direction": self.direction, "loss": self.loss, "verified": self.verified, "unique": self.unique,
                "matches_space": self.matches, "reason": self.reason}


def _affine_coefficients(expr: sympy.Expr, variables: list[sympy.Symbol]) -> tuple[sympy.Expr, list] | None:
    """(c0, [c_v]) with expr = c0 + Σ c_v·v, or None when expr is not affine in ``variables``."""
    e = sympy.expand(expr)
    coeffs = []
    for v in variables:
        c = e.coeff(v)
        if c.free_symbols & set(variables):
            return None
        coeffs.append(c)
    c0 = sympy.expand(e - sum(c * v for c, v in zip(coeffs, variables)))
    if c0.free_symbols & set(variables):
        return None
    return c0, coeffs


AFFINE_PROBES = 12  # pairs of sample points whose midpoint is tried before any symbolic expansion


def _not_affine_at(score: Score, Pi: PerformanceSet) -> str | None:
    """Two exact points P1, P2 of Π with X(½P1 + ½P2) ≠ ½X(P1) + ½X(P2): random pairs of sample points
    ranked by the float gap, the largest confirmed in exact arithmetic. Then X is no expectation on Π, and
    the symbolic expansion (minutes for average precision on five levels) is not needed. None when no
    such pair is found (the symbolic route decides)."""
    try:
        smp = falsify.sample(Pi, None, 400, 0)
        if smp is None:
            return None
        X = falsify.values(score, smp.coords)
        ok = np.flatnonzero(~np.isnan(X))
        if len(ok) < 2:
            return None
        rng = np.random.default_rng(0)
        i, j = rng.choice(ok, size=(2, 4 * AFFINE_PROBES * AFFINE_PROBES))
        gap = np.abs(falsify.values(score, (smp.coords[i] + smp.coords[j]) / 2) - (X[i] + X[j]) / 2)
    except OrderTheoryError:  # a Π the sampler cannot enumerate, a score it cannot evaluate
        return None
    half = Fraction(1, 2)
    for k in np.argsort(-np.nan_to_num(gap, nan=-1.0), kind="stable")[:AFFINE_PROBES]:
        if not gap[k] > 1e-9:
            break
        P1, P2 = smp.performance(int(i[k])), smp.performance(int(j[k]))
        x1, x2, xm = (score.value_or_none(P) for P in (P1, P2, mixture([P1, P2], [half, half])))
        if None not in (x1, x2, xm) and sign(xm - (x1 + x2) / 2) != 0:
            return (f"X is not affine in P on Π (X(½P1 + ½P2) = {xm} ≠ {(x1 + x2) / 2} = ½X(P1) + ½X(P2) at exact "
                    "points of Π), so it is no expectation E_P[f]")
    return None


def _f_on(score: Score, Pi: PerformanceSet) -> tuple[list[sympy.Expr], bool] | str:
    """f with X = E_P[f] on Π (and whether it is unique there), or the reason there is none."""
    if (why := _not_affine_at(score, Pi)) is not None:
        return why
    syms = list(outcome_symbols(score.space))
    if not score.conditions:
        got = _affine_coefficients(score.expr, syms)
        if got is not None:  # affine on every performance: f(ω) = c0 + c_ω (Σ P = 1), the only one
            c0, coeffs = got
            return [c0 + c for c in coeffs], True
    params, mapping, _ = Pi.parametrise("s")
    e = sympy.cancel(sympy.together(score.expr.xreplace(mapping)))
    got = _affine_coefficients(e, params)
    if got is None:
        return "X is not affine in P on Π, so it is no expectation E_P[f]"
    f = sympy.symbols(f"f0:{len(syms)}")
    ident = sympy.expand(sum(fi * mapping[s] for fi, s in zip(f, syms)) - e)
    eqs = [ident.coeff(p) for p in params] + [ident.xreplace({p: 0 for p in params})]
    sol = sympy.linsolve(eqs, f)
    if not sol:
        return "no f with X = E_P[f] on Π"
    (values,) = list(sol)
    free = set().union(*(v.free_symbols for v in values)) & set(f)
    out = [sympy.expand(v.xreplace({x: 0 for x in free})) for v in values]
    return (_equal_class_minima(out, score.space, mapping) if free else out), not free


def _equal_class_minima(f: list[sympy.Expr], space, mapping: dict) -> list[sympy.Expr]:
    """With every class prior π_i fixed on Π, adding c_i on class i's outcomes with Σ π_i c_i = 0
    leaves E_P[f] unchanged: take the shifts that give every class the same minimum m = Σ π_i min_i
    (TPR at a fixed prior p: f = 1/p on tp, 0 elsewhere). Otherwise f is kept as solved."""
    k = space.truth_classes
    syms = dict(zip(space.outcomes, outcome_symbols(space)))
    if not k:
        return f
    index = {o: i for i, o in enumerate(space.outcomes)}
    priors, minima = [], []
    for c in range(k):
        names = space.row(c)
        prior = sympy.expand(sum(mapping[syms[o]] for o in names))
        if not prior.is_number:
            return f
        priors.append(prior)
        lo = f[index[names[0]]]
        for o in names[1:]:
            lo = f[index[o]] if sign(f[index[o]] - lo) < 0 else lo
        minima.append(lo)
    m = sum(p * lo for p, lo in zip(priors, minima))
    shift = {o: m - minima[c] for c in range(k) for o in space.row(c)}
    return [sympy.expand(v + shift.get(o, 0)) for o, v in zip(space.outcomes, f)]


def encoded_satisfaction(score: Score, Pi: PerformanceSet | None = None) -> EncodedSatisfaction:
    """The satisfaction S that ``score`` encodes on ``Pi`` (default: all performances), with the
    identity X = offset + scale·E_P[S] proved on Π; see the module docstring."""
    Pi = Pi or all_performances(score.space)
    space = score.space
    name = score.text or score.name
    loss = score.direction is Direction.LOWER  # the score knows its direction (a catalogue loss, an expected cost)
    if len(space) > MAX_OUTCOMES:
        return EncodedSatisfaction(name, Pi.label, SatisfactionKind.UNKNOWN, loss=loss,
                                   reason=f"more than {MAX_OUTCOMES} outcomes")
    if score.parameters:
        return EncodedSatisfaction(name, Pi.label, SatisfactionKind.UNKNOWN, loss=loss,
                                   reason="bind the score's parameters first")
    got = _f_on(score, Pi)
    if isinstance(got, str):
        return EncodedSatisfaction(name, Pi.label, SatisfactionKind.NOT_AN_EXPECTATION, loss=loss, reason=got)
    f, unique = got
    lo, hi = f[0], f[0]
    for v in f[1:]:
        lo = v if sign(v - lo) < 0 else lo
        hi = v if sign(v - hi) > 0 else hi
    fmap = dict(zip(space.outcomes, f))
    if sign(hi - lo) == 0:
        return EncodedSatisfaction(name, Pi.label, SatisfactionKind.CONSTANT, fmap, loss=loss, unique=unique,
                                   reason="f is constant: X is constant on Π")
    width = hi - lo
    S = [_tidy((hi - v) / width if loss else (v - lo) / width) for v in f]
    offset, scale = (hi, -width) if loss else (lo, width)
    chain = _chain(score, Pi, f, S, offset, scale)
    try:
        chain = chain.check()
        verified = True
    except Exception:  # DerivationError: the identity did not reduce to 0 (never reported as proved)
        verified = False
    written = list(space.satisfaction)
    matches = all(sign(s - sympy.Rational(w.numerator, w.denominator)) == 0 for s, w in zip(S, written))
    return EncodedSatisfaction(name, Pi.label, SatisfactionKind.EXPECTATION if verified else SatisfactionKind.UNKNOWN,
                               fmap, dict(zip(space.outcomes, S)), _tidy(offset), _tidy(scale), loss, verified,
                               unique, matches, None if verified else "the identity X = offset + scale·E_P[S] "
                               "did not reduce to 0 on Π", chain if verified else None)


def _tidy(e: sympy.Expr) -> sympy.Expr:
    """A rational stays as it is; a constant with logs gets its logs expanded (log 8 = 3 log 2),
    an exact rewriting (never a numerical approximation)."""
    return e if e.is_Rational else sympy.expand_log(e, force=True)


def _chain(score: Score, Pi: PerformanceSet, f, S, offset, scale) -> DerivationChain:
    """X = Σ f(ω)P(ω) = offset + scale·Σ S(ω)P(ω), checked on Π's parametrisation."""
    syms = outcome_symbols(score.space)
    params, mapping, _ = Pi.parametrise("d")
    ES, Ef = sympy.Symbol("E_P[S]"), sympy.Symbol("E_P[f]")
    values = ", ".join(f"S({o}) = {s}" for o, s in zip(score.space.outcomes, S))
    return DerivationChain(
        f"satisfaction/{score.name}/{Pi.label}", f"{score.name}: the satisfaction it encodes on Π = {Pi.label}",
        (Step(score.expr, "definition"), Step(Ef, "X = E_P[f], f read from the formula (Σ P(ω) = 1)"),
         Step(offset + scale * ES, f"S = ({'max f − f' if sign(scale) < 0 else 'f − min f'})/(max f − min f), "
              f"min f = {lo_hi(offset, scale)[0]}, max f = {lo_hi(offset, scale)[1]}: {values}")),
        lhs=sympy.Symbol("X"), mapping=tuple(mapping.items()),
        definitions=((ES, sympy.Add(*(s * p for s, p in zip(S, syms)))),
                     (Ef, sympy.Add(*(v * p for v, p in zip(f, syms))))),
        assumptions=(f"P ∈ Π = {Pi.label}",),
        conclusion=f"X is a strictly {'decreasing' if sign(scale) < 0 else 'increasing'} affine image of E_P[S]")


def lo_hi(offset: sympy.Expr, scale: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr]:
    """(min f, max f) from X = offset + scale·E_P[S] (scale < 0 for a loss)."""
    return (offset, offset + scale) if sign(scale) > 0 else (offset + scale, offset)


def with_satisfaction(Pi: PerformanceSet, S: dict[str, sympy.Expr], name: str) -> PerformanceSet:
    """Π on the same outcomes with a rational satisfaction S (Π's constraints carried over)."""
    space = Pi.space.with_values([Fraction(int(S[o].p), int(S[o].q)) for o in Pi.space.outcomes], name)
    return PerformanceSet(space, Pi.constraints, Pi.label)


@dataclass(frozen=True)
class Suggestion:
    """What ``check`` adds when test 1 fails although the score is an expectation: the satisfaction
    it encodes, and the check of the score (of −X for a loss) with that satisfaction."""

    encoded: EncodedSatisfaction
    recheck: ScoreReport | None  # None when S is irrational (log loss): the theorem alone then says fit
    name: str  # the score's name
    ranked: str  # the score checked: X, or −X for a loss

    @property
    def verdict(self) -> Verdict:
        if self.recheck is not None:
            return self.recheck.verdict
        return Verdict.PROVED if self.encoded.verified else Verdict.UNKNOWN

    def lines(self) -> list[str]:
        out = ["test 1 fails because the written S is not the satisfaction this score encodes:"]
        out += ["  " + x for x in self.encoded.lines()]
        rank = f"{self.ranked} (lower {self.name} is better)" if self.encoded.loss else self.ranked
        if self.recheck is None:
            out.append(f"  with that S, ranking by {rank} is ranking by E_P[S] = R_I with I uniform (Theorems 1–3): "
                       "fit for ranking (S is irrational: the tests are not re-run by the solver)")
            return out
        tests = ", ".join(f"{t} {self.recheck.tests[t].verdict.label}" for t in (TestName.TEST1, TestName.TEST2, TestName.TEST3)
                          if t in self.recheck.tests)
        fit = {Verdict.PROVED: "FIT for ranking", Verdict.REFUTED: "NOT fit for ranking",
               Verdict.UNKNOWN: "undecided"}[self.recheck.verdict]
        out.append(f"  with that S, ranking by {rank}: {fit} ({tests})")
        return out

    def to_json(self) -> dict:
        return {**self.encoded.to_json(), "ranked": self.ranked, "verdict": self.verdict.value,
                "recheck": None if self.recheck is None else self.recheck.to_json()}


def suggest_satisfaction(score: Score, Pi: PerformanceSet, report: ScoreReport, timeout: float) -> Suggestion | None:
    """When test 1 is refuted and ``score`` is an expectation whose encoded S is not the space's
    written S (the cost-matrix case), that S and the check with it; else None."""
    t1 = report.tests.get(TestName.TEST1)
    if t1 is None or t1.verdict is not Verdict.REFUTED:
        return None
    enc = encoded_satisfaction(score, Pi)
    if enc.kind is not SatisfactionKind.EXPECTATION or enc.matches:
        return None
    decreasing = sign(enc.scale) < 0
    ranked = f"−{score.name}" if decreasing else score.name
    if not all(v.is_Rational for v in enc.satisfaction.values()) or timeout <= 0.5:
        return Suggestion(enc, None, score.name, ranked)
    Pi2 = with_satisfaction(Pi, enc.satisfaction, f"{score.space.name} with the S {score.name} encodes")
    X2 = replace(score, space=Pi2.space, expr=-score.expr if decreasing else score.expr, name=ranked,
                 text=f"-({score.text})" if decreasing else score.text)
    return Suggestion(enc, check_score_within(X2, Pi2, timeout=timeout), score.name, ranked)
