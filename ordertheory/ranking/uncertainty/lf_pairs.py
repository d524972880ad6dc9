"""P(X_A > X_B) for any linear-fractional score (every ranking score R_I) under independent
Dirichlet posteriors, by nested one-dimensional quadrature — no sampling.

Conditionally on X_B = t the event X_A > t is linear in A's performance, so
P(X_A > X_B) = ∫ P(X_A > t) f_B(t) dt: an outer Gauss–Legendre integral over the range holding all
but 2·10⁻¹⁰ of B's posterior (its exact quantiles, :func:`~ordertheory.ranking.uncertainty.exact_posterior.lf_intervals`),
whose integrand is two Gil-Pelaez integrals (the survival of X_A and the density of X_B,
:func:`~ordertheory.ranking.uncertainty.exact_posterior.lf_survival_density`). The error estimate adds the outer rule's (32 against 64
nodes), the inner ones' and the mass left outside; a pair whose estimate exceeds the tolerance
(small test sets: slowly decaying characteristic functions) is left to Monte Carlo (None).

>>> import numpy as np
>>> from ordertheory.catalogue import get
>>> from ordertheory.analyses.importance.linear_fractional import linear_fractional
>>> from ordertheory.ranking.uncertainty.exact_posterior import p_greater_beta
>>> acc = linear_fractional(get("accuracy").score())
>>> A, B = np.array([[300.0, 20, 15, 200]]), np.array([[290.0, 25, 18, 198]])
>>> nested = p_greater_many(acc, A, B)[0]
>>> beta = p_greater_beta(500, 35, 488, 43)       # accuracy is two-level: a Beta each
>>> abs(nested.value - beta.value) < 1e-9, nested.error < 1e-8
(True, True)
"""

from __future__ import annotations

import numpy as np

from ordertheory.analyses.importance.linear_fractional import LinearFractional
from ordertheory.ranking.uncertainty.exact_posterior import Probability, lf_intervals, lf_survival_density

TAIL = 1e-10  # B's posterior mass left outside the outer integral, on each side
_OUTER = {n: np.polynomial.legendre.leggauss(n) for n in (32, 64)}
METHOD = "nested 1-D quadrature (Gil-Pelaez survival × density)"


def p_greater_many(lf: LinearFractional, beta_a: np.ndarray, beta_b: np.ndarray,
                   tolerance: float = 1e-8) -> list[Probability | None]:
    """P(X_A > X_B) for each row pair of Dirichlet parameters (M × |Ω| each); None where the error
    estimate exceeds ``tolerance``."""
    ranges = lf_intervals(lf, beta_b, 1 - 2 * TAIL)
    lo = np.array([r[0] for r in ranges])
    hi = np.array([r[1] for r in ranges])
    range_err = np.array([r[2] for r in ranges])
    out_v, inner_err = {}, np.zeros(len(lo))
    for n, (x, w) in _OUTER.items():
        t = lo[:, None] + (hi - lo)[:, None] * (x[None, :] + 1) / 2  # (M, n)
        rows_a = np.repeat(beta_a, n, axis=0)
        rows_b = np.repeat(beta_b, n, axis=0)
        s, se = lf_survival_density(lf, rows_a, t.ravel(), density=False)
        f, fe = lf_survival_density(lf, rows_b, t.ravel(), density=True)
        s, se, f, fe = (v.reshape(len(lo), n) for v in (s, se, f, fe))
        out_v[n] = (s * f * w[None, :]).sum(axis=1) * (hi - lo) / 2
        inner_err = np.maximum(inner_err, ((se * f + fe) * w[None, :]).sum(axis=1) * (hi - lo) / 2)
    err = np.abs(out_v[64] - out_v[32]) + inner_err + 2 * TAIL + 2 * range_err
    return [Probability(float(np.clip(v, 0, 1)), float(e), METHOD) if e <= tolerance else None
            for v, e in zip(out_v[64], err)]
