"""One JSON Schema (draft 2020-12) per command's ``--json`` output, and the definitions they share
(``common.json``: the verdict words, exact numbers, the witness layout, the error object).

The vocabulary is explained in docs/json.md; ``tests/unit/test_cli_contract.py`` validates what
every command prints against its schema.

>>> sorted(schema("check")["$defs"]) == ["answer"], schema("common")["$defs"]["verdict"]["enum"][:3]
(True, ['proved', 'refuted', 'unknown'])
"""

from __future__ import annotations

import json
from importlib.resources import files


def schema(name: str) -> dict:
    """The schema named ``name`` (a command, ``common`` or ``sweep_line``)."""
    return json.loads(files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8"))


def names() -> list[str]:
    """Every schema in the folder, by name."""
    return sorted(p.name[:-5] for p in files(__name__).iterdir() if p.name.endswith(".json"))
