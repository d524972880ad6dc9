"""``ordertheory catalogue``: classify every catalogue score in each setting — a ranking score, a
transform of one, fit only under a constraint, or not fit (with the exact witness)."""

from __future__ import annotations

import argparse
import sys

from ordertheory.cli.common import (
    add_jobs,
    add_run_options,
    add_timeout,
    emit_json,
    exit_code,
    jobs,
    seconds,
    witness_lines,
)
from ordertheory.errors import InvalidInput

HELP = """Every catalogue score defined on the space, in each setting (all performances, fixed priors,
fixed prediction rates): tests 1-3 (each first alone with a short budget, then together, stopping at
the first refutation) and the importance derivation make one cell per (score, setting): a ranking
score (its importance, its place on the Tile), an increasing or decreasing transform of one, constant,
fit without a derived importance, not fit (the first refuted test's exact witness) or unknown (the
open sub-case named). Per score: a ranking score or transform on all performances, fit only under a
constraint (the settings named), not fit, or unknown. --cell-timeout is per cell (--timeout: the
whole command); cells run in --jobs worker processes, or on Dask with --scheduler (the same cells,
the same JSON); a cell is reused from the result cache when asked again with the same
--cell-timeout (an unknown too: a larger --cell-timeout or --no-cache asks again); progress on
stderr, one line per cell.

settings (the one syntax of check --prior, Table 1 and the sweep, each labelled one way): all;
  prior=P (two classes; a bare P is short for it); rate=T (a rate of positive predictions); uniform
  (every class prior 1/K: prior=0.5 on two classes), priors=P0,..., rates=T0,.... Default on two
  classes: all,prior=0.2,prior=0.5,rate=0.2 (--rate T changes the rate); on k classes: all,uniform.

exit codes: 0 every cell fit, 1 some cell not fit (a validated exact witness), 2 bad input,
  3 some cell unknown (the open sub-case is in --json)

JSON: {ordertheory_version, verdict, space, settings, cell_timeout, counts: {setting: {proved,
refuted, unknown, not_asked}}, categories: {setting: {category: n}}, classes: {class: n}, entries:
[{score, class, detail}], cells: [{score, setting, category, verdict, detail, tests: {test1..3:
{verdict, method[, reason][, witness]}}, importance, transform, monotone, tile, seconds}]}"""


def register(subparsers) -> None:
    s = subparsers.add_parser("catalogue", help="classify every catalogue score: ranking score, transform, "
                              "fit only under a constraint, or not fit", epilog=HELP,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--settings", default=None,
                   help="comma-separated settings, as Table 1 names them: all, prior=P (a two-class space: "
                        "binary, scored:L, selective:2; a bare P is short for it), priors=p1,...,pK (K class "
                        "priors), uniform (every class prior 1/K), rate=T, rates=t1,...,tK (prediction rates); "
                        "default all,prior=0.2,prior=0.5,rate=0.2 on the binary space, all,uniform elsewhere")
    s.add_argument("--rate", default=None, metavar="T", help="the fixed-rate setting of the default (rate=0.2)")
    s.add_argument("--space", default="binary", help="binary (default), multiclass:K, scored:L or selective:K")
    s.add_argument("--scores", help="comma-separated slugs (default: the whole catalogue of the space's kind)")
    s.add_argument("--cell-timeout", type=seconds, default=60.0, metavar="T",
                   help="seconds per cell, a (score, setting) pair (default 60)")
    add_timeout(s, 3600.0)
    add_jobs(s)
    add_run_options(s)
    s.add_argument("--certificates", metavar="DIR",
                   help="write the SMT-LIB certificates of every proved test below DIR (replay: ordertheory replay DIR)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def _builds(entry, space) -> bool:
    """Whether the entry is defined on this very space (the log loss is not with a level at q = 0):
    an entry that is not is skipped, with its reason on stderr."""
    try:
        entry.score(space)
        return True
    except InvalidInput as exc:
        print(f"[catalogue] skipped {entry.slug}: {exc}", file=sys.stderr)
        return False


def run(args) -> int:
    from ordertheory.analyses.classification import (
        category_counts,
        classify_catalogue,
        counts,
        summarise,
        test_counts,
    )
    from ordertheory.catalogue import all_entries, get
    from ordertheory.engine.result import Verdict
    from ordertheory.fitness.report import TEST_TITLES
    from ordertheory.sets.settings import parse_settings
    from ordertheory.spaces.sample_space import from_name

    space = from_name(args.space)
    if args.settings is None:
        rate = "0.2" if args.rate is None else args.rate
        args.settings = f"all,prior=0.2,prior=0.5,rate={rate}" if space.is_binary else "all,uniform"
    elif args.rate is not None:
        raise InvalidInput("--rate sets the rate of the default settings: with --settings write rate=T there")
    # the one setting syntax, written its one way on the space (a one-line error before any work);
    # one label per setting: 0.5 and uniform are one cell on two classes
    settings = list(dict.fromkeys(str(st.on(space)) for st in parse_settings(args.settings)))
    slugs = ([get(s.strip()).slug for s in args.scores.split(",")] if args.scores
             else [e.slug for e in all_entries() if e.accepts(space) and _builds(e, space)])
    n = len(slugs) * len(settings)
    done = 0

    def progress(cell) -> None:
        nonlocal done
        done += 1
        print(f"[catalogue {done}/{n}] {cell.slug} ({cell.setting}): {cell.category.value} ({cell.seconds:.1f} s)",
              file=sys.stderr, flush=True)

    cells = classify_catalogue(slugs, settings, args.space, args.cell_timeout, jobs=jobs(args), progress=progress,
                               scheduler=args.scheduler)
    if args.certificates:
        from pathlib import Path

        from ordertheory.encoding.smtlib import write

        for c in cells:
            for t, r in c.tests.items():
                if r.verdict is Verdict.PROVED:
                    for qid, text in r.certificate:
                        write(Path(args.certificates), f"{c.slug}.{c.setting}.{t}.{qid}", text)
    verdicts = [c.verdict for c in cells]
    verdict = (Verdict.UNKNOWN if Verdict.UNKNOWN in verdicts else Verdict.REFUTED if Verdict.REFUTED in verdicts
               else Verdict.PROVED)
    entries = summarise(cells)
    if args.json:
        emit_json({"verdict": verdict.value, "space": space.name, "settings": settings,
                   "cell_timeout": args.cell_timeout, "counts": test_counts(cells),
                   "categories": category_counts(cells), "classes": counts(entries),
                   "entries": [e.to_json() for e in entries], "cells": [c.to_json() for c in cells]})
    else:
        width, swidth = max(4, *(len(s) for s in slugs)), max(7, *(len(s) for s in settings))
        cwidth = max(len(c.category.value) for c in cells)
        print(f"{'score':<{width}}  {'setting':<{swidth}}  {'category':<{cwidth}}  {'seconds':>7}  detail")
        for c in cells:
            w = c.witness
            detail = c.detail if w is None else next(
                f"{TEST_TITLES[t]} refuted, witness:" for t, r in c.tests.items() if t in TEST_TITLES and r.refuted)
            print(f"{c.slug:<{width}}  {c.setting:<{swidth}}  {c.category.value:<{cwidth}}  {c.seconds:6.1f} s  {detail}")
            if w is not None:
                print("\n".join(witness_lines(w, width + swidth + cwidth + 17)))
        print(f"\n{'score':<{width}}  class on the settings above")
        for e in entries:
            said = e.klass.value == "not fit"  # its witness is printed with the cells above
            print(f"{e.slug:<{width}}  {e.klass.value}" + (f": {e.detail}" if e.detail and not said else ""))
        tally = {k: 0 for k in dict.fromkeys(c.category.value for c in cells)}
        for c in cells:
            tally[c.category.value] += 1
        print(f"\n{len(cells)} cells ({len(slugs)} scores × {len(settings)} settings): "
              + ", ".join(f"{n} {k}" for k, n in tally.items()))
        print(f"{len(entries)} scores: " + ", ".join(f"{n} {k}" for k, n in counts(entries).items() if n))
    return exit_code(verdict)
