"""The structural lemmas behind :mod:`ordertheory.fitness.structure.ratios`, proved once, generically, by z3.

Each lemma is an :class:`~ordertheory.engine.prove.Obligation` over symbolic coefficients: the
values N(P1), D(P1), N(P2), D(P2) of linear forms, a weight λ, an uninterpreted strictly
monotone g. Their SMT-LIB certificates live in ``proofs/structure/`` (``write_certificates``);
a score's verdict then only needs the lemma's precondition, instantiated and decided per score.

>>> [r.verdict.label for r in check_structure_lemmas(timeout=10)][:2]
['proved', 'proved']
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from ordertheory.encoding import smtlib
from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Result
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.fitness.structure.harmonic_means import MEAN_LEMMAS

REF = "issue 13; paper §4.2 (Theorem 4) and Table 1's tests"


def _affine_mixture(env: Env):
    """An affine form commutes with mixtures, coordinate by coordinate (so in any dimension)."""
    a0, a1, a2, p1, p2, q1, q2, lam = (env.Real(n) for n in ("a0", "a1", "a2", "p1", "p2", "q1", "q2", "lam"))

    def N(x, y):
        return a0 + a1 * x + a2 * y

    m1, m2 = lam * p1 + (1 - lam) * q1, lam * p2 + (1 - lam) * q2
    return [], N(m1, m2) == lam * N(p1, p2) + (1 - lam) * N(q1, q2)


def _mixture_frame(env: Env, sign: int):
    """Values of N and D at P1, P2 and at their mixture (by affinity), D of one strict sign."""
    n1, d1, n2, d2, lam, x1, x2, xm = (env.Real(n) for n in ("n1", "d1", "n2", "d2", "lam", "x1", "x2", "xm"))
    dm, nm = lam * d1 + (1 - lam) * d2, lam * n1 + (1 - lam) * n2
    pos = [d1 > 0, d2 > 0] if sign > 0 else [d1 < 0, d2 < 0]
    hyp = pos + [lam >= 0, lam <= 1, x1 * d1 == n1, x2 * d2 == n2, xm * dm == nm]
    return env, hyp, x1, x2, xm


def _quasi_linear(sign: int):
    def build(env: Env):
        env, hyp, x1, x2, xm = _mixture_frame(env, sign)
        # X(M) ≤ max(X(P1), X(P2)) (test 2) and X(M) ≥ min(X(P1), X(P2)) (test 3)
        return hyp, env.And(env.Or(xm <= x1, xm <= x2), env.Or(xm >= x1, xm >= x2))
    return build


def _monotone(direction: int):
    def build(env: Env):
        R = env.RealSort()
        g = env.Function("g", R, R)
        u, v = env.Real("u"), env.Real("v")
        mono = env.ForAll([u, v], env.Implies(u < v, g(u) < g(v) if direction > 0 else g(u) > g(v)))
        x1, x2, xm = env.Real("x1"), env.Real("x2"), env.Real("xm")
        between = env.And(env.Or(xm <= x1, xm <= x2), env.Or(xm >= x1, xm >= x2))
        gm, g1, g2 = g(xm), g(x1), g(x2)
        return [mono, between], env.And(env.Or(gm <= g1, gm <= g2), env.Or(gm >= g1, gm >= g2))
    return build


def _with_g(g: str):
    """The sanity model of a lemma about an uninterpreted strictly monotone g (z3 does not find one
    for the quantified monotonicity within seconds): g(x) = x (or −x), strictly increasing (decreasing)
    by definition, every other value 0 — which meets the lemma's remaining assumptions (x_m between
    x1 and x2; each bound an equality), checked exactly."""
    zero = Fraction(0)
    between = min(zero, zero) <= zero <= max(zero, zero)

    def make(decider, budget: float) -> Sanity:
        if not between:
            return Sanity(SanityKind.UNDECIDED, {}, "the model failed its own check")
        return Sanity(SanityKind.MODEL, {"g": f"x ↦ {g}", "every other value": zero},
                      f"g(x) = {g} is strictly monotone by definition; 0 ≤ 0 and 0 between 0 and 0, checked exactly")

    return make


def _threshold(env: Env):
    """With D > 0, N/D ≤ t iff N − t·D ≤ 0 (test 1 and Theorem 2's bounds become linear)."""
    n, d, t, x = env.Real("n"), env.Real("d"), env.Real("t"), env.Real("x")
    return [d > 0, x * d == n], (x <= t) == (n - t * d <= 0)


def _sum_of_bounds(env: Env):
    """Test 1 at level s for X = g(Σᵢ Tᵢ), g increasing: Tᵢ(P1) ≤ tᵢ, Tᵢ(P2) ≥ uᵢ, Σt ≤ Σu ⇒ X(P1) ≤ X(P2)."""
    R = env.RealSort()
    g = env.Function("g", R, R)
    u, v = env.Real("u"), env.Real("v")
    mono = env.ForAll([u, v], env.Implies(u < v, g(u) < g(v)))
    a = [env.Real(f"a{i}") for i in range(3)]  # T_i(P1)
    b = [env.Real(f"b{i}") for i in range(3)]  # T_i(P2)
    t = [env.Real(f"t{i}") for i in range(3)]
    w = [env.Real(f"u{i}") for i in range(3)]
    hyp = [mono] + [ai <= ti for ai, ti in zip(a, t)] + [bi >= wi for bi, wi in zip(b, w)]
    hyp.append(env.Sum(*t) <= env.Sum(*w))
    return hyp, g(env.Sum(*a)) <= g(env.Sum(*b))


def _weighted_sum_of_bounds(env: Env):
    """Wᵢ ≥ 0 and rᵢ ≤ tᵢ imply Σ Wᵢ·rᵢ ≤ Σ Wᵢ·tᵢ (three terms; term by term for any number)."""
    w, r, t = ([env.Real(f"{c}{i}") for i in range(3)] for c in ("w", "r", "t"))
    hyp = [wi >= 0 for wi in w] + [ri <= ti for ri, ti in zip(r, t)]
    return hyp, env.Sum(*(wi * ri for wi, ri in zip(w, r))) <= env.Sum(*(wi * ti for wi, ti in zip(w, t)))


def _affine_sign(env: Env):
    """{c ≠ 0} is convex on a set where the affine c is ≥ 0: mixtures of points with c > 0 keep c > 0."""
    c1, c2, lam = env.Real("c1"), env.Real("c2"), env.Real("lam")
    return [c1 >= 0, c2 >= 0, c1 != 0, c2 != 0, lam >= 0, lam <= 1], lam * c1 + (1 - lam) * c2 != 0


def _nonneg_polynomial_face(env: Env):
    """e = w1·a·b + w2·c with a, b, c ≥ 0 at both ends (forms ≥ 0 on Π, affine along the segment) and
    w ≥ 0: e = 0 at a proper mixture forces e = 0 at both ends. Each monomial is handled alike, so
    the argument extends term by term to any polynomial with nonnegative coefficients."""
    lam = env.Real("lam")
    a1, a2, b1, b2, c1, c2, w1, w2 = (env.Real(n) for n in ("a1", "a2", "b1", "b2", "c1", "c2", "w1", "w2"))

    def mix(x, y):
        return lam * x + (1 - lam) * y

    hyp = [lam > 0, lam < 1] + [x >= 0 for x in (a1, a2, b1, b2, c1, c2, w1, w2)]
    hyp.append(w1 * mix(a1, a2) * mix(b1, b2) + w2 * mix(c1, c2) == 0)
    return hyp, env.And(w1 * a1 * b1 + w2 * c1 == 0, w1 * a2 * b2 + w2 * c2 == 0)


LEMMAS: tuple[Obligation, ...] = (
    Obligation("affine-mixture", "a linear form of P commutes with mixtures: N(λP1 + (1−λ)P2) = "
               "λN(P1) + (1−λ)N(P2)", _affine_mixture, REF),
    Obligation("ratio-quasi-linear", "X = N/D with N, D linear and D > 0 at P1 and P2: X(λP1 + (1−λ)P2) "
               "lies between X(P1) and X(P2) (tests 2 and 3)", _quasi_linear(1), REF),
    Obligation("ratio-quasi-linear-negative", "the same with D < 0 at P1 and P2", _quasi_linear(-1), REF),
    Obligation("increasing-transform", "g strictly increasing: x_m between x1 and x2 implies g(x_m) "
               "between g(x1) and g(x2)", _monotone(1), REF, "StrictMono.monotone", sanity=_with_g("x")),
    Obligation("decreasing-transform", "g strictly decreasing: the same", _monotone(-1), REF,
               "StrictAnti.antitone", sanity=_with_g("−x")),
    Obligation("ratio-threshold", "with D > 0, N/D ≤ t iff N − t·D ≤ 0 (test 1 and Theorem 2's bounds "
               "become linear queries)", _threshold, REF),
    Obligation("sum-of-bounds", "g increasing, Tᵢ(P1) ≤ tᵢ and Tᵢ(P2) ≥ uᵢ with Σ tᵢ ≤ Σ uᵢ imply "
               "g(Σ Tᵢ(P1)) ≤ g(Σ Tᵢ(P2)) (test 1 at one level)", _sum_of_bounds, REF, sanity=_with_g("x")),
    Obligation("weighted-sum-of-bounds", "weights Wᵢ ≥ 0 on Π and Nᵢ/Dᵢ ≤ tᵢ imply Σ Wᵢ·Nᵢ/Dᵢ ≤ Σ Wᵢ·tᵢ, "
               "a linear form bounded by a linear query (test 1 of frequency-weighted IoU)",
               _weighted_sum_of_bounds, REF),
    Obligation("affine-sign-convex", "c linear and ≥ 0 on Π: c ≠ 0 at P1 and P2 implies c ≠ 0 at their "
               "mixtures (domain closed under mixtures)", _affine_sign, REF),
    Obligation("nonneg-polynomial-face", "e a polynomial with nonnegative coefficients in forms ≥ 0 on Π "
               "(e.g. 1 − Σ P(y=c)P(ŷ=c) = Σ_{c≠d} P(y=c)P(ŷ=d) once homogenised): e = 0 at a proper "
               "mixture implies e = 0 at both ends, so {e ≠ 0} ∩ Π is closed under mixtures (κ, R_K)",
               _nonneg_polynomial_face, REF),
)


def all_lemmas() -> tuple[Obligation, ...]:
    """The lemmas above and the harmonic-mean lemmas of :mod:`.structure_means` (arities 2–5)."""
    return LEMMAS + MEAN_LEMMAS


def check_structure_lemmas(timeout: float = 10.0) -> list[Result]:
    """Prove every structural lemma (fresh z3 context each)."""
    return [prove(ob, timeout) for ob in all_lemmas()]


def certificate(ob: Obligation, timeout: float = 10.0) -> str:
    """The lemma's certificate: its SMT-LIB text headed by its sanity (what makes the proof not
    vacuous), as the decider writes it; the bare text when it is not proved."""
    r = prove(ob, timeout)
    return r.certificate[0][1] if r.certificate else ob.smtlib()


def write_certificates(directory: Path) -> list[Path]:
    """One SMT-LIB file per lemma (expected: unsat), e.g. into ``proofs/structure``."""
    return [smtlib.write(directory, ob.id, certificate(ob)) for ob in all_lemmas()]
