"""Four statements about the Tile (R_(a,b), I(tn) = 1 − a, I(tp) = a, I(fp) = 1 − b, I(fn) = b),
each decided here — an identity of rational functions reduced to 0 by sympy, an inequality proved
by z3, or a refutation with an exact witness and the statement that holds instead. The printed
forms are inputs, not facts:

1. changing the predicted class maps R_(a,b)(P) to 1 − R_(b,a)(P);
2. changing the ground truth maps it to 1 − R_(1−b,1−a)(P);
3. a class-prior shift maps the Tile onto itself by the balanced-coordinate bijection;
4. the no-skill performances of a prior π are on an equal footing exactly on the curve
   π₊²·I(tp)·I(fn) = π₋²·I(tn)·I(fp).

>>> [r.verdict.label for r in tile_statements()]
['proved', 'proved', 'refuted', 'proved', 'proved', 'proved']
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

tn, fp, fn, tp = sympy.symbols("tn fp fn tp", nonnegative=True)
a, b = sympy.symbols("a b", nonnegative=True)
P = {"tn": tn, "fp": fp, "fn": fn, "tp": tp}
REFERENCE = "the Tile (Piérard et al.), sorbetto"


def R(x, y, Q: dict) -> sympy.Expr:
    """R_(x,y)(Q) = ((1 − x)·tn + x·tp) / ((1 − x)·tn + x·tp + (1 − y)·fp + y·fn)."""
    N = (1 - x) * Q["tn"] + x * Q["tp"]
    return N / (N + (1 - y) * Q["fp"] + y * Q["fn"])


def is_identity(lhs: sympy.Expr, rhs: sympy.Expr) -> bool:
    """lhs ≡ rhs as rational functions: lhs − rhs is 0 by the exact kernel's test (its expanded
    numerator)."""
    return is_zero(lhs - rhs)


def _denominator(e: sympy.Expr) -> sympy.Expr:
    return sympy.denom(sympy.together(e))


def _witness(lhs: sympy.Expr, rhs: sympy.Expr, extra: dict | None = None) -> dict | None:
    """Small exact point (counts, a, b) where both sides are defined and differ."""
    grid = (Fraction(1, 3), Fraction(1, 2), Fraction(2, 3))
    for c in itertools.product((1, 2, 3), repeat=4):
        for x, y in itertools.product(grid, repeat=2):
            sub = {tn: c[0], fp: c[1], fn: c[2], tp: c[3], a: sympy.Rational(x.numerator, x.denominator),
                   b: sympy.Rational(y.numerator, y.denominator), **(extra or {})}
            if _denominator(lhs).subs(sub) == 0 or _denominator(rhs).subs(sub) == 0:
                continue
            left, right = sympy.nsimplify(lhs.subs(sub)), sympy.nsimplify(rhs.subs(sub))
            if left != right:
                return {"tn": c[0], "fp": c[1], "fn": c[2], "tp": c[3], "a": str(x), "b": str(y),
                        **{str(k): str(v) for k, v in (extra or {}).items()}, "left": str(left), "right": str(right)}
    return None


_COORDS = {"a": a, "b": b, "1−a": 1 - a, "1−b": 1 - b}


def _corrected_map(lhs: sympy.Expr) -> str | None:
    """Search R_(x,y)(P) and 1 − R_(x,y)(P), x, y ∈ {a, b, 1−a, 1−b}, for one identical to lhs."""
    for (nx, x), (ny, y) in itertools.product(_COORDS.items(), repeat=2):
        if is_identity(lhs, R(x, y, P)):
            return f"R_({nx},{ny})(P)"
        if is_identity(lhs, 1 - R(x, y, P)):
            return f"1 − R_({nx},{ny})(P)"
    return None


def _map_statement(sid: str, what: str, swapped: dict, printed: sympy.Expr, printed_text: str) -> Result:
    t0 = time.perf_counter()
    lhs = R(a, b, swapped)
    text = f"{what} maps R_(a,b)(P) to {printed_text} (where defined: the denominators are the same polynomial)"
    same_domain = is_identity(_denominator(lhs), _denominator(printed))
    if is_identity(lhs, printed) and same_domain:
        return Result(sid, text, Verdict.PROVED, time.perf_counter() - t0, "sympy: the difference reduces to 0",
                      reason="the two sides are one rational function of (tn, fp, fn, tp, a, b) with one denominator")
    found = _corrected_map(lhs)
    return Result(sid, text, Verdict.REFUTED, time.perf_counter() - t0, "sympy; exact counterexample",
                  witness=_witness(lhs, printed), corrected=f"{what} maps R_(a,b)(P) to {found}" if found else None)


def predicted_class() -> Result:
    """1. Swapping the predicted class: tn ↔ fp, fn ↔ tp."""
    return _map_statement("tile/predicted-class", "changing the predicted class (tn ↔ fp, fn ↔ tp)",
                          {"tn": fp, "fp": tn, "fn": tp, "tp": fn}, 1 - R(b, a, P), "1 − R_(b,a)(P)")


def ground_truth() -> Result:
    """2. Swapping the ground truth: tn ↔ fn, fp ↔ tp."""
    return _map_statement("tile/ground-truth", "changing the ground truth (tn ↔ fn, fp ↔ tp)",
                          {"tn": fn, "fp": tp, "fn": tn, "tp": fp}, 1 - R(1 - b, 1 - a, P), "1 − R_(1−b,1−a)(P)")


km, kp = sympy.symbols("k_neg k_pos", positive=True)  # π′₋/π₋ and π′₊/π₊


def _shift() -> tuple[dict, sympy.Expr, sympy.Expr, sympy.Expr, sympy.Expr]:
    shifted = {"tn": km * tn, "fp": km * fp, "fn": kp * fn, "tp": kp * tp}
    ca, cb = (1 - a) * km + a * kp, (1 - b) * km + b * kp
    return shifted, ca, cb, a * kp / ca, b * kp / cb


def prior_shift_values() -> Result:
    """3, as printed, read for values: R_(a,b)(σP) = R_(φ(a),φ(b))(P)."""
    t0 = time.perf_counter()
    shifted, ca, cb, pa, pb = _shift()
    lhs, rhs = R(a, b, shifted), R(pa, pb, P)
    text = ("a class-prior shift σ (tn, fp scaled by k₋ = π′₋/π₋; fn, tp by k₊ = π′₊/π₊) maps the Tile onto itself by "
            "the bijection shift(a) = a·k₊/((1 − a)·k₋ + a·k₊): R_(a,b)(σP) = R_(shift(a),shift(b))(P)")
    if is_identity(lhs, rhs):
        return Result("tile/prior-shift/values", text, Verdict.PROVED, time.perf_counter() - t0, "sympy")
    factored = sympy.factor(sympy.numer(sympy.together(lhs - rhs)))
    return Result("tile/prior-shift/values", text, Verdict.REFUTED, time.perf_counter() - t0,
                  "sympy; exact counterexample", witness=_witness(lhs, rhs, {km: 2, kp: sympy.Rational(1, 2)}),
                  corrected="the shift preserves the ORDER, not the values: R_(a,b)(σP) = h(R_(shift(a),shift(b))(P)) "
                            "with h(r) = c_a·r/(c_a·r + c_b·(1 − r)) increasing (c_a = (1 − a)k₋ + a·k₊, likewise c_b); "
                            f"the values agree for every P only when a = b or k₊ = k₋ (numerator of the difference: {factored})")


def prior_shift_order() -> Result:
    """3, corrected: the shift is a bijection of the Tile that preserves every ordering."""
    t0 = time.perf_counter()
    shifted, ca, cb, pa, pb = _shift()
    r = sympy.Symbol("r")
    h = ca * r / (ca * r + cb * (1 - r))
    checks = {
        "R_(a,b)(σP) = h(R_(shift(a),shift(b))(P))": is_identity(R(a, b, shifted), h.subs(r, R(pa, pb, P))),
        "h′(r) = c_a·c_b/(c_a·r + c_b·(1 − r))² > 0": is_identity(sympy.diff(h, r), ca * cb / (ca * r + cb * (1 - r))**2),
        "shift(0) = 0, shift(1) = 1, shift′(a) = k₋·k₊/c_a² > 0": (pa.subs(a, 0) == 0 and sympy.simplify(pa.subs(a, 1)) == 1
                                                                and is_identity(sympy.diff(pa, a), km * kp / ca**2)),
        "with k = (1/(2π₋), 1/(2π₊)) (balanced priors), shift⁻¹(a) = a·π₊/((1 − a)·π₋ + a·π₊)": _balanced_inverse(),
    }
    ok = all(checks.values())
    text = ("a class-prior shift σ maps the Tile onto itself by (a, b) ↦ (shift(a), shift(b)), a bijection that keeps "
            "every ordering: R_(a,b)(σP) is an increasing function h of R_(shift(a),shift(b))(P); the balanced "
            "coordinates are the shift to priors (½, ½)")
    return Result("tile/prior-shift/order", text, Verdict.PROVED if ok else Verdict.REFUTED, time.perf_counter() - t0,
                  "sympy: each identity reduces to 0; c_a, c_b, k₋, k₊ > 0",
                  reason="; ".join(f"{k}: {'holds' if v else 'FAILS'}" for k, v in checks.items()))


def _balanced_inverse() -> bool:
    p = sympy.Symbol("p", positive=True)  # π₊, π₋ = 1 − p
    k_m, k_p = 1 / (2 * (1 - p)), 1 / (2 * p)
    shift = a * k_p / ((1 - a) * k_m + a * k_p)
    inverse = a * p / ((1 - a) * (1 - p) + a * p)
    return is_identity(shift.subs(a, inverse), a)


tau, t1, t2 = sympy.symbols("tau tau1 tau2", nonnegative=True)  # the rate of positive predictions
pp = sympy.Symbol("pi_pos", positive=True)  # π₊; π₋ = 1 − π₊
Itn, Ifp, Ifn, Itp = sympy.symbols("I_tn I_fp I_fn I_tp", nonnegative=True)


def _no_skill(t) -> tuple[sympy.Expr, sympy.Expr]:
    """N and U of the no-skill performance of prior π predicting positive at rate t, for importance I."""
    pn = 1 - pp
    return Itn * (1 - t) * pn + Itp * t * pp, Ifp * t * pn + Ifn * (1 - t) * pp


def no_skill_footing() -> Result:
    """4. N(τ1)U(τ2) − N(τ2)U(τ1) = (τ2 − τ1)·(π₋²·I(tn)·I(fp) − π₊²·I(tp)·I(fn)) (sympy), and
    E[I] > 0 at every rate τ ∈ (0, 1) on the Tile (z3): so R_I is the same at all no-skill
    performances of prior π exactly when the second factor is 0."""
    t0 = time.perf_counter()
    (N1, U1), (N2, U2) = _no_skill(t1), _no_skill(t2)
    factor = (1 - pp) ** 2 * Itn * Ifp - pp**2 * Itp * Ifn
    identity = is_identity(N1 * U2 - N2 * U1, (t2 - t1) * factor)
    positive = prove(_positive_obligation(), 10.0)
    ok = identity and positive.verdict is Verdict.PROVED
    text = ("the no-skill performances of prior π (tn = (1 − τ)π₋, fp = τπ₋, fn = (1 − τ)π₊, tp = τπ₊, τ ∈ [0, 1]) "
            "are on an equal footing under R_I exactly on the curve π₊²·I(tp)·I(fn) = π₋²·I(tn)·I(fp)")
    reason = (f"sympy: N(τ1)U(τ2) − N(τ2)U(τ1) = (τ2 − τ1)(π₋²I(tn)I(fp) − π₊²I(tp)I(fn)): "
              f"{'identity' if identity else 'NOT an identity'}; z3: E[I] > 0 for τ ∈ (0, 1) on the Tile: "
              f"{positive.verdict.label}. Cross-multiplied values at two rates differ exactly when the factor is "
              "not 0 (denominators positive)")
    return Result("tile/no-skill", text, Verdict.PROVED if ok else positive.verdict if identity else Verdict.REFUTED,
                  time.perf_counter() - t0, "sympy (identity) and z3 (positivity)", reason=reason,
                  certificate=positive.certificate, sanity=positive.sanity)


def _positive_obligation() -> Obligation:
    def build(env: Env):
        x, y, t, p = (env.Real(n) for n in ("a", "b", "tau", "pi_pos"))
        N = (1 - x) * (1 - t) * (1 - p) + x * t * p
        U = (1 - y) * t * (1 - p) + y * (1 - t) * p
        return [0 <= x, x <= 1, 0 <= y, y <= 1, 0 < t, t < 1, 0 < p, p < 1], N + U > 0

    return Obligation("tile/no-skill/defined", "E_P[I] > 0 at every no-skill performance of rate τ ∈ (0, 1), "
                      "prior π ∈ (0, 1), and every R_(a,b)", build, reference=REFERENCE)


def no_skill_line() -> Result:
    """4, in balanced coordinates (σ, τ) = (a·π₊/((1 − a)π₋ + aπ₊), likewise b): the line σ + τ = 1."""
    t0 = time.perf_counter()
    s, u = sympy.symbols("sigma tau_b", nonnegative=True)
    p = pp
    inv = lambda z: z * (1 - p) / ((1 - z) * p + z * (1 - p))  # noqa: E731  (a from σ)
    curve = p**2 * a * b - (1 - p) ** 2 * (1 - a) * (1 - b)
    num = sympy.factor(sympy.numer(sympy.together(curve.subs({a: inv(s), b: inv(u)}))))
    rest = sympy.cancel(num / (s + u - 1))
    ok = rest != 0 and not rest.has(s, u)  # num = (a factor free of σ and τ)·(σ + τ − 1)
    text = "in balanced coordinates the no-skill curve π₊²·a·b = π₋²·(1 − a)(1 − b) is the straight line σ + τ = 1"
    return Result("tile/no-skill/balanced-line", text, Verdict.PROVED if ok else Verdict.REFUTED,
                  time.perf_counter() - t0, "sympy", reason=f"the curve's numerator in (σ, τ): {num}")


def tile_statements() -> list[Result]:
    """All of them, in order."""
    return [predicted_class(), ground_truth(), prior_shift_values(), prior_shift_order(), no_skill_footing(),
            no_skill_line()]
