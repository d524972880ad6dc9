"""``paper --only SCORE --space SPACE`` beyond the binary space: one score's checked derivations.

On each setting of the space (all performances; a positive prior of 1/2 on a two-class space, or
uniform class priors), two chains, each checked by sympy on Π before it is rendered:

* the importance: X = g(R_I) with the derived I (when there is one, e.g. selective accuracy with
  I = 0 on the abstentions);
* the satisfaction X encodes: X = E_P[f] = offset + scale·E_P[S] (when X is an expectation, e.g.
  Brier, log loss, an expected cost).

>>> md, tex, n = only_on("selective_accuracy", "selective:2", timeout=10)
>>> n, "I(y0_abstain) = 0" in md
(2, True)
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from ordertheory.analyses.importance.derivation import DerivationChain, Step
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.encoded_satisfaction import SatisfactionKind, encoded_satisfaction
from ordertheory.analyses.importance.importance import ImportanceKind
from ordertheory.catalogue import as_score
from ordertheory.reports.derivations_render import standalone_latex, to_latex, to_markdown
from ordertheory.reports.render import latex_escape
from ordertheory.scores.score import Score, outcome_symbols
from ordertheory.sets.performance_set import PerformanceSet, all_performances, fixed_priors
from ordertheory.spaces.sample_space import from_name


def settings(space) -> list[PerformanceSet]:
    """All performances, then every class prior 1/k (a positive prior of 1/2 on two classes)."""
    k = space.truth_classes
    out = [all_performances(space)]
    if k:
        out.append(fixed_priors(space, [Fraction(1, k)] * k))
    return out


def importance_derivation(X: Score, Pi: PerformanceSet, d) -> DerivationChain:
    """X = g(R_I) for the derived importance, as a chain checked on Π."""
    syms = outcome_symbols(X.space)
    I = [sympy.sympify(d.importance[o], strict=True) for o in X.space.outcomes]  # exact numbers, never text
    S = [sympy.Rational(s.numerator, s.denominator) for s in X.space.satisfaction]
    R = sympy.Add(*(i * s * p for i, s, p in zip(I, S, syms))) / sympy.Add(*(i * p for i, p in zip(I, syms)))
    g = d.transform.xreplace({sympy.Symbol("r", real=True): R}) if d.transform is not None else R
    imp = ", ".join(f"I({o}) = {v}" for o, v in d.importance.items())
    return DerivationChain(f"importance/{X.name}/{Pi.label}", f"{X.name}: the importance it encodes on Π = {Pi.label}",
                      (Step(X.expr, "definition"), Step(g, f"R_I = E_P[I·S]/E_P[I] with {imp}"
                                                         + ("" if d.transform is None else f", g(r) = {d.transform}"))),
                      lhs=sympy.Symbol("X"), mapping=tuple(Pi.parametrise("d")[1].items()),
                      assumptions=(f"P ∈ Π = {Pi.label} ∩ dom(X)",))


def only_on(score_text: str, space_name: str, timeout: float = 10.0, standalone: bool = True) -> tuple[str, str, int]:
    """(Markdown, LaTeX, number of derivations) for one score on one space: the LaTeX a whole
    document, or with ``standalone=False`` a fragment to ``\\input``."""
    space = from_name(space_name)
    X = as_score(score_text, space)
    name = X.name or X.text
    md = [f"# {name} on {space.name}: its importance and the satisfaction it encodes", ""]
    tex: list[str] = []
    n = 0
    for Pi in settings(space):
        chains, why = [], []
        d = derive_importance(X, Pi, check_tests=False, timeout=timeout, bounded=False)
        if d.kind in (ImportanceKind.RANKING_SCORE, ImportanceKind.MONOTONE_TRANSFORM) and d.importance:
            chains.append(importance_derivation(X, Pi, d))
        else:
            why.append(f"importance: {d.kind}" + (f" ({d.reason})" if d.reason else ""))
        e = encoded_satisfaction(X, Pi)
        if e.kind is SatisfactionKind.EXPECTATION and e.derivation is not None:
            chains.append(e.derivation)
        else:
            why.append(f"satisfaction: {e.kind}" + (f" ({e.reason})" if e.reason else ""))
        for ch in chains:
            md.append(to_markdown(ch.check()))
            tex.append(to_latex(ch))
            n += 1
        if why:
            line = f"On Π = {Pi.label}: " + "; ".join(why) + "."
            md += [line, ""]
            tex.append(latex_escape(line) + r"\par")
    body = "\n".join(tex)
    return "\n".join(md).rstrip() + "\n", standalone_latex(body, f"{name} on {space.name}") if standalone else body + "\n", n
