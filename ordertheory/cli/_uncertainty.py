"""Shared plumbing of the uncertainty options (rank, compare --leaderboard, advise): the options,
the resampling plan, the predictions, and the lines that report a ranking's uncertainty."""

from __future__ import annotations

from ordertheory.cli.common import add_jobs, add_run_options
from ordertheory.errors import InvalidInput

UNCERTAINTY_HELP = """uncertainty (needs the test sets: counts, --samples N for a normalised leaderboard, or --predictions):
  --uncertainty posterior   Dirichlet posterior of each entity's performance (default prior: total
                            mass 1, half on the satisfying outcomes, half on the errors: Jeffreys
                            for accuracy at any k; --alpha A: A on every outcome instead)
  --uncertainty bootstrap   multinomial bootstrap of each test set; with --predictions, the case
                            bootstrap (cases, or groups of a 'group' column, resampled jointly)
  P(A ranks above B) is exact or by 1-D quadrature where the theory allows it (posterior, two-level
  scores such as accuracy, F1, TPR), otherwise Monte Carlo with its standard error. Each interval says
  what it is (Bayesian credible, percentile bootstrap, exact Beta quantiles); an observed value outside
  it extends it. Tiers: groups no two members of which are separated (two-sided, Holm over all pairs)."""


def add_uncertainty_options(s, jobs: bool = True, samples: bool = True) -> None:
    """The options every command with uncertainty shares (the names other scripts rely on);
    ``samples=False`` for a command that has its own --samples (compare)."""
    s.add_argument("--uncertainty", choices=["posterior", "bootstrap"],
                   help="resample the entities' performances (see below)")
    s.add_argument("--draws", type=int, default=10_000, help="draws of the resampling (default 10000)")
    s.add_argument("--seed", type=int, default=0, help="random seed (default 0): the same seed, the same numbers")
    s.add_argument("--alpha", type=float, default=None,
                   help="a flat Dirichlet prior A on every outcome (default: total mass 1, half on the satisfying "
                        "outcomes and half on the errors; a flat A adds A·|Ω| pseudo-counts)")
    if samples:
        s.add_argument("--samples", type=int, metavar="N",
                       help="the number of test samples behind a normalised leaderboard (pseudo-counts N·P)")
    s.add_argument("--predictions", metavar="FILE",
                   help="per-sample predictions: CSV sample,y_true,<entity>... [,group] [,score:<entity>...]")
    s.add_argument("--level", type=float, default=0.95, help="level of the intervals and of separation (0.95)")
    if jobs:
        add_jobs(s, "processes for the resampling")
        add_run_options(s)


def plan_from(args, predictions):
    """The resampling plan of the command line (the bootstrap of per-sample predictions is the case bootstrap)."""
    from ordertheory.ranking.uncertainty.resample import Plan, Resampling, check_level

    check_level(args.level)
    method = {"posterior": Resampling.POSTERIOR, "bootstrap": Resampling.BOOTSTRAP}[args.uncertainty or "posterior"]
    if method is Resampling.BOOTSTRAP and predictions is not None:
        method = Resampling.CASE_BOOTSTRAP
    if args.alpha is not None and method is not Resampling.POSTERIOR:  # never silently ignored
        raise InvalidInput("--alpha is the posterior's Dirichlet prior; the bootstrap has none: drop --alpha or "
                           "use --uncertainty posterior")
    return Plan(method, args.draws, args.seed, args.alpha)


def predictions_for(args, lb):
    """The per-sample predictions of the command line (--predictions, or FILE itself), or None."""
    from ordertheory.cli._leaderboard import pos_label
    from ordertheory.ranking.leaderboards.per_sample import is_predictions_file, read_predictions

    path = getattr(args, "predictions", None)
    if path is None and is_predictions_file(args.file):
        path = args.file
    if path is None:
        return None
    if getattr(args, "samples", None) is not None:
        raise InvalidInput("--samples is for a normalised leaderboard; per-sample predictions are the test set")
    return read_predictions(path, pos_label(args))


def load_with_predictions(args):
    """(leaderboard, predictions or None): FILE may itself be a predictions CSV (it has a y_true column)."""
    from ordertheory.cli._leaderboard import load, pos_label
    from ordertheory.ranking.leaderboards.per_sample import is_predictions_file, read_predictions

    if is_predictions_file(args.file):
        pr = read_predictions(args.file, pos_label(args))
        if getattr(args, "predictions", None) not in (None, args.file):
            raise InvalidInput("FILE is already a predictions file: drop --predictions")
        return pr.leaderboard(), pr
    lb = load(args)
    return lb, predictions_for(args, lb)


def fmt_p(p: float, stderr: float, sampled: bool) -> str:
    """A probability with its error: '0.681300' when computed without sampling, '0.6813 ± 0.0047'
    for a Monte Carlo frequency."""
    if sampled:
        return f"{p:.4f} ± {stderr:.4f}"
    return f"{p:.6f}"


def separation_line(u, hint: bool = True) -> str:
    """The one line of ``rank``'s default output: which adjacent entities are not separated."""
    bad = u.not_separated()
    how = u.plan.describe() + ("; --uncertainty for rank intervals" if hint else "")
    if not bad:
        return f"every adjacent pair is separated at {u.level:.0%}: P(upper above lower) ≥ {u.level:g} ({how})"
    shown = ", ".join(f"{p.a} ~ {p.b} (P = {p.p_above:.3f})" for p in bad[:6])
    more = f" and {len(bad) - 6} more" if len(bad) > 6 else ""
    return (f"not separated at {u.level:.0%}: {shown}{more} — P(upper ranks above lower) < {u.level:g} "
            f"({how})")


def uncertainty_lines(u, ranking) -> list[str]:
    """The table of ``rank --uncertainty``: value and rank intervals, P(above the next entity)."""
    pct = f"{u.level:.0%}"
    lines = [f"uncertainty: {u.plan.describe()}; counts: {u.origin}; level {pct}"]
    adjacent = {p.a: p for p in u.adjacent()}
    tiers = u.tiers()
    head = (f"{'rank':>4}  {'value':>9}  {pct + ' interval':>22}  {'rank interval':>13}  {'P(above next)':>17}  "
            f"{'tier':>4}")
    paired = any(p.tests is not None for p in u.pairs.values())
    if paired:
        head += f"  {'McNemar p (Holm)':>16}  {'perm. p (Holm)':>14}"
    lines.append(head + "  entity")
    for e in u.entities:
        rank = "-" if e.rank is None else str(e.rank)
        value = "undefined" if e.value is None else f"{e.value:.6f}"
        iv = "-" if e.value_interval is None else f"[{e.value_interval[0]:.6f}, {e.value_interval[1]:.6f}]"
        ri = "-" if e.rank_interval is None else f"[{e.rank_interval[0]}, {e.rank_interval[1]}]"
        p = adjacent.get(e.name)
        pa = "" if p is None else fmt_p(p.p_above, p.stderr, p.sampled)
        row = f"{rank:>4}  {value:>9}  {iv:>22}  {ri:>13}  {pa:>17}  {tiers.letters.get(e.name, '-'):>4}"
        if paired:
            t = None if p is None else p.tests
            mc = "" if t is None or t.mcnemar_p_holm is None else f"{t.mcnemar_p_holm:.4f}"
            pp = "" if t is None else f"{t.permutation_p_holm:.4f}"
            row += f"  {mc:>16}  {pp:>14}"
        lines.append(row + f"  {e.name}")
    methods = sorted({e.value_method for e in u.entities})
    lines.append(f"value intervals: {'; '.join(methods)}")
    pm = sorted({p.method for p in u.adjacent()})
    if pm:
        lines.append(f"P(above next): {'; '.join(pm)}")
    lines.append(separation_line(u, hint=False))
    lines.extend(tiers.lines())
    if u.draws_note():
        lines.append(f"note: {u.draws_note()}")
    by_test = u.tiers_by_test()
    if by_test is not None:
        lines.extend(by_test.lines())
    if u.delong is not None:
        lines.extend(u.delong.lines())
    t = u.tau_summary()
    if t["median"] is not None:
        lines.append(f"Kendall τ-b of the draws' rankings against the observed one: median {t['median']:.4f}, "
                     f"{pct} interval [{t['interval'][0]:.4f}, {t['interval'][1]:.4f}] (numeric)")
    lines.extend(f"note: {n}" for n in u.notes)
    if paired:
        note = next((p.tests.note for p in u.pairs.values() if p.tests is not None and p.tests.note), None)
        if note:
            lines.append(f"note: {note}")
    return lines
