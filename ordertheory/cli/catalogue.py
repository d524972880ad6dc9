"""``ordertheory catalogue``: decide tests 1–3 of every catalogue score in each setting."""

from __future__ import annotations

import argparse
import sys

from ordertheory.cli.common import emit_json, exit_code, seconds
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput

HELP = """Every catalogue score of the space's kind, tests 1-3, in each setting (all performances or a
fixed prior): one cell per (score, setting), each with its own --timeout (per cell, not for the
whole command); cells run in --jobs worker processes. Progress on stderr, one line per cell.

exit codes: 0 every test proved, 1 some test refuted (a validated exact witness), 2 bad input,
  3 some test unknown (the reason is in --json)

JSON: {ordertheory_version, verdict, space, settings, timeout_per_cell, counts: {setting: {proved,
refuted, unknown}}, cells: [{score, setting, verdict, tests: {test1..3: {verdict, method[, reason]}},
seconds}]}"""


def register(subparsers) -> None:
    s = subparsers.add_parser("catalogue", help="decide tests 1-3 of every catalogue score in each setting",
                              epilog=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--settings", default=None,
                   help="comma-separated settings, as Table 1 names them: all, prior=P (binary; a bare P is short "
                        "for it), priors=p1,...,pK (K class priors), uniform (every class prior 1/K); default "
                        "all,prior=0.2,prior=0.5 on the binary space, all,uniform on multiclass:K")
    s.add_argument("--space", default="binary", help="binary (default) or multiclass:K")
    s.add_argument("--scores", help="comma-separated slugs (default: the whole catalogue of the space's kind)")
    s.add_argument("--timeout", type=seconds, default=60.0, metavar="T", help="seconds per cell (default 60)")
    s.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    s.add_argument("--certificates", metavar="DIR",
                   help="write the SMT-LIB certificates of every proved test below DIR (replay: ordertheory replay DIR)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.catalogue import all_entries, get
    from ordertheory.fitness.cells import counts, decide_catalogue, parse_settings
    from ordertheory.sample_space import from_name

    space = from_name(args.space)
    kind = "binary" if space.is_binary else "multiclass"
    settings = parse_settings(args.settings or ("all,prior=0.2,prior=0.5" if space.is_binary else "all,uniform"))
    for st in settings:  # bad settings: a one-line error before any work
        if not st.applies_to(space):
            raise InvalidInput(f"setting {st} does not apply to {space.name}: a single prior is the binary space's, "
                               f"priors=p1,...,pK needs one prior per class")
        st.performance_set(space)
    slugs = ([get(s.strip()).slug for s in args.scores.split(",")] if args.scores
             else [e.slug for e in all_entries(kind)])
    if args.jobs < 1:
        raise InvalidInput(f"expected --jobs >= 1 but got {args.jobs}")
    n = len(slugs) * len(settings)
    done = 0

    def progress(cell) -> None:
        nonlocal done
        done += 1
        print(f"[catalogue {done}/{n}] {cell.slug} ({cell.setting}): "
              + " ".join(f"{t}={v}" for t, v in cell.verdicts.items()) + f" ({cell.seconds:.1f} s)",
              file=sys.stderr, flush=True)

    cells = decide_catalogue(slugs, settings, args.space, args.timeout, jobs=args.jobs, progress=progress)
    if args.certificates:
        from pathlib import Path

        from ordertheory.encoding.smtlib import write

        for c in cells:
            for qid, text in c.certificates:
                write(Path(args.certificates), qid, text)
    verdict = Verdict.conjunction(c.verdict for c in cells)
    table = counts(cells)
    if args.json:
        emit_json({"verdict": verdict, "space": space.name, "settings": [str(st) for st in settings],
                   "timeout_per_cell": args.timeout, "counts": table, "cells": [c.to_json() for c in cells]})
    else:
        names = [str(st) for st in settings]
        width, swidth = max(len(s) for s in slugs), max(6, *(len(s) for s in names))
        for c in cells:
            print(f"{c.slug:<{width}}  {str(c.setting):<{swidth}} " + " ".join(f"{v:<8}" for v in c.verdicts.values())
                  + f" {c.seconds:6.1f} s")
        for st, k in table.items():
            print(f"{st}: " + ", ".join(f"{v} {m}" for v, m in k.items()))
    return exit_code(verdict)
