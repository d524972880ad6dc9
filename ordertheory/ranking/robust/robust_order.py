"""How sure is "better for every importance"? Per pair P(A better than B for every importance), P(for some)
each way, and the relation **every / depends / some / not separated** with Holm's control over the pairs —
the robust partial order of a leaderboard, which no choice of ranking score can overturn.

**The hypotheses.** A reading's corners (:mod:`~ordertheory.ranking.robust.corners`) decide: A is better than B
for every importance iff it is strictly better at every corner (sections R4, RK; at one prior, theorem R: the
two rates). For every ordered pair (A, B) and corner k, H_k(A, B): "A is not strictly better than B at corner
k". Its p-value:

- under the Dirichlet posterior, for a corner that is one ratio P(s)/(P(s) + P(e)): the corner is Beta(β(s),
  β(e)) for each entity (aggregation), independent between entities, so p = 1 − P(corner_A > corner_B), exact
  or by 1-D quadrature (:mod:`~ordertheory.ranking.uncertainty.exact_posterior`), plus its numerical error;
- otherwise (the bootstraps, the balanced accuracy of macro-micro) the Monte Carlo frequency
  (#draws where A is not strictly above B at k + 1)/(D + 1) — never 0: D draws cannot show less than 1/(D + 1).

**The rule.** Holm's step-down over all m = K·n(n − 1) hypotheses at α = 1 − level; per corner the rejected
pairs (A above B) are closed under transitivity. Then A is **every** over B when above at every corner;
**depends** when A is above at some corner and B at another; **some** when A is above at some corner and B at
none; **not separated** otherwise.

**Why it is calibrated.** Holm controls the family-wise error: the probability that some true H_k(A, B) is
rejected is at most α whatever the dependence between the p-values (given p-values that are valid: the
posterior's are approximately so, and the coverage simulations of tests/slow check it). Every conclusion above
follows from the rejected hypotheses alone — "A above B at k" for each rejected one, transitivity of > at each
corner, and the theorem (strictly better at every corner ⇒ strictly better for every importance; strictly
better at a corner ⇒ strictly better for that corner's importance). So all the conclusions hold together with
probability at least 1 − α: in particular an "every" is wrong only if some true H_k is rejected (the null of
"A better for every importance" is the union of the H_k(A, B), Berger's intersection–union test, here inside
Holm's family). Two entities with one true performance have every H_k true: they are called "every" with
probability at most α.

**P(every), P(some).** The posterior probability (or bootstrap frequency) that A is strictly better at every
corner (at some corner): under the posterior with independent corners (the two rates at one prior, the
per-class recalls) the product of the exact per-corner probabilities, else Monte Carlo over the draws.

>>> import io
>>> from ordertheory.ranking.uncertainty.resample import Plan, Resampling
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,950,50,50,950\\nB,800,200,200,800\\n"
...     "C,990,10,300,700\\nD,700,300,10,990\\nE,951,49,49,951\\n"))
>>> r = robust_order(lb, Plan(Resampling.POSTERIOR))
>>> [(p.a, p.b, p.relation.value) for p in r.pairs if p.relation is not Relation.DEPENDS]
[('A', 'B', 'every'), ('E', 'A', 'not separated'), ('E', 'B', 'every')]
>>> round(r.pair("A", "B").p_every, 6), r.edges()
(1.0, [('A', 'B'), ('E', 'B')])
"""

from __future__ import annotations

import enum
import time
import warnings
from dataclasses import dataclass, field

import numpy as np
from scipy.integrate import IntegrationWarning

from ordertheory.errors import InvalidInput, ResourceLimit
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.leaderboards.per_sample import Predictions
from ordertheory.ranking.robust.corners import Reading, reading
from ordertheory.ranking.robust.dominance import Exact, ExactPair, closure, exact_pair, hasse, reduction
from ordertheory.ranking.tile_k.families import Family
from ordertheory.ranking.uncertainty import exact_posterior as ep
from ordertheory.ranking.uncertainty.paired_tests import holm
from ordertheory.ranking.uncertainty.resample import Plan, Resampling, check_level, draw, run_chunks
from ordertheory.ranking.uncertainty.uncertainty import draw_source
from ordertheory.theory.preorders.hasse import HasseDiagram

STREAM = 11  # this module's random stream, apart from the other uses of one seed
CELLS = 4_000_000  # draws × entities² × corners compared at once
MAX_ENTITIES = 2000  # pairs are asked for: n(n − 1)/2 of them, but not past this many entities
EXACT_MAX = 200_000  # per-corner exact posterior comparisons (K·n(n − 1)/2) computed by quadrature at most
QUAD_MAX = 500  # of which at most this many by adaptive quadrature (a Beta parameter below 1); beyond, Monte Carlo
MONTE_CARLO_MAX = 4 * 10**9  # draws × entities² × corners compared by Monte Carlo at most
RULE = ("per corner, 'A strictly better than B' for every ordered pair, one-sided, Holm's step-down over all of "
        "them at 1 − level (family-wise error), closed under transitivity; every: A better at every corner; "
        "depends: each better at some corner; some: A better at some corner, B at none; not separated: neither "
        "at any")


class Relation(enum.StrEnum):
    """What the data show about a pair, over every importance, at the level (Holm over the pairs)."""

    EVERY = "every"  # a better than b for every importance
    DEPENDS = "depends"  # each better for some importance
    SOME = "some"  # a better for some importance, b for none shown
    NOT_SEPARATED = "not separated"  # neither shown better for any importance


@dataclass(frozen=True)
class RobustPair:
    """One pair: ``a`` the better one where the relation is one-sided (else the likelier), the probabilities
    from the resampling, the relation at the level, the corners where each is shown better."""

    a: str
    b: str
    p_every: float | None  # P(a better than b for every importance)
    p_every_b: float | None  # P(b better than a for every importance)
    p_some_a: float | None  # P(a better than b for some importance)
    p_some_b: float | None
    relation: Relation
    a_above_at: tuple[str, ...]
    b_above_at: tuple[str, ...]
    p_holm: float | None  # the claim's Holm-adjusted p-value (None: not separated, or implied)
    implied: bool  # the relation needs transitivity through other entities
    observed: ExactPair  # the exact relation of the performances given

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "p_every": self.p_every, "p_some_a": self.p_some_a,
                "p_some_b": self.p_some_b, "relation": self.relation.value, "p_every_b": self.p_every_b,
                "a_better_at": list(self.a_above_at), "b_better_at": list(self.b_above_at), "p_holm": self.p_holm,
                "implied": self.implied, "observed": {"relation": self.observed.relation.value,
                                                      "better": None if self.observed.relation in (Exact.LEVEL, Exact.DEPENDS)
                                                      else self.observed.a}}


@dataclass(frozen=True)
class RobustOrder:
    """Every pair's relation over every importance, and the partial order 'better for every importance'."""

    names: tuple[str, ...]
    reading: Reading
    plan: Plan
    level: float
    pairs: tuple[RobustPair, ...]
    better: np.ndarray = field(repr=False)  # bool (n, n): i better than j for every importance (closed)
    p_method: str = ""
    joint_method: str = ""
    hypotheses: int = 0
    origin: str = ""
    notes: tuple[str, ...] = ()

    def pair(self, a: str, b: str) -> RobustPair:
        return next(p for p in self.pairs if {p.a, p.b} == {a, b})

    def edges(self) -> list[tuple[str, str]]:
        """The Hasse diagram's covering pairs (better, worse): the transitive reduction of 'every'."""
        R = reduction(self.better)
        return sorted((self.names[i], self.names[j]) for i, j in zip(*np.nonzero(R)))

    def diagram(self) -> HasseDiagram:
        return hasse(self.names, self.better)

    def counts(self) -> dict[str, int]:
        return {r.value: sum(p.relation is r for p in self.pairs) for r in Relation}

    def to_json(self) -> dict:
        return {"robust_pairs": [p.to_json() for p in self.pairs],
                "robust_order": {"edges": [list(e) for e in self.edges()], "level": self.level, "rule": RULE,
                                 **self.reading.to_json(), "p_values": self.p_method, "probabilities": self.joint_method,
                                 "hypotheses": self.hypotheses, "counts": self.origin, "relations": self.counts(),
                                 **self.plan.to_json(), "notes": list(self.notes)}}

    def lines(self, most: int = 12) -> list[str]:
        c = self.counts()
        pct = f"{self.level:.0%}"
        out = [f"better for every importance ({self.reading.why}); {self.plan.describe()}; counts: {self.origin}",
               f"at {pct}, Holm over {self.hypotheses} one-sided hypotheses (p-values: {self.p_method}): "
               + ", ".join(f"{v} {k}" for k, v in c.items()) + f" of {len(self.pairs)} pairs"]
        edges = self.edges()
        shown = "; ".join(f"{a} > {b}" for a, b in edges[:most]) + (f"; and {len(edges) - most} more" if len(edges) > most else "")
        out.append(f"robust order (Hasse diagram: better for every importance, covering pairs): {shown or 'none'}")
        dep = [p for p in self.pairs if p.relation is Relation.DEPENDS]
        if dep:
            out.append("depend on the importance: " + "; ".join(
                f"{p.a} ({', '.join(p.a_above_at)}) vs {p.b} ({', '.join(p.b_above_at)})" for p in dep[:most // 2])
                + (f"; and {len(dep) - most // 2} more" if len(dep) > most // 2 else ""))
        out += [f"note: {n}" for n in self.notes]
        return out


def _betas(read: Reading, plan: Plan, counts: np.ndarray, lb: Leaderboard) -> np.ndarray | None:
    """Each corner's Beta posterior per entity, (K, n, 2) — None (Monte Carlo then) when a corner is not one ratio,
    past :data:`EXACT_MAX` comparisons, or when more than :data:`QUAD_MAX` would need adaptive quadrature (a
    parameter below 1: cells of zero counts)."""
    n = len(counts)
    if (plan.method is not Resampling.POSTERIOR or any(len(c.parts) != 1 for c in read.corners)
            or len(read.corners) * n * (n - 1) // 2 > EXACT_MAX):
        return None
    beta = counts + plan.prior(lb.space)
    ab = np.stack([np.stack([beta[:, list(c.parts[0][0])].sum(axis=1), beta[:, list(c.parts[0][1])].sum(axis=1)], axis=1)
                   for c in read.corners])
    iu, ju = np.triu_indices(n, 1)
    rough = (ab[:, iu].min(axis=-1) < 1) | (ab[:, ju].min(axis=-1) < 1)
    return None if int((rough & ~(ab[:, iu] == ab[:, ju]).all(axis=-1)).sum()) > QUAD_MAX else ab


def _exact_elementary(ab: np.ndarray, deadline: float | None):
    """(P_k[i, j] = P(corner_k(i) > corner_k(j)), its numerical error), both (K, n, n), from the Betas ``ab``."""
    K, n = ab.shape[:2]
    iu, ju = np.triu_indices(n, 1)
    P, err = np.full((K, n, n), 0.5), np.zeros((K, n, n))
    for k in range(K):
        if deadline is not None and time.monotonic() > deadline:
            raise ResourceLimit(f"the exact posterior probabilities passed the time limit at corner {k + 1} of {K}")
        with warnings.catch_warnings():  # quad's non-convergence: its error estimate is added to the p-value
            warnings.simplefilter("ignore", IntegrationWarning)
            probs = ep.p_greater_beta_many(ab[k, iu, 0], ab[k, iu, 1], ab[k, ju, 0], ab[k, ju, 1])
        v, e = np.array([p.value for p in probs]), np.array([p.error for p in probs])
        same = (ab[k, iu] == ab[k, ju]).all(axis=1)  # equal posteriors: exactly ½
        v = np.where(same, 0.5, v)
        P[k, iu, ju], P[k, ju, iu] = v, 1 - v
        err[k, iu, ju] = err[k, ju, iu] = np.where(same, 0.0, e)
    return P, err


def _chunk(method: Resampling, source: np.ndarray, alpha, seed: int, read: Reading, elementary: bool,
           index: int, size: int) -> tuple:
    """One chunk of draws: per (corner, i, j) the draws where i is not strictly above j (if ``elementary``),
    and per (i, j) those where i is above j at every corner and at some corner."""
    d = draw(method, source, size, seed, index, alpha, stream=STREAM)
    v = read.values(d)  # (draws, n, K)
    n, K = v.shape[1], v.shape[2]
    not_above = np.zeros((K, n, n), dtype=np.int64) if elementary else None
    every, some = np.zeros((n, n), dtype=np.int64), np.zeros((n, n), dtype=np.int64)
    step = max(1, CELLS // (n * n * K))
    for s in range(0, size, step):
        part = v[s:s + step]
        with np.errstate(invalid="ignore"):
            gt = part[:, :, None, :] > part[:, None, :, :]  # (draws, i, j, K); NaN: False
        every += gt.all(axis=-1).sum(axis=0)
        some += gt.any(axis=-1).sum(axis=0)
        if elementary:
            not_above += (~gt).sum(axis=0).transpose(2, 0, 1)
    return not_above, every, some


def _guard(n: int, K: int, plan: Plan, sampled: bool) -> None:
    if n > MAX_ENTITIES:
        raise ResourceLimit(f"the robust order compares every pair: {n} entities is past its guard of {MAX_ENTITIES}")
    if sampled and plan.draws * n * n * K > MONTE_CARLO_MAX:
        raise ResourceLimit(f"{plan.draws} draws × {n}² entity pairs × {K} corners is past the Monte Carlo guard of "
                            f"{MONTE_CARLO_MAX:.0e} comparisons; lower --draws")


def robust_order(lb: Leaderboard, plan: Plan, level: float = 0.95, samples: int | None = None,
                 predictions: Predictions | None = None, family: Family | str | None = None, jobs: int | None = 1,
                 scheduler: str | None = None, progress=None, deadline: float | None = None) -> RobustOrder:
    """The robust order of ``lb`` under ``plan`` (see the module). Past a guard (entities, comparisons, the
    deadline): :class:`~ordertheory.errors.ResourceLimit` with the reason."""
    level = check_level(level)
    if plan.method is Resampling.BAYESIAN_BOOTSTRAP:
        raise InvalidInput("the robust order of counts is drawn by the posterior, the bootstrap or the case bootstrap")
    read = reading(lb, family)
    source, counts, origin = draw_source(lb, plan, samples, predictions)
    n, K = len(lb), len(read.corners)
    _guard(n, K, plan, False)
    ab = _betas(read, plan, counts, lb)
    exact = ab is not None
    sampled = not (exact and read.independent)
    _guard(n, K, plan, sampled)
    notes = []
    if exact:
        P, err = _exact_elementary(ab, deadline)
        p = np.clip(1.0 - P + err, 0.0, 1.0)
        p_method = "exact posterior (Beta corners: a finite sum of Beta functions or 1-D quadrature, its error added)"
    if sampled:
        parts = run_chunks(plan, _chunk, (plan.method, source, plan.prior(lb.space), plan.seed, read, not exact),
                           jobs, scheduler, progress=progress, deadline=deadline)
        D = plan.draws
        every = sum(x[1] for x in parts) / D
        some = sum(x[2] for x in parts) / D
        joint = f"Monte Carlo ({plan.method.value}, {D} draws)"
        if not exact:
            p = (sum(x[0] for x in parts) + 1) / (D + 1)
            p_method = f"Monte Carlo ({plan.method.value}, {D} draws; (not above + 1)/(D + 1))"
    else:
        every, some = P.prod(axis=0), 1 - (1 - P).prod(axis=0)
        joint = "exact posterior (the corners are independent Betas: products of their probabilities)"
    if not exact:
        notes.append(_floor_note(plan, K * n * (n - 1), 1 - level))
    adjusted = _holm(p, n)
    direct = adjusted <= 1 - level
    closed = np.stack([closure(direct[k]) for k in range(K)])
    pairs = _pairs(lb, read, closed, direct, adjusted, every, some)
    if plan.method is not Resampling.CASE_BOOTSTRAP:
        notes.append("each entity's test set resampled on its own: when they share one test set, the dependence "
                     "between entities is not used (usually conservative); per-sample predictions with the bootstrap "
                     "resample the cases jointly")
    return RobustOrder(lb.names, read, plan, level, tuple(pairs), closed.all(axis=0), p_method, joint, K * n * (n - 1),
                       origin, tuple(x for x in notes if x))


def _floor_note(plan: Plan, m: int, alpha: float) -> str:
    """What Monte Carlo p-values can separate under Holm over m hypotheses."""
    if (1 / (plan.draws + 1)) * m <= alpha:
        return ""
    other = ("or use the posterior (exact where each corner is one ratio)" if plan.method is not Resampling.POSTERIOR
             else f"(exact posterior p-values need corners of one ratio each, at most {EXACT_MAX} comparisons and "
                  f"{QUAD_MAX} by adaptive quadrature)")
    return (f"Monte Carlo p-values are at least 1/(D + 1) = {1 / (plan.draws + 1):.2g}: Holm's first step over {m} "
            f"hypotheses needs p ≤ {alpha / m:.2g}, so nothing can be separated with fewer than {int(np.ceil(m / alpha))} "
            f"draws (--draws) {other}")


def _holm(p: np.ndarray, n: int) -> np.ndarray:
    """Holm-adjusted p-values over every (corner, i ≠ j); the diagonal stays 1."""
    K = p.shape[0]
    mask = ~np.eye(n, dtype=bool)
    flat = np.stack([p[k][mask] for k in range(K)]).ravel()
    adj = np.array(holm(flat)).reshape(K, -1)
    out = np.ones((K, n, n))
    for k in range(K):
        out[k][mask] = adj[k]
    return out


def _relation(up: np.ndarray, down: np.ndarray) -> Relation:
    if up.all():
        return Relation.EVERY
    if up.any() and down.any():
        return Relation.DEPENDS
    return Relation.SOME if up.any() else Relation.NOT_SEPARATED


def _claim_p(rel: Relation, adj_up: np.ndarray, adj_down: np.ndarray) -> float | None:
    """The Holm-adjusted p-value of a direct claim: the largest over what it needs."""
    if rel is Relation.EVERY:
        return float(adj_up.max())
    if rel is Relation.DEPENDS:
        return float(max(adj_up.min(), adj_down.min()))
    return float(adj_up.min()) if rel is Relation.SOME else None


def _pairs(lb: Leaderboard, read: Reading, closed, direct, adjusted, every, some) -> list[RobustPair]:
    names, out = lb.names, []
    corner_names = tuple(c.name for c in read.corners)
    vals = [read.exact(P) for P in lb.performances]
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            a, b = i, j
            up, down = closed[:, i, j], closed[:, j, i]
            if (down.all() or down.any() and not up.any()) or (not up.any() and not down.any()
                                                               and (every[j, i], some[j, i]) > (every[i, j], some[i, j])):
                a, b, up, down = j, i, down, up
            rel = _relation(up, down)
            d_rel = _relation(direct[:, a, b], direct[:, b, a])
            obs = exact_pair(names[a], vals[a], names[b], vals[b], corner_names)
            out.append(RobustPair(names[a], names[b], float(every[a, b]), float(every[b, a]), float(some[a, b]),
                                  float(some[b, a]), rel, tuple(n for n, u in zip(corner_names, up) if u),
                                  tuple(n for n, d in zip(corner_names, down) if d),
                                  _claim_p(rel, adjusted[:, a, b], adjusted[:, b, a]) if rel is d_rel else None,
                                  rel is not d_rel, obs))
    return out
