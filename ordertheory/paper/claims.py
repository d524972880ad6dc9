"""The paper's printed claims, checked: appendix A.6's importances and relations, and the
identities of Properties 1–7 (A.5.2). Printed claims are inputs; every verdict is computed.

A printed identity that sympy reduces to 0 on Π is PROVED (method: sympy simplification); one
that does not is REFUTED with an exact counterexample found by evaluation at rational points,
and the package shows the identity it derived instead.

>>> r = {c.id: c for c in check_a6_claims()}
>>> r["A.6.1/f_beta_1"].verdict.label, r["A.6.2/nlr"].verdict.label
('proved', 'refuted')
"""

from __future__ import annotations

import itertools
import time
from fractions import Fraction
from functools import lru_cache

import sympy

from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.importance import R
from ordertheory.catalogue import get
from ordertheory.engine.result import Result, Verdict
from ordertheory.exact import is_zero, rational_zero
from ordertheory.paper.printed_claims import A6_CLAIMS, P4_PRINTED, P56_PRINTED_LEFT
from ordertheory.scores.expression import parse_term
from ordertheory.scores.formula import Term
from ordertheory.scores.score import outcome_symbols
from ordertheory.sets.performance_set import Constraint, PerformanceSet, all_performances
from ordertheory.spaces.sample_space import binary

P_POS = sympy.Symbol("pi_pos", positive=True)


def _claim(cid: str, statement: str, verdict: Verdict, method: str, seconds: float,
           witness: dict | None = None, corrected: str | None = None) -> Result:
    """A printed claim decided; ``corrected`` is the package's own statement when it is wrong."""
    return Result(cid, statement, verdict, seconds, method, witness, corrected=corrected)


def _text(expr_text: str, extra: dict) -> sympy.Expr:
    """A printed formula (a trusted constant of this module, not user input) read by our parser."""
    return parse_term(expr_text, binary(), extra={k: Term(v) for k, v in extra.items()}).expr


def symbolic_prior_set() -> PerformanceSet:
    """All two-class performances with a symbolic positive prior π₊ (0 < π₊ < 1)."""
    tn, fp, fn, tp = outcome_symbols(binary())
    return PerformanceSet(binary(), (Constraint(fn + tp - P_POS, "==", "fn + tp == pi_pos"),), "prior=pi_pos")


@lru_cache(maxsize=16)
def symbolic_derivation(slug: str):
    """The importance derivation of a catalogue score on :func:`symbolic_prior_set`, once per
    process: A.6.2's claims correct the printed relation with it, and section D derives the same
    chain from it (at a symbolic prior it takes a few seconds of sympy)."""
    return derive_importance(get(slug).score(), symbolic_prior_set(), check_tests=False)


def _counterexample(lhs: sympy.Expr, rhs: sympy.Expr, params, priors=(Fraction(1, 5), Fraction(1, 3))):
    """A rational point of Π where both sides are defined and differ (exactly)."""
    grid = [Fraction(k, 7) for k in range(1, 7)]
    for prior in priors:
        sub_p = {P_POS: sympy.Rational(prior.numerator, prior.denominator)}
        for vals in itertools.product(grid, repeat=len(params)):
            sub = dict(sub_p)
            sub.update({q: sympy.Rational(v.numerator, v.denominator) for q, v in zip(params, vals)})
            a, b = lhs.xreplace(sub), rhs.xreplace(sub)
            if a.has(sympy.zoo, sympy.nan) or b.has(sympy.zoo, sympy.nan):
                continue
            if not is_zero(a - b):
                return sub, a, b
    return None


def check_a6_claims(slugs=None) -> list[Result]:
    """Decide every importance/relation printed in A.6.1 and A.6.2 (or those of ``slugs``)."""
    out = []
    sym = symbolic_prior_set()
    for section, slug, imp_text, rel_text in A6_CLAIMS:
        if slugs is not None and slug not in slugs:
            continue
        t0 = time.perf_counter()
        Pi = all_performances(binary()) if section == "A.6.1" else sym
        params, mapping, _ = Pi.parametrise("c")
        consts = {"pi_pos": P_POS, "pi_neg": 1 - P_POS}
        imp = [_text(x, consts) for x in imp_text]
        X = get(slug).score()
        ps = [mapping[s] for s in outcome_symbols(binary())]
        S = [1, 0, 0, 1]
        NI = sum(i * s * p for i, s, p in zip(imp, S, ps))
        DI = sum(i * p for i, p in zip(imp, ps))
        claimed = _text(rel_text, {**consts, "R": NI / DI})
        value = X.expr.xreplace(mapping)
        zero = is_zero(sympy.together(value - claimed))  # exact for a rational function, else simplify
        statement = (f"{slug}: X = {rel_text} with R = R_I, I(tn, fp, fn, tp) = ({', '.join(imp_text)})"
                     + ("" if section == "A.6.1" else ", for fixed priors"))
        cid = f"{section}/{slug}"
        if zero:
            out.append(_claim(cid, statement, Verdict.PROVED, "sympy: X − claim simplifies to 0 on Π",
                                   time.perf_counter() - t0))
            continue
        found = _counterexample(value, claimed, params)
        d = symbolic_derivation(slug) if Pi is sym else derive_importance(X, Pi, check_tests=False)
        corrected = _derivation_text(d)
        if found is None:
            out.append(_claim(cid, statement, Verdict.UNKNOWN, "sympy residual non-zero, no rational witness found",
                                   time.perf_counter() - t0, corrected=corrected))
            continue
        sub, a, b = found
        perf = {str(s): str(mapping[s].xreplace(sub)) for s in outcome_symbols(binary())}
        witness = {"prior": str(sub.get(P_POS, "any")), "P": perf, "X(P)": str(a), "claimed": str(b)}
        out.append(_claim(cid, statement, Verdict.REFUTED, "exact evaluation at a rational performance",
                               time.perf_counter() - t0, witness, corrected))
    return out


PI_NEG = sympy.Symbol("pi_neg", positive=True)


def show(e: sympy.Expr) -> str:
    """A readable form: factored, with 1 − π₊ written π₋."""
    f = sympy.factor(sympy.simplify(e))
    f = f.subs({P_POS - 1: -PI_NEG, 1 - P_POS: PI_NEG})
    return str(sympy.factor(f)).replace("-(R - 1)", "(1 - R)")


def _derivation_text(d) -> str:
    if d.kind in ("ranking_score", "monotone_transform"):
        imp = ", ".join(f"{o}: {show(v)}" for o, v in d.importance.items())
        g = "R" if d.transform is None else show(d.transform.xreplace({R: sympy.Symbol("R")}))
        mono = f" ({d.monotone} in R)" if d.monotone else ""
        return f"X = {g} with R = R_I, I = ({imp}){mono}"
    return f"{d.kind}: {d.reason}"


# --- Properties 1-7 -------------------------------------------------------------------------------
def _symbolic(n: int):
    P = sympy.symbols(f"P0:{n}", nonnegative=True)
    I = sympy.symbols(f"I0:{n}", nonnegative=True)
    S = sympy.symbols(f"S0:{n}", real=True)
    return P, I, S


def _ranking(P, I, S):
    return sum(i * s * p for i, s, p in zip(I, S, P)) / sum(i * p for i, p in zip(I, P))


def _identity(cid: str, statement: str, lhs, rhs, t0: float) -> Result:
    zero = rational_zero(lhs - rhs)
    residual = sympy.Integer(0) if zero else sympy.simplify(sympy.together(lhs - rhs))
    verdict = Verdict.PROVED if residual == 0 else Verdict.UNKNOWN
    return _claim(cid, statement, verdict, "sympy: difference simplifies to 0" if residual == 0
                       else f"sympy left a residual {residual}", time.perf_counter() - t0)


def check_properties(sizes=(2, 3, 4, 5)) -> list[Result]:
    """Properties 1–7 proved symbolically (any I ≥ 0, any S, |Ω| in ``sizes``), and the displayed
    identities of their proofs checked as printed."""
    out = []
    for n in sizes:
        P, I, S = _symbolic(n)
        t0 = time.perf_counter()
        D = sum(i * p for i, p in zip(I, P))
        filtered = [p * i / D for p, i in zip(P, I)]
        out.append(_identity(f"property-1[n={n}]", f"R_I = X^E_S ∘ filter_I on |Ω| = {n}",
                             sum(s * f for s, f in zip(S, filtered)), _ranking(P, I, S), t0))
        t0 = time.perf_counter()
        a, b = sympy.symbols("alpha beta", real=True)
        out.append(_identity(f"property-2[n={n}]", f"R_I with S' = αS + β equals αR_I + β on |Ω| = {n}",
                             _ranking(P, I, [a * s + b for s in S]), a * _ranking(P, I, S) + b, t0))
        t0 = time.perf_counter()
        k = sympy.Symbol("k", nonzero=True)
        out.append(_identity(f"property-3[n={n}]", f"R_kI = R_I for k ≠ 0 on |Ω| = {n}",
                             _ranking(P, [k * i for i in I], S), _ranking(P, I, S), t0))
        t0 = time.perf_counter()
        v = sympy.Symbol("v", real=True)
        # Property 7: R_I(P) − v = Σ I (S − v) P / E_P[I], a linear function of P over a positive one
        lin = sum(i * (s - v) * p for i, s, p in zip(I, S, P))
        res = _identity(f"property-7[n={n}]", "R_I(P) ℛ v ⇔ Σ I(ω)(S(ω) − v)P(ω) ℛ 0, linear in P "
                        f"(so every contour set is convex) on |Ω| = {n}", (_ranking(P, I, S) - v) * D, lin, t0)
        hess = all(sympy.diff(lin, x, y) == 0 for x in P for y in P)
        out.append(res if hess else _claim(res.id, res.statement, Verdict.UNKNOWN, "not linear", res.seconds))
    out.extend(_binary_properties())
    return out


def _binary_properties() -> list[Result]:
    """Properties 4–6 (binary satisfaction) and the displayed identities of their proofs."""
    out = []
    n = 4
    P, I, _ = _symbolic(n)
    S = [1, 0, 0, 1]
    R_ = _ranking(P, I, S)
    a0, a1 = sympy.symbols("alpha0 alpha1", positive=True)
    I2 = [i * (a1 if s == 1 else a0) for i, s in zip(I, S)]
    R2 = _ranking(P, I2, S)
    t0 = time.perf_counter()
    Rs = sympy.Symbol("R")
    corrected = a1 * Rs / (a0 * (1 - Rs) + a1 * Rs)
    out.append(_identity("property-4", "binary S: R_{I'} = α1 R_I / (α0 (1 − R_I) + α1 R_I), "
                         "increasing in R_I (same ordering)", R2, corrected.xreplace({Rs: R_}), t0))
    deriv = sympy.simplify(sympy.diff(corrected, Rs))
    t0 = time.perf_counter()
    out.append(_identity("property-4/derivative", "∂R_{I'}/∂R_I = α0 α1 / (α0 (1 − R_I) + α1 R_I)² > 0",
                         deriv, a0 * a1 / (a0 * (1 - Rs) + a1 * Rs) ** 2, t0))
    t0 = time.perf_counter()
    claimed = _text(P4_PRINTED[0], {"alpha0": a0, "alpha1": a1, "R": R_})
    out.append(_printed("property-4/printed-value", f"as printed in A.5.2: R_{{I'}} = {P4_PRINTED[0]}",
                        R2, claimed, list(P) + list(I) + [a0, a1], t0, f"R_{{I'}} = {corrected}"))
    t0 = time.perf_counter()  # the derivative is a function of R_I alone: check it in R
    claimed = _text(P4_PRINTED[1], {"alpha0": a0, "alpha1": a1, "R": Rs})
    out.append(_printed("property-4/printed-derivative", f"as printed in A.5.2: ∂R_{{I'}}/∂R_I = {P4_PRINTED[1]}",
                        deriv, claimed, [Rs, a0, a1], t0,
                        f"∂R_{{I'}}/∂R_I = {a0 * a1 / (a0 * (1 - Rs) + a1 * Rs) ** 2}"))
    # Properties 5 and 6: I = λ1 I1 + λ2 I2 with I1 = I2 on S = 1 (resp. S = 0)
    lam1 = sympy.Symbol("lambda1", positive=True)
    J1 = sympy.symbols("J0:4", nonnegative=True)
    J2 = sympy.symbols("K0:4", nonnegative=True)
    for prop, level, f in (("property-5", 1, lambda x: 1 / x), ("property-6", 0, lambda x: 1 / (1 - x))):
        I1 = [J1[i] if S[i] != level else J1[i] for i in range(n)]
        I2b = [J2[i] if S[i] != level else J1[i] for i in range(n)]
        Imix = [lam1 * x + (1 - lam1) * y for x, y in zip(I1, I2b)]
        r1, r2, r = _ranking(P, I1, S), _ranking(P, I2b, S), _ranking(P, Imix, S)
        t0 = time.perf_counter()
        fname = "x⁻¹ (harmonic mean)" if prop == "property-5" else "(1 − x)⁻¹"
        out.append(_identity(prop, f"I = λ1 I1 + λ2 I2 with I1 = I2 on S = {level}: λ1 f(R_I1) + λ2 f(R_I2) = f(R_I), "
                             f"f(x) = {fname}", lam1 * f(r1) + (1 - lam1) * f(r2), f(r), t0))
        t0 = time.perf_counter()
        out.append(_printed(f"{prop}/printed", f"as printed in A.5.2: {P56_PRINTED_LEFT} = f(R_I)",
                            f(r), lam1 * f(r1) + (1 - lam1) * f(r1), list(P) + list(J1) + list(J2) + [lam1], t0,
                            "lambda1*f(R1) + lambda2*f(R2) = f(R_I)"))
    return out


def _printed(cid, statement, truth, claimed, symbols, t0, corrected) -> Result:
    zero = rational_zero(truth - claimed)  # a non-zero rational function: simplify would not give 0
    residual = sympy.Integer(0) if zero else None if zero is False else sympy.simplify(sympy.together(truth - claimed))
    if residual == 0:
        return _claim(cid, statement, Verdict.PROVED, "sympy: difference simplifies to 0", time.perf_counter() - t0)
    grid = (sympy.Rational(1, 2), sympy.Rational(1, 3), 1, 2)
    probs = [s for s in symbols if s.name.startswith("P")]
    for vals in itertools.product(grid, repeat=min(len(symbols), 3)):
        sub = {s: (vals[i % len(vals)] + i) / (i + 1) for i, s in enumerate(symbols)}
        if probs:  # the P's of a witness form a probability measure
            total = sum(sub[s] for s in probs)
            sub.update({s: sub[s] / total for s in probs})
        if "R" in {s.name for s in symbols}:
            sub.update({s: sympy.Rational(1, 3) for s in symbols if s.name == "R"})
        a, b = truth.xreplace(sub), claimed.xreplace(sub)
        if a.has(sympy.zoo, sympy.nan) or b.has(sympy.zoo, sympy.nan):
            continue
        if not is_zero(a - b):
            w = {str(k): str(v) for k, v in sub.items()}
            w.update({"true value": str(a), "printed value": str(b)})
            return _claim(cid, statement, Verdict.REFUTED, "exact evaluation at rational values",
                               time.perf_counter() - t0, w, corrected)
    if residual is None:
        residual = sympy.simplify(sympy.together(truth - claimed))
    return _claim(cid, statement, Verdict.UNKNOWN, f"residual {residual}", time.perf_counter() - t0,
                       corrected=corrected)
