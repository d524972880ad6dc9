"""The main job: every checkable statement of the paper decided, Table 1 computed, documents and
certificates written (``ordertheory paper``).

Phases (:mod:`ordertheory.reports.phases`) are independent tasks on one executor
(:mod:`ordertheory.engine.executor`: a process pool, or a Dask cluster); results are put back in
the paper's order, so the documents do not depend on scheduling. Every phase asked before with
the same arguments by the same code (the code it depends on: :func:`ordertheory.engine.cache.code_fingerprint`)
comes from the result cache, so a warm run only renders.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from functools import partial
from pathlib import Path

from ordertheory.analyses.tau.tau import exact_sides, with_derivation
from ordertheory.catalogue import TABLE1
from ordertheory.coq.job import paper_phase as coq_phase
from ordertheory.engine.executor import Task, executor, run_tasks
from ordertheory.engine.witness import TestName
from ordertheory.paper.table1 import SETTINGS, tau_column
from ordertheory.reports import render
from ordertheory.reports.every_k import SCORES as K_SCORES
from ordertheory.reports.model import SECTIONS, DocumentStatement, Table1Row
from ordertheory.reports.phases import (
    both_settled,
    cell_settled,
    cell_task,
    phase_cases,
    phase_claims_and_derivations,
    phase_classes,
    phase_every_k,
    phase_generic,
    phase_hull,
    phase_lemmas,
    phase_rewritings,
    phase_robust,
    phase_structure,
    phase_tasks,
    phase_tile,
    settled,
)


def _table1_statements(rows: list[Table1Row]) -> list[DocumentStatement]:
    out = []
    for row in rows:
        for t in (TestName.TEST1, TestName.TEST2, TestName.TEST3):
            res = dataclasses.replace(row.result(t), id=f"table1/{row.score}/{row.setting}/{t}",
                                      statement=f"{row.score} on Π = {row.setting}: {t}", seconds=row.cell.seconds)
            out.append(DocumentStatement(res, "5.2", smtlib=tuple((fid, txt) for fid, txt in row.certificates if f".{t}" in fid)))
    return out


def _exact_sides(scores, setting_name: str, results: dict) -> tuple:
    """Per score, the τ sides its cell's importance derivation gives exactly (not searched)."""
    return (tuple(exact_sides(results[f"table1:{s}:{setting_name}"][0].importance) for s in scores),)


#: each phase's CPU seconds on the whole job, measured (bench paper, 2 cores): the scheduler starts the
#: longest chain first (a cell's chain ends with its setting's τ task, which waits for the cells)
COSTS = {"classes:all": 12.0, "classes:prior=0.2": 8.0, "classes:prior=0.5": 9.0, "tau:all": 8.0,
         "tau:prior=0.2": 4.5, "tau:prior=0.5": 4.0, "generic-multiclass:3": 8.0, "claims": 3.0, "cases": 1.5,
         "lemmas": 1.0, "generic-binary": 0.6, "every-k": 1.5, "table1": 0.2}


def paper_tasks(timeout: float = 60.0, table1_scores=None, generic_spaces=("binary", "multiclass:3")) -> list[Task]:
    """Every phase of the paper job as an executor task (the cost puts the longest chain first)."""
    scores = list(table1_scores or TABLE1)
    cost = lambda name: COSTS.get(name, COSTS.get(name.split(":")[0], 0.5))  # noqa: E731
    tasks = [Task("lemmas", phase_lemmas, (timeout,), cost=cost("lemmas"), keep=settled),
             Task("cases", phase_cases, (timeout,), cost=cost("cases"), keep=settled),
             Task("structure", phase_structure, (timeout,), keep=settled),
             *(Task(f"every-k:{slug}", phase_every_k, (slug, timeout), cost=cost("every-k"), keep=settled)
               for slug in K_SCORES)]
    tasks += [Task(f"generic-{sp}", phase_generic, (sp, timeout), cost=cost(f"generic-{sp}"), keep=settled)
              for sp in generic_spaces]
    tasks += [Task("claims", phase_claims_and_derivations, (table1_scores, timeout), cost=cost("claims"),
                   keep=both_settled),
              Task("rewritings", phase_rewritings, (), keep=settled),
              Task("tile", phase_tile, (), keep=settled),
              Task("hull", phase_hull, (), keep=settled),
              Task("robust", phase_robust, (), keep=settled),  # section R: better for every importance
              Task("tasks", phase_tasks, (), keep=settled)]  # section M: several tasks
    # each setting's τ task waits for its cells' importances (the sides they prove): a cell's cost is its chain's
    tasks += [Task(f"table1:{s}:{st}", cell_task, (s, st, timeout), cost=cost("table1") + cost(f"tau:{st}"),
                   keep=cell_settled)
              for st in SETTINGS for s in scores]
    tasks += [Task(f"tau:{st}", tau_column, (st, tuple(scores)), cost=cost(f"tau:{st}"),
                   after=tuple(f"table1:{s}:{st}" for s in scores), given=partial(_exact_sides, tuple(scores), st))
              for st in SETTINGS]
    tasks += [Task(f"classes:{st}", phase_classes, (st, timeout, table1_scores), cost=cost(f"classes:{st}"),
                   keep=settled)
              for st in SETTINGS]
    return tasks


def run_paper(out: Path, jobs: int | None = None, timeout: float = 60.0, progress: bool = True,
              table1_scores=None, generic_spaces=("binary", "multiclass:3"), scheduler: str | None = None,
              cache: bool = True, coq_check: bool = True) -> dict:
    """Run every phase on the executor of ``jobs`` / ``scheduler``, write the documents into
    ``out``, return the summary. With ``cache``, a phase asked before with the same arguments by
    the same code is reused from the result cache, an unknown in it too (see
    :func:`~ordertheory.engine.executor.run_tasks`); solver answers are reused in any case unless
    the cache is off. ``proofs/coq/`` gets every proved statement the exporter can write as a Coq
    theorem, checked by coqc unless ``coq_check`` is False (or coqc is absent: the summary's ``coq``
    line says so)."""
    scores = table1_scores or TABLE1
    jobs = jobs or os.cpu_count() or 1
    t0 = time.perf_counter()
    tasks = paper_tasks(timeout, table1_scores, generic_spaces)
    with executor(jobs, scheduler) as ex:
        results, timings = run_tasks(ex, tasks, progress=progress, memo=cache)
    timings = {k: round(v, 3) for k, v in timings.items()}
    taus = {(s, st): t for st in SETTINGS for s, t in zip(scores, results[f"tau:{st}"])}
    cells = {(s, st): results[f"table1:{s}:{st}"] for s in scores for st in SETTINGS}
    rows = [Table1Row(dataclasses.replace(cells[s, st][0], tau=with_derivation(taus[s, st], cells[s, st][0].importance)))
            for s in scores for st in SETTINGS]
    statements: list[DocumentStatement] = []
    claims, paper_derivations = results["claims"]
    for name in ("lemmas", "cases", *(f"generic-{sp}" for sp in generic_spaces), "claims", "rewritings", "structure",
                 "tile", "hull", "robust", *(f"every-k:{slug}" for slug in K_SCORES), "tasks"):
        statements.extend(claims if name == "claims" else results[name])
    for st in SETTINGS:  # section D, setting by setting in the paper's order of scores, then the paper's
        for s in scores:
            statements.extend(cells[s, st][1])
    statements.extend(paper_derivations)
    statements.extend(_table1_statements(rows))
    order = {sec: i for i, (sec, _) in enumerate(SECTIONS)}
    statements.sort(key=lambda s: order[s.section])  # stable: keeps the order within a section
    classes = [results[f"classes:{st}"] for st in SETTINGS]
    summary = render.write_all(out, statements, rows, classes)
    t_coq = time.perf_counter()  # the Coq kernel's re-check of what was proved (proofs/coq/, issue 43)
    summary["coq"] = coq_phase(out / "proofs" / "coq", statements, rows, SECTIONS, check=coq_check).line()
    timings["coq"] = round(time.perf_counter() - t_coq, 3)
    wall = time.perf_counter() - t0
    timings["total"] = round(wall, 3)
    timings["jobs"] = jobs
    timings["scheduler"] = scheduler or "processes"
    (out / "timings.json").write_text(json.dumps(timings, indent=2, sort_keys=True) + "\n")
    summary["seconds"] = wall
    return summary
