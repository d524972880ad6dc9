"""A catalogue scoring score on Ω of any number of levels, held by its per-sample form.

The formula of average precision on ``scored:L`` has O(L²) terms; a leaderboard of real predictions has
thousands of distinct scores. A :class:`LevelScore` is the same score on the same Ω (a
:class:`~ordertheory.spaces.sample_space.ScoredSpace` of any size) without its formula: the check reads
its structure — an expectation E_P[f] gives f outcome by outcome (:meth:`LevelScore.outcome_values`),
the others are evaluated exactly on the few cells of a witness (:meth:`LevelScore.value`) — the twin of
:class:`~ordertheory.scores.class_score.ClassScore` for k classes. :func:`sample_name` reads a score's
name as every input writes it: a slug or alias, ``ece@B`` (B bins), and ``-SLUG``, ``−SLUG``, ``neg_SLUG``
(the gain −X, scikit-learn's ``neg_log_loss``).

>>> X = LevelScore(sample_name("neg_brier"), scored(2000))
>>> X.name, X.direction.value, X.kind, X.space.name
('-brier', 'higher', 'expectation', 'scored:2000')
>>> from ordertheory.performances.level_performance import LevelPerformance
>>> X.value(LevelPerformance.of(X.space, {"y1_s1999": 1}))
Fraction(-1, 16000000)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import sympy

from ordertheory.catalogue.entry import find
from ordertheory.catalogue.scoring.formulas import DEFAULT_BINS, bin_of, check_bins
from ordertheory.catalogue.scoring.samples import (
    EXPECTATIONS,
    LOG_EPS,
    ORDER_ONLY,
    SAMPLE_FORMS,
    sample_value,
    split_bins,
)
from ordertheory.errors import InvalidInput
from ordertheory.scores.direction import Direction, split_negation
from ordertheory.spaces.sample_space import ScoredSpace, scored  # noqa: F401 (scored: doctest)

WRITTEN_LEVELS = 6  # up to this many levels the check reads the formula as written (the general procedure)
#: the domain of each per-sample form as written on scored:L (π₋ = Σ n_l, π₊ = Σ p_l, D_{L−1} the top level's mass)
DOMAINS = {"roc_auc": ("π₋·π₊ ≠ 0",), "average_precision": ("π₊ ≠ 0", "D_{L−1} ≠ 0 (the top level occupied)"),
           "pr_auc": ("π₊ ≠ 0", "D_{L−1} ≠ 0 (the top level occupied)"), "max_informedness": ("π₋·π₊ ≠ 0",)}


@dataclass(frozen=True)
class SampleName:
    """A per-sample score as an input names it: its catalogue slug (``ece@B`` included) and whether
    it is negated (``-SLUG``, ``neg_SLUG``: the gain −X)."""

    slug: str
    negated: bool = False

    @property
    def name(self) -> str:
        return ("-" if self.negated else "") + self.slug

    @property
    def base(self) -> str:
        """The slug without its bins (``ece`` for ``ece@10``)."""
        return split_bins(self.slug)[0]

    @property
    def bins(self) -> int | None:
        """The ECE's bins (15 for ``ece``), None for any other score."""
        return split_bins(self.slug)[1] or (DEFAULT_BINS if self.slug == "ece" else None)

    @property
    def direction(self) -> Direction:
        loss = find(self.base).lower_is_better
        return Direction.LOWER if loss != self.negated else Direction.HIGHER

    def value(self, samples):
        """The value on per-sample scores (negated for ``-SLUG``); None outside the domain."""
        v = sample_value(self.slug, samples)
        return -v if self.negated and v is not None else v

    def with_bins(self, bins: int | None) -> SampleName:
        """``ece`` with ``bins`` bins (``--bins``); any other score unchanged."""
        return self if bins is None or self.base != "ece" else replace(self, slug="ece" if bins == DEFAULT_BINS else f"ece@{bins}")


def sample_name(text: str) -> SampleName | None:
    """The per-sample score ``text`` names, or None when it names no score with a per-sample form.

    >>> sample_name("-log_loss"), sample_name("expected_calibration_error@10").slug, sample_name("f1")
    (SampleName(slug='log_loss', negated=True), 'ece@10', None)
    """
    if not text:
        return None
    negated, rest = split_negation(text)
    base, at, arg = rest.partition("@")
    entry = find(base)
    if entry is None or entry.slug not in SAMPLE_FORMS:
        return None
    if at and entry.slug != "ece":
        return None  # f1@1/2 and the like: a threshold, not a per-sample form
    return SampleName(f"ece@{split_bins('ece@' + arg)[1]}" if at else entry.slug, negated)


def names_ece(text: str) -> bool:
    """Whether ``text`` names the ECE (``ece``, ``ece@B``, an alias, negated or not)."""
    entry = find(split_negation(text)[1].partition("@")[0])
    return entry is not None and entry.slug == "ece"


def with_bins(text: str, bins: int | None) -> str:
    """``text`` with the ECE's ``bins`` (``--bins N``): ``ece`` (or an alias, negated or not) becomes
    ``ece@N``; any other score is left as it is; an ``ece@B`` that says other bins is an error.

    >>> with_bins("neg_expected_calibration_error", 10), with_bins("ece@10", 10), with_bins("brier", 10)
    ('-ece@10', 'ece@10', 'brier')
    """
    if bins is None:
        return text
    check_bins(bins)
    negated, rest = split_negation(text)
    base, at, arg = rest.partition("@")
    entry = find(base)
    if entry is None or entry.slug != "ece":
        return text
    if at and split_bins("ece@" + arg)[1] != bins:
        raise InvalidInput(f"{text} says {arg.strip()} bins and --bins {bins}: give one of them")
    return ("-" if negated else "") + ("ece" if bins == DEFAULT_BINS else f"ece@{bins}")


@dataclass(frozen=True)
class LevelScore:
    """The score ``name`` on ``space`` (any number of levels), by its per-sample form (see the module)."""

    sample: SampleName
    space: ScoredSpace

    def __post_init__(self) -> None:
        if not isinstance(self.space, ScoredSpace):
            raise InvalidInput(f"score {self.sample.slug!r} is defined on a scored space (scored:L), not on {self.space.name}")

    @property
    def name(self) -> str:
        return self.sample.name

    @property
    def text(self) -> str:
        return self.sample.name

    @property
    def direction(self) -> Direction:
        return self.sample.direction

    @property
    def formula(self) -> str:
        """What the score is, in words: its formula on Ω is not written out at this size."""
        entry = find(self.sample.base)
        b = self.sample.bins
        what = (f"{b} equal-width bins [i/{b}, (i+1)/{b}) of the positive class's probability, the last closed" if b
                else entry.note or entry.name)
        name = "Expected calibration error" if b else entry.name
        return f"{'−' if self.sample.negated else ''}{name} ({what}), by its per-sample form on {self.space.name}"

    def __str__(self) -> str:
        return self.formula

    @property
    def kind(self) -> str:
        """``expectation`` (E_P[f]: Brier, log loss), ``order`` (reads the levels' order only) or ``binned`` (ECE)."""
        base = self.sample.base
        return "expectation" if base in EXPECTATIONS else "order" if base in ORDER_ONLY else "binned"

    @property
    def conditions(self) -> tuple[str, ...]:
        """The domain as written, in words (every performance when empty)."""
        return DOMAINS.get(self.sample.base, ())

    def negated(self) -> LevelScore:
        return replace(self, sample=replace(self.sample, negated=not self.sample.negated))

    def oriented(self) -> LevelScore:
        """The score as the theory ranks it, higher is better: −X for a loss."""
        return self.negated() if self.direction is Direction.LOWER else self

    def local(self) -> tuple[sympy.Expr, Fraction, Fraction]:
        """f = h(S) for every outcome of an expectation (Brier and the log loss read only the probability given to
        the true class): (h as an expression in the symbol S, lo, hi) with h on [lo, hi] and constant beyond
        (the log loss's clipping to [ε, 1 − ε]); f given as u with f = log u for the log loss, as h for Brier."""
        S = sympy.Symbol("S")
        if self.sample.base == "brier":
            return -(1 - S) ** 2, Fraction(0), Fraction(1)
        eps = Fraction(LOG_EPS)
        return sympy.log(S), eps, 1 - eps

    def value_at(self, s: Fraction) -> Fraction:
        """The oriented per-case value at satisfaction s (u for the log loss: f = log u)."""
        return self._f(s)

    def outcome_values(self) -> tuple[list[Fraction], list[Fraction], bool]:
        """(S, f, log) outcome by outcome, in Ω's order, for an expectation X = E_P[f] of the oriented score
        (higher is better): f exactly — or, ``log`` True, f = log(u) given by u (the log loss as computed:
        each probability clipped to [ε, 1 − ε] as scikit-learn does)."""
        if self.kind != "expectation":
            raise InvalidInput(f"{self.name} is no expectation E_P[f]")
        S = list(self.space.satisfaction)  # y0: 1 − q, y1: q — the probability given to the true class
        return S, [self._f(s) for s in S], self.sample.base == "log_loss"

    def _f(self, s: Fraction) -> Fraction:
        """The oriented per-case value (higher is better) at satisfaction s: −(1 − s)² (Brier: (y − q)² =
        (1 − S)² for either class), or u = clip(s) with f = log u (−the log loss)."""
        if self.sample.base == "brier":
            return -(1 - s) ** 2  # the oriented score is −Brier, whether named brier or -brier
        eps = Fraction(LOG_EPS)
        return min(max(s, eps), 1 - eps)

    def value(self, P):
        """The exact value on a :class:`~ordertheory.performances.level_performance.LevelPerformance`
        (None outside the domain as written; the log loss as a float)."""
        if self.sample.base == "brier":
            v = sum((p * (1 - s) ** 2 for (_, _, p), s in zip(P.cells, P.satisfaction())), Fraction(0))
            return -v if self.sample.negated else v
        if self.sample.base in ("ece", "ece_per_level"):  # exactly, with the levels' exact values (few cells)
            gaps: dict[int, Fraction] = {}
            for c, lvl, p in P.cells:
                q = self.space.q[lvl]
                b = bin_of(q, self.sample.bins) if self.sample.bins else lvl
                gaps[b] = gaps.get(b, Fraction(0)) + c * p - q * p
            v = sum((abs(g) for g in gaps.values()), Fraction(0))
            return -v if self.sample.negated else v
        if "D_{L−1} ≠ 0 (the top level occupied)" in self.conditions and \
                not any(lvl == self.space.level_count - 1 for _, lvl, _ in P.cells):
            return None  # the top level empty: a precision 0/0 as written
        return self.sample.value(P.samples())
