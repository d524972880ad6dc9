"""Leaderboards of scoring classifiers and of classifiers that may abstain (read by
:func:`~ordertheory.ranking.leaderboards.leaderboard.read_leaderboard`).

Two shapes beside the confusion-matrix ones:

- **per-outcome counts** (CSV or JSON): the columns ``y0_s0 … y1_s{L-1}`` of ``scored:L`` (levels
  at the centres of L equal-width bins, or the space a JSON object names: ``{"space":
  "scored:0.1,0.5,0.9", "entities": [...]}``), or ``y{i}_p{j}`` with ``y{i}_abstain`` of
  ``selective:k``;
- **raw per-sample predictions** (JSON): each entity with ``y_true`` and ``y_score`` (the positive
  class's probability) or ``y_pred`` (labels, ``null`` — or the top-level ``"abstain"`` value —
  meaning an abstention). Scores go to one common space: the union of every entity's distinct
  scores (``"levels": "distinct"``, the default: each entity's values are scikit-learn's), or
  ``"levels": L`` (``scored:L``, each score on the nearest level). Labels: the union of every
  entity's classes, sorted.

>>> sp, cols = columns(["entity", "y0_s0", "y0_s1", "y1_s0", "y1_s1"], None)
>>> sp.name, cols
('scored:2', ('y0_s0', 'y0_s1', 'y1_s0', 'y1_s1'))
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

from ordertheory.errors import InvalidInput
from ordertheory.performances.from_predictions import from_predictions, from_scores
from ordertheory.spaces.sample_space import MAX_LEVELS, SampleSpace, ScoredSpace, from_name, scored, selective


def columns(keys: Sequence[str], hint: str | None) -> tuple[SampleSpace, tuple[str, ...]] | None:
    """(space, columns in Ω's order) for per-outcome columns of a scored or selective space, else None."""
    ks = set(keys)
    levels = sorted({int(m.group(2)) for k in ks if (m := re.fullmatch(r"y([01])_s(\d+)", k))})
    if levels:
        space = from_name(hint) if hint else scored(len(levels))
        if not isinstance(space, ScoredSpace):
            raise InvalidInput(f"expected a scored space for the columns y0_s0 … but the leaderboard names {hint!r}")
        if set(space.outcomes) <= ks:
            return space, space.outcomes
        raise InvalidInput(f"expected the {len(space)} columns {space.outcomes[0]} … {space.outcomes[-1]} of "
                           f"{space.name} but some are missing")
    abstain = [k for k in ks if re.fullmatch(r"y\d+_abstain", k)]
    if abstain:
        space = selective(len(abstain))
        if set(space.outcomes) <= ks:
            return space, space.outcomes
        raise InvalidInput(f"expected the {len(space)} columns of {space.name} (y{{i}}_p{{j}} and y{{i}}_abstain) "
                           "but some are missing")
    return None


def is_raw(row: Mapping) -> bool:
    """Whether an entity holds per-sample predictions (``y_true`` with ``y_score`` or ``y_pred``)."""
    return "y_true" in row and ("y_score" in row or "y_pred" in row)


def raw_entities(rows: Sequence[Mapping], meta: Mapping, source: str, names: Sequence[str]):
    """(space, [(name, Performance)], conversion) for entities of raw per-sample predictions."""
    if all("y_score" in r for r in rows):
        for name, r in zip(names, rows):  # NaN and ±inf (JSON's NaN, Infinity): one line, before any level is made
            bad = next(((i, v) for i, v in enumerate(_list(r, "y_score", source))
                        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v)), None)
            if bad is not None:
                raise InvalidInput(f"{source}: entity {name}: y_score[{bad[0]}]: expected a finite number but got "
                                   f"{bad[1]!r}")
        levels = meta.get("levels", "distinct")
        if levels == "distinct":
            values = sorted({float(v) for r in rows for v in _list(r, "y_score", source)})
            if len(values) > MAX_LEVELS:
                raise InvalidInput(f"{source}: {len(values)} distinct scores (at most {MAX_LEVELS} levels); give "
                                   "\"levels\": L to put the scores on the L levels of scored:L")
            space = scored(levels=[Fraction(v) for v in values]) if len(values) >= 2 else scored(2)
            conversion = "per-sample scores, exact: one level per distinct score of the leaderboard"
        elif isinstance(levels, int) and not isinstance(levels, bool):
            space = scored(levels)
            conversion = f"per-sample scores put on the nearest of the {levels} levels of {space.name}"
        else:
            raise InvalidInput(f"{source}: expected \"levels\": \"distinct\" or a number of levels but got {levels!r}")
        out = [(n, from_scores(_list(r, "y_true", source), _list(r, "y_score", source), levels=space,
                               pos_label=meta.get("pos_label"))) for n, r in zip(names, rows)]
        return space, out, conversion
    if all("y_pred" in r for r in rows):
        abstain = meta.get("abstain")
        labels = sorted({v for r in rows for v in (*_list(r, "y_true", source), *_list(r, "y_pred", source))
                         if v is not None and v != abstain}, key=lambda v: (str(type(v)), v))
        out = [(n, from_predictions(_list(r, "y_true", source), _list(r, "y_pred", source), abstain, labels))
               for n, r in zip(names, rows)]
        return out[0][1].space, out, "per-sample predictions counted exactly (abstentions included)"
    raise InvalidInput(f"{source}: expected every entity with y_score (scores) or every one with y_pred (labels)")


def _list(row: Mapping, key: str, source: str) -> list:
    """``row[key]`` checked item by item: scores are finite numbers, labels whole numbers, names or
    booleans (``null`` only among predictions, an abstention) — never NaN, infinity or an object."""
    v = row.get(key)
    if not isinstance(v, list) or not v:
        raise InvalidInput(f"{source}: expected {key} as a non-empty list but got {type(v).__name__}")
    for i, x in enumerate(v):
        if key == "y_score":
            ok = isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
            what = "a finite number"
        else:
            ok = (isinstance(x, str | bool) or (isinstance(x, int | float) and math.isfinite(x))
                  or (x is None and key == "y_pred"))
            what = "a class label (a number or a name)"
        if not ok:
            raise InvalidInput(f"{source}: expected {what} in {key}[{i}] but got {_shown(x)}")
    return v


def _shown(x: object) -> str:
    text = repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


