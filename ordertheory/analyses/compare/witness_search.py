"""Where two scores' orderings part: exact witnesses, and the falsifying search that finds them.

A pair P1, P2 of Π refutes "X and Y order alike" (``same``) when sign(X(P2) − X(P1)) differs from
sign(Y(P2) − Y(P1)); it refutes ``reversed`` when the signs agree (a tie in one score and not the
other refutes both). Candidates come from floats at exact sample points of Π
(:mod:`ordertheory.engine.search.falsify`); a witness is reported only after :func:`classify` re-validates it
in Fractions / exact sympy numbers, without any solver.

>>> from ordertheory.catalogue import get
>>> from ordertheory.sets.performance_set import all_performances
>>> X, Y = get("accuracy").score(), get("f1").score()
>>> search_pair(X, Y, all_performances(X.space), 1).kind.value
'discordant'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

import numpy as np

from ordertheory.engine.search import falsify
from ordertheory.engine.witness import exact_and_decimal
from ordertheory.exact import as_sympy, compare
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet


class Agreement(Enum):
    """How two scores' orderings on Π ∩ dom(X) ∩ dom(Y) relate."""

    SAME = "same"
    REVERSED = "reversed"
    DIFFERENT = "different"
    UNKNOWN = "unknown"


class PairKind(Enum):
    """What a witness pair shows (signs of X(P2) − X(P1) and Y(P2) − Y(P1))."""

    DISCORDANT = "discordant"  # X(P1) < X(P2) and Y(P1) > Y(P2): refutes 'same'
    CONCORDANT = "concordant"  # X(P1) < X(P2) and Y(P1) < Y(P2): refutes 'reversed'
    TIE_IN_X_ONLY = "tie_in_x_only"  # X(P1) = X(P2), Y(P1) ≠ Y(P2)
    TIE_IN_Y_ONLY = "tie_in_y_only"  # X(P1) ≠ X(P2), Y(P1) = Y(P2)


def shown(v) -> dict:
    """An exact value as text and as a decimal (the decimal is for reading only)."""
    if isinstance(v, Fraction):
        return {"exact": str(v), "decimal": f"{float(v):.6g}"}
    e = as_sympy(v)
    return {"exact": str(e), "decimal": f"{float(e.evalf(20)):.6g}"}


def exact_sign(a, b) -> int:
    """sign(b − a) for two exact values (Fractions or exact sympy numbers)."""
    return compare(b, a)


@dataclass(frozen=True)
class PairWitness:
    """Two exact performances and the exact values of both scores at them."""

    kind: PairKind
    P1: Performance
    P2: Performance
    values: tuple  # (X(P1), X(P2), Y(P1), Y(P2)), exact

    @property
    def violated(self) -> str:
        """What the pair breaks, written out (X(P1) ≤ X(P2) as presented)."""
        return _BROKEN[self.kind]

    def named_values(self) -> dict:
        return dict(zip(("X(P1)", "X(P2)", "Y(P1)", "Y(P2)"), self.values))

    def lines(self) -> list[str]:
        """The witness for a reader, as ``check`` prints one: performances, values exact and
        decimal, what is broken."""
        v = {k: exact_and_decimal(x) for k, x in self.named_values().items()}
        return [f"P1 = {self.P1}", f"P2 = {self.P2}", f"X(P1) = {v['X(P1)']}, X(P2) = {v['X(P2)']}",
                f"Y(P1) = {v['Y(P1)']}, Y(P2) = {v['Y(P2)']}", f"violated: {self.violated}"]

    def to_json(self) -> dict:
        """The layout of every witness (docs/json.md): performances as exact strings by outcome, the
        values exact under ``values`` with their ``decimals``, what is broken under ``violated``."""
        perf = lambda P: {o: str(p) for o, p in P.as_dict().items()}
        values = self.named_values()
        return {"kind": self.kind.value, "P1": perf(self.P1), "P2": perf(self.P2),
                "values": {k: shown(x)["exact"] for k, x in values.items()},
                "decimals": {k: shown(x)["decimal"] for k, x in values.items()}, "violated": self.violated}

    def __str__(self) -> str:
        return f"{self.kind.value}: " + "; ".join(self.lines()[:-1])


_BROKEN = {PairKind.DISCORDANT: "X(P1) < X(P2) ⇒ Y(P1) ≤ Y(P2) (here Y(P1) > Y(P2))",
           PairKind.CONCORDANT: "X(P1) < X(P2) ⇒ Y(P1) ≥ Y(P2) for the reverse order (here Y(P1) < Y(P2))",
           PairKind.TIE_IN_X_ONLY: "X(P1) = X(P2) ⇒ Y(P1) = Y(P2) (here Y differs)",
           PairKind.TIE_IN_Y_ONLY: "Y(P1) = Y(P2) ⇒ X(P1) = X(P2) (here X differs)"}


@dataclass(frozen=True)
class DomainWitness:
    """An exact performance of Π in one domain and not the other."""

    P: Performance
    in_x: bool
    in_y: bool

    def to_json(self) -> dict:
        return {"P": {o: str(p) for o, p in self.P.as_dict().items()}, "in_dom_X": self.in_x,
                "in_dom_Y": self.in_y}

    def lines(self) -> list[str]:
        return [f"P = {self.P}", f"violated: Π ∩ dom(X) = Π ∩ dom(Y) (P is in dom({'X' if self.in_x else 'Y'}) "
                f"but not in dom({'Y' if self.in_x else 'X'}))"]

    def __str__(self) -> str:
        return f"{self.P} is in dom({'X' if self.in_x else 'Y'}) but not in dom({'Y' if self.in_x else 'X'})"


def classify(X: Score, Y: Score, Pi: PerformanceSet, P1: Performance, P2: Performance,
             direction: int) -> PairWitness | None:
    """The witness that P1, P2 refute 'same' (direction +1) or 'reversed' (−1), re-validated in
    exact arithmetic without any solver; None when they do not."""
    for P in (P1, P2):
        if not (Pi.contains(P) and X.in_domain(P) and Y.in_domain(P)):
            return None
    x1, x2, y1, y2 = X.value(P1), X.value(P2), Y.value(P1), Y.value(P2)
    sx, sy = exact_sign(x1, x2), direction * exact_sign(y1, y2)
    if sx == sy:
        return None
    if sx == 0:
        kind = PairKind.TIE_IN_X_ONLY
    elif sy == 0:
        kind = PairKind.TIE_IN_Y_ONLY
    else:
        kind = PairKind.DISCORDANT if direction > 0 else PairKind.CONCORDANT
    if sx < 0:  # present the pair with X(P1) ≤ X(P2)
        P1, P2, x1, x2, y1, y2 = P2, P1, x2, x1, y2, y1
    elif sx == 0 and exact_sign(y1, y2) < 0:
        P1, P2, x1, x2, y1, y2 = P2, P1, x2, x1, y2, y1
    return PairWitness(kind, P1, P2, (x1, x2, y1, y2))


# --- the falsifying search -----------------------------------------------------------------------------
def _candidates(Xv: np.ndarray, Yv: np.ndarray, direction: int, seed: int, pairs: int = 20000):
    """Index pairs whose float values suggest a witness (most convincing first, at most 25),
    yielded as found: a caller content with the first witness does not pay for the rest. Numeric only."""
    ok = np.flatnonzero(~np.isnan(Xv) & ~np.isnan(Yv))
    if len(ok) < 2:
        return
    rng = np.random.default_rng(seed)
    i, j = rng.choice(ok, size=pairs), rng.choice(ok, size=pairs)
    dx, dy = Xv[j] - Xv[i], direction * (Yv[j] - Yv[i])
    strength = np.where(dx * dy < 0, np.minimum(np.abs(dx), np.abs(dy)), -1.0)
    n = 0
    for h in _largest(strength, 8):
        if strength[h] > 1e-9:
            n += 1
            yield int(i[h]), int(j[h])
    for A, B in ((Xv, Yv), (Yv, Xv)):  # a tie in one score, a gap in the other
        keys = np.round(A[ok], 12)
        _, inv = np.unique(keys, return_inverse=True)
        for g in np.flatnonzero(np.bincount(inv) > 1)[:50]:
            members = ok[inv == g]
            lo, hi = members[np.argmin(B[members])], members[np.argmax(B[members])]
            if B[hi] - B[lo] > 1e-9:
                n += 1
                yield int(lo), int(hi)
                if n > 24:
                    return


def _largest(v: np.ndarray, k: int) -> np.ndarray:
    """``np.argsort(-v, kind="stable")[:k]``, in linear time when that is decided by the values alone: the k
    largest above 1e-9 distinct and above the rest (a partition, then k sorted); otherwise, with
    ties whose order only the full sort fixes, the full sort itself. Numeric only.

    >>> v = np.array([0.5, -1.0, 0.25, 0.75, -1.0, 0.125])
    >>> _largest(v, 3).tolist() == np.argsort(-v)[:3].tolist()
    True
    """
    if len(v) <= k or not np.isfinite(v).all():
        return np.argsort(-v, kind="stable")[:k]
    part = np.argpartition(-v, k)
    top = part[:k][np.argsort(-v[part[:k]], kind="stable")]
    vals = v[top]
    shown = vals[vals > 1e-9]  # the ones the caller uses (a prefix: vals is decreasing)
    if np.all(shown[:-1] > shown[1:]) and (len(shown) < k or shown[-1] > v[part[k]]):
        return top
    return np.argsort(-v, kind="stable")[:k]


def search_pair(X: Score, Y: Score, Pi: PerformanceSet, direction: int, seed: int = 0,
                n: int = 1500, values: tuple[np.ndarray, np.ndarray] | None = None,
                enough: int = 4) -> PairWitness | None:
    """A validated pair refuting 'same' (+1) or 'reversed' (−1) among exact sample points of Π:
    the simplest of the first ``enough`` found (1: any witness will do, e.g. to count the pairs
    of classes that are separated).

    ``values`` may pass the scores' float values at ``falsify.sample(Pi, None, n, seed)``,
    computed once when many pairs of scores are compared."""
    smp = falsify.sample(Pi, None, n, seed)
    if smp is None:
        return None
    Xv, Yv = values or (falsify.values(X, smp.coords), falsify.values(Y, smp.coords))
    found = []
    for i, j in _candidates(Xv, Yv, direction, seed):
        w = classify(X, Y, Pi, smp.performance(i), smp.performance(j), direction)
        if w is not None:
            found.append(w)
            if len(found) >= enough:
                break
    # the simplest witness: strict disagreements before ties, then the smallest denominators
    return min(found, key=_simplicity, default=None)


def _simplicity(w: PairWitness) -> tuple[int, int]:
    tie = w.kind in (PairKind.TIE_IN_X_ONLY, PairKind.TIE_IN_Y_ONLY)
    return (tie, max(p.denominator for P in (w.P1, w.P2) for p in P.probabilities))


def search_domain(X: Score, Y: Score, Pi: PerformanceSet, seed: int = 0, n: int = 1500,
                  values: tuple[np.ndarray, np.ndarray] | None = None) -> DomainWitness | None:
    """A validated performance of Π in exactly one of the two domains."""
    smp = falsify.sample(Pi, None, n, seed)
    if smp is None:
        return None
    Xv, Yv = values or (falsify.values(X, smp.coords), falsify.values(Y, smp.coords))
    for i in np.flatnonzero(np.isnan(Xv) != np.isnan(Yv))[:10]:
        P = smp.performance(int(i))
        ix, iy = X.in_domain(P), Y.in_domain(P)
        if ix != iy and Pi.contains(P):
            return DomainWitness(P, ix, iy)
    return None
