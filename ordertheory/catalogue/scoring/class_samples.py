"""The scoring scores of k-class probabilities, exactly: log loss, Brier, one-vs-rest ROC AUC, top-label ECE.

Each reads a :class:`~ordertheory.performances.class_probabilities.ClassProbabilities` (the true class and
the k probabilities of each case, rows renormalised exactly by their exact sums) and gives scikit-learn's
value, exactly where it is rational:

- ``log_loss``: −mean log p̂(true class), each probability clipped to [ε, 1 − ε] (scikit-learn's
  ``log_loss``): a float (math.fsum of the logarithms);
- ``brier``: mean Σ_j (p̂_j − [j = y])², the squared distance to the one-hot label — scikit-learn's
  ``brier_score_loss`` on k ≥ 3 classes (since 1.7; in [0, 2], not halved; two classes are the two-class
  Brier of the positive class's probability, which scikit-learn's ``scale_by_half="auto"`` halves to);
- ``roc_auc``: the unweighted mean over the classes of the ROC AUC of class c against the rest, scored by
  its column as given (scikit-learn's ``roc_auc_score(..., multi_class="ovr", average="macro")``);
- ``ece`` (``ece@B``): top-label ECE — the confidence max_j p̂_j against whether the top label (the first
  of equal maxima) is right, binned as the two-class ECE (:func:`~.formulas.bin_of`, 15 bins by default).

Exact sums over one power of two per group of rows of equal exact sum (:mod:`ordertheory.exact_sums`):
no Fraction per case.

>>> import numpy as np
>>> from ordertheory.performances.class_probabilities import ClassProbabilities
>>> c = ClassProbabilities.of([0, 1, 2, 1], np.array([[.5, .25, .25], [.25, .5, .25], [.125, .125, .75], [.5, .25, .25]]),
...                           ("a", "b", "c"))
>>> class_value("brier", c), class_value("roc_auc", c)
(Fraction(55, 128), Fraction(65, 72))
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from ordertheory.catalogue.scoring.level_score import SampleName
from ordertheory.catalogue.scoring.samples import (
    EXPECTATIONS,
    LOG_EPS,
    bin_index,
    binned_gap,
    sample_value,
    split_bins,
)
from ordertheory.errors import InvalidInput
from ordertheory.exact_sums import dyadic_sums
from ordertheory.performances.class_probabilities import exact_row_sums
from ordertheory.performances.scored_samples import ScoredSamples
from ordertheory.scores.direction import Direction

CLASS_FORMS = ("brier", "ece", "log_loss", "roc_auc")  # with k-class probabilities: scikit-learn's k-class forms


def _brier(c) -> Fraction:
    """(1/n) Σ_g (A_g − 2σ_g B_g + σ_g² C_g)/σ_g²: per group of rows of exact sum σ_g, A = Σ p², B = Σ p(true),
    C = the rows."""
    G = len(c.sums)
    rows = np.repeat(c.group, c.k)
    A, K2 = dyadic_sums(c.probs.ravel(), np.ones(c.probs.size, dtype=np.int64), rows, G, power=2)
    B, K = dyadic_sums(c.probs[np.arange(c.n), c.truth], np.ones(c.n, dtype=np.int64), c.group, G)
    C = np.bincount(c.group, minlength=G).tolist()
    total = Fraction(0)
    for g, s in enumerate(c.sums):
        total += (Fraction(A[g], 1 << K2) - 2 * s * Fraction(B[g], 1 << K) + s * s * C[g]) / (s * s)
    return total / c.n


def _log_loss(c) -> float:
    p = np.clip(c.normalised[np.arange(c.n), c.truth], LOG_EPS, 1 - LOG_EPS)
    return math.fsum((-np.log(p)).tolist()) / c.n


def _roc_auc(c) -> Fraction | None:
    """The mean over the classes of class c's ROC AUC against the rest (None when a class is absent or alone)."""
    out = []
    for j in range(c.k):
        v = sample_value("roc_auc", ScoredSamples.of((c.truth == j).astype(np.int64), c.probs[:, j]))
        if v is None:
            return None
        out.append(v)
    return sum(out, Fraction(0)) / c.k


def confidences(c) -> tuple[np.ndarray, np.ndarray]:
    """(the confidence max_j p̂_j as the double nearest it, its exact value as max_j p_j of the row over the row's
    exact sum): floats for the bins, the raw maxima for the exact sums."""
    top = c.probs.max(axis=1)
    conf = top.copy()
    for i in np.flatnonzero(c.group != 0).tolist():  # a renormalised row: the double nearest max/σ
        conf[i] = float(Fraction(float(top[i])) / c.sums[int(c.group[i])])
    return conf, top


def ece_value(c, bins: int) -> Fraction:
    """Top-label ECE: Σ_b |Σ_{i ∈ b} (correct_i − conf_i)| / n over ``bins`` equal-width bins of the confidence."""
    conf, top = confidences(c)
    b = bin_index(conf, bins)
    hits = c.correct().astype(np.int64)
    if len(c.sums) == 1:
        return binned_gap(top, hits, np.ones(c.n, dtype=np.int64), b, bins) / c.n
    G = len(c.sums)
    nums, K = dyadic_sums(top, np.ones(c.n, dtype=np.int64), b * G + c.group, bins * G)
    h = np.bincount(b, weights=hits, minlength=bins).astype(np.int64).tolist()
    gap = sum(abs(h[i] - sum(Fraction(nums[i * G + g], 1 << K) / s for g, s in enumerate(c.sums))) for i in range(bins))
    return gap / c.n


def class_value(slug: str, c):
    """The value of ``slug`` (``ece@B`` for B bins) on k-class probabilities (see the module)."""
    base, bins = split_bins(slug)
    if base == "ece":
        return ece_value(c, bins or 15)
    forms = {"brier": _brier, "log_loss": _log_loss, "roc_auc": _roc_auc}
    if base not in forms:
        raise InvalidInput(f"{slug} has no form on k-class probabilities; they rank by {', '.join(CLASS_FORMS)} "
                           "(and the labels' scores, from the predicted labels)")
    return forms[base](c)


@dataclass(frozen=True)
class ProbabilityOmega:
    """Ω of k-class probabilities: (true class c, v) for each distinct probability vector v of a leaderboard
    (rows as given, with their exact sums), S(c, v) = v_c, the probability given to the true class. Never
    written out: the check reads it outcome by outcome."""

    k: int
    rows: np.ndarray  # (V, k) floats, distinct
    sums: tuple[Fraction, ...]  # each row's exact sum

    @property
    def name(self) -> str:
        return f"probabilities:{self.k} classes × {len(self.rows)} distinct probability vectors"

    @property
    def classes(self) -> int:
        return self.k

    def vector(self, v: int) -> tuple[Fraction, ...]:
        """The exact probability vector v (the row over its exact sum)."""
        return tuple(Fraction(x) / self.sums[v] for x in self.rows[v].tolist())

    def outcome(self, c: int, v: int) -> str:
        return f"y{c}_v{v}"


@dataclass(frozen=True)
class ProbabilityScore:
    """A scoring score of k-class probabilities on Ω of its leaderboard (:class:`ProbabilityOmega`): what the
    check reads (an expectation outcome by outcome; the others are not decided by structure there)."""

    sample: SampleName
    space: ProbabilityOmega

    @property
    def name(self) -> str:
        return self.sample.name

    text = name

    @property
    def direction(self) -> Direction:
        return self.sample.direction

    @property
    def conditions(self) -> tuple[str, ...]:
        return ("every class both present and absent",) if self.sample.base == "roc_auc" else ()

    @property
    def kind(self) -> str:
        return "expectation" if self.sample.base in EXPECTATIONS else "other"

    @property
    def formula(self) -> str:
        return f"{self.sample.name} of {self.space.k}-class probabilities (scikit-learn's k-class form)"

    def __str__(self) -> str:
        return self.formula

    def oriented(self) -> ProbabilityScore:
        flip = self.direction is Direction.LOWER
        return replace(self, sample=replace(self.sample, negated=not self.sample.negated)) if flip else self

    def outcome_values(self) -> tuple[list[str], list[Fraction], list[Fraction], tuple[range, ...], bool]:
        """(names, S, f, rows, log) of the oriented expectation, outcome (c, v) by outcome, class by class: f the
        per-case gain, −Σ_j (v_j − [j = c])² (Brier) or u = clip(v_c) with f = log u (the log loss)."""
        V, k = len(self.space.rows), self.space.k
        vectors = [self.space.vector(v) for v in range(V)]
        names, S, f = [], [], []
        eps = Fraction(LOG_EPS)
        for c in range(k):
            for v, vec in enumerate(vectors):
                names.append(self.space.outcome(c, v))
                S.append(vec[c])
                if self.sample.base == "brier":
                    f.append(-(sum((x * x for x in vec), Fraction(0)) - 2 * vec[c] + 1))
                else:
                    f.append(min(max(vec[c], eps), 1 - eps))
        return names, S, f, tuple(range(c * V, (c + 1) * V) for c in range(k)), self.sample.base == "log_loss"


def probability_omega(tables) -> ProbabilityOmega:
    """Ω of the distinct probability vectors of several entities' :class:`ClassProbabilities`."""
    rows = np.unique(np.concatenate([t.probs for t in tables]), axis=0)
    distinct, group = exact_row_sums(rows)
    return ProbabilityOmega(rows.shape[1], rows, tuple(distinct[g] for g in group.tolist()))
