"""``ordertheory winners FILE``: the exact set of entities that rank first (``--last``: last) for some
R_{a,b} — on k classes for some importance, or some member of a ``--family``."""

from __future__ import annotations

import argparse
from pathlib import Path

from ordertheory.cli._leaderboard import FORMATS, add_family, load
from ordertheory.cli.common import add_timeout, emit_json, exit_code, time_left

EPILOG = """JSON: {ordertheory_version, verdict, place, method, path, family, winners, tied_for_first_only,
entities: [{entity, can_win, outcome, at, tied_with, importance, weights, certificate}]}; place is first
(who can win) or last (--last: who can come last; winners and tied_for_first_only then list who can be
last alone and who only ties for last); outcome is
wins (takes the place with no other entity level with it, at an exact point (a, b) re-checked by the
definition), ties (only where it ties the entities tied_with: can_win is refuted), never (with a
certificate) or unknown.

How (method, and path says why): with --method geometry (default), when every entity has one prior
the convex hull in ROC space decides (the hull theorem, proved in the supplementary material: first
alone exactly at the vertices of the upper-left hull; last at those of the lower-right hull); a
'never' is certified by a mixture of at most two entities strictly up-left (down-right) of its point.
Otherwise the line arrangement of each entity's chart decides (any priors; a 'never' carries a Farkas
combination); --method arrangement forces it, --method nra asks z3 (slower; a cross-check). Last place
is first place of the predicted-class swap at (b, a) (tn <-> fp, fn <-> tp; Tile statement 1).

On k classes (dense or sparse, any k) the Tile is every importance I weighing some success and some
error: at is null and importance holds where it is first (exact values by outcome; on a sparse
leaderboard only the non-zero cells), decided by an exact LP (HiGHS proposes, exact column generation
decides; a 'never' carries Farkas multipliers checked over every cell). --family asks inside a family
(class-weights, symmetric-costs, per-class-errors: exact LPs over its few parameters; macro-micro: a
two-parameter Tile, drawn by 'tile --family macro-micro'): weights holds the witness's parameters,
normalised to sum 1, importance the importance they make (re-checked on the leaderboard).

exit codes: 0 every entity decided, 2 bad input, 3 something stayed unknown.""" + "\n\n" + FORMATS


def register(subparsers) -> None:
    s = subparsers.add_parser("winners", help="who ranks first (or last) for some ranking score R_{a,b}? (exact)",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("file", help="leaderboard (.json or .csv); two classes: over the Tile; k classes: over every "
                                "importance (an exact LP), or a --family")
    s.add_argument("--decimals", type=int, help="round non-integer numbers to N decimals (default: exact)")
    add_timeout(s, 120.0)
    s.add_argument("--method", choices=["geometry", "arrangement", "nra"], default="geometry",
                   help="exact geometry (default: the ROC hull at one prior, else the line arrangement), the line "
                        "arrangement whatever the priors, or z3's non-linear real arithmetic")
    s.add_argument("--last", action="store_true", help="who can come last instead of first (two classes, and "
                                                       "--family macro-micro)")
    add_family(s)
    s.add_argument("--smt-dir", help="with --method nra: write the z3 certificates (SMT-LIB, unsat) here")
    s.add_argument("--shares", action="store_true",
                   help="also the share of the Tile where each ranks first (exact in balanced coordinates "
                        "with one prior; in (a, b) with an error bound)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def _where(a) -> str:
    from ordertheory.cli._leaderboard import importance_text, weights_text

    if a.weights:
        return "with weights " + weights_text(a.weights)
    if a.at is not None:
        mark = "" if a.at.exact else " (approximately: irrational point)"
        return f"at a = {a.at.a}, b = {a.at.b}{mark}"
    if a.importance is not None:
        return "for I = " + importance_text(a.importance) + " (normalised: Σ I = 1)"
    return ""


def run(args) -> int:
    from ordertheory.cli._leaderboard import Progress
    from ordertheory.encoding import smtlib
    from ordertheory.engine.deadline import own_budget, within
    from ordertheory.errors import InvalidInput
    from ordertheory.ranking.winners import Outcome, winners

    lb = load(args)
    if args.shares and (args.last or args.family):
        raise InvalidInput("--shares is the share of the Tile where each ranks first: not with --last or --family")
    left = time_left(args)
    place = "last" if args.last else "first"
    w = within(winners, left, f"winners on {len(lb)} entities", lb, timeout=own_budget(left), method=args.method,
               progress=Progress("winners"), place=place, family=args.family)
    if args.smt_dir:
        for a in w.answers:
            if a.smtlib:
                smtlib.write(Path(args.smt_dir), f"never_{place}.{a.entity}", a.smtlib)
    shares = ()
    if args.shares:
        from ordertheory.ranking.tile.tile_cells import first_shares

        shares = first_shares(lb)
    if args.json:
        emit_json({"leaderboard": lb.provenance.to_json(), **w.to_json(),
                   **({"shares": [s.to_json() for s in shares]} if shares else {})})
        return exit_code(w.verdict)
    can, word = ("CAN WIN  ", "first") if place == "first" else ("CAN BE LAST", "last")
    for a in w.answers:
        if a.outcome is Outcome.WINS:
            same = f" (with identical performances {', '.join(a.tied_with)})" if a.tied_with else ""
            print(f"{can} {a.entity}   {_where(a)}{same}")
        elif a.outcome is Outcome.TIES:
            print(f"TIES      {a.entity}   for {word} {_where(a)} with {', '.join(a.tied_with) or 'another'}; "
                  f"never {word} alone")
    for a in w.answers:
        if a.outcome is Outcome.NEVER:
            print(f"NEVER     {a.entity}   ({a.certificate})")
    unknown = [a for a in w.answers if a.outcome is Outcome.UNKNOWN]
    for a in unknown:
        print(f"UNKNOWN   {a.entity}   ({a.certificate})")
    never = sum(a.outcome is Outcome.NEVER for a in w.answers)
    for s in shares:
        if s.tile is not None and s.tile.value > 0:
            exact = "" if s.balanced is None else f"; {s.balanced} exactly in balanced coordinates"
            print(f"SHARE     {s.entity}   {s.tile.value:.6%} of the Tile (± {s.tile.error:.1e}){exact}")
    twins = [a.entity for a in w.answers if a.outcome is Outcome.WINS and a.tied_with]
    beside = "" if not twins else (f" ({len(twins)} of them only beside an identical performance, tied by "
                                   f"Axiom 1: {', '.join(twins[:8])}{', …' if len(twins) > 8 else ''})")
    among = f" in the family {w.family}" if w.family else ""
    print(f"{len(w.names)} of {len(lb)} entities can be {word} alone{among}{beside}; {len(w.tied)} only tie for "
          f"{word}; {never} never {'rank first' if word == 'first' else 'come last'} (certified); {len(unknown)} "
          f"unknown — {w.seconds:.2f} s ({w.method}: {w.path})")
    return exit_code(w.verdict)  # PROVED (every entity decided) or UNKNOWN
