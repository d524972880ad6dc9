"""Every pair of entities tested on the same cases, with Holm's correction over all pairs.

For each unordered pair: McNemar's exact test (are they right on the same cases?), the paired
permutation test of the score itself, and DeLong's test of ROC AUC when the predictions carry
scores; each family of p-values is corrected by Holm over all pairs. With a ``group`` column,
the permutation test swaps whole groups; McNemar and DeLong assume independent cases and are not
computed then (the reason is given).

>>> import io
>>> from ordertheory.catalogue import get
>>> from ordertheory.ranking.leaderboards.per_sample import read_predictions
>>> from ordertheory.ranking.uncertainty.resample import Plan, Resampling
>>> pr = read_predictions(io.StringIO("sample,y_true,A,B,C\\n" + "".join(
...     f"{i},{i % 2},{i % 2},{(i % 2) if i % 5 else 1 - i % 2},{(i // 2) % 2}\\n" for i in range(40))))
>>> t = paired_tests(pr, DrawEvaluator(get("accuracy").score()), Plan(Resampling.POSTERIOR, draws=2000))
>>> ab = t[frozenset((0, 1))]
>>> ab.mcnemar_p, ab.permutation_p, ab.permutation_method
(0.0078125, 0.0078125, 'exact (all 2^8 swaps of the 8 cases where the outcomes differ)')
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ordertheory.ranking.leaderboards.per_sample import Predictions
from ordertheory.ranking.uncertainty.paired_tests import delong, delong_p, holm, mcnemar_p, permutation_p
from ordertheory.ranking.uncertainty.resample import Plan
from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator

MAX_PERMUTATIONS = 100_000


@dataclass(frozen=True)
class PairedTests:
    """The paired tests of one pair (two-sided p-values; ``_holm``: adjusted over all pairs)."""

    permutation_p: float
    permutation_p_holm: float
    permutation_method: str
    mcnemar_p: float | None = None
    mcnemar_p_holm: float | None = None
    delong_p: float | None = None
    delong_p_holm: float | None = None
    auc: tuple[float, float] | None = None  # (AUC of the first, of the second) in the pair's own order
    note: str | None = None

    def to_json(self) -> dict:
        out = {"permutation_p": self.permutation_p, "permutation_p_holm": self.permutation_p_holm,
               "permutation_method": self.permutation_method, "mcnemar_p": self.mcnemar_p,
               "mcnemar_p_holm": self.mcnemar_p_holm}
        if self.delong_p is not None:
            out.update({"delong_p": self.delong_p, "delong_p_holm": self.delong_p_holm})
        if self.note:
            out["paired_note"] = self.note
        return out


def paired_tests(pr: Predictions, evaluator: DrawEvaluator, plan: Plan) -> dict[frozenset, PairedTests]:
    """{frozenset({i, j}): PairedTests} over every pair of entities (indices in ``pr.names``)."""
    n = len(pr.names)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    right = pr.correct()
    outcomes = pr.outcomes
    groups = pr.group_index()
    k = len(pr.space)
    perms = min(plan.draws, MAX_PERMUTATIONS)
    perm = [permutation_p(evaluator, outcomes[i], outcomes[j], groups, k, perms, plan.seed, p)
            for p, (i, j) in enumerate(pairs)]
    grouped = pr.groups is not None
    note = ("McNemar and DeLong assume independent cases: not computed for grouped cases"
            if grouped else None)
    mc = [None if grouped else mcnemar_p(right[i], right[j]) for i, j in pairs]
    dl = [None] * len(pairs)
    auc = None
    if pr.scores is not None and not grouped:
        auc, cov = delong(pr.scores, pr.truth == 1)
        dl = [delong_p(auc, cov, i, j) for i, j in pairs]
    perm_holm = holm([p for p, _ in perm])
    mc_holm = holm([np.nan if p is None else p for p in mc])
    dl_holm = holm([np.nan if p is None else p for p in dl])
    out = {}
    for q, (i, j) in enumerate(pairs):
        out[frozenset((i, j))] = PairedTests(
            perm[q][0], perm_holm[q], perm[q][1], mc[q], None if mc[q] is None else mc_holm[q], dl[q],
            None if dl[q] is None else dl_holm[q], None if auc is None else (float(auc[i]), float(auc[j])), note)
    return out
