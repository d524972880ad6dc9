"""Obligations as SMT-LIB 2 files (certificates): names, headers, expected answers, groups of parts.

A file states its expected answer in a header comment (``; expected: unsat``, written by
:func:`~ordertheory.encoding.answer.expectation`): 'unsat' means the negated claim is impossible,
i.e. the claim is proved. Replaying them is the engine's (:mod:`ordertheory.engine.replay`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

from ordertheory.encoding.answer import Status
from ordertheory.encoding.cvc5_backend import available

_EXPECTED = re.compile(r"^; expected: (sat|unsat)\b", re.MULTILINE)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def file_name(obligation_id: str) -> str:
    """A safe, stable file name for an obligation id."""
    return re.sub(r"[^A-Za-z0-9._=-]+", "_", obligation_id) + ".smt2"


def write(directory: Path, obligation_id: str, text: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / file_name(obligation_id)
    path.write_text(text)
    return path


def expected_answer(text: str) -> Status:
    """The answer a certificate's header expects (``; expected: unsat`` when it says none).

    >>> expected_answer("; expected: sat (a preorder with this pattern exists)").value
    'sat'
    """
    m = _EXPECTED.search(text)
    return Status(m.group(1)) if m else Status.UNSAT


_PART = re.compile(r"^; part (\d+)/(\d+) of (\S+)", re.MULTILINE)


def incomplete_groups(texts: Iterable[str]) -> dict[str, list[int]]:
    """Proofs made of parts (``; part i/n of GROUP`` headers) with parts missing: group → missing i.

    Such a proof (cells of a case split, or the steps of a reduction) holds only when every part
    is present and unsat: a directory with a part removed is no certificate of the claim.

    >>> incomplete_groups(["; part 1/2 of g\\n(check-sat)", "; part 2/2 of h"])
    {'g': [2], 'h': [1]}
    """
    seen: dict[str, set[int]] = {}
    sizes: dict[str, int] = {}
    for text in texts:
        m = _PART.search(text)
        if m:
            i, n, g = int(m.group(1)), int(m.group(2)), m.group(3)
            seen.setdefault(g, set()).add(i)
            sizes[g] = max(sizes.get(g, 0), n)
    return {g: sorted(set(range(1, sizes[g] + 1)) - s) for g, s in seen.items() if len(s) < sizes[g]}


def available_solvers() -> list[str]:
    """The solvers a certificate can be replayed with: z3, and cvc5 when installed."""
    return ["z3", "cvc5"] if available() else ["z3"]
