"""The statistics organisers already use on several tasks, with scipy's values (Demšar, JMLR 2006).

On a table of values (tasks × entities), every order following the score's direction (a loss ranks
its smallest value first):

- **per-task ranks**: 1 for the best entity of the task, ties sharing the mean of their ranks (as
  ``scipy.stats.rankdata``'s ``average``), decided on the exact values (Fractions, exact sympy numbers)
  — floats would merge or split ties; an entity whose score is undefined on a task ranks last there,
  tied with the other undefined ones (challengeR's convention for a missing value);
- **average ranks** over the tasks (exact), and **Friedman's χ²** in its two conventions, both given:
  *tie-corrected* — ``scipy.stats.friedmanchisquare`` on the per-task ranks (divided by
  1 − Σ(t³ − t)/(N(k³ − k)) over the groups of tied ranks) — and *textbook* (``chi2_textbook``) — Demšar's
  formula χ²_F = 12N/(k(k + 1))·[Σ_j R_j² − k(k + 1)²/4] on the average ranks R_j, exact (a Fraction), which
  the literature prints; the two agree when no task has ties;
- **Iman–Davenport's F** = (N − 1)χ² / (N(k − 1) − χ²) from each, with (k − 1, (k − 1)(N − 1)) degrees of freedom;
- **the Nemenyi critical difference** CD = q_α·√(k(k + 1)/(6N)), q_α = ``studentized_range.ppf(1 − α, k, ∞)/√2``;
  two entities differ when their average ranks differ by at least CD; the *cliques* (the bars of the
  critical-difference diagram) are the maximal runs of entities, in average-rank order, that do not;
- **Wilcoxon's signed-rank test** on every pair (``scipy.stats.wilcoxon`` on the per-task differences of
  the values, as scipy takes them from a float table; the tasks where either value is undefined left out), p-values adjusted
  by **Holm**'s step-down procedure (:func:`~ordertheory.ranking.uncertainty.paired_tests.holm`; scipy has none).
  Zero differences (ties) are handled by scipy's ``zero_method`` (:data:`ZERO_METHODS`): ``wilcox`` — the
  default, scipy's, so that the p-values are those of ``scipy.stats.wilcoxon(x, y)`` as people call it —
  drops them; ``pratt`` ranks them with the others, then drops their ranks (Pratt 1959); ``zsplit`` splits
  their ranks evenly between the two sums (Demšar 2006, §3.1.3, recommends splitting them);
- **challengeR's consensus ranking** (``consensus(method = "euclidean")``): the ranking minimising the sum of
  squared Euclidean distances to the per-task rankings, which is the order of the mean per-task ranks —
  challengeR's per-task ranks give ties the smallest rank (``ties.method = "min"``), and so do these.

>>> from fractions import Fraction as F
>>> vals = [[F(9, 10), F(8, 10), F(7, 10)], [F(6, 10), F(7, 10), F(5, 10)], [F(8, 10), F(8, 10), F(1, 10)]]
>>> [[str(r) for r in row] for row in task_ranks(vals, Direction.HIGHER)]
[['1', '2', '3'], ['2', '1', '3'], ['3/2', '3/2', '3']]
>>> [str(r) for r in average_ranks(task_ranks(vals, Direction.HIGHER))]
['3/2', '3/2', '3']
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cmp_to_key

import numpy as np
from scipy import stats

from ordertheory.errors import InvalidInput
from ordertheory.exact import compare
from ordertheory.ranking.uncertainty.paired_tests import holm
from ordertheory.scores.direction import Direction

Value = object  # an exact number (Fraction or exact sympy number), or None where the score is undefined


def _better(direction: Direction):
    """cmp(a, b) < 0 when a is better than b; None (undefined) is worst."""
    def cmp(a, b) -> int:
        if a is None or b is None:
            return (a is None) - (b is None)
        return -direction.sign * compare(a, b)
    return cmp


def _groups(row: Sequence[Value], direction: Direction) -> list[list[int]]:
    """The entities of one task grouped by equal value, best group first."""
    cmp = _better(direction)
    order = sorted(range(len(row)), key=cmp_to_key(lambda i, j: cmp(row[i], row[j])))
    out: list[list[int]] = []
    for i in order:
        if out and cmp(row[out[-1][0]], row[i]) == 0:
            out[-1].append(i)
        else:
            out.append([i])
    return out


def task_ranks(values: Sequence[Sequence[Value]], direction: Direction, ties: str = "average") -> list[list[Fraction]]:
    """Per task (rows), each entity's rank: 1 is the best; ties share their mean rank (``average``) or
    the smallest (``min``, challengeR's default)."""
    out = []
    for row in values:
        ranks: list[Fraction] = [Fraction(0)] * len(row)
        start = 1
        for g in _groups(row, direction):
            r = Fraction(2 * start + len(g) - 1, 2) if ties == "average" else Fraction(start)
            for i in g:
                ranks[i] = r
            start += len(g)
        out.append(ranks)
    return out


def average_ranks(ranks: Sequence[Sequence[Fraction]]) -> list[Fraction]:
    """Each entity's mean rank over the tasks (exact)."""
    N = len(ranks)
    return [sum((r[e] for r in ranks), Fraction(0)) / N for e in range(len(ranks[0]))]


def competition(values: Sequence[Value], better_first: Direction) -> list[int | None]:
    """Competition ranks (1, 2, 2, 4) of exact values; None stays unranked."""
    defined = [v for v in values if v is not None]
    cmp = _better(better_first)
    return [None if v is None else 1 + sum(1 for w in defined if cmp(w, v) < 0) for v in values]


ZERO_METHODS = ("wilcox", "pratt", "zsplit")  # scipy.stats.wilcoxon's zero_method; the first is the default
FRIEDMAN_CONVENTION = ("chi2: tie-corrected (scipy.stats.friedmanchisquare); chi2_textbook: Demšar (2006)'s "
                       "12N/(k(k+1))·[Σ R_j² − k(k+1)²/4] on the average ranks, without the tie correction")


@dataclass(frozen=True)
class Friedman:
    """Friedman's χ² in its two conventions (tie-corrected, scipy's; textbook, Demšar's formula) and
    Iman–Davenport's F from each, on N tasks and k entities (None: fewer than 3 entities, where scipy
    does not compute it)."""

    chi2: float | None
    p: float | None
    f: float | None
    f_p: float | None
    df: tuple[int, int]
    chi2_textbook: Fraction | None = None
    p_textbook: float | None = None
    f_textbook: float | None = None
    f_p_textbook: float | None = None

    def to_json(self) -> dict:
        tb = self.chi2_textbook
        return {"convention": FRIEDMAN_CONVENTION, "chi2": self.chi2, "p": self.p,
                "iman_davenport_f": self.f, "iman_davenport_p": self.f_p, "iman_davenport_df": list(self.df),
                "chi2_textbook": None if tb is None else float(tb),
                "chi2_textbook_exact": None if tb is None else str(tb), "p_textbook": self.p_textbook,
                "iman_davenport_f_textbook": self.f_textbook, "iman_davenport_p_textbook": self.f_p_textbook}


def textbook_chi2(average: Sequence[Fraction], N: int) -> Fraction:
    """Demšar's χ²_F = 12N/(k(k + 1))·[Σ R_j² − k(k + 1)²/4] on the exact average ranks (no tie correction).

    >>> str(textbook_chi2([Fraction(1), Fraction(2), Fraction(3)], 4))
    '8'
    """
    k = len(average)
    return Fraction(12 * N, k * (k + 1)) * (sum((r * r for r in average), Fraction(0)) - Fraction(k * (k + 1) ** 2, 4))


def iman_davenport(chi2: float, N: int, k: int) -> tuple[float, float]:
    """(F, p): Iman–Davenport's F = (N − 1)χ² / (N(k − 1) − χ²) and its p-value on (k − 1, (k − 1)(N − 1)) df."""
    den = N * (k - 1) - chi2
    f = (N - 1) * chi2 / den if den > 0 else math.inf
    return f, (float(stats.f.sf(f, k - 1, (k - 1) * (N - 1))) if math.isfinite(f) else 0.0)


def friedman(ranks: Sequence[Sequence[Fraction]]) -> Friedman:
    """Friedman's test on the per-task ranks in both conventions, and Iman–Davenport's F from each."""
    N, k = len(ranks), len(ranks[0])
    df = (k - 1, (k - 1) * (N - 1))
    if k < 3:
        return Friedman(None, None, None, None, df)
    tb = textbook_chi2(average_ranks(ranks), N)
    tf, tfp = iman_davenport(float(tb), N, k)
    textbook = (tb, float(stats.chi2.sf(float(tb), k - 1)), tf, tfp)
    cols = np.array([[float(r) for r in row] for row in ranks]).T
    res = stats.friedmanchisquare(*cols)
    chi2, p = float(res.statistic), float(res.pvalue)
    if not math.isfinite(chi2):  # every task ties every entity: no evidence of a difference
        return Friedman(0.0, 1.0, 0.0, 1.0, df, *textbook)
    f, f_p = iman_davenport(chi2, N, k)
    return Friedman(chi2, p, f, f_p, df, *textbook)


def nemenyi_cd(k: int, N: int, alpha: float = 0.05) -> tuple[float, float]:
    """(q_α, CD): the Nemenyi critical value and critical difference of average ranks."""
    q = float(stats.studentized_range.ppf(1 - alpha, k, np.inf)) / math.sqrt(2)
    return q, q * math.sqrt(k * (k + 1) / (6 * N))


def cliques(order: Sequence[int], avg: Sequence[Fraction], cd: float) -> list[tuple[int, ...]]:
    """The maximal runs (≥ 2 entities, in average-rank order) whose average ranks differ by less than CD."""
    runs = []
    for i in range(len(order)):
        j = i
        while j + 1 < len(order) and float(avg[order[j + 1]] - avg[order[i]]) < cd:
            j += 1
        if j > i and not (runs and runs[-1][1] >= j):
            runs.append((i, j))
    return [tuple(order[i:j + 1]) for i, j in runs]


@dataclass(frozen=True)
class PairTest:
    """Wilcoxon's signed-rank test of two entities over the tasks (a before b in average-rank order)."""

    a: str
    b: str
    tasks: int  # the tasks where both are defined
    statistic: float | None
    p: float | None
    p_holm: float | None
    reason: str | None = None
    zeros: int = 0  # tasks where the two are equal (zero differences, handled by the zero_method)

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "tasks": self.tasks, "zeros": self.zeros, "statistic": self.statistic,
                "p": self.p, "p_holm": self.p_holm, "reason": self.reason}


def wilcoxon_holm(values: Sequence[Sequence[Value]], names: Sequence[str], order: Sequence[int],
                  direction: Direction, zero_method: str = "wilcox") -> list[PairTest]:
    """Every pair (in average-rank order), scipy's two-sided Wilcoxon p-value, Holm-adjusted over the pairs.

    The differences are those scipy takes, x − y on the values as floats (oriented: a loss negated); equal
    exact values give equal floats, hence a zero difference, handled by ``zero_method`` (:data:`ZERO_METHODS`)."""
    if zero_method not in ZERO_METHODS:
        raise InvalidInput(f"expected a zero method {', '.join(ZERO_METHODS)} but got {zero_method!r}")
    X = np.array([[np.nan if v is None else float(direction.oriented(v)) for v in row] for row in values])
    raw = []
    for x, i in enumerate(order):
        for j in order[x + 1:]:
            both = ~(np.isnan(X[:, i]) | np.isnan(X[:, j]))
            d = X[both, i] - X[both, j]
            zeros = int(np.sum(d == 0))
            if len(d) == 0 or not np.any(d != 0):
                raw.append((names[i], names[j], len(d), None, None, zeros,
                            "equal on every task where both are defined" if len(d) else "no task where both are defined"))
                continue
            with warnings.catch_warnings():  # scipy warns that ties and zeros leave the exact distribution
                warnings.simplefilter("ignore")
                res = stats.wilcoxon(d, zero_method=zero_method)
            raw.append((names[i], names[j], len(d), float(res.statistic), float(res.pvalue), zeros, None))
    adj = holm([np.nan if r[4] is None else r[4] for r in raw])
    return [PairTest(a, b, n, s, p, None if p is None else q, why, z)
            for (a, b, n, s, p, z, why), q in zip(raw, adj)]


def consensus(values: Sequence[Sequence[Value]], direction: Direction) -> tuple[list[Fraction], list[int]]:
    """challengeR's Euclidean consensus: (each entity's mean of its per-task ``min`` ranks, its consensus rank)."""
    mean = average_ranks(task_ranks(values, direction, ties="min"))
    return mean, competition(mean, Direction.LOWER)


__all__ = ["FRIEDMAN_CONVENTION", "ZERO_METHODS", "Friedman", "PairTest", "average_ranks", "cliques", "competition",
           "consensus", "friedman", "iman_davenport", "nemenyi_cd", "task_ranks", "textbook_chi2", "wilcoxon_holm"]
