"""Ranking scores with a symbolic importance in Coq (``RankingScores.v``): A.5.1 (every R_I meets
Theorem 2's condition, passes tests 2 and 3 and has a mixture-closed domain, on the binary space and
on three classes) and Properties 1–7 of A.5.2, over explicit real variables (one per outcome), each
proved by ``field``, ``ring``, ``nra`` or the generic lemmas.

>>> f = ranking_scores_file("0")
>>> sorted({t.statement_id for t in f.theorems})[:3]
['A.5.1/identities[binary]', 'A.5.1/identities[multiclass:3]', 'A.5.1/theorem-2[binary]']
"""

from __future__ import annotations

from fractions import Fraction

from ordertheory.coq.vernacular import CoqFile, Theorem, assemble, ident, rational
from ordertheory.spaces.sample_space import SampleSpace, binary, multiclass

PROPERTY_SIZES = (2, 3, 4, 5)


def _sum(terms: list[str]) -> str:
    return "(" + " + ".join(terms) + ")"


def _ranking_parts(space: SampleSpace, P: str) -> tuple[str, str]:
    """N = E_P[I·S] and D = E_P[I] for the performance whose outcome variables are ``P_o``."""
    o = space.outcomes
    S = {x: rational(Fraction(str(space.S(x)))) for x in o}
    return (_sum([f"I_{x} * {S[x]} * {P}_{x}" for x in o]), _sum([f"I_{x} * {P}_{x}" for x in o]))


def a51_theorems(space: SampleSpace) -> list[Theorem]:
    """A.5.1 on one space: Theorem 2's condition, the mixture identities, tests 2, 3 and closure."""
    o, name = space.outcomes, space.name
    tag = ident(name)
    Is = " ".join(f"I_{x}" for x in o)
    nonneg_I = " -> ".join(f"0 <= I_{x}" for x in o)
    out = []
    # Theorem 2's condition on the bands {m <= S <= M} (any event lies in the band of its min and max)
    N, D = _ranking_parts(space, "P")
    levels = space.levels
    claims = []
    for i, m in enumerate(levels):
        for M in levels[i:]:
            inside = [x for x in o if m <= space.S(x) <= M]
            event = _sum([f"P_{x}" for x in inside])
            claims.append(f"({event} = 1 -> {rational(Fraction(str(m)))} * {D} <= {N} /\\ {N} <= "
                          f"{rational(Fraction(str(M)))} * {D})")
    products = "; ".join(f"pose proof (Rmult_le_pos _ _ HI_{x} HP_{x})" for x in o)
    intro_I = " ".join(f"HI_{x}" for x in o)
    intro_P = " ".join(f"HP_{x}" for x in o)
    out.append(Theorem(
        f"A_5_1_theorem_2_{tag}", f"A.5.1/theorem-2[{name}]",
        f"every R_I (I ≥ 0 symbolic) meets Theorem 2's condition on {name}: P(E) = 1 for a band "
        "E = {m ≤ S ≤ M} gives m ≤ R_I(P) ≤ M (cross-multiplied by E_P[I] > 0)",
        f"forall {Is} {' '.join(f'P_{x}' for x in o)} : R,\n  {nonneg_I} ->\n  "
        + " -> ".join(f"0 <= P_{x}" for x in o) + f" ->\n  {_sum([f'P_{x}' for x in o])} = 1 ->\n  "
        + "\n  /\\ ".join(claims),
        f"  intros {Is} {' '.join(f'P_{x}' for x in o)} {intro_I} {intro_P} Hsum.\n  {products}.\n"
        "  repeat split; intros; nra."))
    # the identities behind tests 2 and 3
    NA, DA = _ranking_parts(space, "A")
    NB, DB = _ranking_parts(space, "B")
    mix = {x: f"(l * A_{x} + (1 - l) * B_{x})" for x in o}
    S = {x: rational(Fraction(str(space.S(x)))) for x in o}
    NM = _sum([f"I_{x} * {S[x]} * {mix[x]}" for x in o])
    DM = _sum([f"I_{x} * {mix[x]}" for x in o])
    K = f"({NB} * {DA} - {NA} * {DB})"
    variables = f"{Is} {' '.join(f'A_{x}' for x in o)} {' '.join(f'B_{x}' for x in o)} l"
    out.append(Theorem(
        f"A_5_1_identities_{tag}", f"A.5.1/identities[{name}]",
        "N(M)D(A) − N(A)D(M) = (1−λ)K, N(M)D(B) − N(B)D(M) = −λK and D(M) = λD(A) + (1−λ)D(B) for "
        f"M = λA + (1−λ)B, N = E[I·S], D = E[I], K = N(B)D(A) − N(A)D(B) on {name}",
        f"forall {variables} : R,\n  {NM} * {DA} - {NA} * {DM} = (1 - l) * {K}\n  /\\ {NM} * {DB} - {NB} * {DM} = "
        f"- l * {K}\n  /\\ {DM} = l * {DA} + (1 - l) * {DB}",
        "  intros. repeat split; ring."))
    out.append(Theorem(
        f"A_5_1_theorem_3_{tag}", f"A.5.1/theorem-3[{name}]",
        f"every R_I has a mixture-closed domain and passes tests 2 and 3 on {name}: E_A[I], E_B[I] > 0 "
        "give E_M[I] > 0 and R_I(M) between R_I(A) and R_I(B)",
        f"forall {variables} : R,\n  0 < {DA} -> 0 < {DB} -> 0 <= l <= 1 ->\n  0 < {DM} /\\ "
        f"Rmin ({NA} / {DA}) ({NB} / {DB}) <= {NM} / {DM} <= Rmax ({NA} / {DA}) ({NB} / {DB})",
        f"  intros {variables} HA HB Hl.\n"
        f"  replace {NM} with (l * {NA} + (1 - l) * {NB}) by ring.\n"
        f"  replace {DM} with (l * {DA} + (1 - l) * {DB}) by ring.\n"
        "  split; [apply mixture_pos; assumption |\n"
        "         split; [apply ratio_mixture_ge_min | apply ratio_mixture_le_max]; assumption]."))
    return out


def _vec(name: str, n: int) -> list[str]:
    return [f"{name}{i}" for i in range(1, n + 1)]


def property_theorems(n: int) -> list[Theorem]:
    """Properties 1, 2, 3 and 7 of A.5.2 on |Ω| = n, importance, satisfaction and performance symbolic."""
    I, S, P = _vec("I", n), _vec("S", n), _vec("P", n)
    N = _sum([f"{i} * {s} * {p}" for i, s, p in zip(I, S, P)])
    D = _sum([f"{i} * {p}" for i, p in zip(I, P)])
    names = " ".join(I + S + P)
    filtered = " + ".join(f"{s} * ({i} * {p} / {D})" for i, s, p in zip(I, S, P))
    affine = _sum([f"{i} * (a * {s} + b) * {p}" for i, s, p in zip(I, S, P)])
    scaled_N = _sum([f"(k * {i}) * {s} * {p}" for i, s, p in zip(I, S, P)])
    scaled_D = _sum([f"(k * {i}) * {p}" for i, p in zip(I, P)])
    shifted = _sum([f"{i} * ({s} - v) * {p}" for i, s, p in zip(I, S, P)])
    where = f"on |Ω| = {n}"
    return [
        Theorem(f"property_1_n{n}", f"property-1[n={n}]", f"R_I = X^E_S ∘ filter_I {where}: the expected "
                "satisfaction after filtering P by I",
                f"forall {names} : R, {D} <> 0 ->\n  {N} / {D} = {filtered}", "  intros. field; nonzero."),
        Theorem(f"property_2_n{n}", f"property-2[n={n}]", f"R_I with S' = αS + β equals αR_I + β {where}",
                f"forall {names} a b : R, {D} <> 0 ->\n  {affine} / {D} = a * ({N} / {D}) + b",
                "  intros. field; nonzero."),
        Theorem(f"property_3_n{n}", f"property-3[n={n}]", f"R_kI = R_I for k ≠ 0 {where}",
                f"forall {names} k : R, k <> 0 -> {D} <> 0 ->\n  {scaled_N} / {scaled_D} = {N} / {D}",
                "  intros. field; nonzero."),
        Theorem(f"property_7_n{n}", f"property-7[n={n}]", f"R_I(P) ≤ v ⇔ Σ I(ω)(S(ω) − v)P(ω) ≤ 0, linear in P "
                f"(so every contour set is convex) {where}",
                f"forall {names} v : R, 0 < {D} ->\n  ({N} / {D} <= v <-> {shifted} <= 0)",
                f"  intros {names} v HD.\n  assert (E : {shifted} = ({N} / {D} - v) * {D}) by (field; lra).\n"
                f"  rewrite E. generalize ({N} / {D}). intro r. split; intro H; nra."),
    ]


BINARY_S_PROPERTIES = (
    Theorem("property_4", "property-4", "binary S: scaling the importance by α0 on S = 0 and α1 on S = 1 gives "
            "R_{I'} = α1 R_I / (α0 (1 − R_I) + α1 R_I), with a = E_P[I·1(S = 1)], b = E_P[I·1(S = 0)]",
            "forall a b a0 a1 : R, a + b <> 0 -> a0 * b + a1 * a <> 0 ->\n"
            "  a1 * a / (a0 * b + a1 * a) = a1 * (a / (a + b)) / (a0 * (1 - a / (a + b)) + a1 * (a / (a + b)))",
            "  intros a b a0 a1 H1 H2.\n"
            "  assert (E : a0 * (1 - a / (a + b)) + a1 * (a / (a + b)) = (a0 * b + a1 * a) / (a + b)) by (field; "
            "nonzero).\n  rewrite E. field. split; nonzero."),
    Theorem("property_4_derivative", "property-4/derivative", "∂R_{I'}/∂R_I = α0 α1 / (α0 (1 − R_I) + α1 R_I)² > 0 "
            "(α0, α1 > 0): R_{I'} is an increasing function of R_I, so both order alike",
            "forall a0 a1 r : R, 0 < a0 -> 0 < a1 -> a0 * (1 - r) + a1 * r <> 0 ->\n"
            "  derivable_pt_lim (fun x => a1 * x / (a0 * (1 - x) + a1 * x)) r (a0 * a1 / (a0 * (1 - r) + a1 * r) ^ 2)\n"
            "  /\\ 0 < a0 * a1 / (a0 * (1 - r) + a1 * r) ^ 2",
            """  intros a0 a1 r H0 H1 Hd. split.
  - assert (F := derivable_pt_lim_scal id a1 r 1 (derivable_pt_lim_id r)).
    assert (G1 := derivable_pt_lim_minus (fct_cte 1) id r 0 1 (derivable_pt_lim_const 1 r) (derivable_pt_lim_id r)).
    assert (G2 := derivable_pt_lim_scal _ a0 r _ G1).
    assert (G3 := derivable_pt_lim_plus _ _ r _ _ G2 F).
    assert (Q := derivable_pt_lim_div _ _ r _ _ F G3 Hd).
    replace (a0 * a1 / (a0 * (1 - r) + a1 * r) ^ 2) with
      ((a1 * 1 * (a0 * (1 - r) + a1 * r) - (a0 * (0 - 1) + a1 * 1) * (a1 * r)) / Rsqr (a0 * (1 - r) + a1 * r))
      by (unfold Rsqr; field; exact Hd).
    exact Q.
  - apply Rdiv_lt_0_compat; [nra | rewrite <- Rsqr_pow2; apply Rsqr_pos_lt; exact Hd]."""),
    Theorem("property_5", "property-5", "I = λ1 I1 + λ2 I2 (λ1 + λ2 = 1) with I1 = I2 on S = 1: "
            "λ1 f(R_I1) + λ2 f(R_I2) = f(R_I), f(x) = 1/x (the harmonic mean)",
            "forall a b1 b2 l1 l2 : R, l1 + l2 = 1 -> a <> 0 -> a + b1 <> 0 -> a + b2 <> 0 ->\n"
            "  a + (l1 * b1 + l2 * b2) <> 0 ->\n"
            "  l1 * / (a / (a + b1)) + l2 * / (a / (a + b2)) = / (a / (a + (l1 * b1 + l2 * b2)))",
            "  intros a b1 b2 l1 l2 Hl H0 H1 H2 H3.\n  replace l2 with (1 - l1) in * by lra.\n  field; nonzero."),
    Theorem("property_6", "property-6", "I = λ1 I1 + λ2 I2 (λ1 + λ2 = 1) with I1 = I2 on S = 0: "
            "λ1 f(R_I1) + λ2 f(R_I2) = f(R_I), f(x) = 1/(1 − x)",
            "forall a1 a2 b l1 l2 : R, l1 + l2 = 1 -> b <> 0 -> a1 + b <> 0 -> a2 + b <> 0 ->\n"
            "  (l1 * a1 + l2 * a2) + b <> 0 ->\n"
            "  l1 * / (1 - a1 / (a1 + b)) + l2 * / (1 - a2 / (a2 + b)) = / (1 - (l1 * a1 + l2 * a2) / ((l1 * a1 + "
            "l2 * a2) + b))",
            "  intros a1 a2 b l1 l2 Hl H0 H1 H2 H3.\n  replace l2 with (1 - l1) in * by lra.\n"
            "  assert (E : forall a, a + b <> 0 -> 1 - a / (a + b) = b / (a + b)) by (intros; field; nonzero).\n"
            "  rewrite (E a1 H1), (E a2 H2), (E (l1 * a1 + (1 - l1) * a2) H3).\n  field; nonzero."),
)


def ranking_scores_file(version: str) -> CoqFile:
    theorems = [*a51_theorems(binary()), *a51_theorems(multiclass(3))]
    for n in PROPERTY_SIZES:
        theorems += property_theorems(n)
    theorems += BINARY_S_PROPERTIES
    return assemble("RankingScores.v", version, "Ranking scores R_I = E_P[I·S] / E_P[I] with a symbolic importance: "
                    "A.5.1 (the theorems' conditions) and Properties 1–7 of A.5.2.", ("Lemmas.v",), "", theorems,
                    reals=True)
