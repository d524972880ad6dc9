"""Do two scores rank alike? ``same``, ``reversed``, ``different`` or ``unknown`` on Π ∩ dom(X) ∩ dom(Y).

X and Y induce the same ordering on a set A when sign(X(P2) − X(P1)) = sign(Y(P2) − Y(P1)) for
every pair P1, P2 of A (i.e. X(P1) ≤ X(P2) ⇔ Y(P1) ≤ Y(P2)); the reverse ordering when the signs
are opposite for every pair. A pair breaking this is a *witness*: discordant (X(P1) < X(P2),
Y(P1) > Y(P2)), concordant (for ``reversed``), or a tie in one score and not the other.

Each question is decided as the package decides everything: a falsifying search over exact
points of Π (:mod:`ordertheory.engine.search.falsify`) whose candidates are re-validated in Fractions /
exact sympy numbers without any solver, then z3 on the pair frame (X = N/D as x·D = N,
:mod:`ordertheory.engine.obligations`) in a child process; when z3 stays silent, the importance
derivation proves ``same``/``reversed`` when both scores are monotone transforms of one ranking
score R_I. Whether the domains differ on Π is decided too (one exact performance in one and not
the other). One deadline bounds the whole call.

>>> from ordertheory.catalogue import get
>>> c = compare_scores(get("f1").score(), get("jaccard").score(), timeout=20)
>>> c.kind.value, c.method
('same', 'z3')
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

import sympy

from ordertheory.analyses.compare.identity import identical_on
from ordertheory.analyses.compare.witness_search import (  # noqa: F401 - the witnesses, re-exported
    Agreement,
    DomainWitness,
    PairKind,
    PairWitness,
    classify,
    exact_sign,
    search_domain,
    search_pair,
    shown,
)
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.tau.exact_ties import monotone_core
from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.obligations import Encoding, instance
from ordertheory.engine.prove import Decider, Obligation
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import SEARCHED, Sanity, SanityKind, common_point
from ordertheory.errors import InvalidInput, ResourceLimit
from ordertheory.exact import is_zero, sign
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet, all_performances

IDENTITY = "identity: X − Y simplifies to 0 on Π (sympy)"


# --- the solver queries ----------------------------------------------------------------------------------
def order_query(X: Score, Y: Score, Pi: PerformanceSet, direction: int) -> Obligation:
    """Satisfiable iff some P1, P2 ∈ Π ∩ dom(X) ∩ dom(Y) refute 'same' (+1) or 'reversed' (−1).

    By symmetry of the pair only two shapes are asked: X(P1) < X(P2) with Y not following, and
    X(P1) = X(P2) with Y(P1) < Y(P2) (resp. >)."""
    i1, i2 = instance(Pi, "1"), instance(Pi, "2")
    name = "same" if direction > 0 else "reversed"

    def build(env: Env) -> list:
        EX, EY = Encoding(env, X), Encoding(env, Y)
        f = EX.point(i1) + EX.point(i2)
        doms = [E.in_domain(i.mapping, i.params) for E in (EX, EY) for i in (i1, i2)]
        if any(empty for _, empty in doms):
            return [env.BoolVal(False)]
        x1, x2 = EX.value(i1.mapping, i1.params, "x_1"), EX.value(i2.mapping, i2.params, "x_2")
        y1, y2 = EY.value(i1.mapping, i1.params, "y_1"), EY.value(i2.mapping, i2.params, "y_2")
        if direction > 0:
            viol = env.Or(env.And(x1 < x2, y1 >= y2), env.And(x1 == x2, y1 < y2))
        else:
            viol = env.Or(env.And(x1 < x2, y1 <= y2), env.And(x1 == x2, y1 > y2))
        return f + [d for d, _ in doms] + [viol] + EX.finish() + EY.finish()

    def decode(vals) -> dict:
        return {"P1": i1.performance(X.space, vals), "P2": i2.performance(X.space, vals)}

    stmt = (f"on Π = {Pi.label} ∩ dom(X) ∩ dom(Y), X(P1) ≤ X(P2) ⇔ "
            + ("Y(P1) ≤ Y(P2)" if direction > 0 else "Y(P1) ≥ Y(P2)") + f" (X = {X.text}, Y = {Y.text})")
    return Obligation.counterexample(f"compare.{name}", stmt, build, decode,
                 lambda w: classify(X, Y, Pi, w["P1"], w["P2"], direction) is not None,
                 [p.name for p in i1.params + i2.params], not (X.is_algebraic and Y.is_algebraic),
                 _common_sanity((X, Y), Pi, ("P1", "P2")))


def domain_query(X: Score, Y: Score, Pi: PerformanceSet, support=None) -> Obligation:
    """Satisfiable iff some P ∈ Π is in exactly one domain (or, with ``support``, some P ∈ Π
    supported there is in both: used to check that E_P[I] ≠ 0 on the common domain)."""
    i1 = instance(Pi, "1", support)

    def build(env: Env) -> list:
        if i1 is None:
            return [env.BoolVal(False)]
        EX, EY = Encoding(env, X), Encoding(env, Y)
        (dx, _), (dy, _) = EX.in_domain(i1.mapping, i1.params), EY.in_domain(i1.mapping, i1.params)  # False when empty
        if support is not None:
            return EX.point(i1) + [dx, dy] + EX.finish() + EY.finish()
        return EX.point(i1) + [env.Or(env.And(dx, env.Not(dy)), env.And(dy, env.Not(dx)))] + EX.finish() + EY.finish()

    def decode(vals) -> dict:
        return {"P": i1.performance(X.space, vals)}

    def validate(w) -> bool:
        P = w["P"]
        if not Pi.contains(P):
            return False
        if support is not None:
            return X.in_domain(P) and Y.in_domain(P) and P.support() <= set(support)
        return X.in_domain(P) != Y.in_domain(P)

    stmt = f"Π ∩ dom(X) = Π ∩ dom(Y) on Π = {Pi.label} (X = {X.text}, Y = {Y.text})"
    return Obligation.counterexample("compare.domains", stmt, build, decode, validate,
                 [p.name for p in i1.params] if i1 else [], False, _common_sanity((), Pi, ("P",), support))


def _common_sanity(scores, Pi: PerformanceSet, names, support=None):
    """The sanity maker of a comparison's assumptions: one exact performance of Π (on ``support``) in
    every domain of ``scores``, re-validated exactly, standing for each name (P1 = P2 = P)."""
    def make(decider, budget: float) -> Sanity:
        P = common_point(scores, Pi, support)
        if P is None:
            return Sanity(SanityKind.UNDECIDED, {}, "no exact point of Π in every domain found by search")
        return Sanity(SanityKind.MODEL, dict.fromkeys(names, P), SEARCHED)

    return make


# --- the decision -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Comparison:
    """The answer for X and Y on Π: the kind, how it was obtained, and the underlying decisions.

    ``same`` and ``reversed`` are the results of the two statements (PROVED, REFUTED with a
    :class:`PairWitness`, or UNKNOWN with a reason); ``domains`` says whether Π ∩ dom(X) =
    Π ∩ dom(Y) (REFUTED with a :class:`DomainWitness`).
    """

    X: Score
    Y: Score
    Pi: PerformanceSet
    kind: Agreement
    method: str
    same: Result
    reversed: Result
    domains: Result
    seconds: float

    @property
    def witness(self) -> PairWitness | None:
        """Where the orderings part: the pair refuting 'same' (or 'reversed' for opposite scores)."""
        if self.kind is Agreement.REVERSED:
            return None
        return self.same.witness if self.same.refuted else None

    @property
    def reason(self) -> str | None:
        if self.kind is not Agreement.UNKNOWN:
            return None
        return "; ".join(f"{r.id}: {r.reason}" for r in (self.same, self.reversed) if r.reason and
                         r.verdict is Verdict.UNKNOWN) or "undecided"

    def to_json(self) -> dict:
        return {"X": self.X.text or self.X.name, "Y": self.Y.text or self.Y.name, "space": self.X.space.name,
                "Pi": self.Pi.label, "constraints": [str(c) for c in self.Pi.constraints],
                "kind": self.kind.value, "method": self.method, "reason": self.reason,
                "witness": None if self.witness is None else self.witness.to_json(),
                "same": self.same.to_json(), "reversed": self.reversed.to_json(),
                "domains_equal": self.domains.to_json(), "seconds": round(self.seconds, 3)}


RELATION_Z3 = 2.0  # seconds z3 gets for a certificate when an identity already decides the order


def _decide(decider, q: Obligation, deadline: float, share: int, direction: int | None, X, Y, Pi) -> Result:
    t0 = time.perf_counter()
    left = deadline - t0
    if left < 0.2:
        return Result(q.id, q.statement, Verdict.UNKNOWN, 0.0, "z3", reason="no time left before the deadline")
    decider.timeout = max(0.2, left / share)
    r = decider.decide(q)
    if r.refuted:  # the validated model, shown as a pair (or a performance) with exact values
        w = r.witness
        w = classify(X, Y, Pi, w["P1"], w["P2"], direction) if direction else DomainWitness(
            w["P"], X.in_domain(w["P"]), Y.in_domain(w["P"]))
        r = dataclasses.replace(r, witness=w)
    return r


def _by_importance(X: Score, Y: Score, Pi: PerformanceSet, deadline: float, decider) -> tuple[int, str] | None:
    """(+1 same | −1 reversed, explanation) when both scores are strictly monotone transforms of
    one ranking score R_I on Π (or both constant), proved by the importance derivation."""
    dx, dy = (derive_importance(S, Pi, check_tests=False, bounded=False) for S in (X, Y))
    if dx.kind == "constant" and dy.kind == "constant":
        return 1, "both scores are constant on Π (importance derivation)"
    ok = ("ranking_score", "monotone_transform")
    if dx.kind not in ok or dy.kind not in ok or not (dx.verified and dy.verified):
        return None
    for d in (dx, dy):  # an importance is numeric and non-negative (a symbolic one is not used here)
        if any(not (v.is_number and v >= 0) for v in d.importance.values()):
            return None
    same_I = all(is_zero(dx.importance[o] - dy.importance[o]) for o in X.space.outcomes)
    same_tile = dx.tile is not None and dx.tile == dy.tile
    if not (same_I or same_tile):
        return None
    zero = [o for o in X.space.outcomes if is_zero(dx.importance[o])]
    if zero:  # R_I is undefined where E_P[I] = 0: that face of Π must miss dom(X) ∩ dom(Y)
        q = domain_query(X, Y, Pi, support=zero)
        r = _decide(decider, q, deadline, 1, None, X, Y, Pi) if instance(Pi, "z", zero) else None
        if r is not None and r.verdict is not Verdict.PROVED:
            return None
    up = lambda d: d.monotone != "decreasing"
    imp = ", ".join(f"{o}: {dx.importance[o]}" for o in X.space.outcomes)
    how = (f"importance derivation: X = g(R_I) and Y = h(R_I) on Π with I = ({imp})"
           + (" (same Tile position)" if not same_I else "") + f", g {dx.monotone or 'the identity'}, "
           f"h {dy.monotone or 'the identity'} (strictly monotone)")
    return (1 if up(dx) == up(dy) else -1), how


def affine_relation(X: Score, Y: Score, Pi: PerformanceSet) -> tuple[int, str] | None:
    """(+1 same | −1 reversed | 0 both constant, why) when X = g(u) and Y = h(v) with g, h strictly
    monotone (:func:`~ordertheory.analyses.tau.exact_ties.monotone_core`: shifts, factors, log, exp,
    probit, odd or fractional powers) and u = a·v + b on Π for constants a ≠ 0 and b — a sympy
    identity on Π's free coordinates (exact for rational functions; otherwise sympy's
    simplification, which may miss an identity, never invent one) — else None.

    M and −M, two constants, or R³ and √R order Π ∩ dom(X) ∩ dom(Y) alike or in reverse whatever
    R is: no solver is needed for that.

    >>> from ordertheory.catalogue import get
    >>> from ordertheory.scores.formula import Term
    >>> from ordertheory.spaces.sample_space import multiclass
    >>> M = get("macro_recall").score(multiclass(3))
    >>> minus = Score.from_term(M.space, -Term(M.expr, M.conditions), "-M")
    >>> affine_relation(M, minus, all_performances(M.space))[0]
    -1
    """
    got = Pi.parametrise("cmp")
    if got is None:
        return None
    params, mapping, _ = got
    (u, du), (v, dv) = (monotone_core(S.expr, S.symbols) for S in (X, Y))
    x, y = u.xreplace(mapping), v.xreplace(mapping)
    const = lambda e: all(is_zero(sympy.diff(e, q)) for q in params)  # noqa: E731
    if const(y):
        return (0, "both scores are constant on Π") if const(x) else None
    q = next(q for q in params if not is_zero(sympy.diff(y, q)))
    ratio = sympy.diff(x, q) / sympy.diff(y, q)
    if ratio.has(sympy.Heaviside, sympy.Piecewise, sympy.Min, sympy.Max, sympy.Abs, sympy.sign):
        return None  # piecewise: sympy's simplification takes minutes and proves nothing (z3 decides)
    if not _may_be_constant(ratio, params):  # two points where it differs: no such a, no simplification
        return None
    a = sympy.simplify(ratio)
    if not a.is_number or a.is_zero is not False or not a.is_real:
        return None
    if not const(sympy.expand(x - a * y) if x.is_polynomial() and y.is_polynomial() else x - a * y):
        return None
    s = sign(a) * du * dv
    what = "X = a·Y + b" if (u, du, v, dv) == (X.expr, 1, Y.expr, 1) else "X = g(u), Y = h(v), u = a·v + b"
    return s, (f"{what} on Π with a = {a}, {'the same order' if s > 0 else 'the reverse order'} "
               "(sympy identity on Π's coordinates; g, h strictly monotone)")


def _may_be_constant(e: sympy.Expr, params, points: int = 4) -> bool:
    """False when ``e`` takes two clearly different values at exact interior points (30 digits;
    NUMERIC, a filter only: True means "not ruled out", and the identity is still proved exactly)."""
    seen = []
    for i in range(points):  # points spread over Π's parameters (their order changes from point to point)
        at = {q: sympy.Rational(1 + (37 * i + 61 * j + 17 * i * j) % 89, 97) for j, q in enumerate(params)}
        try:
            v = complex(sympy.N(e.xreplace(at), 30))
        except (TypeError, ValueError, ZeroDivisionError):
            continue
        if v != v or abs(v) == float("inf"):
            continue
        if any(abs(v - w) > 1e-12 * (1 + abs(v) + abs(w)) for w in seen):
            return False
        seen.append(v)
    return True


def compare_scores(X: Score, Y: Score, Pi: PerformanceSet | None = None, timeout: float = 30.0,
                   seed: int = 0, decider=None, progress=None, certificate: bool = True) -> Comparison:
    """Decide whether X and Y order Π ∩ dom(X) ∩ dom(Y) alike, in reverse, or differently.

    ``timeout`` bounds the whole call (search, every solver query and the importance derivation);
    ``progress`` (a callable taking a line of text) hears of each stage. When an exact relation
    (an identity, or u = a·v + b under monotone maps) already decides the order, z3 gets a short try
    at a certificate of its own; ``certificate=False`` skips it: the relation is the proof, and the
    answer no longer depends on how fast z3 runs on the machine (the catalogue's classes).
    """
    for Z in (X, Y):
        if not isinstance(Z, Score):  # a scoring score on a space beyond its formula's size (its per-sample form)
            raise ResourceLimit(f"too large to write out: comparing {Z.name} on {Z.space.name} needs its formula; "
                                "compare them on real entities instead (compare X Y --leaderboard FILE)")
    X._require_bound()
    Y._require_bound()
    if X.space != Y.space:
        raise InvalidInput(f"expected two scores on one space but got {X.space.name} and {Y.space.name}")
    Pi = Pi or all_performances(X.space)
    t0 = time.perf_counter()
    deadline = t0 + timeout
    own = decider is None
    decider = decider or Decider(timeout)
    SEARCH = "numeric search, witness validated exactly"
    results: dict[int, Result] = {}
    say = progress or (lambda line: None)
    try:
        say("falsifying search over exact points of Π")
        for d in (1, -1):
            q = order_query(X, Y, Pi, d)
            ts = time.perf_counter()
            w = search_pair(X, Y, Pi, d, seed)
            if w is not None:
                results[d] = Result(q.id, q.statement, Verdict.REFUTED, time.perf_counter() - ts, SEARCH, w)
        ts = time.perf_counter()
        dw = search_domain(X, Y, Pi, seed)
        dq = domain_query(X, Y, Pi)
        domains = Result(dq.id, dq.statement, Verdict.REFUTED, time.perf_counter() - ts, SEARCH, dw) if dw else None
        rel = None if 1 in results and -1 in results else affine_relation(X, Y, Pi)
        ident = 1 not in results and identical_on(X, Y, Pi, thorough=False)  # the cheap exact tests
        for d in (1, -1):
            if d not in results and not (d == -1 and results[1].proved):
                relation = (rel[1] if rel is not None and rel[0] in (d, 0) else
                            IDENTITY if ident and d == 1 else None)  # this direction, decided exactly
                if relation is not None and not certificate:
                    q = order_query(X, Y, Pi, d)
                    results[d] = Result(q.id, q.statement, Verdict.PROVED, time.perf_counter() - t0, relation,
                                        reason=relation)
                    continue
                pending = 2 - len(results) + (domains is None)
                say(f"z3: is the ordering {'the same' if d > 0 else 'reversed'}?")
                # with an identity in hand, z3 only gets a short try at a certificate of its own
                known = rel is not None or (ident and d == 1)
                end = min(deadline, time.perf_counter() + RELATION_Z3) if known else deadline
                results[d] = _decide(decider, order_query(X, Y, Pi, d), end, pending, d, X, Y, Pi)
            if d == 1 and results[1].verdict is Verdict.UNKNOWN and (ident or identical_on(X, Y, Pi)):
                # z3 silent on an identity (two ways of writing one statistic): sympy settles it
                q = order_query(X, Y, Pi, 1)
                results[1] = Result(q.id, q.statement, Verdict.PROVED, results[1].seconds, IDENTITY)
        if 1 in results and results[1].proved and not (-1 in results and results[-1].proved):
            q = order_query(X, Y, Pi, -1)
            results[-1] = Result(q.id, q.statement, Verdict.UNKNOWN, 0.0, "not asked",
                                 reason="'same' was proved: 'reversed' holds only if X is constant there")
        method = results[1].method if results[1].proved else results[-1].method if results[-1].proved else ""
        if not (results[1].proved or results[-1].proved) and not (results[1].refuted and results[-1].refuted):
            # z3 undecided: the identity decides M against −M, or R³ against √R, at once
            for d in ((1, -1) if rel is not None and rel[0] == 0 else (rel[0],) if rel is not None else ()):
                if not results[d].refuted:  # (a validated witness and the identity never meet)
                    q = order_query(X, Y, Pi, d)
                    results[d] = Result(q.id, q.statement, Verdict.PROVED, time.perf_counter() - t0, rel[1],
                                        reason=rel[1])
                    method = rel[1]
        if not (results[1].proved or results[-1].proved) and not (results[1].refuted and results[-1].refuted):
            say("importance derivation (sympy)")
            got = _by_importance(X, Y, Pi, deadline, decider) if time.perf_counter() < deadline - 1 else None
            if got is not None:
                d, how = got
                q = order_query(X, Y, Pi, d)
                results[d] = Result(q.id, q.statement, Verdict.PROVED, time.perf_counter() - t0, how,
                                    reason=how)
                method = how
        if domains is None:
            say("z3: are the domains equal on Π?")
            domains = _decide(decider, dq, deadline, 1, None, X, Y, Pi)
    finally:
        if own:
            decider.close()
    same, rev = results[1], results[-1]
    if same.proved:
        kind = Agreement.SAME
    elif rev.proved:
        kind = Agreement.REVERSED
    elif same.refuted and rev.refuted:
        kind, method = Agreement.DIFFERENT, same.method
    else:
        kind = Agreement.UNKNOWN
    if method.startswith("z3"):
        method = "z3" + (" (non-algebraic functions abstracted as monotone)" if "abstracted" in method else "")
    return Comparison(X, Y, Pi, kind, method, same, rev, domains, time.perf_counter() - t0)
