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
                 counted per task). One sample space for the whole file.
  scores only    task,entity,<value column>... (an AutoML or MTEB results file): --score names a column
  every entity needs a result on every task"""

EPILOG = """JSON: {ordertheory_version, verdict: "numeric", score, direction, table, tasks, entities: [{entity,
average_rank, average_rank_exact, consensus_rank, consensus_mean_rank, task_ranks}], friedman: {chi2, p,
iman_davenport_f, iman_davenport_p, iman_davenport_df}, nemenyi: {alpha, q_alpha, cd, cliques,
significant_pairs}, wilcoxon_holm: [{a, b, tasks, statistic, p, p_holm, reason}], bayesian: {model, rope,
samples, pairs: [{a, b, p_a_better, p_rope, p_b_better}]}, bootstrap: {statistic, method, draws, seed, level,
entities: [{entity, rank_interval, p_first}]}, values: [{task, values}], out}. Ranks: 1 is the best, by the
score's direction (a loss ranks its smallest value first); per-task ranks of ties share their mean rank.
Friedman, Nemenyi and Wilcoxon are scipy's (friedmanchisquare on the exact per-task ranks,
studentized_range, wilcoxon on the per-task differences), Holm's step-down adjustment over every pair.

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
    s.add_argument("--alpha", type=float, default=0.05, help="level of the Nemenyi CD (default 0.05)")
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


def load_table(args):
    """The multi-task table of the command line (--decimals, --space, --pos-label)."""
    from ordertheory.cli._leaderboard import pos_label
    from ordertheory.ranking.leaderboards.task_tables import read_tasks
    from ordertheory.spaces.sample_space import from_name

    space = getattr(args, "space", None)
    return read_tasks(args.file, decimals=getattr(args, "decimals", None), space=from_name(space) if space else None,
                      pos_label=pos_label(args))


def resolve_score(args, table):
    """(score or column name, its direction, the text as typed): a Score on a table of performances, a
    value column (with its direction) on a scores-only table."""
    from ordertheory.ranking.tasks.task_answer import task_score

    return task_score(table, args.score, getattr(args, "direction", None))


def run(args) -> int:
    from ordertheory.cli.common import heartbeat
    from ordertheory.ranking.tasks.task_answer import answer_tasks

    table = load_table(args)
    with heartbeat("tasks"):  # the library's one answer (the playground's benchmark page asks it too)
        a = answer_tasks(table, args.score, direction=args.direction, alpha=args.alpha, rope=args.rope,
                         bayes=args.bayes, bayes_samples=args.bayes_samples, draws=args.draws, seed=args.seed,
                         level=args.level, task_weights=args.task_weights, jobs=jobs(args), scheduler=args.scheduler)
        if args.out:
            a.draw(args.out)
    if args.json:
        emit_json({**a.to_json(), **({"out": args.out} if args.out else {})})
        return EXIT_OK
    _print(a.statistics, table, args.out)
    return EXIT_OK


def _p(x) -> str:
    return "-" if x is None else f"{x:.4g}"


def _print(st, table, out) -> None:
    print(f"score: {st.score}; {st.direction.ranked_by(st.score)}; {len(st.tasks)} tasks × {len(st.names)} entities "
          f"({table.conversion})")
    if st.undefined:
        print(f"undefined on {st.undefined} (task, entity) pairs: ranked last on their task")
    boot = {n: (r, p) for n, r, p in zip(st.bootstrap.names, st.bootstrap.rank_interval, st.bootstrap.p_first)} \
        if st.bootstrap else {}
    head = f"{'avg rank':>9} {'consensus':>9}" + (f" {'rank interval':>13} {'P(first)':>8}" if boot else "") + "  entity"
    print(head)
    for i in st.order():
        n = st.names[i]
        line = f"{float(st.average[i]):>9.3f} {st.consensus_rank[i]:>9}"
        if boot:
            (lo, hi), p = boot[n]
            line += f" {f'[{lo}, {hi}]':>13} {p:>8.3f}"
        print(f"{line}  {n}")
    fr = st.friedman
    if fr.chi2 is None:
        print("Friedman: needs 3 entities at least")
    else:
        print(f"Friedman χ² = {fr.chi2:.4f} (df {fr.df[0]}), p = {_p(fr.p)}; Iman–Davenport F = {fr.f:.4f} "
              f"(df {fr.df[0]}, {fr.df[1]}), p = {_p(fr.f_p)}")
    print(f"Nemenyi: q_α = {st.q_alpha:.4f} at α = {st.alpha:g}, CD = {st.cd:.4f}; cliques (not separated): "
          + ("; ".join("{" + ", ".join(st.names[i] for i in c) + "}" for c in st.cliques) or "none"))
    print("Wilcoxon signed-rank, Holm-adjusted over every pair (p < 0.05 marked *):")
    for p in st.pairs:
        mark = " *" if p.p_holm is not None and p.p_holm < 0.05 else ""
        why = f" ({p.reason})" if p.reason else ""
        print(f"  {p.a} vs {p.b}: p = {_p(p.p)}, Holm {_p(p.p_holm)}{mark}{why}")
    if st.bayes:
        print(f"Bayesian signed-rank (baycomp's model), ROPE ±{float(st.rope):g}, {st.bayes_samples} draws: "
              "P(first better) / P(equivalent) / P(second better)")
        for b in st.bayes:
            print(f"  {b.a} vs {b.b}: {b.left:.3f} / {b.rope:.3f} / {b.right:.3f}")
    if st.bootstrap:
        print(f"rank intervals: {st.bootstrap.statistic}, {st.bootstrap.draws} draws ({st.bootstrap.method}), "
              f"level {st.bootstrap.level:g}, seed {st.bootstrap.seed}")
    if out:
        print(f"critical-difference diagram: {out}")


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


def rank_command(args, t0: float) -> int:
    """``rank`` on a multi-task file: the summarized ranking (checked on its Π) or an alternative aggregate."""
    from ordertheory.cli.common import heartbeat, time_left
    from ordertheory.errors import InvalidInput
    from ordertheory.ranking.tasks.aggregates import Aggregate, rank_tasks
    from ordertheory.ranking.tasks.summarized import TaskWeights

    for opt in ("over_tile", "uncertainty", "predictions", "samples"):
        if getattr(args, opt, None):
            raise InvalidInput(f"--{opt.replace('_', '-')} is for one task; this file has a task column "
                               "(ordertheory tasks gives the uncertainty across tasks)")
    table = load_table(args)
    score, direction, text = resolve_score(args, table)
    weights = TaskWeights.parse(args.task_weights)
    aggregate = Aggregate(args.aggregate or ("summarized" if table.has_performances else "mean-rank"))
    with heartbeat("rank"):
        r = rank_tasks(table, score, aggregate, weights, check=not args.no_check, timeout=time_left(args),
                       jobs=jobs(args), scheduler=args.scheduler, score_text=text, direction=direction)
    fit = r.summarized.fitness if r.summarized is not None else None
    if args.json:
        from ordertheory.ranking.rank_answer import tasks_rank_json

        emit_json(tasks_rank_json(r, table, text, score, direction))  # the playground's JSON too
        return exit_code(fit.verdict) if fit else EXIT_OK
    _print_rank(r, table, text, fit, direction)
    return exit_code(fit.verdict) if fit else EXIT_OK


def _print_rank(r, table, text, fit, direction) -> None:
    from ordertheory.ranking.rank import approximate
    from ordertheory.ranking.tasks.aggregates import Aggregate

    print(f"score: {text}; {direction.ranked_by(text)}")
    print(f"tasks: {len(table.tasks)} × {len(table.entities)} entities ({table.conversion})")
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
