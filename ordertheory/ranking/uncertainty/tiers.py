"""Tiers a reader can trust: groups of entities no two of which are separated, with Holm's control.

Two entities are **separated** at level L when a two-sided test of "neither ranks above the other"
rejects at 1 − L after **Holm's correction over every pair** of ranked entities (the family a reader
looks at in a table of tiers). The pair's p-value is

- from the resampling: p = 2·min(1 − P(A above B), 1 − P(B above A)), capped at 1 — the reverse order's
  probability (ties count against separation), doubled because the direction is read off the data.
  A Monte Carlo frequency over D draws is taken as (reversals + 1)/(D + 1), never 0: D draws cannot
  show a probability below 1/(D + 1), so separating m pairs at 1 − L needs D ≥ 2m/(1 − L);
  a probability computed without sampling adds its numerical error;
- from the paired permutation test (per-sample predictions): its own p-value, Holm-adjusted.

A **tier** is a maximal set of entities no two of which are separated; tiers may overlap, and they
are shown as a compact letter display (Piepho, 2004: two entities share a letter exactly when they
are not separated), computed by insert-and-absorb. Where more than :data:`MAX_TIERS` maximal sets
exist, the tiers shown are the maximal runs of the observed order without a separated pair —
still never holding a separated pair — and ``complete`` is False; the "separated from" list of every
entity is complete in any case.

>>> sep = {frozenset(("A", "C")), frozenset(("B", "D")), frozenset(("A", "D"))}
>>> t = tiers(("A", "B", "C", "D"), sep, 0.95, "test")
>>> t.groups
(('A', 'B'), ('B', 'C'), ('C', 'D'))
>>> t.letters
{'A': 'a', 'B': 'ab', 'C': 'bc', 'D': 'c'}
>>> t.separated_from["A"]
('C', 'D')
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

MAX_TIERS = 400  # maximal non-separated sets kept by insert-and-absorb before falling back to runs


@dataclass(frozen=True)
class Tiers:
    """Tiers of entities (in the observed order), their letters and each entity's separated list."""

    level: float
    rule: str  # how "separated" was decided, in words
    order: tuple[str, ...]
    groups: tuple[tuple[str, ...], ...]  # maximal sets without a separated pair (overlapping)
    letters: dict[str, str]
    separated_from: dict[str, tuple[str, ...]]
    complete: bool = True  # every non-separated pair shares a group

    def tied(self) -> tuple[tuple[str, ...], ...]:
        """The tiers of two entities or more."""
        return tuple(g for g in self.groups if len(g) > 1)

    def separated(self, a: str, b: str) -> bool:
        return b in self.separated_from.get(a, ())

    def lines(self, most: int = 12) -> list[str]:
        """The tiers as a reader sees them: one line each (at most ``most``)."""
        tied = self.tied()
        if not tied:
            return [f"tiers ({self.rule}): every pair separated — no two entities share a tier"]
        shown = [f"{_letter(self.groups.index(g))}: {{{', '.join(g)}}}" for g in tied[:most]]
        more = f"; and {len(tied) - most} more" if len(tied) > most else ""
        note = "" if self.complete else " (too many overlapping tiers to list: runs of the observed order shown)"
        return [f"tiers ({self.rule}; no two members separated){note}: " + "; ".join(shown) + more]

    def to_json(self) -> dict:
        return {"level": self.level, "rule": self.rule, "order": list(self.order), "groups": [list(g) for g in self.groups],
                "letters": self.letters, "separated_from": {k: list(v) for k, v in self.separated_from.items()},
                "complete": self.complete}


def _letter(i: int) -> str:
    """a … z, then aa, ab, …"""
    letters = string.ascii_lowercase
    return letters[i] if i < 26 else _letter(i // 26 - 1) + letters[i % 26]


def holm_separated(p: Mapping[frozenset, float], level: float) -> set[frozenset]:
    """The pairs whose Holm-adjusted p-value (over all of ``p``) is at most 1 − level."""
    items = sorted(p.items(), key=lambda kv: (kv[1], sorted(kv[0])))
    m, running, out = len(items), 0.0, set()
    for rank, (pair, value) in enumerate(items):
        running = max(running, min(1.0, (m - rank) * value))
        if running <= 1 - level:
            out.add(pair)
    return out


def _insert_absorb(order: Sequence[str], separated: Iterable[frozenset]) -> list[frozenset] | None:
    """Piepho's insert-and-absorb: the maximal sets without a separated pair; None past MAX_TIERS."""
    cols = [frozenset(order)]
    for pair in sorted(separated, key=lambda p: sorted(order.index(x) for x in p)):
        a, b = tuple(pair)
        new = []
        for c in cols:
            if a in c and b in c:
                new += [c - {a}, c - {b}]
            else:
                new.append(c)
        new = sorted(set(new), key=len, reverse=True)
        cols = [c for k, c in enumerate(new) if not any(c < d for d in new[:k])]
        if len(cols) > MAX_TIERS:
            return None
    return cols


def _runs(order: Sequence[str], separated: set[frozenset]) -> list[frozenset]:
    """For each start, the longest run of the observed order without a separated pair (maximal ones)."""
    out = []
    for i in range(len(order)):
        j = i + 1
        while j < len(order) and not any(frozenset((order[j], x)) in separated for x in order[i:j]):
            j += 1
        run = frozenset(order[i:j])
        if not any(run <= r for r in out):
            out.append(run)
    return out


def tiers(order: Sequence[str], separated: set[frozenset], level: float, rule: str) -> Tiers:
    """The tiers of the entities ``order`` (observed order, best first) given the separated pairs."""
    order = tuple(order)
    sep = {p for p in separated if p <= set(order)}
    cols = _insert_absorb(order, sep)
    complete = cols is not None
    if cols is None:
        cols = _runs(order, sep)
    pos = {n: i for i, n in enumerate(order)}
    groups = sorted((tuple(sorted(c, key=pos.get)) for c in cols if c),
                    key=lambda g: (pos[g[0]], -len(g), [pos[x] for x in g]))
    letters = {n: "".join(_letter(k) for k, g in enumerate(groups) if n in g) for n in order}
    sep_from = {n: tuple(m for m in order if frozenset((n, m)) in sep) for n in order}
    return Tiers(level, rule, order, tuple(groups), letters, sep_from, complete)
