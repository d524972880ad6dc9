"""k-class performances by their non-zero cells: exact, in memory and time linear in those cells.

A performance on Ω = {(ground truth i, prediction j)} of k classes is stored as the integer
counts n_ij > 0 of its non-zero cells over one total N, P(y = i, ŷ = j) = n_ij / N, the counts
divided by their gcd so that equal performances are stored alike (and compare and hash alike).
The diagonal, the row sums (class priors) and the column sums cost one pass over the cells; a
1000-class benchmark of 50 000 samples has at most 50 000 cells, not a million.

Integer input stays integer; exact rationals are brought to one common denominator. Counts are
numpy ``int64`` while every sum fits, else Python integers (exact either way).

>>> P = SparsePerformance.from_matrix([[5, 1, 0], [0, 3, 1], [0, 0, 2]])
>>> P.k, P.nnz, P.total
(3, 5, 12)
>>> P.probability(0, 0), P.priors()
(Fraction(5, 12), (Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)))
>>> sparse_mixture(P, SparsePerformance.vertex(3, 2, 2), Fraction(1, 2)).probability(2, 2)
Fraction(7, 12)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction
from ordertheory.performances.performance import Performance
from ordertheory.spaces.sample_space import SampleSpace, multiclass

INT64_SAFE = 2**62  # totals below this keep numpy int64 (every partial sum fits); beyond, Python ints
DENSE_MAX_CLASSES = 32  # a dense Performance (k² exact probabilities) only up to 1024 outcomes


@dataclass(frozen=True, eq=False)
class SparsePerformance:
    """P(y = i, ŷ = j) = counts[n] / total at (rows[n], cols[n]); every other cell is 0.

    Build it with :meth:`from_cells`, :meth:`from_matrix`, :meth:`from_labels` or
    :meth:`from_performance`; the cells are sorted row-major, without zeros or repeats.
    """

    k: int
    rows: np.ndarray
    cols: np.ndarray
    counts: np.ndarray  # int64, or object (Python ints) when the total is too large for int64
    total: int

    # construction -----------------------------------------------------------------------------
    @classmethod
    def from_cells(cls, k: int, cells: Iterable[tuple[int, int, object]], where: str = "") -> SparsePerformance:
        """From (i, j, value) triples: counts or probabilities (exact), normalised by their sum.

        A repeated cell, a negative value, a class outside 0..k−1 or an all-zero input is an
        :class:`~ordertheory.errors.InvalidInput` naming it.
        """
        _check_k(k)
        at = f"{where}: " if where else ""
        ii, jj, vals = [], [], []
        for i, j, v in cells:
            if not (_is_index(i) and _is_index(j)) or not (0 <= i < k and 0 <= j < k):
                raise InvalidInput(f"{at}expected classes in 0..{k - 1} but got the cell ({i}, {j})")
            x = v if isinstance(v, int | Fraction) and not isinstance(v, bool) else to_fraction(v, f"cell ({i}, {j})")
            if x < 0:
                raise InvalidInput(f"{at}expected non-negative values but got {x} at the cell ({i}, {j})")
            if x:
                ii.append(int(i))
                jj.append(int(j))
                vals.append(x)
        return cls._build(k, ii, jj, vals, at)

    @classmethod
    def from_matrix(cls, matrix: object) -> SparsePerformance:
        """From a k × k confusion matrix (rows = ground truth, scikit-learn's convention)."""
        if hasattr(matrix, "to_numpy") and hasattr(matrix, "columns"):
            matrix = matrix.to_numpy()
        rows = [list(r) for r in (matrix.tolist() if hasattr(matrix, "tolist") else matrix)]
        k = len(rows)
        if k < 2 or any(len(r) != k for r in rows):
            raise InvalidInput(f"expected a square k x k confusion matrix with k >= 2 but got {k} rows "
                               f"of lengths {sorted({len(r) for r in rows})}")
        return cls.from_cells(k, ((i, j, v) for i, r in enumerate(rows) for j, v in enumerate(r)))

    @classmethod
    def from_labels(cls, y_true: Iterable[object], y_pred: Iterable[object],
                    labels: Iterable[object] | None = None) -> SparsePerformance:
        """From ground-truth and predicted labels; classes in the order of ``labels``, else sorted
        as scikit-learn sorts them (the union of both label sets)."""
        t, p = np.asarray(list(y_true)), np.asarray(list(y_pred))
        if t.shape != p.shape or t.size == 0:
            raise InvalidInput(f"expected as many predictions as labels (at least one) but got {t.size} and {p.size}")
        try:
            classes = list(labels) if labels is not None else sorted(set(t.tolist()) | set(p.tolist()))
        except TypeError:
            raise InvalidInput("expected labels that can be sorted (all numbers or all strings)") from None
        pos = {c: n for n, c in enumerate(classes)}
        missing = sorted({x for x in (*t.tolist(), *p.tolist()) if x not in pos}, key=repr)
        if missing:
            raise InvalidInput(f"labels {missing[:5]} are not among the classes {classes[:8]}")
        k = max(2, len(classes))
        code = np.fromiter((pos[a] * k + pos[b] for a, b in zip(t.tolist(), p.tolist())), dtype=np.int64)
        cells, counts = np.unique(code, return_counts=True)
        return cls._from_arrays(k, cells // k, cells % k, counts.astype(np.int64))

    @classmethod
    def from_performance(cls, P: Performance) -> SparsePerformance:
        """The non-zero cells of a dense performance on a k-class space (binary: tn, fp, fn, tp)."""
        k = P.space.classes
        if not k or len(P.space) != k * k:
            raise InvalidInput(f"expected a performance on a k-class space but got one on {P.space.name}")
        return cls.from_cells(k, ((n // k, n % k, p) for n, p in enumerate(P.probabilities) if p))

    @classmethod
    def vertex(cls, k: int, i: int, j: int) -> SparsePerformance:
        """The Dirac measure on the cell (i, j)."""
        return cls.from_cells(k, [(i, j, 1)])

    @classmethod
    def _build(cls, k: int, ii: list, jj: list, vals: list, at: str = "") -> SparsePerformance:
        if not vals:
            raise InvalidInput(f"{at}every value is 0; expected counts or probabilities with a positive total")
        den = math.lcm(*(v.denominator for v in vals if isinstance(v, Fraction)), 1)
        nums = [int(v * den) if isinstance(v, Fraction) else int(v) * den for v in vals]
        rows, cols = np.asarray(ii, dtype=np.int64), np.asarray(jj, dtype=np.int64)
        order = np.lexsort((cols, rows))
        rows, cols = rows[order], cols[order]
        same = (np.diff(rows) == 0) & (np.diff(cols) == 0)
        if same.any():
            n = int(np.argmax(same))
            raise InvalidInput(f"{at}the cell ({rows[n]}, {cols[n]}) is given twice")
        counts = np.asarray([nums[n] for n in order], dtype=object)
        return cls._from_arrays(k, rows, cols, counts)

    @classmethod
    def _from_arrays(cls, k: int, rows: np.ndarray, cols: np.ndarray, counts: np.ndarray) -> SparsePerformance:
        """Cells already sorted, distinct and positive: reduce by the gcd, pick the integer type."""
        values = counts.tolist()  # Python ints, whether the array held int64 or objects
        g = math.gcd(*values) if values else 1
        if g != 1:
            values = [c // g for c in values]
        total = sum(values)
        dtype = np.int64 if total < INT64_SAFE else object
        return cls(k, rows, cols, np.asarray(values, dtype=dtype), total)

    # reading ----------------------------------------------------------------------------------
    @property
    def nnz(self) -> int:
        """The number of non-zero cells."""
        return len(self.counts)

    @property
    def space_name(self) -> str:
        return f"multiclass:{self.k}"

    @property
    def space(self) -> SampleSpace:
        """multiclass(k) (its outcome names are made on demand)."""
        return multiclass(self.k)

    def cells(self) -> Iterator[tuple[int, int, Fraction]]:
        """The non-zero cells (i, j, P(y = i, ŷ = j)), row-major."""
        for i, j, c in zip(self.rows.tolist(), self.cols.tolist(), self.counts.tolist()):
            yield i, j, Fraction(c, self.total)

    def probability(self, i: int, j: int) -> Fraction:
        """P(y = i, ŷ = j), exact (a binary search among the cells)."""
        lo = int(np.searchsorted(self.rows, i, "left"))
        hi = int(np.searchsorted(self.rows, i, "right"))
        n = lo + int(np.searchsorted(self.cols[lo:hi], j))
        if n < hi and int(self.cols[n]) == j:
            return Fraction(int(self.counts[n]), self.total)
        return Fraction(0)

    @cached_property
    def class_counts(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(diagonal, row sums, column sums) per class, as integers over :attr:`total`."""
        dtype = self.counts.dtype
        d, r, q = (np.zeros(self.k, dtype=dtype) for _ in range(3))
        np.add.at(r, self.rows, self.counts)
        np.add.at(q, self.cols, self.counts)
        on = self.rows == self.cols
        d[self.rows[on]] = self.counts[on]
        return d, r, q

    def priors(self) -> tuple[Fraction, ...]:
        """The class priors P(y = c), exact."""
        return tuple(Fraction(int(x), self.total) for x in self.class_counts[1])

    def as_dict(self) -> dict[str, Fraction]:
        """The non-zero cells by outcome name ``y{i}_p{j}`` (what the JSON output lists)."""
        return {f"y{i}_p{j}": p for i, j, p in self.cells()}

    def to_performance(self, space: SampleSpace | None = None) -> Performance:
        """The dense performance on ``space`` (default multiclass(k); the binary space for k = 2
        reads tn, fp, fn, tp = cells (0,0), (0,1), (1,0), (1,1)); at most 32 classes."""
        space = space or multiclass(self.k)
        if space.classes != self.k or len(space) != self.k * self.k:
            raise InvalidInput(f"expected a space of {self.k} classes but got {space.name}")
        if self.k > DENSE_MAX_CLASSES:
            raise InvalidInput(f"a dense performance of {self.k} classes would hold {self.k ** 2} exact "
                               f"probabilities (at most {DENSE_MAX_CLASSES ** 2}); use the sparse one")
        probs = [Fraction(0)] * (self.k * self.k)
        for i, j, p in self.cells():
            probs[i * self.k + j] = p
        return Performance(space, tuple(probs))

    # identity ---------------------------------------------------------------------------------
    @cached_property
    def _key(self) -> tuple:
        return (self.k, self.total, self.rows.tobytes(), self.cols.tobytes(), tuple(self.counts.tolist()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SparsePerformance) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"SparsePerformance(multiclass:{self.k}: {self.cells_text()})"

    def cells_text(self, most: int = 24) -> str:
        """The non-zero cells for a reader: runs of ≥ 3 diagonal cells of one value in one item
        (``y3_p3 … y999_p999 = 1/1000 each``), at most ``most`` items, then how many are left."""
        items: list[str] = []
        run: list[tuple[int, Fraction]] = []

        def flush() -> None:
            if len(run) >= 3:
                items.append(f"y{run[0][0]}_p{run[0][0]} … y{run[-1][0]}_p{run[-1][0]} = {run[0][1]} each")
            else:
                items.extend(f"y{c}_p{c}={p}" for c, p in run)
            run.clear()

        for i, j, p in self.cells():
            if i == j and run and run[-1][0] == i - 1 and run[-1][1] == p:
                run.append((i, p))
                continue
            flush()
            if i == j:
                run.append((i, p))
            else:
                items.append(f"y{i}_p{j}={p}")
        flush()
        shown = items[:most] + ([f"… {len(items) - most} more"] if len(items) > most else [])
        return ", ".join(shown) + "; every other cell 0"


def sparse_mixture(P1: SparsePerformance, P2: SparsePerformance, lam: object) -> SparsePerformance:
    """λ·P1 + (1 − λ)·P2, exact, in time linear in the cells of both."""
    lam = to_fraction(lam, "lambda")
    if not 0 <= lam <= 1:
        raise InvalidInput(f"expected a mixture weight in [0, 1] but got lambda={lam}")
    if P1.k != P2.k:
        raise InvalidInput(f"expected performances on one space but got {P1.k} and {P2.k} classes")
    a, b = lam / P1.total, (1 - lam) / P2.total
    acc: dict[tuple[int, int], Fraction] = {}
    for P, w in ((P1, a), (P2, b)):
        if w:
            for i, j, c in zip(P.rows.tolist(), P.cols.tolist(), P.counts.tolist()):
                acc[(i, j)] = acc.get((i, j), Fraction(0)) + w * c
    return SparsePerformance.from_cells(P1.k, ((i, j, v) for (i, j), v in acc.items()))


def sparse_mixture_of(performances: Sequence[SparsePerformance], weights: Sequence[object]) -> SparsePerformance:
    """Σ λ_t·P_t, exact, in time linear in the cells of all: one common denominator, integer counts.

    >>> A, B = SparsePerformance.from_matrix([[3, 1], [0, 0]]), SparsePerformance.from_matrix([[0, 0], [1, 1]])
    >>> sparse_mixture_of([A, B], [Fraction(1, 2), Fraction(1, 2)]).as_dict()
    {'y0_p0': Fraction(3, 8), 'y0_p1': Fraction(1, 8), 'y1_p0': Fraction(1, 4), 'y1_p1': Fraction(1, 4)}
    """
    if not performances or len(weights) != len(performances):
        raise InvalidInput(f"expected one weight per performance (at least one) but got {len(weights)} weights "
                           f"for {len(performances)} performances")
    lam = [to_fraction(w, f"lambda{t + 1}") for t, w in enumerate(weights)]
    if any(x < 0 for x in lam) or sum(lam) != 1:
        raise InvalidInput(f"expected non-negative mixture weights summing to 1 but they sum to {sum(lam)}")
    k = performances[0].k
    if any(P.k != k for P in performances):
        raise InvalidInput("expected performances on one space (the same number of classes)")
    scale = [x / P.total for x, P in zip(lam, performances)]
    den = math.lcm(*(s.denominator for s in scale))
    mult = [int(s * den) for s in scale]
    keep = [t for t, m in enumerate(mult) if m]
    rows = np.concatenate([performances[t].rows for t in keep])
    cols = np.concatenate([performances[t].cols for t in keep])
    small = max(mult) * max(P.total for P in performances) * len(keep) < INT64_SAFE
    dtype = np.int64 if small else object
    vals = np.concatenate([performances[t].counts.astype(dtype) * (mult[t] if small else int(mult[t]))
                           for t in keep])
    code = rows * k + cols
    order = np.argsort(code, kind="stable")
    code, vals = code[order], vals[order]
    starts = np.flatnonzero(np.r_[True, code[1:] != code[:-1]])
    sums = np.add.reduceat(vals, starts)
    cells = code[starts]
    return SparsePerformance._from_arrays(k, cells // k, cells % k, sums)


def as_sparse(P: Performance | SparsePerformance) -> SparsePerformance:
    """A SparsePerformance for either kind of k-class performance."""
    return P if isinstance(P, SparsePerformance) else SparsePerformance.from_performance(P)


def _is_index(x: object) -> bool:
    return isinstance(x, int | np.integer) and not isinstance(x, bool)


def _check_k(k: int) -> None:
    if not _is_index(k) or k < 2:
        raise InvalidInput(f"expected a number of classes k >= 2 but got k={k!r}")
