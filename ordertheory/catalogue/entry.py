"""A catalogue entry and the registry that holds them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from ordertheory.errors import InvalidInput
from ordertheory.formula import Term
from ordertheory.sample_space import SampleSpace, binary, multiclass
from ordertheory.scores import Score, outcome_terms

_REGISTRY: dict[str, Entry] = {}
_ALIASES: dict[str, str] = {}


@dataclass(frozen=True)
class Entry:
    """A named score: slug, display name, aliases, a builder of its formula, and its source.

    ``kind`` is ``"binary"`` (Ω = tn, fp, fn, tp) or ``"multiclass"`` (any k ≥ 2).
    """

    slug: str
    name: str
    build: Callable[[dict[str, Term], SampleSpace], Term] = field(repr=False)
    source: str
    kind: str = "binary"
    aliases: tuple[str, ...] = ()
    note: str = ""

    def score(self, space: SampleSpace | None = None) -> Score:
        """The score on ``space`` (default: binary, or 3 classes for a multiclass entry)."""
        if space is None:
            space = binary() if self.kind == "binary" else multiclass(3)
        if self.kind == "binary" and not space.is_binary:
            raise InvalidInput(f"score {self.slug!r} is defined on the binary space only")
        if self.kind == "multiclass" and not space.classes:
            raise InvalidInput(f"score {self.slug!r} needs a classification space (multiclass:K)")
        return _score(self, space)


@lru_cache(maxsize=512)
def _score(entry: Entry, space: SampleSpace) -> Score:
    """The entry's score on ``space``, built once per process: a Score is immutable, and what it
    computes on demand (its compiled numeric function, ~10 ms) then serves every later task of a
    worker that reads the same score (the paper job asks for each one in ~6 phases)."""
    term = entry.build(outcome_terms(space), space)
    params = tuple(sorted(term.expr.free_symbols - set(outcome_terms(space)[o].expr for o in space.outcomes),
                          key=str))
    return Score.from_term(space, term, name=entry.slug, text=str(term.expr), parameters=params)


def register(entry: Entry) -> Entry:
    """Add an entry; slugs and aliases must be unique across the catalogue."""
    for key in (entry.slug, *entry.aliases):
        if key in _REGISTRY or key in _ALIASES:
            raise ValueError(f"duplicate catalogue key {key!r}")
    _REGISTRY[entry.slug] = entry
    for a in entry.aliases:
        _ALIASES[a] = entry.slug
    return entry


def find(key: str) -> Entry | None:
    """The entry with this slug or alias (case-insensitive), or None."""
    k = key.strip().lower()
    slug = k if k in _REGISTRY else _ALIASES.get(k)
    return None if slug is None else _REGISTRY[slug]


def get(key: str) -> Entry:
    """Look an entry up by slug or alias (case-insensitive)."""
    entry = find(key)
    if entry is None:
        raise InvalidInput(f"unknown score {key!r}; run 'ordertheory scores' for the catalogue")
    return entry


def all_entries(kind: str | None = None) -> list[Entry]:
    """Every entry, in registration order, optionally of one kind."""
    return [e for e in _REGISTRY.values() if kind is None or e.kind == kind]
