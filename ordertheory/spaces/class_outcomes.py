"""The k² outcome names of a k-class space and its crisp satisfaction, made on demand.

A 1000-class space has a million outcomes: :class:`CellNames` and :class:`CrispSatisfaction` stand
for the tuples of its names ``y{i}_p{j}`` and of S = 1 on the diagonal without building them
(:func:`ordertheory.spaces.sample_space.multiclass` uses them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

CELL = re.compile(r"^y(0|[1-9][0-9]*)_p(0|[1-9][0-9]*)$")


def cell_name(true: int, predicted: int) -> str:
    """The outcome "ground truth class ``true``, predicted class ``predicted``" of a k-class space.

    >>> cell_name(2, 0)
    'y2_p0'
    """
    return f"y{true}_p{predicted}"


class OnDemand(Sequence):
    """A tuple made on demand: its items by :meth:`_item`, compared and hashed like the tuple it stands for
    (the base of the outcome names and satisfactions of spaces too large to list)."""

    __slots__ = ("_hash",)

    def _item(self, n: int):
        raise NotImplementedError

    def __getitem__(self, n):
        if isinstance(n, slice):
            return tuple(self[i] for i in range(*n.indices(len(self))))
        n = n + len(self) if n < 0 else n
        if not 0 <= n < len(self):
            raise IndexError(n)
        return self._item(n)

    def __iter__(self):
        return (self._item(n) for n in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return self.__reduce__()[1] == other.__reduce__()[1]
        if isinstance(other, tuple | list):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        if getattr(self, "_hash", None) is None:  # the tuple's hash, so that equal spaces hash alike
            self._hash = hash(tuple(self))
        return self._hash


class CellNames(OnDemand):
    """The k² outcome names ``y{i}_p{j}`` of :func:`multiclass` (row-major), made on demand.

    A 1000-class space has a million outcomes: a tuple of their names costs a second and 60 MB
    before anything is asked, while the structured k-class checks never read them. This sequence
    compares and hashes like the tuple it stands for.

    >>> names = CellNames(3)
    >>> len(names), names[4], names.index("y2_p1"), names == tuple(names)
    (9, 'y1_p1', 7, True)
    """

    __slots__ = ("k",)

    def __init__(self, k: int) -> None:
        self.k, self._hash = k, None

    def __len__(self) -> int:
        return self.k * self.k

    def _item(self, n: int):
        return cell_name(*divmod(n, self.k))

    def cell(self, name: object) -> tuple[int, int] | None:
        """(i, j) of the outcome ``y{i}_p{j}``, or None when ``name`` is not one of them."""
        m = CELL.match(name) if isinstance(name, str) else None
        if m is None or int(m.group(1)) >= self.k or int(m.group(2)) >= self.k:
            return None
        return int(m.group(1)), int(m.group(2))

    def __contains__(self, name: object) -> bool:
        return self.cell(name) is not None

    def index(self, name: object, *_) -> int:
        ij = self.cell(name)
        if ij is None:
            raise ValueError(f"{name!r} is not an outcome of {self.k} classes")
        return ij[0] * self.k + ij[1]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CellNames) and type(other) is not type(self):
            return False  # names are not satisfactions
        return super().__eq__(other)

    __hash__ = OnDemand.__hash__

    def __reduce__(self):
        return (CellNames, (self.k,))

    def __repr__(self) -> str:
        return f"CellNames({self.k})"


class CrispSatisfaction(CellNames):
    """S = 1 on the diagonal of k classes, 0 elsewhere, in :class:`CellNames`' order (on demand).

    >>> tuple(CrispSatisfaction(2)) == (1, 0, 0, 1)
    True
    """

    __slots__ = ()
    _ONE, _ZERO = Fraction(1), Fraction(0)

    def _item(self, n: int) -> Fraction:
        return self._ONE if n % (self.k + 1) == 0 else self._ZERO

    def __contains__(self, value: object) -> bool:
        return value in (self._ONE, self._ZERO)

    def index(self, value: object, *_) -> int:
        return 0 if value == 1 else 1 if value == 0 else tuple(self).index(value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CrispSatisfaction):
            return self.k == other.k
        if isinstance(other, CellNames):
            return False
        return super().__eq__(other)

    __hash__ = CellNames.__hash__

    def __reduce__(self):
        return (CrispSatisfaction, (self.k,))

    def __repr__(self) -> str:
        return f"CrispSatisfaction({self.k})"


class LevelNames(OnDemand):
    """The 2L outcome names ``y{c}_s{l}`` of a scored space of many levels (negatives first), made on demand,
    like :class:`CellNames`: a scored space of 100 000 distinct scores never builds them unless asked.

    >>> names = LevelNames(3)
    >>> len(names), names[4], names.index("y1_s2"), names == tuple(names)
    (6, 'y1_s1', 5, True)
    """

    __slots__ = ("L",)
    NAME = re.compile(r"^y([01])_s(0|[1-9][0-9]*)$")

    def __init__(self, L: int) -> None:
        self.L, self._hash = L, None

    def __len__(self) -> int:
        return 2 * self.L

    def _item(self, n: int) -> str:
        return f"y{n // self.L}_s{n % self.L}"

    def index(self, name: object, *_) -> int:
        m = self.NAME.match(name) if isinstance(name, str) else None
        if m is None or int(m.group(2)) >= self.L:
            raise ValueError(f"{name!r} is not an outcome of {self.L} score levels")
        return int(m.group(1)) * self.L + int(m.group(2))

    def __contains__(self, name: object) -> bool:
        try:
            self.index(name)
        except ValueError:
            return False
        return True

    def __reduce__(self):
        return (LevelNames, (self.L,))

    def __repr__(self) -> str:
        return f"LevelNames({self.L})"


class LevelSatisfaction(OnDemand):
    """S of a scored space of many levels on demand: 1 − q_l for ``y0_s{l}``, q_l for ``y1_s{l}``.

    >>> tuple(LevelSatisfaction((Fraction(1, 4), Fraction(1, 2))))
    (Fraction(3, 4), Fraction(1, 2), Fraction(1, 4), Fraction(1, 2))
    """

    __slots__ = ("q",)

    def __init__(self, q: tuple[Fraction, ...]) -> None:
        self.q, self._hash = q, None

    def __len__(self) -> int:
        return 2 * len(self.q)

    def _item(self, n: int) -> Fraction:
        L = len(self.q)
        return self.q[n - L] if n >= L else 1 - self.q[n]

    def __reduce__(self):
        return (LevelSatisfaction, (self.q,))
