"""``ordertheory winners FILE``: the exact set of entities that rank first for some R_{a,b}."""

from __future__ import annotations

import argparse
from pathlib import Path

from ordertheory.cli._leaderboard import FORMATS, load
from ordertheory.cli.common import add_timeout, emit_json, time_left

EPILOG = """JSON: {ordertheory_version, verdict, winners, entities: [{entity, can_win, at, certificate}]};
can_win is proved (with an exact point (a, b) re-checked in Fractions), refuted (with a certificate:
the corners of the Tile, or z3 unsat) or unknown.

exit codes: 0 every entity decided, 2 bad input, 3 something stayed unknown.""" + "\n\n" + FORMATS


def register(subparsers) -> None:
    s = subparsers.add_parser("winners", help="who ranks first for some ranking score R_{a,b}? (exact)",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("file", help="two-class leaderboard (.json or .csv)")
    s.add_argument("--decimals", type=int, help="round non-integer numbers to N decimals (default: exact)")
    add_timeout(s, 120.0)
    s.add_argument("--smt-dir", help="write the z3 certificates (SMT-LIB, unsat) of the non-winners here")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.encoding import smtlib
    from ordertheory.engine.deadline import own_budget, within
    from ordertheory.ranking.winners import winners

    lb = load(args)
    left = time_left(args)
    w = within(winners, left, f"winners on {len(lb)} entities", lb, timeout=own_budget(left))
    if args.smt_dir:
        for a in w.answers:
            if a.smtlib:
                smtlib.write(Path(args.smt_dir), f"never_first.{a.entity}", a.smtlib)
    if args.json:
        emit_json({"leaderboard": lb.provenance.to_json(), **w.to_json()})
    else:
        for a in w.answers:
            if a.verdict.value == "proved":
                mark = "" if a.at.exact else " (approximately: irrational point)"
                print(f"CAN WIN   {a.entity}   at a = {a.at.a}, b = {a.at.b}{mark}")
        unknown = [a for a in w.answers if a.verdict.value == "unknown"]
        for a in unknown:
            print(f"UNKNOWN   {a.entity}   ({a.certificate})")
        never = sum(a.verdict.value == "refuted" for a in w.answers)
        print(f"{len(w.names)} of {len(lb)} entities can rank first; {never} never do (certified); "
              f"{len(unknown)} unknown — {w.seconds:.1f} s")
    return 0 if w.verdict.value == "proved" else 3
