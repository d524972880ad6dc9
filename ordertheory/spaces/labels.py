"""Which of two class labels is positive: ``pos_label``, else scikit-learn's default, else ask.

On two classes the binary space has a positive class (tp, fn are its cases), and nothing in a
pair of labels such as ``"cat"``/``"dog"`` says which one it is: taking the one that sorts second
silently decides a score's value (recall becomes the other class's recall). As scikit-learn does
(``pos_label=1``), the positive class is 1 when the labels are within {0, 1} or {-1, 1} (True
counts as 1, and so does the text ``"1"`` or ``"True"`` of a CSV file); any other pair needs
``pos_label`` (``--pos-label`` on the command line), else a one-line
:class:`~ordertheory.errors.InvalidInput`.

>>> positive_class([0, 1]), positive_class(["-1", "1"]), positive_class(["cat", "dog"], "cat")
(1, '1', 'cat')
>>> positive_class(["cat", "dog"])
Traceback (most recent call last):
...
ordertheory.errors.InvalidInput: expected pos_label= (--pos-label on the command line) to say which of the labels ['cat', 'dog'] is the positive class: without it the positive class is 1, for labels within {0, 1} or {-1, 1} (scikit-learn's rule)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ordertheory.errors import InvalidInput

NEEDED = ("expected pos_label= (--pos-label on the command line) to say which of the labels {labels} is the "
          "positive class: without it the positive class is 1, for labels within {{0, 1}} or {{-1, 1}} "
          "(scikit-learn's rule)")
INTEGER = re.compile(r"[+-]?\d+(\.0*)?")


def _value(x: object) -> int | None:
    """A label's value when it is the number 0, 1 or −1 (as a number, a bool or text), else None."""
    if isinstance(x, str):
        s = x.strip()
        v = {"True": 1, "False": 0}.get(s)
        if v is None and INTEGER.fullmatch(s):
            v = int(float(s))
        return v if v in (-1, 0, 1) else None
    try:
        v = int(x) if x == int(x) else None  # bools, ints, numpy numbers, 1.0
    except (TypeError, ValueError, OverflowError):
        return None
    return v if v in (-1, 0, 1) else None


def _shown(labels: list) -> list:
    try:
        return sorted(labels)
    except TypeError:
        return sorted(labels, key=repr)


def positive_class(labels: Iterable[object], pos_label: object = None, where: str = "") -> object:
    """The positive one of (at most) two class labels: the label equal to ``pos_label`` (or whose
    text is its text: ``--pos-label 1`` names the label 1), ``pos_label`` itself when no label is
    it (no case of the positive class), else the label whose value is 1 (or 1 when none is) for
    labels within {0, 1} or {−1, 1}; any other labels raise InvalidInput (``where``: a prefix)."""
    seen = list(dict.fromkeys(labels))
    at = f"{where}: " if where else ""
    if pos_label is not None:
        match = [x for x in seen if x == pos_label] or [x for x in seen if str(x).strip() == str(pos_label).strip()]
        if match:
            return match[0]
        if len(seen) >= 2:
            raise InvalidInput(f"{at}expected pos_label to be one of the labels {_shown(seen)} but got {pos_label!r}")
        return pos_label
    values = [_value(x) for x in seen]
    if None not in values and (set(values) <= {0, 1} or set(values) <= {-1, 1}):
        return next((x for x, v in zip(seen, values) if v == 1), 1)
    raise InvalidInput(at + NEEDED.format(labels=_shown(seen)))


def negative_first(labels: Iterable[object], pos_label: object = None, where: str = "") -> list:
    """Two class labels in the binary space's order, (negative, positive); see :func:`positive_class`."""
    seen = list(dict.fromkeys(labels))
    pos = positive_class(seen, pos_label, where)
    return [x for x in seen if x != pos and str(x) != str(pos)] + [pos]


__all__ = ["NEEDED", "negative_first", "positive_class"]
