"""The three axioms of §4.1, each stated once: its words, its exact predicate for a score-induced
ordering, and its z3 builder — reused by the tests of a score, the generic theorems and `explain`.

>>> [a.title for a in AXIOMS]
['Axiom 1 (§4.1.1) — leveraging the preorder ≲', 'Axiom 2 (§4.1.2) — leveraging the satisfaction S', \
'Axiom 3 (§4.1.3) — leveraging the combinations Φ']
>>> from ordertheory.spaces.sample_space import binary
>>> [(str(s), sorted(lo), sorted(hi)) for s, lo, hi in axiom2_levels(binary())][0]
('0', ['fn', 'fp'], ['fn', 'fp', 'tn', 'tp'])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from ordertheory.exact import sign
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.spaces.sample_space import SampleSpace
from ordertheory.theory.order import Vocabulary


@dataclass(frozen=True)
class Axiom:
    number: int
    title: str
    statement: str
    why: str


AXIOMS = (
    Axiom(1, "Axiom 1 (§4.1.1) — leveraging the preorder ≲",
          "The ranking of entities is based on a preorder ≲ on performances: an entity's rank lies between "
          "1 + #(entities strictly better) and #(entities better or equivalent).",
          "Why it matters for a benchmark: adding or removing an entry never changes the relative order of "
          "the others, and ties are handled within explicit bounds. Any score induces such a preorder "
          "(Theorem 1), so this axiom is never what disqualifies a score."),
    Axiom(2, "Axiom 2 (§4.1.2) — leveraging the satisfaction S",
          "If P1(S ≤ s) = 1 and P2(S ≥ s) = 1 for some s, then P1 ≲ P2 or P1 ⋈ P2: P1 is not better than P2.",
          "Why it matters: an entity that is surely less satisfying cannot be ranked above one that is surely "
          "more satisfying. 'Lower is better' scores (error rate, FPR, …) fail it as written: rank with 1 − X. "
          "Test 1 checks it for the ordering induced by a score on a set Π."),
    Axiom(3, "Axiom 3 (§4.1.3) — leveraging the combinations Φ",
          "If every performance of Π is ≲ P (resp. not ≲ P, ≳ P, not ≳ P), so is every combination in Φ(Π). "
          "With Φ = conv, combinations are mixtures: randomly choosing which entity to run.",
          "Why it matters: mixing entities must not produce something better than the best of them or worse "
          "than the worst. Tests 2 and 3 (and the closure of the domain under mixtures) are exactly this "
          "axiom for a score-induced ordering (Theorem 3 and its converse, both proved by the package)."),
)


# --- Axiom 2 ------------------------------------------------------------------------------------------
def axiom2_levels(space: SampleSpace) -> Iterator[tuple[Fraction, frozenset[str], frozenset[str]]]:
    """(s, {S ≤ s}, {S ≥ s}) for each satisfaction level s. Levels suffice: a threshold strictly
    between two levels gives a subset of the pairs of the lower level."""
    for s in space.levels:
        yield s, space.event_where(lambda v, s=s: v <= s), space.event_where(lambda v, s=s: v >= s)


def axiom2_violation(score: Score, Pi: PerformanceSet, s: Fraction, P1: Performance, P2: Performance) -> bool:
    """The exact predicate: P1(S ≤ s) = 1, P2(S ≥ s) = 1, both in Π ∩ dom(X), and X(P1) > X(P2)
    strictly (so ≲_X puts P1 above P2, against Axiom 2)."""
    sp = score.space
    low, high = sp.event_where(lambda v: v <= s), sp.event_where(lambda v: v >= s)
    if P1.probability(low) != 1 or P2.probability(high) != 1:
        return False
    if not all(Pi.contains(P) and score.in_domain(P) for P in (P1, P2)):
        return False
    return sign(score.exact_value(P1) - score.exact_value(P2)) > 0


def axiom2_z3(V: Vocabulary, space: SampleSpace, P1, P2) -> list:
    """Axiom 2 for the pair (P1, P2) in z3, one implication per level; ``P.prob(E)`` gives P(E)."""
    env = V.env
    return [env.Implies(env.And(P1.prob(low) == 1, P2.prob(high) == 1), V.not_better(P1, P2))
            for _s, low, high in axiom2_levels(space)]


# --- Axiom 3 ------------------------------------------------------------------------------------------
def axiom3_z3(V: Vocabulary, P, Ps: list, Pbar) -> tuple[object, list]:
    """Axiom 3's four bullets for Π = Ps and one P̄ ∈ conv(Π): (Π comparable with P, bullets)."""
    env, le = V.env, V.le
    comparable = env.And(*[V.comparable(Q, P) for Q in Ps])
    return comparable, [
        env.Implies(env.And(*[le(Q, P) for Q in Ps]), le(Pbar, P)),
        env.Implies(env.And(*[env.Not(le(Q, P)) for Q in Ps]), env.Not(le(Pbar, P))),
        env.Implies(env.And(*[le(P, Q) for Q in Ps]), le(P, Pbar)),
        env.Implies(env.And(*[env.Not(le(P, Q)) for Q in Ps]), env.Not(le(P, Pbar))),
    ]
