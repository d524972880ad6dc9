"""A catalogue entry and the registry that holds them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from ordertheory.catalogue.confusion import two_class_view
from ordertheory.errors import InvalidInput, ResourceLimit, did_you_mean
from ordertheory.scores.class_score import SYMBOLIC_MAX_CLASSES
from ordertheory.scores.direction import Direction
from ordertheory.scores.formula import Term
from ordertheory.scores.score import Score, outcome_terms
from ordertheory.spaces.sample_space import (
    MAX_LEVELS,
    SampleSpace,
    ScoredSpace,
    SelectiveSpace,
    binary,
    multiclass,
    scored,
    selective,
)

PRINTED_OUTCOMES = 64
_REGISTRY: dict[str, Entry] = {}
_ALIASES: dict[str, str] = {}

#: kind -> (its default space, which spaces it is defined on, those spaces in words)
KINDS: dict[str, tuple[Callable[[], SampleSpace], Callable[[SampleSpace], bool], str]] = {
    "binary": (binary, lambda s: s.is_binary, "the binary space only"),
    "multiclass": (lambda: multiclass(3), lambda s: bool(s.classes), "a classification space (multiclass:K)"),
    "scored": (lambda: scored(4), lambda s: isinstance(s, ScoredSpace), "a scored space (scored:L)"),
    "selective": (lambda: selective(2), lambda s: isinstance(s, SelectiveSpace), "a selective space (selective:K)"),
    "decision": (binary, lambda s: s.is_binary or isinstance(s, ScoredSpace | SelectiveSpace),
                 "the binary, a scored (scored:L) or a selective (selective:K) space"),
    "thresholded": (binary, lambda s: s.is_binary or isinstance(s, ScoredSpace),
                    "the binary or a scored (scored:L) space"),
}


@dataclass(frozen=True)
class Entry:
    """A named score: slug, display name, aliases, a builder of its formula, and its source.

    ``kind`` is a key of :data:`KINDS`: ``"binary"`` (Ω = tn, fp, fn, tp), ``"multiclass"`` (any
    k ≥ 2; on the binary space a k-class entry reads class 1 as the positive class), ``"scored"``
    (``scored:L``), ``"selective"`` (``selective:K``), ``"decision"`` (binary, scored and selective:
    costs of decisions) or ``"thresholded"`` (binary and scored). ``at_zero`` is the source's
    convention where a denominator of the formula vanishes (the domain here is the formula's as
    written, so such performances are outside it). ``lower_is_better`` marks a loss (Brier, log
    loss, a cost): the ordering it induces as a score, higher is better, is then the reverse of the
    one its users mean.
    """

    slug: str
    name: str
    build: Callable[[dict[str, Term], SampleSpace], Term] = field(repr=False)
    source: str
    kind: str = "binary"
    aliases: tuple[str, ...] = ()
    note: str = ""
    at_zero: str = ""
    lower_is_better: bool = False
    #: ``SLUG@ARG``: the entry for another parameter (a threshold, a cost matrix), from ARG as typed
    argument: Callable[[str], Entry] | None = field(default=None, repr=False, compare=False)

    def accepts(self, space: SampleSpace) -> bool:
        """Whether the entry is defined on ``space`` (by its kind)."""
        return KINDS[self.kind][1](space)

    def score(self, space: SampleSpace | None = None) -> Score:
        """The score on ``space`` (default: the kind's default space, e.g. binary, 3 classes, scored:4)."""
        default, _, where = KINDS[self.kind]
        space = default() if space is None else space
        if not self.accepts(space):
            hint = suggest(self.slug, "multiclass", self.aliases) if self.kind == "binary" and space.classes else ""
            raise InvalidInput(f"score {self.slug!r} is defined on {where}, not on {space.name}" + hint)
        if isinstance(space, ScoredSpace) and space.level_count > MAX_LEVELS:
            raise ResourceLimit(f"too large to write out: the formula of {self.slug} on {space.level_count} levels "
                                f"(at most {MAX_LEVELS}); the scoring scores use their per-sample forms there")
        if self.kind == "multiclass" and space.classes > SYMBOLIC_MAX_CLASSES:
            raise ResourceLimit(f"too large to write out: the formula of {self.slug} on {space.classes} classes "
                                f"has {space.classes ** 2} symbols (at most {SYMBOLIC_MAX_CLASSES} classes); "
                                "its structured form (ordertheory.catalogue.class_forms) is used where it has one")
        return _score(self, space)


@lru_cache(maxsize=512)
def _score(entry: Entry, space: SampleSpace) -> Score:
    """The entry's score on ``space``, built once per process: a Score is immutable, and what it
    computes on demand (its compiled numeric function, ~10 ms) then serves every later task of a
    worker that reads the same score (the paper job asks for each one in ~6 phases)."""
    terms = outcome_terms(space)
    term = entry.build(two_class_view(terms) if entry.kind == "multiclass" and space.is_binary else terms, space)
    params = tuple(sorted(term.expr.free_symbols - {x.expr for x in terms.values()}, key=str))
    # printing a formula over hundreds of outcomes takes seconds (sympy orders its terms): beyond
    # PRINTED_OUTCOMES the score's text is its slug and space (the formula is still its expression)
    text = str(term.expr) if len(space) <= PRINTED_OUTCOMES else f"{entry.slug} on {space.name}"
    return Score.from_term(space, term, name=entry.slug, text=text, parameters=params,
                           direction=Direction.LOWER if entry.lower_is_better else Direction.HIGHER)


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
    """Look an entry up by slug or alias (case-insensitive).

    >>> get("accurcy")
    Traceback (most recent call last):
    ...
    ordertheory.errors.InvalidInput: unknown score 'accurcy'; did you mean accuracy? (ordertheory scores lists the catalogue)
    """
    entry = find(key)
    if entry is None:
        raise InvalidInput(f"unknown score {key.strip()!r}{suggest(key)} (ordertheory scores lists the catalogue)")
    return entry


def _word_of(word: str, name: str) -> bool:
    """``word`` is a whole word of the slug ``name`` (accuracy in multiclass_accuracy)."""
    return name == word or name.startswith(word + "_") or name.endswith("_" + word) or f"_{word}_" in name


def suggest(key: str, kind: str | None = None, also: tuple[str, ...] = ()) -> str:
    """The "did you mean …" of an unknown or misplaced name (``"; did you mean X?"`` or ""): the
    entries of ``kind`` that have ``key`` (or a name in ``also``) as a whole word of a slug or alias
    — ``accuracy`` on k classes means ``multiclass_accuracy`` — else the closest by spelling.

    >>> suggest("accuracy", "multiclass").split(" or ")[0]
    '; did you mean multiclass_accuracy'
    >>> suggest("cohens_kappa", "binary")
    '; did you mean cohen_kappa?'
    """
    pool = all_entries(kind)
    words = [w.strip().lower() for w in (key, *also)]
    whole = [e.slug for e in pool if any(_word_of(w, n) for w in words for n in (e.slug, *e.aliases))]
    if whole:
        return f"; did you mean {' or '.join(whole[:3])}?"
    return did_you_mean(words[0], {n: e.slug for e in pool for n in (e.slug, *e.aliases)})


def all_entries(kind: str | None = None) -> list[Entry]:
    """Every entry, in registration order, optionally of one kind."""
    return [e for e in _REGISTRY.values() if kind is None or e.kind == kind]
