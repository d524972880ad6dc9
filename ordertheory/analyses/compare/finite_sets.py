"""Finite test sets: on which smallest number of samples do two scores order confusion matrices
differently? Decided by exhaustive exact enumeration, which is a proof for each finite n.

The performances of a test set of n samples are the confusion matrices with integer counts
summing to n (optionally with exactly K positives, tp + fn = K: a fixed ground truth), divided
by n. For each n = 1, 2, …, N every such matrix is enumerated (C(n+3, 3) of them, or
(K+1)(n−K+1) with K fixed), the two scores are evaluated exactly, and one exact sort decides
whether they induce the same ordering, the reversed one, or neither (O(n³ log n) per n). The
first n at which they order differently comes with two confusion matrices; every smaller n is
proved not to by the enumeration itself. Beyond the bound or the deadline: unknown.

>>> from ordertheory.catalogue import get
>>> r = smallest_disagreement(get("f1").score(), get("jaccard").score(), 6, timeout=20)
>>> r.kind.value, r.checked
('same', 6)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

from ordertheory.analyses.compare.compare import Agreement, PairKind, PairWitness, exact_sign
from ordertheory.analyses.tau.exact_order import Evaluator, key
from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Performance
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet

BINARY = ("tn", "fp", "fn", "tp")


def confusion_matrices(n: int, positives: int | None = None):
    """Every (tn, fp, fn, tp) of non-negative integers summing to n (with fn + tp = K if given)."""
    if positives is None:
        for tn in range(n + 1):
            for fp in range(n + 1 - tn):
                for fn in range(n + 1 - tn - fp):
                    yield (tn, fp, fn, n - tn - fp - fn)
        return
    neg = n - positives
    for tn in range(neg + 1):
        for tp in range(positives + 1):
            yield (tn, neg - tn, positives - tp, tp)


@dataclass(frozen=True)
class AtN:
    """The exact answer for test sets of n samples."""

    n: int
    matrices: int  # how many confusion matrices (in Π) were enumerated
    common: int  # how many lie in dom(X) ∩ dom(Y)
    same: PairWitness | None  # None: 'same' holds at n (proved by the enumeration)
    reversed: PairWitness | None
    domain_only: tuple[tuple[int, ...], str] | None = None  # a matrix in one domain only

    @property
    def kind(self) -> Agreement:
        if self.same is None:
            return Agreement.SAME
        return Agreement.REVERSED if self.reversed is None else Agreement.DIFFERENT


@dataclass(frozen=True)
class FiniteComparison:
    """Smallest n ≤ bound at which X and Y order the n-sample confusion matrices differently."""

    X: Score
    Y: Score
    bound: int
    positives: int | None
    kind: Agreement
    checked: int  # every n ≤ checked was enumerated exhaustively
    smallest: AtN | None  # the first n with kind DIFFERENT
    per_n: tuple[AtN, ...] = field(repr=False)
    reason: str | None = None
    seconds: float = 0.0

    @property
    def proof(self) -> str:
        upto = (self.smallest.n - 1) if self.smallest else self.checked
        k = "" if self.positives is None else f" with {self.positives} positives"
        return (f"exhaustive exact enumeration of every confusion matrix of n samples{k} for each n ≤ {upto} "
                "(a proof for finite test sets; exact Fractions / exact signs)")

    def to_json(self) -> dict:
        sm = self.smallest
        return {"bound": self.bound, "positives": self.positives, "kind": self.kind.value,
                "checked_up_to": self.checked, "smallest_n": sm.n if sm else None,
                "witness": None if sm is None else _counts_json(sm.same, sm.n),
                "witness_reversed": None if sm is None else _counts_json(sm.reversed, sm.n),
                "proof": self.proof, "reason": self.reason,
                "per_n": [{"n": a.n, "kind": a.kind.value, "matrices": a.matrices, "in_both_domains": a.common}
                          for a in self.per_n], "seconds": round(self.seconds, 3)}


def counts(P: Performance, n: int) -> tuple[int, ...]:
    """The confusion-matrix counts (tn, fp, fn, tp) of a performance of an n-sample test set."""
    return tuple(int(p * n) for p in P.probabilities)


def _counts_json(w: PairWitness | None, n: int) -> dict | None:
    if w is None:
        return None
    out = w.to_json()
    out["counts1"] = dict(zip(BINARY, counts(w.P1, n)))
    out["counts2"] = dict(zip(BINARY, counts(w.P2, n)))
    return out


def _violation(pts, xs, ys, direction: int) -> PairWitness | None:
    """One exact sort by (X, ±Y): consecutive elements decide whether ±Y follows X everywhere;
    a strict disagreement is preferred to a tie in one score only."""
    kx = [key(v) for v in xs]
    ky = [key(v) if direction > 0 else -key(v) for v in ys]
    order = sorted(range(len(pts)), key=lambda i: (kx[i], ky[i]))
    ties = None
    for a, b in zip(order, order[1:]):
        sx = (kx[b] > kx[a]) - (kx[b] < kx[a])
        sy = (ky[b] > ky[a]) - (ky[b] < ky[a])
        if sx == sy:
            continue
        if sx > 0 and sy < 0:  # X up, ±Y down: a strict disagreement
            kind = PairKind.DISCORDANT if direction > 0 else PairKind.CONCORDANT
            return PairWitness(kind, pts[a], pts[b], (xs[a], xs[b], ys[a], ys[b]))
        if ties is None:
            kind = PairKind.TIE_IN_X_ONLY if sx == 0 else PairKind.TIE_IN_Y_ONLY
            ties = PairWitness(kind, pts[a], pts[b], (xs[a], xs[b], ys[a], ys[b]))
    return ties


def decide_at(X: Score, Y: Score, n: int, positives: int | None = None, Pi: PerformanceSet | None = None,
              ex: Evaluator | None = None, ey: Evaluator | None = None, deadline: float | None = None) -> AtN | None:
    """Same / reversed / neither on the n-sample confusion matrices, by exhaustive enumeration
    (None when ``deadline``, a ``time.perf_counter()`` value, passes first)."""
    ex, ey = ex or Evaluator(X), ey or Evaluator(Y)
    pts, xs, ys, total, dom = [], [], [], 0, None
    for i, c in enumerate(confusion_matrices(n, positives)):
        if deadline is not None and i % 512 == 0 and time.perf_counter() > deadline:
            return None
        P = Performance(X.space, tuple(Fraction(k, n) for k in c))
        if Pi is not None and not Pi.contains(P):
            continue
        total += 1
        ix, iy = ex.in_domain(P), ey.in_domain(P)
        if ix and iy:
            pts.append(P)
            xs.append(ex.value(P))
            ys.append(ey.value(P))
        elif (ix or iy) and dom is None:
            dom = (c, "X" if ix else "Y")
    same = _violation(pts, xs, ys, 1)
    rev = _violation(pts, xs, ys, -1)
    return AtN(n, total, len(pts), same, rev, dom)


def smallest_disagreement(X: Score, Y: Score, bound: int, positives: int | None = None,
                          Pi: PerformanceSet | None = None, timeout: float = 30.0,
                          progress=None) -> FiniteComparison:
    """The smallest n ≤ ``bound`` at which X and Y order the n-sample confusion matrices neither
    alike nor in reverse, with a witness pair; every smaller n is proved by enumeration."""
    if not (X.space.is_binary and Y.space.is_binary):
        raise InvalidInput("--samples needs the binary space (tn, fp, fn, tp)")
    if bound < 1 or bound > 10_000:
        raise InvalidInput(f"expected a number of samples between 1 and 10000 but got {bound}")
    if positives is not None and not 0 <= positives <= bound:
        raise InvalidInput(f"expected 0 <= positives <= samples but got positives={positives}, samples={bound}")
    t0 = time.perf_counter()
    ex, ey = Evaluator(X), Evaluator(Y)
    per: list[AtN] = []
    start = max(1, positives or 1)
    for n in range(start, bound + 1):
        a = decide_at(X, Y, n, positives, Pi, ex, ey, t0 + timeout)
        if a is None:
            checked = per[-1].n if per else 0
            return FiniteComparison(X, Y, bound, positives, Agreement.UNKNOWN, checked, None, tuple(per),
                                    f"deadline of {timeout:g} s reached during n = {n}",
                                    time.perf_counter() - t0)
        per.append(a)
        if progress:
            progress(n, a)
        if a.kind is Agreement.DIFFERENT:
            return FiniteComparison(X, Y, bound, positives, Agreement.DIFFERENT, n, a, tuple(per), None,
                                    time.perf_counter() - t0)
    if all(a.same is None for a in per):
        kind, reason = Agreement.SAME, None
    elif all(a.reversed is None for a in per):
        kind, reason = Agreement.REVERSED, None
    else:  # every n decided, each same or reversed, but not uniformly
        kind = Agreement.UNKNOWN
        reason = ("no n <= bound disagrees, but the orderings are the same for n in "
                  f"{[a.n for a in per if a.same is None]} and reversed for the others")
    return FiniteComparison(X, Y, bound, positives, kind, bound, None, tuple(per), reason, time.perf_counter() - t0)


__all__ = ["AtN", "FiniteComparison", "confusion_matrices", "counts", "decide_at", "exact_sign",
           "smallest_disagreement"]
