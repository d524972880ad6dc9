"""The order vocabulary of §3 in z3: from one relation ≲, the derived ∼, <, >, ⋈ and ≳ of
eqs. (1)–(6), stated once for every check that needs them (lemmas, cases, theorems).

``le`` is any function of two arguments returning a z3 formula — an uninterpreted relation over an
abstract sort, over tuples of reals, or a table of Booleans — so the same definitions serve them all.
The exact counterpart, on decided Booleans, is :class:`ordertheory.performances.relations.Comparison`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ordertheory.encoding.z3_backend import Env


@dataclass(frozen=True)
class Vocabulary:
    """≲ and the relations derived from it (eqs. (1)–(6))."""

    env: Env
    le: Callable[[object, object], object]

    def sim(self, a, b):
        """a ∼ b: a ≲ b and b ≲ a (eq. (1))."""
        return self.env.And(self.le(a, b), self.le(b, a))

    def gt(self, a, b):
        """a > b: not a ≲ b, and b ≲ a (eq. (2))."""
        return self.env.And(self.env.Not(self.le(a, b)), self.le(b, a))

    def lt(self, a, b):
        """a < b: a ≲ b and not b ≲ a (eq. (3))."""
        return self.env.And(self.le(a, b), self.env.Not(self.le(b, a)))

    def inc(self, a, b):
        """a ⋈ b: neither a ≲ b nor b ≲ a (eq. (4))."""
        return self.env.And(self.env.Not(self.le(a, b)), self.env.Not(self.le(b, a)))

    def ge(self, a, b):
        """a ≳ b: a > b or a ∼ b (eq. (6))."""
        return self.env.Or(self.gt(a, b), self.sim(a, b))

    def leq(self, a, b):
        """≲ rebuilt from eq. (5): a < b or a ∼ b (to state Lemma 10 without circularity)."""
        return self.env.Or(self.lt(a, b), self.sim(a, b))

    def not_better(self, a, b):
        """a is not better than b: a ≲ b or a ⋈ b, i.e. not a > b (the conclusion of Axiom 2)."""
        return self.env.Or(self.le(a, b), self.env.Not(self.le(b, a)))

    def comparable(self, a, b):
        return self.env.Or(self.le(a, b), self.le(b, a))


@dataclass(frozen=True)
class AbstractVocabulary(Vocabulary):
    """≲ as an uninterpreted relation over an abstract sort, with the preorder's two properties."""

    sort: object = None

    def reflexive(self):
        (a,) = self.env.Consts("a", self.sort)
        return self.env.ForAll([a], self.le(a, a))

    def transitive(self):
        a, b, c = self.env.Consts("a b c", self.sort)
        return self.env.ForAll(
            [a, b, c], self.env.Implies(self.env.And(self.le(a, b), self.le(b, c)), self.le(a, c))
        )


def abstract_vocabulary(env: Env, sort_name: str = "Performance") -> AbstractVocabulary:
    """≲ as an uninterpreted relation ``le`` over an abstract sort of performances."""
    sort = env.Sort(sort_name)
    return AbstractVocabulary(env, env.Function("le", sort, sort, env.BoolSort()), sort)
