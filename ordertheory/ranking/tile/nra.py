"""The Tile's questions as non-linear real arithmetic, decided by z3 through the engine's one
decider (:class:`ordertheory.engine.prove.Decider`: the result cache, a solver process killed at its
deadline, a certificate) — the independent second path that the exact geometry of
:mod:`~ordertheory.ranking.tile.standing` is checked against.

For entity e and the entities whose comparison g_{j,e}(a, b) changes sign on the Tile, "at every
(a, b) of the Tile where e is defined, at least k of them are above e" is an obligation whose
counterexample is a point of the Tile: *proved* (no such point: the SMT-LIB certificate) bounds e's
rank, *refuted* comes with z3's point in exact values, which the caller re-checks in Fractions
(rounded, or moved onto the tie curve it sits on; an algebraic point that no rational neighbour
reproduces is reported to 40 digits with ``exact: false``). The query names, for each entity j, the
truth of "j is above e" and "j is level with e" at the point (``above_j``, ``level_j``), so that the
count and the tie curves are read exactly from the model even when (a, b) is algebraic.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,6,2,1,1\\nB,5,0,4,1\\nC,1,1,1,7\\nD,1,2,2,1\\n"))
>>> q = Query(lb, 3)
>>> q.at_least(1, timeout=20).verdict.label     # D is always beaten by someone: proved
'proved'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ordertheory.encoding.answer import Model
from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Decider, Obligation
from ordertheory.engine.result import Result
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.bilinear import Bilinear, beats, denominator, rank_at, split


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
        """(base, [(above_j, level_j, d_j > 0)]): e defined on the Tile, and for each other entity
        the named truths of "above e" and "level with e" at (a, b), with "defined there"."""
        a, b = env.Real("a"), env.Real("b")

        def term(g: Bilinear):
            return env.RealVal(g.c0) + env.RealVal(g.c1) * a + env.RealVal(g.c2) * b + env.RealVal(g.c3) * a * b

        base = [a >= 0, a <= 1, b >= 0, b <= 1, term(self.d) > 0]
        named = []
        for j, (g, d) in enumerate(zip(self.gs, self.ds)):
            above, level = env.Bool(f"above_{j}"), env.Bool(f"level_{j}")
            t = term(g)
            base += [above == (t > 0), level == (t == 0)]
            named.append((above, level, term(d) > 0))
        return base, named

    def _count(self, env: Env, named, strict: bool):
        """#{j crossing, above e} (strict), or #{j above e or level with it, j defined} (weak)."""
        one, zero = env.RealVal(1), env.RealVal(0)
        if strict:
            cond = [above for above, _, _ in named[:len(self.crossing)]]
        else:
            cond = [env.Or(above, level) if pos else env.Or(above, env.And(level, defined))
                    for (above, level, defined), pos in zip(named, self.defined)]
        return env.Sum(*(env.If(c, one, zero) for c in cond)) if cond else zero

    def obligation(self, k: int, at_least: bool, strict: bool = True) -> Obligation:
        """"At every point of the Tile, at least (at most) k …": its counterexample is a point of the
        Tile where the count is below (above) k."""
        name = self.lb.names[self.e]
        rel = "at least" if at_least else "at most"
        what = "above" if strict else "above or tied with"

        def query(env: Env) -> list:
            base, named = self._terms(env)
            count = self._count(env, named, strict)
            return [*base, count < env.RealVal(k) if at_least else count > env.RealVal(k)]

        names = ("a", "b", *(f"{w}_{j}" for j in range(len(self.others)) for w in ("above", "level")))
        return Obligation.counterexample(
            f"tile/{name}/{rel}-{k}-{'strict' if strict else 'weak'}",
            f"at every (a, b) of the Tile where {name} is defined, {rel} {k} of the "
            f"{len(self.crossing) if strict else len(self.others)} entities "
            f"{'whose comparison with it changes sign' if strict else 'not always above it'} are {what} it",
            query, decode=self._point, variables=names, sanity=self.sanity)

    def sanity(self, decider=None, budget: float = 0.0) -> Sanity:
        """The assumptions "(a, b) in the Tile, e defined there" (the named truths are definitions):
        a point of the Tile where E_P[I] > 0, checked exactly; E_P[I] is bilinear in (a, b), so its
        maximum on the Tile is at a corner — none positive: e is defined nowhere, the proof vacuous.
        A sanity maker: the decider's arguments are unused."""
        half = Fraction(1, 2)
        for a, b in ((half, half), (0, 0), (0, 1), (1, 0), (1, 1)):
            if self.d.sign_at(Fraction(a), Fraction(b)) > 0:
                return Sanity(SanityKind.MODEL, {"a": Fraction(a), "b": Fraction(b)},
                              "a point of the Tile where the entity is defined, checked in Fractions")
        return Sanity(SanityKind.VACUOUS, {}, "E_P[I] ≤ 0 at the Tile's four corners (bilinear): the entity is "
                      "defined nowhere on the Tile")

    def at_least(self, k: int, timeout: float, strict: bool = True) -> Result:
        """Obligation "≥ k crossing entities above e everywhere" (strict: above; else above or tied)."""
        return Decider(timeout).decide(self.obligation(k, True, strict))

    def at_most(self, k: int, timeout: float) -> Result:
        """Obligation "≤ k crossing entities above e everywhere"."""
        return Decider(timeout).decide(self.obligation(k, False))

    def _point(self, model: Model) -> ModelPoint:
        """Rational points near z3's (possibly algebraic, then rounded) point: as given, rounded, and
        moved onto each tie curve through it (a rational b gives a rational a on a bilinear curve);
        the count of crossing entities above e read from the model's exact truths."""
        va, vb = model["a"], model["b"]
        out = [(va, vb)]
        level = [j for j in range(len(self.others)) if model[f"level_{j}"]]
        for digits in (10**6, 10**12, 10**20):
            ra, rb = Fraction(round(va * digits), digits), Fraction(round(vb * digits), digits)
            out.append((ra, rb))
            for j in level:
                g = self.gs[j]
                sa, sb = g.solve_a(rb), g.solve_b(ra)
                if sa is not None:
                    out.append((sa, rb))
                if sb is not None:
                    out.append((ra, sb))
        count = sum(1 for j in range(len(self.crossing)) if model[f"above_{j}"])
        return ModelPoint(va, vb, tuple(p for p in out if 0 <= p[0] <= 1 and 0 <= p[1] <= 1), count)

    def best_rational(self, point: ModelPoint, better) -> tuple[int | None, tuple[Fraction, Fraction] | None]:
        """The best exact rank among the rational candidates of a model point."""
        best, at = None, None
        for a, b in point.candidates:
            r = rank_at(self.lb, self.e, a, b)
            if r is not None and (best is None or better(r, best)):
                best, at = r, (a, b)
        return best, at
