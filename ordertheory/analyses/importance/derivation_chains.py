"""Generated derivations: from a score's definition to its ranking-score form g(R_I) on Π.

The importance I and the transform g come from :func:`ordertheory.analyses.importance.derive.derive_importance`
(computed, never looked up); this module writes the chain a reader follows from the definition
to R_I, one checked step at a time:

1. the definition, in the named rates where the score is defined by them (TPR, PPV, …);
2. the rates replaced by their definitions (the catalogue's formula, as written);
3. on a fixed prior: P(fn) + P(tp) = π₊ and P(tn) + P(fp) = π₋, then their values;
4. one fraction, numerator and denominator collected per outcome;
5. numerator and denominator rewritten as combinations of Σ I(ω)S(ω)P(ω) and Σ I(ω)P(ω);
6. g(R_I) with R_I named; for a transform, a second chain: g′(r) and its strict sign.

>>> from ordertheory.catalogue import get
>>> from ordertheory.sets.performance_set import all_performances
>>> from ordertheory.spaces.sample_space import binary
>>> ch = importance_chain(get("f_beta_2").score(), all_performances(binary()))
>>> ch.main.check().checked, len(ch.main.steps) >= 3
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ordertheory.analyses.importance.derivation import DerivationChain, Step
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.importance import R
from ordertheory.exact import as_sympy
from ordertheory.scores.expression import derived_terms
from ordertheory.scores.score import Score, outcome_symbols
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.spaces.sample_space import binary

TN, FP, FN, TP = outcome_symbols(binary())
RATES = ("TPR", "TNR", "FPR", "FNR", "PPV", "NPV", "FDR", "FOR")
RATE = {n: sympy.Symbol(n, positive=True) for n in RATES}
PI_POS = sympy.Symbol("pi_+", positive=True)
PI_NEG = sympy.Symbol("pi_-", positive=True)
R_I = sympy.Symbol("R_I", real=True)
BETA = sympy.Symbol("beta", positive=True)
ACC, PE = sympy.Symbol("A", real=True), sympy.Symbol("p_e", real=True)
T = sympy.Symbol("t", positive=True)


def _u(f, *args):
    """An unevaluated node (so the reader sees the definition's shape, not sympy's normal form)."""
    return f(*args, evaluate=False)


def _div(a, b):
    return _u(sympy.Mul, a, _u(sympy.Pow, b, -1))


def _rate_form(slug: str, X: Score):
    """(definition in named rates, extra definitions) for the classic scores, or None."""
    r = RATE
    if slug in {n.lower() for n in RATES}:
        return r[slug.upper()], {}
    forms = {
        "balanced_accuracy": lambda: _div(_u(sympy.Add, r["TPR"], r["TNR"]), 2),
        "informedness": lambda: _u(sympy.Add, r["TPR"], r["TNR"], -1),
        "markedness": lambda: _u(sympy.Add, r["PPV"], r["NPV"], -1),
        "plr": lambda: _div(r["TPR"], r["FPR"]),
        "nlr": lambda: _div(r["FNR"], r["TNR"]),
        "cohen_kappa": lambda: _div(_u(sympy.Add, ACC, _u(sympy.Mul, -1, PE)), _u(sympy.Add, 1, _u(sympy.Mul, -1, PE))),
    }
    if slug in forms:
        extra = {}
        if slug == "cohen_kappa":
            extra = {ACC: TN + TP, PE: (TP + FN) * (TP + FP) + (TN + FP) * (TN + FN)}
        return forms[slug](), extra
    if slug.startswith("f_beta_"):
        b2 = _u(sympy.Pow, BETA, 2)
        one_b2 = _u(sympy.Add, 1, b2)
        form = _div(_u(sympy.Mul, one_b2, TP),
                    _u(sympy.Add, _u(sympy.Mul, one_b2, TP), _u(sympy.Mul, b2, FN), FP))
        beta = sympy.Rational(slug.removeprefix("f_beta_"))
        return form, {BETA: beta}
    return None


def _prior(Pi: PerformanceSet):
    """π₊ on a fixed-prior Π of the binary space (a number or a symbol), else None."""
    for c in Pi.constraints:
        if c.op == "==":
            rest = sympy.expand(c.expr - FN - TP)
            if not rest.free_symbols & {TN, FP, FN, TP}:
                return -rest
    return None


def _linear(e: sympy.Expr, coeff_order=(TN, FP, FN, TP)) -> sympy.Expr:
    """An affine form in the outcome probabilities, written outcome by outcome (paper's order)."""
    e = sympy.expand(e)
    try:
        poly = sympy.Poly(e, *coeff_order)
    except sympy.PolynomialError:
        return e
    if poly.total_degree() > 1:
        return sympy.collect(e, list(coeff_order))
    terms = []
    for s in coeff_order:
        c = poly.coeff_monomial(s)
        if c != 0:
            terms.append(s if c == 1 else _u(sympy.Mul, c, s))
    c0 = poly.coeff_monomial(1)
    if c0 != 0:
        terms.append(c0)
    if not terms:
        return sympy.Integer(0)
    return terms[0] if len(terms) == 1 else _u(sympy.Add, *terms)


def _weighted(imp: dict, S: dict, level_only: bool) -> sympy.Expr:
    """Σ I(ω)S(ω)P(ω) (``level_only``) or Σ I(ω)P(ω), zero terms left out, paper's order."""
    terms = []
    for o, s in zip(("tn", "fp", "fn", "tp"), (TN, FP, FN, TP)):
        c = sympy.nsimplify(imp[o]) * (S[o] if level_only else 1)
        if c != 0:
            terms.append(s if c == 1 else _u(sympy.Mul, c, s))
    if not terms:
        return sympy.Integer(0)
    return terms[0] if len(terms) == 1 else _u(sympy.Add, *terms)


def _combine(a, N, b, D):
    """a·N + b·D, unevaluated, zero parts left out."""
    parts = []
    for c, x in sorted(((a, N), (b, D)), key=lambda cx: bool(cx[0] < 0)):  # a positive part first
        if c == 0:
            continue
        parts.append(x if c == 1 else _u(sympy.Mul, c, x))
    if not parts:
        return sympy.Integer(0)
    return parts[0] if len(parts) == 1 else _u(sympy.Add, *parts)


@dataclass(frozen=True)
class Chains:
    """The derivation of X = g(R_I) on Π, and (for a transform) the sign of g′."""

    main: DerivationChain
    monotone: DerivationChain | None = None

    def all(self) -> tuple[DerivationChain, ...]:
        return (self.main,) if self.monotone is None else (self.main, self.monotone)


def importance_chain(score: Score, Pi: PerformanceSet, derivation=None, timeout: float = 10.0) -> Chains | None:
    """The chain from ``score``'s definition to g(R_I) on ``Pi`` (binary Ω), or None when no
    importance was derived. Every returned chain is checked (:meth:`DerivationChain.check`)."""
    if not score.space.is_binary:
        return None
    d = derivation or derive_importance(score, Pi, check_tests=False, timeout=timeout)
    if str(d.kind) not in ("ranking_score", "monotone_transform") or not d.importance:
        return None
    slug = score.name or score.text
    imp = {o: sympy.nsimplify(v) for o, v in d.importance.items()}
    S = {o: sympy.nsimplify(score.space.S(o)) for o in score.space.outcomes}
    g = R if d.transform is None else d.transform
    rates = derived_terms(score.space)
    defs: dict = {RATE[n]: rates[n].expr for n in RATES}
    steps: list[Step] = []
    form = _rate_form(slug, score)
    X = score.expr
    if form is not None:
        expr, extra = form
        defs.update(extra)
        steps.append(Step(expr, f"definition of {slug}"))
        used = sorted((n for n in RATES if RATE[n] in expr.free_symbols), key=RATES.index)
        if extra:
            what = ", ".join(f"{_name(k)} = {_ptext(v) if k is not BETA else sympy.sstr(v)}" for k, v in extra.items())
            steps.append(Step(expr.xreplace(extra), f"with {what}"))
        if used:
            what = ", ".join(f"{n} = {_ptext(rates[n].expr)}" for n in used)
            steps.append(Step(X, f"definitions {what}" if len(used) > 1 else f"definition {what}"))
        elif steps[-1].expr != X:
            steps.append(Step(X, "expand the definition"))
    else:
        steps.append(Step(X, f"definition of {slug} (as written)"))
    prior = _prior(Pi)
    if prior is not None and not prior.is_number:  # a symbolic prior: write 1 − π₊ as π₋
        imp = {o: sympy.factor(v).subs({prior - 1: -PI_NEG, 1 - prior: PI_NEG}) for o, v in imp.items()}
    cur = steps[-1].expr.doit()
    if prior is not None:
        defs.update({PI_POS: prior, PI_NEG: 1 - prior})
        sub = {FN + TP: PI_POS, TN + FP: PI_NEG}
        on = cur.xreplace(sub)
        if on != cur:
            steps.append(Step(on, "on Π: P(fn) + P(tp) = π₊ and P(tn) + P(fp) = π₋"))
            if prior.is_number:
                cur = on.xreplace({PI_POS: prior, PI_NEG: 1 - prior})
                steps.append(Step(cur, f"π₊ = {prior}, π₋ = {1 - prior}"))
            else:
                cur = on
    NI, DI = _weighted(imp, S, True), _weighted(imp, S, False)
    Pi_map = _mapping(Pi)
    names = ", ".join(f"I({o}) = {imp[o]}" for o in ("tn", "fp", "fn", "tp"))
    lf = _canonical(g) if _rational(cur) else None
    if lf is None:  # g is not linear-fractional (or X is not rational): R_I inside g, written out
        steps.append(Step(g.xreplace({R: _div(NI, DI)}), f"X = g(R_I) with g(r) = {sympy.sstr(g)}, "
                          f"R_I = Σ I(ω)S(ω)P(ω) / Σ I(ω)P(ω), {names} (an identity on Π)"))
    else:
        num, den = sympy.fraction(sympy.together(cur))
        common = sympy.gcd(num, den)
        num, den = sympy.cancel(num / common), sympy.cancel(den / common)
        single = _div(_linear(num), _linear(den)) if den != 1 else _linear(num)
        if _shown(single) != _shown(steps[-1].expr):
            steps.append(Step(single, "one fraction; collect the terms of each outcome"))
        # numerator and denominator as combinations of N_I = Σ I S P and D_I = Σ I P
        g, (a, b, c, e) = lf
        top, bottom = _combine(a, NI, b, DI), _combine(c, NI, e, DI)
        ratio = sympy.cancel(sympy.together(_on(bottom, Pi_map) / _on(den, Pi_map)))
        why = []
        if ratio.is_number and ratio != 1:
            plain = sympy.cancel(sympy.together(as_sympy(bottom).doit() / den)) == ratio
            why.append(f"multiply numerator and denominator by {ratio}" + ("" if plain else " (using the equalities of Π)"))
        di_on = sympy.cancel(_on(DI, Pi_map))
        if di_on.is_number and sympy.sstr(den) != sympy.sstr(DI):
            why.append(f"on Π, Σ I(ω)P(ω) = {di_on}")
        if g == R:
            why.append(f"numerator Σ I(ω)S(ω)P(ω), denominator Σ I(ω)P(ω), {names}")
        else:
            why.append(f"numerator {_lin_text(a, b)}, denominator {_lin_text(c, e)}, where N_I = Σ I(ω)S(ω)P(ω), "
                       f"D_I = Σ I(ω)P(ω), {names}")
        regrouped = _div(top, bottom) if bottom != 1 else top
        if _shown(regrouped) != _shown(steps[-1].expr):
            steps.append(Step(regrouped, "; ".join(why)))
    final = g.xreplace({R: R_I})
    steps.append(Step(final, "definition of R_I (§4.3): R_I(P) = Σ I(ω)S(ω)P(ω) / Σ I(ω)P(ω)"
                      + ("" if g == R or lf is None else "; divide numerator and denominator by Σ I(ω)P(ω)")))
    defs[R_I] = _div(NI, DI)
    setting = f"Π = {Pi.label}"
    concl = (f"{slug} = R_I on {setting}, I = ({', '.join(f'{o}: {imp[o]}' for o in ('tn', 'fp', 'fn', 'tp'))})"
             if g == R else f"{slug} = g(R_I) on {setting}, g(r) = {sympy.sstr(g)} ({d.monotone}), "
             f"I = ({', '.join(f'{o}: {imp[o]}' for o in ('tn', 'fp', 'fn', 'tp'))})")
    cond = " and ".join(str(x) for x in score.conditions)
    cond = f"X is defined where {cond}" if cond else "X is defined everywhere"
    what = "a ranking score" if g == R else f"a strictly {d.monotone} transform of a ranking score"
    main = DerivationChain(f"importance/{slug}/{Pi.label}", f"{slug} as {what} on {setting}", tuple(steps),
                      lhs=sympy.Symbol("X"), definitions=tuple(defs.items()), mapping=tuple(Pi_map.items()),
                      assumptions=(f"P ∈ {setting}",) + ((f"P(fn) + P(tp) = π₊ = {prior}",) if prior is not None else ()),
                      domain=f"{cond}; " + ((d.domain or {}).get("text") or ""),
                      conclusion=concl).check()
    mono = None
    if g != R:
        mono = _monotone_chain(slug, Pi.label, g, d.monotone, S)
    return Chains(main, mono)


def _monotone_chain(slug: str, label: str, g: sympy.Expr, monotone: str | None, S: dict) -> DerivationChain:
    """g′(r), then r = lo + (hi − lo)·t/(1 + t) with t > 0 (r over the open interval), and its sign."""
    lo, hi = min(S.values()), max(S.values())
    gp = sympy.diff(g, R)
    steps = [Step(_u(sympy.Derivative, g, R), "the transform g of the chain above"),
             Step(gp, "differentiate")]
    fac = sympy.factor(gp)
    if sympy.srepr(fac) != sympy.srepr(gp):
        steps.append(Step(fac, "factor"))
    sub = lo + (hi - lo) * T / (1 + T)
    if not (fac.free_symbols & {R}):  # a constant g′: its sign is read off
        return DerivationChain(f"importance/{slug}/{label}/g-prime", f"g′ for {slug} on Π = {label}", tuple(steps),
                          lhs=sympy.Symbol("g'(r)"), sign=1 if monotone == "increasing" else -1,
                          sign_why=f"a constant: g is strictly {monotone}",
                          conclusion=f"{slug} orders Π like R_I" + ("" if monotone == "increasing" else " reversed")).check()
    steps.append(Step(sympy.factor(sympy.cancel(fac.xreplace({R: sub}))),
                      f"r = {sympy.sstr(sub)} with t > 0 runs over ({lo}, {hi}), where R_I takes its values"))
    sign = 1 if monotone == "increasing" else -1
    return DerivationChain(f"importance/{slug}/{label}/g-prime", f"g′ for {slug} on Π = {label}", tuple(steps),
                      lhs=sympy.Symbol("g'(r)"), definitions=((R, sub),),
                      assumptions=("t > 0",), sign=sign,
                      sign_why=f"every factor has one sign for t > 0: g is strictly {monotone} on [{lo}, {hi}]",
                      conclusion=f"g′ {'>' if sign > 0 else '<'} 0: {slug} orders Π like R_I"
                      + ("" if sign > 0 else " reversed")).check()


def _shown(e: sympy.Expr) -> str:
    """How a step reads (two steps that read alike are one step)."""
    return sympy.latex(e, order="none")


def _rational(e: sympy.Expr) -> bool:
    e = as_sympy(e).doit()
    return not e.has(sympy.Function) and all(x.exp.is_Integer for x in e.atoms(sympy.Pow))


def _canonical(g: sympy.Expr):
    """g(r) = (a·r + b)/(c·r + e) with the denominator's constant ≥ 0 (or c > 0 when e = 0), as
    (g, (a, b, c, e)); None when g is not linear-fractional."""
    gn, gd = sympy.fraction(sympy.together(g))
    try:
        pn, pd = sympy.Poly(gn, R), sympy.Poly(gd, R)
    except sympy.PolynomialError:
        return None
    if pn.degree() > 1 or pd.degree() > 1 or not _rational(g):
        return None
    a, b, c, e = pn.coeff_monomial(R), pn.coeff_monomial(1), pd.coeff_monomial(R), pd.coeff_monomial(1)
    if e < 0 or (e == 0 and c < 0):
        a, b, c, e = -a, -b, -c, -e
    return (a * R + b) / (c * R + e), (a, b, c, e)


def _lin_text(a, b) -> str:
    parts = [f"{'' if x == 1 else '−' if x == -1 else str(x) + '·'}{n}" for x, n in ((a, "N_I"), (b, "D_I")) if x != 0]
    return " + ".join(parts).replace("+ −", "− ").replace("+ -", "− ") or "0"


_NAMES = {"beta": "β", "pi_+": "π₊", "pi_-": "π₋", "p_e": "pₑ"}


def _name(sym: sympy.Symbol) -> str:
    return _NAMES.get(sym.name, sym.name)


def _ptext(e: sympy.Expr) -> str:
    """A formula in the outcome probabilities, written with P(ω)."""
    return sympy.sstr(e.xreplace({s: sympy.Symbol(f"P({s.name})") for s in (TN, FP, FN, TP)}))


def _mapping(Pi: PerformanceSet) -> dict:
    params, mapping, _ = Pi.parametrise("d")
    return mapping


def _on(e: sympy.Expr, mapping: dict) -> sympy.Expr:
    return as_sympy(e).doit().xreplace(mapping)
