"""``ordertheory paper``: the main job: the paper's supplementary material regenerated (or one score's derivations)."""

from __future__ import annotations

import sys
from pathlib import Path

from ordertheory.cli.common import SPACE_HELP, add_run_options, exit_code, heartbeat, seconds
from ordertheory.engine.result import Verdict
from ordertheory.errors import OrderTheoryError


def register(subparsers) -> None:
    s = subparsers.add_parser("paper", help="the main job: regenerate the paper's supplementary material",
                       epilog="Writes supplementary.md/.tex, table1.md/.csv/.json, proofs/*.smt2 with "
                       "certificates.json, and timings.json. Exit 0 when nothing stayed unknown (refuted "
                       "printed claims are reported, not failures), 3 otherwise.")
    s.add_argument("--out", default=None, help="output folder (default build/paper; with --only: stdout)")
    s.add_argument("--only", metavar="SCORE", help="print one score's checked derivations (Markdown, then a "
                   "LaTeX document) in Table 1's settings; exit 1 when no importance is derived")
    s.add_argument("--space", default="binary", help="with --only: " + SPACE_HELP + "; beyond binary the settings "
                   "are all performances and uniform class priors, and the satisfaction a score encodes is derived too")
    s.add_argument("--jobs", type=int, default=None, help="parallel processes (default: all cores)")
    s.add_argument("--timeout", type=seconds, default=60.0,
                   help="seconds per solver query (with --only: for the whole derivation)")
    s.add_argument("--scores", help="comma-separated subset of Table 1 (for quick runs)")
    s.add_argument("--quiet", action="store_true")
    add_run_options(s)
    s.set_defaults(func=run)


def run(args) -> int:
    if args.space != "binary" and not args.only:
        raise OrderTheoryError("--space goes with --only SCORE (the paper job itself is the binary space's)")
    if args.only:  # one score's checked derivations, to paste into a paper
        from ordertheory.engine.deadline import call_within
        from ordertheory.reports.derivations import only
        from ordertheory.reports.space_derivations import only_on

        with heartbeat(f"paper --only {args.only}: deriving and checking"):  # stopped at --timeout
            done, got = (call_within(only, args.timeout, args.only, timeout=min(args.timeout, 20.0))
                         if args.space == "binary" else
                         call_within(only_on, args.timeout, args.only, args.space, timeout=min(args.timeout, 20.0)))
        if not done:
            print(f"unknown: the derivations did not end within --timeout {args.timeout:g} s", file=sys.stderr)
            return exit_code(Verdict.UNKNOWN)
        md, tex, n = got
        if args.out is None:
            print(md + "\n" + tex, end="")
        else:
            Path(args.out).mkdir(parents=True, exist_ok=True)
            stem = Path(args.out) / ("derivation_" + "".join(c if c.isalnum() or c in "._-" else "_" for c in args.only))
            Path(f"{stem}.md").write_text(md)
            Path(f"{stem}.tex").write_text(tex)
            print(f"written to {args.out}: {stem.name}.md, {stem.name}.tex ({n} derivations)")
        return exit_code(Verdict.PROVED if n else Verdict.REFUTED)  # no importance derived: refuted
    args.out = args.out or "build/paper"
    from ordertheory.reports.paper import run_paper

    scores = None
    if args.scores:
        from ordertheory.catalogue import get

        scores = [get(x).slug for x in args.scores.split(",")]
    s = run_paper(Path(args.out), jobs=args.jobs, timeout=args.timeout, progress=not args.quiet,
                  table1_scores=scores, scheduler=args.scheduler)
    print(f"{s['line']} — {s['seconds']:.0f} s")
    print(f"written to {args.out}: supplementary.md, supplementary.tex, table1.md/.csv/.json, proofs/, timings.json")
    return exit_code(Verdict.UNKNOWN if s["unknown"] else Verdict.PROVED)  # refuted printed claims are results
