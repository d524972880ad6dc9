"""The README's command-line examples that state a verdict ("# exit 0: …", "# exit 1: …") give that exit
code when run (issue 44): a README that says "fit" of a score the package refutes fails the suite."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from ordertheory.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"
EXAMPLE = re.compile(r"^\.venv/bin/ordertheory (.+?)\s+# exit (\d): (.*)$")


def _examples() -> list[tuple[str, int, str]]:
    return [(m.group(1), int(m.group(2)), m.group(3)) for line in README.read_text().splitlines()
            if (m := EXAMPLE.match(line))]


def test_the_readme_states_verdicts_to_check():
    cmds = [c for c, _, _ in _examples()]
    assert len(cmds) >= 6 and any(c.startswith("importance") for c in cmds) and any("brier" in c for c in cmds)


@pytest.mark.parametrize("command,code,claim", _examples(), ids=[c for c, _, _ in _examples()])
def test_a_readme_example_gives_the_exit_code_it_states(command, code, claim, capsys):
    assert main([*shlex.split(command), "--timeout", "60"]) == code, claim
