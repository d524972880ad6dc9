"""Post-hoc tests on average ranks (Demšar, JMLR 2006, §3.2.2): every pair by Nemenyi, or each against a control.

After Friedman's test, on N tasks and k entities with exact average ranks R_j, the standard error of a
difference of average ranks is SE = √(k(k + 1)/(6N)).

- **Nemenyi, every pair** — the p-value scikit-posthocs' ``posthoc_nemenyi_friedman`` gives: with
  q = |R_i − R_j| / SE, p = P(Q > q·√2), Q of the studentized range of k means with infinite degrees of
  freedom (``scipy.stats.studentized_range.sf(q·√2, k, ∞)``). A pair with p < α is exactly a pair whose
  average ranks differ by at least the Nemenyi critical difference CD = q_α·SE.
- **against a control** — the comparisons of k − 1 entities with one chosen entity: z = (R_i − R_c)/SE,
  two-sided p = 2·(1 − Φ(|z|)); *Holm's step-down procedure* on those k − 1 p-values (the adjusted p-values of
  :func:`~ordertheory.ranking.uncertainty.paired_tests.holm`), and the *Bonferroni–Dunn* critical difference
  CD = z_{1 − α/(2(k − 1))}·SE (a difference at least CD is significant at α for the family).

Both p-values are computed for the distinct rank differences only (the differences are rationals with
denominator 2N, so there are few of them) — one vectorised call whatever the number of pairs.

>>> from fractions import Fraction as F
>>> p = nemenyi_p_values([F(1), F(2), F(3)], 10)
>>> [(i, j, round(q, 4)) for i, j, q in p]
[(0, 1, 0.0653), (0, 2, 0.0), (1, 2, 0.0653)]
>>> c = control_comparisons([F(1), F(2), F(3)], 10, control=0)
>>> round(c.cd, 4), [(r.entity, round(r.z, 4)) for r in c.rows]
(1.0024, [(1, 2.2361), (2, 4.4721)])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from scipy import stats

from ordertheory.ranking.uncertainty.paired_tests import holm

NEMENYI_CONVENTION = ("scikit-posthocs' posthoc_nemenyi_friedman: p = studentized_range.sf(|R_i − R_j|/SE·√2, k, ∞), "
                      "SE = √(k(k+1)/(6N)), ranks of ties averaged")
CONTROL_CONVENTION = ("Demšar (2006) §3.2.2: z = (R_i − R_control)/SE, two-sided normal p-values, Holm's step-down "
                      "over the k − 1 comparisons; Bonferroni–Dunn CD = z_(1 − α/(2(k − 1)))·SE")


def standard_error(k: int, N: int) -> float:
    """√(k(k + 1)/(6N)): the standard error of a difference of two average ranks."""
    return math.sqrt(k * (k + 1) / (6 * N))


def nemenyi_p_values(average: Sequence[Fraction], N: int) -> list[tuple[int, int, float]]:
    """(i, j, p) for every pair i < j (indices into ``average``): scikit-posthocs' Nemenyi p-value."""
    k = len(average)
    se = standard_error(k, N)
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    diffs = sorted({abs(average[i] - average[j]) for i, j in pairs})
    q = np.array([float(d) / se * math.sqrt(2) for d in diffs])
    p = dict(zip(diffs, (float(x) for x in stats.studentized_range.sf(q, k, np.inf)))) if diffs else {}
    return [(i, j, min(1.0, p[abs(average[i] - average[j])])) for i, j in pairs]


@dataclass(frozen=True)
class ControlRow:
    """One entity against the control: its average-rank difference, z, p and Holm-adjusted p."""

    entity: int
    difference: Fraction  # R_entity − R_control (positive: ranked after the control)
    z: float
    p: float
    p_holm: float
    separated: bool  # |difference| ≥ the Bonferroni–Dunn CD


@dataclass(frozen=True)
class ControlComparison:
    """The k − 1 comparisons with one control entity (Demšar 2006, §3.2.2)."""

    control: int
    alpha: float
    critical_value: float  # z_{1 − α/(2(k − 1))}
    cd: float
    tasks: int
    rows: tuple[ControlRow, ...]


def control_comparisons(average: Sequence[Fraction], N: int, control: int, alpha: float = 0.05) -> ControlComparison:
    """Every other entity against ``control`` (an index into ``average``), by Holm and by Bonferroni–Dunn."""
    k = len(average)
    se = standard_error(k, N)
    others = [i for i in range(k) if i != control]
    diffs = [average[i] - average[control] for i in others]
    z = [float(d) / se for d in diffs]
    p = [float(2 * stats.norm.sf(abs(x))) for x in z]
    adjusted = holm(p)
    crit = float(stats.norm.isf(alpha / (2 * (k - 1)))) if k > 1 else math.nan
    cd = crit * se
    rows = tuple(ControlRow(i, d, x, q, h, abs(float(d)) >= cd) for i, d, x, q, h in zip(others, diffs, z, p, adjusted))
    return ControlComparison(control, alpha, crit, cd, N, rows)


__all__ = ["CONTROL_CONVENTION", "NEMENYI_CONVENTION", "ControlComparison", "ControlRow", "control_comparisons",
           "nemenyi_p_values", "standard_error"]
