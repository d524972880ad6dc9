"""The generic statements: Theorems 1–3 with X uninterpreted, Corollaries 1–4 from the axioms,
the converse our tests rely on, and A.5.1 (every R_I satisfies the theorems' conditions) with the
importance symbolic — all as z3 obligations over a given Ω and S.

Performances are tuples of real variables on the simplex of Ω; X and dom(X) (or ≲) are
uninterpreted functions of them. Hypotheses are used at the instances the proof needs (a weaker
hypothesis than the universally quantified one, so an 'unsat' remains a proof) and the queries
stay quantifier-free.

>>> res = {r.id: r for r in generic_theorems(binary())}
>>> res["theorem-1/transitive"].verdict.label, res["corollary-2"].verdict.label
('proved', 'proved')
"""

from __future__ import annotations

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Result
from ordertheory.spaces.sample_space import SampleSpace, binary
from ordertheory.theory.axioms import axiom2_z3, axiom3_z3
from ordertheory.theory.order import Vocabulary


class _Perf:
    """A symbolic performance: one real per outcome, on the simplex."""

    def __init__(self, env: Env, space: SampleSpace, name: str) -> None:
        self.space = space
        self.p = [env.Real(f"{name}_{o}") for o in space.outcomes]
        self.env = env

    def on_simplex(self) -> list:
        return [x >= 0 for x in self.p] + [self.env.Sum(*self.p) == 1]

    def prob(self, event) -> object:
        return self.env.Sum(*[x for x, o in zip(self.p, self.space.outcomes) if o in event])

    def mix(self, other: _Perf, lam, name: str) -> _Perf:
        out = _Perf.__new__(_Perf)
        out.space, out.env = self.space, self.env
        out.p = [lam * a + (1 - lam) * b for a, b in zip(self.p, other.p)]
        return out

    def eq(self, other: _Perf) -> object:
        return self.env.And(*[a == b for a, b in zip(self.p, other.p)])


def _score_vocab(env: Env, space: SampleSpace):
    reals = [env.RealSort()] * len(space)
    X = env.Function("X", *reals, env.RealSort())
    dom = env.Function("dom", *reals, env.BoolSort())

    def leq(P: _Perf, Q: _Perf):  # Theorem 1's construction of ≲_X
        return env.Or(P.eq(Q), env.And(dom(*P.p), dom(*Q.p), X(*P.p) <= X(*Q.p)))

    return X, dom, leq


def _theorem1(space: SampleSpace) -> list[Obligation]:
    def refl(env):
        _, _, leq = _score_vocab(env, space)
        P = _Perf(env, space, "P")
        return P.on_simplex(), leq(P, P)

    def trans(env):
        _, _, leq = _score_vocab(env, space)
        A, B, C = (_Perf(env, space, n) for n in "ABC")
        return A.on_simplex() + B.on_simplex() + C.on_simplex() + [leq(A, B), leq(B, C)], leq(A, C)

    return [Obligation("theorem-1/reflexive", "≲_X induced by any score X is reflexive", refl, "Theorem 1", "le_refl"),
            Obligation("theorem-1/transitive", "≲_X induced by any score X is transitive", trans, "Theorem 1", "le_trans")]


def _theorem2(space: SampleSpace) -> list[Obligation]:
    def build(env):
        X, dom, leq = _score_vocab(env, space)
        P1, P2 = _Perf(env, space, "P1"), _Perf(env, space, "P2")
        hyps = P1.on_simplex() + P2.on_simplex()
        for P in (P1, P2):  # the theorem's condition, at P1 and P2, for every event
            for E in space.events():
                sat = [space.S(o) for o in E]
                hyps.append(env.Implies(env.And(dom(*P.p), P.prob(E) == 1),
                                        env.And(X(*P.p) >= env.RealVal(min(sat)), X(*P.p) <= env.RealVal(max(sat)))))
        return hyps, env.And(*axiom2_z3(Vocabulary(env, leq), space, P1, P2))

    return [Obligation("theorem-2", f"Theorem 2's condition implies Axiom 2 for ≲_X (Ω = {space.name})", build,
                       "Theorem 2 (§4.2, A.4.2)")]


def _theorem3(space: SampleSpace) -> list[Obligation]:
    def build(env):
        X, dom, leq = _score_vocab(env, space)
        A, B, P = (_Perf(env, space, n) for n in ("A", "B", "P"))
        lam = env.Real("lam")
        M = A.mix(B, lam, "M")
        hyps = A.on_simplex() + B.on_simplex() + P.on_simplex() + [lam >= 0, lam <= 1]
        both = env.And(dom(*A.p), dom(*B.p))
        hyps.append(env.Implies(both, dom(*M.p)))  # domain closed under mixtures
        lo = env.If(X(*A.p) <= X(*B.p), X(*A.p), X(*B.p))
        hi = env.If(X(*A.p) <= X(*B.p), X(*B.p), X(*A.p))
        hyps.append(env.Implies(both, env.And(lo <= X(*M.p), X(*M.p) <= hi)))  # tests 2 and 3
        comparable, bullets = axiom3_z3(Vocabulary(env, leq), P, [A, B], M)
        return hyps, env.Implies(comparable, env.And(*bullets))

    def converse(env):
        X, dom, leq = _score_vocab(env, space)
        A, B = _Perf(env, space, "A"), _Perf(env, space, "B")
        lam = env.Real("lam")
        M = A.mix(B, lam, "M")
        hyps = A.on_simplex() + B.on_simplex() + [lam >= 0, lam <= 1]
        for P in (A, B):  # Axiom 3 at P = A and at P = B
            comparable, bullets = axiom3_z3(Vocabulary(env, leq), P, [A, B], M)
            hyps.append(env.Implies(comparable, env.And(*bullets)))
        both = env.And(dom(*A.p), dom(*B.p))
        lo = env.If(X(*A.p) <= X(*B.p), X(*A.p), X(*B.p))
        hi = env.If(X(*A.p) <= X(*B.p), X(*B.p), X(*A.p))
        return hyps, env.Implies(both, env.And(dom(*M.p), lo <= X(*M.p), X(*M.p) <= hi))

    return [
        Obligation("theorem-3", "tests 2, 3 and domain closure imply Axiom 3 (Φ = conv) for pairs", build,
                   "Theorem 3 (§4.2, A.4.3)"),
        Obligation("theorem-3/converse", "Axiom 3 (Φ = conv) for ≲_X implies tests 2, 3 and domain closure",
                   converse, "the converse used by the score checker"),
    ]


def _corollaries(space: SampleSpace) -> list[Obligation]:
    """Corollaries 1–4 from "≲ is a preorder" and Axioms 2–3, ≲ uninterpreted on performances."""

    def vocab(env):
        reals = [env.RealSort()] * (2 * len(space))
        le = env.Function("le", *reals, env.BoolSort())
        return lambda P, Q: le(*P.p, *Q.p)

    def axiom2(env, leq, P1, P2):
        return axiom2_z3(Vocabulary(env, leq), space, P1, P2)

    def c1(env):
        leq = vocab(env)
        A, B = _Perf(env, space, "A"), _Perf(env, space, "B")
        hyps = A.on_simplex() + B.on_simplex() + axiom2(env, leq, A, B) + axiom2(env, leq, B, A)
        claims = []
        for s in space.levels:
            E = space.event_where(lambda v, s=s: v == s)
            V = Vocabulary(env, leq)
            claims.append(env.Implies(env.And(A.prob(E) == 1, B.prob(E) == 1), env.Or(V.sim(A, B), V.inc(A, B))))
        return hyps, env.And(*claims)

    def c23(extreme: str):
        def build(env):
            leq = vocab(env)
            P, Q = _Perf(env, space, "P"), _Perf(env, space, "Q")
            s = space.s_min if extreme == "min" else space.s_max
            E = space.event_where(lambda v: v == s)
            pair = (P, Q) if extreme == "min" else (Q, P)
            hyps = P.on_simplex() + Q.on_simplex() + axiom2(env, leq, *pair)
            V = Vocabulary(env, leq)
            claim = env.Not(V.lt(Q, P) if extreme == "min" else V.lt(P, Q))  # no Q < P, resp. no Q > P
            return hyps, env.Implies(P.prob(E) == 1, claim)
        return build

    def c4(env):
        leq = vocab(env)
        A, B, P = (_Perf(env, space, n) for n in ("A", "B", "P"))
        lam = env.Real("lam")
        M = A.mix(B, lam, "M")
        hyps = A.on_simplex() + B.on_simplex() + P.on_simplex() + [lam >= 0, lam <= 1]
        comparable, bullets = axiom3_z3(Vocabulary(env, leq), P, [A, B], M)
        hyps.append(env.Implies(comparable, env.And(*bullets)))

        V = Vocabulary(env, leq)

        def rel(kind, Q):  # Q ∼ P, Q > P, Q < P by eqs. (1)–(3)
            return {"sim": V.sim, "gt": V.gt, "lt": V.lt}[kind](Q, P)

        claims = [env.Implies(env.And(rel(k, A), rel(k, B)), rel(k, M)) for k in ("sim", "gt", "lt")]
        return hyps + [comparable], env.And(*claims)

    return [
        Obligation("corollary-1", "performances with P(S = s) = 1 are equivalent or incomparable", c1, "Corollary 1"),
        Obligation("corollary-2", "P(S = s_min) = 1 ⇒ no P′ < P", c23("min"), "Corollary 2"),
        Obligation("corollary-3", "P(S = s_max) = 1 ⇒ no P′ > P", c23("max"), "Corollary 3"),
        Obligation("corollary-4", "Π comparable with P: all ∼ (resp. >, <) P ⇒ every mixture ∼ (>, <) P",
                   c4, "Corollary 4"),
    ]


def _ranking_scores_symbolic(space: SampleSpace) -> list[Obligation]:
    """A.5.1: with I ≥ 0, I ≠ 0 symbolic, R_I satisfies Theorem 2's condition, the domain closure
    and tests 2 and 3. Comparisons are cross-multiplied by E_P[I] > 0."""

    def parts(env):
        I = [env.Real(f"I_{o}") for o in space.outcomes]
        S = [env.RealVal(s) for s in space.satisfaction]
        hyps = [i >= 0 for i in I] + [env.Or(*[i > 0 for i in I])]
        N = lambda P: env.Sum(*[i * s * p for i, s, p in zip(I, S, P.p)])
        D = lambda P: env.Sum(*[i * p for i, p in zip(I, P.p)])
        return I, hyps, N, D

    def thm2(env):
        _, hyps, N, D = parts(env)
        P = _Perf(env, space, "P")
        hyps = hyps + P.on_simplex() + [D(P) > 0]
        claims = []
        # interval events {ω : m ≤ S(ω) ≤ M} suffice: any E with min_E S = m and max_E S = M lies
        # inside one, with the same bounds, so P(E) = 1 implies P(interval) = 1
        levels = space.levels
        intervals = [space.event_where(lambda v, m=m, M=M: m <= v <= M)
                     for i, m in enumerate(levels) for M in levels[i:]]
        for E in intervals:
            sat = [space.S(o) for o in E]
            lo, hi = env.RealVal(min(sat)), env.RealVal(max(sat))
            claims += [env.Implies(P.prob(E) == 1, N(P) >= lo * D(P)), env.Implies(P.prob(E) == 1, N(P) <= hi * D(P))]
        return hyps, claims  # one query per conjunct (split): 6.8 s at once on three classes, 0.2 s in parts

    def mix_frame(env):
        _, hyps, N, D = parts(env)
        A, B = _Perf(env, space, "A"), _Perf(env, space, "B")
        lam = env.Real("lam")
        return hyps, N, D, A, B, lam, A.mix(B, lam, "M")

    def identities(env):
        # three polynomial identities in I, A, B and λ (no hypothesis needed), for M = λA + (1 − λ)B:
        # N(M)D(A) − N(A)D(M) = (1 − λ)K, N(M)D(B) − N(B)D(M) = −λK, D(M) = λD(A) + (1 − λ)D(B),
        # K = N(B)D(A) − N(A)D(B)
        _, N, D, A, B, lam, M = mix_frame(env)
        K = N(B) * D(A) - N(A) * D(B)
        return [], env.And(N(M) * D(A) - N(A) * D(M) == (1 - lam) * K, N(M) * D(B) - N(B) * D(M) == -lam * K,
                           D(M) == lam * D(A) + (1 - lam) * D(B))

    def mixtures(env):
        # the theorem from the identities alone, with nA = N(A), dA = D(A), … as free reals: an
        # instance of this obligation and of the identities above (measured: given together with
        # the definitions of nA … dM, z3 needs ~50 s on three classes; split, ~0.1 s in all)
        lam = env.Real("lam")
        nA, dA, nB, dB, nM, dM, K = (env.Real(x) for x in ("nA", "dA", "nB", "dB", "nM", "dM", "K"))
        hyps = [lam >= 0, lam <= 1, dA > 0, dB > 0,  # A, B ∈ dom(R_I): E_A[I] > 0, E_B[I] > 0
                K == nB * dA - nA * dB,
                nM * dA - nA * dM == (1 - lam) * K,
                nM * dB - nB * dM == -lam * K,
                dM == lam * dA + (1 - lam) * dB]
        # X(M) ≤ max and ≥ min, cross-multiplied: N(M)·D(Q) vs N(Q)·D(M) for Q = A, B
        le_max = env.Or(nM * dA <= nA * dM, nM * dB <= nB * dM)
        ge_min = env.Or(nM * dA >= nA * dM, nM * dB >= nB * dM)
        return hyps, env.And(dM > 0, le_max, ge_min)

    return [
        Obligation(f"A.5.1/theorem-2[{space.name}]", f"every R_I (I ≥ 0 symbolic) meets Theorem 2's condition on {space.name}",
                   thm2, "A.5.1, Theorem 2", split=True),
        Obligation(f"A.5.1/identities[{space.name}]", "for every I, performances A, B and λ, with N = E[I·S], "
                   "D = E[I], M = λA + (1−λ)B and K = N(B)D(A) − N(A)D(B): N(M)D(A) − N(A)D(M) = (1−λ)K, "
                   f"N(M)D(B) − N(B)D(M) = −λK and D(M) = λD(A) + (1−λ)D(B) on {space.name}",
                   identities, "A.5.1, Theorem 3"),
        Obligation(f"A.5.1/theorem-3[{space.name}]", "every R_I has a mixture-closed domain and passes tests 2 and 3 "
                   f"on {space.name} (z3, cross-multiplied, from the identities A.5.1/identities[{space.name}] "
                   "instantiated at N(A), D(A), …)", mixtures, "A.5.1, Theorem 3"),
    ]


def generic_obligations(space: SampleSpace | None = None, ranking: bool = True) -> list[Obligation]:
    space = space or binary()
    out = _theorem1(space) + _theorem2(space) + _theorem3(space) + _corollaries(space)
    if ranking:
        out += _ranking_scores_symbolic(space)
    return out


def generic_theorems(space: SampleSpace | None = None, timeout: float = 30.0, ranking: bool = True) -> list[Result]:
    """Prove every generic statement for the given Ω and S (default: binary)."""
    return [prove(ob, timeout) for ob in generic_obligations(space, ranking)]


def axioms_consistent(space: SampleSpace | None = None, timeout: float = 10.0) -> Result:
    """§4.1.4: the trivial preorder (all performances equivalent) satisfies the three axioms —
    the ordering induced by a constant score passes every test (no strict violation exists)."""
    space = space or binary()

    def build(env):
        leq = lambda P, Q: env.BoolVal(True)
        A, B, P = (_Perf(env, space, n) for n in ("A", "B", "P"))
        lam = env.Real("lam")
        M = A.mix(B, lam, "M")
        claims = [env.Or(leq(A, B), env.Not(leq(B, A)))]  # Axiom 2 (any levels)
        comparable, bullets = axiom3_z3(Vocabulary(env, leq), P, [A, B], M)
        claims.append(env.Implies(comparable, env.And(*bullets)))
        return A.on_simplex() + B.on_simplex() + P.on_simplex() + [lam >= 0, lam <= 1], env.And(*claims)

    return prove(Obligation("axioms-consistent", "the trivial preorder satisfies Axioms 1–3", build, "§4.1.4"), timeout)

