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
from ordertheory.catalogue.entry import Entry, all_entries, get, register

__all__ = ["TABLE1", "Entry", "all_entries", "f_beta", "get", "register"]
