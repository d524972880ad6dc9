"""Linear forms in Π's parameters and the float linear programme that proposes bounds of a ratio.

The programme only *proposes* (floats): every bound it suggests is then proved or rejected by an
exact z3 query in :mod:`ordertheory.fitness.structure.ratios`.

>>> import sympy
>>> x, y = sympy.symbols("x y")
>>> f = linear(2*x - y/3 + 1, [x, y])
>>> f.coeffs, f.const
((2.0, -0.3333333333333333), 1.0)
>>> round(bound_lp(linear(x, [x, y]), linear(x + y, [x, y]), [linear(x, [x, y]), linear(y, [x, y]),
...                linear(1 - x - y, [x, y])], maximise=True), 9)
1.0
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import sympy

from ordertheory.exact import affine_form


@dataclass(frozen=True)
class Linear:
    """c · params + const, in floats (numeric only)."""

    coeffs: tuple[float, ...]
    const: float


def linear(e: sympy.Expr, params) -> Linear:
    """The coefficients of a linear (affine) sympy expression in ``params``, as floats
    (:func:`~ordertheory.exact.affine_form` read exactly, then rounded)."""
    form = affine_form(e, list(params))
    if form is None:
        raise ValueError(f"not linear in the parameters: {e}")
    coeffs, const = form
    return Linear(tuple(float(c) for c in coeffs), float(const))


def bound_lp(N: Linear, D: Linear, nonneg: list[Linear], maximise: bool, point: bool = False):
    """sup (``maximise``) or inf of N/D over {y : every nonneg form ≥ 0, D(y) > 0} (Charnes–Cooper).

    Returns the float value (with ``point``: (value, {parameter index: value})), ``"empty"`` when
    the set is empty, None when the programme failed or is unbounded.
    """
    from scipy.optimize import linprog

    n = len(N.coeffs)
    c = np.array(list(N.coeffs) + [N.const]) * (-1.0 if maximise else 1.0)
    A_ub = np.array([[-a for a in f.coeffs] + [-f.const] for f in nonneg]) if nonneg else None
    b_ub = np.zeros(len(nonneg)) if nonneg else None
    A_eq = np.array([list(D.coeffs) + [D.const]])
    bounds = [(None, None)] * n + [(0, None)]
    try:
        res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=np.array([1.0]), bounds=bounds, method="highs")
    except ValueError:  # numerically unusable data: no proposal
        return None
    if res.status == 2:
        return "empty"
    if res.status != 0:
        return None
    value = -res.fun if maximise else res.fun
    if not point:
        return value
    tau = res.x[-1]
    if tau <= 1e-12:
        return None
    return value, {i: res.x[i] / tau for i in range(n)}
