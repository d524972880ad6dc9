"""The generic lemmas over Coq's reals, written once (``Lemmas.v``) and instantiated by every score
theorem: the mediant lemma and the ratio of linear forms under mixtures (tests 2 and 3), a bound
between two ratios (test 1), the ranking score R_I = E_P[I·S] / E_P[I], and the tactics the
generated proofs share. Each lemma is proved by its own generated script (``field``, ``lra``,
``nra``); nothing here is an axiom.

>>> f = lemmas_file("0")
>>> [t.name for t in f.theorems][:3]
['ratio_le', 'mediant', 'mixture_pos']
"""

from __future__ import annotations

from ordertheory.coq.vernacular import CoqFile, Theorem, assemble

PRELUDE = """\
Require Import Reals Lra Psatz.
Open Scope R_scope.

(* The tactics of the generated proofs. *)
Ltac split_hyps := repeat match goal with H : _ /\\ _ |- _ => destruct H end.
(* a side condition e <> 0 of field: from the hypotheses (the score's domain as written), by linear
   or non-linear arithmetic; a domain condition c <> 0 with c = 0 implied by e = 0 is used too *)
Ltac nonzero :=
  match goal with
  | |- _ * _ <> 0 => first [ assumption | apply Rmult_integral_contrapositive_currified; nonzero ]
  | |- _ <> 0 => first [ assumption | lra | nra
                       | let Hz := fresh "Hz" in intro Hz;
                         match goal with H : ?c <> 0 |- _ => apply H; nra end ]
  | |- _ /\\ _ => split; nonzero
  | |- _ => idtac
  end.
"""

# (name, statement id of the package it re-checks or "", words, statement, proof)
LEMMAS: tuple[tuple[str, str, str, str, str], ...] = (
    ("ratio_le", "ratio-threshold",
     "with positive denominators, x/a ≤ y/b follows from x·b ≤ y·a (comparisons of ratios become linear)",
     "forall x a y b : R, 0 < a -> 0 < b -> x * b <= y * a -> x / a <= y / b",
     """  intros x a y b Ha Hb H. unfold Rdiv.
  apply Rmult_le_reg_r with (a * b); [nra|].
  replace (x * / a * (a * b)) with (x * b) by (field; lra).
  replace (y * / b * (a * b)) with (y * a) by (field; lra). exact H."""),
    ("mediant", "",
     "the mediant lemma: n1·d2 ≤ n2·d1, d1, d2 > 0 and 0 ≤ λ ≤ 1 give n1·(λd1 + (1−λ)d2) ≤ (λn1 + (1−λ)n2)·d1",
     "forall n1 d1 n2 d2 l : R, 0 < d1 -> 0 < d2 -> 0 <= l <= 1 -> n1 * d2 <= n2 * d1 ->\n"
     "  n1 * (l * d1 + (1 - l) * d2) <= (l * n1 + (1 - l) * n2) * d1",
     "  intros. nra."),
    ("mixture_pos", "",
     "a mixture of two positive numbers is positive: the denominator E_M[I] of a ranking score at a mixture",
     "forall x y l : R, 0 < x -> 0 < y -> 0 <= l <= 1 -> 0 < l * x + (1 - l) * y",
     "  intros. nra."),
    ("ratio_mixture_le_max", "ratio-quasi-linear",
     "X = N/D with N, D affine and D > 0 at P1 and P2: X at the mixture is at most the larger end (test 2)",
     "forall n1 d1 n2 d2 l : R, 0 < d1 -> 0 < d2 -> 0 <= l <= 1 ->\n"
     "  (l * n1 + (1 - l) * n2) / (l * d1 + (1 - l) * d2) <= Rmax (n1 / d1) (n2 / d2)",
     """  intros n1 d1 n2 d2 l H1 H2 Hl.
  assert (Hd : 0 < l * d1 + (1 - l) * d2) by nra.
  destruct (Rle_or_lt (n1 * d2) (n2 * d1)) as [H|H].
  - apply Rle_trans with (n2 / d2); [apply ratio_le; nra | apply Rmax_r].
  - apply Rle_trans with (n1 / d1); [apply ratio_le; nra | apply Rmax_l]."""),
    ("ratio_mixture_ge_min", "ratio-quasi-linear",
     "X = N/D with N, D affine and D > 0 at P1 and P2: X at the mixture is at least the smaller end (test 3)",
     "forall n1 d1 n2 d2 l : R, 0 < d1 -> 0 < d2 -> 0 <= l <= 1 ->\n"
     "  Rmin (n1 / d1) (n2 / d2) <= (l * n1 + (1 - l) * n2) / (l * d1 + (1 - l) * d2)",
     """  intros n1 d1 n2 d2 l H1 H2 Hl.
  assert (Hd : 0 < l * d1 + (1 - l) * d2) by nra.
  destruct (Rle_or_lt (n1 * d2) (n2 * d1)) as [H|H].
  - apply Rle_trans with (n1 / d1); [apply Rmin_l | apply ratio_le; nra].
  - apply Rle_trans with (n2 / d2); [apply Rmin_r | apply ratio_le; nra]."""),
    ("ratio_mixture_negative", "ratio-quasi-linear-negative",
     "the same with D < 0 at P1 and P2: N/D = (−N)/(−D) with −D > 0",
     "forall n1 d1 n2 d2 l : R, d1 < 0 -> d2 < 0 -> 0 <= l <= 1 ->\n"
     "  Rmin (n1 / d1) (n2 / d2) <= (l * n1 + (1 - l) * n2) / (l * d1 + (1 - l) * d2) <=\n"
     "  Rmax (n1 / d1) (n2 / d2)",
     """  intros n1 d1 n2 d2 l H1 H2 Hl.
  assert (E : forall n d, d <> 0 -> n / d = (- n) / (- d)) by (intros; field; auto).
  rewrite (E n1 d1), (E n2 d2), (E (l * n1 + (1 - l) * n2)) by nra.
  replace (- (l * d1 + (1 - l) * d2)) with (l * (- d1) + (1 - l) * (- d2)) by ring.
  replace (- (l * n1 + (1 - l) * n2)) with (l * (- n1) + (1 - l) * (- n2)) by ring.
  split; [apply ratio_mixture_ge_min | apply ratio_mixture_le_max]; lra."""),
    ("ratio_bound", "",
     "test 1 through a threshold: n1 ≤ t·d1 and t·d2 ≤ n2 with d1, d2 > 0 give n1/d1 ≤ n2/d2",
     "forall n1 d1 n2 d2 t : R, 0 < d1 -> 0 < d2 -> n1 <= t * d1 -> t * d2 <= n2 -> n1 / d1 <= n2 / d2",
     """  intros n1 d1 n2 d2 t H1 H2 Ha Hb. apply ratio_le; [exact H1 | exact H2 |].
  assert (n1 * d2 <= t * d1 * d2) by nra. assert (t * d2 * d1 <= n2 * d1) by nra. nra."""),
    ("affine_mixture", "affine-mixture",
     "an affine form commutes with mixtures: c + a·(λx + (1−λ)y) = λ(c + a·x) + (1−λ)(c + a·y)",
     "forall c a x y l : R, c + a * (l * x + (1 - l) * y) = l * (c + a * x) + (1 - l) * (c + a * y)",
     "  intros. ring."),
    ("increasing_transform", "increasing-transform",
     "g increasing: x_m between x1 and x2 gives g(x_m) between g(x1) and g(x2)",
     "forall (g : R -> R) (x1 x2 xm : R), (forall u v, u <= v -> g u <= g v) ->\n"
     "  Rmin x1 x2 <= xm <= Rmax x1 x2 -> Rmin (g x1) (g x2) <= g xm <= Rmax (g x1) (g x2)",
     """  intros g x1 x2 xm Hg [Hlo Hhi].
  unfold Rmin, Rmax in *; destruct (Rle_dec x1 x2), (Rle_dec (g x1) (g x2)); split;
    first [apply Hg; lra | apply Rle_trans with (g x1); apply Hg; lra
           | apply Rle_trans with (g x2); apply Hg; lra | idtac].
  all: first [apply Rle_trans with (g x2); [|apply Hg]; lra | apply Rle_trans with (g x1); [apply Hg|]; lra
              | apply Rle_trans with (g x2); [apply Hg|]; lra | apply Rle_trans with (g x1); [|apply Hg]; lra]."""),
    ("decreasing_transform", "decreasing-transform",
     "g decreasing: x_m between x1 and x2 gives g(x_m) between g(x1) and g(x2)",
     "forall (g : R -> R) (x1 x2 xm : R), (forall u v, u <= v -> g v <= g u) ->\n"
     "  Rmin x1 x2 <= xm <= Rmax x1 x2 -> Rmin (g x1) (g x2) <= g xm <= Rmax (g x1) (g x2)",
     """  intros g x1 x2 xm Hg H.
  assert (Hh : forall u v, u <= v -> (fun x => - g x) u <= (fun x => - g x) v) by (intros u v Huv; simpl;
    apply Ropp_le_contravar; apply Hg; exact Huv).
  pose proof (increasing_transform (fun x => - g x) x1 x2 xm Hh H) as K. simpl in K.
  unfold Rmin, Rmax in *; destruct (Rle_dec (- g x1) (- g x2)), (Rle_dec (g x1) (g x2)); lra."""),
    ("affine_sign_convex", "affine-sign-convex",
     "c affine and ≥ 0: c ≠ 0 at P1 and P2 gives c ≠ 0 at their mixtures (the domain is closed under mixtures)",
     "forall c1 c2 l : R, 0 <= c1 -> 0 <= c2 -> c1 <> 0 -> c2 <> 0 -> 0 <= l <= 1 -> l * c1 + (1 - l) * c2 <> 0",
     """  intros c1 c2 l H1 H2 N1 N2 Hl.
  assert (0 < c1) by (destruct H1; [assumption | congruence]).
  assert (0 < c2) by (destruct H2; [assumption | congruence]). nra."""),
)


def lemma_theorems() -> list[Theorem]:
    return [Theorem(name, sid, words, statement, proof, kind="Lemma")
            for name, sid, words, statement, proof in LEMMAS]


def lemmas_file(version: str) -> CoqFile:
    """``Lemmas.v``: the generic lemmas over the reals and the shared tactics."""
    return assemble("Lemmas.v", version, "Generic lemmas over Coq's reals, instantiated by every score theorem: "
                    "ratios of affine forms under mixtures (the mediant lemma), thresholds, monotone transforms.",
                    (), PRELUDE, lemma_theorems())
