"""Posterior probabilities computed without sampling, where the theory makes the event linear.

Under a Dirichlet(β) posterior on Ω (β = counts + α), write P = G / ΣG with independent
G_ω ~ Gamma(β_ω). For a linear-fractional score X = (a·P) / (b·P) with b ≥ 0 (every ranking score
R_I: a = I·S, b = I) the event X(P) > t is (a − t·b)·G > 0, linear in G. Hence:

- **two-level scores** (accuracy, TPR, PPV, F1, Jaccard, … :class:`~ordertheory.analyses.importance.linear_fractional.TwoLevel`):
  X = g(B) with B = P(E₁) / P(E₁ ∪ E₀) ~ Beta(β(E₁), β(E₀)) (aggregation of a Dirichlet). The
  credible interval is g of Beta quantiles (``betaincinv``, to ~10⁻¹⁵), and
  P(X_A > X_B) = P(B_A > B_B) for two independent Betas: a **finite sum of Beta functions** when a
  parameter is an integer (Miller's formula, with the symmetries that make the sum shortest), else
  **Gauss–Legendre quadrature** in one dimension over the narrower density, its error estimated
  by comparing 128 and 256 nodes (and scipy's adaptive ``quad`` where that estimate is too large);
- **any linear-fractional score**: P(X > t) = P(d·G > 0) by the **Gil-Pelaez inversion** of the
  characteristic function ∏ (1 − i d_ω u)^(−β_ω) of d·G, one integral on [0, ∞) (scipy ``quad``,
  its error estimate reported), and the credible interval by root finding on t.

The errors are numerical error estimates of these one-dimensional computations, stated with
each result; nothing here is a Monte Carlo estimate.

>>> a1, b1, a2, b2 = 9, 3, 7, 5       # accuracy of A: 8 of 10 right, of B: 6 of 10, prior α = 1
>>> p = p_greater_beta(a1, b1, a2, b2)
>>> round(p.value, 10), p.method
(0.8192724458, 'closed form (finite sum of Beta functions)')
>>> q = p_greater_beta(9.5, 3.5, 7.5, 5.5)     # no integer parameter: quadrature
>>> q.method, q.error < 1e-12
('1-D Gauss-Legendre quadrature', True)
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
from scipy import integrate, optimize, special, stats

from ordertheory.analyses.importance.linear_fractional import LinearFractional, TwoLevel

MAX_TERMS = 200_000  # the finite sum is used when it has at most this many terms
EPS = float(np.finfo(float).eps)
_NODES = {n: np.polynomial.legendre.leggauss(n) for n in (128, 256)}
TAIL = 1e-17  # mass of the narrower Beta left outside the integration interval, on each side


@dataclass(frozen=True)
class Probability:
    """A probability computed without sampling, with its numerical error estimate and method."""

    value: float
    error: float
    method: str

    def to_json(self) -> dict:
        return {"value": self.value, "error": self.error, "method": self.method}


# --- two independent Betas ------------------------------------------------------------------------
def _miller(aA: float, bA: float, aB: int, bB: float) -> tuple[float, float]:
    """P(p_B > p_A) for p_A ~ Beta(aA, bA), p_B ~ Beta(aB, bB), aB a positive integer (Miller 2015):
    Σ_{i<aB} B(aA+i, bA+bB) / ((bB+i) B(1+i, bB) B(aA, bA)); with a float error estimate."""
    i = np.arange(int(aB), dtype=float)
    parts = (special.betaln(aA + i, bA + bB), np.log(bB + i), special.betaln(1 + i, bB), special.betaln(aA, bA))
    logs = parts[0] - parts[1] - parts[2] - parts[3]
    top = logs.max()
    total = math.exp(top) * float(np.exp(logs - top).sum())
    rel = 4 * EPS * float(max(np.max(np.abs(p)) for p in parts)) + len(i) * EPS
    return total, total * rel + EPS


def _is_int(x: float) -> bool:
    return float(x) == int(x) and x >= 1


def _finite_sum(a1: float, b1: float, a2: float, b2: float) -> tuple[float, float] | None:
    """P(B1 > B2) by the shortest applicable finite sum, or None."""
    ways = []  # (terms, function giving (p, err))
    if _is_int(a1):
        ways.append((a1, lambda: _miller(a2, b2, int(a1), b1)))
    if _is_int(b2):
        ways.append((b2, lambda: _miller(b1, a1, int(b2), a2)))
    if _is_int(a2):
        ways.append((a2, lambda: _complement(_miller(a1, b1, int(a2), b2))))
    if _is_int(b1):
        ways.append((b1, lambda: _complement(_miller(b2, a2, int(b1), a1))))
    ways = [w for w in ways if w[0] <= MAX_TERMS]
    if not ways:
        return None
    return min(ways, key=lambda w: w[0])[1]()


def _complement(pe: tuple[float, float]) -> tuple[float, float]:
    return 1.0 - pe[0], pe[1] + EPS


def _beta_sd(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.sqrt(a * b / ((a + b) ** 2 * (a + b + 1)))


def _legendre(a1, b1, a2, b2) -> tuple[np.ndarray, np.ndarray]:
    """P(B1 > B2) for arrays of parameters, by Gauss–Legendre over the narrower density; (value, error)."""
    a1, b1, a2, b2 = (np.asarray(x, dtype=float) for x in (a1, b1, a2, b2))
    first = _beta_sd(a1, b1) <= _beta_sd(a2, b2)  # integrate over B1's density: ∫ f1 F2
    da, db = np.where(first, a1, a2), np.where(first, b1, b2)
    oa, ob = np.where(first, a2, a1), np.where(first, b2, b1)  # the other Beta, whose CDF is integrated
    lo = special.betaincinv(da, db, TAIL)
    hi = 1 - special.betaincinv(db, da, TAIL)  # by symmetry: 1 − 1e-17 is 1.0 in floats
    out = {}
    for n, (t, w) in _NODES.items():
        x = lo[:, None] + (hi - lo)[:, None] * (t[None, :] + 1) / 2
        with np.errstate(all="ignore"):
            f = stats.beta.pdf(x, da[:, None], db[:, None])  # Boost's density: accurate for large parameters
            F = special.betainc(oa[:, None], ob[:, None], x)
        integral = (f * F * w[None, :]).sum(axis=1) * (hi - lo) / 2
        out[n] = np.where(first, integral, 1 - integral)  # P(B1 > B2) = 1 − ∫ f2 F1 when B2 is the narrower
    err = np.abs(out[256] - out[128]) + 4 * TAIL + 64 * EPS
    return np.clip(out[256], 0.0, 1.0), err


def _quad(a1: float, b1: float, a2: float, b2: float) -> tuple[float, float]:
    f = lambda x: math.exp((a1 - 1) * math.log(x) + (b1 - 1) * math.log1p(-x) - special.betaln(a1, b1)) \
        * special.betainc(a2, b2, x) if 0 < x < 1 else 0.0
    v, e = integrate.quad(f, 0, 1, limit=500, epsabs=1e-14, epsrel=1e-12,
                          points=[a1 / (a1 + b1), a2 / (a2 + b2)])
    return v, e + EPS


def p_greater_beta(a1: float, b1: float, a2: float, b2: float) -> Probability:
    """P(B1 > B2) for independent B1 ~ Beta(a1, b1), B2 ~ Beta(a2, b2), without sampling."""
    fs = _finite_sum(a1, b1, a2, b2)
    if fs is not None:
        return Probability(min(1.0, max(0.0, fs[0])), fs[1], "closed form (finite sum of Beta functions)")
    return p_greater_beta_many(np.array([a1]), np.array([b1]), np.array([a2]), np.array([b2]))[0]


def p_greater_beta_many(a1, b1, a2, b2, tolerance: float = 1e-11) -> list[Probability]:
    """:func:`p_greater_beta` for arrays of parameters (one quadrature for all; the finite sum is not
    tried: for many pairs the vectorised quadrature is faster)."""
    v, e = _legendre(a1, b1, a2, b2)
    out = []
    for k in range(len(v)):
        smooth = min(a1[k], b1[k], a2[k], b2[k]) >= 1
        if e[k] <= tolerance and smooth:
            out.append(Probability(float(v[k]), float(e[k]), "1-D Gauss-Legendre quadrature"))
        else:
            q, qe = _quad(float(a1[k]), float(b1[k]), float(a2[k]), float(b2[k]))
            out.append(Probability(q, qe, "1-D adaptive quadrature (scipy quad)"))
    return out


def beta_parameters(tl: TwoLevel, outcomes: tuple[str, ...], counts: np.ndarray, alpha: float) -> tuple[float, float]:
    """(β(E₁), β(E₀)): the Beta posterior of B = P(E₁) / P(E₁ ∪ E₀) under Dirichlet(counts + α)."""
    beta = counts + alpha
    hi = sum(float(beta[i]) for i, o in enumerate(outcomes) if o in tl.high)
    lo = sum(float(beta[i]) for i, o in enumerate(outcomes) if o in tl.low)
    return hi, lo


def two_level_interval(tl: TwoLevel, a: float, b: float, level: float) -> tuple[float, float]:
    """The equal-tailed credible interval of X = g(B), B ~ Beta(a, b) (g monotone)."""
    q = special.betaincinv(a, b, [(1 - level) / 2, (1 + level) / 2])
    ends = sorted(float(tl.value(float(x))) for x in q)
    return ends[0], ends[1]


# --- any linear-fractional score: Gil-Pelaez ------------------------------------------------------
def _chernoff(d: np.ndarray, beta: np.ndarray) -> float:
    """An upper bound of P(d·G ≤ 0): inf over s of E[exp(−s d·G)] = ∏ (1 + s d_ω)^(−β_ω), s < 1/max(−d)."""
    neg = d < 0
    if not neg.any():
        return 0.0
    top = 1.0 / float(np.max(-d[neg]))
    log_mgf = lambda s: float(-np.sum(beta * np.log1p(s * d)))
    r = optimize.minimize_scalar(log_mgf, bounds=(0.0, top * (1 - 1e-12)), method="bounded",
                                 options={"xatol": top * 1e-9})
    return math.exp(min(0.0, r.fun))


def p_positive(d: np.ndarray, beta: np.ndarray, negligible: float = 1e-13) -> Probability:
    """P(d·G > 0) for independent G_ω ~ Gamma(β_ω), by Gil-Pelaez inversion (one quadrature):
    P = 1/2 + (1/π) ∫₀^∞ Im φ(u) / u du, φ(u) = ∏ (1 − i d_ω u)^(−β_ω), u scaled by the sd of d·G.

    Far in a tail, a Chernoff bound below ``negligible`` gives 0 or 1 with that bound as the error."""
    d, beta = np.asarray(d, dtype=float), np.asarray(beta, dtype=float)
    keep = d != 0
    d, beta = d[keep], beta[keep]
    if not len(d):
        return Probability(0.0, 0.0, "exact (d·G = 0)")
    if np.all(d > 0) or np.all(d < 0):
        return Probability(1.0 if d[0] > 0 else 0.0, 0.0, "exact (d·G has one sign)")
    below, above = _chernoff(d, beta), _chernoff(-d, beta)
    if below < negligible:
        return Probability(1.0, below, "Chernoff bound")
    if above < negligible:
        return Probability(0.0, above, "Chernoff bound")
    sigma = math.sqrt(float(np.sum(beta * d * d)))
    dd = d / sigma
    # |φ| = ∏ (1 + dd² v²)^(−β/2) decreases in v: integrate up to where it is below 1e-17
    log_abs = lambda v: float(-0.5 * np.sum(beta * np.log1p((dd * v) ** 2)))
    V = 1.0
    while log_abs(V) > -40 and V < 1e12:
        V *= 2

    def f(v: float) -> float:
        if v == 0:
            return float(np.sum(beta * dd))
        return float(np.exp(-np.sum(beta * np.log1p(-1j * dd * v))).imag / v)

    with warnings.catch_warnings():
        warnings.simplefilter("error", integrate.IntegrationWarning)
        try:
            val, err = integrate.quad(f, 0, V, limit=2000, epsabs=1e-14, epsrel=1e-12)
        except integrate.IntegrationWarning:
            warnings.simplefilter("ignore", integrate.IntegrationWarning)
            val, err = integrate.quad(f, 0, V, limit=2000, epsabs=1e-14, epsrel=1e-12)
            err = max(err, 1e-8)
    p = 0.5 + val / math.pi
    return Probability(min(1.0, max(0.0, p)), err / math.pi + 1e-12 + math.exp(-40) * V,
                       "1-D quadrature (Gil-Pelaez inversion)")


def lf_bounds(lf: LinearFractional) -> tuple[float, float]:
    """The range of X = a·P / b·P on the simplex (its extremes are at vertices where b_ω > 0)."""
    r = [float(a / b) for a, b in zip(lf.numerator, lf.denominator) if b > 0]
    return min(r), max(r)


def lf_survival(lf: LinearFractional, beta: np.ndarray, t: float) -> Probability:
    """P(X > t) under Dirichlet(β), X linear-fractional with b ≥ 0."""
    d = np.array([float(a) - t * float(b) for a, b in zip(lf.numerator, lf.denominator)])
    return p_positive(d, beta)


def lf_interval(lf: LinearFractional, beta: np.ndarray, level: float) -> tuple[float, float, float]:
    """(lo, hi, error in probability) of the equal-tailed credible interval of X under Dirichlet(β),
    by root finding on P(X > t) = (1 ± level)/2."""
    lo_t, hi_t = lf_bounds(lf)
    if lo_t == hi_t:
        return lo_t, hi_t, 0.0
    ends, worst = [], 0.0
    for target in ((1 + level) / 2, (1 - level) / 2):  # P(X > lo) = (1+L)/2, P(X > hi) = (1−L)/2
        errs = []

        def g(t: float, target=target, errs=errs) -> float:
            p = lf_survival(lf, beta, t)
            errs.append(p.error)
            return p.value - target

        a, b = _bracket(lf, beta, target, lo_t, hi_t)
        t = optimize.brentq(g, a, b, xtol=1e-12, rtol=1e-12, maxiter=200)
        ends.append(t)
        worst = max(worst, max(errs))
    return ends[0], ends[1], worst


def _moments(lf: LinearFractional, beta: np.ndarray) -> tuple[float, float]:
    """The delta-method mean and sd of X = a·P / b·P under Dirichlet(β): a bracket for root finding."""
    a = np.array([float(x) for x in lf.numerator])
    b = np.array([float(x) for x in lf.denominator])
    n = float(beta.sum())
    m = beta / n
    cov = (np.diag(m) - np.outer(m, m)) / (n + 1)
    A, B = float(a @ m), float(b @ m)
    grad = a / B - A * b / B**2
    return A / B, math.sqrt(max(0.0, float(grad @ cov @ grad)))


def _bracket(lf: LinearFractional, beta: np.ndarray, target: float, lo_t: float, hi_t: float) -> tuple[float, float]:
    """[a, b] with P(X > a) ≥ target ≥ P(X > b), widened from the delta-method guess."""
    mean, sd = _moments(lf, beta)
    for k in (4.0, 8.0, 16.0, 64.0):
        a, b = max(lo_t, mean - k * sd), min(hi_t, mean + k * sd)
        if lf_survival(lf, beta, a).value >= target >= lf_survival(lf, beta, b).value:
            return a, b
    return lo_t, hi_t


_GP_NODES = {n: np.polynomial.legendre.leggauss(n) for n in (128, 256)}


def _survival_many(a: np.ndarray, b: np.ndarray, beta: np.ndarray, t: np.ndarray,
                   density: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """P(X > t) for rows of Dirichlet parameters ``beta`` (M × |Ω|) at thresholds ``t`` (M,), by
    Gil-Pelaez with Gauss–Legendre on [0, V] (|φ(V)| < e^−40); (values, error estimates).

    With ``density``: the density f_X(t) = −d/dt P(X > t) instead. Differentiating φ_t(u) =
    ∏ (1 − i u d_ω(t))^(−β_ω), d(t) = a − t·b, under the integral gives
    f_X(t) = (1/π) ∫₀^∞ Re[φ_t(u) Σ_ω β_ω b_ω / (1 − i u d_ω)] du — one more 1-D integral."""
    d = a[None, :] - t[:, None] * b[None, :]
    sigma = np.sqrt(np.sum(beta * d * d, axis=1))
    dd = d / sigma[:, None]
    V = np.ones(len(t))
    for _ in range(60):
        small = -0.5 * np.sum(beta * np.log1p((dd * V[:, None]) ** 2), axis=1) < -40
        if small.all():
            break
        V = np.where(small, V, 2 * V)
    out = {}
    for n, (x, w) in _GP_NODES.items():
        v = V[:, None] * (x[None, :] + 1) / 2  # (M, n)
        y = dd[:, None, :] * v[:, :, None]  # log(1 − iy) = ½·log(1 + y²) − i·atan(y): real arithmetic only
        modulus = np.exp(-0.5 * np.sum(beta[:, None, :] * np.log1p(y * y), axis=2))
        angle = np.sum(beta[:, None, :] * np.arctan(y), axis=2)  # φ = modulus·e^{i·angle}
        if density:  # Re[φ Σ β b (1 + iy)/(1 + y²)]
            q = (beta * b[None, :])[:, None, :] / (1 + y * y)
            g = modulus * (np.cos(angle) * q.sum(axis=2) - np.sin(angle) * (q * y).sum(axis=2))
            out[n] = (g * w[None, :]).sum(axis=1) * V / 2 / math.pi / sigma
        else:
            out[n] = 0.5 + (modulus * np.sin(angle) / v * w[None, :]).sum(axis=1) * V / 2 / math.pi
    hi_n, lo_n = max(_GP_NODES), min(_GP_NODES)
    value = np.maximum(out[hi_n], 0) if density else np.clip(out[hi_n], 0, 1)
    return value, np.abs(out[hi_n] - out[lo_n]) + 1e-13


def lf_intervals(lf: LinearFractional, betas: np.ndarray, level: float,
                 tolerance: float = 1e-10) -> list[tuple[float, float, float]]:
    """:func:`lf_interval` for every row of ``betas`` at once (vectorised bisection on both ends,
    each step one Gauss–Legendre inversion for all rows); rows whose quadrature error estimate
    exceeds ``tolerance`` (few samples: slowly decaying φ) go through :func:`lf_interval`."""
    a = np.array([float(x) for x in lf.numerator])
    b = np.array([float(x) for x in lf.denominator])
    lo_t, hi_t = lf_bounds(lf)
    rows = len(betas)
    moments = [_moments(lf, beta) for beta in betas]
    mean = np.array([m for m, _ in moments])
    sd = np.array([s for _, s in moments])
    beta2 = np.concatenate([betas, betas])
    target = np.concatenate([np.full(rows, (1 + level) / 2), np.full(rows, (1 - level) / 2)])
    left = np.maximum(lo_t, np.concatenate([mean, mean]) - 10 * np.concatenate([sd, sd]))
    right = np.minimum(hi_t, np.concatenate([mean, mean]) + 10 * np.concatenate([sd, sd]))
    pl, el = _survival_many(a, b, beta2, left)
    pr, er = _survival_many(a, b, beta2, right)
    ok = (pl >= target) & (pr <= target) & (np.concatenate([sd, sd]) > 0)
    worst = np.maximum(el, er)
    for _ in range(40):  # the bracket shrinks from 20 sd to 20 sd · 2^-40 ≈ 2e-11 sd
        mid = (left + right) / 2
        pm, em = _survival_many(a, b, beta2, mid)
        worst = np.maximum(worst, em)
        up = pm > target
        left, right = np.where(up, mid, left), np.where(up, right, mid)
    ends = (left + right) / 2
    out = []
    for r in range(rows):
        if ok[r] and ok[r + rows] and max(worst[r], worst[r + rows]) <= tolerance:
            out.append((float(ends[r]), float(ends[r + rows]), float(max(worst[r], worst[r + rows]))))
        else:
            out.append(lf_interval(lf, betas[r], level))
    return out



def lf_survival_density(lf: LinearFractional, betas: np.ndarray, t: np.ndarray,
                        density: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """P(X > t_k) (or the density of X at t_k) under Dirichlet(betas[k]), for every row k at once."""
    a = np.array([float(x) for x in lf.numerator])
    b = np.array([float(x) for x in lf.denominator])
    return _survival_many(a, b, betas, np.asarray(t, dtype=float), density)
