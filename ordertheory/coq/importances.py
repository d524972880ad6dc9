"""Importances as Coq equalities: the derived importance I makes X = R_I (or X = g(R_I)) on Π, where
R_I(P) = E_P[I·S] / E_P[I] is the ranking score (Binary.v's ``ranking_score``), proved by ``field``
with the non-zero side conditions taken from X's domain as written.

Exported: the importance of every Table 1 cell whose derivation found one (a ranking score or a
monotone transform g(R_I), with X = g(R_I) wherever X is defined: ``domain`` status ``equal``), and
the printed importances of A.6.1 (Π = all performances, exact weights). A.6.2's importances at a
symbolic prior stay with sympy (their statements quantify over the prior).

>>> from fractions import Fraction
>>> importance_record({"tn": Fraction(0), "fp": Fraction(1, 2), "fn": Fraction(1, 2), "tp": Fraction(1)}, ("tn", "fp", "fn", "tp"))
'{| tn := 0; fp := (1 / 2); fn := (1 / 2); tp := 1 |}'
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from ordertheory.coq.performances import pi_name
from ordertheory.coq.scores import solve_lines, solved_outcomes
from ordertheory.coq.vernacular import NotExportable, Theorem, ident, rational, real_term
from ordertheory.paper.printed_claims import A6_CLAIMS
from ordertheory.scores.expression import parse_term
from ordertheory.scores.formula import Term
from ordertheory.sets.performance_set import PerformanceSet, all_performances
from ordertheory.spaces.sample_space import SampleSpace

RANKING_SCORE = """\
(* An importance gives each outcome a weight I(ω) ≥ 0: a record of the same shape as a performance. *)
Definition importance := performance.
(* The ranking score R_I(P) = E_P[I·S] / E_P[I] (§4.3). *)
Definition ranking_score (I : importance) (P : performance) : R :=
  ({numerator}) / ({denominator}).
"""


def ranking_score_definition(space: SampleSpace) -> str:
    o = space.outcomes
    num = " + ".join(f"{x} I * {rational(Fraction(str(space.S(x))))} * {x} P" for x in o)
    den = " + ".join(f"{x} I * {x} P" for x in o)
    return RANKING_SCORE.format(numerator=num, denominator=den)


def importance_record(weights: dict, outcomes: tuple[str, ...]) -> str:
    """An exact importance as a Coq record value."""
    parts = []
    for o in outcomes:
        w = weights[o]
        w = Fraction(str(w)) if not isinstance(w, Fraction) else w
        parts.append(f"{o} := {rational(w)}")
    return "{| " + "; ".join(parts) + " |}"


def _exact(weights: dict) -> dict[str, Fraction] | None:
    out = {}
    for o, w in weights.items():
        w = sympy.sympify(w, strict=True)  # numbers and sympy objects only, never text
        if not w.is_Rational:
            return None
        out[o] = Fraction(int(w.p), int(w.q))
    return out


def importance_theorem(sid: str, name: str, words: str, slug: str, Pi: PerformanceSet, weights: dict,
                       transform: sympy.Expr | None) -> Theorem:
    """X = g(R_I) on Π ∩ dom(X) (g the identity when ``transform`` is None)."""
    exact = _exact(weights)
    if exact is None:
        raise NotExportable(f"{slug}: the importance is not a vector of exact numbers")
    sp, X, pin = Pi.space, ident(slug), pi_name(Pi)
    I = importance_record(exact, sp.outcomes)
    R = f"ranking_score {I} P"
    value = R if transform is None else real_term(transform, {"r": f"({R})"})
    fields = " ".join(f"x_{o}" for o in sp.outcomes)
    proof = (f"  intros [{fields}] HPi Hdom.\n"
             f"  unfold {pin}, dom_{X}, {X}, ranking_score in *; simpl in *. split_hyps.\n"
             + "\n".join(solve_lines(solved_outcomes(Pi)[1])) + "\n  field; nonzero.")
    return Theorem(name, sid, words, f"forall P : performance, {pin} P -> dom_{X} P -> {X} P = {value}", proof)


def cell_importance(slug: str, Pi: PerformanceSet, derivation) -> Theorem | None:
    """The importance of a Table 1 cell, or None when the derivation gives none to export."""
    if derivation is None or derivation.kind.value not in ("ranking_score", "monotone_transform"):
        return None
    if (derivation.domain or {}).get("status") != "equal" or not derivation.importance:
        return None
    g = derivation.transform
    try:
        return importance_theorem("", f"{ident(slug)}_on_{ident(Pi.label)}_importance",
                                  f"{slug} on Π = {Pi.label}: the derived importance I makes X = "
                                  f"{'R_I' if g is None else 'g(R_I), g(r) = ' + str(g)} on Π ∩ dom(X)",
                                  slug, Pi, derivation.importance, g)
    except NotExportable:
        return None


def a6_theorems(space: SampleSpace) -> list[Theorem]:
    """A.6.1's printed importances (Π = all performances, exact weights, X = R_I)."""
    out = []
    Pi = all_performances(space)
    for section, slug, weights, relation in A6_CLAIMS:
        if section != "A.6.1" or relation != "R":
            continue
        try:
            exact = dict(zip(space.outcomes, (Fraction(w) for w in weights)))
        except ValueError:
            continue
        out.append(importance_theorem(f"{section}/{slug}", f"A_6_1_{ident(slug)}",
                                      f"{slug}: X = R_I with I(tn, fp, fn, tp) = ({', '.join(weights)}) "
                                      "on every performance where X is defined", slug, Pi, exact, None))
    return out


def rewriting_theorems(Pi: PerformanceSet) -> list[Theorem]:
    """A.3: the two rewritings of the accuracy and the true positive rate, for every α (and β), on the
    simplex (``Pi``: all performances)."""
    pin, fields = pi_name(Pi), " ".join(f"x_{o}" for o in Pi.space.outcomes)
    solve = "\n".join(solve_lines(solved_outcomes(Pi)[1]))
    acc = "(1 - a) * tn P - a * fp P - a * fn P + (1 - a) * tp P + a"
    tpr = ("(- a * tn P - a * fp P - a * fn P + (1 - a) * tp P + a) / "
           "(- b * tn P - b * fp P + (1 - b) * fn P + (1 - b) * tp P + b)")
    head = f"  intros {{a}}[{fields}] HPi Hdom.\n  unfold {pin}, {{dom}} in *; simpl in *. split_hyps.\n{solve}\n"
    return [
        Theorem("A_3_accuracy", "A.3/accuracy", "A = (1−α)P(tn) − αP(fp) − αP(fn) + (1−α)P(tp) + α for every α",
                f"forall (a : R) (P : performance), {pin} P -> dom_accuracy P -> accuracy P = {acc}",
                head.format(a="a ", dom="dom_accuracy, accuracy") + "  ring."),
        Theorem("A_3_tpr", "A.3/tpr", "TPR = (−αP(tn) − αP(fp) − αP(fn) + (1−α)P(tp) + α) / "
                "(−βP(tn) − βP(fp) + (1−β)P(fn) + (1−β)P(tp) + β) for every α, β",
                f"forall (a b : R) (P : performance), {pin} P -> dom_tpr P -> tpr P = {tpr}",
                head.format(a="a b ", dom="dom_tpr, tpr") + "  field; nonzero."),
    ]


SYMBOLIC_PRIOR = """\
(* Π = prior=pi_pos: the two-class performances with the positive prior π₊ = pi_pos, 0 < π₊ < 1 *)
Definition in_Pi_symbolic_prior (pi_pos : R) (P : performance) : Prop :=
  in_simplex P /\\ fn P + tp P = pi_pos.
"""


def a62_theorems(space: SampleSpace, proved: set[str]) -> list[Theorem]:
    """A.6.2's printed importances that the package proved, for every fixed prior π₊ ∈ (0, 1):
    X = g(R_I) with I and g functions of π₊ (read by the whitelist parser, as the claims are)."""
    pi = sympy.Symbol("pi_pos", real=True)
    r = sympy.Symbol("r", real=True)
    extra = {"pi_pos": Term(pi), "pi_neg": Term(1 - pi), "R": Term(r)}
    fields = " ".join(f"x_{o}" for o in space.outcomes)
    out = []
    for section, slug, weights, relation in A6_CLAIMS:
        sid = f"{section}/{slug}"
        if section != "A.6.2" or sid not in proved:
            continue
        X = ident(slug)
        imp = [parse_term(w, space, extra).expr for w in weights]
        I = "{| " + "; ".join(f"{o} := {real_term(w)}" for o, w in zip(space.outcomes, imp)) + " |}"
        g = parse_term(relation, space, extra).expr
        value = real_term(g, {"r": f"(ranking_score {I} P)"})
        out.append(Theorem(
            f"A_6_2_{X}", sid, f"{slug}: X = {relation} with R = R_I, I(tn, fp, fn, tp) = ({', '.join(weights)}), "
            "for every fixed prior π₊ (pi_neg = 1 − pi_pos)",
            f"forall (pi_pos : R) (P : performance), 0 < pi_pos < 1 -> in_Pi_symbolic_prior pi_pos P -> dom_{X} P ->\n"
            f"  {X} P = {value}",
            f"  intros pi_pos [{fields}] Hpi HPi Hdom.\n"
            f"  unfold in_Pi_symbolic_prior, in_simplex, dom_{X}, {X}, ranking_score in *; simpl in *. split_hyps.\n"
            "  assert (E_tn : x_tn = 1 - pi_pos - x_fp) by lra. subst x_tn.\n"
            "  assert (E_tp : x_tp = pi_pos - x_fn) by lra. subst x_tp.\n"
            "  field; nonzero."))
    return out
