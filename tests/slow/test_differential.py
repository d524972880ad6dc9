"""The differential check in the suite: generated cases through check, compare and importance,
every answer judged by the independent falsifier (ordertheory.crosscheck). ``python -m bench
differential`` runs thousands; here 150 (140 formulas, 10 of the catalogue's non-binary scores by
slug), with a short --timeout (an unknown is no error)."""

from __future__ import annotations

import pytest

from bench.differential import run_cases, summary
from ordertheory.crosscheck.generate import CATALOGUE_FAMILIES, GENERAL_FAMILIES, cases

# ~1 CPU-second a case (the command, then the judge): 150 cases are about a minute of both cores
N, SEED, TIMEOUT = 150, 34, 3.0
CATALOGUE = 10  # of the N: the catalogue's scored, selective, thresholded and decision scores, by slug
SPACES = ("binary", "binary", "binary", "binary", "multiclass:3", "ordinal:3", "custom:2", "custom:3", "scored:3",
          "selective:2")


@pytest.mark.slow
def test_no_wrong_verdict_and_no_internal_error_on_generated_cases():
    todo = (cases(N - CATALOGUE, SEED, spaces=SPACES, families=GENERAL_FAMILIES)  # the formula cases as before
            + cases(CATALOGUE, SEED, spaces=SPACES, families=CATALOGUE_FAMILIES))
    records = run_cases(todo, TIMEOUT, jobs=2)
    report = "\n".join(summary(records, TIMEOUT))
    assert len(records) == N
    assert not [r for r in records if r["wrong"]], report
    assert not [r for r in records if r["exit"] == 4], report
    # the judge looked at the answers: refutations re-validated, proofs searched
    assert sum(r["checked"] for r in records) >= N, report
