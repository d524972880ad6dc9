"""The corners that decide "better for every importance" on a leaderboard (section R of the supplementary
material): exactly on its performances, numerically on draws.

A **corner** is an importance that weighs one success and one error: its R is P(s)/(P(s) + P(e)) for a
success part s and an error part e (sums of outcomes). By R4 and RK, A is at least as good as B for every
importance of the reading iff it is at every corner, strictly better for every one if at every corner
strictly. Which corners, by the leaderboard and the family asked:

- two classes, **one prior** (every entity's class priors equal, exactly): TNR and TPR (theorem R: the
  rates alone decide, and they are free of the prior);
- two classes, priors that differ: TNR, TPR, NPV and PPV (R4; R5 shows the rates alone would not do);
- k classes, every importance: each correct cell (c, c) against each error cell (i, j) (RK);
- the families of :mod:`~ordertheory.ranking.tile_k.families` (RK on their reduced Ω): ``class-weights``
  the per-class recalls; ``per-class-errors`` all successes against the errors of each true class;
  ``symmetric-costs`` all successes against each confused pair; ``macro-micro`` accuracy and balanced
  accuracy (two classes at the prior ½: theorem R) — the last one a mean of recalls, not a ratio.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,950,50,50,950\\nC,990,10,300,700\\n"))
>>> r = reading(lb)
>>> r.statement, [c.name for c in r.corners], r.independent
('tile/robust/R', ['TNR', 'TPR'], True)
>>> [str(v) for v in r.exact(lb.performances[1])]
['99/100', '7/10']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Performance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile_k.families import Family, parse_family

Part = tuple[tuple[int, ...], tuple[int, ...]]  # (success outcomes, error outcomes), indices in Ω


@dataclass(frozen=True)
class Corner:
    """One corner: the mean over its parts of P(success)/(P(success) + P(error)) (one part but for the
    balanced accuracy of macro-micro); higher is better."""

    name: str
    parts: tuple[Part, ...]

    def exact(self, probabilities: tuple[Fraction, ...]) -> Fraction | None:
        """The corner's R on exact probabilities (None where a part is 0/0: undefined)."""
        out = Fraction(0)
        for s, e in self.parts:
            num = sum((probabilities[i] for i in s), Fraction(0))
            den = num + sum((probabilities[i] for i in e), Fraction(0))
            if den == 0:
                return None
            out += num / den
        return out / len(self.parts)

    def values(self, d: np.ndarray) -> np.ndarray:
        """The corner on draws (..., |Ω|) → (...), NaN where undefined (numeric)."""
        out = np.zeros(d.shape[:-1])
        for s, e in self.parts:
            num = d[..., list(s)].sum(axis=-1)
            den = num + d[..., list(e)].sum(axis=-1)
            with np.errstate(invalid="ignore", divide="ignore"):
                out = out + np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)
        return out / len(self.parts)


@dataclass(frozen=True)
class Reading:
    """Which corners decide on this leaderboard, by which statement, and why."""

    corners: tuple[Corner, ...]
    statement: str  # the id of the statement of section R that makes these corners decide
    why: str
    family: Family | None = None

    @property
    def independent(self) -> bool:
        """Whether every corner is one ratio and no two share an outcome: under a Dirichlet posterior their
        values are then independent Betas (aggregation and neutrality of the Dirichlet)."""
        seen: set[int] = set()
        for c in self.corners:
            if len(c.parts) != 1:
                return False
            used = set(c.parts[0][0]) | set(c.parts[0][1])
            if used & seen:
                return False
            seen |= used
        return True

    def exact(self, P: Performance) -> tuple[Fraction | None, ...]:
        return tuple(c.exact(P.probabilities) for c in self.corners)

    def values(self, d: np.ndarray) -> np.ndarray:
        """(..., |Ω|) → (..., corners), numeric."""
        return np.stack([c.values(d) for c in self.corners], axis=-1)

    def to_json(self) -> dict:
        return {"statement": self.statement, "corners": [c.name for c in self.corners], "why": self.why,
                "family": None if self.family is None else self.family.value}


def _one(name: str, s, e) -> Corner:
    return Corner(name, ((tuple(s), tuple(e)),))


BINARY_RATES = (_one("TNR", [0], [1]), _one("TPR", [3], [2]))
BINARY_FOUR = (*BINARY_RATES, _one("NPV", [0], [2]), _one("PPV", [3], [1]))


def reading(lb: Leaderboard, family: Family | str | None = None) -> Reading:
    """The corners of ``lb`` (two or k classes, dense) for ``family`` (None: every importance)."""
    family = parse_family(family)
    family = None if family is Family.ALL else family
    space = lb.space
    if lb.sparse or not (space.is_binary or space.is_crisp_multiclass):
        raise InvalidInput(f"better for every importance needs a dense classification leaderboard (two classes, or k "
                           f"classes up to 20) but got {space.name}")
    if space.is_binary and family is None:
        if lb.common_prior() is not None:
            return Reading(BINARY_RATES, "tile/robust/R", "one class prior (every entity's, exactly): TPR and TNR "
                           "decide (theorem R), whatever the prior")
        return Reading(BINARY_FOUR, "tile/robust/R4", "the entities' class priors differ: TNR, TPR, NPV and PPV, the "
                       "four corners of the Tile, decide (R4); the rates alone would not (R5)")
    k = space.classes
    cell = lambda i, j: i * k + j  # noqa: E731
    rows = [[cell(i, j) for j in range(k) if j != i] for i in range(k)]
    diag = [cell(c, c) for c in range(k)]
    if family is None:
        corners = tuple(_one(f"y{c}_p{c} vs y{i}_p{j}", [cell(c, c)], [cell(i, j)])
                        for c in range(k) for i in range(k) for j in range(k) if i != j)
        return Reading(corners, "tile/robust/RK", f"every importance on {k} classes: each correct cell against each "
                       f"error cell, {len(corners)} corners (RK)")
    prior = lb.common_prior()
    if family in (Family.CLASS_WEIGHTS, Family.MACRO_MICRO) and prior is None:
        raise InvalidInput(f"--family {family.value} needs one class prior (every entity on one test set)")
    present = [c for c in range(k) if prior is None or prior[c]]
    if family is Family.CLASS_WEIGHTS:
        corners = tuple(_one(f"recall of class {c}", [cell(c, c)], rows[c]) for c in present)
        why = "class weights at one prior: the per-class recalls decide (RK on the family's Ω)"
    elif family is Family.PER_CLASS_ERRORS:
        corners = tuple(_one(f"successes vs errors of class {c}", diag, rows[c]) for c in range(k))
        why = "per-class errors: all successes against the errors of each true class (RK on the family's Ω)"
    elif family is Family.SYMMETRIC_COSTS:
        corners = tuple(_one(f"successes vs confusing {i} and {j}", diag, [cell(i, j), cell(j, i)])
                        for i in range(k) for j in range(i + 1, k))
        why = "symmetric costs: all successes against each confused pair (RK on the family's Ω)"
    else:
        off = [x for r in rows for x in r]
        corners = (_one("accuracy", diag, off),
                   Corner("balanced accuracy", tuple(((cell(c, c),), tuple(rows[c])) for c in present)))
        why = "macro-micro: accuracy and balanced accuracy decide (theorem R on the family's two classes at prior ½)"
    return Reading(corners, "tile/robust/RK", why, family)
