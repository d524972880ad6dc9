"""Sets Π of k-class performances without their k² coordinates: every performance, or fixed priors.

:class:`~ordertheory.sets.performance_set.PerformanceSet` writes Π with one sympy symbol per outcome —
a million for 1000 classes. The structured k-class checks only need to know which Π it is:
all performances, or the class priors P(y = c) = π_c fixed (a benchmark's common test set).

>>> Pi = ClassPi.uniform(1000)
>>> Pi.label, Pi.is_uniform
('uniform', True)
>>> from ordertheory.performances.sparse_performance import SparsePerformance
>>> Pi.contains(SparsePerformance.from_cells(1000, [(c, c, 1) for c in range(1000)]))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction
from ordertheory.performances.performance import Performance
from ordertheory.performances.sparse_performance import SparsePerformance, as_sparse
from ordertheory.sets.performance_set import (
    PerformanceSet,
    all_performances,
    exact_text,
    fixed_priors,
    margin_label,
)
from ordertheory.spaces.sample_space import SampleSpace, multiclass


@dataclass(frozen=True)
class ClassPi:
    """Π on k crisp classes: every performance (``priors`` None) or fixed class priors."""

    k: int
    priors: tuple[Fraction, ...] | None = None

    def __post_init__(self) -> None:
        if self.priors is not None:
            if len(self.priors) != self.k:
                raise InvalidInput(f"expected {self.k} class priors but got {len(self.priors)}")
            if any(p <= 0 for p in self.priors) or sum(self.priors) != 1:
                raise InvalidInput("expected positive class priors summing to 1 but got "
                                   f"{[str(p) for p in self.priors[:8]]}{' …' if self.k > 8 else ''}")

    @classmethod
    def all(cls, k: int) -> ClassPi:
        return cls(k)

    @classmethod
    def uniform(cls, k: int) -> ClassPi:
        """Every class prior 1/k."""
        return cls(k, (Fraction(1, k),) * k)

    @classmethod
    def fixed(cls, priors: Sequence[object]) -> ClassPi:
        ps = tuple(to_fraction(p, f"prior{i}") for i, p in enumerate(priors))
        return cls(len(ps), ps)

    @property
    def is_uniform(self) -> bool:
        return self.priors is not None and len(set(self.priors)) == 1

    @property
    def label(self) -> str:
        """The one label of this Π (:func:`~ordertheory.sets.performance_set.margin_label`), its
        priors cut after 8 on many classes."""
        if self.priors is None:
            return "all"
        text = margin_label(multiclass(self.k), "prior", self.priors)
        if self.is_uniform or self.k <= 8:
            return text
        return "priors=" + ",".join(map(exact_text, self.priors[:8])) + f",… ({self.k} classes)"

    @property
    def constraints(self) -> tuple[str, ...]:
        """Π's constraints as text (the class priors), for reports."""
        if self.priors is None:
            return ()
        return (f"P(y = c) = π_c for every class c ({'1/' + str(self.k) + ' each' if self.is_uniform else self.label.removeprefix('priors=')})",)

    def contains(self, P: SparsePerformance | Performance) -> bool:
        """Exact membership: the priors, when fixed, are P's."""
        S = as_sparse(P)
        return S.k == self.k and (self.priors is None or S.priors() == self.priors)

    @classmethod
    def from_setting(cls, k: int, text: str) -> ClassPi:
        """Π on k classes from a setting's text: ``all``, ``uniform``, ``priors=p1,…,pk`` or the bare list.

        >>> ClassPi.from_setting(1000, "uniform").is_uniform, ClassPi.from_setting(3, "1/2,1/4,1/4").label
        (True, 'priors=0.5,0.25,0.25')
        """
        t = text.strip()
        if t.lower() in ("all", ""):
            return cls.all(k)
        if t.lower() == "uniform":
            return cls.uniform(k)
        pi = cls.fixed(t.removeprefix("priors=").split(","))
        if pi.k != k:
            raise InvalidInput(f"expected {k} class priors but got {pi.k} in {text!r}")
        return pi

    def performance_set(self, space: SampleSpace | None = None) -> PerformanceSet:
        """The same Π with its k² coordinates (for the general procedure, small k only)."""
        space = space or multiclass(self.k)
        return all_performances(space) if self.priors is None else fixed_priors(space, list(self.priors))

    @classmethod
    def of(cls, Pi: PerformanceSet) -> ClassPi | None:
        """The ClassPi a PerformanceSet on a crisp k-class space is, when it is all performances or
        exactly fixed class priors (as :func:`~ordertheory.sets.performance_set.fixed_priors` writes
        them); None for anything else (user constraints, other spaces)."""
        k = Pi.space.classes
        if not k or not Pi.space.is_crisp_multiclass:
            return None
        if not Pi.constraints:
            return cls(k)
        if len(Pi.constraints) != k - 1 or any(c.op != "==" for c in Pi.constraints):
            return None
        priors: dict[int, Fraction] = {}
        for c in Pi.constraints:
            coeffs = sympy.expand(c.expr).as_coefficients_dict()
            const = coeffs.pop(sympy.Integer(1), sympy.Integer(0))
            rows = {Pi.space.outcomes.cell(s.name) for s in coeffs if s.is_Symbol}
            if None in rows or any(v != 1 for v in coeffs.values()) or len({i for i, _ in rows}) != 1:
                return None
            (i,) = {i for i, _ in rows}
            if {j for _, j in rows} != set(range(k)) or i in priors:
                return None
            priors[i] = Fraction(int(-const.p), int(const.q))
        rest = [i for i in range(k) if i not in priors]
        if len(rest) != 1:
            return None
        priors[rest[0]] = 1 - sum(priors.values(), Fraction(0))
        try:
            return cls(k, tuple(priors[i] for i in range(k)))
        except InvalidInput:
            return None
