"""``ordertheory tasks TASKS --score SCORE``: the statistics organisers use on several tasks — per-task ranks,
average ranks, Friedman, Iman–Davenport, the Nemenyi CD (``--out`` draws the diagram), Wilcoxon–Holm,
the Bayesian signed-rank test with a ROPE, challengeR's consensus, the bootstrap over tasks. Also the
multi-task side of ``rank`` (``--aggregate``, ``--task-weights``): :func:`rank_command`."""

from __future__ import annotations

import argparse

from ordertheory.cli.common import EXIT_OK, add_jobs, add_run_options, add_timeout, emit_json, exit_code, jobs

TABLES = """multi-task tables (.csv, .tsv, .json; one row per task and entity, a column task or dataset):
  performances   task,entity,tn,fp,fn,tp (or y{i}_p{j}, proba_*, scored/selective columns);
                 task,entity,true,pred,count (sparse cells, any number of classes); a JSON list of such
                 objects (raw per-sample y_true/y_score too); task,sample,y_true,<entity>... (labels,
                 counted per task). Each task in its own label set (--space multiclass:K: one for all).
  scores only    task,entity,<value column>... (an MTEB-style table): --score names a column
  AutoML Bench.  amlb's results.csv (task, framework, fold, metric, result, ...): result (higher is better,
                 amlb's sign) or a metric column; --folds mean|resamples, --constraint NAME
  every entity needs a result on every task (amlb: a failed or missing run is ranked last on its task)"""

EPILOG = """JSON: {ordertheory_version, verdict: "numeric", score, direction, table, tasks, entities: [{entity,
average_rank, average_rank_exact, consensus_rank, consensus_mean_rank, task_ranks}], friedman: {convention,
chi2, p, iman_davenport_f, iman_davenport_p, iman_davenport_df, chi2_textbook, chi2_textbook_exact, p_textbook,
iman_davenport_f_textbook, iman_davenport_p_textbook}, nemenyi: {alpha, q_alpha, cd, cliques, significant_pairs,
tasks, convention, p_values: [{a, b, p, tasks}]}, control: {control, alpha, critical_value, bonferroni_dunn_cd,
tasks, convention, comparisons: [{entity, rank_difference, z, p, p_holm, separated, tasks}]}, wilcoxon_holm:
[{a, b, tasks, zeros, statistic, p, p_holm, reason}], wilcoxon: {zero_method}, bayesian: {model, rope, samples,
boundary, pairs: [{a, b, tasks, p_a_better, p_rope, p_b_better}]}, bootstrap: {statistic, method, draws, seed,
level, entities: [{entity, rank_interval, p_first}]}, notes, values: [{task, values}], out}. Ranks: 1 is the
best, by the score's direction; per-task ranks of ties share their mean rank. Friedman: scipy's tie-corrected
statistic and Demšar's textbook formula, both; Nemenyi p-values as scikit-posthocs' posthoc_nemenyi_friedman;
Wilcoxon: scipy's, zero_method wilcox by default (scipy's default: zero differences dropped), Holm over every
pair; the Bayesian test: a Walsh average exactly at ±ROPE counts half inside (baycomp's rule, decided exactly).

exit codes: 0 computed (numeric statistics: nothing is decided), 2 bad input, 3 stopped at --timeout.

""" + TABLES


def register(subparsers) -> None:
    s = subparsers.add_parser("tasks", help="the statistics of several tasks: average ranks, Friedman, Nemenyi CD, "
                              "Wilcoxon-Holm, Bayesian signed-rank, consensus, bootstrap over tasks",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("file", help="a multi-task table (see below)")
    s.add_argument("--score", help="a catalogue slug or formula (tables of performances), or a value column "
                                   "(scores-only tables; default: the only one)")
    s.add_argument("--direction", choices=["higher", "lower"],
                   help="a value column's direction (default: the catalogue's when the column is a slug, else higher)")
    s.add_argument("--space", help="multiclass:K: K classes, labels 0..K-1 (default: the sorted labels of the file)")
    s.add_argument("--decimals", type=int, help="round non-integer numbers to N decimals (default: exact)")
    s.add_argument("--alpha", type=float, default=0.05, help="level of the Nemenyi and Bonferroni-Dunn CDs (0.05)")
    s.add_argument("--control", metavar="NAME", help="compare every entity with this one (Demsar 2006, 3.2.2): "
                   "Bonferroni-Dunn CD and Holm's step-down on the z statistics")
    s.add_argument("--zero-method", choices=["wilcox", "pratt", "zsplit"], default="wilcox",
                   help="Wilcoxon's zero differences (scipy's zero_method): wilcox drops them (default, scipy's), "
                        "pratt ranks then drops them, zsplit splits their ranks (Demsar's advice)")
    add_amlb_options(s)
    s.add_argument("--rope", default="0", help="half-width of the region of practical equivalence of the Bayesian "
                                               "test, in the score's units (default 0; e.g. 0.01)")
    s.add_argument("--bayes", choices=["adjacent", "all", "none"], default="adjacent",
                   help="pairs of the Bayesian test: adjacent in average rank (default), all, or none")
    s.add_argument("--bayes-samples", type=int, default=50_000, help="posterior draws of the Bayesian test (50000)")
    s.add_argument("--draws", type=int, default=1000, help="bootstrap draws over tasks (default 1000; 0: none)")
    s.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    s.add_argument("--level", type=float, default=0.95, help="level of the bootstrap's rank intervals (0.95)")
    s.add_argument("--task-weights", default="equal", metavar="equal|size|FILE",
                   help="weights of the summarized performance the bootstrap resamples (default equal)")
    s.add_argument("--out", help="draw the critical-difference diagram (.png, .svg or .pdf; the 'plot' extra)")
    add_timeout(s, 600.0)
    add_jobs(s, "processes for the per-task values and the bootstrap")
    add_run_options(s)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def add_amlb_options(s) -> None:
    """The options of an AutoML Benchmark results file: --folds and --constraint."""
    s.add_argument("--folds", choices=["mean", "resamples"], default="mean",
                   help="an AutoML Benchmark results file: each task's folds averaged (default), or also kept as "
                        "resamples that the bootstrap over tasks redraws")
    s.add_argument("--constraint", metavar="NAME", help="an AutoML Benchmark results file holding several constraints "
                                                        "(1h8c, 4h8c, ...): the one to read")


def load_table(args):
    """The multi-task table of the command line (--decimals, --space, --pos-label, --folds, --constraint)."""
    from ordertheory.cli._leaderboard import pos_label
    from ordertheory.ranking.leaderboards.task_tables import read_tasks
    from ordertheory.spaces.sample_space import from_name

    space = getattr(args, "space", None)
    return read_tasks(args.file, decimals=getattr(args, "decimals", None), space=from_name(space) if space else None,
                      pos_label=pos_label(args), folds=getattr(args, "folds", None) or "mean",
                      constraint=getattr(args, "constraint", None))


def resolve_score(args, table):
    """(score or column name, its direction, the text as typed): :func:`~ordertheory.ranking.tasks.label_sets.resolve`."""
    from ordertheory.ranking.tasks.label_sets import resolve

    return resolve(table, args.score, getattr(args, "direction", None))


def run(args) -> int:
    from ordertheory.cli.common import heartbeat
    from ordertheory.ranking.tasks.task_answer import answer_tasks

    table = load_table(args)
    with heartbeat("tasks"):  # the library's one answer (the playground's benchmark page asks it too)
        a = answer_tasks(table, args.score, direction=args.direction, alpha=args.alpha, rope=args.rope,
                         bayes=args.bayes, bayes_samples=args.bayes_samples, draws=args.draws, seed=args.seed,
                         level=args.level, task_weights=args.task_weights, jobs=jobs(args), scheduler=args.scheduler,
                         zero_method=args.zero_method, control=args.control)
        if args.out:
            a.draw(args.out)
    if args.json:
        emit_json({**a.to_json(), **({"out": args.out} if args.out else {})})
        return EXIT_OK
    from ordertheory.ranking.tasks.task_text import task_lines

    print("\n".join(task_lines(a.statistics, table.conversion, args.out)))
    return EXIT_OK


RANK_HELP = ("multi-task files (a task column): --aggregate summarized (default: each entity's tasks mixed into "
             "one performance) | mean-score | mean-rank | median-rank; --task-weights equal | size | FILE")


def add_rank_options(s) -> None:
    """``rank``'s multi-task options: ``--aggregate`` and ``--task-weights``."""
    s.add_argument("--aggregate", choices=["summarized", "mean-score", "mean-rank", "median-rank"],
                   help="a multi-task file: rank the summarized performance (default), or by the mean of the "
                        "per-task scores, the mean or the median of the per-task ranks (with the pairs on which "
                        "that disagrees with the summarized ranking)")
    s.add_argument("--task-weights", metavar="equal|size|FILE",
                   help="a multi-task file: the tasks' weights in the summarized performance: equal (default), "
                        "size (pooled counts: the micro average) or a task,weight CSV file")
    add_amlb_options(s)


def rank_command(args, t0: float) -> int:
    """``rank`` on a multi-task file: the summarized ranking (checked on its Π) or an alternative aggregate."""
    from ordertheory.cli.common import heartbeat, time_left
    from ordertheory.errors import InvalidInput
    from ordertheory.ranking.tasks.aggregates import default_aggregate, rank_tasks
    from ordertheory.ranking.tasks.summarized import TaskWeights

    for opt in ("over_tile", "uncertainty", "predictions", "samples"):
        if getattr(args, opt, None):
            raise InvalidInput(f"--{opt.replace('_', '-')} is for one task; this file has a task column "
                               "(ordertheory tasks gives the uncertainty across tasks)")
    table = load_table(args)
    score, direction, text = resolve_score(args, table)
    weights = TaskWeights.parse(args.task_weights)
    aggregate, why = default_aggregate(table, args.aggregate)
    with heartbeat("rank"):
        r = rank_tasks(table, score, aggregate, weights, check=not args.no_check, timeout=time_left(args),
                       jobs=jobs(args), scheduler=args.scheduler, score_text=text, direction=direction)
    fit = r.summarized.fitness if r.summarized is not None else None
    if args.json:
        from ordertheory.ranking.rank_answer import tasks_rank_json

        emit_json(tasks_rank_json(r, table, text, score, direction, why))  # the playground's JSON too
        return exit_code(fit.verdict) if fit else EXIT_OK
    _print_rank(r, table, text, fit, direction, why)
    return exit_code(fit.verdict) if fit else EXIT_OK


def _print_rank(r, table, text, fit, direction, why=None) -> None:
    from ordertheory.ranking.rank import approximate
    from ordertheory.ranking.tasks.aggregates import Aggregate

    print(f"score: {text}; {direction.ranked_by(text)}")
    print(f"tasks: {len(table.tasks)} × {len(table.entities)} entities ({table.conversion})")
    for line in [*table.notes, *([why] if why else [])]:
        print(line)
    if r.summarized is not None:
        print(f"summarized performance: each entity's {len(table.tasks)} task performances mixed, "
              f"{r.weights.describe(len(table.tasks))}")
    if fit:
        print(f"check on Π = {fit.Pi} (where the mixtures live): {fit.verdict.value.upper()} (in {fit.seconds:.1f} s)")
        for line in fit.lines:
            print("  " + line)
    rows = ([(e.name, e.value, e.rank) for e in r.summarized.entries] if r.aggregate is Aggregate.SUMMARIZED
            else r.alternative.entries())
    what = {"summarized": f"{text} of the summarized performance", "mean-score": f"mean of the per-task {text}",
            "mean-rank": "mean of the per-task ranks (lower is better)",
            "median-rank": "median of the per-task ranks (lower is better)"}[r.aggregate.value]
    print(f"{'rank':>4}  {'value':>10}  entity   ({what}; exact values in --json)")
    for n, v, rank in rows:
        x = approximate(v)
        print(f"{'-' if rank is None else rank:>4}  {'undefined' if v is None else f'{x:.6f}':>10}  {n}")
    if r.alternative is not None and r.summarized is not None:
        if not r.disagreements:
            print(f"the {r.aggregate.value} ranking agrees with the summarized ranking on every pair")
        else:
            print(f"{len(r.disagreements)} pairs ordered differently from the summarized ranking (each recomputed "
                  "exactly from the task performances):")
            for d in r.disagreements:
                print(f"  {d.a} before {d.b} by the summarized {text} ({d.summarized[0]} vs {d.summarized[1]}); "
                      f"{d.kind} by the {r.aggregate.value} ({d.alternative[0]} vs {d.alternative[1]})")
        print("  why: for a ranking score R_I, R_I(Σ λ_t P_t) = Σ μ_t R_I(P_t) with μ_t ∝ λ_t E_{P_t}[I]; the two "
              "agree when each entity's E_{P_t}[I] is the same on every task (always for accuracy) — proved, "
              "supplementary section M")
