"""``ordertheory cases``: the 29 possible cases for three performances (A.2.3)."""

from __future__ import annotations

import time

from ordertheory.cli.common import emit_json, exit_code, seconds


def register(subparsers) -> None:
    s = subparsers.add_parser("cases", help="the 29 possible cases for three performances (A.2.3)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--timeout", type=seconds, default=10.0)
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.engine.result import Verdict
    from ordertheory.paper.printed_claims import compare_with_paper
    from ordertheory.theory.cases import derive_cases

    t0 = time.perf_counter()
    cases = derive_cases(args.timeout)
    possible = [c for c in cases if c.possible]
    diffs = compare_with_paper(cases)
    verdict = Verdict.conjunction([*(c.verdict for c in cases), Verdict.REFUTED if diffs else Verdict.PROVED])
    if any(c.verdict is Verdict.UNKNOWN for c in cases):
        verdict = Verdict.UNKNOWN  # undecided cases: the comparison with the paper's list means nothing yet
    if args.json:
        emit_json({"verdict": verdict,
                   "cases": [{"index": i, "ab": c.relations[0].value, "bc": c.relations[1].value,
                              "ac": c.relations[2].value} for i, c in enumerate(possible, 1)]})
    else:
        for i, c in enumerate(possible, 1):
            ab, bc, ac = (r.symbol for r in c.relations)
            print(f"{i:>2}. P_a {ab} P_b,  P_b {bc} P_c,  P_a {ac} P_c")
        print(f"{len(possible)} of {len(cases)} assignments possible under transitivity, "
              f"{len(cases) - len(possible)} proved impossible — {time.perf_counter() - t0:.2f} s")
        print("matches the paper's list (A.2.3)" if not diffs else "DIFFERS from the paper: " + "; ".join(diffs))
    return exit_code(verdict)
