"""``ordertheory table1``: Table 1: three tests and τ_min, τ_max for 27 scores in 3 settings."""

from __future__ import annotations

import time
from pathlib import Path

from ordertheory.cli.common import add_jobs, add_run_options, add_timeout, emit_json, exit_code, jobs, seconds


def register(subparsers) -> None:
    s = subparsers.add_parser("table1", help="Table 1: three tests and τ_min, τ_max for 27 scores in 3 settings",
                       epilog="JSON: {ordertheory_version, verdict, tau_protocol, cells: [{score, setting, test1, test2, test3} "
                       "(+ tau_min, tau_max, tau_min_exact, tau_max_exact, tau_min_at, tau_max_at without --no-tau)]}; "
                       "verdict: proved when every cell is decided (refuted tests are results), unknown otherwise "
                       "(exit 0 or 3).")
    s.add_argument("--no-tau", action="store_true", help="skip the τ columns")
    s.add_argument("--json", action="store_true")
    s.add_argument("--details", action="store_true", help="with --json: witnesses and reasons")
    s.add_argument("--cell-timeout", type=seconds, default=30.0, metavar="T",
                   help="seconds per cell, a (score, setting) pair (default 30)")
    add_timeout(s, 3600.0)
    add_jobs(s, "cells decided in parallel")
    s.add_argument("--scores", help="comma-separated subset of slugs")
    s.add_argument("--smt-dir", help="write the SMT-LIB certificates into this folder")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    add_run_options(s)
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.encoding import smtlib
    from ordertheory.engine.result import Verdict
    from ordertheory.fitness.report import T1, T2, T3
    from ordertheory.paper.table1 import SETTINGS, run_table1

    TABLE1_TESTS = (T1, T2, T3)  # the three columns of Table 1

    t0 = time.perf_counter()
    scores = args.scores.split(",") if args.scores else None
    if scores:
        from ordertheory.catalogue import get

        scores = [get(s).slug for s in scores]
    kwargs = {"scores": scores} if scores else {}
    cells = run_table1(settings=SETTINGS, timeout=args.cell_timeout, jobs=jobs(args),
                       progress=not args.quiet, tau=not args.no_tau, scheduler=args.scheduler, **kwargs)
    if args.smt_dir:
        for c in cells:
            for r in c.report.tests.values():
                for qid, text in r.certificate:
                    smtlib.write(Path(args.smt_dir), f"table1.{c.score}.{c.setting}.{qid}", text)

    overall = Verdict.conjunction(c.report.tests[t].verdict for c in cells for t in TABLE1_TESTS)
    if args.json:
        settled = Verdict.UNKNOWN if overall is Verdict.UNKNOWN else Verdict.PROVED  # the table is settled
        emit_json({"verdict": settled, "tau_protocol": "tile", "cells": [
            {**c.to_json(full=args.details),
             **({"tau_min_at": c.tau.argmin, "tau_max_at": c.tau.argmax} if c.tau is not None else {})}
            for c in cells]})
    else:
        mark = {"proved": "V", "refuted": "X", "unknown": "?"}
        width = 14 if args.no_tau else 30
        print(f"{'score':<26}" + "".join(f"{s:^{width}}" for s in SETTINGS))
        rows: dict[str, dict[str, str]] = {}
        for c in cells:
            text = " ".join(mark[c.report.tests[t].verdict.label] for t in TABLE1_TESTS)
            if c.tau is not None:
                tm, tx = c.tau.tau_min, c.tau.tau_max
                text += f"  {tm:+.2f}{'†' if c.tau.tau_min_exact else ' '} {tx:+.2f}{'†' if c.tau.tau_max_exact else ' '}"
            rows.setdefault(c.score, {})[c.setting] = text
        for score, by in rows.items():
            print(f"{score:<26}" + "".join(f"{by.get(s, ''):^{width}}" for s in SETTINGS))
        print("legend: three marks per setting for tests 1, 2, 3 — V proved, X refuted (an exact witness: "
              "`ordertheory check SCORE --prior P`), ? unknown")
        if not args.no_tau:
            print("τ columns: τ_min τ_max (floats from the optimiser, protocol 'tile': special points such as "
                  "(1/2, 1/2) evaluated as they are, ties exact for rational and algebraic scores (MCC, G-mean); † exact, from a derived "
                  "monotone relation; `ordertheory tau SCORE --protocol generic` for points shifted off ties)")
        counts = {"proved": 0, "refuted": 0, "unknown": 0}
        for c in cells:
            for t in TABLE1_TESTS:
                counts[c.report.tests[t].verdict.label] += 1
        print(f"{3 * len(cells)} test cells: {counts['proved']} proved, {counts['refuted']} refuted "
              f"(each with an exact witness), {counts['unknown']} unknown — {time.perf_counter() - t0:.1f} s")
    # Table 1 lists refutations as results, not failures: exit 3 only when a cell stayed unknown.
    return exit_code(Verdict.UNKNOWN if overall is Verdict.UNKNOWN else Verdict.PROVED)
