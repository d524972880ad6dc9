"""The Coq kernel against z3 on the same statements: coqc's time to check every exported file
against the time z3 takes to prove the same statements (Lemmas 1–12 and rules (7)–(14), the 64
patterns of A.2.3, the proved tests of Table 1 that are exported), measured in the same run, cold
(no result cache: every z3 query and every coqc run is done again).

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
from ordertheory.paper.claims import check_a6_claims
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
    proved = [r.id for r in check_a6_claims() if r.verdict is Verdict.PROVED]
    ex = export(version(), table_cells(cells), proved)
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
    coq = {f.name: f.seconds for f in check.files}
    order = coq["Preorders.v"] + coq["Cases.v"]
    table = sum(v for k, v in coq.items() if k.startswith("Table1_") or k in ("Lemmas.v", "Binary.v", "Scores.v"))
    lines = [f"## coq: coqc {check.version} on {len(ex.files)} files ({len(smap)} statements) against z3 on "
             f"the same statements (decided in {decided:.1f} s wall, sympy and searches included)",
             "| file | coqc seconds | accepted |", "|---|---|---|"]
    lines += [f"| {f.name} | {f.seconds:.2f} | {'yes' if f.accepted else 'NO'} |" for f in check.files]
    if not (z3_lemmas + z3_cases and z3_table):
        return [*lines, "z3 took no measurable time"]
    lines += ["| statements | coqc seconds | z3 seconds | ratio coqc / z3 |", "|---|---|---|---|",
              f"| Lemmas 1–12, rules (7)–(14), the four cases, eq. (5), the 64 patterns (Preorders.v, Cases.v) | "
              f"{order:.1f} | {z3_lemmas + z3_cases:.1f} | {order / (z3_lemmas + z3_cases):.1f} |",
              f"| Table 1's proved tests that are exported (Table1_*.v with Lemmas.v, Binary.v, Scores.v) | "
              f"{table:.1f} | {z3_table:.1f} | {table / z3_table:.1f} |",
              f"coqc on every file (the theorems above and Theorems 1–3, the ranking-score lemmas and the "
              f"importances, which z3 does not prove in this form): {check.seconds:.1f} s; z3 on the statements "
              f"above: {z3:.1f} s"]
    return lines
