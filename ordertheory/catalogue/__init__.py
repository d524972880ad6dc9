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
from ordertheory.catalogue.class_forms import form_of
from ordertheory.catalogue.entry import Entry, all_entries, find, get, register, suggest
from ordertheory.catalogue.scoring.level_score import WRITTEN_LEVELS, LevelScore, sample_name
from ordertheory.errors import ExpressionError, InvalidInput, ResourceLimit
from ordertheory.scores.class_score import SYMBOLIC_MAX_CLASSES, ClassScore
from ordertheory.scores.direction import split_negation
from ordertheory.scores.expression import derived_names, parse_score
from ordertheory.scores.score import Score
from ordertheory.spaces.sample_space import MAX_LEVELS, SampleSpace, ScoredSpace, binary

#: a word that can only be meant as a catalogue name (letters, digits, _ and .): never a formula
SLUG_SHAPED = re.compile(r"[A-Za-z][A-Za-z0-9_.]*")

__all__ = ["TABLE1", "Entry", "all_entries", "as_score", "f_beta", "find", "form_of", "get", "register"]

# the families of issue 31 (PyCM, scikit-learn/torchmetrics, information scores, Powers), registered after Table 1's
from ordertheory.catalogue import averages as _averages  # noqa: E402, F401
from ordertheory.catalogue import distance as _distance  # noqa: E402, F401
from ordertheory.catalogue import information as _information  # noqa: E402, F401
from ordertheory.catalogue import powers as _powers  # noqa: E402, F401
from ordertheory.catalogue import pycm_class as _pycm_class  # noqa: E402, F401
from ordertheory.catalogue import pycm_overall as _pycm_overall  # noqa: E402, F401


def _structured(entry: Entry, space: SampleSpace | None, always: bool = False) -> ClassScore | LevelScore | None:
    """The entry's structured form on a space too large for its formula — on any crisp k-class space,
    or a scored space beyond :data:`WRITTEN_LEVELS` levels, with ``always`` — (None otherwise)."""
    if isinstance(space, ScoredSpace) and (space.level_count > MAX_LEVELS or always and space.level_count > WRITTEN_LEVELS):
        name = sample_name(entry.slug)
        return None if name is None else LevelScore(name, space)
    if space is None or entry.kind != "multiclass" or not space.classes or space.classes <= 2:
        return None
    if space.classes <= SYMBOLIC_MAX_CLASSES and not always:
        return None
    form = form_of(entry.slug)
    return form.at(space.classes) if form is not None and space.is_crisp_multiclass else None


def as_score(score: Score | ClassScore | LevelScore | Entry | str, space: SampleSpace | None = None,
             structured: bool = False) -> Score | ClassScore | LevelScore:
    """A Score from a Score, a catalogue entry, a catalogue slug or alias, or a formula.

    A word that names a catalogue entry is that entry, unless it is an outcome or a derived term
    of ``space`` (then it is read as a formula, which gives the same score). On more than
    :data:`~ordertheory.scores.class_score.SYMBOLIC_MAX_CLASSES` classes (S = 1 on the diagonal), a
    k-class entry is its structured form, a :class:`~ordertheory.scores.class_score.ClassScore`: its
    formula would have k² symbols; with ``structured`` it is so on any number of classes k > 2 (the
    same score, held by its class sums: the check needs no formula, which takes seconds to write at k = 19).

    >>> as_score("f1").name, as_score("f_beta_0.5").name, as_score("tp/(tp+fn)").text
    ('f_beta_1', 'f_beta_0.5', 'tp/(tp+fn)')
    >>> as_score("error_rate").direction.words, as_score("-error_rate").direction.words, as_score("neg_fpr").name
    ('lower is better', 'higher is better', '-fpr')
    >>> as_score("balanced_acuracy")
    Traceback (most recent call last):
    ...
    ordertheory.errors.ExpressionError: unknown score 'balanced_acuracy'; did you mean balanced_accuracy? (a catalogue slug, which ordertheory scores lists, or a formula in tn, fp, fn, tp)
    """
    if isinstance(score, Score):
        if space is not None and score.space != space:
            raise InvalidInput(f"score {score.name!r} is defined on {score.space.name}, not on {space.name}")
        return score
    if isinstance(score, LevelScore):
        if space is not None and score.space != space:
            raise InvalidInput(f"score {score.name!r} is defined on {score.space.name}, not on {space.name}")
        return score
    if isinstance(score, ClassScore):
        if space is not None and (space.classes != score.k or not space.is_crisp_multiclass):
            raise InvalidInput(f"score {score.text} is defined on multiclass:{score.k}, not on {space.name}")
        return score
    if isinstance(score, Entry):
        return _structured(score, space, structured) or score.score(space)
    if not isinstance(score, str):
        raise InvalidInput(f"expected a Score, a catalogue name or a formula but got {type(score).__name__}")
    key = score.strip()
    negated, name = split_negation(key)
    if negated and _is_name(name, space) and ("@" in name or find(name) is not None):
        return as_score(name, space, structured).negated()  # -SLUG, neg_SLUG: the gain −X (scikit-learn's neg_log_loss)
    if "@" in key:  # SLUG@ARG: a threshold, a coverage, p_t, a cost matrix, the ECE's bins (catalogue.decisions)
        entry = _decisions.entry_at(key, space)
        return _structured(entry, space, structured) or entry.score(space)
    if _is_name(key, space):
        entry = find(key)  # every slug and alias, f_beta_0.5 included (not a formula)
        if entry is not None:
            return _structured(entry, space, structured) or _on(entry, space)
    if space is None:
        space = binary()
    if space.classes and space.classes > SYMBOLIC_MAX_CLASSES:
        raise ResourceLimit(f"too large to write out: a formula on {space.classes} classes ({space.classes ** 2} "
                            f"outcomes, at most {SYMBOLIC_MAX_CLASSES} classes); name a catalogue k-class score "
                            "instead (ordertheory scores --kind multiclass)")
    try:
        return parse_score(score, space)
    except ExpressionError:
        if SLUG_SHAPED.fullmatch(key):  # a word meant as a name: say which names are near
            kind = "binary" if space.is_binary else "multiclass" if space.classes else None
            raise ExpressionError(f"unknown score {key!r}{suggest(key, kind)} (a catalogue slug, which ordertheory "
                               f"scores lists, or a formula in {', '.join(space.outcomes[:4])}"
                               f"{', ...' if len(space) > 4 else ''})") from None
        raise


def _is_name(key: str, space: SampleSpace | None) -> bool:
    """Whether ``key`` may name a catalogue entry: not an outcome or a derived term of the space."""
    return key not in (space or binary()).outcomes and key not in derived_names(space or binary())


def _on(entry: Entry, space: SampleSpace | None) -> Score:
    """``entry.score(space)``; a two-class entry asked on k classes says which k-class entries
    it may have meant (``accuracy`` → ``multiclass_accuracy``)."""
    if entry.kind == "binary" and space is not None and space.classes and not space.is_binary:
        names = {entry.slug, *entry.aliases}

        def has(x: str) -> bool:  # a name of the entry is a whole word of x (accuracy in multiclass_accuracy)
            return any(n == x or x.startswith(n + "_") or x.endswith("_" + n) or f"_{n}_" in x for n in names)

        def rank(e: Entry) -> int:  # the k-class form of the same name first (multiclass_accuracy for accuracy)
            extra = set(e.slug.split("_")) - {w for n in names for w in n.split("_")}
            return 0 if has(e.slug) and extra <= {"multiclass", "mc", "macro", "micro", "k"} else 1 if has(e.slug) else 2

        ks = [e for e in all_entries("multiclass") if has(e.slug) or any(map(has, e.aliases))]
        near = [e.slug for e in sorted(ks, key=rank)]
        hint = f"; did you mean {' or '.join(near[:3])}?" if near else "; see ordertheory scores --kind multiclass"
        raise InvalidInput(f"score {entry.slug!r} is defined on the binary space only (tn, fp, fn, tp), not on "
                           f"{space.name}{hint}")
    return entry.score(space)
