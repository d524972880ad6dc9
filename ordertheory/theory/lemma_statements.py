"""Lemmas 1–12 (A.2.4), rules (7)–(14) (A.2.3), the four cases and eq. (5), each stated once.

One entry per statement of the paper: its id, its words, where the paper states it, the matching
mathlib name, and its claim about named elements a, b, c in the syntax of ``ordertheory prove``
(eq. (6) defines ≳; eq. (5) rebuilds ≲). :mod:`ordertheory.theory.lemmas` adds the same claim in
z3 and proves it; :mod:`ordertheory.theory.readable.lemma_proofs` finds its readable proof (this module
imports no solver, so the readable proofs reach none). The tests check with z3 that the two forms
say the same for every relation ≲.

>>> next(t for t in LEMMAS if t.id == "lemma-7").formula
'(a > b and b > c -> a > c) and (a < b and b < c -> a < c)'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LemmaText:
    """One statement as the paper gives it: id, words, reference, mathlib name, readable form."""

    id: str
    text: str
    reference: str
    mathlib: str
    formula: str


LEMMAS: tuple[LemmaText, ...] = (
    LemmaText("lemma-1", "∼ is reflexive", "Lemma 1 (A.2.4)", "AntisymmRel.refl",
              "a ~ a"),
    LemmaText("lemma-2", "∼ is transitive", "Lemma 2 (A.2.4)", "AntisymmRel.trans",
              "a ~ b and b ~ c -> a ~ c"),
    LemmaText("lemma-3", "∼ is symmetric", "Lemma 3 (A.2.4)", "AntisymmRel.symm",
              "a ~ b -> b ~ a"),
    LemmaText("lemma-4", "> and < are converse", "Lemma 4 (A.2.4)", "gt_iff_lt",
              "a > b <-> b < a"),
    LemmaText("lemma-5", "> and < are irreflexive", "Lemma 5 (A.2.4)", "lt_irrefl",
              "not a > a and not a < a"),
    LemmaText("lemma-6", "> and < are asymmetric", "Lemma 6 (A.2.4)", "lt_asymm",
              "not (a > b and b > a) and not (a < b and b < a)"),
    LemmaText("lemma-7", "> and < are transitive", "Lemma 7 (A.2.4)", "lt_trans",
              "(a > b and b > c -> a > c) and (a < b and b < c -> a < c)"),
    LemmaText("lemma-8", "⋈ is irreflexive", "Lemma 8 (A.2.4)", "IncompRel (irreflexive for a preorder)",
              "not a # a"),
    LemmaText("lemma-9", "⋈ is symmetric", "Lemma 9 (A.2.4)", "IncompRel.symm",
              "a # b -> b # a"),
    LemmaText("lemma-10", "≲ and ≳ are converse", "Lemma 10 (A.2.4)", "ge_iff_le",
              "a >= b <-> (b < a or b ~ a)"),
    LemmaText("lemma-11", "≲ and ≳ are reflexive", "Lemma 11 (A.2.4)", "le_refl",
              "a <= a and a >= a"),
    LemmaText("lemma-12", "≲ and ≳ are transitive", "Lemma 12 (A.2.4)", "le_trans",
              "(a <= b and b <= c -> a <= c) and (a >= b and b >= c -> a >= c)"),
    LemmaText("rule-7", "P1 ∼ P2 ∧ P2 ∼ P3 ⇒ P1 ∼ P3", "eq. (7) (A.2.3)", "AntisymmRel.trans",
              "a ~ b and b ~ c -> a ~ c"),
    LemmaText("rule-8", "P1 > P2 ∧ P2 > P3 ⇒ P1 > P3", "eq. (8) (A.2.3)", "gt_trans",
              "a > b and b > c -> a > c"),
    LemmaText("rule-9", "P1 < P2 ∧ P2 < P3 ⇒ P1 < P3", "eq. (9) (A.2.3)", "lt_trans",
              "a < b and b < c -> a < c"),
    LemmaText("rule-10", "(P1 ∼ P2 ∧ P2 > P3) ∨ (P1 > P2 ∧ P2 ∼ P3) ⇒ P1 > P3", "eq. (10) (A.2.3)", "AntisymmRel.trans_lt / lt_of_lt_of_le",
              "(a ~ b and b > c) or (a > b and b ~ c) -> a > c"),
    LemmaText("rule-11", "(P1 ∼ P2 ∧ P2 < P3) ∨ (P1 < P2 ∧ P2 ∼ P3) ⇒ P1 < P3", "eq. (11) (A.2.3)", "lt_of_le_of_lt / lt_of_lt_of_le",
              "(a ~ b and b < c) or (a < b and b ~ c) -> a < c"),
    LemmaText("rule-12", "(P1 ∼ P2 ∧ P2 ⋈ P3) ∨ (P1 ⋈ P2 ∧ P2 ∼ P3) ⇒ P1 ⋈ P3", "eq. (12) (A.2.3)", "",
              "(a ~ b and b # c) or (a # b and b ~ c) -> a # c"),
    LemmaText("rule-13", "(P1 ⋈ P2 ∧ P2 > P3) ∨ (P1 > P2 ∧ P2 ⋈ P3) ⇒ P1 > P3 ∨ P1 ⋈ P3", "eq. (13) (A.2.3)", "",
              "(a # b and b > c) or (a > b and b # c) -> a > c or a # c"),
    LemmaText("rule-14", "(P1 ⋈ P2 ∧ P2 < P3) ∨ (P1 < P2 ∧ P2 ⋈ P3) ⇒ P1 < P3 ∨ P1 ⋈ P3", "eq. (14) (A.2.3)", "",
              "(a # b and b < c) or (a < b and b # c) -> a < c or a # c"),
    LemmaText("four-cases", "exactly one of P1 < P2, P1 ∼ P2, P1 > P2, P1 ⋈ P2 holds", "§3.2 and A.2.2", "lt_or_antisymmRel_or_gt_or_incompRel",
              ("(a < b or a ~ b or a > b or a # b) and not (a < b and a ~ b) and not (a < b and a > b)"
                " and not (a < b and a # b) and not (a ~ b and a > b) and not (a ~ b and a # b) and not"
                " (a > b and a # b)")),
    LemmaText("converse-derived", "the derived relations are consistent: P1 ≲ P2 ⇔ P1 < P2 ∨ P1 ∼ P2 (eq. 5)", "eq. (5) (A.2.2)", "le_iff_lt_or_antisymmRel",
              "a <= b <-> (a < b or a ~ b)"),
)
