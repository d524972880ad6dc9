"""``ordertheory advise LEADERBOARD [--scores …] --out DIR``: the report an organiser publishes
beside a leaderboard — each candidate score's fitness, importance, Tile position, agreement with
the others, how sure its ranking is, and a recommendation with its reasons."""

from __future__ import annotations

import argparse
import sys
import time

from ordertheory.cli._uncertainty import (
    UNCERTAINTY_HELP,
    add_uncertainty_options,
    load_with_predictions,
    plan_from,
)
from ordertheory.cli.common import EXIT_OK, EXIT_UNKNOWN, add_timeout, emit_json, jobs, time_left

EPILOG = """Writes DIR/report.md, DIR/report.html (the 'plot' extra: matplotlib and markdown; without them the
command says what is missing), DIR/report.json (every claim with the individual command that checks it) and
the figures: for two classes the Tile's exact winner map with the candidates marked (always), and with
uncertainty blob plots, significance maps, the Kendall tau distribution of the draws' rankings and the
win-probability Tile. Uncertainty is on by default (the Dirichlet posterior) when the test sets are known:
counts, --samples N for a normalised leaderboard, or per-sample predictions (score:<entity> columns make
roc_auc, average_precision, brier, log_loss … candidates too); otherwise the report says why it has none.
A multi-task file (a task column) gets the multi-task report: per candidate its summarized ranking and check,
the pairs where the mean of the per-task scores disagrees, the statistics across tasks and a CD diagram.

The recommendation follows a stated rule: only a score proved fit for ranking; several fit candidates that
order the entities differently are the organiser's choice of importance (each one's place on the Tile is
listed), never picked by list order or by how well they separate the entities.
At --timeout the report is written with what was decided, and says what was not examined (exit 3).
JSON (--json): {ordertheory_version, verdict: "numeric" (or "unknown" when partial), out, files, recommended, decision, partial,
scores: [...]} (report.json).

exit codes: 0 report written, 2 bad input, 3 stopped at --timeout (a partial report is written).

""" + UNCERTAINTY_HELP


def register(subparsers) -> None:
    s = subparsers.add_parser("advise", help="the organiser's report: which score to rank with, and how sure the ranks are",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("file", help="leaderboard (.json or .csv; counts, or probabilities with --samples N), "
                   "or a per-sample predictions CSV")
    s.add_argument("--scores", help="comma-separated candidate scores (catalogue slugs or formulas); default: "
                   "accuracy, balanced_accuracy, f1, mcc, cohen_kappa (k classes: their multiclass forms); with "
                   "score:<entity> columns, also roc_auc, average_precision, pr_auc, brier, log_loss, ece, max_f1")
    s.add_argument("--out", required=True, help="folder for report.md, report.json and the figures")
    s.add_argument("--tile-draws", type=int, default=200, help="draws for the Tile's maps (default 200)")
    s.add_argument("--tile-resolution", type=int, default=51, help="grid of the Tile's maps (default 51)")
    s.add_argument("--no-uncertainty", action="store_true", help="skip the resampling")
    s.add_argument("--decimals", type=int, help="round non-integer numbers to N decimals (default: exact)")
    s.add_argument("--task-weights", default="equal", metavar="equal|size|FILE",
                   help="a multi-task file: the tasks' weights in the summarized performance (default equal)")
    add_timeout(s, 900.0)
    s.add_argument("--json", action="store_true")
    add_uncertainty_options(s)
    s.set_defaults(func=run)


def _say(line: str) -> None:
    print(f"[advise] {line}", file=sys.stderr, flush=True)


def run(args) -> int:
    from ordertheory.cli._leaderboard import pos_label
    from ordertheory.ranking.leaderboards.task_tables import has_task_column
    from ordertheory.ranking.scored_ranking import read_scored, scored_slug
    from ordertheory.reports.advise.advise import Options, advise
    from ordertheory.reports.advise.advise_render import NO_HTML, claims, write_report

    t0 = time.monotonic()
    if has_task_column(args.file):  # several tasks: the multi-task section
        return _tasks(args, t0)
    lb, predictions = load_with_predictions(args)
    scores = [s.strip() for s in args.scores.split(",")] if args.scores else None
    scored_lb = read_scored(args.file, pos_label(args)) if scores and any(scored_slug(s) for s in scores) else None
    plan = None if args.no_uncertainty else plan_from(args, predictions)
    options = Options(plan, args.level, args.samples, args.tile_draws, args.tile_resolution, jobs(args),
                      args.scheduler, time_left(args))
    progress = (lambda line: _say(f"{line} ({time.monotonic() - t0:.0f} s)")) if not args.json else None
    adv = advise(lb, scores, options, predictions, args.file, progress, scored_lb)
    files = write_report(adv, args.out)
    missing = [] if "report.html" in files else [NO_HTML]
    if args.json:
        emit_json({"out": args.out, "files": sorted(files), **claims(adv), "missing": missing})
    else:
        d = adv.decision
        if adv.stopped:
            print(f"PARTIAL: {adv.stopped}")
        if d is not None:
            print(f"decision: {d.kind.value}" + (f": {', '.join(d.recommended)}" if d.recommended else "")
                  + f" — {d.text}")
        for s in adv.scores:
            print(f"  {s.text}: " + "; ".join(s.reasons))
        for note in (*adv.notes, *missing):
            print(f"note: {note}")
        print(f"written: {', '.join(str(files[k]) for k in sorted(files) if k.startswith('report'))} and "
              f"{sum(1 for k in files if not k.startswith('report'))} figures ({time.monotonic() - t0:.0f} s)")
    return EXIT_UNKNOWN if adv.stopped else EXIT_OK


def _tasks(args, t0: float) -> int:
    """advise on a multi-task file: each candidate's summarized ranking, where the mean disagrees, the
    statistics across tasks (reports/advise/task_advice.py)."""
    from ordertheory.cli.tasks import load_table
    from ordertheory.errors import InvalidInput
    from ordertheory.ranking.tasks.summarized import TaskWeights
    from ordertheory.reports.advise.task_advice import task_advice, task_claims, write_task_report

    if args.predictions or args.samples or args.uncertainty:
        raise InvalidInput("--predictions, --samples and --uncertainty are for one task; on several tasks the "
                           "report resamples the tasks (and their test sets where the counts are known)")
    table = load_table(args)
    scores = [s.strip() for s in args.scores.split(",")] if args.scores else None
    progress = (lambda line: _say(f"{line} ({time.monotonic() - t0:.0f} s)")) if not args.json else None
    adv = task_advice(table, scores, TaskWeights.parse(args.task_weights), time_left(args),
                      draws=0 if args.no_uncertainty else min(args.draws, 1000), seed=args.seed, level=args.level,
                      jobs=jobs(args), scheduler=args.scheduler, source=args.file, progress=progress)
    files = write_task_report(adv, args.out)
    if args.json:
        emit_json({"out": args.out, "files": sorted(files), **task_claims(adv)})
        return EXIT_OK
    d = adv.decision
    print(f"decision: {d.kind.value}" + (f": {', '.join(d.recommended)}" if d.recommended else "") + f" — {d.text}")
    for s in adv.scores:
        print(f"  {s.text}: " + "; ".join(s.reasons))
    print(f"written: {files['report.md']}, {files['report.json']} and {len(files) - 2} diagrams "
          f"({time.monotonic() - t0:.0f} s)")
    return EXIT_OK
