"""The one door to "better for every importance" on a leaderboard: the robust order under resampling, the
Tile's regions of the pairs that depend on the importance, ROC-hull dominance when the predictions carry
scores, and their pictures — one JSON-able result that ``rank --over-tile --uncertainty``, ``advise`` and the
playground read alike.

Past a guard (entities, comparisons, draws, the deadline) a part is ``unknown`` with its reason, never a guess;
bad input is :class:`~ordertheory.errors.InvalidInput` (one line).

>>> import io
>>> from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
>>> from ordertheory.ranking.uncertainty.resample import Plan, Resampling
>>> lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\\nA,950,50,50,950\\nB,800,200,200,800\\n"
...     "C,990,10,300,700\\n"))
>>> r = robust_report(lb, Plan(Resampling.POSTERIOR, draws=400), resolution=11)
>>> r.verdict, r.to_json()["robust_order"]["edges"], [(m.a, m.b) for m in r.regions]
('numeric', [['A', 'B']], [('A', 'C'), ('B', 'C')])
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ordertheory.errors import ResourceLimit
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard
from ordertheory.ranking.leaderboards.per_sample import Predictions
from ordertheory.ranking.robust.figures import draw_order, draw_regions
from ordertheory.ranking.robust.regions import RegionMap, tile_regions
from ordertheory.ranking.robust.robust_order import Relation, RobustOrder, robust_order
from ordertheory.ranking.robust.scored import ScoredRobust, scored_robust
from ordertheory.ranking.scored_ranking import ScoredLeaderboard
from ordertheory.ranking.tile_k.families import Family, parse_family
from ordertheory.ranking.uncertainty.resample import Plan

REGIONS = 4  # pairs that depend whose Tile regions are computed (the most separated first)


@dataclass(frozen=True)
class RobustReport:
    """The robust order (or why it is unknown), the regions, the scored part, the figures written."""

    order: RobustOrder | None
    reason: str | None = None
    regions: tuple[RegionMap, ...] = ()
    scored: ScoredRobust | None = None
    scored_reason: str | None = None
    figures: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        """Whether every part was computed (no guard or deadline stopped one)."""
        return not (self.reason or self.scored_reason)

    @property
    def verdict(self) -> str:
        """The JSON's word: 'numeric' (a statistical result, computed) or 'unknown' (a part stopped, with its reason)."""
        return "numeric" if self.complete else "unknown"

    def to_json(self) -> dict:
        out = (self.order.to_json() if self.order is not None else
               {"robust_pairs": None, "robust_order": {"verdict": "unknown", "reason": self.reason}})
        if self.regions:
            out["robust_regions"] = [r.to_json() for r in self.regions]
        if self.scored is not None or self.scored_reason:
            out["robust_scored"] = (self.scored.to_json() if self.scored is not None else
                                    {"verdict": "unknown", "reason": self.scored_reason})
        if self.figures:
            out["robust_figures"] = list(self.figures)
        return out

    def lines(self) -> list[str]:
        out = self.order.lines() if self.order is not None else [f"better for every importance: unknown — {self.reason}"]
        for r in self.regions:
            sh = r.shares()
            out.append(f"Tile regions of {r.a} vs {r.b} at {r.level:.0%} (simultaneous over the Tile, numeric): "
                       f"{r.a} above on {sh[r.a]:.0%}, {r.b} above on {sh[r.b]:.0%}, neither on {sh['neither']:.0%}")
        if self.scored is not None:
            out += self.scored.lines()
        elif self.scored_reason:
            out.append(f"ROC-hull dominance: unknown — {self.scored_reason}")
        if self.figures:
            out.append("drawn: " + ", ".join(self.figures))
        return out


def _file(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)[:60]


def robust_report(lb: Leaderboard, plan: Plan, level: float = 0.95, samples: int | None = None,
                  predictions: Predictions | None = None, family: Family | str | None = None, jobs: int | None = 1,
                  scheduler: str | None = None, progress=None, deadline: float | None = None, out: str | None = None,
                  regions: int = REGIONS, resolution: int = 51) -> RobustReport:
    """Everything about 'better for every importance' on ``lb`` (see the module); ``out``: a folder for the
    Hasse diagram (robust_order.png) and the regions' maps (regions_A_B.png)."""
    family = parse_family(family)
    family = None if family is Family.ALL else family
    try:
        order = robust_order(lb, plan, level, samples, predictions, family, jobs, scheduler, progress, deadline)
        reason = None
    except ResourceLimit as exc:
        order, reason = None, str(exc)
    maps: list[RegionMap] = []
    if order is not None and lb.space.is_binary and family is None:
        depend = sorted((p for p in order.pairs if p.relation is Relation.DEPENDS),
                        key=lambda p: (p.p_holm if p.p_holm is not None else 1.0, p.a, p.b))
        maps = [tile_regions(lb, p.a, p.b, plan, level, resolution, samples, predictions) for p in depend[:regions]]
    scored, scored_reason = None, None
    if predictions is not None and predictions.scores is not None:
        try:
            scored = scored_robust(ScoredLeaderboard.from_predictions(predictions), plan.draws, plan.seed, level, jobs,
                                   scheduler, deadline)
        except ResourceLimit as exc:
            scored_reason = str(exc)
    figures: list[str] = []
    if out is not None and order is not None:
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        figures.append(draw_order(order.diagram(), folder / "robust_order.png",
                                  f"better for every importance at {level:.0%} (Holm over the pairs; "
                                  f"{plan.method.value}); {order.reading.statement}"))
        figures += [draw_regions(m, folder / f"regions_{_file(m.a)}_{_file(m.b)}.png") for m in maps]
    return RobustReport(order, reason, tuple(maps), scored, scored_reason, tuple(figures))
