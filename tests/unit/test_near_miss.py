"""An option refused by one command but offered by others says so, instead of suggesting an
unrelated option of this one (``serve --json`` was answered "did you mean --version?")."""

from __future__ import annotations

from ordertheory.cli import main


def _error(argv, capsys) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    return err


def test_an_option_of_other_commands_is_named_as_such_not_as_a_near_miss(capsys):
    err = _error(["serve", "--json"], capsys)
    assert "did you mean" not in err
    assert "serve has no --json (an option of scores, check, table1 and " in err and "its output is a web application" in err
    err = _error(["check", "f1", "--port", "3"], capsys)
    assert "check has no --port (an option of serve)" in err and "did you mean" not in err


def test_a_typo_still_gets_the_nearest_of_the_commands_own_options(capsys):
    assert "did you mean --timeout?" in _error(["check", "f1", "--timout", "3"], capsys)
    err = _error(["serve", "--prot", "3"], capsys)
    assert "did you mean --port?" in err
