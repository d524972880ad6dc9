"""A performance on Ω = {negative, positive} × L levels of any size, by its non-zero cells.

What a witness on a leaderboard's Ω of thousands of distinct scores is: a few outcomes with exact
probabilities, the rest 0 — printed and written to JSON by those cells only, mixed exactly, read by
the per-sample forms as counts (:meth:`LevelPerformance.samples`).

>>> from ordertheory.spaces.sample_space import scored
>>> sp = scored(1000)
>>> P = LevelPerformance.of(sp, {"y0_s3": Fraction(1, 2), "y1_s999": Fraction(1, 2)})
>>> str(P), P.prior
('(y0_s3=1/2, y1_s999=1/2)', Fraction(1, 2))
>>> str(P.mix(LevelPerformance.of(sp, {"y0_s3": 1}), Fraction(1, 2)))
'(y0_s3=3/4, y1_s999=1/4)'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction
from ordertheory.performances.scored_samples import ScoredSamples
from ordertheory.spaces.sample_space import ScoredSpace


@dataclass(frozen=True)
class LevelPerformance:
    """P on a :class:`~ordertheory.spaces.sample_space.ScoredSpace`: ``cells`` = ((class, level, probability), …),
    sorted, non-zero, summing to 1."""

    space: ScoredSpace
    cells: tuple[tuple[int, int, Fraction], ...]

    @classmethod
    def of(cls, space: ScoredSpace, probabilities: Mapping[str, object]) -> LevelPerformance:
        """From outcome names ``y{c}_s{l}`` and exact probabilities (0s dropped; they must sum to 1)."""
        L = space.level_count
        cells: dict[tuple[int, int], Fraction] = {}
        for o, v in probabilities.items():
            c, _, lvl = o.partition("_s")
            if c not in ("y0", "y1") or not lvl.isdigit() or not int(lvl) < L:
                raise InvalidInput(f"expected an outcome y0_s{{l}} or y1_s{{l}} with l < {L} but got {o!r}")
            p = to_fraction(v, f"P({o})")
            if p < 0:
                raise InvalidInput(f"expected a non-negative probability but got P({o}) = {p}")
            if p:
                cells[(int(c[1]), int(lvl))] = cells.get((int(c[1]), int(lvl)), Fraction(0)) + p
        if sum(cells.values(), Fraction(0)) != 1:
            raise InvalidInput(f"expected probabilities summing to 1 but they sum to {sum(cells.values(), Fraction(0))}")
        return cls(space, tuple((c, lvl, p) for (c, lvl), p in sorted(cells.items())))

    def as_dict(self) -> dict[str, Fraction]:
        """The non-zero cells by outcome name (every other outcome has probability 0)."""
        return {f"y{c}_s{lvl}": p for c, lvl, p in self.cells}

    def __str__(self) -> str:
        return "(" + ", ".join(f"{o}={p}" for o, p in self.as_dict().items()) + ")"

    @property
    def prior(self) -> Fraction:
        """P(positive)."""
        return sum((p for c, _, p in self.cells if c == 1), Fraction(0))

    def mix(self, other: LevelPerformance, lam: Fraction) -> LevelPerformance:
        """λ·self + (1 − λ)·other, exactly."""
        out: dict[str, Fraction] = {}
        for P, w in ((self, lam), (other, 1 - lam)):
            for o, p in P.as_dict().items():
                out[o] = out.get(o, Fraction(0)) + w * p
        return LevelPerformance.of(self.space, out)

    def satisfaction(self) -> list[Fraction]:
        """S of each non-zero cell (the probability given to the true class), in the cells' order."""
        return [self.space.q[lvl] if c else 1 - self.space.q[lvl] for c, lvl, _ in self.cells]

    def samples(self) -> ScoredSamples:
        """The same performance as counts at its occupied levels (over the common denominator), for the
        per-sample forms; each level as the float nearest its value (exact for a level read from a float)."""
        den = math.lcm(*(p.denominator for _, _, p in self.cells))
        levels = sorted({lvl for _, lvl, _ in self.cells})
        at = {lvl: i for i, lvl in enumerate(levels)}
        counts = np.zeros((2, len(levels)), dtype=np.int64)
        for c, lvl, p in self.cells:
            counts[c, at[lvl]] = int(p * den)
        floats = np.array([float(self.space.q[lvl]) for lvl in levels])
        return ScoredSamples(floats, counts[0], counts[1], "<witness>")


@dataclass(frozen=True)
class NamedCells:
    """A performance on an Ω that is never written out, by its non-zero cells' names and exact probabilities
    (a witness on the k-class Ω of distinct probability vectors)."""

    cells: tuple[tuple[str, Fraction], ...]

    def as_dict(self) -> dict[str, Fraction]:
        return dict(self.cells)

    def __str__(self) -> str:
        return "(" + ", ".join(f"{o}={p}" for o, p in self.cells) + ")"
