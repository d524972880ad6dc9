"""``ordertheory replay``: SMT-LIB certificates re-checked with z3 (and cvc5 when installed)."""

from __future__ import annotations

import sys
from pathlib import Path

from ordertheory.cli.common import exit_code, seconds
from ordertheory.engine.result import Verdict
from ordertheory.errors import OrderTheoryError


def register(subparsers) -> None:
    s = subparsers.add_parser("replay", help="re-check SMT-LIB certificates with z3 (and cvc5 when installed)",
                              epilog="Budgets are the solvers' deterministic resource limits (z3's rlimit, cvc5's "
                              "rlimit-per): what a solver confirms is the same on a busy machine as on an idle one. "
                              "CPU seconds and the wall-clock timeouts are safety nets only (--rlimit 0 "
                              "--cvc5-rlimit 0: wall clock alone, as before).")
    s.add_argument("dir")
    s.add_argument("--rlimit", type=int, default=None,
                   help="z3's resource units per certificate (default 2e7: 15 times what the committed ones need)")
    s.add_argument("--cvc5-rlimit", type=int, default=None,
                   help="cvc5's resource units per certificate and configuration (default 4e5)")
    s.add_argument("--cpu", type=seconds, default=None,
                   help="CPU seconds per check, the net for a configuration that ignores its limits (default 5)")
    s.add_argument("--timeout", type=seconds, default=120.0,
                   help="wall-clock seconds per certificate and solver: the last safety net (default 120)")
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--solvers", help="comma-separated: z3,cvc5 (default: every installed one)")
    s.add_argument("--cvc5-timeout", type=seconds, default=20.0,
                   help="with --cvc5-rlimit 0: seconds per certificate for cvc5, shared by its configurations "
                        "(default 20; unknown past it, never a proof)")
    s.add_argument("--verbose", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.encoding.smtlib import available_solvers
    from ordertheory.engine.replay import DETERMINISTIC, ReplayLimits, replay_directory

    d = Path(args.dir)
    if not d.is_dir():
        raise OrderTheoryError(f"no such directory: {d}")
    solvers = args.solvers.split(",") if args.solvers else available_solvers()
    for s in solvers:
        if s not in ("z3", "cvc5"):
            raise OrderTheoryError(f"unknown solver {s!r}; expected z3 or cvc5")
    if "cvc5" in solvers and "cvc5" not in available_solvers():
        raise OrderTheoryError("cvc5 is not installed; pip install 'ordertheory[crosscheck]'")
    from ordertheory.cli._leaderboard import Progress

    z3_units = DETERMINISTIC.z3_rlimit if args.rlimit is None else args.rlimit
    cvc5_units = DETERMINISTIC.cvc5_rlimit if args.cvc5_rlimit is None else args.cvc5_rlimit
    cpu = DETERMINISTIC.cpu if args.cpu is None else args.cpu
    limits = ReplayLimits(z3_units, cvc5_units, cpu) if z3_units or cvc5_units else None
    replays = replay_directory(d, args.timeout, solvers=solvers, jobs=args.jobs, cvc5_timeout=args.cvc5_timeout,
                               progress=Progress("replay"), limits=limits)
    if not replays:
        raise OrderTheoryError(f"no .smt2 files below {d}")
    bad = [r for r in replays if not r.agreed]
    for r in replays if args.verbose else bad:
        how = "; ".join(v for s, v in r.via.items() if r.answers[s].settled)
        said = {s: a.value for s, a in r.answers.items()}
        print(f"{'DISAGREEMENT' if not r.agreed else 'ok':<13} {r.path} expected {r.expected}: {said}"
              + (f" ({how})" if how else ""))
    from ordertheory.encoding.smtlib import incomplete_groups

    missing = incomplete_groups(Path(r.path).read_text() for r in replays)
    for group, parts in missing.items():  # a proof in parts with a part removed proves nothing
        print(f"INCOMPLETE    {group}: part(s) {', '.join(map(str, parts))} missing")
    per = {s: sum(1 for r in replays if r.answers.get(s) is r.expected) for s in solvers}
    print(f"{len(replays)} certificates replayed: " + ", ".join(f"{s} confirmed {n}" for s, n in per.items())
          + f"; {len(bad)} disagreements")
    if bad:
        print("DISAGREEMENT between a solver and a certificate — investigate!", file=sys.stderr)
        return exit_code(Verdict.REFUTED)
    return exit_code(Verdict.PROVED if per.get("z3") == len(replays) and not missing else Verdict.UNKNOWN)
