"""The paper's derivations, regenerated and checked: the corrected NLR and PLR of A.6.2 (with the
counterexample to the printed relation), Properties 1–7 (A.5.2) and the algebraic core of
Theorem 2's condition for ranking scores (15).

Every chain is a :class:`~ordertheory.analyses.importance.derivation.DerivationChain`; the printed relations are
inputs (:mod:`ordertheory.paper.printed_claims`), the counterexample comes from
:func:`ordertheory.paper.claims.check_a6_claims` and is re-evaluated here exactly.

>>> ds = [theorem2_derivation(), *property_derivations()]
>>> all(d.checked for d in ds), sorted({d.id.split("/")[0] for d in ds})
(True, ['A.5.1', 'A.5.2'])
"""

from __future__ import annotations

import sympy

from ordertheory.analyses.importance.derivation import DerivationChain, DerivationError, Step
from ordertheory.analyses.importance.derivation_chains import PI_NEG, PI_POS, R_I, RATE, T, importance_chain
from ordertheory.catalogue import get
from ordertheory.engine.result import Verdict
from ordertheory.exact import is_zero
from ordertheory.paper.claims import P_POS, check_a6_claims, symbolic_derivation, symbolic_prior_set
from ordertheory.paper.printed_claims import A6_CLAIMS
from ordertheory.scores.expression import derived_terms, parse_term
from ordertheory.scores.formula import Term
from ordertheory.scores.score import outcome_symbols
from ordertheory.spaces.sample_space import binary

TN, FP, FN, TP = outcome_symbols(binary())
OUT = ("tn", "fp", "fn", "tp")


def _u(f, *args):
    return f(*args, evaluate=False)


def _div(a, b):
    return _u(sympy.Mul, a, _u(sympy.Pow, b, -1))


def _sum(*terms):
    terms = [t for t in terms if t != 0]
    return terms[0] if len(terms) == 1 else _u(sympy.Add, *terms)


# --- A.6.2: NLR and PLR -----------------------------------------------------------------------------
def likelihood_ratio_derivations(printed: dict | None = None) -> list[DerivationChain]:
    """For NLR and PLR: the printed relation evaluated at the counterexample (two chains, exact),
    then the corrected relation derived on Π with a symbolic prior, and the sign of g′.

    ``printed``: the verdicts of A.6.2's printed claims for NLR and PLR when already decided
    (``{claim id: (verdict, witness)}``, from :func:`~ordertheory.paper.claims.check_a6_claims`);
    otherwise they are decided here."""
    if printed is None:
        printed = {c.id: (c.verdict, c.witness) for c in check_a6_claims(("nlr", "plr"))}
    out: list[DerivationChain] = []
    for section, slug, imp_text, rel_text in A6_CLAIMS:
        if slug not in ("nlr", "plr"):
            continue
        verdict, witness = printed[f"{section}/{slug}"]
        if verdict is Verdict.REFUTED:
            out.extend(_counterexample(slug, imp_text, rel_text, witness))
        ch = importance_chain(get(slug).score(), symbolic_prior_set(), derivation=symbolic_derivation(slug))
        if ch is None:
            continue
        for d in ch.all():
            out.append(DerivationChain(f"A.6.2/{slug}/corrected" + ("/g-prime" if d.sign else ""),
                                  f"{slug.upper()}: the corrected relation of A.6.2"
                                  + (", sign of g′" if d.sign else " (any fixed prior π₊)"),
                                  d.steps, d.lhs, d.definitions, d.mapping, d.assumptions, d.domain,
                                  d.conclusion, d.sign, d.sign_why,
                                  (f"The paper prints {slug.upper()} = {rel_text} with I = ({', '.join(imp_text)}); "
                                   "the counterexample above shows it is wrong.",) if not d.sign else ()).check())
    return out


def _counterexample(slug: str, imp_text, rel_text: str, w: dict) -> list[DerivationChain]:
    """X at the witness P, and the printed relation at the same P: two exact evaluations."""
    P = {s: sympy.Rational(w["P"][o]) for s, o in zip((TN, FP, FN, TP), OUT)}
    prior = P[FN] + P[TP]
    rate = {"nlr": _div(RATE["FNR"], RATE["TNR"]), "plr": _div(RATE["TPR"], RATE["FPR"])}[slug]
    X = get(slug).score().expr

    rates = derived_terms(binary())
    defs = tuple((RATE[n], rates[n].expr) for n in RATE)
    pt = tuple(P.items())
    point = ", ".join(f"P({o}) = {w['P'][o]}" for o in OUT)
    true_val = X.xreplace(P)
    d1 = DerivationChain(f"A.6.2/{slug}/counterexample/value", f"{slug.upper()} at the counterexample P",
                    (Step(rate, f"definition of {slug.upper()}"), Step(X, "definitions of the rates"),
                     Step(_u(sympy.Mul, X.xreplace({k: sympy.Symbol(f"[{v}]") for k, v in P.items()}), 1)
                          .xreplace({sympy.Symbol(f"[{v}]"): _u(sympy.Mul, 1, v) for v in P.values()}),
                          f"at P = ({point}), prior π₊ = {prior}"),
                     Step(true_val, "exact arithmetic")),
                    lhs=sympy.Symbol(slug.upper()), definitions=defs, mapping=pt,
                    assumptions=(f"P = ({point})",), conclusion=f"{slug.upper()}(P) = {true_val}").check()
    imp = [parse_term(x, binary(), extra={}).expr if "pi" not in x else None for x in imp_text]
    if None in imp:
        return [d1]
    S = (1, 0, 0, 1)
    NI = _sum(*[(_u(sympy.Mul, i, p) if i != 1 else p) for i, s, p in zip(imp, S, (TN, FP, FN, TP)) if i * s != 0])
    DI = _sum(*[(_u(sympy.Mul, i, p) if i != 1 else p) for i, p in zip(imp, (TN, FP, FN, TP)) if i != 0])
    Rs = sympy.Symbol("R")

    rel = parse_term(rel_text, binary(), extra={"R": Term(Rs)}).expr
    printed_val = rel.xreplace({Rs: (NI / DI).doit().xreplace(P)})
    if is_zero(printed_val - true_val):
        raise DerivationError(f"{slug}: the printed relation agrees with the score at the witness")
    d2 = DerivationChain(f"A.6.2/{slug}/counterexample/printed", f"the printed relation for {slug.upper()} at the same P",
                    (Step(rel.xreplace({Rs: R_I}), f"as printed in A.6.2, with I(tn, fp, fn, tp) = ({', '.join(imp_text)})"),
                     Step(rel.xreplace({Rs: _div(NI, DI)}), "definition of R_I"),
                     Step(printed_val, f"at P = ({point}), exact arithmetic")),
                    lhs=sympy.Symbol("g(R_I)"), definitions=((R_I, _div(NI, DI)),), mapping=pt,
                    assumptions=(f"P = ({point})",),
                    conclusion=f"the printed relation gives {printed_val} ≠ {true_val} = {slug.upper()}(P): "
                               "the printed relation is wrong").check()
    return [d1, d2]


# --- A.5.2: Properties ------------------------------------------------------------------------------
def _pos(prefix: str, n: int = 4):
    return [sympy.Symbol(f"{prefix}_{o}", positive=True) for o in OUT[:n]]


def property_derivations() -> list[DerivationChain]:
    """Properties 1, 2, 3, 4 (with the derivative's sign), 5, 6 and 7 on the binary Ω, symbolic I, P."""
    P, I = _pos("P"), _pos("I")
    S = [sympy.Symbol(f"S_{o}", real=True) for o in OUT]
    a, b = sympy.symbols("alpha beta", real=True)
    k = sympy.Symbol("k", positive=True)
    v = sympy.Symbol("v", real=True)
    dot = lambda w, x: _sum(*[_u(sympy.Mul, *wi, xi) if isinstance(wi, tuple) else _u(sympy.Mul, wi, xi)
                              for wi, xi in zip(w, x)])
    D = dot(I, P)
    N = _sum(*[_u(sympy.Mul, i, s, p) for i, s, p in zip(I, S, P)])
    R = _div(N, D)
    RI = sympy.Symbol("R_I", real=True)
    out = []
    filt = [_div(_u(sympy.Mul, i, p), D) for i, p in zip(I, P)]
    out.append(DerivationChain("A.5.2/property-1", "Property 1: R_I is the expected satisfaction after filtering by I", (
        Step(_sum(*[_u(sympy.Mul, s, f) for s, f in zip(S, filt)]),
             "E[S] under filter_I(P), whose mass at ω is I(ω)P(ω) / Σ I(ω′)P(ω′)"),
        Step(_div(N, D), "one fraction"),
        Step(RI, "definition of R_I")),
        lhs=sympy.Symbol("X^E_S(filter_I(P))"), definitions=((RI, R),), assumptions=("Σ I(ω)P(ω) > 0",),
        conclusion="R_I = X^E_S ∘ filter_I").check())
    S2 = [_u(sympy.Add, _u(sympy.Mul, a, s), b) for s in S]
    out.append(DerivationChain("A.5.2/property-2", "Property 2: an affine satisfaction gives an affine R_I", (
        Step(_div(_sum(*[_u(sympy.Mul, i, s2, p) for i, s2, p in zip(I, S2, P)]), D), "definition of R_I with S′ = αS + β"),
        Step(_u(sympy.Add, _u(sympy.Mul, a, _div(N, D)), _u(sympy.Mul, b, _div(D, D))), "split the sum"),
        Step(_u(sympy.Add, _u(sympy.Mul, a, RI), b), "definition of R_I; Σ I(ω)P(ω) / Σ I(ω)P(ω) = 1")),
        lhs=sympy.Symbol("R_I'"), definitions=((RI, R),), assumptions=("I(ω) > 0, P(ω) > 0",),
        conclusion="R_I with S′ = αS + β equals αR_I + β: the ordering is kept for α > 0").check())
    kI = [_u(sympy.Mul, k, i) for i in I]
    out.append(DerivationChain("A.5.2/property-3", "Property 3: scaling the importance", (
        Step(_div(_sum(*[_u(sympy.Mul, ki, s, p) for ki, s, p in zip(kI, S, P)]), dot(kI, P)), "definition of R_kI"),
        Step(_div(_u(sympy.Mul, k, N), _u(sympy.Mul, k, D)), "factor k out of both sums"),
        Step(RI, "cancel k > 0; definition of R_I")),
        lhs=sympy.Symbol("R_kI"), definitions=((RI, R),), assumptions=("k > 0",),
        conclusion="R_kI = R_I").check())
    out += _property4(P, I)
    out += _properties56(P)
    out.append(DerivationChain("A.5.2/property-7", "Property 7: contour sets are convex (the chain (18)–(20))", (
        Step(_u(sympy.Mul, _u(sympy.Add, RI, -v), D), "multiply R_I(P) − v by Σ I(ω)P(ω) > 0, which keeps ℛ", "(18)"),
        Step(_u(sympy.Add, N, _u(sympy.Mul, -1, v, D)), "definition of R_I", "(19)"),
        Step(_sum(*[_u(sympy.Mul, i, _u(sympy.Add, s, -v), p) for i, s, p in zip(I, S, P)]), "collect per outcome",
             "(20)")),
        lhs=None, definitions=((RI, R),), assumptions=("I(ω) ≥ 0 with Σ I(ω)P(ω) > 0",),
        conclusion="R_I(P′) ℛ v ⇔ Σ I(ω)(S(ω) − v)P′(ω) ℛ 0, a linear condition in P′: every contour set is convex"
        ).check())
    return out


def _property4(P, I) -> list[DerivationChain]:
    a0, a1 = sympy.symbols("alpha0 alpha1", positive=True)
    S = (1, 0, 0, 1)
    E1 = _sum(*[_u(sympy.Mul, i, p) for i, s, p in zip(I, S, P) if s == 1])
    E0 = _sum(*[_u(sympy.Mul, i, p) for i, s, p in zip(I, S, P) if s == 0])
    RI = sympy.Symbol("R_I", real=True)
    Ip = [_u(sympy.Mul, a1 if s == 1 else a0, i) for i, s in zip(I, S)]
    value = DerivationChain("A.5.2/property-4", "Property 4: rescaling the importance per satisfaction level", (
        Step(_div(_sum(*[x * p for x, s, p in zip(Ip, S, P) if s == 1]), _sum(*[_u(sympy.Mul, x, p) for x, p in zip(Ip, P)])),
             "definition of R_I′ with I′ = (1_{S=0}α0 + 1_{S=1}α1)·I, binary S"),
        Step(_div(_u(sympy.Mul, a1, E1), _u(sympy.Add, _u(sympy.Mul, a0, E0), _u(sympy.Mul, a1, E1))),
             "factor α0 and α1 out of the sums over E0 = S⁻¹(0) and E1 = S⁻¹(1)"),
        Step(_div(_u(sympy.Mul, a1, RI), _u(sympy.Add, _u(sympy.Mul, a0, _u(sympy.Add, 1, -RI)), _u(sympy.Mul, a1, RI))),
             "divide by Σ I(ω)P(ω); R_I = Σ_E1 I P / Σ I P and 1 − R_I = Σ_E0 I P / Σ I P")),
        lhs=sympy.Symbol("R_I'"), definitions=((RI, _div(E1, _u(sympy.Add, E0, E1))),),
        assumptions=("α0 > 0, α1 > 0, I(ω) > 0, P(ω) > 0",),
        notes=("The paper prints R_I′ = α1R_I/(α0(1 − R_I)α1R_I): a '+' is missing between α0(1 − R_I) and α1R_I "
               "(claim property-4/printed-value).",),
        conclusion="R_I′ = α1R_I/(α0(1 − R_I) + α1R_I)").check()
    r = sympy.Symbol("r", real=True)
    g = a1 * r / (a0 * (1 - r) + a1 * r)
    gp = sympy.factor(sympy.diff(g, r))
    sub = T / (1 + T)
    deriv = DerivationChain("A.5.2/property-4/derivative", "Property 4: the derivative in R_I", (
        Step(_u(sympy.Derivative, g, r), "r stands for R_I ∈ [0, 1]"),
        Step(sympy.diff(g, r), "differentiate"),
        Step(gp, "factor"),
        Step(sympy.factor(sympy.cancel(gp.xreplace({r: sub}))), "r = t/(1 + t), t > 0, runs over (0, 1)")),
        lhs=sympy.Symbol("g'(r)"), definitions=((r, sub),), assumptions=("α0 > 0, α1 > 0, t > 0",), sign=1,
        sign_why="every factor is positive: R_I′ is strictly increasing in R_I, so both induce the same ordering",
        conclusion="∂R_I′/∂R_I = α0α1/(α0(1 − R_I) + α1R_I)² > 0").check()
    return [value, deriv]


def _properties56(P) -> list[DerivationChain]:
    lam = sympy.Symbol("lambda1", positive=True)
    lam2 = sympy.Symbol("lambda2", positive=True)
    S = (1, 0, 0, 1)
    out = []
    for prop, level, fname in (("property-5", 1, "1/x"), ("property-6", 0, "1/(1 − x)")):
        J1, J2 = _pos("I1"), _pos("I2")
        shared = [j for j, s in zip(J1, S) if s == level]  # I1 = I2 = I on this level
        J2 = [j1 if s == level else j2 for j1, j2, s in zip(J1, J2, S)]
        J = [j1 if s == level else _u(sympy.Add, _u(sympy.Mul, lam, j1), _u(sympy.Mul, lam2, j2))
             for j1, j2, s in zip(J1, J2, S)]
        same = lambda w: _sum(*[_u(sympy.Mul, x, p) for x, s, p in zip(w, S, P) if s == level])
        other = lambda w: _sum(*[_u(sympy.Mul, x, p) for x, s, p in zip(w, S, P) if s != level])
        R1s, R2s, Rs = (sympy.Symbol(n, real=True) for n in ("R_I1", "R_I2", "R_I"))
        ratio = lambda w: _div(same(w) if level == 1 else other(w), _u(sympy.Add, other(w), same(w)))
        f = (lambda x: _u(sympy.Pow, x, -1)) if level == 1 else (
            lambda x: _u(sympy.Pow, _u(sympy.Add, 1, _u(sympy.Mul, -1, x)), -1))
        one_plus = lambda w: _u(sympy.Add, 1, _div(other(w), same(J1)))
        steps = (
            Step(_u(sympy.Add, _u(sympy.Mul, lam, f(R1s)), _u(sympy.Mul, lam2, f(R2s))), f"f(x) = {fname}"),
            Step(_u(sympy.Add, _u(sympy.Mul, lam, one_plus(J1)), _u(sympy.Mul, lam2, one_plus(J2))),
                 f"f(R) = 1 + (sum over S ≠ {level})/(sum over S = {level}); I1 = I2 on S = {level}"),
            Step(_u(sympy.Add, _u(sympy.Add, lam, lam2), _div(_u(sympy.Add, _u(sympy.Mul, lam, other(J1)),
                                                                  _u(sympy.Mul, lam2, other(J2))), same(J1))),
                 "collect"),
            Step(_u(sympy.Add, 1, _div(other(J), same(J1))), "λ1 + λ2 = 1 and I = λ1I1 + λ2I2"),
            Step(f(Rs), f"the same identity for I, read backwards: f(R_I), I = I1 = I2 on S = {level}"),
        )
        out.append(DerivationChain(f"A.5.2/{prop}", f"Property {prop[-1]}: f(R_I) is affine in I along I1, I2 "
                              f"with I1 = I2 on S = {level}", steps, lhs=None, definitions=((lam2, 1 - lam), (R1s, ratio(J1)), (R2s, ratio(J2)),
                                                                   (Rs, ratio(J))),
                              assumptions=("λ1 + λ2 = 1, λ1 ∈ (0, 1), I1(ω), I2(ω), P(ω) > 0",
                                           f"I1 = I2 on S = {level}: " + ", ".join(f"I1({x.name[3:]}) = I2({x.name[3:]})" for x in shared)),
                              notes=("The paper prints λ1 f(R_I1) + λ2 f(R_I1) on the left (claim "
                                     f"{prop}/printed): the second term is f(R_I2).",),
                              conclusion=f"λ1 f(R_I1) + λ2 f(R_I2) = f(R_I), f(x) = {fname}").check())
    return out


# --- A.5.1: Theorem 2's condition for ranking scores (15) -------------------------------------------
def theorem2_derivation() -> DerivationChain:
    """For P(E) = 1 with E = {ω1, ω2}: R_I(P) − min_E S is a weighted mean of S − min_E S ≥ 0."""
    P, I = _pos("P"), _pos("I")
    m = sympy.Symbol("m", real=True)
    dlt = [sympy.Symbol(f"d_{o}", nonnegative=True) for o in OUT[:2]]
    S = [sympy.Symbol(f"S_{o}", real=True) for o in OUT]
    inE = P[:2]
    full = _div(_sum(*[_u(sympy.Mul, i, s, p) for i, s, p in zip(I, S, P)]), _sum(*[_u(sympy.Mul, i, p) for i, p in zip(I, P)]))
    onE = _div(_sum(*[_u(sympy.Mul, i, s, p) for i, s, p in zip(I[:2], S[:2], inE)]),
               _sum(*[_u(sympy.Mul, i, p) for i, p in zip(I[:2], inE)]))
    steps = (Step(_u(sympy.Add, full, -m), "definition of R_I, with m = min_E S"),
             Step(_u(sympy.Add, onE, -m), "P(E) = 1: P(ω) = 0 outside E = {tn, fp}"),
             Step(_div(_sum(*[_u(sympy.Mul, i, _u(sympy.Add, s, -m), p) for i, s, p in zip(I[:2], S[:2], inE)]),
                       _sum(*[_u(sympy.Mul, i, p) for i, p in zip(I[:2], inE)])), "one fraction", "(15)"),
             Step(_div(_sum(*[_u(sympy.Mul, i, d, p) for i, d, p in zip(I[:2], dlt, inE)]),
                       _sum(*[_u(sympy.Mul, i, p) for i, p in zip(I[:2], inE)])), "S(ω) − m = d(ω) ≥ 0 on E"))
    d = DerivationChain("A.5.1/theorem-2-condition", "Theorem 2's condition holds for every ranking score (15), lower bound",
                   steps, lhs=sympy.Symbol("R_I(P) - m"),
                   definitions=tuple((s, m + x) for s, x in zip(S[:2], dlt)),
                   mapping=((P[2], sympy.Integer(0)), (P[3], sympy.Integer(0))),
                   assumptions=("E = {tn, fp}, P(E) = 1", "I(ω)P(ω) > 0 on E (terms with I(ω)P(ω) = 0 drop out)"),
                   notes=("Every term of the last numerator is ≥ 0 and the denominator is > 0, so R_I(P) ≥ min_E S; "
                          "the upper bound follows with max_E S − S(ω) ≥ 0 in the same way. Any event E is handled "
                          "alike; z3 proves the statement for every event of Ω (certificate A.5.1 in proofs/).",),
                   conclusion="min_E S ≤ R_I(P)").check()
    if not d.expand(d.steps[-1].expr).is_nonnegative:
        raise DerivationError("theorem 2: the last expression is not decided ≥ 0")
    return d


def paper_derivations(printed: dict | None = None) -> list[DerivationChain]:
    """Every derivation of the paper's part of section D, in the paper's order (``printed``: see
    :func:`likelihood_ratio_derivations`)."""
    return [theorem2_derivation(), *property_derivations(), *likelihood_ratio_derivations(printed)]


__all__ = ["P_POS", "PI_NEG", "PI_POS", "likelihood_ratio_derivations", "paper_derivations",
           "property_derivations", "theorem2_derivation"]
