"""The catalogue of named scores: one registry, entries built in code (not parsed text).

>>> from ordertheory.catalogue import get, TABLE1
>>> get("f1").slug, len(TABLE1)
('f_beta_1', 27)
>>> get("tpr").score().expr
tp/(fn + tp)
"""

from __future__ import annotations

from ordertheory.catalogue import binary as _binary  # noqa: F401  (registers entries)
from ordertheory.catalogue import multiclass as _multiclass  # noqa: F401
from ordertheory.catalogue.binary import TABLE1, f_beta
from ordertheory.catalogue.class_forms import form_of
from ordertheory.catalogue.entry import Entry, all_entries, find, get, register
from ordertheory.class_scores import SYMBOLIC_MAX_CLASSES, ClassScore
from ordertheory.errors import InvalidInput
from ordertheory.sample_space import SampleSpace
from ordertheory.scores import Score

__all__ = ["TABLE1", "Entry", "all_entries", "as_score", "f_beta", "find", "form_of", "get", "register"]


def _structured(entry: Entry, space: SampleSpace | None) -> ClassScore | None:
    """The entry's structured form on a space too large for its formula (None otherwise)."""
    if space is None or entry.kind != "multiclass" or not space.classes or space.classes <= SYMBOLIC_MAX_CLASSES:
        return None
    form = form_of(entry.slug)
    return form.at(space.classes) if form is not None and space.is_crisp_multiclass else None


def as_score(score: Score | ClassScore | Entry | str, space: SampleSpace | None = None) -> Score | ClassScore:
    """A Score from a Score, a catalogue entry, a catalogue slug or alias, or a formula.

    A word that names a catalogue entry is that entry, unless it is an outcome or a derived term
    of ``space`` (then it is read as a formula, which gives the same score). On more than
    :data:`~ordertheory.class_scores.SYMBOLIC_MAX_CLASSES` classes (S = 1 on the diagonal), a
    k-class entry is its structured form, a :class:`~ordertheory.class_scores.ClassScore`: its
    formula would have k² symbols.

    >>> as_score("f1").name, as_score("tp/(tp+fn)").text
    ('f_beta_1', 'tp/(tp+fn)')
    """
    from ordertheory.expression import derived_terms, parse_score

    if isinstance(score, Score):
        if space is not None and score.space != space:
            raise InvalidInput(f"score {score.name!r} is defined on {score.space.name}, not on {space.name}")
        return score
    if isinstance(score, ClassScore):
        if space is not None and (space.classes != score.k or not space.is_crisp_multiclass):
            raise InvalidInput(f"score {score.text} is defined on multiclass:{score.k}, not on {space.name}")
        return score
    if isinstance(score, Entry):
        return _structured(score, space) or score.score(space)
    if not isinstance(score, str):
        raise InvalidInput(f"expected a Score, a catalogue name or a formula but got {type(score).__name__}")
    key = score.strip()
    if key.isidentifier() and (space is None or (key not in space.outcomes and key not in derived_terms(space))):
        entry = find(key)
        if entry is not None:
            return _structured(entry, space) or entry.score(space)
    if space is None:
        from ordertheory.sample_space import binary

        space = binary()
    return parse_score(score, space)
