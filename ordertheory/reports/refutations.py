"""A refuted test written up as derivations a reader can check: the score's exact value at each
performance of the witness, then the strict inequality the values break.

The witness comes from the engine, already re-validated in exact arithmetic; these chains only
show the arithmetic (each step checked by sympy, as every derivation of section D), so that a
paper can print "X(M) − max(X(P1), X(P2)) = 1/6 > 0" with the steps that lead there.

>>> from ordertheory.catalogue import get
>>> from ordertheory.fitness.score_tests import run_tests
>>> from ordertheory.sets.performance_set import fixed_prior
>>> from ordertheory.spaces.sample_space import binary
>>> X = get("mcc").score()
>>> rep = run_tests(X, fixed_prior(binary(), "1/2"), timeout=20, tests=("test2",))
>>> ds = refutation_derivations(X, rep.tests["test2"].witness, "mcc on Π = prior=1/2")
>>> [d.id.split("/")[-1] for d in ds], ds[-1].sign
(['X(P1)', 'X(P2)', 'X(M)', 'violated'], 1)
"""

from __future__ import annotations

import sympy

from ordertheory.analyses.importance.derivation import DerivationChain, Step
from ordertheory.engine.witness import Witness, WitnessKind, decimal
from ordertheory.exact import as_sympy, compare
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score, outcome_symbols

# which values a test compares, by the kind of witness: (the one that breaks the bound, the others)
_STRICT = {WitnessKind.AXIOM2: ("P1", "P2"), WitnessKind.MIXTURE_ABOVE: ("M", "P1", "P2"),
           WitnessKind.MIXTURE_BELOW: ("M", "P1", "P2")}
_WHY = {WitnessKind.AXIOM2: "Axiom 2 at level s asks X(P1) ≤ X(P2)",
        WitnessKind.MIXTURE_ABOVE: "test 2 asks X(M) ≤ max(X(P1), X(P2))",
        WitnessKind.MIXTURE_BELOW: "test 3 asks X(M) ≥ min(X(P1), X(P2))"}


def _point(P: Performance) -> str:
    return ", ".join(f"P({o}) = {p}" for o, p in P.as_dict().items())


def value_derivation(X: Score, P: Performance, name: str, did: str) -> DerivationChain:
    """X at the performance ``P``: the formula as written, then its exact value there."""
    symbols = outcome_symbols(X.space)
    at = tuple((s, sympy.Rational(p.numerator, p.denominator)) for s, p in zip(symbols, P.probabilities))
    value = as_sympy(X.exact_value(P))
    return DerivationChain(f"{did}/X({name})", f"X at {name}",
                      (Step(X.expr, "definition of X (as written)"), Step(value, f"at {name}: {_point(P)}")),
                      lhs=sympy.Symbol(f"X({name})"), mapping=at, assumptions=(f"{name} = ({_point(P)})",),
                      conclusion=f"X({name}) = {value}").check()


def refutation_derivations(X: Score, witness: Witness, title: str) -> list[DerivationChain]:
    """The chains behind a witness of test 1, 2 or 3: X at each of its performances, then the
    strict inequality (a checked sign) that the test forbids. [] for another kind of witness."""
    if witness.kind not in _STRICT:
        return []
    did = "refuted/" + title
    perfs = {k: witness.get(k) for k in ("P1", "P2", "M")}
    perfs = {k: P for k, P in perfs.items() if isinstance(P, Performance)}
    chains = [value_derivation(X, P, k, did) for k, P in perfs.items()]
    if "M" in perfs:  # say what M is
        lam = witness["lambda"]
        m = chains[-1]
        chains[-1] = DerivationChain(m.id, m.title, m.steps, m.lhs, mapping=m.mapping,
                                assumptions=(f"M = λ·P1 + (1−λ)·P2 with λ = {lam}: {m.assumptions[0]}",),
                                conclusion=m.conclusion).check()
    v = {k: as_sympy(witness.values[k]) for k in perfs}
    top, *others = _STRICT[witness.kind]
    sym = {k: sympy.Symbol(f"X({k})") for k in perfs}
    if witness.kind is WitnessKind.AXIOM2:
        lhs, diff = sym["P1"] - sym["P2"], sympy.Add(v["P1"], -v["P2"], evaluate=False)
    elif witness.kind is WitnessKind.MIXTURE_ABOVE:
        larger = others[0] if compare(v[others[0]], v[others[1]]) >= 0 else others[1]
        lhs = sym["M"] - sympy.Max(sym["P1"], sym["P2"], evaluate=False)
        diff = sympy.Add(v["M"], -v[larger], evaluate=False)
    else:
        smaller = others[0] if compare(v[others[0]], v[others[1]]) <= 0 else others[1]
        lhs = sympy.Min(sym["P1"], sym["P2"], evaluate=False) - sym["M"]
        diff = sympy.Add(v[smaller], -v["M"], evaluate=False)
    exact = sympy.radsimp(sympy.simplify(diff))
    chains.append(DerivationChain(f"{did}/violated", f"the inequality {_WHY[witness.kind].split(' asks ')[0]} forbids",
                             (Step(diff, "the values above"), Step(exact, "exact arithmetic")), lhs=lhs, sign=1,
                             sign_why=f"{_WHY[witness.kind]}: it fails strictly; ≈ {decimal(exact)}",
                             conclusion=f"{_WHY[witness.kind]}, which this witness breaks").check())
    return chains
