"""Where does X = g(R_I) hold? The score's domain as written versus R_I's on Π.

R_I(P) = Σ I(ω)S(ω)P(ω) / Σ I(ω)P(ω) is defined where Σ I(ω)P(ω) > 0 (I ≥ 0); a score as
written may be defined on less (a square root of a negative, a vanishing inner denominator) or
on more. The identity is stated on Π only when both domains agree on Π; the engine's decider
decides that (no performance of Π in one domain and not the other), and a difference is shown by a
performance re-validated exactly, without the solver.

>>> from ordertheory import binary, parse_score
>>> from ordertheory.analyses.importance.derive import derive_importance
>>> d = derive_importance(parse_score("2*tp/(2*tp+fp+fn) + 0*sqrt(tp-fn)", binary()), check_tests=False)
>>> d.domain["status"]
'differs'
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from ordertheory.encoding.z3_backend import Unsupported
from ordertheory.engine.obligations import Encoding
from ordertheory.engine.prove import Decider, Obligation
from ordertheory.engine.result import Verdict
from ordertheory.engine.sanity import Sanity, SanityKind, point_of
from ordertheory.errors import InvalidInput
from ordertheory.exact import as_sympy
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score, outcome_symbols
from ordertheory.sets.performance_set import PerformanceSet

STATUSES = ("equal", "differs", "unknown")


def _dom_text(score: Score) -> str:
    return " and ".join(str(c) for c in score.conditions) or "everywhere"


def compare_domains(score: Score, Pi: PerformanceSet, imp: dict, timeout: float = 10.0) -> dict:
    """{status: equal|differs|unknown, text, witness} comparing dom(X) ∩ Π with dom(R_I) ∩ Π."""
    space = score.space
    DI = sum(imp[o] * s for o, s in zip(space.outcomes, outcome_symbols(space)))
    di_text = f"{sympy.simplify(DI)} > 0"
    if not score.conditions and all(as_sympy(v).is_positive for v in imp.values()):
        return {"status": "equal", "text": f"Π (X is defined everywhere and {di_text} on Π)", "witness": None}
    symbolic = (score.expr.free_symbols | {f for c in Pi.constraints for f in c.expr.free_symbols}
                | {f for v in imp.values() for f in as_sympy(v).free_symbols}) - set(outcome_symbols(space))
    if symbolic:
        names = ", ".join(sorted(map(str, symbolic)))
        return {"status": "unknown", "witness": None,
                "text": f"X = g(R_I) holds on dom(X) ∩ dom(R_I) ∩ Π; the domains are compared only for numeric "
                        f"parameters, not for the symbolic {names}"}
    try:
        return _compare(score, Pi, imp, DI, di_text, timeout)
    except (Unsupported, InvalidInput, ArithmeticError, ValueError, TypeError, NotImplementedError) as exc:  # say so, never guess
        return {"status": "unknown", "witness": None,
                "text": f"X = g(R_I) holds on dom(X) ∩ dom(R_I) ∩ Π; the domains could not be compared "
                        f"({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''})"}


def _compare(score: Score, Pi: PerformanceSet, imp: dict, DI: sympy.Expr, di_text: str, timeout: float) -> dict:
    r = Pi.parametrise("dom")
    if r is None:
        return {"status": "equal", "text": "Π is empty", "witness": None}
    res = Decider(timeout, tactics=(None,)).decide(domains_obligation(score, Pi, imp, DI, r))
    if res.verdict is Verdict.PROVED:
        return {"status": "equal", "text": f"Π: z3 proves dom(X) ∩ Π = dom(R_I) ∩ Π = {{P ∈ Π : {di_text}}}",
                "witness": None}
    base = (f"X = g(R_I) holds on dom(X) ∩ Π = {{P ∈ Π : {_dom_text(score)}}} "
            f"(R_I is defined on {{P ∈ Π : {di_text}}})")
    if res.verdict is Verdict.REFUTED:
        P = res.witness
        at = {o: str(p) for o, p in zip(score.space.outcomes, P.probabilities)}
        say = "X is defined and R_I is not" if score.in_domain(P) else "R_I is defined and X is not"
        return {"status": "differs", "text": f"{base}; the two differ on Π, e.g. at P = {at} {say}", "witness": at}
    failed = any(w in (res.reason or "") for w in ("validation", "did not decode"))
    why = "z3's counter-model did not re-validate exactly" if failed else res.reason
    return {"status": "unknown", "text": f"{base}; whether the two agree on Π is undecided ({why})", "witness": None}


def domains_obligation(score: Score, Pi: PerformanceSet, imp: dict, DI: sympy.Expr, parametrised) -> Obligation:
    """"dom(X) ∩ Π = dom(R_I) ∩ Π": refuted by a performance of Π in exactly one of them, re-validated
    exactly (in Π, X's domain decided on the formula as written, E_P[I] > 0 in Fractions)."""
    space = score.space
    params, mapping, nonneg = parametrised

    def query(env) -> list:
        enc = Encoding(env, score)
        for q in params:
            enc.var(q)
        inX, _ = enc.in_domain(mapping, params)
        e_di = enc.encoder({q: None for q in params}).go(sympy.expand(DI.xreplace(mapping)))
        point = [enc.encoder({q: None for q in params}).go(x) >= 0 for x in nonneg]
        return [*point, *enc.finish(), env.Not(inX == (e_di > 0))]

    def decode(model) -> Performance:
        vals = {q: sympy.Rational(str(model.get(q.name, Fraction(0)))) for q in params}
        return Performance(space, tuple(Fraction(str(mapping[s].xreplace(vals))) for s in outcome_symbols(space)))

    def validate(P: Performance) -> bool:
        r_def = sum(Fraction(str(imp[o])) * p for o, p in zip(space.outcomes, P.probabilities)) > 0
        return Pi.contains(P) and score.in_domain(P) != r_def

    def sanity(decider, budget: float) -> Sanity:  # the assumption is P ∈ Π: a point of Π
        P = point_of(Pi)
        return (Sanity(SanityKind.MODEL, {"P": P}, "an exact point of Π, checked exactly") if P is not None
                else Sanity(SanityKind.UNDECIDED, {}, "no point of Π found"))

    return Obligation.counterexample("importance.domains", f"dom(X) ∩ Π = dom(R_I) ∩ Π on Π = {Pi.label}",
                                     query, decode, validate, [q.name for q in params], sanity=sanity)
