"""Families of importances on k classes — the Tile's questions asked inside the family an organiser
means — each reduced exactly to a Tile the package already decides.

With k² free weights almost anything can rank first; an organiser thinks in families:

- ``class-weights``: I(y = c, ·) = w_c — every cell of true class c weighs w_c. With one class prior
  π (one test set), R = Σ w_c·P(c, c) / Σ w_c·π_c = Σ v_c·recall_c with v_c ∝ w_c·π_c: a weighting
  of the per-class recalls (on two classes, the Tile's diagonal a = b);
- ``symmetric-costs``: every success weighs 1, confusing i and j costs c_ij = c_ji;
- ``per-class-errors``: every success weighs 1, an error on true class c costs e_c;
- ``macro-micro``: two parameters, as the Tile's: successes weigh (1 − a) + a·m_c and errors of
  true class c weigh (1 − b) + b·m_c, m_c = 1/(k·π_c) — micro (accuracy) at a = b = 0, macro
  (balanced accuracy) at a = b = 1;
- ``all``: every importance (the k-class Tile itself).

**The reductions.** A family's R is N/(N + U) with N and U linear in its parameters, so each
parameter is an outcome of a small sample space of its own whose "probability" for an entity is
the mass it weighs (:func:`reduce`): the first three families become the k-class Tile over
importances on that space (the exact LPs of :mod:`~ordertheory.ranking.tile_k.first_place`), with the
same order of the entities at corresponding members (class weights: the outcomes recall_c and one
error outcome "rest" of mass 1; the ordering of Σ v_c·r_c/(Σ v_c·r_c + v_rest) is that of Σ v_c·r_c);
``macro-micro`` becomes a two-class leaderboard (tn, fp, fn, tp) = ½(accuracy, 1 − accuracy,
1 − balanced accuracy, balanced accuracy) whose R_(a,b) *equals* the family's — every entity at the
prior ½, so the hull decides it. Every answer found there is lifted to an importance of the
leaderboard's own space and re-checked on the leaderboard by the definition
(:func:`~ordertheory.ranking.tile_k.rechecks.values`); its parameters are printed normalised.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> head = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))
>>> lb = read_leaderboard(io.StringIO(f"entity,{head}\\nA,4,1,0,0,4,1,0,1,4\\nB,5,0,0,1,3,1,0,0,5\\n"))
>>> r = reduce(lb, Family.CLASS_WEIGHTS)
>>> r.pseudo.space.outcomes, [str(p) for p in r.pseudo.performances[1].probabilities]
(('recall_0', 'recall_1', 'recall_2', 'rest'), ['5/18', '1/6', '5/18', '5/18'])
>>> m = r.lift({"recall_0": Fraction(1), "recall_1": Fraction(3), "rest": Fraction(1)})
>>> {k: str(v) for k, v in m.weights.items()}   # w_c ∝ v_c/π_c, summing to 1
{'class 0': '1/4', 'class 1': '3/4'}
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Importance, Performance
from ordertheory.performances.sparse_importance import SparseImportance
from ordertheory.performances.sparse_performance import SparsePerformance, as_sparse
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.spaces.custom_space import custom
from ordertheory.spaces.sample_space import binary

ZERO, ONE = Fraction(0), Fraction(1)


class Family(enum.StrEnum):
    """A family of importances on k classes (names as on the command line)."""

    ALL = "all"
    CLASS_WEIGHTS = "class-weights"
    SYMMETRIC_COSTS = "symmetric-costs"
    PER_CLASS_ERRORS = "per-class-errors"
    MACRO_MICRO = "macro-micro"


DESCRIPTION = {
    Family.ALL: "every importance weighing some success and some error",
    Family.CLASS_WEIGHTS: "class weights I(y = c, ·) = w_c",
    Family.SYMMETRIC_COSTS: "successes weigh 1, confusing i and j costs c_ij = c_ji",
    Family.PER_CLASS_ERRORS: "successes weigh 1, an error on true class c costs e_c",
    Family.MACRO_MICRO: "successes weigh (1 − a) + a/(k·π_c), errors of class c (1 − b) + b/(k·π_c)",
}


def parse_family(family: Family | str | None) -> Family | None:
    """The family named (None: none asked); an unknown name is bad input, in one line."""
    if family is None or isinstance(family, Family):
        return family
    try:
        return Family(family)
    except ValueError:
        raise InvalidInput(f"expected a family in {[f.value for f in Family]} but got {family!r}") from None


@dataclass(frozen=True)
class Member:
    """One member of a family: its importance on the leaderboard's own space (dense, or on a sparse
    leaderboard the cells where some entity has mass), and its parameters, normalised."""

    importance: Importance | SparseImportance
    weights: dict[str, Fraction]


@dataclass(frozen=True)
class Reduction:
    """A family as a Tile already decided: ``pseudo`` (the entities on the family's own space: its
    parameters as outcomes, or the two-class space for two parameters) and ``lift`` (a witness there —
    an importance by outcome name, or a point (a, b) — to a :class:`Member`, None when it is none)."""

    family: Family
    pseudo: Leaderboard
    lift: Callable[[object], Member | None]
    path: str

    @property
    def binary(self) -> bool:
        return self.pseudo.space.outcomes == ("tn", "fp", "fn", "tp")


def _matrix(P: Performance | SparsePerformance) -> tuple[int, dict[tuple[int, int], Fraction]]:
    """(k, the non-zero cells (i, j) → P(y = i, ŷ = j)) of a k-class performance (binary: k = 2)."""
    S = as_sparse(P)
    return S.k, {(i, j): p for i, j, p in S.cells()}


def _prior(cells: Mapping[tuple[int, int], Fraction], k: int) -> list[Fraction]:
    out = [ZERO] * k
    for (i, _), p in cells.items():
        out[i] += p
    return out


def _normalised(weights: Mapping[str, Fraction]) -> dict[str, Fraction]:
    total = sum(weights.values(), ZERO)
    return {k: v / total for k, v in weights.items()} if total else dict(weights)


def _importance(lb: Leaderboard, k: int, cells: Mapping[tuple[int, int], Fraction]) -> Importance | SparseImportance:
    """The importance with these values on these cells (0 elsewhere), on the leaderboard's space."""
    live = {c: v for c, v in cells.items() if v}
    if not live:
        raise InvalidInput("a family member that weighs no cell where some entity has mass")
    if lb.sparse:
        return SparseImportance(k, live)
    values = [ZERO] * (k * k)
    for (i, j), v in live.items():
        values[i * k + j] = v
    return Importance(lb.space, tuple(values))


def _pseudo(lb: Leaderboard, space, rows: list[list[Fraction]]) -> Leaderboard:
    """The entities on the family's space, each row of masses normalised to a probability."""
    ents = []
    for (name, _), row in zip(lb.entities, rows):
        total = sum(row, ZERO)
        ents.append((name, Performance(space, tuple(v / total for v in row))))
    return Leaderboard(space, tuple(ents), lb.provenance)


def _common_prior(lb: Leaderboard, family: Family) -> tuple[Fraction, ...]:
    prior = lb.common_prior()
    if prior is None:
        raise InvalidInput(f"--family {family.value} needs one class prior (every entity on one test set): its "
                           "weights are per class, so with different priors the comparisons are not linear in them; "
                           "--family per-class-errors, symmetric-costs or all take any priors")
    return prior


def reduce(lb: Leaderboard, family: Family) -> Reduction:
    """The family as a Tile already decided (see the module), for a two-class or k-class leaderboard."""
    if not lb.space.classes or (lb.space.outcomes != ("tn", "fp", "fn", "tp") and not lb.space.is_crisp_multiclass
                                and not lb.sparse):
        raise InvalidInput(f"--family needs a classification leaderboard (two or k classes) but got {lb.space.name}")
    mats = [_matrix(P) for P in lb.performances]
    k = mats[0][0]
    cells = [c for _, c in mats]
    return {Family.CLASS_WEIGHTS: _class_weights, Family.SYMMETRIC_COSTS: _symmetric_costs,
            Family.PER_CLASS_ERRORS: _per_class_errors, Family.MACRO_MICRO: _macro_micro}[family](lb, k, cells)


def _class_weights(lb: Leaderboard, k: int, cells: list[dict]) -> Reduction:
    prior = _common_prior(lb, Family.CLASS_WEIGHTS)
    present = [c for c in range(k) if prior[c]]
    names = [f"recall_{c}" for c in present]
    space = custom(dict.fromkeys(names, 1) | {"rest": 0}, name="family:class-weights")
    rows = [[m.get((c, c), ZERO) / prior[c] for c in present] + [ONE] for m in cells]

    def lift(I: object) -> Member | None:
        v = {c: I.get(f"recall_{c}", ZERO) for c in present}
        if not any(v.values()) or not I.get("rest", ZERO):
            return None
        w = _normalised({f"class {c}": v[c] / prior[c] for c in present if v[c]})
        row = {c: w.get(f"class {c}", ZERO) for c in present}
        return Member(_importance(lb, k, {(i, j): row[i] for i in present for j in range(k) if _needed(lb, cells, i, j)}),
                      w)

    return Reduction(Family.CLASS_WEIGHTS, _pseudo(lb, space, rows), lift,
                     "class weights at one class prior: a weighting of the per-class recalls")


def _needed(lb: Leaderboard, cells: list[dict], i: int, j: int) -> bool:
    """On a sparse leaderboard only the cells where some entity has mass are kept (the rest weigh
    nothing in any R); a dense importance has every cell."""
    return not lb.sparse or any((i, j) in m for m in cells)


def _symmetric_costs(lb: Leaderboard, k: int, cells: list[dict]) -> Reduction:
    """One error outcome per pair confused by some entity, and one pair confused by none (a member
    may weigh only errors no one makes: every R is then 1), if there is one."""
    pairs = sorted({(min(i, j), max(i, j)) for m in cells for (i, j) in m if i != j})
    spare = next(((i, j) for i in range(k) for j in range(i + 1, k) if (i, j) not in set(pairs)), None)
    keep = pairs + ([spare] if spare is not None else [])
    space = custom({"hit": 1} | {f"cost_{i}_{j}": 0 for i, j in keep}, name="family:symmetric-costs")
    rows = [[sum((p for (i, j), p in m.items() if i == j), ZERO)]
            + [m.get((i, j), ZERO) + m.get((j, i), ZERO) for i, j in keep] for m in cells]

    def lift(I: object) -> Member | None:
        if not I.get("hit", ZERO):
            return None
        w = _normalised({f"cost {i}-{j}": I.get(f"cost_{i}_{j}", ZERO) for i, j in keep})
        if not any(w.values()):
            return None
        imp = {(c, c): ONE for c in range(k) if _needed(lb, cells, c, c)}
        for i, j in keep:
            c = w[f"cost {i}-{j}"]
            imp.update({cell: c for cell in ((i, j), (j, i)) if _needed(lb, cells, *cell)})
        return Member(_importance(lb, k, imp), {"successes": ONE, **{n: v for n, v in w.items() if v}})

    return Reduction(Family.SYMMETRIC_COSTS, _pseudo(lb, space, rows), lift,
                     "symmetric costs: one success outcome, one error outcome per pair of classes")


def _per_class_errors(lb: Leaderboard, k: int, cells: list[dict]) -> Reduction:
    wrong = sorted({i for m in cells for (i, j) in m if i != j})
    spare = next((c for c in range(k) if c not in set(wrong)), None)
    keep = wrong + ([spare] if spare is not None else [])
    space = custom({"hit": 1} | {f"miss_{c}": 0 for c in keep}, name="family:per-class-errors")
    rows = [[sum((p for (i, j), p in m.items() if i == j), ZERO)]
            + [sum((p for (i, j), p in m.items() if i == c and j != c), ZERO) for c in keep] for m in cells]

    def lift(I: object) -> Member | None:
        if not I.get("hit", ZERO):
            return None
        w = _normalised({f"class {c}": I.get(f"miss_{c}", ZERO) for c in keep})
        if not any(w.values()):
            return None
        imp = {(c, c): ONE for c in range(k) if _needed(lb, cells, c, c)}
        imp.update({(c, j): w[f"class {c}"] for c in keep for j in range(k) if j != c and _needed(lb, cells, c, j)})
        return Member(_importance(lb, k, imp), {"successes": ONE, **{f"errors of {n}": v for n, v in w.items() if v}})

    return Reduction(Family.PER_CLASS_ERRORS, _pseudo(lb, space, rows), lift,
                     "per-class errors: one success outcome, one error outcome per true class")


def _macro_micro(lb: Leaderboard, k: int, cells: list[dict]) -> Reduction:
    prior = _common_prior(lb, Family.MACRO_MICRO)
    present = [c for c in range(k) if prior[c]]
    m = {c: 1 / (len(present) * prior[c]) for c in present}
    rows = []
    for cm in cells:
        hit = {c: cm.get((c, c), ZERO) for c in present}
        acc, ba = sum(hit.values(), ZERO), sum((m[c] * hit[c] for c in present), ZERO)
        rows.append([acc, 1 - acc, 1 - ba, ba])  # tn, fp, fn, tp: N(a) = (1−a)·acc + a·BA, U(b) = (1−b)(1−acc) + b(1−BA)

    def lift(at: object) -> Member | None:
        a, b = at
        imp = {(i, j): ((1 - a) + a * m[i]) if i == j else ((1 - b) + b * m[i])
               for i in present for j in range(k) if _needed(lb, cells, i, j)}
        return Member(_importance(lb, k, imp), {"a": a, "b": b})

    return Reduction(Family.MACRO_MICRO, _pseudo(lb, binary(), rows), lift,
                     "macro-micro: a two-class Tile whose R_(a,b) is the family's, an entity's ROC point there being "
                     "(1 − accuracy, balanced accuracy), every entity at the prior 1/2")


def projection(lb: Leaderboard, family: Family) -> np.ndarray:
    """The linear map (|Ω| × 4, floats) from an entity's cells (counts or probabilities, Ω's order) to the
    (tn, fp, fn, tp) of the two-parameter family — for draws (numeric); dense leaderboards only."""
    if family is not Family.MACRO_MICRO:
        raise InvalidInput(f"a grid of the Tile's kind exists for the two-parameter family (macro-micro), not for "
                           f"--family {family.value} (its resampled winners would need an exact LP per draw and "
                           "entity: not offered)")
    if lb.sparse:
        raise InvalidInput("--family macro-micro with --uncertainty needs a dense leaderboard (at most 20 classes)")
    prior = _common_prior(lb, family)
    k = len(prior)
    present = [c for c in range(k) if prior[c]]
    M = np.zeros((k * k, 4))
    for i in present:
        m = 1.0 / (len(present) * float(prior[i]))
        for j in range(k):
            M[i * k + j] = (1.0, 0.0, 0.0, m) if i == j else (0.0, 1.0, m, 0.0)
    return M
