"""The satisfaction a command is given with --satisfaction: a k × k matrix file, or rows of S in the
layout of a scored or selective space (inline or from a file)."""

from __future__ import annotations

from pathlib import Path

from ordertheory.errors import InvalidInput
from ordertheory.spaces.sample_space import SampleSpace, with_satisfaction


def read_satisfaction(path: str) -> SampleSpace:
    """A k × k satisfaction matrix from a text file: one row per line, rationals separated by
    commas or spaces (``#`` starts a comment)."""
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise InvalidInput(f"cannot read the satisfaction file {path!r}: {exc.strerror}") from None
    rows = [line.split("#")[0].replace(",", " ").split() for line in text.splitlines()]
    return with_satisfaction([r for r in rows if r], f"satisfaction:{Path(path).name}")


def satisfaction_rows(space: SampleSpace, text: str) -> SampleSpace:
    """``space`` with the satisfaction given as rows of rationals, one row per ground-truth class in
    Ω's order (2 × L for ``scored:L``, k × (k + 1) for ``selective:k``, the last column the
    abstention): rows separated by ';' or newlines, values by ',' or spaces; ``text`` may be the
    path of a file holding them (``#`` starts a comment).

    >>> from ordertheory.spaces.sample_space import selective
    >>> satisfaction_rows(selective(2), "1, 0, 3/4; 0, 1, 3/4").S("y0_abstain")
    Fraction(3, 4)
    """
    source = "the command line"
    inline = any(c in text for c in ",; \n")
    if not inline or Path(text).is_file():  # a single word is a file name
        try:
            text, source = Path(text).read_text(), Path(text).name
        except OSError as exc:
            raise InvalidInput(f"cannot read the satisfaction file {text!r}: {exc.strerror}") from None
    lines = [r.split("#")[0] for part in text.splitlines() for r in part.split(";")]
    rows = [r.replace(",", " ").split() for r in lines]
    rows = [r for r in rows if r]
    k = space.truth_classes
    shape = [len(space.row(i)) for i in range(k)] if k else []
    if not k or sum(shape) != len(space) or [len(r) for r in rows] != shape:
        raise InvalidInput(f"expected {k} rows of {shape[0] if shape else '?'} satisfaction values for {space.name} "
                           f"(one row per ground-truth class) but got rows of lengths {[len(r) for r in rows]}")
    values = dict(zip((o for i in range(k) for o in space.row(i)), (v for r in rows for v in r)))
    return space.with_values([values[o] for o in space.outcomes], f"{space.name}, S from {source}")
