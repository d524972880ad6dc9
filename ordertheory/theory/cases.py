"""The 29 cases of A.2.3: which ≲ / ≴ patterns on three performances a transitive ≲ allows.

For the six ordered pairs of {a, b, c} each of the 2⁶ = 64 assignments of ≲ or ≴ is decided
by z3 under reflexivity and transitivity: a satisfiable one gets a witness (the preorder on
{a, b, c}), an impossible one a proof (unsat). The satisfiable ones are listed in the paper's
order (⋈, >, <, ∼ for a vs b, then b vs c, then a vs c) and compared with the printed list.

>>> cases = derive_cases()
>>> len([c for c in cases if c.possible]), len(cases)
(29, 64)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction

from ordertheory.encoding.answer import Status, expectation
from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Decider, Obligation
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.performances.performance import Performance
from ordertheory.performances.relations import Comparison, is_preorder
from ordertheory.spaces.sample_space import binary

ELEMENTS = ("a", "b", "c")
PAIRS = (("a", "b"), ("b", "a"), ("b", "c"), ("c", "b"), ("c", "a"), ("a", "c"))
PAPER_ORDER = (Comparison.INCOMPARABLE, Comparison.BETTER, Comparison.WORSE, Comparison.EQUIVALENT)
ASCII = {Comparison.INCOMPARABLE: "#", Comparison.BETTER: ">", Comparison.WORSE: "<",
         Comparison.EQUIVALENT: "~"}


@dataclass(frozen=True)
class Case:
    """One assignment of ≲/≴ to the six ordered pairs and its decision: the Result of "transitivity
    forbids it" (:func:`obligation`): REFUTED by a preorder that shows it, PROVED when none exists."""

    assignment: tuple[bool, ...]  # P_x ≲ P_y for (x, y) in PAIRS
    result: Result

    @property
    def possible(self) -> bool:
        return self.result.verdict is Verdict.REFUTED

    @property
    def verdict(self) -> Verdict:
        """PROVED when the possibility is decided (either way), UNKNOWN when z3 could not."""
        return Verdict.UNKNOWN if self.result.verdict is Verdict.UNKNOWN else Verdict.PROVED

    @property
    def seconds(self) -> float:
        return self.result.seconds

    @property
    def relations(self) -> tuple[Comparison, Comparison, Comparison]:
        """(a vs b, b vs c, a vs c) as comparisons."""
        le = dict(zip(PAIRS, self.assignment))
        return (
            Comparison.from_leq(le["a", "b"], le["b", "a"]),
            Comparison.from_leq(le["b", "c"], le["c", "b"]),
            Comparison.from_leq(le["a", "c"], le["c", "a"]),
        )

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return tuple(PAPER_ORDER.index(r) for r in self.relations)

    @property
    def ascii(self) -> tuple[str, str, str]:
        return tuple(ASCII[r] for r in self.relations)

    def preorder(self) -> dict[tuple[str, str], bool]:
        """The witness: the whole relation ≲ on {a, b, c} (reflexive pairs included)."""
        le = {(x, x): True for x in ELEMENTS}
        le.update(zip(PAIRS, self.assignment))
        return le


def _formulas(env: Env, assignment: tuple[bool, ...]) -> list:
    """Reflexivity and transitivity of ≲ on {a, b, c} (Booleans le_xy) and the assignment."""
    le = {(x, y): env.Bool(f"le_{x}{y}") for x in ELEMENTS for y in ELEMENTS}
    formulas = [le[x, x] for x in ELEMENTS]
    for x, y, z in itertools.product(ELEMENTS, repeat=3):
        formulas.append(env.Implies(env.And(le[x, y], le[y, z]), le[x, z]))
    for pair, value in zip(PAIRS, assignment):
        formulas.append(le[pair] if value else env.Not(le[pair]))
    return formulas


def _pattern(assignment: tuple[bool, ...]) -> str:
    return ", ".join(f"P_{x} {'≲' if v else '≴'} P_{y}" for (x, y), v in zip(PAIRS, assignment))


def obligation(assignment: tuple[bool, ...]) -> Obligation:
    """"Transitivity forbids this assignment": refuted by a preorder on {a, b, c} that shows it (the
    model, re-checked without the solver), proved when none exists."""
    names = tuple(f"le_{x}{y}" for x in ELEMENTS for y in ELEMENTS)

    def decode(model) -> dict[tuple[str, str], bool]:
        return {(x, y): bool(model[f"le_{x}{y}"]) for x in ELEMENTS for y in ELEMENTS}

    def validate(le: dict[tuple[str, str], bool]) -> bool:
        return is_preorder(ELEMENTS, lambda x, y: le[x, y]) and all(le[p] == v for p, v in zip(PAIRS, assignment))

    def sanity(decider, budget: float) -> Sanity:  # the assumption is "≲ is a preorder on {a, b, c}"
        full = dict.fromkeys(((x, y) for x in ELEMENTS for y in ELEMENTS), True)
        if not is_preorder(ELEMENTS, lambda x, y: full[x, y]):
            return Sanity(SanityKind.UNDECIDED, {}, "the full relation failed its check")
        return Sanity(SanityKind.MODEL, {"≲": "a ∼ b ∼ c (every pair)"}, "the full preorder on {a, b, c}, checked exactly")

    bits = "".join("1" if v else "0" for v in assignment)
    return Obligation.counterexample(f"A.2.3/case-{bits}", f"no preorder on {{a, b, c}} has {_pattern(assignment)}",
                                     lambda env: _formulas(env, assignment), decode, validate, names, sanity=sanity)


def derive_cases(timeout: float = 10.0) -> list[Case]:
    """Decide all 64 assignments; the possible ones first, in the paper's order."""
    decider = Decider(timeout, tactics=(None,))
    out = []
    for assignment in itertools.product((False, True), repeat=6):
        out.append(Case(assignment, decider.decide(obligation(assignment))))
    out.sort(key=lambda c: (not c.possible, c.sort_key))
    return out


def possible_cases(timeout: float = 10.0) -> list[Case]:
    """The satisfiable cases in the paper's order (there must be 29)."""
    return [c for c in derive_cases(timeout) if c.possible]


# --- realising each case with actual classifiers ---------------------------------------------------
def roc_leq(P, Q) -> bool:
    """ROC dominance, a preorder on all two-class performances: TPR(P) ≤ TPR(Q) and TNR(P) ≤ TNR(Q).

    Performances with a zero prior of a class are compared on the rates they define only; here
    every realisation uses priors strictly between 0 and 1.
    """
    def rates(X):
        return X["tp"] / (X["tp"] + X["fn"]), X["tn"] / (X["tn"] + X["fp"])

    (tp, tn), (tq, tnq) = rates(P), rates(Q)
    return tp <= tq and tn <= tnq


def realise(case: Case):
    """Three two-class performances whose ROC-dominance preorder shows exactly this case.

    Points (TPR, TNR) are searched on the grid {0, 1/2, 1}²; equivalent performances get the same
    point with different priors (1/2, 1/3, 1/4), so they are distinct classifiers on distinct
    test sets. Returns {name: Performance} or None if no realisation was found.
    """
    grid = [Fraction(0), Fraction(1, 2), Fraction(1)]
    points = list(itertools.product(grid, grid))
    priors = {"a": Fraction(1, 2), "b": Fraction(1, 3), "c": Fraction(1, 4)}
    omega = binary()
    target = case.preorder()
    for pa, pb, pc in itertools.product(points, repeat=3):
        pts = {"a": pa, "b": pb, "c": pc}
        perf = {}
        for name, (tpr, tnr) in pts.items():
            pi = priors[name]
            perf[name] = Performance(omega, ((1 - pi) * tnr, (1 - pi) * (1 - tnr), pi * (1 - tpr), pi * tpr))
        if all(roc_leq(perf[x], perf[y]) == target[x, y] for x in ELEMENTS for y in ELEMENTS):
            return perf
    return None


def case_smtlib(case: Case) -> str:
    """The decision of one assignment as an SMT-LIB script; 'sat' for a possible case."""
    env = Env()
    expected = (expectation(Status.SAT, "a preorder with this pattern exists") if case.possible
                else expectation(Status.UNSAT, "transitivity forbids it"))
    return env.smtlib(_formulas(env, case.assignment), f"A.2.3 case: {_pattern(case.assignment)}\n{expected}")
