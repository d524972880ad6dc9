"""The differential check in the suite: generated cases through check, compare and importance,
every answer judged by the independent falsifier (ordertheory.crosscheck). ``python -m bench
differential`` runs thousands; here 60 (56 formulas, 4 of the catalogue's non-binary scores by slug).

What is asserted does not depend on the machine's speed: no wrong verdict and no internal error
(an unknown is no error), and a count of decided cases with the solvers bounded by resource units
(``ORDERTHEORY_RLIMIT``: what z3 and cvc5 decide is the same on a busy machine), each command's
``--timeout`` being a generous safety net rather than the bound that decides."""

from __future__ import annotations

import pytest

from bench.differential import run_cases, summary
from ordertheory.crosscheck.generate import CATALOGUE_FAMILIES, GENERAL_FAMILIES, cases
from ordertheory.engine.prove import RLIMIT_VARIABLE

# ~1.3 CPU-seconds a case (the command, then the judge) on 2 quiet cores: about a minute of both
N, SEED, TIMEOUT, RLIMIT = 60, 34, 20.0, 3_000_000
CATALOGUE = 4  # of the N: the catalogue's scored, selective, thresholded and decision scores, by slug
SPACES = ("binary", "binary", "binary", "binary", "multiclass:3", "ordinal:3", "custom:2", "custom:3", "scored:3",
          "selective:2")
DECIDED = 0.6  # of the cases, at least, with every claim decided (measured: 84 % with a seventh of a core)


@pytest.mark.slow
def test_no_wrong_verdict_and_no_internal_error_on_generated_cases(monkeypatch):
    monkeypatch.setenv(RLIMIT_VARIABLE, str(RLIMIT))  # the forked cases inherit it
    todo = (cases(N - CATALOGUE, SEED, spaces=SPACES, families=GENERAL_FAMILIES)  # the formula cases as before
            + cases(CATALOGUE, SEED, spaces=SPACES, families=CATALOGUE_FAMILIES))
    records = run_cases(todo, TIMEOUT, jobs=2)
    report = "\n".join(summary(records, TIMEOUT))
    assert len(records) == N
    assert not [r for r in records if r["wrong"]], report
    assert not [r for r in records if r["exit"] == 4], report
    decided = [r for r in records if not r["unknown"]]
    assert len(decided) >= DECIDED * N, report
    # the judge looked at the answers: claims re-validated or searched, at least one per decided case
    assert sum(r["checked"] for r in records) >= len(decided), report
