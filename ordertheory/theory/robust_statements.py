"""Separated for every importance: when one entity is better than another for *every* ranking score,
decided by the package (sympy identities, z3 proofs, a refutation with an exact witness) — section R of
the supplementary material, the statement behind ``rank --over-tile --uncertainty``'s robust order.

With one prior π (π₋ = 1 − π) write a performance by its rates t = TPR and s = TNR: tp = π·t, fn = π(1 − t),
tn = π₋·s, fp = π₋(1 − s). At (a, b) of the Tile N = (1 − a)·tn + a·tp, U = (1 − b)·fp + b·fn, R = N/(N + U),
and h_AB = N_A·U_B − N_B·U_A has the sign of R(A) − R(B) wherever both are defined. The statements:

- **R1** (monotone): ∂R/∂t = π(a·U + b·N)/(N + U)² ≥ 0 and ∂R/∂s = π₋((1 − a)·U + (1 − b)·N)/(N + U)² ≥ 0; in
  differences h_AB = π₋(s_A − s_B)·[(1 − b)N_A + (1 − a)U_A] + π(t_A − t_B)·[b·N_A + a·U_A], brackets ≥ 0 summing
  to N_A + U_A; and every importance I compares as its Tile point: h_I = (I(tn) + I(tp))(I(fp) + I(fn))·h_(a,b);
- **R2** (dominance): t_A ≥ t_B and s_A ≥ s_B ⇒ h_AB ≥ 0 at every (a, b); both strict ⇒ A is defined and
  h_AB > 0 at every (a, b);
- **R3** (the corners): R_(1,1) = t whatever s, R_(0,0) = s whatever t;
- **R** (the theorem, from R1–R3): A is at least as good as B for every ranking score iff TPR_A ≥ TPR_B and
  TNR_A ≥ TNR_B; strictly better for every one iff both strictly; where the rates cross each wins at a corner;
- **R4** (any priors): h_AB is bilinear in (a, b) — the mixture of its values at the four corners, which have the
  signs of TNR (0, 0), PPV (1, 0), NPV (0, 1) and TPR (1, 1): those four decide, whatever the priors;
- **R5** (no common prior): the rates alone do not decide — refuted with an exact witness;
- **RK** (k classes, families): on any Ω whose outcomes satisfy (S = 1) or not (S = 0), h_AB(I) is
  Σ_s Σ_e I(s)·I(e)·(P_A(s)·P_B(e) − P_B(s)·P_A(e)): one success and one error per "corner" decide; every family of
  :mod:`~ordertheory.ranking.tile_k.families` is such an Ω (class weights: the per-class recalls);
- **RS** (scored classifiers, each at its best threshold): A's best is at least B's best for every R_(a,b) iff every
  ROC point of B lies on or under A's ROC hull (from H1, H2 and a weak form of H3).

>>> [r.verdict.label for r in robust_statements()]
['proved', 'proved', 'proved', 'proved', 'proved', 'refuted', 'proved', 'proved']
"""

from __future__ import annotations

import itertools
import time
from fractions import Fraction

import sympy

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Result, Verdict
from ordertheory.exact import is_zero
from ordertheory.theory.hull_statements import affine, conclude, diagonal

REFERENCE = "the Tile at one prior (issue 53): separated for every importance"
a, b = sympy.symbols("a b", nonnegative=True)
p = sympy.Symbol("pi_pos", positive=True)
CORNER_SCORES = {(0, 0): "TNR", (1, 0): "PPV", (0, 1): "NPV", (1, 1): "TPR"}


def _rates(t, s, x=a, y=b):
    """N and U of the performance of rates (TPR t, TNR s) at the prior p, at (x, y)."""
    tp, fn, tn, fp = p * t, p * (1 - t), (1 - p) * s, (1 - p) * (1 - s)
    return (1 - x) * tn + x * tp, (1 - y) * fp + y * fn


def _counts(tn, fp, fn, tp, x=a, y=b):
    return (1 - x) * tn + x * tp, (1 - y) * fp + y * fn


def _unit(env: Env, *names: str) -> tuple[list, list]:
    xs = [env.Real(n) for n in names]
    return xs, [c for x in xs for c in (0 <= x, x <= 1)]


def monotone() -> Result:
    """R1, by sympy (derivatives, the difference identity, every importance) and z3 (the brackets' signs)."""
    t0 = time.perf_counter()
    t, s, tA, sA, tB, sB = sympy.symbols("t s t_A s_A t_B s_B")
    N, U = _rates(t, s)
    R = N / (N + U)
    NA, UA = _rates(tA, sA)
    NB, UB = _rates(tB, sB)
    h = NA * UB - NB * UA
    b1, b2 = (1 - b) * NA + (1 - a) * UA, b * NA + a * UA
    itn, ifp, ifn, itp = sympy.symbols("I_tn I_fp I_fn I_tp", positive=True)
    cnt = sympy.symbols("tn_A fp_A fn_A tp_A tn_B fp_B fn_B tp_B", nonnegative=True)
    hI = ((itn * cnt[0] + itp * cnt[3]) * (ifp * cnt[5] + ifn * cnt[6])
          - (itn * cnt[4] + itp * cnt[7]) * (ifp * cnt[1] + ifn * cnt[2]))
    (nA, uA), (nB, uB) = _counts(*cnt[:4]), _counts(*cnt[4:])
    at_tile = {a: itp / (itn + itp), b: ifn / (ifp + ifn)}
    ids = {"∂R/∂TPR = π(a·U + b·N)/(N + U)²": is_zero(sympy.diff(R, t) - p * (a * U + b * N) / (N + U) ** 2),
           "∂R/∂TNR = π₋((1 − a)·U + (1 − b)·N)/(N + U)²":
               is_zero(sympy.diff(R, s) - (1 - p) * ((1 - a) * U + (1 - b) * N) / (N + U) ** 2),
           "R(A) − R(B) = h_AB / ((N_A + U_A)(N_B + U_B))": is_zero(NA / (NA + UA) - NB / (NB + UB)
                                                                    - h / ((NA + UA) * (NB + UB))),
           "h_AB = π₋(s_A − s_B)·[(1 − b)N_A + (1 − a)U_A] + π(t_A − t_B)·[b·N_A + a·U_A]":
               is_zero(h - (1 - p) * (sA - sB) * b1 - p * (tA - tB) * b2),
           "the two brackets sum to N_A + U_A": is_zero(b1 + b2 - NA - UA),
           "h_I = (I(tn) + I(tp))·(I(fp) + I(fn))·h_(a,b) at a = I(tp)/(I(tn) + I(tp)), b = I(fn)/(I(fp) + I(fn))":
               is_zero(hI - (itn + itp) * (ifp + ifn) * (nA * uB - nB * uA).subs(at_tile))}

    def build(env: Env):
        (x, y), cons = _unit(env, "a", "b")
        n, u = env.Real("N"), env.Real("U")
        return [*cons, n >= 0, u >= 0], [x * u + y * n >= 0, (1 - x) * u + (1 - y) * n >= 0]

    r = prove(Obligation("tile/robust/monotone/signs", "a·U + b·N ≥ 0 and (1 − a)·U + (1 − b)·N ≥ 0", build,
                         reference=REFERENCE), 20.0)
    return conclude("tile/robust/R1", "R1. At one prior π ∈ (0, 1), for every (a, b) ∈ [0, 1]², R_(a,b) is non-decreasing "
                    "in TPR and in TNR: ∂R/∂TPR = π(a·U + b·N)/(N + U)² ≥ 0, ∂R/∂TNR = π₋((1 − a)·U + (1 − b)·N)/(N + U)² "
                    "≥ 0; in differences, h_AB = N_A·U_B − N_B·U_A (the sign of R(A) − R(B)) is π₋(TNR_A − TNR_B)·β₁ + "
                    "π(TPR_A − TPR_B)·β₂ with β₁, β₂ ≥ 0 and β₁ + β₂ = N_A + U_A; every importance I on two classes "
                    "compares two performances as its Tile point does (h_I = (I(tn) + I(tp))(I(fp) + I(fn))·h_(a,b))",
                    ids, [r], t0)


def _dominance_goal(env: Env, strict: bool):
    (x, y), cons = _unit(env, "a", "b")
    q, nA, uA, ds, dt = (env.Real(n) for n in ("pi_pos", "N_A", "U_A", "d_TNR", "d_TPR"))
    h = (1 - q) * ds * ((1 - y) * nA + (1 - x) * uA) + q * dt * (y * nA + x * uA)
    cons += [0 < q, q < 1, nA >= 0, uA >= 0, nA + uA > 0]
    return (cons + [ds > 0, dt > 0], h > 0) if strict else (cons + [ds >= 0, dt >= 0], h >= 0)


def dominance() -> Result:
    """R2, by z3: the sign of R1's difference identity, and A defined wherever both its rates are positive."""
    t0 = time.perf_counter()

    def defined(env: Env):
        (x, y, q), cons = _unit(env, "a", "b", "pi_pos")
        t, s = env.Real("t_A"), env.Real("s_A")
        n = (1 - x) * (1 - q) * s + x * q * t
        u = (1 - y) * (1 - q) * (1 - s) + y * q * (1 - t)
        return [*cons, 0 < q, q < 1, 0 < t, t <= 1, 0 < s, s <= 1], n + u > 0

    rs = [prove(Obligation("tile/robust/dominance/weak", "rates at least as large ⇒ h_AB ≥ 0",
                           lambda env: _dominance_goal(env, False), reference=REFERENCE), 20.0),
          prove(Obligation("tile/robust/dominance/strict", "rates strictly larger ⇒ h_AB > 0",
                           lambda env: _dominance_goal(env, True), reference=REFERENCE), 20.0),
          prove(Obligation("tile/robust/dominance/defined", "both rates positive ⇒ N + U > 0 at every (a, b)", defined,
                           reference=REFERENCE), 20.0)]
    return conclude("tile/robust/R2", "R2. At one prior π ∈ (0, 1): if TPR_A ≥ TPR_B and TNR_A ≥ TNR_B then h_AB ≥ 0 at "
                    "every (a, b) ∈ [0, 1]² (A at least as good as B wherever both are defined); if both are strict, "
                    "A is defined and h_AB > 0 at every (a, b) (A strictly better wherever B is defined)", {}, rs, t0)


def corners() -> Result:
    """R3, by sympy: the corners (1, 1) and (0, 0) read one rate each."""
    t0 = time.perf_counter()
    t, s = sympy.symbols("t s", positive=True)
    R11, R00 = (lambda nu: nu[0] / (nu[0] + nu[1]))(_rates(t, s, 1, 1)), (lambda nu: nu[0] / (nu[0] + nu[1]))(_rates(t, s, 0, 0))
    ids = {"R_(1,1) = TPR": is_zero(R11 - t), "R_(0,0) = TNR": is_zero(R00 - s),
           "R_(1,1) does not depend on TNR": is_zero(sympy.diff(R11, s)),
           "R_(0,0) does not depend on TPR": is_zero(sympy.diff(R00, t))}
    return conclude("tile/robust/R3", "R3. At one prior π ∈ (0, 1), R_(1,1) = TPR whatever TNR and R_(0,0) = TNR whatever "
                    "TPR: if TPR_A < TPR_B, B is strictly better at (1, 1); if TNR_A < TNR_B, at (0, 0); an equal rate "
                    "makes A and B level at its corner", ids, [], t0)


ARGUMENT = (
    "1. If TPR_A ≥ TPR_B and TNR_A ≥ TNR_B, R2 gives h_AB ≥ 0 at every (a, b): A is at least as good as B for every "
    "R_(a,b) where both are defined, hence (R1, last identity) for every importance on two classes.",
    "2. Conversely, if TPR_A < TPR_B then B is strictly better at (1, 1), and if TNR_A < TNR_B at (0, 0) (R3): A is at "
    "least as good as B for every ranking score iff TPR_A ≥ TPR_B and TNR_A ≥ TNR_B.",
    "3. Strictly for every one: both strict ⇒ h_AB > 0 everywhere, A defined everywhere (R2). If one rate is equal, "
    "A and B are level at its corner (R3): strictly better for every ranking score iff both rates are strictly larger.",
    "4. Where the rates cross (TPR_A > TPR_B, TNR_A < TNR_B), A is strictly better at (1, 1) and B at (0, 0) (R3): "
    "which is better depends on the importance; each wins at a corner of the Tile.",
    "5. With an equal rate and the other strictly larger, A is strictly better wherever R reads the larger one "
    "(the bracket of R1 that multiplies it is positive) and level at the corner that ignores it.",
    "6. The priors must be one: with a prior per entity the rates alone do not decide (R5); the four corners do "
    "(R4), and the statistics of rank --over-tile --uncertainty test them then.")


def theorem(parts: list[Result]) -> Result:
    """R, composed from R1–R3 (the argument above)."""
    t0 = time.perf_counter()
    text = ("R. At one prior π ∈ (0, 1): A is at least as good as B for every ranking score R_I on two classes iff "
            "TPR_A ≥ TPR_B and TNR_A ≥ TNR_B, and strictly better for every one iff both are strict; where the rates "
            "cross, A is strictly better at one corner of the Tile ((1, 1) or (0, 0)) and B at the other")
    return Result("tile/robust/R", text, Verdict.conjunction(r.verdict for r in parts),
                  time.perf_counter() - t0 + sum(r.seconds for r in parts),
                  "composition of " + ", ".join(r.id for r in parts) + " (the argument below, step by step)",
                  reason="; ".join(f"{r.id}: {r.verdict.label}" for r in parts))


def four_corners() -> Result:
    """R4, by sympy (bilinearity, the corner scores) and z3 (a mixture of non-negative numbers)."""
    t0 = time.perf_counter()
    cA, cB = sympy.symbols("tn_A fp_A fn_A tp_A", nonnegative=True), sympy.symbols("tn_B fp_B fn_B tp_B", nonnegative=True)

    def h(x, y):
        (nA, uA), (nB, uB) = _counts(*cA, x, y), _counts(*cB, x, y)
        return nA * uB - nB * uA

    w = {(0, 0): (1 - a) * (1 - b), (1, 0): a * (1 - b), (0, 1): (1 - a) * b, (1, 1): a * b}
    tn, fp, fn, tp = cA
    scores = {(0, 0): tn / (tn + fp), (1, 0): tp / (tp + fp), (0, 1): tn / (tn + fn), (1, 1): tp / (tp + fn)}
    ids = {"h_AB(a, b) = Σ over the corners of weight(a, b)·h_AB(corner)":
               is_zero(h(a, b) - sum(wt * h(*c) for c, wt in w.items())),
           **{f"R at {c} is {CORNER_SCORES[c]}": is_zero((lambda nu: nu[0] / (nu[0] + nu[1]))(_counts(*cA, *c)) - scores[c])
              for c in w}}

    def build(env: Env, strict: bool):
        (x, y), cons = _unit(env, "a", "b")
        hs = [env.Real(f"h_{c[0]}{c[1]}") for c in w]
        total = (1 - x) * (1 - y) * hs[0] + x * (1 - y) * hs[1] + (1 - x) * y * hs[2] + x * y * hs[3]
        return cons + [(v > 0) if strict else (v >= 0) for v in hs], (total > 0) if strict else (total >= 0)

    rs = [prove(Obligation(f"tile/robust/corners/{k}", f"a mixture of {k} numbers is {k}", lambda env, s=s: build(env, s),
                           reference=REFERENCE), 20.0) for k, s in (("non-negative", False), ("positive", True))]
    return conclude("tile/robust/R4", "R4. For any two performances (any priors), h_AB = N_A·U_B − N_B·U_A is bilinear in "
                    "(a, b): a mixture of its values at the four corners, where R is TNR (0, 0), PPV (1, 0), NPV (0, 1) "
                    "and TPR (1, 1). So A is at least as good as B at every (a, b) where both are defined iff h_AB ≥ 0 "
                    "at the four corners (A at least as good in TNR, TPR, NPV and PPV where they are defined), and "
                    "strictly better at every (a, b) if h_AB > 0 at the four", ids, rs, t0)


GRID = (Fraction(1, 10), Fraction(1, 2), Fraction(9, 10))
RATES = (Fraction(1, 10), Fraction(3, 10), Fraction(1, 2), Fraction(7, 10), Fraction(9, 10))


def _performance(prior: Fraction, t: Fraction, s: Fraction) -> tuple[Fraction, ...]:
    return (1 - prior) * s, (1 - prior) * (1 - s), prior * (1 - t), prior * t


def no_prior_witness(w: dict) -> bool:
    """A counterexample to R without a common prior, re-validated in Fractions: A's rates strictly larger, and
    B strictly better than A at the corner (a, b) (both defined there)."""
    try:
        A, B = (tuple(Fraction(x) for x in w[k]) for k in ("A", "B"))
        x, y = Fraction(w["a"]), Fraction(w["b"])
    except (KeyError, TypeError, ValueError):
        return False
    if len(A) != 4 or len(B) != 4 or any(v < 0 for v in A + B) or sum(A) != 1 or sum(B) != 1:
        return False
    rate = lambda P: (P[3] / (P[2] + P[3]), P[0] / (P[0] + P[1]))  # noqa: E731
    if not (rate(A)[0] > rate(B)[0] and rate(A)[1] > rate(B)[1]):
        return False
    (nA, uA), (nB, uB) = _counts(*A, x, y), _counts(*B, x, y)
    return nA + uA > 0 and nB + uB > 0 and nB * uA - nA * uB > 0


def no_common_prior() -> Result:
    """R5: R with a prior per performance, refuted by an exact search on a small grid (priors, rates, the four
    corners), the witness re-validated in Fractions."""
    t0 = time.perf_counter()
    text = ("R5. Without a common prior, R fails: a performance with a strictly larger TPR and TNR than another can "
            "rank strictly below it for some R_(a,b)")
    for qA, qB in itertools.product(GRID, repeat=2):
        for tA, sA, tB, sB in itertools.product(RATES[::-1], repeat=4):  # the witness with the best rates first
            if not (tA > tB and sA > sB) or qA == qB:
                continue
            for c in CORNER_SCORES:
                w = {"A": _performance(qA, tA, sA), "B": _performance(qB, tB, sB), "a": c[0], "b": c[1]}
                if no_prior_witness(w):
                    shown = {"a": str(c[0]), "b": str(c[1]),
                             "A": f"prior π₊ = {qA}, (TPR, TNR) = ({tA}, {sA}), {CORNER_SCORES[c]} = "
                                  f"{_corner_value(w['A'], c)}",
                             "B": f"prior π₊ = {qB}, (TPR, TNR) = ({tB}, {sB}), {CORNER_SCORES[c]} = "
                                  f"{_corner_value(w['B'], c)}"}
                    return Result("tile/robust/R5", text, Verdict.REFUTED, time.perf_counter() - t0,
                                  "exact search on a grid; the witness re-validated in Fractions", witness=shown,
                                  corrected="with one prior it holds (R); with several, the four corners TNR, TPR, NPV "
                                            "and PPV decide (R4), and rank --over-tile --uncertainty tests all four")
    return Result("tile/robust/R5", text, Verdict.UNKNOWN, time.perf_counter() - t0, "exact search on a grid",
                  reason="no counterexample on the grid (which proves nothing)")


def _corner_value(P: tuple[Fraction, ...], c: tuple[int, int]) -> Fraction:
    n, u = _counts(*P, *c)
    return n / (n + u)


def _sizes_identity(m: int, r: int) -> bool:
    """Σ_s Σ_e I(s)I(e)(P_A(s)P_B(e) − P_B(s)P_A(e)) = N_A·U_B − N_B·U_A with m successes and r errors."""
    Is, Ie = sympy.symbols(f"Is0:{m}"), sympy.symbols(f"Ie0:{r}")
    As, Bs, Ae, Be = (sympy.symbols(f"{n}0:{k}") for n, k in (("As", m), ("Bs", m), ("Ae", r), ("Be", r)))
    N = lambda X: sum(i * x for i, x in zip(Is, X))  # noqa: E731
    U = lambda X: sum(i * x for i, x in zip(Ie, X))  # noqa: E731
    terms = sum(Is[i] * Ie[j] * (As[i] * Be[j] - Bs[i] * Ae[j]) for i in range(m) for j in range(r))
    corner = (N(As) * U(Be) - N(Bs) * U(Ae)).subs({**{x: 0 for x in Is[1:] + Ie[1:]}, Is[0]: 1, Ie[0]: 1})
    return is_zero(N(As) * U(Be) - N(Bs) * U(Ae) - terms) and is_zero(corner - (As[0] * Be[0] - Bs[0] * Ae[0]))


K_ARGUMENT = (
    "1. On any finite Ω whose outcomes satisfy (S = 1, the successes s) or not (S = 0, the errors e), an importance "
    "I ≥ 0 gives N = Σ_s I(s)P(s), U = Σ_e I(e)P(e), R_I = N/(N + U); h_AB(I) = N_A·U_B − N_B·U_A has the sign of "
    "R_I(A) − R_I(B) where both are defined.",
    "2. A product of two finite sums is the sum of the products (distributivity): h_AB(I) = Σ_s Σ_e I(s)·I(e)·c_se "
    "with c_se = P_A(s)·P_B(e) − P_B(s)·P_A(e) — sympy checks it at 2 × 2 (two classes), 3 × 6 and 4 × 12 outcomes.",
    "3. If every c_se ≥ 0, every term is ≥ 0 (I ≥ 0): A is at least as good as B for every importance; if every "
    "c_se > 0, h_AB(I) > 0 for every I that weighs some success and some error (a sum of non-negative terms, one "
    "of them positive: z3 proves each term's sign, and the whole sum at 3 × 6). Conversely, at the importance that weighs one success s and one "
    "error e only, h_AB = c_se: the 'corners' (s, e) decide, where R is P(s)/(P(s) + P(e)).",
    "4. Each family of importances of rank --over-tile --family is reduced to such an Ω (ranking/tile_k/families.py): "
    "class weights to the outcomes recall_c and one error 'rest' of mass 1, whose corners compare the per-class "
    "recalls (sympy's last identity above: c = (r_A − r_B)/(T_A·T_B)); symmetric costs and per-class errors to one success "
    "'hit' and an error per pair or class; macro-micro to two classes at the prior ½, where R decides with its "
    "two corners: accuracy and balanced accuracy.")


def k_classes() -> Result:
    """RK, by sympy (the identity at three sizes, the class-weights corollary) and z3 (the sign step at 3 × 6)."""
    t0 = time.perf_counter()
    rA, rB = sympy.symbols("rA0:3", nonnegative=True), sympy.symbols("rB0:3", nonnegative=True)
    TA, TB = sum(rA) + 1, sum(rB) + 1
    c = (rA[0] / TA) * (1 / TB) - (rB[0] / TB) * (1 / TA)
    ids = {f"h_AB(I) = Σ_s Σ_e I(s)I(e)c_se and h at the corner (s, e) = c_se, {m} successes × {r} errors":
               _sizes_identity(m, r) for m, r in ((2, 2), (3, 6), (4, 12))}
    ids["class weights: c(recall_c, rest) = (r_A − r_B)/(T_A·T_B)"] = is_zero(c - (rA[0] - rB[0]) / (TA * TB))

    def term(env: Env, strict: bool):
        x, y, c = env.Real("I_s"), env.Real("I_e"), env.Real("c_se")
        cons = [(v > 0) if strict else (v >= 0) for v in (x, y, c)]
        return cons, (x * y * c > 0) if strict else (x * y * c >= 0)

    def instance(env: Env):
        Is, Ie = [env.Real(f"Is{i}") for i in range(3)], [env.Real(f"Ie{j}") for j in range(6)]
        cs = {(i, j): env.Real(f"c{i}{j}") for i in range(3) for j in range(6)}
        cons = [x >= 0 for x in Is + Ie] + [v > 0 for v in cs.values()] + [env.Sum(*Is) > 0, env.Sum(*Ie) > 0]
        return cons, env.Sum(*(Is[i] * Ie[j] * cs[i, j] for i, j in cs)) > 0

    rs = [prove(Obligation(f"tile/robust/k-classes/term-{k}", f"a term I(s)·I(e)·c_se is {k} when its factors are",
                           lambda env, s=s: term(env, s), reference=REFERENCE), 20.0)
          for k, s in (("non-negative", False), ("positive", True))]
    rs.append(prove(Obligation("tile/robust/k-classes/positive-3x6", "Σ I(s)I(e)c_se > 0 at 3 successes × 6 errors "
                               "when every c_se > 0 and I weighs some success and some error", instance,
                               reference=REFERENCE), 20.0))
    return conclude("tile/robust/RK", "RK. On any finite Ω of successes (S = 1) and errors (S = 0), A is at least as good as "
                   "B for every importance iff P_A(s)·P_B(e) ≥ P_B(s)·P_A(e) for every success s and error e (at each "
                   "'corner' importance that weighs one success and one error), and strictly better for every importance "
                   "weighing some success and some error if all are strict; for the class-weights family (one prior) "
                   "the corners are the per-class recalls", ids, rs, t0)


def scored_thresholds() -> Result:
    """RS, composed from H1 and H2 (the hull theorem's lemmas) and a weak form of H3 proved by z3."""
    t0 = time.perf_counter()

    def build(env: Env):
        g_fp, g_tp, d_fp, d_tp, lm, h1, h2 = (env.Real(n) for n in ("g_fp", "g_tp", "d_fp", "d_tp", "lambda", "h_1", "h_2"))
        cons = [g_fp <= 0, g_tp >= 0, d_fp <= 0, d_tp >= 0, 0 <= lm, lm <= 1,
                lm * h1 + (1 - lm) * h2 == g_fp * d_fp + g_tp * d_tp]
        return cons, env.Or(h1 >= 0, h2 >= 0)

    weak = prove(Obligation("tile/robust/scored/weak-certificate", "a step weakly up-left against a direction of W is "
                            "non-negative, and one of two numbers is non-negative when a mixture of them is", build,
                            reference=REFERENCE), 20.0)
    used = [affine(), diagonal(), weak]
    text = ("RS. Scoring classifiers on one test set (one prior), each at its best threshold: the best R_(a,b) of A's "
            "thresholds is at least the best of B's for every (a, b) iff every ROC point of B lies on or under A's ROC "
            "hull (the upper concave envelope of A's points, (0, 0) and (1, 1) included); the trivial thresholds make "
            "them level at (0, 0) and (1, 1), so 'better' is at least as good for every importance and strictly for "
            "some (A's hull above B's, not equal)")
    return Result("tile/robust/RS", text, Verdict.conjunction(r.verdict for r in used),
                  time.perf_counter() - t0 + sum(r.seconds for r in used),
                  "composition of H1, H2 (section H) and a weak certificate proved by z3 (the argument below)",
                  reason="; ".join(f"{r.id}: {r.verdict.label}" for r in used), certificate=weak.certificate,
                  sanity=weak.sanity)


S_ARGUMENT = (
    "1. Under B's ROC hull every point is a mixture of B's thresholds' points; the best R_(a,b) over a mixture is at "
    "one of its ends (quasi-linearity, H1: h_q is affine), so each classifier's best is at a hull vertex.",
    "2. If every point q of B lies on or under A's hull, a mixture m of two of A's points has fp_m = fp_q and "
    "tp_m ≥ tp_q; h_q(m) ≥ 0 (H1: gradient (−α, β), α, β ≥ 0), and by the weak certificate one end p of m has "
    "h_q(p) ≥ 0: R(p) ≥ R(q) wherever q is defined. So A's best ≥ B's best at every (a, b).",
    "3. If a point q of B lies strictly above A's hull, a line separates it from A's points and the quadrant below-"
    "right of them; its normal is a direction (−α, β), α, β ≥ 0, and by H2 R_(a*,a*), a* = β/(α + β), orders the "
    "points by −α·fp + β·tp: q is strictly better than every threshold of A there.")


def robust_statements() -> list[Result]:
    """R1–R3, the theorem R, R4, R5 (refuted), RK and RS."""
    parts = [monotone(), dominance(), corners()]
    return [*parts, theorem(parts), four_corners(), no_common_prior(), k_classes(), scored_thresholds()]


STEPS = {"tile/robust/R": ARGUMENT, "tile/robust/RK": K_ARGUMENT, "tile/robust/RS": S_ARGUMENT}
