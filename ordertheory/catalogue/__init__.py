"""The catalogue of named scores: one registry, entries built in code (not parsed text).

>>> from ordertheory.catalogue import get, TABLE1
>>> get("f1").slug, len(TABLE1)
('f_beta_1', 27)
>>> get("tpr").score().expr
tp/(fn + tp)
"""

from __future__ import annotations

from ordertheory.catalogue import binary as _binary  # noqa: F401  (registers entries)
from ordertheory.catalogue import decisions as _decisions  # noqa: F401
from ordertheory.catalogue import multiclass as _multiclass  # noqa: F401
from ordertheory.catalogue import scoring as _scoring  # noqa: F401
from ordertheory.catalogue.binary import TABLE1, f_beta
from ordertheory.catalogue.entry import Entry, all_entries, find, get, register
from ordertheory.errors import InvalidInput
from ordertheory.expression import derived_terms, parse_score
from ordertheory.sample_space import SampleSpace, binary
from ordertheory.scores import Score

__all__ = ["TABLE1", "Entry", "all_entries", "as_score", "f_beta", "find", "get", "register"]

# the families of issue 31 (PyCM, scikit-learn/torchmetrics, information scores, Powers), registered after Table 1's
from ordertheory.catalogue import averages as _averages  # noqa: E402, F401
from ordertheory.catalogue import distance as _distance  # noqa: E402, F401
from ordertheory.catalogue import information as _information  # noqa: E402, F401
from ordertheory.catalogue import powers as _powers  # noqa: E402, F401
from ordertheory.catalogue import pycm_class as _pycm_class  # noqa: E402, F401
from ordertheory.catalogue import pycm_overall as _pycm_overall  # noqa: E402, F401


def as_score(score: Score | Entry | str, space: SampleSpace | None = None) -> Score:
    """A Score from a Score, a catalogue entry, a catalogue slug or alias, or a formula.

    A word that names a catalogue entry is that entry, unless it is an outcome or a derived term
    of ``space`` (then it is read as a formula, which gives the same score).

    >>> as_score("f1").name, as_score("tp/(tp+fn)").text
    ('f_beta_1', 'tp/(tp+fn)')
    """
    if isinstance(score, Score):
        if space is not None and score.space != space:
            raise InvalidInput(f"score {score.name!r} is defined on {score.space.name}, not on {space.name}")
        return score
    if isinstance(score, Entry):
        return score.score(space)
    if not isinstance(score, str):
        raise InvalidInput(f"expected a Score, a catalogue name or a formula but got {type(score).__name__}")
    key = score.strip()
    if "@" in key:  # SLUG@ARG: a threshold, a coverage, p_t or a cost matrix (catalogue.decisions)
        return _decisions.entry_at(key, space).score(space)
    if key.isidentifier() and (space is None or (key not in space.outcomes and key not in derived_terms(space))):
        entry = find(key)
        if entry is not None:
            return entry.score(space)
    if space is None:
        space = binary()
    return parse_score(score, space)
