"""Every preorder on a few elements, listed: labelled, or one per isomorphism class.

A preorder is a partition into classes of ∼ plus a partial order on the classes; the partial
orders are built one element at a time (a new element gets a down-set D and an up-set U, with
every element of D below every element of U), so nothing is filtered out of the 2^(n(n-1))
relations. ``theory.preorders`` counts them for n ≤ 7; this module lists them for n ≤ 5, for
exercises, for ``preorders N --list/--draw`` and for the brute-force re-check of readable proofs.

>>> [len(labelled_preorders(n)) for n in range(5)]
[1, 1, 4, 29, 355]
>>> [len(preorders_up_to_isomorphism(n)) for n in range(5)]
[1, 1, 3, 9, 33]
>>> Relation(2, frozenset({(0, 0), (1, 1), (0, 1)})).describe("ab")
'a < b'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from ordertheory.errors import InvalidInput
from ordertheory.performances.relations import Comparison, is_preorder

MAX_LIST = 5  # 6942 labelled preorders on 5 elements; 6 would be 209 527


@dataclass(frozen=True)
class Relation:
    """A preorder ≲ on the elements 0..n-1, as the set of pairs (i, j) with i ≲ j (reflexive pairs included)."""

    n: int
    le: frozenset[tuple[int, int]]

    def leq(self, i: int, j: int) -> bool:
        return (i, j) in self.le

    @property
    def is_partial_order(self) -> bool:
        """Antisymmetric: i ≲ j and j ≲ i only when i = j."""
        return not any((j, i) in self.le for i, j in self.le if i != j)

    @property
    def is_total(self) -> bool:
        """Any two elements comparable."""
        return all(self.leq(i, j) or self.leq(j, i) for i in range(self.n) for j in range(self.n))

    def comparisons(self, labels: Sequence[str]) -> list[str]:
        """For each pair i < j of elements, the one of <, ∼, >, ⋈ that relates them."""
        return [f"{labels[i]} {Comparison.from_leq(self.leq(i, j), self.leq(j, i)).symbol} {labels[j]}"
                for i, j in itertools.combinations(range(self.n), 2)]

    def describe(self, labels: Sequence[str] | None = None) -> str:
        labels = labels or [str(i) for i in range(self.n)]
        return "; ".join(self.comparisons(labels)) or ("one element" if self.n == 1 else "no element")

    def canonical(self) -> tuple:
        """The same key for isomorphic preorders: the least relabelling of the pairs."""
        return _canonical(self.n, self.le)


def _check_n(n: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_LIST:
        raise InvalidInput(f"expected a whole number 0 <= n <= {MAX_LIST} to list preorders but got n={n!r}")


def set_partitions(items: Sequence) -> Iterator[list[list]]:
    """Every partition of ``items`` into non-empty blocks (blocks in order of their first item).

    >>> [len(list(set_partitions(range(n)))) for n in range(5)]
    [1, 1, 2, 5, 15]
    """
    items = list(items)
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in set_partitions(rest):
        yield [[first], *part]
        for k in range(len(part)):
            yield [*part[:k], [first, *part[k]], *part[k + 1:]]


@cache
def _posets(k: int) -> tuple[frozenset[tuple[int, int]], ...]:
    """Labelled partial orders on 0..k-1, as sets of strict pairs (i, j): i < j in the order."""
    if k == 0:
        return (frozenset(),)
    out = []
    for strict in _posets(k - 1):
        below = {x: {y for y in range(k - 1) if (y, x) in strict} for x in range(k - 1)}
        above = {x: {y for y in range(k - 1) if (x, y) in strict} for x in range(k - 1)}
        for d_bits in range(1 << (k - 1)):
            D = {x for x in range(k - 1) if d_bits >> x & 1}
            if any(not below[x] <= D for x in D):  # D must be a down-set
                continue
            for u_bits in range(1 << (k - 1)):
                U = {x for x in range(k - 1) if u_bits >> x & 1}
                if U & D or any(not above[x] <= U for x in U):  # U an up-set, disjoint from D
                    continue
                if any((d, u) not in strict for d in D for u in U):  # transitivity through the new one
                    continue
                new = k - 1
                out.append(strict | {(d, new) for d in D} | {(new, u) for u in U})
    return tuple(out)


@cache
def labelled_preorders(n: int) -> tuple[Relation, ...]:
    """Every preorder on the labelled elements 0..n-1 (n ≤ 5), in a fixed order."""
    _check_n(n)
    out = []
    for blocks in set_partitions(range(n)):
        home = {x: b for b, block in enumerate(blocks) for x in block}
        for strict in _posets(len(blocks)):
            le = frozenset((i, j) for i in range(n) for j in range(n)
                           if home[i] == home[j] or (home[i], home[j]) in strict)
            out.append(Relation(n, le))
    return tuple(sorted(out, key=lambda r: (len(r.le), sorted(r.le))))


def _canonical(n: int, le: frozenset[tuple[int, int]]) -> tuple:
    return min(tuple(sorted((p[i], p[j]) for i, j in le)) for p in itertools.permutations(range(n)))


@cache
def preorders_up_to_isomorphism(n: int) -> tuple[Relation, ...]:
    """One preorder per isomorphism class on n ≤ 5 elements (OEIS A001930: 1, 1, 3, 9, 33, 139)."""
    seen: dict[tuple, Relation] = {}
    for r in labelled_preorders(n):
        seen.setdefault(r.canonical(), r)
    return tuple(seen.values())


def preorders_of_kind(n: int, kind: str = "preorder") -> tuple[Relation, ...]:
    """The labelled preorders on n elements that are partial orders (``partial``), total (``total``) or any."""
    rels = labelled_preorders(n)
    if kind == "partial":
        return tuple(r for r in rels if r.is_partial_order)
    if kind == "total":
        return tuple(r for r in rels if r.is_total)
    return rels


def verify_listing(n: int) -> bool:
    """Cross-check for small n: the listing is exactly the reflexive, transitive relations (brute force)."""
    pairs = [(i, j) for i in range(n) for j in range(n) if i != j]
    brute = set()
    for bits in itertools.product((False, True), repeat=len(pairs)):
        le = frozenset({(i, i) for i in range(n)} | {p for p, b in zip(pairs, bits) if b})
        if is_preorder(range(n), lambda i, j, le=le: (i, j) in le):
            brute.add(le)
    return brute == {r.le for r in labelled_preorders(n)}
