"""The paper's printed claims, transcribed as *inputs to check* (never used as results).

Each claim here is compared by the package with what it derives; where they differ the package
reports the printed claim as wrong. ``tests/unit/test_paper_claims.py`` re-reads the paper (when
``../shared/paper/foundations.md`` is present) to confirm this transcription.
"""

from __future__ import annotations

#: A.2.3's list of the 29 possible cases, as printed: (a vs b, b vs c, a vs c), with
#: "<" for worse, ">" for better, "~" for equivalent and "#" for incomparable.
CASES_A23: tuple[tuple[str, str, str], ...] = tuple(
    tuple(line.split()) for line in """
    # # #
    # # >
    # # <
    # # ~
    # > #
    # > >
    # < #
    # < <
    # ~ #
    > # #
    > # >
    > > >
    > < #
    > < >
    > < <
    > < ~
    > ~ >
    < # #
    < # <
    < > #
    < > >
    < > <
    < > ~
    < < <
    < ~ <
    ~ # #
    ~ > >
    ~ < <
    ~ ~ ~
    """.strip().splitlines()
)

#: The number of preorders on n labelled elements (OEIS A000798), as the issue states it.
PREORDER_COUNTS = (1, 1, 4, 29, 355, 6942, 209527, 9535241)
