"""The organiser's report as files: ``report.md``, ``report.html`` (the ``markdown`` package, in the
``plot`` extra with matplotlib; without it the command says why there is none), ``report.json`` with
every claim and the command that checks it, and the figures.

Deterministic: stable order, no timestamps, figures written without a version stamp — the same
leaderboard and options give the same bytes. Each claim in ``report.json`` names the individual
command (``rank``, ``compare --leaderboard``, ``importance``) whose ``--json`` output gives the
same value, so the report can be checked claim by claim (tests/unit/test_advise.py does).
"""

from __future__ import annotations

import json
import shlex
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np

from ordertheory.analyses.importance.importance import ImportanceKind
from ordertheory.engine.result import jsonable
from ordertheory.errors import InvalidInput
from ordertheory.ranking.tile_maps.plot import LABELS, NAMED, draw, positions
from ordertheory.ranking.uncertainty.resample import Resampling
from ordertheory.reports.advise import robust_section
from ordertheory.reports.advise import uncertainty_figures as figures
from ordertheory.reports.advise.advise import Advice, ScoreAdvice
from ordertheory.reports.advise.recommend import RULE

try:  # the 'plot' extra: pip install 'ordertheory[plot]'
    import markdown as _markdown
except ImportError:  # pragma: no cover - exercised only without the extra
    _markdown = None
NO_HTML = "report.html not written: the markdown package is missing (pip install 'ordertheory[plot]')"

TOP = 15  # ranking rows shown per score in the Markdown (all of them in report.json)


def _slug(text: str) -> str:
    keep = "".join(c if c.isalnum() else "_" for c in text)
    return keep.strip("_")[:40] or "score"


def commands(adv: Advice, s: ScoreAdvice) -> dict:
    """The individual commands whose ``--json`` checks the claims about ``s``."""
    f = shlex.quote(adv.source)
    q = shlex.quote(s.text)
    o = adv.options
    out = {"fitness": f"ordertheory rank {f} --score {q} --json"}
    space = adv.leaderboard.space
    prior = adv.leaderboard.common_prior()
    imp = f"ordertheory importance {q}"
    if s.scored:
        imp += f" --space {s.score.space.name}"
    elif not space.is_binary:
        imp += f" --space multiclass:{space.classes}"
    if prior is not None and all(p != 0 for p in prior):
        imp += " --prior " + (str(prior[1]) if space.classes == 2 else ",".join(str(p) for p in prior))
    if not (s.scored and s.importance.kind is ImportanceKind.UNKNOWN):  # unknown by design: Ω not written out
        out["importance"] = imp + " --json"
    if s.uncertainty is not None and s.scored:
        kind = "posterior" if s.uncertainty.plan.method is Resampling.BAYESIAN_BOOTSTRAP else "bootstrap"
        out["uncertainty"] = (f"ordertheory rank {f} --score {q} --uncertainty {kind} --draws {o.plan.draws} "
                              f"--seed {o.plan.seed} --level {o.level:g} --no-check --json")
    elif s.uncertainty is not None:
        p = o.plan
        u = (f"ordertheory rank {f} --score {q} --uncertainty "
             f"{'posterior' if p.method is Resampling.POSTERIOR else 'bootstrap'} --draws {p.draws} "
             f"--seed {p.seed}{'' if p.alpha is None else f' --alpha {p.alpha:g}'} --level {o.level:g}")
        if o.samples is not None:
            u += f" --samples {o.samples}"
        if adv.predictions is not None and adv.predictions.source != adv.source:
            u += f" --predictions {shlex.quote(adv.predictions.source)}"
        out["uncertainty"] = u + " --no-check --json"
    sp = "" if space.is_binary else f" --space multiclass:{space.classes}"
    out["compare"] = {t: f"ordertheory compare {q} {shlex.quote(t)} --leaderboard {f}{sp} --json" for t in s.versus}
    return out


def claims(adv: Advice) -> dict:
    """Every claim of the report, with the command that checks it (``report.json``)."""
    lb = adv.leaderboard
    out = {"verdict": "unknown" if adv.stopped else "numeric", "leaderboard": adv.source, "entities": len(lb), "space": lb.space.name,
           "Pi": adv.Pi, "counts": lb.provenance.conversion,
           "uncertainty": None if adv.options.plan is None or adv.no_uncertainty else
           {**adv.options.plan.to_json(), "level": adv.options.level, "samples": adv.options.samples},
           "no_uncertainty": adv.no_uncertainty, "recommended": [s.text for s in adv.recommended()],
           "decision": None if adv.decision is None else adv.decision.to_json(), "partial": adv.stopped,
           "notes": list(adv.notes), "scores": []}
    for s in adv.scores:
        row = {"score": s.text, "formula": s.score.formula, "fitness": s.fitness.verdict.value,
               "importance": {"kind": s.importance.kind.value,
                              "importance": None if s.importance.importance is None else
                              {o: str(v) for o, v in s.importance.importance.items()},
                              "tile": None if s.tile_point is None else {"a": s.tile_point[0], "b": s.tile_point[1]}},
               "ranking": [{"entity": e.name, "rank": e.rank} for e in s.ranking.entries],
               "versus": {t: {"tau_b": c.tau_b, "discordant": c.discordant} for t, c in s.versus.items()},
               "recommended": s.recommended, "reasons": list(s.reasons), "commands": commands(adv, s)}
        if s.uncertainty is not None:
            u = s.uncertainty
            row["uncertainty"] = {"rank_intervals": {e.name: list(e.rank_interval) if e.rank_interval else None
                                                     for e in u.entities},
                                  "not_separated": [[p.a, p.b] for p in u.not_separated()],
                                  "tied_groups": [list(g) for g in u.tied_groups()],
                                  "tiers": u.tiers().to_json(),
                                  "solid": list(u.solid()), "kendall_tau": u.tau_summary()}
        out["scores"].append(row)
    if adv.tile is not None:
        out["tile"] = adv.tile.to_json(adv.options.level)
    out.update(robust_section.claims(adv.robust, adv.source, adv.options.samples, adv.predictions))
    if adv.winners is not None:
        ids, counts = np.unique(adv.winners, return_counts=True)
        out["tile_winners"] = {"resolution": int(adv.winners.shape[0]), "is": "exact at each grid point",
                               "share": {lb.names[int(i)]: int(c) / adv.winners.size for i, c in zip(ids, counts)
                                         if i >= 0}}
    return jsonable(out)


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    return ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|",
            *("| " + " | ".join(r) + " |" for r in rows)]


def _fmt(x: float | None, d: int = 6) -> str:
    return "–" if x is None else f"{x:.{d}f}"


def markdown(adv: Advice, figs: dict[str, str]) -> str:
    """The report's Markdown text (figures referenced by their file names in ``figs``)."""
    lb, o = adv.leaderboard, adv.options
    L = ["# Which score should rank this leaderboard?", "",
         f"Leaderboard `{adv.source}`: {len(lb)} entities on Ω = {lb.space.name}; numbers: "
         f"{lb.provenance.conversion}. Every test of a score is decided on Π = {adv.Pi} (the entities' common "
         "class priors when they share them exactly, else every performance).", ""]
    if adv.stopped:
        L += [f"**Partial report**: {adv.stopped}. What follows was decided before the deadline.", ""]
    if adv.no_uncertainty:
        L += [f"**No uncertainty**: {adv.no_uncertainty}. The ranks below are exact for the performances given, "
              "but nothing here says how sure they are.", ""]
    else:
        L += [f"Uncertainty: {o.plan.describe()}; level {o.level:.0%}; counts: "
              f"{adv.scores[0].uncertainty.origin if adv.scores else ''}.", ""]
    L += ["## Recommendation", ""]
    d = adv.decision
    if d is not None:
        L += [f"**{d.kind.value.capitalize()}**" + (f": **{', '.join(d.recommended)}**" if d.recommended else "")
              + f". {d.text}", "", f"The rule: {RULE}", ""]
    for n in adv.notes:
        L += [f"- note: {n}"]
    if adv.notes:
        L.append("")
    rows = []
    for s in adv.scores:
        share = s.separated_share()
        tp = "–" if s.tile_point is None else f"({s.tile_point[0]}, {s.tile_point[1]})"
        rows.append([f"`{s.text}`", s.fitness.verdict.value, s.importance.kind.value, tp,
                     "–" if share is None else f"{share[0]} / {share[1]}",
                     "–" if s.uncertainty is None else str(len(s.uncertainty.tiers().groups)),
                     "**yes**" if s.recommended else "no"])
    L += _table(["score", "fit for ranking on Π", "importance", "Tile (a, b)", "adjacent pairs separated",
                 "tiers (Holm)", "recommended"], rows) + [""] + robust_section.note(adv.robust)
    L += ["## How the candidates order the entities", "",
          "Kendall τ-b between the rankings (numeric) and the number of discordant pairs (exact: one score puts A "
          "strictly above B, the other strictly below).", ""]
    names = [s.text for s in adv.scores]
    rows = [[f"`{a.text}`"] + ["1" if a.text == b else f"{a.versus[b].tau_b:.4f} ({a.versus[b].discordant})"
                                if a.versus[b].tau_b is not None else f"– ({a.versus[b].discordant})"
                                for b in names] for a in adv.scores]
    L += _table(["τ-b (discordant pairs)"] + [f"`{n}`" for n in names], rows) + [""]
    if "tau" in figs:
        L += [f"![Kendall τ of the draws' rankings]({figs['tau']})", "",
              "Each violin: Kendall τ-b between a draw's ranking and the observed one, over the draws.", ""]
    for s in adv.scores:
        L += _score_section(adv, s, figs)
    if adv.winners is not None:
        L += _winners_section(adv, figs)
    elif not adv.leaderboard.space.is_binary:
        L += ["## The Tile", "", f"On {adv.leaderboard.space.name} the Tile is every importance I; `ordertheory winners` "
              "and `rank --over-tile` decide who can rank first and each entity's best and worst rank over it, "
              "exactly (any k).", ""]
    if adv.tile is not None:
        L += _tile_section(adv, figs)
    L += robust_section.section(adv.robust, figs)
    L += ["## Where the theory changes the picture", "",
          "These performances are pooled: one confusion matrix per entity over all test cases, the object the "
          "axioms order. challengeR ranks per-case means of a metric (the mean of per-image scores, say); for a "
          "ranking score R_I the pooled value is *not* the mean of per-case values, and two entities can swap "
          "places between the two. The resampling here redraws the pooled test set (or its cases, jointly for "
          "all entities) and ranks each draw by the same score on the pooled performance, so every rank interval "
          "is an interval of the ranking the axioms justify.", "",
          "## How to check this report", "",
          "`report.json` holds every claim with the command that recomputes it (`rank --json` for fitness, "
          "ranks, rank intervals and tied groups — same draws, seed and prior; `compare --leaderboard --json` "
          "for τ-b and discordant pairs; `importance --json` for the importance and the Tile position).", ""]
    return "\n".join(L)


def _score_section(adv: Advice, s: ScoreAdvice, figs: dict[str, str]) -> list[str]:
    L = [f"## `{s.text}`", "", f"Formula: `{s.score.formula}`.", ""]
    L += [f"- {r}" for r in s.reasons] + [""]
    if s.fitness.lines:
        L += ["```text", *s.fitness.lines, "```", ""]
    u = s.uncertainty
    entries = [e for e in s.ranking.entries]
    shown = entries if len(entries) <= TOP + 5 else entries[:TOP]
    if u is None:
        rows = [[str(e.rank or "–"), e.name, "undefined" if e.value is None else f"{float(e.value):.6f}"]
                for e in shown]
        L += _table(["rank", "entity", "value"], rows)
    else:
        by = {e.name: e for e in u.entities}
        nxt = {p.a: p for p in u.adjacent()}
        tiers = u.tiers()
        rows = []
        for e in shown:
            ue = by[e.name]
            iv = "–" if ue.value_interval is None else f"[{ue.value_interval[0]:.6f}, {ue.value_interval[1]:.6f}]"
            ri = "–" if ue.rank_interval is None else f"[{ue.rank_interval[0]}, {ue.rank_interval[1]}]"
            p = nxt.get(e.name)
            sep = tiers.separated_from.get(e.name, ())
            rows.append([str(e.rank or "–"), e.name, _fmt(ue.value), iv, ri, "" if p is None else f"{p.p_above:.4f}",
                         tiers.letters.get(e.name, "–"), ", ".join(sep[:8]) + (f" and {len(sep) - 8} more" if len(sep) > 8
                                                                              else "") or "none"])
        L += _table(["rank", "entity", "value", f"{u.level:.0%} interval", "rank interval", "P(above next)", "tier",
                     "separated from"], rows)
    if len(shown) < len(entries):
        L += ["", f"… and {len(entries) - len(shown)} more (all of them in `report.json`)."]
    L.append("")
    if u is not None:
        bad = u.not_separated()
        L += [f"Not separated at {u.level:.0%} (P(upper ranks above lower) < {u.level:g}): "
              + (", ".join(f"{p.a} ~ {p.b} ({p.p_above:.3f})" for p in bad[:12])
                 + (f" and {len(bad) - 12} more" if len(bad) > 12 else "") if bad else "none") + ".", ""]
        L += [line + "." for line in tiers.lines(10)] + [""]
        if u.draws_note():
            L += [f"note: {u.draws_note()}.", ""]
        L += ["A tier holds entities no two of which are separated (a two-sided test at the level, Holm's "
              "correction over every pair); tiers may overlap, and the letters say which an entity belongs to.", ""]
        methods = sorted({p.method for p in u.adjacent()})
        L += [f"P(above next): {'; '.join(methods)}. Value intervals: "
              f"{'; '.join(sorted({e.value_method for e in u.entities}))}.", ""]
        L += [f"note: {n}" for n in u.notes] + ([""] if u.notes else [])
        if u.delong is not None:
            L += [line + "." for line in u.delong.lines()] + [""]
        for key, what in (("blob", "blob plot"), ("sig", "significance map")):
            name = figs.get(f"{key}:{s.text}")
            if name:
                L += [f"![{what} of {s.text}]({name})", ""]
    return L


def _winners_section(adv: Advice, figs: dict[str, str]) -> list[str]:
    L = ["## The Tile: who ranks first for each importance", "",
         f"For every ranking score R_(a,b) of a {adv.winners.shape[0]} × {adv.winners.shape[0]} grid, the entity "
         "ranked first, exactly (no resampling: this needs no test-set sizes). The candidates are marked where "
         "they sit on the Tile: choosing a score is choosing a point here.", ""]
    if "winners" in figs:
        L += [f"![winner of each R_(a,b)]({figs['winners']})", ""]
    ids, counts = np.unique(adv.winners, return_counts=True)
    rows = sorted(((adv.leaderboard.names[int(i)], int(c) / adv.winners.size) for i, c in zip(ids, counts) if i >= 0),
                  key=lambda r: (-r[1], r[0]))
    return L + _table(["entity", "share of the grid where it ranks first"], [[n, f"{sh:.1%}"] for n, sh in rows]) + [""]


def _tile_section(adv: Advice, figs: dict[str, str]) -> list[str]:
    t = adv.tile
    L = ["## The Tile: who can win, and how sure", "",
         f"P(the entity ranks first) for every R_(a,b) on a {t.resolution} × {t.resolution} grid, and each entity's "
         f"best and worst rank over the grid, under {t.plan.describe()} (numeric).", ""]
    if "tile" in figs:
        L += [f"![win probability over the Tile]({figs['tile']})", ""]
    rows = sorted(t.entity_summary(adv.options.level), key=lambda r: (-r["p_first_max"], r["entity"]))
    shown = [r for r in rows if r["p_first_max"] > 0][:TOP] or rows[:5]
    L += _table(["entity", "max P(first)", "at (a, b)", "best rank over the Tile", "worst rank over the Tile"],
                [[r["entity"], f"{r['p_first_max']:.3f}", f"({r['p_first_max_at']['a']}, {r['p_first_max_at']['b']})",
                  str(r.get("best_rank_interval")), str(r.get("worst_rank_interval"))] for r in shown])
    return L + [""]


def draw_figures(adv: Advice, out: Path) -> dict[str, str]:
    """Every figure of the report into ``out``; {key: file name}: the Tile's winner map (two classes) whatever
    the data, the figures of uncertainty when there is some. Without matplotlib: none (InvalidInput says why)."""
    figs: dict[str, str] = {}
    if adv.winners is not None:
        marks = {s.text: tuple(Fraction(x) for x in s.tile_point) for s in adv.scores if s.tile_point is not None}
        draw(adv.winners, "winner of R_(a,b) (exact); ▲ the candidate scores", "winner", str(out / "tile_winners.png"),
             marks or positions(NAMED), adv.leaderboard.names)
        figs["winners"] = "tile_winners.png"
    taus = {}
    for s in adv.scores:
        if s.uncertainty is None:
            continue
        slug = _slug(s.text)
        figs[f"blob:{s.text}"] = figures.blob_plot(s.uncertainty, out / f"blob_{slug}.png", f"{s.text}: rank "
                                                   f"over {s.uncertainty.plan.draws} draws").name
        figs[f"sig:{s.text}"] = figures.significance_map(s.uncertainty, out / f"significance_{slug}.png").name
        taus[s.text] = s.uncertainty.tau
    if taus:
        figs["tau"] = figures.tau_distribution(taus, out / "kendall_tau.png", adv.options.level).name
    if adv.tile is not None:
        figs["tile"] = figures.win_probability_tile(adv.tile, out / "win_probability_tile.png",
                                                    positions(NAMED), LABELS).name
    figs.update(robust_section.figures(adv.robust, out))
    return figs


def write_report(adv: Advice, out: str | Path) -> dict[str, Path]:
    """report.md, report.json, the figures (and report.html with the markdown package) into ``out``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    try:
        figs = draw_figures(adv, out)
    except InvalidInput as exc:  # matplotlib missing: the report without its figures, and why
        figs = {}
        adv = replace(adv, notes=adv.notes + (f"figures not drawn: {exc}",))
    text = markdown(adv, figs)
    files = {"report.md": out / "report.md", "report.json": out / "report.json"}
    files["report.md"].write_text(text, encoding="utf-8")
    files["report.json"].write_text(json.dumps(claims(adv), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if _markdown is not None:
        body = _markdown.markdown(text, extensions=["tables", "fenced_code"])
        files["report.html"] = out / "report.html"
        files["report.html"].write_text("<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>ordertheory "
                                        "advise</title><style>body{font-family:sans-serif;max-width:70em;margin:auto}"
                                        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
                                        "img{max-width:100%}</style></head><body>\n" + body + "\n</body></html>\n",
                                        encoding="utf-8")
    for name in figs.values():
        files[name] = out / name
    return files
