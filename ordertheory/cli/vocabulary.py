"""The JSON vocabulary of the command line, in one place: the words ``verdict`` takes, the names of
the fields every command shares, and the two answers any command may give instead of its own (a bad
input, a command stopped at its ``--timeout``).

docs/json.md explains them and ``ordertheory/cli/schemas/`` holds one JSON Schema per command;
``tests/unit/test_cli_contract.py`` keeps the three in agreement with what the commands print.

>>> Word("numeric").meaning
'numbers computed in floating point (τ, maps of the Tile): nothing is decided, exit 0'
>>> error_object("expected a number of seconds but got 'x'", 2)["error"]["kind"]
'bad_input'
"""

from __future__ import annotations

import enum


class Word(enum.StrEnum):
    """The closed set of values of ``verdict`` in every JSON output."""

    PROVED = "proved"
    REFUTED = "refuted"
    UNKNOWN = "unknown"
    NUMERIC = "numeric"
    COMPUTED = "computed"
    LISTED = "listed"
    VACUOUS = "vacuous"
    ERROR = "error"

    @property
    def meaning(self) -> str:
        """What the word says, and the exit code that goes with it."""
        return MEANINGS[self]


MEANINGS = {
    Word.PROVED: "everything asked was proved (a solver's certificate or an exact identity), exit 0",
    Word.REFUTED: "something asked was refuted, with a counterexample validated in exact arithmetic, exit 1",
    Word.UNKNOWN: "something asked stayed undecided (timeout, resource guard, solver incompleteness); "
                  "`reason` says why, exit 3",
    Word.NUMERIC: "numbers computed in floating point (τ, maps of the Tile): nothing is decided, exit 0",
    Word.COMPUTED: "an exact computation that decides no statement (a count), exit 0",
    Word.LISTED: "a listing (the catalogue, exercises), exit 0",
    Word.VACUOUS: "`check` only: Π ∩ dom(X) is empty, so every test holds vacuously and the score ranks nothing on Π; the report says so (`vacuous: true`, `fit_for_ranking: null`), exit 2",
    Word.ERROR: "the command could not run: bad input (exit 2) or an internal error (exit 4); see `error`",
}

#: the fields several commands share, and what each holds (a command's own fields: its schema)
FIELDS = {
    "ordertheory_version": "the package version that wrote the output (first field of every output)",
    "verdict": "one word of the vocabulary above: the overall answer, which the exit code follows",
    "score": "a score as the user typed it: a catalogue slug or alias, or a formula",
    "formula": "the formula the score was read as (sympy's printing of the expression)",
    "X, Y": "the two scores of `compare`, each an object {score, formula}",
    "space": "the sample space Ω: binary, multiclass:K, ordinal:K, or a satisfaction file",
    "Pi": "the set Π of performances: all, prior=P, priors=p1,...,pK (and constraints)",
    "constraints": "the linear constraints that cut Π, as text",
    "domain": "the score's domain as written (each condition as text)",
    "method": "how a verdict was reached: a solver, a lemma, the numeric search (validated exactly)",
    "witness": "the exact counterexample of a refuted statement: performances as {outcome: 'p/q'}, "
               "values under `values` (exact strings) with `decimals` beside them",
    "reason": "why a verdict is unknown (or how a proof was obtained when not by a solver)",
    "seconds": "wall time spent, a float",
    "error": "with verdict error: {kind: bad_input | internal, message, exit_code}",
    "stopped": "with verdict unknown when the command itself was stopped: deadline | resource_limit",
}
EXACT_NUMBERS = ("Exact numbers are strings (\"1/5\", \"sqrt(3)/3\"); a float field is numeric and says so, "
                 "and an exact value meant for reading has a `decimal` companion.")


def error_object(message: str, code: int) -> dict:
    """The JSON answer of a command that could not run (``--json``; exit ``code``, 2 or 4)."""
    kind = "bad_input" if code == 2 else "internal"
    return {"verdict": Word.ERROR.value, "error": {"kind": kind, "message": message, "exit_code": code}}


def stopped_object(reason: str, why: str) -> dict:
    """The JSON answer of a command stopped before its end: at its ``--timeout`` (``why`` =
    "deadline") or past a resource guard ("resource_limit"); the answer is unknown, with the reason."""
    return {"verdict": Word.UNKNOWN.value, "reason": reason, "stopped": why}


def check_payload(doc: dict) -> None:
    """Refuse (as an internal error) an output whose verdict is not a word of the vocabulary."""
    if "verdict" not in doc:
        raise ValueError("a command's JSON output must carry a verdict (docs/json.md)")
    Word(doc["verdict"])  # ValueError for a word outside the vocabulary
