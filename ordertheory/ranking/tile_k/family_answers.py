"""The Tile's answers inside a family of importances: the answers found on the family's own space
(:func:`~ordertheory.ranking.tile_k.families.reduce`) lifted to importances of the leaderboard's space,
each re-checked there by the definition before it is an answer.

A witness is kept only when R_I, evaluated exactly for every entity at the lifted importance, puts
the entity where the answer says (first or last; alone, or level with whom); a "never" keeps the
certificate of the family's space (Farkas multipliers or a hull mixture, checked there), which holds
for the family because the reduction keeps the order of the entities at every member. Two entities
the family cannot tell apart (the same masses on its outcomes: level at every member) are tied, never
first alone, even when their performances differ.

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> from ordertheory.ranking.tile_k.families import reduce
>>> from ordertheory.ranking.tile_k.first_place import kclass_winners
>>> head = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))
>>> lb = read_leaderboard(io.StringIO(f"entity,{head}\\nA,4,1,0,0,4,1,0,1,4\\nB,5,0,0,1,3,1,0,0,5\\n"))
>>> red = reduce(lb, Family.CLASS_WEIGHTS)
>>> [(w.entity, w.outcome.value, {k: str(v) for k, v in w.weights}) for w in lift_answers(lb, red, kclass_winners(red.pseudo))]
[('A', 'wins', {'class 1': '1'}), ('B', 'wins', {'class 0': '1'})]
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction  # noqa: F401 (doctest)

from ordertheory.engine.result import Verdict
from ordertheory.performances.performance import Importance
from ordertheory.performances.sparse_importance import SparseImportance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, read_leaderboard  # noqa: F401 (doctest)
from ordertheory.ranking.tile.outcome import CanWin, Outcome, Place, RankRange
from ordertheory.ranking.tile_k.families import DESCRIPTION, Family, Member, Reduction
from ordertheory.ranking.tile_k.rechecks import values


def over(family: Family) -> str:
    """What "for some …" ranges over, in an answer's statement."""
    return f"member of the family {family.value} ({DESCRIPTION[family]})"


def _witness(red: Reduction, answer) -> object | None:
    """The answer's witness on the family's space: a point (a, b) (two parameters), or an importance
    by outcome name; None for an irrational point (z3's, rounded)."""
    if red.binary:
        at = answer.at if isinstance(answer, CanWin) else answer
        return None if at is None or not at.exact else (at.a, at.b)
    I = answer.importance if isinstance(answer, CanWin) else answer
    return None if I is None else I.as_dict()


def _lift(red: Reduction, witness: object | None) -> Member | None:
    return None if witness is None else red.lift(witness)


def standing(lb: Leaderboard, I: Importance | SparseImportance, e: int) -> tuple[int, int, tuple[int, ...]] | None:
    """(defined entities strictly above e, strictly below, level with it) at R_I, exactly; None where
    e is undefined."""
    v = values(lb, I)
    if v[e] is None:
        return None
    others = [(j, x) for j, x in enumerate(v) if j != e and x is not None]
    return (sum(1 for _, x in others if x > v[e]), sum(1 for _, x in others if x < v[e]),
            tuple(j for j, x in others if x == v[e]))


def lift_answers(lb: Leaderboard, red: Reduction, answers, place: Place = Place.FIRST) -> tuple[CanWin, ...]:
    """The answers of the family's space as answers about the leaderboard, each witness re-checked."""
    perfs, pseudo = lb.performances, red.pseudo.performances
    fam = over(red.family)
    out = []
    for e, a in enumerate(answers):
        name = lb.names[e]

        def answer(verdict, outcome, why, **kw) -> CanWin:
            return CanWin.of(name, verdict, outcome, a.result.method, over=fam, place=place, certificate=why,  # noqa: B023
                             smtlib=a.result.certificate, seconds=a.result.seconds, **kw)  # noqa: B023

        inside = f"on the family's own space ({red.path}): {a.certificate}"
        if a.outcome in (Outcome.NEVER, Outcome.UNKNOWN):
            out.append(answer(a.verdict, a.outcome, inside))
            continue
        member = _lift(red, _witness(red, a))
        st = None if member is None else standing(lb, member.importance, e)
        if st is None or (st[0] if place is Place.FIRST else st[1]):
            out.append(answer(Verdict.UNKNOWN, Outcome.UNKNOWN, "the witness did not lift to a member of the family "
                              f"where it is {place}, by the definition ({inside})"))
            continue
        level = st[2]
        others = [j for j in level if perfs[j] != perfs[e]]
        kw = {"importance": member.importance, "weights": tuple(member.weights.items()),
              "tied_with": tuple(lb.names[j] for j in level)}
        if a.outcome is Outcome.WINS and not others:
            out.append(answer(Verdict.PROVED, Outcome.WINS, f"{inside}; lifted to the leaderboard and re-checked "
                              "there in Fractions for every entity", **kw))
        elif a.outcome is Outcome.WINS and all(pseudo[j] == pseudo[e] for j in others):
            twins = ", ".join(lb.names[j] for j in others)
            out.append(answer(Verdict.REFUTED, Outcome.TIES, f"{place} only tied: {twins} weigh(s) the same as it on "
                              "every outcome of the family's space, so every member of the family puts them level "
                              "(performances that differ, but not in anything the family weighs)", **kw))
        elif a.outcome is Outcome.TIES:
            out.append(answer(Verdict.REFUTED, Outcome.TIES, inside, **kw))
        else:
            out.append(answer(Verdict.UNKNOWN, Outcome.UNKNOWN, f"the lifted witness puts it level with another ({inside})"))
    return tuple(out)


def _rank(lb: Leaderboard, member: Member | None, e: int) -> int | None:
    st = None if member is None else standing(lb, member.importance, e)
    return None if st is None else 1 + st[0]


def lift_ranges(lb: Leaderboard, red: Reduction, ranges, entities: list[int] | None = None) -> tuple[RankRange, ...]:
    """The rank ranges of the family's space (of ``entities``, by index; default all) as ranges over the
    family's members, each witnessed end re-checked on the leaderboard (the bounds proved there hold
    here: the order is the same)."""
    out = []
    for e, r in zip(range(len(lb)) if entities is None else entities, ranges):
        if red.binary:
            ends = ((r.rank_min, r.rank_min_at), (r.rank_max, r.rank_max_at))
            bounds = tuple((x, x) if x is not None else (1, len(lb)) for x, _ in ends)
        else:
            ends = ((r.rank_min, r.rank_min_importance), (r.rank_max, r.rank_max_importance))
            bounds = r.bounds
        lifted, reasons = [], [r.reason] if r.reason else []
        for (rank, w), side in zip(ends, ("best", "worst")):
            member = _lift(red, _witness(red, w)) if w is not None else None
            if rank is not None and _rank(lb, member, e) != rank:
                reasons.append(f"the {side} end's witness did not re-check on the leaderboard")
                rank, member = None, None
            lifted.append((rank, member))
        (lo, m_lo), (hi, m_hi) = lifted
        verdict = Verdict.PROVED if r.verdict is Verdict.PROVED and lo is not None and hi is not None else Verdict.UNKNOWN
        tied = r.tied_at_min
        rr = RankRange.over_importances(r.entity, [(lo, None if m_lo is None else m_lo.importance, bounds[0]),
                                                   (hi, None if m_hi is None else m_hi.importance, bounds[1])],
                                        verdict, r.result.method, "; ".join(reasons) or None, tied, r.result.seconds)
        statement = rr.result.statement.replace("over every importance I of the Tile on k classes (R_I)",
                                                f"over every {over(red.family)}")
        out.append(dataclasses.replace(rr, result=dataclasses.replace(rr.result, statement=statement), weights=(
            tuple(m_lo.weights.items()) if m_lo else (), tuple(m_hi.weights.items()) if m_hi else ())))
    return tuple(out)
