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
