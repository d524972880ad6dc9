"""Two complete routes to X = g(R_I) for a ratio of affine functions X = A/B on Π.

- **As written**: X's own numerator and denominator, when affine in the outcome probabilities, are a
  candidate (v, w) with X = Σ w P / Σ v P (:func:`written_pair`).
- **The pencil of level sets**: X = g(R_I) with g strictly monotone only if the level hyperplanes of X and
  of R_I coincide on Π, i.e. (Σ I·P, Σ I·S·P) = M·(A, B) on Π for an invertible 2 × 2 matrix M. That is
  linear in (I, M) — an exact null space — plus I ≥ 0, I ≠ 0 and det M ≠ 0, which z3 decides
  (:func:`pencil_candidate`). Its "unsat" proves that no importance exists; the null space's search in
  :mod:`~ordertheory.analyses.importance.importance` is not complete on its own (a family of solutions
  when Π has equalities).
"""

from __future__ import annotations

import sympy

from ordertheory.scores.score import Score, outcome_symbols


def written_pair(score: Score) -> sympy.Matrix | None:
    """(v, w) read off the formula as written, X = Σ w(ω)P(ω) / Σ v(ω)P(ω) when its numerator and
    denominator are affine in the outcome probabilities (a constant c read as c·Σ P(ω)): the natural
    candidate, which the null space's combinations can miss on a Π with equalities (a family of
    solutions). None otherwise. It is only a candidate: the residual X − g(R_I) is checked as for any."""
    syms = outcome_symbols(score.space)
    num, den = sympy.fraction(sympy.together(score.expr))
    rows = []
    for part in (den, num):
        try:
            poly = sympy.Poly(sympy.expand(part), *syms)
        except sympy.PolynomialError:
            return None
        if poly.total_degree() > 1 or any(not c.is_Rational for c in poly.coeffs()):
            return None
        const = poly.coeff_monomial(1)
        rows.append([poly.coeff_monomial(x) + const for x in syms])
    return sympy.Matrix(rows[0] + rows[1])


def nullspace(A: sympy.Matrix) -> list[sympy.Matrix]:
    """``A.nullspace(simplify=True)``: the same basis (rref, each free unknown set to 1 in turn),
    computed over QQ with sympy's DomainMatrix when A's entries are rational numbers (every
    fixed-prior setting; ~10× faster than generic expressions). Symbolic entries (a symbolic
    prior) keep Matrix.nullspace, whose simplified forms the derivations print.

    >>> nullspace(sympy.Matrix([[1, 2, 3]]))
    [Matrix([
    [-2],
    [ 1],
    [ 0]]), Matrix([
    [-3],
    [ 0],
    [ 1]])]
    """
    if A.free_symbols or not all(x.is_Rational for x in A):
        return A.nullspace(simplify=True)
    from sympy.polys.matrices import DomainMatrix

    N = DomainMatrix.from_Matrix(A).convert_to(sympy.QQ).nullspace().to_Matrix()
    return [N.row(i).T for i in range(N.rows)]


PENCIL_RLIMIT = 5_000_000  # z3's resource units for the pencil's question (about a second)
NO_PENCIL = ("no importance: X = A/B is a ratio of affine functions on Π, so X = g(R_I) for a strictly monotone g "
             "only if (Σ I·P, Σ I·S·P) = M·(A, B) on Π for an invertible 2 × 2 matrix M (their pencils of level "
             "hyperplanes coincide); z3 proves that no I ≥ 0, I ≠ 0 and invertible M solve it")


def pencil_candidate(e: sympy.Expr, params, ps, S, n: int):
    """The complete question for a linear-fractional X = A/B: is there I ≥ 0 (not 0) and an
    invertible M with D_I = pA + qB and N_I = rA + sB on Π? Linear in (I, p, q, r, s) once M is
    unknown, so its null space is exact; the sign and invertibility conditions go to z3 (bounded by
    resource units). Returns a (v, w) candidate (X = Σ w P / Σ v P, parallel within levels) from z3's
    exact model, :data:`NO_PENCIL` when z3 proves none exists, or None when it is not decided here
    (symbolic coefficients, z3's budget, an algebraic model)."""
    num, den = sympy.fraction(sympy.cancel(sympy.together(e)))
    I = sympy.symbols(f"i0:{n}")
    p, q, r, s = sympy.symbols("p q r s")
    eqs = []
    for part in (sum(I[j] * ps[j] for j in range(n)) - p * num - q * den,
                 sum(I[j] * S[j] * ps[j] for j in range(n)) - r * num - s * den):
        try:
            eqs.extend(sympy.Poly(sympy.expand(part), *params).coeffs() if params else [sympy.expand(part)])
        except sympy.PolynomialError:
            return None
    A, _ = sympy.linear_eq_to_matrix(eqs, [*I, p, q, r, s])
    if A.free_symbols or not all(x.is_Rational for x in A):
        return None  # a symbolic Π: not asked here
    basis = nullspace(A)
    if not basis:
        return NO_PENCIL
    import z3

    t = [z3.Real(f"t{j}") for j in range(len(basis))]
    lin = [sum((z3.RealVal(str(b[i])) * tj for b, tj in zip(basis, t) if b[i] != 0), z3.RealVal(0))
           for i in range(n + 4)]
    solver = z3.Solver()
    solver.set("rlimit", PENCIL_RLIMIT)
    solver.add(*(x >= 0 for x in lin[:n]), z3.Sum(*lin[:n]) == 1, lin[n] * lin[n + 3] - lin[n + 1] * lin[n + 2] != 0)
    answer = solver.check()
    if answer == z3.unsat:
        return NO_PENCIL
    if answer != z3.sat:
        return None
    model = solver.model()
    vals = []
    for x in lin:
        v = model.eval(x, model_completion=True)
        if not z3.is_rational_value(v):
            return None
        vals.append(sympy.Rational(v.numerator_as_long(), v.denominator_as_long()))
    imp, (pv, qv, rv, sv) = vals[:n], vals[n:]
    # A = (s·D − q·N)/det, B = (p·N − r·D)/det: X = Σ w P / Σ v P with w = I(s − qS), v = I(pS − r)
    return sympy.Matrix([imp[j] * (pv * S[j] - rv) for j in range(n)] + [imp[j] * (sv - qv * S[j]) for j in range(n)])
