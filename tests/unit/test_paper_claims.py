"""The transcribed printed claims must match the paper text, when the paper is at hand."""

import re
from pathlib import Path

import pytest

from ordertheory.paper.printed_claims import CASES_A23

PAPER = Path(__file__).resolve().parents[3] / "shared" / "paper" / "foundations.md"
SYMBOLS = {r"\not\lesseqqgtr": "#", ">": ">", "<": "<", r"\sim": "~"}


@pytest.mark.skipif(not PAPER.exists(), reason="the paper is not beside this checkout")
def test_cases_transcription_matches_the_paper():
    text = PAPER.read_text()
    start = text.index("there are only $29$ possible cases")
    block = text[start:text.index("From this list", start)]
    rows = re.findall(r"^\d+\. (.*)$", block, flags=re.MULTILINE)
    parsed = []
    for row in rows:
        rels = re.findall(r"P_\{[abc]\}(\\not\\lesseqqgtr|>|<|\\sim)P_\{[abc]\}", row.replace(" ", ""))
        parsed.append(tuple(SYMBOLS[r] for r in rels))
    assert tuple(parsed) == CASES_A23


def test_rational_zero_test_is_exact_and_knows_its_limits():
    """Rational functions are decided by the expanded numerator of their normal form (zero and
    non-zero alike); anything else (roots, functions) is left to sympy's simplification (None)."""
    import sympy

    from ordertheory.exact import rational_zero as _rational_zero

    x, y = sympy.symbols("x y", positive=True)
    assert _rational_zero(x / (x + y) + y / (x + y) - 1) is True
    assert _rational_zero(x / (x + y) - x / (x + 2 * y)) is False
    assert _rational_zero(sympy.sqrt(x) ** 2 - x) in (True, None)  # sympy may normalise √x² first
    assert _rational_zero(sympy.sqrt(x + y) - sympy.sqrt(y + x) + sympy.sqrt(x) / y) is None
    assert _rational_zero(sympy.log(x) - sympy.log(x) + sympy.exp(y)) is None
