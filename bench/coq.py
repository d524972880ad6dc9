"""The Coq kernel against z3 on the same statements: coqc's time to check every exported file
against the time z3 takes to prove the statements those files re-check (Lemmas 1–12 and rules
(7)–(14), the 64 patterns of A.2.3, the proved tests of Table 1), measured in the same run, cold
(no result cache).

    python -m bench coq [--scores accuracy,f_beta_1]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from ordertheory.catalogue import TABLE1, get
from ordertheory.coq.export import export, table_cells
from ordertheory.coq.job import version
from ordertheory.coq.run import check_files
from ordertheory.engine.result import Verdict
from ordertheory.paper.table1 import run_table1
from ordertheory.theory.cases import derive_cases
from ordertheory.theory.lemmas import check_lemmas


def run(argv: list[str] | None = None) -> list[str]:
    p = argparse.ArgumentParser(prog="python -m bench coq")
    p.add_argument("--scores", help="Table 1's scores (default: all)")
    a = p.parse_args(argv or [])
    scores = [get(s).slug for s in a.scores.split(",")] if a.scores else list(TABLE1)
    t0 = time.perf_counter()
    lemmas = check_lemmas(timeout=10)
    z3_lemmas = sum(r.result.seconds for r in lemmas if r.verdict is Verdict.PROVED)
    cases = derive_cases(timeout=10)
    z3_cases = sum(c.seconds for c in cases)
    cells = run_table1(scores, timeout=30, jobs=1, progress=False, importance=True)
    ex = export(version(), table_cells(cells))
    smap = ex.statement_map()
    z3_table = sum(r.seconds for c in cells for t, r in c.report.tests.items()
                   if f"table1/{c.score}/{c.setting}/{t}" in smap)
    decided = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as d:
        ex.write(Path(d))
        check = check_files(Path(d), list(ex.files), timeout=1800)
    if check.skipped:
        return [f"## coq: not run ({check.skipped})"]
    z3 = z3_lemmas + z3_cases + z3_table
    lines = [f"## coq: coqc {check.version} on {len(ex.files)} files ({len(smap)} statements) against z3 on "
             f"the same statements (decided in {decided:.1f} s wall, sympy and searches included)",
             "| file | coqc seconds | accepted |", "|---|---|---|"]
    lines += [f"| {f.name} | {f.seconds:.2f} | {'yes' if f.accepted else 'NO'} |" for f in check.files]
    lines += [f"coqc, every file: {check.seconds:.1f} s; z3 on the same statements: {z3:.1f} s "
              f"(lemmas {z3_lemmas:.1f} s, the 64 patterns {z3_cases:.1f} s, Table 1's tests {z3_table:.1f} s); "
              f"ratio coqc / z3: {check.seconds / z3:.2f}" if z3 else "z3 took no measurable time"]
    return lines
