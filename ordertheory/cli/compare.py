"""``ordertheory compare X Y``: do two scores rank alike? On Π, on finite test sets, on a leaderboard."""

from __future__ import annotations

import argparse
import sys
import time

from ordertheory.cli._leaderboard import FORMATS
from ordertheory.cli._uncertainty import add_uncertainty_options
from ordertheory.cli.common import (
    PRIOR_HELP,
    SATISFACTION_HELP,
    SPACE_HELP,
    add_timeout,
    deadline,
    emit_json,
    exit_code,
    jobs,
    performance_set,
    score_from,
    score_heading,
    score_json,
    score_text,
    time_left,
    witness_lines,
)
from ordertheory.errors import InvalidInput

#: the overall verdict of "X and Y rank alike (or exactly in reverse)", by the name of the agreement
VERDICT = {"same": "proved", "reversed": "proved", "different": "refuted", "unknown": "unknown"}


def _verdict(kind: str):
    """The Verdict of an agreement's name (same, reversed, different, unknown)."""
    from ordertheory.engine.result import Verdict

    return Verdict(VERDICT[kind])

HELP = """modes:
  (default)            decide on Π ∩ dom(X) ∩ dom(Y): same | reversed | different | unknown
  --prior p / --rate tau   the same question for every prior p (rate tau) in (0, 1) at once: a proof by the
                       importance derivation, or an exact witness at one value; Y may use p or tau
                       (e.g. the ranking score of an importance that depends on the prior)
  --samples N          the smallest n <= N at which the n-sample confusion matrices are ordered
                       differently (exhaustive exact enumeration: a proof for every smaller n)
  --leaderboard FILE   exact counts of concordant, discordant and tied pairs of entities (O(n log n)), those
                       tied in one score only, and Kendall's tau-b (numeric); --list-pairs also lists the
                       discordant pairs; with
                       --uncertainty posterior|bootstrap (and --samples N for a normalised leaderboard,
                       or --predictions FILE), the distribution of tau-b and of the discordant pairs over
                       draws of the test sets, and P(each discordant pair stays discordant) (JSON: uncertainty;
                       the discordant pairs are then listed)

exit codes: 0 same or reversed, 1 different (a validated exact witness is shown),
  2 bad input, 3 unknown (timeout, solver incompleteness, bound reached)

JSON: {ordertheory_version, verdict, X, Y, space, Pi, mode, kind, method, witness, ...}; exact values are
strings ("1/5", "sqrt(3)/3") with a "decimal" companion for reading.

""" + FORMATS


def register(subparsers) -> None:
    s = subparsers.add_parser("compare", help="do two scores rank alike? same / reversed / different, with a witness",
                              epilog=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("X", type=score_text, help="a catalogue slug or a formula")
    s.add_argument("Y", type=score_text, help="a catalogue slug or a formula")
    s.add_argument("--space", default=None,
                   help=SPACE_HELP + "; with --leaderboard, the leaderboard's own space (K classes fixed when given)")
    s.add_argument("--satisfaction", help=SATISFACTION_HELP)
    s.add_argument("--prior", help=PRIOR_HELP + "; a name (p) for a symbolic prior: a proof for every value, "
                   "or a witness at one")
    s.add_argument("--rate", help="fixed rate of positive predictions T (binary) or comma-separated prediction "
                                  "rates; a name (tau) for a symbolic rate; with --prior both hold")
    s.add_argument("--constraint", action="append", default=[], help="linear constraint, e.g. 'tp+fn==1/5'")
    s.add_argument("--samples", type=int, metavar="N", help="bound N on the number of samples of a finite test set")
    s.add_argument("--positives", type=int, metavar="K",
                   help="with --samples: exactly K positives (a fixed ground truth)")
    s.add_argument("--leaderboard", metavar="FILE",
                   help="a leaderboard, any shape `ordertheory rank` reads (tn,fp,fn,tp; y{i}_p{j}; a confusion "
                   "matrix; entity,true,pred,count)")
    s.add_argument("--list-pairs", action="store_true", help="with --leaderboard: list the discordant pairs")
    add_timeout(s, 60.0)
    s.add_argument("--verbose", action="store_true", help="print the formulas of k-class scores (long)")
    s.add_argument("--json", action="store_true")
    add_uncertainty_options(s, samples=False)
    s.set_defaults(func=run)


def _say(line: str) -> None:
    print(f"[compare] {line}", file=sys.stderr, flush=True)


def read_entities(path: str, space=None):
    """(name, Performance) rows of a leaderboard file, read as every leaderboard command reads it."""
    from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard

    return read_leaderboard(path, space=space).entities


def run(args) -> int:
    if args.samples is not None and args.leaderboard and not args.uncertainty:
        raise InvalidInput("expected --samples or --leaderboard, not both (with --leaderboard, --samples N "
                           "is the test set's size for --uncertainty)")
    if args.uncertainty and not args.leaderboard:
        raise InvalidInput("--uncertainty compares two scores on a leaderboard: give --leaderboard FILE")
    if args.leaderboard and (args.prior is not None or args.rate is not None or args.constraint):
        raise InvalidInput("--leaderboard compares the given entities: drop --prior/--rate/--constraint")
    if args.positives is not None and args.samples is None:
        raise InvalidInput("--positives needs --samples")
    if args.leaderboard:
        from ordertheory.ranking.scored_ranking import read_scored, scored_slug

        if scored_slug(args.X) or scored_slug(args.Y):
            scores = read_scored(args.leaderboard, getattr(args, "pos_label", None))
            if scores is not None:
                return _scored(args, scores)
    lb = predictions = None
    if args.leaderboard:  # the leaderboard's space, inferred as `rank` infers it (--space fixes k)
        lb, predictions = _leaderboard_and_predictions(args)
        args.space = lb.space.name
    # with a leaderboard, the entities only: Π is not written out on many classes
    space, Pi = performance_set(args, symbolic=True, structured=lb is not None)
    from ordertheory.analyses.compare.symbolic import parameters_of

    symbolic = lb is None and bool(parameters_of(Pi))
    if symbolic and (args.samples is not None or args.constraint):
        raise InvalidInput("a symbolic --prior/--rate is compared on Π itself: drop --samples/--constraint")
    X, Y = (_score(text, space, Pi) if symbolic else score_from(text, space) for text in (args.X, args.Y))
    head = {"X": score_json(args.X, X), "Y": score_json(args.Y, Y), "space": space.name, "Pi": Pi.label,
            "constraints": [str(c) for c in Pi.constraints]}
    if symbolic:
        return _symbolic(args, X, Y, Pi, head)
    if args.leaderboard:
        return _leaderboard(args, X, Y, head, lb, predictions)
    if args.samples is not None:
        return _samples(args, X, Y, Pi, head)
    from ordertheory.analyses.compare.compare import compare_scores
    from ordertheory.engine.deadline import own_budget, within

    left = time_left(args)  # a child killed at the deadline: sympy
    c = within(compare_scores, left, "the comparison", X, Y, Pi, timeout=own_budget(left), progress=_say)
    if args.json:
        out = dict(head, verdict=_verdict(c.kind.value), mode="Pi")
        out.update({k: v for k, v in c.to_json().items() if k not in ("X", "Y", "space", "Pi", "constraints")})
        emit_json(out)
    else:
        _heading(args, X, Y, f"Π = {Pi.label} on {space.name}")
        print(f"=> {c.kind.value.upper()} on Π ∩ dom(X) ∩ dom(Y)" + (f" ({c.method})" if c.method else ""))
        if X.direction is not Y.direction and c.kind.value in ("same", "reversed"):  # the orders as each is ranked
            loss = args.X if X.direction.value == "lower" else args.Y
            print(f"   (the values' orders; {loss} is a loss, ranked lowest first: as the two are ranked, their "
                  f"orders are {'the reverse of each other' if c.kind.value == 'same' else 'the same'})")
        if c.witness is not None:
            print(f"   not the same order, witness ({c.witness.kind.value}):")
            print("\n".join(witness_lines(c.witness)))
        if c.kind.value == "different" and c.reversed.witness is not None:
            print(f"   and not the reverse order, witness ({c.reversed.witness.kind.value}):")
            print("\n".join(witness_lines(c.reversed.witness)))
        if c.reason:
            print(f"   reason: {c.reason}")
        d = c.domains
        print("   domains: " + {"proved": "equal on Π (z3)", "refuted": "DIFFER, witness:",
                                  "unknown": f"undecided ({d.reason})"}[d.verdict.label])
        if d.witness is not None:
            print("\n".join(witness_lines(d.witness)))
    return exit_code(_verdict(c.kind.value))


def _heading(args, X, Y, where: str) -> None:
    print(score_heading("X", args.X, X))
    print(score_heading("Y", args.Y, Y))
    print(where)


def _score(text: str, space, Pi):
    """A slug, or a formula that may use Π's symbols (p, tau): an importance depending on the prior."""
    from ordertheory.analyses.compare.symbolic import parameters_of
    from ordertheory.catalogue import find
    from ordertheory.scores.expression import parse_term
    from ordertheory.scores.formula import Term
    from ordertheory.scores.score import Score

    key = text.strip()
    if key.isidentifier() and find(key) is not None:
        return find(key).score(space)
    syms = parameters_of(Pi)
    term = parse_term(key, space, extra={s.name: Term(s) for s in syms})
    return Score.from_term(space, term, name=key, text=key,
                           parameters=tuple(s for s in syms if s in term.expr.free_symbols))


def _symbolic(args, X, Y, Pi, head) -> int:
    from ordertheory.analyses.compare.symbolic import compare_symbolic

    c = compare_symbolic(X, Y, Pi, timeout=time_left(args), progress=_say)
    if args.json:
        out = dict(head, verdict=_verdict(c.kind.value), mode="symbolic")
        out.update({k: v for k, v in c.to_json().items() if k not in ("X", "Y", "space", "Pi", "constraints")})
        emit_json(out)
    else:
        _heading(args, X, Y, f"Π = {Pi.label} on {X.space.name}, for every {c.parameter} in (0, 1)")
        print(f"=> {c.kind.value.upper()}" + (f" ({c.method})" if c.method else ""))
        if c.witness is not None:
            print(f"   witness at {', '.join(f'{k} = {v}' for k, v in c.at.items())}"
                  + (f" ({c.witness.kind.value})" if hasattr(c.witness, "kind") else "") + ":")
            print("\n".join(witness_lines(c.witness)))
        if c.reason:
            print(f"   reason: {c.reason}")
    return exit_code(_verdict(c.kind.value))


def _samples(args, X, Y, Pi, head) -> int:
    from ordertheory.analyses.compare.compare import Agreement
    from ordertheory.analyses.compare.finite_sets import counts, smallest_disagreement
    from ordertheory.engine.witness import exact_and_decimal

    t0 = time.perf_counter()

    def progress(n, a):
        if time.perf_counter() - t0 > 2:
            _say(f"n = {n}: {a.kind.value} ({a.matrices} matrices)")

    r = smallest_disagreement(X, Y, args.samples, args.positives, Pi if Pi.constraints else None,
                              timeout=time_left(args), progress=progress)
    if args.json:
        out = dict(head, verdict=_verdict(r.kind.value), mode="samples", method="exhaustive exact enumeration")
        out.update(r.to_json())
        emit_json(out)
    else:
        k = "" if args.positives is None else f" with {args.positives} positives"
        if r.smallest:
            a = r.smallest
            print(f"=> DIFFERENT at n = {a.n} samples{k} ({a.same.kind.value}); the same or reversed for every smaller n:")
            print(f"   P1 counts (tn, fp, fn, tp) = {counts(a.same.P1, a.n)}, P2 = {counts(a.same.P2, a.n)}")
            x1, x2, y1, y2 = (exact_and_decimal(v) for v in a.same.values)
            print(f"   X: {x1} vs {x2};  Y: {y1} vs {y2}")
        elif r.kind is Agreement.UNKNOWN:
            print(f"=> UNKNOWN: {r.reason}; no n <= {r.checked} disagrees")
        else:
            print(f"=> {r.kind.value.upper()} for every test set of n <= {r.checked} samples{k}"
                  + (f" ({r.reason})" if r.reason else f"; larger n not examined (unknown beyond {r.checked})"))
        print(f"   proof: {r.proof}")
    return exit_code(_verdict(r.kind.value))


def _scored(args, scores) -> int:
    """Two scores on per-sample scores (score:<entity> columns, y_true/y_score JSON): each value exact from the
    scores (a crisp score such as accuracy from the predicted labels of a predictions CSV), then the exact
    pair counts; --uncertainty is rank's (rank FILE --score X --uncertainty …)."""
    from ordertheory.analyses.compare.discordance import compare_values
    from ordertheory.analyses.tau.exact_order import dense_ranks, dense_ranks_of_keys
    from ordertheory.ranking.leaderboards.per_sample import is_predictions_file, read_predictions
    from ordertheory.ranking.scored_ranking import rank_samples, scored_slug
    from ordertheory.spaces.sample_space import binary, scored

    if args.uncertainty:
        raise InvalidInput("--uncertainty with per-sample scores: ask rank FILE --score X --uncertainty … for each score")
    columns, heads = [], {}
    for name, text in (("X", args.X), ("Y", args.Y)):
        slug = scored_slug(text)
        if slug:
            X = score_from(slug, scored(2))
            values = {e.name: e.value for e in rank_samples(scores, slug, check=False).entries}
        else:
            if not is_predictions_file(args.leaderboard):
                raise InvalidInput(f"{text} needs predicted labels: a predictions CSV (y_true, one column per entity)")
            lb = read_predictions(args.leaderboard, getattr(args, "pos_label", None)).leaderboard()
            X = score_from(text, lb.space if lb.space is not None else binary())
            values = {n: X.value_or_none(P) for n, P in lb.entities}
        columns.append((X, values))
        heads[name] = score_json(text, X)
    (X, vx), (Y, vy) = columns
    keep = [n for n in scores.names if vx[n] is not None and vy[n] is not None]
    rank = lambda vs: dense_ranks_of_keys(vs) if any(isinstance(v, float) for v in vs) else dense_ranks(vs)  # noqa: E731
    r = compare_values(keep, [vx[n] for n in keep], [vy[n] for n in keep], X.direction, Y.direction,
                       tuple(n for n in scores.names if n not in keep), rank)
    head = {**heads, "space": f"per-sample scores ({len(scores.levels())} distinct)", "Pi": "the entities given",
            "constraints": []}
    args.list_pairs = True
    return _report_leaderboard(args, X, Y, head, r, None, "values from the per-sample scores, compared pair by pair "
                                                          "(exact; a float for the log loss)")


def _leaderboard(args, X, Y, head, lb, predictions) -> int:
    from ordertheory.analyses.compare.discordance import compare_leaderboard
    from ordertheory.engine.deadline import within

    left = time_left(args)
    # --uncertainty follows each discordant pair over the draws: it needs them listed
    r = within(compare_leaderboard, left, f"the pairs of {len(lb.entities)} entities", X, Y, lb.entities,
               list_pairs=args.list_pairs or bool(args.uncertainty))
    u = _uncertain(args, lb, predictions, X, Y, r) if args.uncertainty else None
    return _report_leaderboard(args, X, Y, head, r, u)


def _report_leaderboard(args, X, Y, head, r, u,
                        method: str = "exact sort keys and a merge-sort count (integers)") -> int:
    from ordertheory.engine.witness import exact_and_decimal

    same = r.ties_x == r.ties_y == r.ties_both
    kind = ("same" if r.discordant == 0 and same else "reversed" if r.concordant == 0 and same else "different")
    if args.json:
        out = dict(head, verdict=_verdict(kind), mode="leaderboard", kind=kind,
                   method=method, leaderboard=args.leaderboard)
        out.update(r.to_json())
        if u is not None:
            out["uncertainty"] = u.to_json()
        emit_json(out)
    else:
        tau = "undefined" if r.tau_b is None else f"{r.tau_b:.6f} (numeric)"
        once = r.ties_x + r.ties_y - 2 * r.ties_both
        out_of = "" if not r.excluded else (f"; {len(r.excluded)} outside dom(X) or dom(Y), left out: "
                                             + ", ".join(r.excluded[:8]) + (", …" if len(r.excluded) > 8 else ""))
        print(f"{r.entities} {'entity' if r.entities == 1 else 'entities'} compared{out_of}; "
              f"pairs: {r.discordant} discordant, "
              f"{r.concordant} concordant, {r.ties_both} tied in both scores, {once} tied in one score only "
              f"(ties: {r.ties_x} in X, {r.ties_y} in Y); Kendall τ-b = {tau}")
        if r.pairs:
            print(f"discordant pairs (X orders them one way, Y the other; X {X.direction.words}, Y {Y.direction.words}):")
        for p in r.pairs:
            print(f"  X ranks {p.first} below {p.second} (X: {exact_and_decimal(p.x[0])}, {exact_and_decimal(p.x[1])}), "
                  f"Y above (Y: {exact_and_decimal(p.y[0])}, {exact_and_decimal(p.y[1])})")
        if r.tied_once:
            print("pairs tied in one score only" + (f" (the first {len(r.tied_once)} of {once})"
                                                     if len(r.tied_once) < once else "") + ":")
        for p in r.tied_once:
            values = f"X: {exact_and_decimal(p.x[0])}, {exact_and_decimal(p.x[1])}; " \
                     f"Y: {exact_and_decimal(p.y[0])}, {exact_and_decimal(p.y[1])}"
            print(f"  {p.first} = {p.second} by {p.tied_in} only ({values})")
        why = {"same": "", "reversed": "", "different": " (" + ", ".join(
            w for w in (f"{r.discordant} discordant pairs" if r.discordant else "",
                        f"{once} pairs tied in one score only" if once else "") if w) + ")"}[kind]
        print(f"=> {kind.upper()} on this leaderboard{why}")
        if u is not None:
            t, d = u.tau_summary(), u.discordant_summary()
            pct = f"{u.level:.0%}"
            print(f"under {u.plan.describe()}: Kendall τ-b median {t['median']:.4f}, {pct} interval "
                  f"[{t['interval'][0]:.4f}, {t['interval'][1]:.4f}]; discordant pairs median {d['median']:g}, "
                  f"{pct} interval [{d['interval'][0]:g}, {d['interval'][1]:g}] (numeric)")
            for (a, b), p in u.p_discordant.items():
                print(f"  P({a}, {b} stay discordant) = {p:.4f}")
    return exit_code(_verdict(kind))


def _leaderboard_and_predictions(args):
    """The leaderboard of --leaderboard (a predictions CSV counts as one) and --predictions, if any."""
    from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
    from ordertheory.ranking.leaderboards.per_sample import is_predictions_file, read_predictions
    from ordertheory.ranking.uncertainty.uncertainty import check_predictions
    from ordertheory.spaces.sample_space import from_name

    pos = getattr(args, "pos_label", None)  # --pos-label: the positive one of two labels
    if is_predictions_file(args.leaderboard):
        pr = read_predictions(args.leaderboard, pos)
        return pr.leaderboard(), pr
    lb = read_leaderboard(args.leaderboard, space=from_name(args.space) if args.space else None, pos_label=pos)
    pr = read_predictions(args.predictions, pos) if args.predictions else None
    if pr is not None:
        check_predictions(lb, pr)
    return lb, pr


def _uncertain(args, lb, predictions, X, Y, r):
    from ordertheory.cli._uncertainty import plan_from
    from ordertheory.ranking.leaderboards.counts import available, refusal
    from ordertheory.ranking.uncertainty.compare_uncertainty import compare_uncertainty
    from ordertheory.ranking.uncertainty.resample import Progress

    if predictions is None and not available(lb, args.samples):
        raise InvalidInput(refusal(lb, args.samples))
    if predictions is not None and args.samples is not None:
        raise InvalidInput("--samples is for a normalised leaderboard; per-sample predictions are the test set")
    plan = plan_from(args, predictions)
    pairs = [(p.first, p.second) for p in r.pairs]
    return compare_uncertainty(lb, X, Y, plan, args.level, args.samples, predictions, pairs, jobs(args),
                               args.scheduler, Progress("compare uncertainty"), deadline(args))
