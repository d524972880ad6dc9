"""An importance on k classes held by its non-zero cells: the witness of a k-class Tile question.

An importance I: Ω → ℚ≥0 on k classes has k² values; the importances the Tile's questions find
(:mod:`~ordertheory.ranking.tile_k.first_place`) weigh a handful of cells, so they are kept as those cells
only, exact, every other cell 0 — a million Fractions are never built. ``as_dict`` lists the
non-zero cells by outcome name ``y{i}_p{j}``, which is what the JSON output prints.

>>> I = SparseImportance(1000, {(3, 3): Fraction(1, 2), (3, 7): Fraction(2)})
>>> I.as_dict(), I[(3, 7)], I[(0, 0)]
({'y3_p3': Fraction(1, 2), 'y3_p7': Fraction(2, 1)}, Fraction(2, 1), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction

from ordertheory.errors import InvalidInput


@dataclass(frozen=True)
class SparseImportance:
    """I(y = i, ŷ = j) = ``cells[(i, j)]`` (positive), 0 elsewhere; not identically 0."""

    k: int
    cells: Mapping[tuple[int, int], Fraction]

    def __post_init__(self) -> None:
        if not self.cells:
            raise InvalidInput("expected an importance that is not identically 0 but got no cell")
        for (i, j), v in self.cells.items():
            if not (0 <= i < self.k and 0 <= j < self.k):
                raise InvalidInput(f"expected classes in 0..{self.k - 1} but got the cell ({i}, {j})")
            if v <= 0:
                raise InvalidInput(f"expected positive values for the listed cells but got I(y{i}_p{j})={v}")
        object.__setattr__(self, "cells", dict(sorted(self.cells.items())))

    def __getitem__(self, cell: tuple[int, int]) -> Fraction:
        return self.cells.get(cell, Fraction(0))

    def items(self) -> Iterator[tuple[tuple[int, int], Fraction]]:
        """The non-zero cells ((i, j), value), row-major."""
        return iter(self.cells.items())

    @property
    def space_name(self) -> str:
        return f"multiclass:{self.k}"

    def as_dict(self) -> dict[str, Fraction]:
        """The non-zero cells by outcome name (every other cell is 0)."""
        return {f"y{i}_p{j}": v for (i, j), v in self.cells.items()}

    def __repr__(self) -> str:
        shown = ", ".join(f"{o}={v}" for o, v in self.as_dict().items())
        return f"SparseImportance(multiclass:{self.k}: {shown}; every other cell 0)"
