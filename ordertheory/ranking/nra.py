"""The Tile's questions as non-linear real arithmetic, decided by z3 through the engine's decider
(:func:`ordertheory.engine.prove.prove`: its cache, its time limit) — the independent second path
that the exact geometry of :mod:`~ordertheory.ranking.standing` is checked against.

For entity e and the entities whose comparison g_{j,e}(a, b) changes sign on the Tile, "at every
(a, b) of the Tile where e is defined, at least k of them are above e" is an obligation: *proved*
(unsat of its negation) bounds e's rank, *refuted* comes with z3's point, which is re-checked in
Fractions (rounded, or moved onto the tie curve it sits on; an algebraic point that no rational
neighbour reproduces is reported to 40 digits with ``exact: false``).

>>> import io
>>> from ordertheory.ranking.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\nC,1,1,1,7\\nD,1,2,2,1\\n"))
>>> q = Query(lb, 3)
>>> q.at_least(1, timeout=20).verdict.label     # D is always beaten by someone: proved
'proved'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Result
from ordertheory.ranking.bilinear import Bilinear, beats, denominator, rank_at, split
from ordertheory.ranking.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)


@dataclass(frozen=True)
class ModelPoint:
    """z3's point (a, b) and rational points near it (for the exact re-check)."""

    a: Fraction
    b: Fraction
    candidates: tuple[tuple[Fraction, Fraction], ...]
    count: int  # crossing entities above e at z3's exact point


def _touches(g: Bilinear) -> bool:
    """g ≤ 0 on the Tile reaches 0 somewhere: its maximum, at a corner, is 0."""
    return max(g.c0, g.c0 + g.c1, g.c0 + g.c2, g.c0 + g.c1 + g.c2 + g.c3) == 0


class Query:
    """The obligations about one entity: its count of crossing entities above it, bounded."""

    def __init__(self, lb: Leaderboard, e: int) -> None:
        self.lb, self.e = lb, e
        self.always, never, self.crossing = split(lb, e)
        P = lb.performances[e]
        # above or level somewhere: the crossing ones, then those never above (level on an edge, or
        # everywhere: two perfect classifiers) — not identical performances (tied by Axiom 1)
        self.others = self.crossing + [o for o in never if lb.performances[o] != P and _touches(beats(lb, o, e))]
        self.gs = [beats(lb, o, e).scaled() for o in self.others]
        self.ds = [denominator(lb, o).scaled() for o in self.others]
        # defined on the whole Tile (E_P[I] is affine in (a, b): positive at the four corners)
        self.defined = [min(d.c0, d.c0 + d.c1, d.c0 + d.c2, d.c0 + d.c1 + d.c2) > 0 for d in self.ds]
        self.d = denominator(lb, e).scaled()

    def _terms(self, env: Env):
        a, b = env.Real("a"), env.Real("b")

        def term(g: Bilinear):
            return env.RealVal(g.c0) + env.RealVal(g.c1) * a + env.RealVal(g.c2) * b + env.RealVal(g.c3) * a * b

        base = [a >= 0, a <= 1, b >= 0, b <= 1, term(self.d) > 0]
        return a, b, base, [(term(g), term(d)) for g, d in zip(self.gs, self.ds)]

    def _crossing_terms(self, terms):
        return terms[:len(self.crossing)]

    def _count(self, env: Env, terms, strict: bool):
        """#{j above e} (strict), or #{j above e or level with it, j defined} (weak)."""
        one, zero = env.RealVal(1), env.RealVal(0)
        cond = [t > 0 if strict else t >= 0 if pos else env.Or(t > 0, env.And(t == 0, d > 0))
                for (t, d), pos in zip(terms, self.defined)]
        return env.Sum(*(env.If(c, one, zero) for c in cond)) if terms else zero

    def _obligation(self, k: int, at_least: bool, strict: bool = True) -> Obligation:
        name = self.lb.names[self.e]
        rel = "at least" if at_least else "at most"
        what = "above" if strict else "above or tied with"

        def build(env: Env):
            _, _, base, terms = self._terms(env)
            count = self._count(env, self._crossing_terms(terms) if strict else terms, strict)
            return base, (count >= env.RealVal(k)) if at_least else (count <= env.RealVal(k))

        def decode(env: Env, model) -> ModelPoint:
            a, b, _, terms = self._terms(env)
            return self._point(env, model, a, b, terms)

        return Obligation(f"tile/{name}/{rel}-{k}-{'strict' if strict else 'weak'}",
                          f"at every (a, b) of the Tile where {name} is defined, {rel} {k} of the "
                          f"{len(self.crossing) if strict else len(self.others)} entities "
                          f"{'whose comparison with it changes sign' if strict else 'not always above it'} are {what} it",
                          build, reference="the Tile (paper §5)", decode=decode)

    def at_least(self, k: int, timeout: float, strict: bool = True) -> Result:
        """Obligation "≥ k crossing entities above e everywhere" (strict: above; else above or tied)."""
        return prove(self._obligation(k, True, strict), timeout)

    def at_most(self, k: int, timeout: float) -> Result:
        """Obligation "≤ k crossing entities above e everywhere"."""
        return prove(self._obligation(k, False), timeout)

    def _point(self, env: Env, model, a, b, terms) -> ModelPoint:
        """Rational points near z3's (possibly algebraic) model: as given, rounded, and moved onto
        each tie curve through it (a rational b gives a rational a on a bilinear curve)."""
        va, vb = Env.evaluate_real(model, a), Env.evaluate_real(model, b)
        out = [(va, vb)]
        for digits in (10**6, 10**12, 10**20):
            ra, rb = Fraction(round(va * digits), digits), Fraction(round(vb * digits), digits)
            out.append((ra, rb))
            for g, (t, _) in zip(self.gs, terms):
                if Env.evaluate_bool(model, t == 0):
                    sa, sb = g.solve_a(rb), g.solve_b(ra)
                    if sa is not None:
                        out.append((sa, rb))
                    if sb is not None:
                        out.append((ra, sb))
        count = sum(1 for t, _ in self._crossing_terms(terms) if Env.evaluate_bool(model, t > 0))
        return ModelPoint(va, vb, tuple(p for p in out if 0 <= p[0] <= 1 and 0 <= p[1] <= 1), count)

    def best_rational(self, point: ModelPoint, better) -> tuple[int | None, tuple[Fraction, Fraction] | None]:
        """The best exact rank among the rational candidates of a model point."""
        best, at = None, None
        for a, b in point.candidates:
            r = rank_at(self.lb, self.e, a, b)
            if r is not None and (best is None or better(r, best)):
                best, at = r, (a, b)
        return best, at
