"""``ordertheory export coq --out DIR``: every statement the package proves that has a Coq form,
written as Coq theorems with generated proofs, and checked by Coq's kernel (coqc)."""

from __future__ import annotations

import time

from ordertheory.cli.common import add_timeout, emit_json, exit_code, heartbeat, seconds, time_left

OUTPUT = """\
output: DIR holds the .v files (Lemmas, Preorders, Cases, Binary, Scores, Table1_*, Importances),
_CoqProject and statements.json (each statement id of the package -> the Coq theorems re-checking it);
then coqc checks every file. Two exports of the same package are byte for byte the same.
exit codes: 0 coqc accepted every file, 2 bad input, 3 not confirmed by the kernel (coqc refused a
file — the reason names it —, coqc absent, --no-check, or the deadline came first), 4 internal error.
A file coqc refuses refutes nothing: the package's verdicts stand; its proofs are not re-checked."""


def register(subparsers) -> None:
    s = subparsers.add_parser("export", help="write the proved statements as Coq theorems and check them with coqc",
                              description=__doc__, epilog=OUTPUT)
    s.add_argument("target", choices=("coq",), help="the proof assistant (coq: Coq 8.16's coqc)")
    s.add_argument("--out", required=True, metavar="DIR", help="the folder to write the .v files into")
    s.add_argument("--scores", metavar="A,B", help="Table 1's scores to export (default: all of Table 1; the "
                   "proof scripts are generated for Table 1's cells and checked on them)")
    s.add_argument("--no-check", action="store_true", help="write the files without running coqc")
    s.add_argument("--query-timeout", type=seconds, default=30.0, metavar="T",
                   help="seconds per Table 1 cell when it is not in the result cache (default 30)")
    s.add_argument("--json", action="store_true")
    add_timeout(s, 900.0)
    s.set_defaults(func=run)


def run(args) -> int:
    from pathlib import Path

    from ordertheory.catalogue import TABLE1, get
    from ordertheory.coq.job import check_export, write_export
    from ordertheory.engine.result import Verdict
    from ordertheory.errors import InvalidInput
    from ordertheory.paper.claims import check_a6_claims
    from ordertheory.paper.table1 import run_table1

    t0 = time.perf_counter()
    scores = [get(x).slug for x in args.scores.split(",")] if args.scores else list(TABLE1)
    outside = [s for s in scores if s not in TABLE1]
    if outside:
        raise InvalidInput(f"--scores: {', '.join(outside)} not in Table 1 (the export covers Table 1's scores: "
                           f"{', '.join(TABLE1)})")
    out = Path(args.out)
    with heartbeat("export coq: deciding Table 1's cells (the result cache first)"):
        cells = run_table1(scores, timeout=min(args.query_timeout, max(time_left(args) / 4, 1.0)), jobs=1,
                           progress=False, importance=True)
    with heartbeat("export coq: A.6's printed importances (sympy)"):
        proved = [r.id for r in check_a6_claims() if r.verdict is Verdict.PROVED]
    with heartbeat("export coq: writing the .v files"):
        ex = write_export(out, cells, proved)
    check = None
    if not args.no_check:
        with heartbeat("export coq: coqc on every file"):
            check = check_export(out, ex, max(time_left(args) - 2.0, 1.0))
    verdict = Verdict.UNKNOWN if check is None else check.verdict
    n = len(ex.statement_map())
    reason = ("not checked: --no-check" if check is None else check.skipped
              or next((f"{f.name}: {f.error}" for f in check.files if not f.accepted), None))
    if args.json:
        emit_json({"verdict": verdict, "out": str(out), "files": [f.name for f in ex.files], "statements": n,
                   "left_out": len(ex.left_out), "reason": reason,
                   "check": None if check is None else check.to_json(), "seconds": round(time.perf_counter() - t0, 1)})
    else:
        print(f"written to {out}: {len(ex.files)} files, {n} statements of the package as Coq theorems "
              f"({len(ex.left_out)} proved statements left with their SMT certificates: statements.json says why)")
        if check is None:
            print("coqc not run (--no-check)")
        elif check.skipped:
            print(f"coqc not run: {check.skipped}")
        else:
            for f in check.files:
                print(f"  {f.name:<22} {'accepted' if f.accepted else 'REJECTED'}  {f.seconds:5.1f} s"
                      + ("" if f.accepted else f"  {f.error}"))
            print(f"coqc {check.version}: {len(check.accepted)} of {len(check.files)} files accepted "
                  f"in {check.seconds:.1f} s")
    return exit_code(verdict)
