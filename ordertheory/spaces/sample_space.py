"""Finite sample spaces Ω with a satisfaction S (paper §3.1 and §3.3).

A :class:`SampleSpace` is an ordered tuple of named outcomes and an exact satisfaction value for
each. Events are subsets of Ω, given as iterables of outcome names.

>>> omega = binary()
>>> omega.outcomes
('tn', 'fp', 'fn', 'tp')
>>> omega.s_min, omega.s_max
(Fraction(0, 1), Fraction(1, 1))
>>> multiclass(3).outcomes[:4]
('y0_p0', 'y0_p1', 'y0_p2', 'y1_p0')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property, lru_cache

from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction
from ordertheory.spaces.class_outcomes import (
    CellNames,
    CrispSatisfaction,
    LevelNames,
    LevelSatisfaction,
    cell_name,
)

_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_RESERVED = {"sqrt", "log", "exp", "abs", "min", "max", "probit", "pi", "E", "I", "S", "N", "O", "Q"}

BINARY_OUTCOMES = ("tn", "fp", "fn", "tp")
@dataclass(frozen=True)
class SampleSpace:
    """A finite, ordered sample space Ω with a satisfaction S: Ω → ℚ."""

    name: str
    outcomes: tuple[str, ...]
    satisfaction: tuple[Fraction, ...]
    classes: int | None = None  # number of classes for classification spaces, else None

    def __post_init__(self) -> None:
        if isinstance(self.outcomes, CellNames | LevelNames):  # y{i}_p{j}, y{c}_s{l}: valid and distinct by construction
            if len(self.satisfaction) != len(self.outcomes):
                raise InvalidInput(f"expected one satisfaction value per outcome ({len(self.outcomes)}) "
                                   f"but got {len(self.satisfaction)}")
            return
        if len(self.outcomes) == 0:
            raise InvalidInput("expected at least one outcome in the sample space but got none")
        if len(set(self.outcomes)) != len(self.outcomes):
            raise InvalidInput(f"expected distinct outcome names but got {list(self.outcomes)}")
        for o in self.outcomes:
            if not _NAME.match(o) or o in _RESERVED:
                raise InvalidInput(
                    f"expected an outcome name made of letters, digits and _ (not a function name) but got {o!r}"
                )
        if len(self.satisfaction) != len(self.outcomes):
            raise InvalidInput(
                f"expected one satisfaction value per outcome ({len(self.outcomes)}) "
                f"but got {len(self.satisfaction)}"
            )

    def __len__(self) -> int:
        return len(self.outcomes)

    def __repr__(self) -> str:
        pairs = ", ".join(f"{o}: {s}" for o, s in zip(self.outcomes, self.satisfaction))
        return f"SampleSpace({self.name!r}, S = {{{pairs}}})"

    @cached_property
    def index(self) -> dict[str, int]:
        """Position of each outcome name in Ω."""
        return {o: i for i, o in enumerate(self.outcomes)}

    def position(self, outcome: str) -> int:
        """Index of ``outcome``, with a clear error for an unknown name."""
        if isinstance(self.outcomes, CellNames):  # no million-entry dictionary for k classes
            if outcome in self.outcomes:
                return self.outcomes.index(outcome)
        elif outcome in self.index:
            return self.index[outcome]
        more = ", …" if len(self.outcomes) > 16 else ""
        raise InvalidInput(f"unknown outcome {outcome!r}; expected one of {', '.join(self.outcomes[:16])}{more}")

    def S(self, outcome: str) -> Fraction:
        """Satisfaction of one outcome."""
        return self.satisfaction[self.position(outcome)]

    @property
    def is_crisp_multiclass(self) -> bool:
        """Ω = (y{i}_p{j}) for k classes with S = 1 exactly on the diagonal (the space of
        :func:`multiclass`, whatever its name): where the structured k-class scores apply."""
        if not self.is_confusion:
            return False
        return isinstance(self.satisfaction, CrispSatisfaction) or self.satisfaction == CrispSatisfaction(self.classes)

    @property
    def s_min(self) -> Fraction:
        """s_min,Ω = min over Ω of S."""
        return min(self.satisfaction)

    @property
    def s_max(self) -> Fraction:
        """s_max,Ω = max over Ω of S."""
        return max(self.satisfaction)

    @property
    def levels(self) -> tuple[Fraction, ...]:
        """The distinct satisfaction values, increasing."""
        return tuple(sorted(set(self.satisfaction)))

    def event(self, outcomes: Iterable[str]) -> frozenset[str]:
        """An event (a subset of Ω), validated."""
        names = frozenset(outcomes)
        for o in names:
            self.position(o)
        return names

    def event_where(self, predicate) -> frozenset[str]:
        """The event {ω : predicate(S(ω))}, e.g. ``event_where(lambda s: s <= 0)``."""
        return frozenset(o for o, s in zip(self.outcomes, self.satisfaction) if predicate(s))

    def level_bands(self) -> list[frozenset[str]]:
        """The events {ω : lo ≤ S(ω) ≤ hi} for each pair of satisfaction levels lo ≤ hi.

        They stand for all 2^|Ω| − 1 events in Theorem 2's condition ("P(E) = 1 implies
        min_E S ≤ X(P) ≤ max_E S"): an event F has lo = min_F S and hi = max_F S, so F lies in the
        band B of (lo, hi), which has the same min and max of S; P(F) = 1 implies P(B) = 1, and the
        condition for B gives the bounds for F. Hence the condition on the bands implies it on every
        event, with L(L + 1)/2 events for L levels instead of 2^|Ω| − 1.

        >>> from ordertheory.spaces.sample_space import binary
        >>> tuple(" ".join(sorted(b)) for b in binary().level_bands())
        ('fn fp', 'fn fp tn tp', 'tn tp')
        """
        lv = self.levels
        return [self.event_where(lambda v, lo=lo, hi=hi: lo <= v <= hi)
                for i, lo in enumerate(lv) for hi in lv[i:]]

    def events(self) -> list[frozenset[str]]:
        """All non-empty events, in a stable order (by size, then by Ω's order)."""
        from itertools import combinations

        out = []
        for r in range(1, len(self.outcomes) + 1):
            out.extend(frozenset(c) for c in combinations(self.outcomes, r))
        return out

    @property
    def is_binary(self) -> bool:
        """Ω = (tn, fp, fn, tp): the two-class space of the paper, where TPR, PPV, … are defined."""
        return self.outcomes == BINARY_OUTCOMES

    @staticmethod
    def confusion_outcome(true: int, predicted: int) -> str:
        """The outcome "ground truth class ``true``, predicted class ``predicted``" of a k-class space
        (:func:`~ordertheory.spaces.class_outcomes.cell_name`)."""
        return cell_name(true, predicted)

    @cached_property
    def is_confusion(self) -> bool:
        """Ω is the k × k layout of :meth:`confusion_outcome` (multiclass, ordinal, any satisfaction matrix)."""
        k = self.classes
        return bool(k) and self.outcomes == CellNames(k)  # the names made on demand compare in O(1)

    @property
    def truth_classes(self) -> int | None:
        """How many ground-truth classes the outcomes record (None for a space without classes)."""
        return self.classes

    def row(self, true: int) -> tuple[str, ...]:
        """The outcomes of ground truth class ``true`` (what a fixed class prior constrains): its row
        of the confusion matrix on the row-major spaces — (tn, fp) and (fn, tp) on the binary one,
        ``y{i}_…`` on the k-class ones, on ``scored:L`` (a class's L score levels) and on
        ``selective:k`` (a class's k predictions and its abstention).

        >>> binary().row(1), multiclass(3).row(2)
        (('fn', 'tp'), ('y2_p0', 'y2_p1', 'y2_p2'))
        """
        k = self.truth_classes
        if not k:
            raise InvalidInput(f"the space {self.name} has no ground-truth classes")
        n = len(self.outcomes) // k
        return self.outcomes[true * n:(true + 1) * n]

    def named_events(self) -> dict[str, tuple[str, ...]]:
        """Events with a name a formula or a constraint may use (e.g. ``coverage``); none here."""
        return {}

    def with_values(self, satisfaction: Iterable[object], name: str) -> SampleSpace:
        """The same outcomes (and kind of space) with another satisfaction, one value per outcome.

        >>> binary().with_values([1, "1/2", 0, 1], "binary, S = (1, 1/2, 0, 1)").S("fp")
        Fraction(1, 2)
        """
        values = tuple(to_fraction(v, f"S({o})") for o, v in zip(self.outcomes, satisfaction))
        if len(values) != len(self.outcomes):
            raise InvalidInput(f"expected {len(self.outcomes)} satisfaction values but got {len(values)}")
        return replace(self, name=name, satisfaction=values)


def binary() -> SampleSpace:
    """Two-class crisp classification: Ω = (tn, fp, fn, tp), S = (1, 0, 0, 1) (paper §5.1)."""
    return SampleSpace(
        "binary", BINARY_OUTCOMES, tuple(Fraction(v) for v in (1, 0, 0, 1)), classes=2
    )


MAX_CLASSES = 10**6  # k² outcomes are named on demand; beyond a million classes nothing is tractable


@lru_cache(maxsize=64)
def multiclass(k: int) -> SampleSpace:
    """k-class crisp classification: Ω = (ground truth, prediction) pairs, S = 1 on the diagonal.

    Outcome ``yI_pJ`` means ground truth class I, predicted class J (row-major, like a confusion
    matrix in scikit-learn's convention). Any k ≥ 2: the k² names and satisfactions are made on
    demand (:class:`CellNames`), so a 1000-class space costs nothing until something enumerates
    it — which the structured k-class scores (:mod:`ordertheory.scores.class_score`) never do.

    >>> multiclass(1000).classes, len(multiclass(1000)), multiclass(1000).S("y7_p7")
    (1000, 1000000, Fraction(1, 1))
    """
    if not isinstance(k, int) or isinstance(k, bool) or k < 2:
        raise InvalidInput(f"expected a number of classes k >= 2 but got k={k!r}")
    if k > MAX_CLASSES:
        raise InvalidInput(f"expected at most {MAX_CLASSES} classes but got k={k}")
    return SampleSpace(f"multiclass:{k}", CellNames(k), CrispSatisfaction(k), classes=k)


def with_satisfaction(matrix, name: str = "matrix") -> SampleSpace:
    """k classes with any satisfaction: S(y = i, ŷ = j) = matrix[i][j], exact rationals.

    >>> with_satisfaction([[1, "1/2"], [0, 1]]).satisfaction
    (Fraction(1, 1), Fraction(1, 2), Fraction(0, 1), Fraction(1, 1))
    """
    rows = [list(r) for r in matrix]
    k = len(rows)
    if k < 2 or any(len(r) != k for r in rows):
        raise InvalidInput(f"expected a k × k satisfaction matrix with k >= 2 but got {k} rows of lengths "
                           f"{[len(r) for r in rows]}")
    base = multiclass(k)
    sat = tuple(to_fraction(v, f"S(y{i}, p{j})") for i, r in enumerate(rows) for j, v in enumerate(r))
    return SampleSpace(name, base.outcomes, sat, classes=k)


def ordinal(k: int) -> SampleSpace:
    """k ordered classes with partial credit: S(y, ŷ) = 1 − |y − ŷ|/(k − 1).

    >>> ordinal(3).S("y0_p1"), ordinal(3).levels
    (Fraction(1, 2), (Fraction(0, 1), Fraction(1, 2), Fraction(1, 1)))
    """
    multiclass(k)  # validates k
    return with_satisfaction([[1 - Fraction(abs(i - j), k - 1) for j in range(k)] for i in range(k)], f"ordinal:{k}")


def from_name(spec: str) -> SampleSpace:
    """Parse a space name as the CLI accepts it: ``binary``, ``multiclass:K``, ``ordinal:K``,
    ``scored:L`` (or ``scored:q0,q1,…``) and ``selective:K``.

    >>> from_name("scored:0,1/2,1").q, from_name("selective:2").outcomes[:3]
    ((Fraction(0, 1), Fraction(1, 2), Fraction(1, 1)), ('y0_p0', 'y0_p1', 'y0_abstain'))
    """
    if spec == "binary":
        return binary()
    m = re.fullmatch(r"(multiclass|ordinal):(\d{1,7})", spec) or re.fullmatch(r"(selective):(\d{1,2})", spec)
    if m:
        return {"multiclass": multiclass, "ordinal": ordinal, "selective": selective}[m.group(1)](int(m.group(2)))
    m = re.fullmatch(r"scored:(\d{1,7})", spec)
    if m:
        return scored(int(m.group(1)))
    if spec.startswith("scored:") and "," in spec:
        return scored(levels=spec.split(":", 1)[1].split(","))
    raise InvalidInput(f"unknown space {spec!r}; expected 'binary', 'multiclass:K', 'ordinal:K', 'selective:K' "
                       "(K >= 2 classes), 'scored:L' (L >= 2 score levels) or 'scored:q0,q1,...' (the levels' values)")


MAX_LEVELS = 512  # a formula on scored:L is written out up to this many levels (average precision grows as L²);
SPACE_MAX_LEVELS = 10**6  # beyond, up to this many, the catalogue's scoring scores use their per-sample forms


@dataclass(frozen=True, repr=False)
class ScoredSpace(SampleSpace):
    """Ω = {negative, positive} × L ordered score levels: outcome ``y{c}_s{l}`` means ground truth c
    (0 negative, 1 positive) and score level l, whose value is the probability ``q[l]`` the
    classifier gave to the positive class (increasing in l). Default satisfaction: the probability
    given to the true class, S(y1_s{l}) = q_l and S(y0_s{l}) = 1 − q_l (so E_P[S] = 1 − the mean
    absolute error, and the accuracy when every q is 0 or 1)."""

    q: tuple[Fraction, ...] = ()

    @property
    def truth_classes(self) -> int:
        return 2

    @property
    def level_count(self) -> int:
        return len(self.q)

    def named_events(self) -> dict[str, tuple[str, ...]]:
        return {"prior_pos": self.row(1), "prior_neg": self.row(0)}


@dataclass(frozen=True, repr=False)
class SelectiveSpace(SampleSpace):
    """Ω = k classes × (k predictions ∪ {abstain}): outcome ``y{i}_p{j}`` means ground truth i and
    prediction j, ``y{i}_abstain`` an abstention on a sample of class i. Default satisfaction: 1 for a
    correct answer, 0 for an error, 1/2 for an abstention (Chow's reject cost d = 1/2: abstaining is
    worth half a correct answer; --satisfaction overrides it)."""

    k: int = 2

    @property
    def truth_classes(self) -> int:
        return self.k

    def named_events(self) -> dict[str, tuple[str, ...]]:
        k = self.k
        return {"coverage": tuple(f"y{i}_p{j}" for i in range(k) for j in range(k)),
                "abstention": tuple(f"y{i}_abstain" for i in range(k)),
                "correct": tuple(f"y{i}_p{i}" for i in range(k)),
                "errors": tuple(f"y{i}_p{j}" for i in range(k) for j in range(k) if i != j)}


def scored(L: int | None = None, levels: Iterable[object] | None = None) -> ScoredSpace:
    """A scoring classifier's space: two classes × L score levels (see :class:`ScoredSpace`).

    By default the L levels are the centres of L equal-width bins of [0, 1], q_l = (2l + 1)/(2L)
    (equally spaced and away from 0 and 1, so that the log loss is defined); ``levels`` gives the
    values instead (strictly increasing, in [0, 1]).

    >>> scored(4).q, scored(4).S("y0_s0"), scored(levels=[0, 1]).name
    ((Fraction(1, 8), Fraction(3, 8), Fraction(5, 8), Fraction(7, 8)), Fraction(7, 8), 'scored:0,1')
    """
    if levels is None:
        if not isinstance(L, int) or isinstance(L, bool) or not 2 <= L <= SPACE_MAX_LEVELS:
            raise InvalidInput(f"expected a number of score levels L between 2 and {SPACE_MAX_LEVELS} but got L={L!r}")
        q = tuple(Fraction(2 * i + 1, 2 * L) for i in range(L))
        name = f"scored:{L}"
    else:
        q = tuple(to_fraction(v, f"level {i}") for i, v in enumerate(levels))
        if not 2 <= len(q) <= SPACE_MAX_LEVELS:
            raise InvalidInput(f"expected between 2 and {SPACE_MAX_LEVELS} score levels but got {len(q)}")
        if L is not None and L != len(q):
            raise InvalidInput(f"expected L = {len(q)} for {len(q)} levels but got L={L}")
        bad = next((i for i, v in enumerate(q) if not 0 <= v <= 1), None)
        if bad is not None:
            raise InvalidInput(f"expected score levels in [0, 1] (probabilities of the positive class) but got "
                               f"q_{bad} = {q[bad]}")
        if any(a >= b for a, b in zip(q, q[1:])):
            raise InvalidInput(f"expected strictly increasing score levels but got {', '.join(map(str, q))}")
        short = len(q) <= 16 and all(v.denominator <= 1000 for v in q)
        name = "scored:" + ",".join(map(str, q)) if short else f"scored:{len(q)} levels ({float(q[0]):.4g} to {float(q[-1]):.4g})"
    if len(q) > MAX_LEVELS:  # never written out: the names and S made on demand
        return ScoredSpace(name, LevelNames(len(q)), LevelSatisfaction(q), None, q)
    outcomes, sat = tuple(f"y{c}_s{i}" for c in (0, 1) for i in range(len(q))), tuple(1 - v for v in q) + q
    return ScoredSpace(name, outcomes, sat, None, q)


def selective(k: int, abstain: object = Fraction(1, 2)) -> SelectiveSpace:
    """A classifier that may abstain: k classes × (k predictions ∪ {abstain}) (see
    :class:`SelectiveSpace`); ``abstain`` is the satisfaction of an abstention (default 1/2).

    >>> selective(2).outcomes
    ('y0_p0', 'y0_p1', 'y0_abstain', 'y1_p0', 'y1_p1', 'y1_abstain')
    >>> selective(2).S("y1_abstain")
    Fraction(1, 2)
    """
    multiclass(k)  # validates k
    a = to_fraction(abstain, "S(abstain)")
    outcomes, sat = [], []
    for i in range(k):
        outcomes += [f"y{i}_p{j}" for j in range(k)] + [f"y{i}_abstain"]
        sat += [Fraction(int(i == j)) for j in range(k)] + [a]
    return SelectiveSpace(f"selective:{k}", tuple(outcomes), tuple(sat), None, k)
