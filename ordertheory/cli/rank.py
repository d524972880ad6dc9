"""``ordertheory rank FILE --score SCORE``: rank a leaderboard exactly, after checking the score on
its Π; ``--over-tile``: every entity's best and worst rank over the whole Tile, decided exactly;
``--uncertainty posterior|bootstrap``: how sure each rank is (intervals, P(A ranks above B), paired tests)."""

from __future__ import annotations

import argparse
import time

from ordertheory.cli._leaderboard import FORMATS, Progress, add_family, importance_text, score, weights_text
from ordertheory.cli._uncertainty import (
    UNCERTAINTY_HELP,
    add_uncertainty_options,
    load_with_predictions,
    plan_from,
    separation_line,
    uncertainty_lines,
)
from ordertheory.cli.common import (
    EXIT_OK,
    EXIT_UNKNOWN,
    add_timeout,
    deadline,
    emit_json,
    exit_code,
    jobs,
    score_text,
    time_left,
)
from ordertheory.cli.tasks import RANK_HELP, add_rank_options, rank_command

EPILOG = """JSON: {ordertheory_version, verdict, score, leaderboard, fitness, entities: [{entity, value,
value_exact, rank}], ties, equal_performances}; verdict is the check of the score on the leaderboard's Π
(proved: fit for ranking there; refuted: not fit, the witness is in fitness.tests).
With --over-tile: {ordertheory_version, verdict, entities: [{entity, rank_min, rank_min_at, rank_max,
rank_max_at, tied_at_min, verdict, reason}]}, points as exact fractions {a, b, exact}. On k classes
the Tile is every importance I that weighs some satisfying outcome and some error (on two classes
exactly the R_(a,b)); each end has its witness importance (rank_min_importance, rank_max_importance:
exact values by outcome, on a sparse leaderboard only the non-zero cells) and its proved bounds
(rank_min_bounds, rank_max_bounds: [lo, hi]); an end not settled within --timeout is null, its
bounds still proved, the verdict unknown with the reason.
With --uncertainty, each entity also has rank_interval, rank_distribution, value_interval (value_method,
value_error), p_undefined; and pairwise: [{a, b, p_above, method, stderr, p_tie}] for every ordered pair
(with --predictions: mcnemar_p, permutation_p, their Holm-adjusted values, delong_p with score columns),
not_separated, tied_groups, kendall_tau, uncertainty: {method, draws, seed, prior_alpha, level, counts}.
Without --uncertainty, a leaderboard of counts (or --samples N) adds not_separated (posterior, defaults).
With --over-tile --uncertainty: per entity the intervals of its best and worst rank over the grid's
R_(a,b) and its largest P(ranks first) (numeric, --resolution); and better for every importance (the
robust order, docs/robust.md): robust_pairs [{a, b, p_every, p_some_a, p_some_b, relation: every | depends
| some | not separated, p_every_b, a_better_at, b_better_at, p_holm, implied, observed}] for every pair,
robust_order {edges (the Hasse diagram's covering pairs: [better, worse]), statement, corners, rule,
level, ...}, robust_regions (the Tile's regions of the pairs that depend, two classes), robust_scored
(ROC-hull dominance when the predictions carry score:<entity> columns); k classes with --family too.

The check gets what is left of --timeout once the leaderboard is read and the score built; an unknown
names that budget. A catalogue k-class score is checked by its structure (any k, e.g. 1000 classes).

exit codes: 0 fit for ranking (or every rank range proved), 1 the score is not fit for ranking on Π
(the ranking is still printed), 2 bad input, 3 something stayed unknown.

""" + UNCERTAINTY_HELP + "\n\n" + FORMATS + "\n\n" + RANK_HELP


def register(subparsers) -> None:
    s = subparsers.add_parser("rank", help="rank a leaderboard by a score (exact values, ties by Axiom 1)",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("file", help="leaderboard: .json (list of entities), .csv or .tsv (entity,tn,fp,fn,tp; y{i}_p{j}; "
                   "or one row per non-zero cell: entity,true,pred,count)")
    s.add_argument("--score", type=score_text, help="a catalogue slug or a formula such as '2*tp/(2*tp+fp+fn)'")
    s.add_argument("--space", help="multiclass:K: K classes, labels 0..K-1 (default: the sorted labels of the file)")
    s.add_argument("--over-tile", action="store_true",
                   help="best and worst rank of every entity over all ranking scores: R_{a,b} on two classes, "
                        "R_I for every importance I weighing some success and some error on k classes")
    s.add_argument("--out", help="with --over-tile: draw the rank ranges, one interval per entity (PNG or SVG by "
                                 "the suffix; needs matplotlib: the 'plot' extra)")
    s.add_argument("--method", choices=["geometry", "arrangement", "nra"], default="geometry",
                   help="with --over-tile: exact geometry (default: seeded by the ROC hull at one prior), the line "
                        "arrangement alone, or z3's non-linear real arithmetic")
    add_family(s)
    s.add_argument("--decimals", type=int, help="round non-integer numbers to N decimals (default: exact)")
    s.add_argument("--no-check", action="store_true", help="skip the check of the score on Π")
    s.add_argument("--verbose", action="store_true", help="print the score's formula")
    add_timeout(s, 60.0, lambda args: 600.0 if args.over_tile else 60.0, "60; 600 with --over-tile")
    s.add_argument("--resolution", type=int, default=51,
                   help="grid of --over-tile --uncertainty (default 51 x 51)")
    s.add_argument("--robust-out", metavar="DIR", help="with --over-tile --uncertainty: draw the robust order's Hasse "
                   "diagram (robust_order.png) and the Tile's regions of the pairs that depend (regions_A_B.png) into DIR")
    s.add_argument("--json", action="store_true")
    add_uncertainty_options(s)
    add_rank_options(s)
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.cli.common import formula_of, score_name
    from ordertheory.errors import InvalidInput

    t0 = time.monotonic()
    from ordertheory.ranking.leaderboards.task_tables import has_task_column

    if has_task_column(args.file):  # several tasks: the summarized performance, or --aggregate
        return rank_command(args, t0)
    if args.aggregate or args.task_weights:
        raise InvalidInput("--aggregate and --task-weights are for a multi-task file (a task column)")
    if not args.over_tile:
        from ordertheory.cli._leaderboard import pos_label
        from ordertheory.ranking.scored_ranking import read_scored, scored_slug

        slug = scored_slug(args.score)
        scores = read_scored(args.file, pos_label(args), args.space) if slug else None
        if scores is not None:
            return _rank_scored(args, scores, slug)
    lb, predictions = load_with_predictions(args)
    if args.over_tile:
        return _over_tile_uncertain(args, lb, predictions, t0) if args.uncertainty else _over_tile(args, lb)
    if args.family:
        raise InvalidInput("--family asks the Tile's questions inside a family: it goes with --over-tile")
    if not args.score:
        raise InvalidInput("expected --score SCORE (or --over-tile)")
    from ordertheory.ranking.leaderboards.counts import available
    from ordertheory.ranking.rank import approximate, rank_leaderboard

    X = score(args.score, lb.space)
    plan = plan_from(args, predictions)  # bad options fail before any work
    if args.uncertainty and predictions is None and not available(lb, args.samples):
        from ordertheory.ranking.leaderboards.counts import refusal

        raise InvalidInput(refusal(lb, args.samples))
    if predictions is not None:  # the test sets are checked before any work
        from ordertheory.ranking.uncertainty.uncertainty import check_predictions

        check_predictions(lb, predictions)
    elif available(lb, args.samples):
        from ordertheory.ranking.leaderboards.counts import leaderboard_counts

        leaderboard_counts(lb, args.samples)
    from ordertheory.cli.common import heartbeat

    with heartbeat("rank"):  # exact values (sympy for radicals), the check, the draws: one line past 2 s
        left = time_left(args)  # the check gets the command's remaining time
        r = rank_leaderboard(lb, X, check=not args.no_check, timeout=left)
        u = None
        if args.uncertainty or predictions is not None or available(lb, args.samples):
            from ordertheory.ranking.uncertainty.uncertainty import rank_uncertainty

            u = rank_uncertainty(lb, X, plan, args.level, args.samples, predictions, r, jobs(args), args.scheduler,
                                 deadline=deadline(args))
    fit = r.fitness.verdict.value if r.fitness else "computed"  # --no-check: a ranking, nothing decided
    if args.json:
        from ordertheory.ranking.rank_answer import leaderboard_json

        out = leaderboard_json(lb, r, args.score, X, None if args.uncertainty else u)  # the playground's JSON too
        if u is not None and args.uncertainty:
            _merge(out, u.to_json())
        emit_json(out)
    else:
        print(f"score: {score_name(args.score, X)}; {r.ranked_by}")
        if args.verbose:
            print(f"formula: {formula_of(X)}")
        print(f"leaderboard: {len(lb)} {'entity' if len(lb) == 1 else 'entities'} ({lb.provenance.conversion})")
        _print_check(r, fit, left, args)
        if u is not None and args.uncertainty:
            print("\n".join(uncertainty_lines(u, r)))
        else:
            print(f"{'rank':>4}  {'value':>10}  entity   (values as decimals; exact in --json)")
            for e in r.entries:
                rank = "-" if e.rank is None else str(e.rank)
                x = approximate(e.value)
                value = "undefined" if e.value is None else f"{x:.6f}" if x is not None else "beyond float"
                print(f"{rank:>4}  {value:>10}  {e.name}")
        for t in r.ties:
            print(f"tie: {', '.join(t)}")
        for g in r.equal_performances:
            print(f"equal performances (Axiom 1: equal ranks): {', '.join(g)}")
        if u is not None and not args.uncertainty:
            print(separation_line(u))
    return exit_code(r.fitness.verdict) if r.fitness else EXIT_OK  # unchecked: the ranking alone


def _rank_scored(args, lb, slug: str) -> int:
    """Per-sample scores (a predictions CSV's score:<entity> columns, a JSON of y_true/y_score): exact values
    at any number of distinct scores, the check on Ω of those scores (scored_ranking), the resampling of the cases."""
    from ordertheory.cli.common import heartbeat, score_name
    from ordertheory.ranking.scored_ranking import level_score, rank_samples

    if args.samples is not None:
        from ordertheory.errors import InvalidInput

        raise InvalidInput("--samples is for a normalised leaderboard; per-sample scores are the test set")
    plan = None
    if args.uncertainty:
        from ordertheory.ranking.uncertainty.resample import Plan, Resampling, check_level

        if args.alpha is not None:
            from ordertheory.errors import InvalidInput

            raise InvalidInput("--alpha is a prior on counts; per-sample scores are resampled by the Bayesian "
                               "bootstrap (posterior) or the case bootstrap: drop --alpha")
        check_level(args.level)
        plan = Plan({"posterior": Resampling.BAYESIAN_BOOTSTRAP, "bootstrap": Resampling.CASE_BOOTSTRAP}[args.uncertainty],
                    args.draws, args.seed)
    X = level_score(lb, slug)
    with heartbeat("rank"):
        left = time_left(args)
        r = rank_samples(lb, slug, check=not args.no_check, timeout=left)
        u = None
        if plan is not None:
            from ordertheory.ranking.uncertainty.scored_uncertainty import scored_uncertainty

            u = scored_uncertainty(lb, slug, plan, r, args.level, jobs(args), args.scheduler, deadline=deadline(args))
    from ordertheory.ranking.rank_answer import scored_conversion, scored_json

    conversion = scored_conversion(lb)
    fit = r.fitness.verdict.value if r.fitness else "computed"
    if args.json:
        out = scored_json(lb, r, args.score, X)  # the playground's JSON too
        if u is not None:
            _merge(out, u.to_json())
        emit_json(out)
        return exit_code(r.fitness.verdict) if r.fitness else EXIT_OK
    print(f"score: {score_name(args.score, X)}; {r.ranked_by}")
    print(f"leaderboard: {len(lb)} {'entity' if len(lb) == 1 else 'entities'} ({conversion})")
    _print_check(r, fit, left, args)
    if u is not None:
        print("\n".join(uncertainty_lines(u, r)))
    else:
        print(f"{'rank':>4}  {'value':>10}  entity   (values as decimals; exact in --json)")
        for e in r.entries:
            value = "undefined" if e.value is None else f"{float(e.value):.6f}"
            print(f"{'-' if e.rank is None else e.rank:>4}  {value:>10}  {e.name}")
    if r.note:
        print(f"note: {r.note}")
    for t in r.ties:
        print(f"tie: {', '.join(t)}")
    for g in r.equal_performances:
        print(f"equal performances (Axiom 1: equal ranks): {', '.join(g)}")
    return exit_code(r.fitness.verdict) if r.fitness else EXIT_OK


def _over_tile(args, lb) -> int:
    from ordertheory.engine.deadline import own_budget, within
    from ordertheory.engine.result import Verdict
    from ordertheory.ranking.winners import rank_ranges

    t0 = time.monotonic()
    left = time_left(args)
    ranges = within(rank_ranges, left, f"the rank ranges of {len(lb)} entities over the Tile", lb,
                    timeout=own_budget(left), progress=Progress("rank ranges"), method=args.method,
                    family=args.family)
    verdict = Verdict.PROVED if all(r.verdict is Verdict.PROVED for r in ranges) else Verdict.UNKNOWN
    kclass = any(r.bounds is not None for r in ranges)
    family = args.family if args.family and args.family != "all" else None
    if args.out:
        from ordertheory.ranking.tile_maps.plot import draw_ranges

        over = (f" (the family {family})" if family else f" ({lb.space.name}: every importance I)" if kclass
                else " (every R_(a,b))")
        draw_ranges(ranges, "rank ranges over the Tile" + over, args.out)
    if args.json:
        emit_json({"verdict": verdict, "leaderboard": lb.provenance.to_json(), **({"family": family} if family else {}),
                   "entities": [r.to_json() for r in ranges], "seconds": round(time.monotonic() - t0, 2),
                   **({"out": args.out} if args.out else {})})
    elif kclass:
        _over_importances(ranges, lb, verdict, time.monotonic() - t0, args.out, family)
    else:
        print(f"{'best':>4} {'worst':>5}  entity   (over every R_(a,b), (a, b) in [0, 1]^2; decided exactly)")
        for r in ranges:
            note = "" if r.verdict is Verdict.PROVED else f"   [unknown: {r.reason}]"
            at = lambda p: "-" if p is None else f"({p.a}, {p.b})" + ("" if p.exact else "~")  # noqa: E731
            tie = f" (tied with {', '.join(r.tied_at_min)})" if r.tied_at_min else ""
            print(f"{r.rank_min or '-':>4} {r.rank_max or '-':>5}  {r.entity}   best at {at(r.rank_min_at)}{tie}, "
                  f"worst at {at(r.rank_max_at)}{note}")
        print(f"{len(ranges)} entities, {time.monotonic() - t0:.1f} s; verdict: {verdict}")
    return exit_code(verdict)


def _end_text(r, side: int) -> str:
    """One end's witness: the family's parameters (normalised), else the importance (scaled to sum 1)."""
    if r.weights is not None and r.weights[side]:
        return "weights " + weights_text(r.weights[side])
    return "I = " + importance_text(r.rank_min_importance if side == 0 else r.rank_max_importance)


def _over_importances(ranges, lb, verdict, seconds: float, out: str | None, family: str | None = None) -> None:
    """The human output of --over-tile on k classes: what the Tile is there, then one line per entity."""
    from ordertheory.engine.result import Verdict
    from ordertheory.ranking.tile_k.families import DESCRIPTION, Family

    if family:
        print(f"over the family {family} on {lb.space.name}: {DESCRIPTION[Family(family)]}; decided exactly, each end "
              "with a member where it is attained (its parameters normalised; re-checked in Fractions)")
    else:
        print(f"over the Tile on {lb.space.name}: every importance I that weighs some satisfying outcome (a diagonal "
              "cell) and some error (off it), R_I = N_I/(N_I + U_I) — on two classes exactly the R_(a,b); "
              "decided exactly, each end with an importance where it is attained (scaled to sum 1; re-checked in "
              "Fractions)")
    print(f"{'best':>7} {'worst':>7}  entity")
    for r in ranges:
        (lo, hi), (lo2, hi2) = r.bounds
        best = str(r.rank_min) if r.rank_min is not None else f"[{lo},{hi}]"
        worst = str(r.rank_max) if r.rank_max is not None else f"[{lo2},{hi2}]"
        tie = f" (tied with {', '.join(r.tied_at_min)})" if r.tied_at_min else ""
        note = "" if r.verdict is Verdict.PROVED else f"   [unknown: {r.reason}; the bounds are proved]"
        print(f"{best:>7} {worst:>7}  {r.entity}   best for {_end_text(r, 0)}{tie}, worst for {_end_text(r, 1)}{note}")
    print(f"{len(ranges)} entities, {seconds:.1f} s; verdict: {verdict}" + (f"; drawn in {out}" if out else ""))


def _merge(out: dict, unc: dict) -> None:
    """The uncertainty's JSON into rank's: per entity by name, the rest at the top level."""
    by_name = {e["entity"]: e for e in unc.pop("entities")}
    for e in out["entities"]:
        extra = dict(by_name[e["entity"]])
        for k in ("entity", "rank", "value"):
            extra.pop(k)
        e.update(extra)
    unc.pop("score")
    out.update(unc)


def _over_tile_uncertain(args, lb, predictions, t0: float) -> int:
    from ordertheory.ranking.leaderboards.counts import available, refusal
    from ordertheory.ranking.robust.report import robust_report
    from ordertheory.ranking.uncertainty.resample import Progress as DrawProgress
    from ordertheory.ranking.uncertainty.tile_uncertainty import tile_uncertainty

    if predictions is None and not available(lb, args.samples):
        from ordertheory.errors import InvalidInput

        raise InvalidInput(refusal(lb, args.samples))
    plan = plan_from(args, predictions)
    family = args.family if args.family and args.family != "all" else None
    robust = robust_report(lb, plan, args.level, args.samples, predictions, family, jobs(args), args.scheduler,
                           DrawProgress("robust order"), deadline(args), args.robust_out, resolution=args.resolution)
    t = None
    if lb.space.is_binary and family is None or family == "macro-micro":  # the grids of R_(a,b)
        from ordertheory.ranking.tile_k.families import Family, projection

        project = None if family is None else projection(lb, Family(family))
        t = tile_uncertainty(lb, plan, args.resolution, args.samples, predictions, True, jobs(args), args.scheduler,
                             progress=DrawProgress("tile uncertainty"), deadline=deadline(args), project=project)
    code = EXIT_OK if robust.complete else EXIT_UNKNOWN
    if args.json:
        emit_json({"verdict": robust.verdict, "leaderboard": lb.provenance.to_json(),
                   **(t.to_json(args.level) if t is not None else {}), **robust.to_json()})
        return code
    if t is not None:
        pct = f"{args.level:.0%}"
        grid = f"the family {args.family}'s (a, b)" if family else "R_(a,b)"
        print(f"best and worst rank over the {t.resolution} x {t.resolution} grid of {grid}, {pct} intervals "
              f"under {plan.describe()} (numeric)")
        print(f"{'best':>9} {'worst':>9} {'max P(first)':>13}  entity")
        for row in t.entity_summary(args.level):
            b, w = row["best_rank_interval"], row["worst_rank_interval"]
            print(f"{f'[{b[0]}, {b[1]}]':>9} {f'[{w[0]}, {w[1]}]':>9} {row['p_first_max']:>13.3f}  {row['entity']}")
    print("\n".join(robust.lines()))
    return code


def _print_check(r, fit: str, left: float, args) -> None:
    """The check's lines of a ranking (what was decided on Π, within which budget), and a warning when refuted."""
    from ordertheory.cli.common import resolve_timeout
    from ordertheory.engine.result import Verdict

    if not r.fitness:
        return
    print(f"check on Π = {r.fitness.Pi}: {fit.upper()} (in {r.fitness.seconds:.1f} s; its budget: the "
          f"{left:.1f} s left of --timeout {resolve_timeout(args):g} s)")
    for line in r.fitness.lines:
        print("  " + line)
    if r.fitness.verdict is Verdict.REFUTED:
        print("  WARNING: this score is not fit for ranking on Π; the ranking below may break the axioms "
              "(see the witness)")
