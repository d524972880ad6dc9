"""Where does X = g(R_I) hold? The score's domain as written versus R_I's on Π.

R_I(P) = Σ I(ω)S(ω)P(ω) / Σ I(ω)P(ω) is defined where Σ I(ω)P(ω) > 0 (I ≥ 0); a score as
written may be defined on less (a square root of a negative, a vanishing inner denominator) or
on more. The identity is stated on Π only when both domains agree on Π; z3 decides that
(``unsat`` of "a performance of Π in one domain and not the other"), and a difference is shown
by a performance re-validated exactly, without the solver.

>>> from ordertheory import binary, parse_score
>>> from ordertheory.analyses.importance import derive_importance
>>> d = derive_importance(parse_score("2*tp/(2*tp+fp+fn) + 0*sqrt(tp-fn)", binary()), check_tests=False)
>>> d.domain["status"]
'differs'
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from ordertheory.encoding.z3_backend import Unsupported
from ordertheory.exact import as_sympy
from ordertheory.performance import Performance
from ordertheory.performance_set import PerformanceSet
from ordertheory.scores import Score, outcome_symbols

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
    except (Unsupported, ArithmeticError, ValueError, TypeError, NotImplementedError) as exc:  # say so, never guess
        return {"status": "unknown", "witness": None,
                "text": f"X = g(R_I) holds on dom(X) ∩ dom(R_I) ∩ Π; the domains could not be compared "
                        f"({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''})"}


def _compare(score: Score, Pi: PerformanceSet, imp: dict, DI: sympy.Expr, di_text: str, timeout: float) -> dict:
    from ordertheory.encoding.z3_backend import Env
    from ordertheory.engine.obligations import Encoding

    space = score.space
    r = Pi.parametrise("dom")
    if r is None:
        return {"status": "equal", "text": "Π is empty", "witness": None}
    params, mapping, nonneg = r
    env = Env()
    enc = Encoding(env, score)
    for p in params:
        enc.var(p)
    inX, const_false = enc.in_domain(mapping, params)
    e_di = enc._encoder({p: None for p in params}).go(sympy.expand(DI.xreplace(mapping)))
    point = [enc._encoder({p: None for p in params}).go(x) >= 0 for x in nonneg]
    inR = e_di > 0
    formulas = [*point, *enc.finish(), env.Not(inX == inR)]
    status, model, why = env.check(formulas, timeout)
    if status == "unsat":
        return {"status": "equal", "text": f"Π: z3 proves dom(X) ∩ Π = dom(R_I) ∩ Π = {{P ∈ Π : {di_text}}}",
                "witness": None}
    base = (f"X = g(R_I) holds on dom(X) ∩ Π = {{P ∈ Π : {_dom_text(score)}}} "
            f"(R_I is defined on {{P ∈ Π : {di_text}}})")
    if status == "sat":
        vals = {p: sympy.Rational(str(env.evaluate_real(model, enc.var(p)))) for p in params}
        probs = [Fraction(str(mapping[s].xreplace(vals))) for s in outcome_symbols(space)]
        if min(probs) >= 0 and sum(probs) == 1:
            P = Performance(space, tuple(probs))
            if Pi.contains(P):
                x_def = score.in_domain(P)
                r_def = sum(Fraction(str(imp[o])) * p for o, p in zip(space.outcomes, probs)) > 0
                if x_def != r_def:
                    at = {o: str(p) for o, p in zip(space.outcomes, probs)}
                    say = "X is defined and R_I is not" if x_def else "R_I is defined and X is not"
                    return {"status": "differs", "text": f"{base}; the two differ on Π, e.g. at P = {at} {say}",
                            "witness": at}
        why = "z3's counter-model did not re-validate exactly"
    return {"status": "unknown", "text": f"{base}; whether the two agree on Π is undecided ({why})", "witness": None}
