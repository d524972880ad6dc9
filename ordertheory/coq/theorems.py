"""Theorems 1–3 (and the converse of 3), Corollaries 1–4 and the consistency of the axioms (§4) in Coq (``Theorems.v``), for any
type of performances: ≲ (or the score X and its domain) is a variable, and the satisfaction's
events enter as predicates (P(S ≤ s) = 1, P(S ≥ s) = 1), so one theorem re-checks the package's
statement on every Ω it states it for (binary and three classes in the paper job).

>>> f = theorems_file("0")
>>> [t.name for t in f.theorems][:2]
['theorem_1_reflexive', 'theorem_1_transitive']
"""

from __future__ import annotations

import dataclasses

from ordertheory.coq.vernacular import CoqFile, Theorem, assemble

SPACES = ("binary", "multiclass:3")
INDUCED = """\
(* Theorem 1's ordering induced by a score X defined on dom: P ≲_X Q iff P = Q, or both are in dom
   and X(P) <= X(Q). *)
Definition induced {performance : Type} (X : performance -> R) (dom : performance -> Prop)
  (P Q : performance) : Prop := P = Q \\/ (dom P /\\ dom Q /\\ X P <= X Q).
Ltac cases_of_induced :=
  repeat match goal with
  | H : _ /\\ _ |- _ => destruct H
  | H : _ \\/ _ |- _ => destruct H
  end.
"""

AXIOM3 = """\
    (induced X dom A P /\\ induced X dom B P -> induced X dom {M} P) /\\
    (~ induced X dom A P /\\ ~ induced X dom B P -> ~ induced X dom {M} P) /\\
    (induced X dom P A /\\ induced X dom P B -> induced X dom P {M}) /\\
    (~ induced X dom P A /\\ ~ induced X dom P B -> ~ induced X dom P {M})"""
COMPARABLE = "(induced X dom A P \\/ induced X dom P A) /\\ (induced X dom B P \\/ induced X dom P B)"


def _ids(stem: str) -> tuple[str, ...]:
    return tuple(f"{stem}[{s}]" for s in SPACES)


def _pairs() -> list[tuple[Theorem, tuple[str, ...]]]:
    """(theorem, the package's statement ids it re-checks)."""
    T = "(performance : Type)"
    return [
        (Theorem("theorem_1_reflexive", "", "Theorem 1: ≲_X induced by any score X is reflexive",
                 f"forall {T} (X : performance -> R) (dom : performance -> Prop) (P : performance),\n"
                 "  induced X dom P P", "  intros. left. reflexivity."), _ids("theorem-1/reflexive")),
        (Theorem("theorem_1_transitive", "", "Theorem 1: ≲_X induced by any score X is transitive",
                 f"forall {T} (X : performance -> R) (dom : performance -> Prop) (A B C : performance),\n"
                 "  induced X dom A B -> induced X dom B C -> induced X dom A C",
                 "  intros performance X dom A B C [HAB|(HA & HB & HAB)] [HBC|(HB' & HC & HBC)]; subst.\n"
                 "  - left. reflexivity.\n  - right. auto.\n  - right. auto.\n"
                 "  - right. repeat split; auto. lra."), _ids("theorem-1/transitive")),
        (Theorem("theorem_2", "", "Theorem 2: its condition (X ≤ s where P(S ≤ s) = 1, X ≥ s where P(S ≥ s) = 1, "
                 "on dom(X)) implies Axiom 2 for ≲_X: P1(S ≤ s) = 1 and P2(S ≥ s) = 1 give not P1 > P2",
                 f"forall {T} (X : performance -> R) (dom : performance -> Prop)\n"
                 "  (at_most at_least : performance -> Prop) (s : R),\n"
                 "  (forall P, dom P -> at_most P -> X P <= s) -> (forall P, dom P -> at_least P -> s <= X P) ->\n"
                 "  forall P1 P2, at_most P1 -> at_least P2 -> ~ better (induced X dom) P1 P2",
                 "  intros performance X dom at_most at_least s Hlo Hhi P1 P2 H1 H2 [Hn [E|(D2 & D1 & Hle)]].\n"
                 "  - apply Hn. left. symmetry. exact E.\n"
                 "  - apply Hn. right. repeat split; auto.\n"
                 "    apply Rle_trans with s; [apply Hlo | apply Hhi]; auto."), _ids("theorem-2")),
        (Theorem("theorem_3", "", "Theorem 3: tests 2, 3 and the domain's closure under mixtures imply Axiom 3 "
                 "(Φ = conv) for ≲_X on pairs: Π = {A, B} comparable with P, and its mixture M = λA + (1−λ)B",
                 f"forall {T} (X : performance -> R) (dom : performance -> Prop)\n"
                 "  (mix : R -> performance -> performance -> performance),\n"
                 "  (forall l P, mix l P P = P) ->\n"
                 "  (forall l A B, 0 <= l <= 1 -> dom A -> dom B -> dom (mix l A B)) ->\n"
                 "  (forall l A B, 0 <= l <= 1 -> dom A -> dom B ->\n"
                 "     Rmin (X A) (X B) <= X (mix l A B) <= Rmax (X A) (X B)) ->\n"
                 f"  forall l A B P, 0 <= l <= 1 ->\n  {COMPARABLE} ->\n" + AXIOM3.format(M="(mix l A B)"),
                 """  intros performance X dom mix same closed tests l A B P Hl C.
  pose proof (tests l A B Hl) as T. pose proof (closed l A B Hl) as K.
  unfold induced in *. unfold Rmin, Rmax in T.
  destruct (Rle_dec (X A) (X B)) as [o|o];
  repeat split; intros H; cases_of_induced; subst;
  try rewrite same in *;
  first [ left; reflexivity
        | right; repeat split; try assumption; try (apply K; assumption);
          (specialize (T ltac:(assumption) ltac:(assumption)); lra)
        | intros [E|(DM & DP & HM)]; [ (subst; try rewrite same in *; try contradiction;
              (specialize (T ltac:(assumption) ltac:(assumption)); lra) || tauto || idtac)
            | (specialize (T ltac:(assumption) ltac:(assumption)); lra) ]
        | tauto | idtac ].
  all: intro G; destruct G as [E|(DM & DP & HM)]; [subst P | ];
       specialize (T ltac:(assumption) ltac:(assumption)); specialize (K ltac:(assumption) ltac:(assumption));
       first [ apply H; right; repeat split; auto; lra | apply H0; right; repeat split; auto; lra ]."""),
         _ids("theorem-3")),
        (Theorem("theorem_3_converse", "", "the converse the score checker relies on: Axiom 3 (Φ = conv) for ≲_X "
                 "on the pair {A, B} (at P = A and P = B) implies tests 2, 3 and the domain's closure",
                 f"forall {T} (X : performance -> R) (dom : performance -> Prop) (A B M : performance),\n"
                 f"  (forall P, P = A \\/ P = B ->\n  {COMPARABLE} ->\n" + AXIOM3.format(M="M") + ") ->\n"
                 "  dom A -> dom B -> dom M /\\ Rmin (X A) (X B) <= X M <= Rmax (X A) (X B)",
                 """  intros performance X dom A B M ax3 DA DB.
  assert (LAA : induced X dom A A) by (left; reflexivity).
  assert (LBB : induced X dom B B) by (left; reflexivity).
  unfold Rmin, Rmax. destruct (Rle_dec (X A) (X B)) as [o|o].
  - assert (LAB : induced X dom A B) by (right; repeat split; auto).
    destruct (ax3 B (or_intror eq_refl) (conj (or_introl LAB) (or_introl LBB))) as [b1 _].
    destruct (ax3 A (or_introl eq_refl) (conj (or_introl LAA) (or_intror LAB))) as [_ [_ [a3 _]]].
    specialize (b1 (conj LAB LBB)). specialize (a3 (conj LAA LAB)).
    unfold induced in *. destruct b1 as [E1|(D1 & _ & H1)]; destruct a3 as [E3|(_ & D3 & H3)];
      subst; repeat split; auto; lra.
  - assert (LBA : induced X dom B A) by (right; repeat split; auto; lra).
    destruct (ax3 A (or_introl eq_refl) (conj (or_introl LAA) (or_introl LBA))) as [a1 _].
    destruct (ax3 B (or_intror eq_refl) (conj (or_intror LBA) (or_introl LBB))) as [_ [_ [b3 _]]].
    specialize (a1 (conj LAA LBA)). specialize (b3 (conj LBA LBB)).
    unfold induced in *. destruct a1 as [E1|(D1 & _ & H1)]; destruct b3 as [E3|(_ & D3 & H3)];
      subst; repeat split; auto; lra."""), _ids("theorem-3/converse")),
        (Theorem("corollary_1", "", "Corollary 1: performances with P(S = s) = 1 (both) are equivalent or "
                 "incomparable, for any ≲ satisfying Axiom 2 at s",
                 f"forall {T} (le : performance -> performance -> Prop),\n"
                 "  (forall P1 P2, le P1 P2 \\/ ~ le P1 P2) ->\n"
                 "  forall at_most at_least : performance -> Prop,\n"
                 "  (forall P1 P2, at_most P1 -> at_least P2 -> ~ better le P1 P2) ->\n"
                 "  forall A B, at_most A -> at_least A -> at_most B -> at_least B ->\n"
                 "  equivalent le A B \\/ incomparable le A B",
                 "  intros performance le dec at_most at_least ax2 A B HA1 HA2 HB1 HB2.\n"
                 "  generalize (ax2 A B HA1 HB2) (ax2 B A HB1 HA2).\n"
                 "  unfold better, equivalent, incomparable. destruct (dec A B), (dec B A); tauto."),
         _ids("corollary-1")),
        (Theorem("corollary_2", "", "Corollary 2: P(S = s_min) = 1 implies no P′ < P (Axiom 2 at s_min: every "
                 "performance has P′(S ≥ s_min) = 1)",
                 f"forall {T} (le : performance -> performance -> Prop) (at_min : performance -> Prop),\n"
                 "  (forall P1 P2, at_min P1 -> ~ better le P1 P2) ->\n"
                 "  forall P Q, at_min P -> ~ worse le Q P",
                 "  intros performance le at_min ax2 P Q H. generalize (ax2 P Q H). unfold better, worse. tauto."),
         _ids("corollary-2")),
        (Theorem("corollary_3", "", "Corollary 3: P(S = s_max) = 1 implies no P′ > P (Axiom 2 at s_max: every "
                 "performance has P′(S ≤ s_max) = 1)",
                 f"forall {T} (le : performance -> performance -> Prop) (at_max : performance -> Prop),\n"
                 "  (forall P1 P2, at_max P2 -> ~ better le P1 P2) ->\n"
                 "  forall P Q, at_max P -> ~ better le Q P",
                 "  intros performance le at_max ax2 P Q H. exact (ax2 Q P H)."), _ids("corollary-3")),
        (Theorem("corollary_4", "", "Corollary 4: for a pair comparable with P, Axiom 3 (Φ = conv) gives: both "
                 "∼ (resp. >, <) P implies their mixture ∼ (>, <) P",
                 f"forall {T} (le : performance -> performance -> Prop) (A B M P : performance),\n"
                 "  ((le A P \\/ le P A) /\\ (le B P \\/ le P B) ->\n"
                 "    (le A P /\\ le B P -> le M P) /\\ (~ le A P /\\ ~ le B P -> ~ le M P) /\\\n"
                 "    (le P A /\\ le P B -> le P M) /\\ (~ le P A /\\ ~ le P B -> ~ le P M)) ->\n"
                 "  (le A P \\/ le P A) /\\ (le B P \\/ le P B) ->\n"
                 "  (equivalent le A P /\\ equivalent le B P -> equivalent le M P) /\\\n"
                 "  (better le A P /\\ better le B P -> better le M P) /\\\n"
                 "  (worse le A P /\\ worse le B P -> worse le M P)",
                 "  intros performance le A B M P ax3 C. specialize (ax3 C).\n"
                 "  unfold equivalent, better, worse. tauto."), _ids("corollary-4")),
        (Theorem("axioms_consistent", "axioms-consistent", "§4.1.4: the trivial preorder (all performances "
                 "equivalent) satisfies Axioms 1–3",
                 f"forall {T} (at_most at_least : performance -> Prop),\n"
                 "  let le := fun _ _ : performance => True in\n"
                 "  is_preorder le /\\ (forall P1 P2, at_most P1 -> at_least P2 -> ~ better le P1 P2) /\\\n"
                 "  (forall A B M P : performance, (le A P \\/ le P A) /\\ (le B P \\/ le P B) ->\n"
                 "    (le A P /\\ le B P -> le M P) /\\ (~ le A P /\\ ~ le B P -> ~ le M P) /\\\n"
                 "    (le P A /\\ le P B -> le P M) /\\ (~ le P A /\\ ~ le P B -> ~ le P M))",
                 "  intros performance at_most at_least le. unfold le, is_preorder, better. repeat split; tauto."),
         ()),
    ]


def theorem_list() -> list[Theorem]:
    """The theorems, each naming the statements of the package it re-checks (one per Ω)."""
    return [dataclasses.replace(t, also=ids) for t, ids in _pairs()]


def theorems_file(version: str) -> CoqFile:
    theorems = theorem_list()
    return assemble("Theorems.v", version, "Theorems 1–3 and the converse of Theorem 3, Corollaries 1–4 and the consistency of the axioms "
                    "(§4), for any type of performances.", ("Preorders.v",), INDUCED, theorems,
                    notes=("A statement the package decides on one Ω at a time (binary, three classes) is "
                           "re-checked here once for every Ω.",), reals=True)

