"""Table 1's tests 1–3 as Coq theorems over the reals, proved by the generic lemmas instantiated.

Per cell (a score on a Π) the exporter looks for the form the lemmas need: on Π, with Π's
equalities solved, X = N/D with N and D affine in the performance and D > 0 on Π ∩ dom(X). The
cell's ``ratio`` lemma proves that form in Coq — ``field`` for X = N/D, ``lra`` for D ≥ 0 on Π and,
for D ≠ 0, a domain condition of X as written that is D times a polynomial on Π (``ring``) — and
then

- test 2 (3) is ``ratio_mixture_le_max`` (``_ge_min``) at N, D of the two ends: the mediant lemma;
- test 1 at each level of S is ``ratio_bound`` through a threshold t (the value of X at a vertex of
  the face P(S ≤ s) = 1 or P(S ≥ s) = 1 of Π, checked at every vertex in exact arithmetic here,
  re-proved by ``lra`` in Coq).

A cell without that form (a square root, a product of rates on all performances) is not exported,
and the coverage says so: those stay proved by z3 (and cvc5 where it replays them).

>>> from ordertheory.catalogue import get
>>> from ordertheory.paper.table1 import setting
>>> r = ratio_form(get("f1").score(), setting("prior=0.2"))
>>> r.N, r.D   # fn = 1/5 - tp on Π, integer coefficients
(10*tp, 5*fp + 5*tp + 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.coq.performances import of_performance, pi_name, score_definition
from ordertheory.coq.vernacular import NotExportable, Theorem, ident, real_term
from ordertheory.engine.sanity import domain_point
from ordertheory.engine.witness import TestName
from ordertheory.scores.formula import ConditionKind
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.theory.axioms import axiom2_levels

LOCAL = "x_"  # the names of a destructed performance's fields in the proofs: x_tn, x_fp, …


@dataclass(frozen=True)
class RatioForm:
    """X = N/D on Π: N, D affine in the outcome probabilities (Π's equalities solved for
    ``solved``), D > 0 on Π ∩ dom(X); ``condition`` is the index of a domain condition c ≠ 0 of X
    with c = D·``quotient`` on Π (None when D is a positive constant)."""

    N: sympy.Expr
    D: sympy.Expr
    solved: tuple[tuple[str, sympy.Expr], ...]
    condition: int | None
    quotient: sympy.Expr | None


def solved_outcomes(Pi: PerformanceSet) -> tuple[dict, tuple[tuple[str, sympy.Expr], ...]]:
    """Π's equalities solved: (outcome symbol → expression in the free outcomes, the solved ones)."""
    params, mapping, _ = Pi.parametrise("p")
    back = {p: sympy.Symbol(p.name.removesuffix("_p"), real=True) for p in params}
    sub, solved = {}, []
    for s, e in mapping.items():
        e = sympy.expand(e.xreplace(back))
        sub[s] = e
        if e != sympy.Symbol(s.name, real=True):
            solved.append((s.name, e))
    return sub, tuple(solved)


def _affine(e: sympy.Expr, syms) -> bool:
    return sympy.Poly(e, *syms).total_degree() <= 1 if e.free_symbols else True


def ratio_form(score: Score, Pi: PerformanceSet) -> RatioForm | None:
    """X = N/D on Π with N, D affine and D > 0 on Π ∩ dom(X), or None (the lemmas do not apply)."""
    if not score.is_algebraic or score.expr.has(sympy.Pow) and any(
            not (a.exp.is_Integer) for a in score.expr.atoms(sympy.Pow)):
        return None
    sub, solved = solved_outcomes(Pi)
    syms = sorted({s for e in sub.values() for s in e.free_symbols}, key=lambda s: s.name)
    X = sympy.cancel(sympy.together(score.expr.xreplace(sub)))
    N, D = sympy.fraction(X)
    N, D = sympy.expand(N), sympy.expand(D)
    if not syms or not (_affine(N, syms) and _affine(D, syms)):
        return None
    P = domain_point(score, Pi)
    if P is None:
        return None
    at = D.xreplace({sympy.Symbol(o, real=True): v for o, v in P.as_dict().items()})
    if at == 0:
        return None
    if at < 0:
        N, D = -N, -D
    scale = sympy.ilcm(*[sympy.Rational(c).q for e in (N, D) for c in sympy.Poly(e, *syms).coeffs()])
    N, D = sympy.expand(N * scale), sympy.expand(D * scale)  # integer coefficients: ring reads them
    if any(D.xreplace({sympy.Symbol(o, real=True): v for o, v in V.as_dict().items()}) < 0 for V in Pi.vertices()):
        return None  # D changes sign on Π: the lemmas need one sign
    if D.is_number:
        return RatioForm(N, D, solved, None, None)
    for j, c in enumerate(score.conditions):
        if c.kind is not ConditionKind.NONZERO:
            continue
        q, r = sympy.div(sympy.expand(sympy.cancel(c.expr.xreplace(sub))), D, *syms) \
            if sympy.cancel(c.expr.xreplace(sub)).is_polynomial(*syms) else (None, 1)
        if r == 0:
            return RatioForm(N, D, solved, j, sympy.expand(q))
    return None


def _values(e: sympy.Expr, P) -> Fraction:
    v = e.xreplace({sympy.Symbol(o, real=True): sympy.Rational(x.numerator, x.denominator)
                    for o, x in P.as_dict().items()})
    return Fraction(int(v.p), int(v.q))


def threshold(form: RatioForm, Pi: PerformanceSet, low: frozenset[str], high: frozenset[str]) -> Fraction | None:
    """A t with N − t·D ≤ 0 on the face P(S ≤ s) = 1 of Π and ≥ 0 on the face P(S ≥ s) = 1, checked at
    every vertex of both faces (exact: both are affine); None when no vertex value works."""
    faces = {name: Pi.vertices(support) for name, support in (("low", low), ("high", high))}
    candidates = sorted({_values(form.N, V) / _values(form.D, V) for name in ("low", "high")
                         for V in faces[name] if _values(form.D, V) > 0})
    for t in candidates + [Fraction(0)]:
        if all(_values(form.N - t * form.D, V) <= 0 for V in faces["low"]) and \
                all(_values(form.N - t * form.D, V) >= 0 for V in faces["high"]):
            return t
    return None


def solve_lines(solved) -> list[str]:
    """Π's equalities used in a proof: each solved outcome replaced by its expression (lra, subst)."""
    return [f"  assert (E_{name} : {LOCAL}{name} = {_local(e)}) by lra. subst {LOCAL}{name}." for name, e in solved]


def _local(e: sympy.Expr) -> str:
    return real_term(e, {s.name: LOCAL + s.name for s in e.free_symbols})


@dataclass(frozen=True)
class Cell:
    """The Coq text of one Table 1 cell (definitions, the ratio lemma) and its test theorems."""

    prelude: str
    theorems: tuple[Theorem, ...]


def cell_theorems(slug: str, score: Score, Pi: PerformanceSet, proved: dict[str, bool],
                  setting: str | None = None) -> Cell | None:
    """The cell's proved tests (``proved``: test name → proved by the package) as Coq theorems, or
    None when X is not a ratio of affine forms on Π (the tests stay with the SMT certificates);
    ``setting`` names Π in the statement ids (``table1/SCORE/SETTING/TEST``, as the paper job's)."""
    setting = setting or Pi.label
    form = ratio_form(score, Pi)
    if form is None:
        return None
    sp, X = score.space, ident(slug)
    base = f"{X}_on_{ident(Pi.label)}"
    pin = pi_name(Pi)
    dom = score_definition(score, slug)
    defs = [f"(* {slug} on Π = {Pi.label}: X = N/D with N, D affine in P and D > 0 on Π ∩ dom(X) *)",
            f"Definition {base}_N (P : performance) : R := {of_performance(form.N, sp)}.",
            f"Definition {base}_D (P : performance) : R := {of_performance(form.D, sp)}.",
            f"Lemma {base}_N_mixture : forall l P1 P2, {base}_N (mixture l P1 P2) = l * {base}_N P1 + (1 - l) * {base}_N P2.",
            f"Proof. intros. unfold {base}_N, mixture; simpl; ring. Qed.",
            f"Lemma {base}_D_mixture : forall l P1 P2, {base}_D (mixture l P1 P2) = l * {base}_D P1 + (1 - l) * {base}_D P2.",
            f"Proof. intros. unfold {base}_D, mixture; simpl; ring. Qed."]
    fields = " ".join(LOCAL + o for o in sp.outcomes)
    n_pi = len(Pi.inequalities()) + len(Pi.equalities())
    pattern = lambda k, h: " & ".join(f"{h}{i}" for i in range(1, k + 1))  # noqa: E731
    script = [f"  intros [{fields}] HPi Hdom.",
              f"  unfold {pin}, dom_{X}, {X}, {base}_N, {base}_D in *; simpl in *.",
              f"  destruct HPi as ({pattern(n_pi, 'H')})." if n_pi > 1 else ""]
    if dom.conditions > 1:
        script.append(f"  destruct Hdom as ({pattern(dom.conditions, 'C')}).")
    elif dom.conditions == 1:
        script.append("  rename Hdom into C1.")
    script += solve_lines(form.solved)
    D = _local(form.D)
    if form.condition is None:
        script.append(f"  assert (HD : 0 < {D}) by lra.")
    else:
        script += [f"  assert (HD : 0 < {D}).",
                   f"  {{ assert (H0 : 0 <= {D}) by lra.",
                   "    destruct (Rle_lt_or_eq_dec 0 _ H0) as [h|h]; [exact h|].",
                   f"    exfalso. apply C{form.condition + 1}.",
                   f"    apply eq_trans with (y := ({D}) * ({_local(form.quotient)})); [field | rewrite <- h; ring]. }}"]
    script.append("  split; [field; nonzero | exact HD].")
    ratio = Theorem(f"{base}_ratio", "", f"{slug} on Π = {Pi.label}: X = N/D with D > 0 on Π ∩ dom(X)",
                    f"forall P : performance, {pin} P -> dom_{X} P -> {X} P = {base}_N P / {base}_D P /\\ 0 < {base}_D P",
                    "\n".join(x for x in script if x), kind="Lemma")
    theorems = [ratio]
    hyps = f"{pin} P1 -> {pin} P2 -> dom_{X} P1 -> dom_{X} P2"
    for test, lemma, rel in ((TestName.TEST2, "ratio_mixture_le_max", "<= Rmax"),
                             (TestName.TEST3, "ratio_mixture_ge_min", ">= Rmin")):
        if not proved.get(str(test)):
            continue
        claim = (f"{X} (mixture l P1 P2) <= Rmax ({X} P1) ({X} P2)" if test is TestName.TEST2
                 else f"Rmin ({X} P1) ({X} P2) <= {X} (mixture l P1 P2)")
        theorems.append(Theorem(
            f"{base}_{test}", f"table1/{slug}/{setting}/{test}",
            f"{slug} on Π = {Pi.label}: {test}: X(λP1 + (1−λ)P2) {rel.split()[0]} {rel.split()[1].lower()}(X(P1), X(P2)) "
            "for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1], the mixture in dom(X)",
            f"forall (P1 P2 : performance) (l : R),\n  {hyps} ->\n  0 <= l <= 1 -> dom_{X} (mixture l P1 P2) ->\n  {claim}",
            f"  intros P1 P2 l H1 H2 D1 D2 Hl DM.\n"
            f"  destruct ({base}_ratio P1 H1 D1) as [E1 Q1]. destruct ({base}_ratio P2 H2 D2) as [E2 Q2].\n"
            f"  destruct ({base}_ratio _ ({pin}_mixture l P1 P2 Hl H1 H2) DM) as [EM QM].\n"
            f"  rewrite E1, E2, EM, ({base}_N_mixture l P1 P2), ({base}_D_mixture l P1 P2).\n"
            f"  rewrite ({base}_D_mixture l P1 P2) in QM.\n"
            f"  apply {lemma}; assumption."))
    if proved.get(str(TestName.TEST1)):
        test1 = _test1(slug, base, X, pin, form, Pi, setting)
        if test1 is not None:
            theorems.append(test1)
    return Cell("\n".join(defs), tuple(theorems))


def _test1(slug: str, base: str, X: str, pin: str, form: RatioForm, Pi: PerformanceSet, setting: str) -> Theorem | None:
    levels, proofs = [], []
    fields = " ".join(LOCAL + o for o in Pi.space.outcomes)
    for k, (s, low, high) in enumerate(axiom2_levels(Pi.space)):
        t = threshold(form, Pi, low, high)
        if t is None:
            return None
        levels.append(f"(forall P1 P2 : performance, {pin} P1 -> {pin} P2 -> dom_{X} P1 -> dom_{X} P2 ->\n"
                      f"     prob_S_le_{k} P1 = 1 -> prob_S_ge_{k} P2 = 1 -> {X} P1 <= {X} P2)")
        unfold = f"unfold {pin}, prob_S_le_{k}, prob_S_ge_{k}, {base}_N, {base}_D in *"
        proofs.append(
            f"  - (* level s = {s}: the threshold t = {t} *)\n"
            f"    intros P1 P2 H1 H2 D1 D2 F1 F2.\n"
            f"    destruct ({base}_ratio P1 H1 D1) as [E1 Q1]. destruct ({base}_ratio P2 H2 D2) as [E2 Q2].\n"
            f"    rewrite E1, E2. apply ratio_bound with (t := {real_term(sympy.Rational(t.numerator, t.denominator))}); "
            "try assumption.\n"
            f"    + clear E1 E2 D1 D2. {unfold}. destruct P1 as [{fields}]; simpl in *. split_hyps. lra.\n"
            f"    + clear E1 E2 D1 D2. {unfold}. destruct P2 as [{fields}]; simpl in *. split_hyps. lra.")
    return Theorem(f"{base}_test1", f"table1/{slug}/{setting}/test1",
                   f"{slug} on Π = {Pi.label}: test 1 (Axiom 2 on Π): at each level s of S, P1(S ≤ s) = 1 and "
                   "P2(S ≥ s) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)",
                   "\n  /\\ ".join(levels), "  repeat split.\n" + "\n".join(proofs)
                   if len(levels) > 1 else "\n".join(proofs).replace("  - ", "  ", 1))


__all__ = ["Cell", "NotExportable", "RatioForm", "cell_theorems", "ratio_form", "solve_lines", "solved_outcomes",
           "threshold"]
