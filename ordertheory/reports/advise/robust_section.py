"""advise's section "Whatever the score": which pairs of entities every ranking score orders alike, which depend
on the score, and how sure — :func:`~ordertheory.ranking.robust.report.robust_report`, rendered (Markdown, its
figures, its claims in report.json with the command that recomputes them), and the note under the results table.

It answers the question behind every argument about a leaderboard's score: a pair in the robust order keeps
its order whatever score the organiser picks (at the level, Holm over the pairs); a pair that depends on the
importance is ordered by the organiser's choice of score, not by the data.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from ordertheory.ranking.robust.figures import draw_order, draw_regions
from ordertheory.ranking.robust.report import RobustReport, robust_report
from ordertheory.ranking.robust.robust_order import RULE, Relation
from ordertheory.ranking.uncertainty.resample import Plan, Resampling

SHOWN = 12  # pairs listed per relation in the Markdown (all of them in report.json)


def compute(lb, plan: Plan | None, level: float, samples, predictions, jobs: int, scheduler, deadline: float,
            room: bool) -> RobustReport | None:
    """The robust order for the report (None: no resampling, or no time left: ``room`` False)."""
    if plan is None or not room or not (lb.space.is_binary or lb.space.is_crisp_multiclass) or lb.sparse:
        return None
    return robust_report(lb, plan, level, samples, predictions, None, jobs, scheduler, deadline=deadline)


def note(r: RobustReport | None) -> list[str]:
    """The note under the results table: what no choice of score changes."""
    if r is None or r.order is None:
        return []
    c = r.order.counts()
    return [f"Whatever the score: of {len(r.order.pairs)} pairs, {c['every']} keep their order for every ranking "
            f"score and {c['depends']} are ordered by the choice of score (at {r.order.level:.0%}, Holm over the "
            "pairs; see *Whatever the score* below): no choice of score reverses the first (at the level); the order "
            "of the second is the organiser's choice of importance.", ""]


def figures(r: RobustReport | None, out: Path) -> dict[str, str]:
    """The Hasse diagram and the regions of the pairs that depend, into ``out``."""
    if r is None or r.order is None:
        return {}
    figs = {"robust": Path(draw_order(r.order.diagram(), out / "robust_order.png",
                                      f"better for every importance at {r.order.level:.0%}")).name}
    for m in r.regions:
        figs[f"regions:{m.a}:{m.b}"] = Path(draw_regions(m, out / f"regions_{len(figs)}.png")).name
    return figs


def _pairs(r: RobustReport, rel: Relation) -> str:
    chosen = [p for p in r.order.pairs if p.relation is rel]
    shown = "; ".join(f"{p.a} > {p.b} (P = {p.p_every:.3f})" if rel is Relation.EVERY else
                      f"{p.a} ({', '.join(p.a_above_at)}) vs {p.b} ({', '.join(p.b_above_at)})" for p in chosen[:SHOWN])
    return (shown + (f"; and {len(chosen) - SHOWN} more" if len(chosen) > SHOWN else "")) or "none"


def section(r: RobustReport | None, figs: dict[str, str]) -> list[str]:
    """The Markdown section."""
    if r is None:
        return []
    L = ["## Whatever the score: pairs no ranking score can overturn", ""]
    if r.order is None:
        return L + [f"Not computed: {r.reason}.", ""]
    o = r.order
    c = o.counts()
    L += [f"Which entity is better than which **for every ranking score** (every importance): {o.reading.why}. "
          f"Under {o.plan.describe()}, level {o.level:.0%}: {c['every']} pairs hold for every importance, "
          f"{c['depends']} depend on it, {c['some']} are shown in one direction for some importance only, "
          f"{c['not separated']} are not separated.", "",
          f"The rule: {RULE}. Holm's correction bounds the chance that any of these claims is wrong by "
          f"{1 - o.level:.0%} (docs/robust.md says why the rule is calibrated).", ""]
    if "robust" in figs:
        L += [f"![better for every importance: the Hasse diagram]({figs['robust']})", ""]
    L += [f"- **for every importance**: {_pairs(r, Relation.EVERY)}",
          f"- **depends on the importance** (where each is better): {_pairs(r, Relation.DEPENDS)}", ""]
    for m in r.regions:
        name = figs.get(f"regions:{m.a}:{m.b}")
        sh = m.shares()
        L += [f"{m.a} against {m.b}: {m.a} is separated above on {sh[m.a]:.0%} of the Tile, {m.b} on {sh[m.b]:.0%}, "
              f"neither on {sh['neither']:.0%} (at {m.level:.0%} over the whole Tile at once, numeric)."
              + (f"\n\n![Tile regions of {m.a} and {m.b}]({name})" if name else ""), ""]
    L += [f"note: {n}" for n in o.notes] + ([""] if o.notes else [])
    return L


def claims(r: RobustReport | None, source: str, samples, predictions) -> dict:
    """report.json's part, with the command that recomputes it."""
    if r is None:
        return {}
    out = r.to_json()
    if r.order is not None:
        p = r.order.plan
        cmd = (f"ordertheory rank {shlex.quote(source)} --over-tile --uncertainty "
               f"{'posterior' if p.method is Resampling.POSTERIOR else 'bootstrap'} --draws {p.draws} --seed {p.seed}"
               f"{'' if p.alpha is None else f' --alpha {p.alpha:g}'} --level {r.order.level:g}"
               + (f" --samples {samples}" if samples is not None else "")
               + (f" --predictions {shlex.quote(predictions.source)}" if predictions is not None
                  and predictions.source != source else "") + " --json")
        out["robust_order"]["command"] = cmd
    return {"robust": out}
