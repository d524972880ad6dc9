"""The hull theorem: who can rank first — or last — for some R_(a,b) when every entity has one class
prior, decided by the package (sympy identities, z3 proofs, and a refutation with an exact witness
when the condition is dropped).

With one prior π (0 < π₊ < 1, π₋ = 1 − π₊), a performance is its point (fp, tp) — ROC space up to
the positive scales π₋, π₊ — and N(a) = (1 − a)(π₋ − fp) + a·tp, U(b) = (1 − b)·fp + b(π₊ − tp).
For a performance P, h_P(Q) = N(Q)·U(P) − N(P)·U(Q) compares Q with P. The statements:

- **H1** (affine): where P is defined, R(Q) > R(P) ⟺ h_P(Q) > 0 for every defined Q, h_P(Q) = 0 for
  an undefined Q, and h_P is affine in Q's point with gradient (−[(1 − a)U(P) + (1 − b)N(P)],
  a·U(P) + b·N(P)): a direction (−α, β), α, β ≥ 0, α + β = N(P) + U(P) > 0;
- **H2** (the diagonal): at a = b every performance is defined, and R_(a,a)(Q) − R_(a,a)(P) =
  [a·(tp_Q − tp_P) − (1 − a)(fp_Q − fp_P)] / ((1 − a)π₋ + a·π₊): the order of a·tp − (1 − a)·fp,
  whose gradients (−(1 − a), a) are every direction (−α, β) (a = β/(α + β));
- **H3** (certificate): if a mixture λ·Q₁ + (1 − λ)·Q₂ has a smaller fp and a larger tp than P,
  then wherever P is defined Q₁ or Q₂ ranks strictly above it;
- **H5** (undefined): R_(a,b)(Q) is undefined only at (0, 1) for the always-positive classifier and
  at (1, 0) for the always-negative one;
- **H6** (the corners): at (0, 1) the gradient of h_P is (−fn_P, tn_P), at (1, 0) it is (−tp_P, fp_P),
  and h_P vanishes at the trivial classifier undefined there;
- **H7** (an edge): a mixture λ·Q₁ + (1 − λ)·Q₂ (0 < λ < 1) is, wherever it is defined, below or
  level with one of Q₁, Q₂ that is defined there — never first alone;
- **H** (the theorem, from H1–H3, H5–H7): an entity ranks first for some (a, b) iff its point
  maximises a·tp − (1 − a)·fp for some a ∈ [0, 1] (the upper-left hull), first alone iff it is the
  unique maximiser (a vertex) — except when every other entity is one trivial classifier, undefined
  at a corner where it alone is ranked; it never ranks first iff a mixture of two entities lies
  strictly up-left of its point; last place is first place of the predicted-class swap;
- **H8** (no common prior): H3 fails when the priors differ — refuted with an exact witness.

>>> [r.verdict.label for r in hull_statements()]
['proved', 'proved', 'proved', 'proved', 'proved', 'proved', 'proved', 'refuted']
"""

from __future__ import annotations

import time
from fractions import Fraction

import sympy

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Result, Verdict
from ordertheory.exact import is_zero
from ordertheory.theory.tile_statements import predicted_class

REFERENCE = "the Tile at one prior (issue 42): the ROC hull"
a, b, p = sympy.symbols("a b pi_pos", nonnegative=True)


def _NU(fp, tp, pos, x=a, y=b):
    """N and U of the performance (fp, tp) of prior pos at (x, y)."""
    return (1 - x) * (1 - pos - fp) + x * tp, (1 - y) * fp + y * (pos - tp)


def affine() -> Result:
    """H1, by sympy (the identities) and z3 (the gradient's signs)."""
    t0 = time.perf_counter()
    fq, tq, fp, tp = sympy.symbols("fp_Q tp_Q fp_P tp_P")
    NQ, UQ = _NU(fq, tq, p)
    NP, UP = _NU(fp, tp, p)
    h = NQ * UP - NP * UQ
    gf, gt = -((1 - a) * UP + (1 - b) * NP), a * UP + b * NP
    ids = {"R(Q) − R(P) = h_P(Q) / ((N(Q) + U(Q))(N(P) + U(P)))": is_zero(NQ / (NQ + UQ) - NP / (NP + UP) - h / ((NQ + UQ) * (NP + UP))),
           "h_P(Q) = g_fp·(fp_Q − fp_P) + g_tp·(tp_Q − tp_P)": is_zero(h - gf * (fq - fp) - gt * (tq - tp)),
           "|g_fp| + g_tp = N(P) + U(P)": is_zero(-gf + gt - (NP + UP))}

    def build(env: Env):
        x, y, nP, uP = env.Real("a"), env.Real("b"), env.Real("N_P"), env.Real("U_P")
        g_fp, g_tp = -((1 - x) * uP + (1 - y) * nP), x * uP + y * nP
        return [0 <= x, x <= 1, 0 <= y, y <= 1, nP >= 0, uP >= 0, nP + uP > 0], [g_fp <= 0, g_tp >= 0, g_tp - g_fp > 0]

    r = prove(Obligation("tile/hull/affine/signs", "the gradient of h_P is a direction (−α, β), α, β ≥ 0, not both 0",
                         build, reference=REFERENCE), 20.0)
    return conclude("tile/hull/H1", "H1. At one prior π ∈ (0, 1), for every (a, b) ∈ [0, 1]² and every P defined there, "
                     "R(Q) > R(P) ⟺ h_P(Q) = N(Q)·U(P) − N(P)·U(Q) > 0 for every Q defined there (h_P(Q) = 0 for an "
                     "undefined Q), and h_P is affine in Q's point (fp_Q, tp_Q) with gradient (−α, β), α, β ≥ 0, "
                     "α + β = N(P) + U(P) > 0", ids, [r], t0)


def diagonal() -> Result:
    """H2, by sympy (the identity) and z3 (the common denominator is positive)."""
    t0 = time.perf_counter()
    fq, tq, fp, tp = sympy.symbols("fp_Q tp_Q fp_P tp_P")
    NQ, UQ = _NU(fq, tq, p, a, a)
    NP, UP = _NU(fp, tp, p, a, a)
    den = (1 - a) * (1 - p) + a * p
    ids = {"N + U = (1 − a)π₋ + a·π₊ for every performance at a = b": is_zero(NQ + UQ - den),
           "R_(a,a)(Q) − R_(a,a)(P) = [a(tp_Q − tp_P) − (1 − a)(fp_Q − fp_P)] / ((1 − a)π₋ + aπ₊)":
               is_zero(NQ / (NQ + UQ) - NP / (NP + UP) - (a * (tq - tp) - (1 - a) * (fq - fp)) / den),
           "a = β/(α + β) gives the direction (−α, β) up to the factor α + β": is_zero(
               (1 - a).subs(a, sympy.Symbol("beta") / (sympy.Symbol("alpha") + sympy.Symbol("beta")))
               * (sympy.Symbol("alpha") + sympy.Symbol("beta")) - sympy.Symbol("alpha"))}

    def build(env: Env):
        x, q = env.Real("a"), env.Real("pi_pos")
        return [0 <= x, x <= 1, 0 < q, q < 1], (1 - x) * (1 - q) + x * q > 0

    r = prove(Obligation("tile/hull/diagonal/defined", "(1 − a)π₋ + aπ₊ > 0", build, reference=REFERENCE), 20.0)
    return conclude("tile/hull/H2", "H2. At one prior π ∈ (0, 1), on the diagonal a = b every performance is defined "
                     "and R_(a,a) orders the entities as a·tp − (1 − a)·fp, whose gradients (−(1 − a), a), a ∈ [0, 1], "
                     "are every direction (−α, β), α, β ≥ 0, not both 0", ids, [r], t0)


def _point(env: Env, name: str, pos):
    fp, tp = env.Real(f"fp_{name}"), env.Real(f"tp_{name}")
    return fp, tp, [0 <= fp, fp <= 1 - pos, 0 <= tp, tp <= pos]


def _z3_NU(fp, tp, pos, x, y):
    return (1 - x) * (1 - pos - fp) + x * tp, (1 - y) * fp + y * (pos - tp)


def certificate() -> Result:
    """H3: h_P of a mixture is the mixture of the h_P (sympy: h_P is affine), and a mixture strictly
    up-left of p has h_P > 0 (z3: a direction of W against a strictly up-left step)."""
    t0 = time.perf_counter()
    f1, t1, f2, t2, fp, tp, lam = sympy.symbols("fp_Q1 tp_Q1 fp_Q2 tp_Q2 fp_P tp_P lambda")
    NP, UP = _NU(fp, tp, p)
    h = lambda f, t: _NU(f, t, p)[0] * UP - NP * _NU(f, t, p)[1]  # noqa: E731
    gf, gt = -((1 - a) * UP + (1 - b) * NP), a * UP + b * NP
    fm, tm = lam * f1 + (1 - lam) * f2, lam * t1 + (1 - lam) * t2
    ids = {"h_P(λQ₁ + (1 − λ)Q₂) = λ·h_P(Q₁) + (1 − λ)·h_P(Q₂)": is_zero(h(fm, tm) - lam * h(f1, t1) - (1 - lam) * h(f2, t2)),
           "h_P(M) = g_fp·(fp_M − fp_P) + g_tp·(tp_M − tp_P) (H1)": is_zero(h(fm, tm) - gf * (fm - fp) - gt * (tm - tp))}

    def build(env: Env):
        g_fp, g_tp, d_fp, d_tp, lm, h1, h2 = (env.Real(n) for n in ("g_fp", "g_tp", "d_fp", "d_tp", "lambda", "h_Q1", "h_Q2"))
        cons = [g_fp <= 0, g_tp >= 0, g_tp - g_fp > 0, d_fp < 0, d_tp > 0, 0 <= lm, lm <= 1,
                lm * h1 + (1 - lm) * h2 == g_fp * d_fp + g_tp * d_tp]
        return cons, env.Or(h1 > 0, h2 > 0)

    r = prove(Obligation("tile/hull/certificate/sign", "a step strictly up-left against a direction of W is positive, "
                         "and one of two numbers is positive when a mixture of them is", build, reference=REFERENCE), 20.0)
    return conclude("tile/hull/H3", "H3. At one prior π ∈ (0, 1): if a mixture λ·Q₁ + (1 − λ)·Q₂ (λ ∈ [0, 1]) has a "
                     "smaller fp and a larger tp than P, then at every (a, b) where P is defined Q₁ or Q₂ ranks strictly "
                     "above P (H1: R(Q) > R(P) ⟺ h_P(Q) > 0; the certificate of 'never first')", ids, [r], t0)


NO_PRIOR_GRID = (Fraction(1, 10), Fraction(1, 2), Fraction(9, 10))
RATES = (Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(9, 10), Fraction(1))


def no_common_prior() -> Result:
    """H8: H3 with a prior per performance, refuted by an exact search (priors, ROC rates and the
    corners of the Tile on a small grid, Q₁ = Q₂, λ = 1) whose witness is re-validated in Fractions."""
    t0 = time.perf_counter()
    text = ("H8. Without a common prior, H3 fails: a performance Q strictly up-left of P in ROC space (smaller FPR, "
            "larger TPR) can rank below P for some R_(a,b)")
    for qP, qQ in ((x, y) for x in NO_PRIOR_GRID for y in NO_PRIOR_GRID if x != y):
        for xP, yP, xQ, yQ in ((w, x, y, z) for w in RATES for x in RATES for y in RATES for z in RATES if y < w and z > x):
            for ab in ((Fraction(1), Fraction(0)), (Fraction(0), Fraction(1)), (Fraction(1), Fraction(1)), (Fraction(0), Fraction(0))):
                w = {"a": ab[0], "b": ab[1], "lambda": Fraction(1), "fp_P": xP * (1 - qP), "tp_P": yP * qP, "pi_P": qP,
                     **{f"{k}_{n}": v for n in ("Q1", "Q2") for k, v in (("fp", xQ * (1 - qQ)), ("tp", yQ * qQ), ("pi", qQ))}}
                if no_prior_witness(w):
                    R = {n: _value(w, n) for n in ("P", "Q1")}
                    shown = {"a": str(ab[0]), "b": str(ab[1]), "P": f"prior π₊ = {qP}, (FPR, TPR) = ({xP}, {yP}), R = {R['P']}",
                             "Q": f"prior π₊ = {qQ}, (FPR, TPR) = ({xQ}, {yQ}), R = {R['Q1']}"}
                    return Result("tile/hull/H8", text, Verdict.REFUTED, time.perf_counter() - t0,
                                  "exact search on a grid; the witness re-validated in Fractions", witness=shown,
                                  corrected="with one prior it holds (H3); with several, winners and rank --over-tile "
                                            "take the line arrangement of each entity's chart, exact whatever the "
                                            "priors, and say so")
    return Result("tile/hull/H8", text, Verdict.UNKNOWN, time.perf_counter() - t0, "exact search on a grid",
                  reason="no counterexample on the grid (which proves nothing)")


def _value(w: dict, n: str) -> Fraction:
    N, U = _z3_NU(w[f"fp_{n}"], w[f"tp_{n}"], w[f"pi_{n}"], w["a"], w["b"])
    return N / (N + U)


def no_prior_witness(w) -> bool:
    """A counterexample to H3 with a prior per performance, re-validated in Fractions: the mixture of
    Q₁, Q₂ is strictly up-left of P in ROC space, P is defined at (a, b), neither Q is strictly above P."""
    try:
        v = {k: Fraction(x) for k, x in w.items()}
        x, y, lam = v["a"], v["b"], v["lambda"]
        P = {n: (v[f"fp_{n}"], v[f"tp_{n}"], v[f"pi_{n}"]) for n in ("P", "Q1", "Q2")}
    except (KeyError, TypeError, ValueError):
        return False
    if not (0 <= x <= 1 and 0 <= y <= 1 and 0 <= lam <= 1 and all(0 < q < 1 and 0 <= f <= 1 - q and 0 <= t <= q
                                                                   for f, t, q in P.values())):
        return False
    rate = {n: (f / (1 - q), t / q) for n, (f, t, q) in P.items()}
    mix = (lam * rate["Q1"][0] + (1 - lam) * rate["Q2"][0], lam * rate["Q1"][1] + (1 - lam) * rate["Q2"][1])
    NU = {n: _z3_NU(f, t, q, x, y) for n, (f, t, q) in P.items()}
    nP, uP = NU["P"]
    above = any(NU[q][0] * uP - nP * NU[q][1] > 0 for q in ("Q1", "Q2"))
    return mix[0] < rate["P"][0] and mix[1] > rate["P"][1] and nP + uP > 0 and not above


def undefined() -> Result:
    """H5, by z3."""
    t0 = time.perf_counter()

    def build(env: Env):
        x, y, q = env.Real("a"), env.Real("b"), env.Real("pi_pos")
        fp, tp, c = _point(env, "Q", q)
        n, u = _z3_NU(fp, tp, q, x, y)
        return ([0 <= x, x <= 1, 0 <= y, y <= 1, 0 < q, q < 1, *c, n == 0, u == 0],
                env.Or(env.And(x == 0, y == 1, fp == 1 - q, tp == q), env.And(x == 1, y == 0, fp == 0, tp == 0)))

    r = prove(Obligation("tile/hull/undefined", "H5", build, reference=REFERENCE), 20.0)
    return conclude("tile/hull/H5", "H5. At a prior π ∈ (0, 1), R_(a,b)(Q) is undefined (N = U = 0) only at (a, b) = "
                     "(0, 1) for the always-positive classifier (fp = π₋, tp = π₊) and at (1, 0) for the always-negative "
                     "one (fp = tp = 0)", {}, [r], t0)


def corners() -> Result:
    """H6, by sympy: h_P's gradient and its zero at the trivial classifier of each corner."""
    t0 = time.perf_counter()
    fp, tp = sympy.symbols("fp_P tp_P")
    NP, UP = _NU(fp, tp, p)
    gf, gt = -((1 - a) * UP + (1 - b) * NP), a * UP + b * NP
    tn, fn = 1 - p - fp, p - tp
    fq, tq = sympy.symbols("fp_Q tp_Q")
    h = lambda f, t: (_NU(f, t, p)[0] * UP - NP * _NU(f, t, p)[1])  # noqa: E731
    at01, at10 = {a: 0, b: 1}, {a: 1, b: 0}
    ids = {"at (0, 1): gradient (−fn_P, tn_P)": is_zero(gf.subs(at01) + fn) and is_zero(gt.subs(at01) - tn),
           "at (1, 0): gradient (−tp_P, fp_P)": is_zero(gf.subs(at10) + tp) and is_zero(gt.subs(at10) - fp),
           "h_P(always positive) = 0 at (0, 1)": is_zero(h(1 - p, p).subs(at01)),
           "h_P(always negative) = 0 at (1, 0)": is_zero(h(0, 0).subs(at10))}
    return conclude("tile/hull/H6", "H6. At (a, b) = (0, 1) the gradient of h_P is (−fn_P, tn_P) and h_P vanishes at the "
                     "always-positive classifier; at (1, 0) it is (−tp_P, fp_P) and h_P vanishes at the always-negative "
                     "one. So if P ranks first alone at such a corner with tn_P > 0 (tp_P > 0), a small turn of the "
                     "gradient towards −fp (towards +tp) keeps every other point strictly below and puts the trivial "
                     "classifier strictly below too: P is the unique maximiser of some a·tp − (1 − a)·fp; if tn_P = 0 "
                     "(tp_P = 0) its R there is 0, so it ranks first alone only when no other entity is defined there",
                     ids, [], t0)


def edge() -> Result:
    """H7: N and U of a mixture are the mixtures of theirs (sympy), and then (z3) one of the two ends
    is defined and at least level with the mixture."""
    t0 = time.perf_counter()
    f1, t1, f2, t2, lam = sympy.symbols("fp_Q1 tp_Q1 fp_Q2 tp_Q2 lambda")
    (n1, u1), (n2, u2) = _NU(f1, t1, p), _NU(f2, t2, p)
    nm, um = _NU(lam * f1 + (1 - lam) * f2, lam * t1 + (1 - lam) * t2, p)
    ids = {"N(λQ₁ + (1 − λ)Q₂) = λN(Q₁) + (1 − λ)N(Q₂)": is_zero(nm - lam * n1 - (1 - lam) * n2),
           "U(λQ₁ + (1 − λ)Q₂) = λU(Q₁) + (1 − λ)U(Q₂)": is_zero(um - lam * u1 - (1 - lam) * u2)}

    def build(env: Env):
        lm, N1, U1, N2, U2 = (env.Real(n) for n in ("lambda", "N_Q1", "U_Q1", "N_Q2", "U_Q2"))
        n, u = lm * N1 + (1 - lm) * N2, lm * U1 + (1 - lm) * U2
        cons = [0 < lm, lm < 1, N1 >= 0, U1 >= 0, N2 >= 0, U2 >= 0, n + u > 0]
        return cons, env.Or(env.And(N1 + U1 > 0, N1 * u - n * U1 >= 0), env.And(N2 + U2 > 0, N2 * u - n * U2 >= 0))

    r = prove(Obligation("tile/hull/edge/sign", "a mixture is below or level with a defined end", build,
                         reference=REFERENCE), 20.0)
    return conclude("tile/hull/H7", "H7. At one prior π ∈ (0, 1), a mixture Q = λ·Q₁ + (1 − λ)·Q₂ (0 < λ < 1) is, at "
                     "every (a, b) where it is defined, below or level with one of Q₁, Q₂ that is defined there: a "
                     "point inside an edge of the hull is never first alone", ids, [r], t0)


ARGUMENT = (
    "1. First somewhere ⇒ a maximiser: let P rank first at (a, b) (defined, no defined entity above it). By H1 every "
    "entity's point q has h_P(q) ≤ 0 = h_P(p) (an undefined one has h_P = 0), h_P affine with gradient (−α, β), α, β ≥ 0, "
    "not both 0: p maximises −α·fp + β·tp over the points.",
    "2. A maximiser ⇒ first on the diagonal: by H2, R_(a*,a*) orders the entities as a*·tp − (1 − a*)·fp, which is "
    "(−α·fp + β·tp)/(α + β) at a* = β/(α + β), every entity defined: P ranks first at (a*, a*).",
    "3. Never first ⟺ a mixture strictly up-left: if a mixture of entities is strictly up-left of p, H3 puts one of them "
    "above P wherever P is defined. If none is, conv(points) and the open quadrant up-left of p are disjoint convex "
    "sets; a line separates them, whose normal is a direction (−α, β) with α, β ≥ 0 that p maximises (1, 2: first "
    "somewhere). A point of the hull strictly up-left of p can be taken on its boundary, on one edge: a mixture of two.",
    "4. First alone: where every entity is defined, first alone means h_P(q) < 0 for every other point (identical "
    "performances share p): p is the unique maximiser of the gradient's direction, and conversely (2). By H5 an entity "
    "is undefined only at (0, 1) (the always-positive classifier T) or (1, 0) (the always-negative one). There H6 gives "
    "the gradient and h_P(T) = 0; if tn_P > 0 (tp_P > 0) turning the gradient slightly towards −fp (towards +tp) keeps "
    "every other point strictly below and puts T strictly below: p is a unique maximiser. If tn_P = 0 (tp_P = 0), "
    "R_P = 0 there, so P is first alone only when no other entity is defined there: every other entity is T.",
    "5. The hull: the maximisers of the directions (−α, β) are the points of the upper-left chain of the hull — from A, "
    "the highest point of least fp, to B, the leftmost point of largest tp — and those on the vertical below A ((−1, 0)) "
    "and on the horizontal right of B ((0, 1)); the unique maximisers are the chain's vertices. A point inside an edge "
    "is a mixture of the edge's ends, never first alone (H7); a point below A (right of B) is first only where the "
    "direction is (−1, 0) ((0, 1)), where A (B) is level with it or undefined — then, by 4, another entity is level.",
    "6. Last place: the predicted-class swap maps R_(a,b)(P) to 1 − R_(b,a)(P) (Tile statement 1), reversing every "
    "order, keeping the prior and mapping each point to (π₋ − fp, π₊ − tp): who comes last at (a, b) is who ranks first "
    "at (b, a) after the swap — the lower-right hull, with the same exception at the same corners.",
    "7. Rank ranges: at a point where every entity is defined, the entities above P (level with P) are those with "
    "g·(q − p) > 0 (= 0) for the gradient g of 1 (which depends on P), hence those above (level with) P at (a*, a*) "
    "of 2: every rank P takes there it takes on the diagonal (whole rankings may differ: a* is P's own); the other "
    "points are the corners (0, 1) and (1, 0) of H5. So an "
    "entity's best and worst rank over the Tile are those over the diagonal and those two corners.")


def theorem(parts: list[Result]) -> Result:
    """H, composed from H1–H3, H5–H7 and Tile statement 1 (the predicted-class swap), with its argument."""
    t0 = time.perf_counter()
    swap = predicted_class()
    used = [*parts, swap]
    verdict = Verdict.conjunction(r.verdict for r in used)
    text = ("H. At one prior π ∈ (0, 1): an entity ranks first for some R_(a,b) iff its point (fp, tp) maximises "
            "a·tp − (1 − a)·fp for some a ∈ [0, 1] (the upper-left hull in ROC space), iff it ranks first at some (a, a); "
            "it ranks first alone (up to identical performances) iff it is the unique maximiser for some a (a vertex of "
            "that chain), except when every other entity is the always-positive (always-negative) classifier, where it "
            "ranks first alone at (0, 1) (at (1, 0)); it never ranks first iff a mixture of at most two entities lies "
            "strictly up-left of its point. Last place: the same with the lower-right hull. Every rank an entity takes at "
            "a point where every entity is defined, it takes on the diagonal")
    return Result("tile/hull/H", text, verdict, time.perf_counter() - t0 + sum(r.seconds for r in used),
                  "composition of " + ", ".join(r.id for r in used) + " (the argument below, step by step)",
                  reason="; ".join(f"{r.id}: {r.verdict.label}" for r in used))


def conclude(sid: str, text: str, identities: dict[str, bool], proofs: list[Result], t0: float) -> Result:
    """A statement proved when each sympy identity holds and each z3 obligation is proved."""
    failed = [k for k, ok in identities.items() if not ok]
    verdict = Verdict.conjunction([Verdict.REFUTED if failed else Verdict.PROVED, *(r.verdict for r in proofs)])
    how = " and ".join(x for x in ("sympy (each identity reduces to 0)" if identities else "",
                                   "z3" if proofs else "") if x)
    reason = "; ".join([*(f"{k}: {'holds' if ok else 'FAILS'}" for k, ok in identities.items()),
                        *(f"z3 ({r.id}): {r.verdict.label}" + (f" — {r.reason}" if r.reason else "") for r in proofs)])
    sanity = next((r.sanity for r in proofs if r.sanity is not None), None)
    return Result(sid, text, verdict, time.perf_counter() - t0, how, reason=reason,
                  certificate=tuple(c for r in proofs for c in r.certificate), sanity=sanity)


def hull_statements() -> list[Result]:
    """H1, H2, H3, H5, H6, H7, the theorem H composed from them, and H8 (no common prior: refuted)."""
    parts = [affine(), diagonal(), certificate(), undefined(), corners(), edge()]
    return [*parts, theorem(parts), no_common_prior()]
