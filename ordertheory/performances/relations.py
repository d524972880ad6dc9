"""The four cases of comparing two performances under a preorder (paper §3.2, A.2.2).

>>> Comparison.from_leq(True, False)
<Comparison.WORSE: 'worse'>
>>> Comparison.WORSE.symbol, Comparison.INCOMPARABLE.converse
('<', <Comparison.INCOMPARABLE: 'incomparable'>)
"""

from __future__ import annotations

from enum import Enum


class Comparison(Enum):
    """Exactly one of <, ∼, >, ⋈ holds for a pair under a preorder (eqs. (1)–(4))."""

    WORSE = "worse"  # P1 < P2:  P1 ≲ P2 and not P2 ≲ P1
    EQUIVALENT = "equivalent"  # P1 ∼ P2:  both
    BETTER = "better"  # P1 > P2:  P2 ≲ P1 and not P1 ≲ P2
    INCOMPARABLE = "incomparable"  # P1 ⋈ P2:  neither

    @classmethod
    def from_leq(cls, leq_12: bool, leq_21: bool) -> Comparison:
        """Derive the case from the two directions of ≲ (eqs. (1)–(4))."""
        if leq_12 and leq_21:
            return cls.EQUIVALENT
        if leq_12:
            return cls.WORSE
        if leq_21:
            return cls.BETTER
        return cls.INCOMPARABLE

    @property
    def leq(self) -> tuple[bool, bool]:
        """(P1 ≲ P2, P2 ≲ P1) for this case."""
        return {
            Comparison.WORSE: (True, False),
            Comparison.EQUIVALENT: (True, True),
            Comparison.BETTER: (False, True),
            Comparison.INCOMPARABLE: (False, False),
        }[self]

    @property
    def converse(self) -> Comparison:
        a, b = self.leq
        return Comparison.from_leq(b, a)

    @property
    def symbol(self) -> str:
        return {"worse": "<", "equivalent": "∼", "better": ">", "incomparable": "⋈"}[self.value]

    @property
    def latex(self) -> str:
        return {
            "worse": "<",
            "equivalent": r"\sim",
            "better": ">",
            "incomparable": r"\not\lesseqqgtr",
        }[self.value]


def is_preorder(elements, leq) -> bool:
    """Whether ``leq(x, y)`` (a function or a dict keyed by pairs) is reflexive and transitive.

    >>> is_preorder("ab", {("a", "a"): True, ("b", "b"): True, ("a", "b"): True, ("b", "a"): False})
    True
    """
    rel = (lambda x, y: leq[x, y]) if isinstance(leq, dict) else leq
    xs = list(elements)
    if not all(rel(x, x) for x in xs):
        return False
    return all(not (rel(x, y) and rel(y, z)) or rel(x, z) for x in xs for y in xs for z in xs)
