"""Finite orders on named elements: the counter-models of statements, checked in pure Python.

A :class:`CounterModel` says which element each name denotes and which pairs of elements are
related by ≲. :meth:`CounterModel.problems` re-checks it without any solver: the relation is a
preorder (and antisymmetric for a partial order, total for a total preorder), and the statement
is false in it.

>>> from ordertheory.theory.statement_syntax import parse_statement
>>> s = parse_statement("a <= b or b <= a")
>>> m = CounterModel(Order.PREORDER, s, {"a": 0, "b": 1}, frozenset({(0, 0), (1, 1)}))
>>> m.problems(), m.elements, m.atom_values()
([], ('a', 'b'), {'a ≲ b': False, 'b ≲ a': False})
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import Enum

from ordertheory.errors import InvalidInput
from ordertheory.performances.relations import Comparison, is_preorder
from ordertheory.theory.preorders.hasse import hasse_figure, png_bytes, preorder_diagram, save_png
from ordertheory.theory.statement_syntax import evaluate


class Order(Enum):
    """The kind of order a statement quantifies over."""

    PREORDER = "preorder"  # reflexive, transitive
    PARTIAL = "partial"  # ... and antisymmetric
    TOTAL = "total"  # a total preorder: any two elements comparable

    @property
    def description(self) -> str:
        return {"preorder": "preorder", "partial": "partial order", "total": "total preorder"}[self.value]

    @classmethod
    def parse(cls, text: str | Order) -> Order:
        if isinstance(text, Order):
            return text
        try:
            return cls(str(text).strip().lower())
        except ValueError:
            raise InvalidInput(f"unknown order {text!r}; expected preorder, partial or total") from None


_ATOM_RULES = {
    "le": lambda le, x, y: le(x, y),
    "ge": lambda le, x, y: le(y, x),
    "sim": lambda le, x, y: le(x, y) and le(y, x),
    "lt": lambda le, x, y: le(x, y) and not le(y, x),
    "gt": lambda le, x, y: le(y, x) and not le(x, y),
    "inc": lambda le, x, y: not le(x, y) and not le(y, x),
    "eq": None,  # same element
}


@dataclass(frozen=True, repr=False)
class CounterModel:
    """Elements 0..k-1, the element each name denotes, and ≲ as a set of pairs (i, j): i ≲ j."""

    order: Order
    statement: object  # a theory.statements.OrderStatement
    denotes: dict[str, int]
    le: frozenset[tuple[int, int]]

    @property
    def size(self) -> int:
        return len(set(self.denotes.values()))

    @property
    def elements(self) -> tuple[str, ...]:
        """Each element labelled by the names that denote it ('a' or 'a = b')."""
        return tuple(" = ".join(n for n in self.denotes if self.denotes[n] == i) for i in range(self.size))

    def leq(self, i: int, j: int) -> bool:
        return (i, j) in self.le

    def holds(self, atom) -> bool:
        """The truth of one atom in this model (pure Python)."""
        x, y = self.denotes[atom.left], self.denotes[atom.right]
        if atom.relation == "eq":
            return x == y
        return _ATOM_RULES[atom.relation](self.leq, x, y)

    def atom_values(self) -> dict[str, bool]:
        return {str(a): self.holds(a) for a in self.statement.atoms}

    def statement_holds(self) -> bool:
        return evaluate(self.statement.formula, self.holds)

    def problems(self) -> list[str]:
        """Why this is not a counter-model (empty when it is one): checked without a solver."""
        out = []
        xs = range(self.size)
        if sorted(set(self.denotes.values())) != list(xs) or set(self.denotes) != set(self.statement.names):
            out.append("the names do not denote elements 0..k-1")
        if any(not (0 <= i < self.size and 0 <= j < self.size) for i, j in self.le):
            out.append("≲ relates elements outside the model")
        if not is_preorder(xs, self.leq):
            out.append("≲ is not a preorder")
        if self.order is Order.PARTIAL and any(self.leq(i, j) and self.leq(j, i) for i in xs for j in xs if i != j):
            out.append("≲ is not antisymmetric")
        if self.order is Order.TOTAL and any(not self.leq(i, j) and not self.leq(j, i) for i in xs for j in xs):
            out.append("≲ is not total")
        if not out and self.statement_holds():
            out.append("the statement holds in this model")
        return out

    # the Hasse diagram of the equivalence classes -------------------------------------------------
    def diagram(self):
        """The Hasse diagram of this model's classes of ∼ (see theory.hasse.HasseDiagram)."""
        labels = self.elements
        return preorder_diagram(labels, lambda x, y: self.leq(labels.index(x), labels.index(y)))

    def figure(self, title: str | None = None):
        return hasse_figure(self.diagram(), title or f"counter-model ({self.order.description})")

    def save(self, path) -> None:
        save_png(self.figure(), path)

    def _repr_png_(self) -> bytes:
        return png_bytes(self.figure())

    def _repr_html_(self) -> str:
        import base64

        rows = "".join(f"<tr><td>{a}</td><td>{'true' if v else 'false'}</td></tr>"
                       for a, v in self.atom_values().items())
        img = base64.b64encode(self._repr_png_()).decode()
        return (f"<p>counter-model with {self.size} element(s) ({self.order.description}): "
                f"{', '.join(self.elements)}</p><img src='data:image/png;base64,{img}'/>"
                f"<table><tr><th>atom</th><th>holds</th></tr>{rows}</table>")

    def comparisons(self) -> list[str]:
        """For each pair of distinct elements, which of <, ∼, >, ⋈ relates them."""
        labels = self.elements
        return [f"{labels[i]} {Comparison.from_leq(self.leq(i, j), self.leq(j, i)).symbol} {labels[j]}"
                for i, j in itertools.combinations(range(self.size), 2)]

    def to_json(self) -> dict:
        labels = self.elements
        return {
            "elements": list(labels),
            "denotes": {n: labels[i] for n, i in self.denotes.items()},
            "le": [[labels[i], labels[j]] for i in range(self.size) for j in range(self.size) if self.leq(i, j)],
            "comparisons": self.comparisons(),
            "atoms": self.atom_values(),
            "statement_holds": self.statement_holds(),
            "validated": not self.problems(),
        }

    def __str__(self) -> str:
        atoms = ", ".join(f"{a} is {'true' if v else 'false'}" for a, v in self.atom_values().items())
        pairs = "; ".join(self.comparisons()) or "one element"
        return f"elements {', '.join(self.elements)}; {pairs}; {atoms}"

    def __repr__(self) -> str:
        return f"<CounterModel ({self.order.description}): {self}>"
