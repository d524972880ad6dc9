"""``ordertheory winners FILE``: the exact set of entities that rank first for some R_{a,b}."""

from __future__ import annotations

import argparse
from pathlib import Path

from ordertheory.cli._leaderboard import FORMATS, load
from ordertheory.cli.common import add_timeout, emit_json, exit_code, time_left

EPILOG = """JSON: {ordertheory_version, verdict, method, winners, tied_for_first_only, entities: [{entity,
can_win, outcome, at, tied_with, certificate}]}; outcome is wins (ranked first with no other entity level
with it, at an exact point (a, b) re-checked in Fractions), ties (first only where it ties the entities
tied_with: can_win is refuted), never (with a certificate: the corners of the Tile, a Farkas combination
in the entity's chart, or z3 unsat) or unknown. --method geometry (default) decides by exact line
arrangements in each entity's chart, whatever the priors; --method nra asks z3 (slower; a cross-check).
On k classes (dense or sparse, any k) the Tile is every importance I weighing some success and some
error: at is null and importance holds where it is first (exact values by outcome; on a sparse
leaderboard only the non-zero cells), decided by an exact LP (HiGHS proposes, exact column generation
decides; a 'never' carries Farkas multipliers checked over every cell).

exit codes: 0 every entity decided, 2 bad input, 3 something stayed unknown.""" + "\n\n" + FORMATS


def register(subparsers) -> None:
    s = subparsers.add_parser("winners", help="who ranks first for some ranking score R_{a,b}? (exact)",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("file", help="leaderboard (.json or .csv); two classes: over the Tile; k classes: over every "
                                "importance (an exact LP)")
    s.add_argument("--decimals", type=int, help="round non-integer numbers to N decimals (default: exact)")
    add_timeout(s, 120.0)
    s.add_argument("--method", choices=["geometry", "nra"], default="geometry",
                   help="exact geometry (default) or z3's non-linear real arithmetic")
    s.add_argument("--smt-dir", help="with --method nra: write the z3 certificates (SMT-LIB, unsat) here")
    s.add_argument("--shares", action="store_true",
                   help="also the share of the Tile where each ranks first (exact in balanced coordinates "
                        "with one prior; in (a, b) with an error bound)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.cli._leaderboard import Progress
    from ordertheory.encoding import smtlib
    from ordertheory.engine.deadline import own_budget, within
    from ordertheory.ranking.winners import Outcome, winners

    lb = load(args)
    left = time_left(args)
    w = within(winners, left, f"winners on {len(lb)} entities", lb, timeout=own_budget(left), method=args.method,
               progress=Progress("winners"))
    if args.smt_dir:
        for a in w.answers:
            if a.smtlib:
                smtlib.write(Path(args.smt_dir), f"never_first.{a.entity}", a.smtlib)
    shares = ()
    if args.shares:
        from ordertheory.ranking.tile.tile_cells import first_shares

        shares = first_shares(lb)
    if args.json:
        emit_json({"leaderboard": lb.provenance.to_json(), **w.to_json(),
                   **({"shares": [s.to_json() for s in shares]} if shares else {})})
    else:
        for a in w.answers:
            mark = "" if a.at is None or a.at.exact else " (approximately: irrational point)"
            where = (f"at a = {a.at.a}, b = {a.at.b}{mark}" if a.at is not None else
                     "for I = (" + ", ".join(f"{o}={v}" for o, v in a.importance.as_dict().items() if v) + ")"
                     if a.importance is not None else "")
            if a.outcome is Outcome.WINS:
                same = f" (with identical performances {', '.join(a.tied_with)})" if a.tied_with else ""
                print(f"CAN WIN   {a.entity}   {where}{same}")
            elif a.outcome is Outcome.TIES:
                print(f"TIES      {a.entity}   for first {where} with {', '.join(a.tied_with) or 'another'}; "
                      "never first alone")
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
        print(f"{len(w.names)} of {len(lb)} entities can rank first alone{beside}; {len(w.tied)} only tie for first; "
              f"{never} never rank first (certified); {len(unknown)} unknown — {w.seconds:.2f} s ({w.method})")
    return exit_code(w.verdict)  # PROVED (every entity decided) or UNKNOWN
