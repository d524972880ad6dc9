"""Performances in Coq: a record of outcome probabilities on the simplex of Ω, mixtures, the events
{S ≤ s} and {S ≥ s} of the satisfaction, the sets Π of the settings, and scores as written (with
their domain: every denominator non-zero, every radicand ≥ 0, as :class:`~ordertheory.scores.score.Score`
states it).

>>> from ordertheory.spaces.sample_space import binary
>>> print(record(binary()))
Record performance := { tn : R; fp : R; fn : R; tp : R }.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ordertheory.coq.vernacular import NotExportable, ident, real_term
from ordertheory.scores.formula import ConditionKind
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.spaces.sample_space import SampleSpace
from ordertheory.theory.axioms import axiom2_levels

RELATIONS = {ConditionKind.NONZERO: "<>", ConditionKind.NONNEG: ">=", ConditionKind.POS: ">"}


def record(space: SampleSpace) -> str:
    fields = "; ".join(f"{o} : R" for o in space.outcomes)
    return f"Record performance := {{ {fields} }}."


def of_performance(e: sympy.Expr, space: SampleSpace, P: str = "P") -> str:
    """A real expression over the outcome symbols, read at the performance named ``P``."""
    return real_term(e, {o: f"({o} {P})" for o in space.outcomes})


def prelude(space: SampleSpace) -> str:
    """The performance record, the simplex, mixtures and the satisfaction's events (Axiom 2's levels)."""
    o = space.outcomes
    S = ", ".join(f"S({x}) = {space.S(x)}" for x in o)
    simplex = " /\\ ".join([f"0 <= {x} P" for x in o] + [" + ".join(f"{x} P" for x in o) + " = 1"])
    mix = "; ".join(f"{x} := l * {x} P1 + (1 - l) * {x} P2" for x in o)
    lines = [f"(* Ω = {{{', '.join(o)}}}; the satisfaction: {S}. A performance is a probability measure on Ω. *)",
             record(space),
             f"Definition in_simplex (P : performance) : Prop :=\n  {simplex}.",
             "(* λP1 + (1 − λ)P2: run the entity of P1 with probability λ, else that of P2 (Φ = conv) *)",
             f"Definition mixture (l : R) (P1 P2 : performance) : performance :=\n  {{| {mix} |}}."]
    for k, (s, low, high) in enumerate(axiom2_levels(space)):
        for name, event in ((f"prob_S_le_{k}", low), (f"prob_S_ge_{k}", high)):
            total = " + ".join(f"{x} P" for x in o if x in event) or "0"
            rel = "≤" if "le" in name else "≥"
            lines.append(f"Definition {name} (P : performance) : R := {total}.  (* P(S {rel} {s}) *)")
    return "\n".join(lines)


def pi_name(Pi: PerformanceSet) -> str:
    return "in_Pi_" + ident(Pi.label)


def pi_definition(Pi: PerformanceSet) -> str:
    """Π as a predicate: its inequalities and equalities, and the lemma that it is closed under mixtures."""
    sp = Pi.space
    parts = [f"0 <= {of_performance(e, sp)}" for e in Pi.inequalities()]
    parts += [f"{of_performance(e, sp)} = 0" for e in Pi.equalities()]
    name = pi_name(Pi)
    conj = " /\\ ".join(parts)
    return (f"(* Π = {Pi.label} *)\nDefinition {name} (P : performance) : Prop :=\n  {conj}.\n"
            f"Lemma {name}_mixture : forall (l : R) (P1 P2 : performance),\n"
            f"  0 <= l <= 1 -> {name} P1 -> {name} P2 -> {name} (mixture l P1 P2).\n"
            f"Proof.\n  intros l P1 P2 Hl H1 H2. unfold {name} in *. destruct P1, P2; simpl in *. split_hyps.\n"
            "  repeat split; nra.\nQed.\n")


@dataclass(frozen=True)
class ScoreDefinition:
    """A score as Coq definitions: its value and its domain as written."""

    name: str
    value: str
    domain: str
    conditions: int

    def text(self) -> str:
        return f"{self.value}\n{self.domain}\n"


def score_definition(score: Score, slug: str) -> ScoreDefinition:
    """``Definition SLUG (P : performance) : R := …`` and ``dom_SLUG``: the conjunction of the
    domain conditions as written (``True`` when the score is defined everywhere)."""
    sp, name = score.space, ident(slug)
    if any(c.kind not in RELATIONS for c in score.conditions):
        raise NotExportable(f"{slug}: probit has no Coq definition here")
    conds = [f"{of_performance(c.expr, sp)} {RELATIONS[c.kind]} 0" for c in score.conditions]
    value = f"Definition {name} (P : performance) : R :=\n  {of_performance(score.expr, sp)}."
    conj = " /\\ ".join(conds) or "True"
    domain = f"Definition dom_{name} (P : performance) : Prop :=\n  {conj}."
    return ScoreDefinition(name, value, domain, len(conds))

