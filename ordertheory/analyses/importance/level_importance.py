"""The importance an expectation encodes on Ω of any number of levels, derived from its structure.

X = E_P[f] (Brier, the log loss: :class:`~ordertheory.catalogue.scoring.level_score.LevelScore`) is a
strictly monotone transform g of a ranking score R_I on Π exactly when the pencils of their level
hyperplanes coincide (:mod:`.pencil`): (E_P[I], E_P[I·S]) = M·(E_P[f], 1) on Π for an invertible 2 × 2 M.
On Π = every performance, or fixed class priors π_c (each class's mass fixed), that is the homogeneous
linear system, outcome by outcome,

    I(ω) = m₁₁ f(ω) + m₁₂ + g_c,   I(ω)·S(ω) = m₂₁ f(ω) + m₂₂ + h_c   (c the class of ω, Σ_c π_c g_c = Σ_c π_c h_c = 0;
                                                                   g = h = 0 on every performance)

in 4 + 2k unknowns, solved exactly (rational f; a few hundred exact eliminations, not a formula on Ω). Its
solutions with det M ≠ 0 and I ≥ 0 give I and g(r) = (m₂₂ − m₁₂ r)/(m₁₁ r − m₂₁) (X = g(R_I)); only the
zero solution (or none of that kind) proves that no importance exists for the space's written S. The
first candidate tried is I = 1 (f affine in S within each class, with one slope: X = a + b·E_P[S]).

>>> from ordertheory.catalogue.scoring.level_score import LevelScore, sample_name
>>> from ordertheory.spaces.sample_space import scored
>>> d = level_importance(LevelScore(sample_name("brier"), scored(1000)), None)
>>> str(d.kind), d.reason.split(":")[0]
('none', 'the linear system for (I, M) has no solution with det M ≠ 0 and I ≥ 0')
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from ordertheory.analyses.importance.encoded_satisfaction import EncodedSatisfaction, SatisfactionKind
from ordertheory.analyses.importance.importance import ImportanceDerivation, ImportanceKind
from ordertheory.catalogue.scoring.level_score import LevelScore
from ordertheory.scores.direction import Direction

CELL = "I(ω)"  # the importance given as a function of S for every outcome at once


def _row_reduce(rows: list[list[Fraction]], width: int) -> list[list[Fraction]]:
    """A reduced row-echelon basis of the rows' span, built one row at a time (at most ``width`` rows kept)."""
    basis: list[tuple[int, list[Fraction]]] = []
    for r in rows:
        r = list(r)
        for piv, b in basis:
            if r[piv]:
                c = r[piv]
                r = [x - c * y for x, y in zip(r, b)]
        piv = next((j for j, x in enumerate(r) if x), None)
        if piv is None:
            continue
        r = [x / r[piv] for x in r]
        basis = [(p, [x - b[piv] * y for x, y in zip(b, r)]) for p, b in basis]
        basis.append((piv, r))
        if len(basis) == width:
            break
    return [b for _, b in sorted(basis)]


def _null_space(basis: list[list[Fraction]], width: int) -> list[list[Fraction]]:
    pivots = [next(j for j, x in enumerate(b) if x) for b in basis]
    free = [j for j in range(width) if j not in pivots]
    out = []
    for f in free:
        v = [Fraction(0)] * width
        v[f] = Fraction(1)
        for p, b in zip(pivots, basis):
            v[p] = -b[f]
        out.append(v)
    return out


def _f_of_s(X: LevelScore) -> sympy.Expr:
    """The oriented per-case value as a function of S (Brier: −(1 − S)²)."""
    return -(1 - sympy.Symbol("S")) ** 2


def level_importance(X: LevelScore, priors: tuple[Fraction, ...] | None) -> ImportanceDerivation:
    """The importance of the expectation ``X`` on Π (every performance, or the class ``priors``), see the module."""
    name = X.name
    cons = () if priors is None else (f"P(positive) = {priors[1]}",)
    if X.kind != "expectation":
        return ImportanceDerivation(name, cons, ImportanceKind.UNKNOWN, reason=f"{X.name} is not an expectation: its "
                                    "importance on a space this large is not derived (tests 2 or 3 decide whether it "
                                    "has one)")
    S, f, log = X.oriented().outcome_values()
    if log:
        return ImportanceDerivation(name, cons, ImportanceKind.UNKNOWN, reason="f = log(clip(S)) has transcendental "
                                    "values: the exact linear system over them is not solved; X is E_P[S′] for the "
                                    "satisfaction S′ it encodes, S′ = (f − min f)/(max f − min f) (I = 1)")
    L = X.space.level_count
    order = [i for pair in zip(range(L), range(L, 2 * L)) for i in pair]  # the classes in turn: full rank soon
    return _pencil(name, cons, X.direction, S, f, [0] * L + [1] * L, 2, priors, order,
                   "−(1 − S)²" if X.sample.base == "brier" else "f", X.space.outcomes, _f_of_s(X))


def _pencil(name, cons, direction, S, f, rows_of, k_rows, priors, order, fdesc, outcomes, f_of_s) -> ImportanceDerivation:
    """The pencil system (see the module) over the outcomes in ``order``: S, f, each outcome's class."""
    k = k_rows if priors is not None else 0
    width = 4 + 2 * k  # m11, m12, m21, m22, g_c, h_c
    eqs = []
    if k:  # first: Σ_c π_c g_c = Σ_c π_c h_c = 0 (the rows below then fill the rank at once)
        eqs.append([Fraction(0)] * 4 + list(priors) + [Fraction(0)] * k)
        eqs.append([Fraction(0)] * (4 + k) + list(priors))
    for s, v, c in ((S[i], f[i], rows_of[i]) for i in order):
        e = [s * v, s, -v, Fraction(-1)] + [Fraction(0)] * (2 * k)
        if k:
            e[4 + c], e[4 + k + c] = s, Fraction(-1)
        eqs.append(e)
    basis = _row_reduce(eqs, width)
    steps = [f"X = E_P[f] with f = {fdesc} at each of the {len(S)} outcomes; the pencil identity on Π gives "
             f"{len(eqs)} linear equations in {width} unknowns, rank {len(basis)}."]
    null = _null_space(basis, width)
    for v in null:
        m11, m12, m21, m22 = v[:4]
        det = m11 * m22 - m12 * m21
        g = v[4:4 + k] if k else [Fraction(0)] * k_rows
        imp = [m11 * fv + m12 + g[c] for fv, c in zip(f, rows_of)]
        if det == 0 or not (all(i >= 0 for i in imp) or all(i <= 0 for i in imp)) or not any(imp):
            continue
        r = sympy.Symbol("r")
        transform = sympy.simplify((m22 - m12 * r) / (m11 * r - m21))
        sgn = -1 if det > 0 else 1  # g's own determinant is −det M
        kind = ImportanceKind.RANKING_SCORE if transform == r and direction is Direction.HIGHER else \
            ImportanceKind.MONOTONE_TRANSFORM
        top = max(imp, key=abs)
        shown = {CELL: sympy.Integer(1)} if len(set(imp)) == 1 else (
            {o: sympy.Rational(i / top) for o, i in zip(outcomes, imp)} if len(imp) <= 64 else
            {CELL: sympy.nsimplify(f"({m11} * F + {m12}) / ({top})").subs("F", f_of_s)} if not k and f_of_s is not None
            else None)
        steps.append("X" + (" (−X: a loss ranks by −X)" if direction is Direction.LOWER else "") +
                     f" = g(R_I) with g(r) = {transform}, I from the solution (checked ≥ 0, det M = {det} ≠ 0)")
        return ImportanceDerivation(name, cons, kind, shown, transform, "increasing" if sgn > 0 else "decreasing",
                                    None, None, tuple(steps), True)
    if len(null) > 1:
        why = (f"the linear system's solutions form a {len(null)}-dimensional family and no basis vector gives det M ≠ 0 "
               "with I ≥ 0: undecided here")
        return ImportanceDerivation(name, cons, ImportanceKind.UNKNOWN, reason=why, steps=tuple(steps + [why]))
    why = ("the linear system for (I, M) has no solution with det M ≠ 0 and I ≥ 0: no importance and strictly "
           "monotone g give X = g(R_I) with the space's written S (the pencils of level sets differ); X is E_P[S′] "
           "for the satisfaction S′ it encodes, S′ = (f − min f)/(max f − min f), with I = 1")
    return ImportanceDerivation(name, cons, ImportanceKind.NONE, reason=why, steps=tuple(steps + [why]), verified=True)


def probability_importance(X, priors: tuple[Fraction, ...] | None) -> ImportanceDerivation:
    """The importance of an expectation of k-class probabilities (a
    :class:`~ordertheory.catalogue.scoring.class_samples.ProbabilityScore`) with S = p_true, by the same system."""
    cons = () if priors is None else (f"class priors {', '.join(map(str, priors))}",)
    if X.kind != "expectation" or X.sample.base != "brier":
        return ImportanceDerivation(X.name, cons, ImportanceKind.UNKNOWN, reason=f"{X.name} of k-class probabilities: "
                                    "not derived (no rational expectation to solve the pencil system over)")
    names, S, f, rows, _ = X.oriented().outcome_values()
    rows_of = [c for c, r in enumerate(rows) for _ in r]
    order = [i for group in zip(*rows) for i in group]  # the classes in turn
    return _pencil(X.name, cons, X.direction, S, f, rows_of, len(rows), priors, order,
                   "−Σ_j (p_j − [j = y])²", names, None)


def level_satisfaction(X: LevelScore, label: str) -> tuple[EncodedSatisfaction, ImportanceDerivation] | None:
    """The satisfaction S′ the expectation ``X`` encodes on Ω, as a function of S, and the importance with
    it (I = 1: X is an affine image of E_P[S′]); None for a score that is not an expectation.
    f(ω) = min f + (max f − min f)·S′(ω) holds outcome by outcome by construction (min and max over Ω's
    outcomes, exactly; f strictly monotone in S, so they sit at Ω's extreme levels of S)."""
    if X.kind != "expectation":
        return None
    S, f, log = X.oriented().outcome_values()
    s = sympy.Symbol("p_true")  # S(ω): the probability ω gives to its true class
    if log:  # f = log u, u = clip(S): increasing in u
        fs = sympy.log(sympy.Min(sympy.Max(s, sympy.Symbol("ε")), 1 - sympy.Symbol("ε")))
        lo, hi = sympy.log(_q(min(f))), sympy.log(_q(max(f)))
    else:
        fs = _f_of_s(X)
        lo, hi = _q(min(f)), _q(max(f))
    width = sympy.logcombine(hi - lo, force=True)
    loss = X.direction is Direction.LOWER
    sat = {"ω": sympy.simplify((fs.subs(sympy.Symbol("S"), s) - lo) / width)}
    offset, scale = (-lo, -width) if loss else (lo, width)  # X itself: −f for a loss
    fs = fs.subs(sympy.Symbol("S"), s)
    enc = EncodedSatisfaction(X.name, label, SatisfactionKind.EXPECTATION, {"ω": -fs if loss else fs}, sat,
                              offset, scale, loss, True, True, False, None,
                              how=f"f = min f + (max f − min f)·S′ at each of the {len(S)} outcomes, exactly; p_true = "
                                  "the probability ω gives to its true class")
    imp = ImportanceDerivation(X.name, (label,), ImportanceKind.RANKING_SCORE if not loss else ImportanceKind.MONOTONE_TRANSFORM,
                               {"ω": sympy.Integer(1)}, None if not loss else -sympy.Symbol("r"),
                               None if not loss else "decreasing", None, None,
                               ("X = E_P[f] = min f + (max f − min f)·E_P[S′] = an affine image of R_I with I = 1",), True)
    return enc, imp


def _q(x) -> sympy.Rational:
    x = Fraction(x)
    return sympy.Rational(x.numerator, x.denominator)


def probability_satisfaction(X, label: str) -> EncodedSatisfaction | None:
    """The satisfaction S′ an expectation of k-class probabilities encodes on its Ω (a
    :class:`~ordertheory.catalogue.scoring.class_samples.ProbabilityScore`): S′ = (f − min f)/(max f − min f)
    with f the per-case gain, min and max over Ω's outcomes (exactly) — X is then an affine image of E_P[S′]
    (I = 1), outcome by outcome; None for any other score (or f irrational: the log loss's S′ is log p_true)."""
    if X.kind != "expectation" or X.sample.base != "brier":
        return None
    _, _, f, _, _ = X.oriented().outcome_values()
    lo, hi = _q(min(f)), _q(max(f))
    b = sympy.Symbol("B")  # the case's Σ_j (p_j − [j = y])²
    loss = X.direction is Direction.LOWER
    return EncodedSatisfaction(X.name, label, SatisfactionKind.EXPECTATION, {"ω": b if loss else -b},
                               {"ω": sympy.simplify((-b - lo) / (hi - lo))}, -lo if loss else lo,
                               -(hi - lo) if loss else hi - lo, loss, True, True, False, None,
                               how=f"f = min f + (max f − min f)·S′ at each of the {len(f)} outcomes, exactly; B = "
                                   "Σ_j (p_j − [j = y])², the case's squared distance to its one-hot label")
