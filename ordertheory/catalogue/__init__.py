"""The catalogue of named scores: one registry, entries built in code (not parsed text).

>>> from ordertheory.catalogue import get, TABLE1
>>> get("f1").slug, len(TABLE1)
('f_beta_1', 27)
>>> get("tpr").score().expr
tp/(fn + tp)
"""

from __future__ import annotations

import re

from ordertheory.catalogue import binary as _binary  # noqa: F401  (registers entries)
from ordertheory.catalogue import decisions as _decisions  # noqa: F401
from ordertheory.catalogue import multiclass as _multiclass  # noqa: F401
from ordertheory.catalogue import scoring as _scoring  # noqa: F401
from ordertheory.catalogue.binary import TABLE1, f_beta
from ordertheory.catalogue.entry import Entry, all_entries, find, get, register, suggest
from ordertheory.errors import ExpressionError, InvalidInput
from ordertheory.expression import derived_terms, parse_score
from ordertheory.sample_space import SampleSpace, binary
from ordertheory.scores import Score

#: a word that can only be meant as a catalogue name (letters, digits, _ and .): never a formula
SLUG_SHAPED = re.compile(r"[A-Za-z][A-Za-z0-9_.]*")

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

    >>> as_score("f1").name, as_score("f_beta_0.5").name, as_score("tp/(tp+fn)").text
    ('f_beta_1', 'f_beta_0.5', 'tp/(tp+fn)')
    >>> as_score("balanced_acuracy")
    Traceback (most recent call last):
    ...
    ordertheory.errors.ExpressionError: unknown score 'balanced_acuracy'; did you mean balanced_accuracy? (a catalogue slug, which ordertheory scores lists, or a formula in tn, fp, fn, tp)
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
    if key not in (space or binary()).outcomes and key not in derived_terms(space or binary()):
        entry = find(key)  # every slug and alias, f_beta_0.5 included (not a formula)
        if entry is not None:
            return entry.score(space)
    if space is None:
        space = binary()
    try:
        return parse_score(score, space)
    except ExpressionError:
        if SLUG_SHAPED.fullmatch(key):  # a word meant as a name: say which names are near
            kind = "binary" if space.is_binary else "multiclass" if space.classes else None
            raise ExpressionError(f"unknown score {key!r}{suggest(key, kind)} (a catalogue slug, which ordertheory "
                               f"scores lists, or a formula in {', '.join(space.outcomes[:4])}"
                               f"{', ...' if len(space) > 4 else ''})") from None
        raise
