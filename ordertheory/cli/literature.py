"""``ordertheory literature``: decide the published score-equivalence claims (sorbetto, Powers, …)."""

from __future__ import annotations

import argparse
import sys

from ordertheory.cli.common import emit_json, exit_code, seconds
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput

HELP = """Each claim "X orders performances like Y on Π" (Π: all performances, a fixed prior p or a fixed
rate tau, symbolic where the source states it for every value) of ordertheory/paper/literature.py,
decided as `ordertheory compare` decides it: a proof, or an exact witness and the corrected
statement (what X does order like, and under which constraint the claim holds). --timeout is per
claim; progress on stderr, one line per claim.

exit codes: 0 every claim holds, 1 some claim is wrong as stated (a witness, a corrected statement),
  2 bad input, 3 some claim undecided

JSON: {ordertheory_version, verdict, claims: [{id, statement, verdict, method, witness, reason,
corrected, seconds}]}"""


def register(subparsers) -> None:
    s = subparsers.add_parser("literature", help="decide published score-equivalence claims (sorbetto, Powers, ...)",
                              epilog=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--ids", help="comma-separated claim ids (default: every claim)")
    s.add_argument("--timeout", type=seconds, default=60.0, metavar="T", help="seconds per claim (default 60)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.paper.literature import CLAIMS
    from ordertheory.paper.literature_check import check_literature

    claims = list(CLAIMS)
    if args.ids:
        wanted = [i.strip() for i in args.ids.split(",") if i.strip()]
        known = {c.id for c in CLAIMS}
        missing = [i for i in wanted if i not in known]
        if missing:
            raise InvalidInput(f"unknown claim id(s) {', '.join(missing)}; expected some of {', '.join(sorted(known))}")
        claims = [c for c in CLAIMS if c.id in wanted]
    n = len(claims)

    def progress(r) -> None:
        progress.done += 1
        print(f"[literature {progress.done}/{n}] {r.id}: {r.verdict.value} ({r.seconds:.1f} s)", file=sys.stderr,
              flush=True)

    progress.done = 0
    results = check_literature(claims, timeout=args.timeout, progress=progress)
    verdicts = [r.verdict for r in results]
    verdict = (Verdict.UNKNOWN if Verdict.UNKNOWN in verdicts else Verdict.REFUTED if Verdict.REFUTED in verdicts
               else Verdict.PROVED)
    if args.json:
        emit_json({"verdict": verdict.value, "claims": [r.to_json() for r in results]})
    else:
        for c, r in zip(claims, results):
            print(f"{r.id:<40} {r.verdict.value.upper():<8} {c.statement}")
            if r.witness is not None:
                print(f"{'':<49}witness: {r.witness}")
            if r.corrected:
                print(f"{'':<49}corrected: {r.corrected}")
            if r.reason and r.verdict is Verdict.UNKNOWN:
                print(f"{'':<49}open: {r.reason}")
        print(f"{n} claims: {verdicts.count(Verdict.PROVED)} hold, {verdicts.count(Verdict.REFUTED)} wrong as stated, "
              f"{verdicts.count(Verdict.UNKNOWN)} undecided")
    return exit_code(verdict)
