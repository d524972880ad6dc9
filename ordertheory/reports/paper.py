"""The main job: every checkable statement of the paper decided, Table 1 computed, documents and
certificates written (``ordertheory paper``).

Phases are independent tasks run in parallel processes; results are put back in the paper's
order, so the documents do not depend on scheduling.
"""

from __future__ import annotations

import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ordertheory.engine.result import Verdict, jsonable
from ordertheory.reports.model import SECTIONS, Statement


def _r(result, section: str, smt: str | None = None, name: str | None = None) -> Statement:
    files = ((name or result.id, smt),) if smt and result.verdict is Verdict.PROVED else ()
    return Statement(result.id, section, result.statement, result.verdict.label, result.method,
                     witness=jsonable(result.witness), reason=result.reason, smtlib=files, seconds=result.seconds)


def phase_lemmas(timeout: float) -> list[Statement]:
    from ordertheory.theory.lemmas import STATEMENTS, check_lemmas, obligation

    res = {r.id: r for r in check_lemmas(timeout)}
    out = []
    for st in STATEMENTS:
        r = res[st.id]
        needs = (f"needs {' and '.join(r.needs)}: without it z3 finds a counter-model" if r.needs else
                 "follows from the definitions (1)–(6) alone: z3 proves it without reflexivity or transitivity")
        lean = f" [mathlib: {st.mathlib}]" if st.mathlib else ""
        out.append(Statement(st.id, "A.2", f"{st.reference}: when ≲ is a preorder, {st.text}{lean}", r.verdict.label,
                             r.result.method, reason=needs,
                             smtlib=((f"lemmas.{st.id}", obligation(st).smtlib()),), seconds=r.result.seconds))
    return out


def phase_structure(timeout: float) -> list[Statement]:
    """The structural lemmas behind the multi-class checks, each proved by z3 with symbolic coefficients."""
    from ordertheory.theory.structure_lemmas import LEMMAS, check_structure_lemmas

    obs = {ob.id: ob for ob in LEMMAS}
    return [_r(r, "S", obs[r.id].smtlib(), f"structure.{r.id}") for r in check_structure_lemmas(timeout)]


def phase_cases(timeout: float) -> list[Statement]:
    from ordertheory.paper.printed_claims import compare_with_paper
    from ordertheory.theory.cases import case_smtlib, derive_cases, realise

    t0 = time.perf_counter()
    cases = derive_cases(timeout)
    possible = [c for c in cases if c.possible]
    diffs = compare_with_paper(cases)
    out = []
    for i, c in enumerate(possible, 1):
        ab, bc, ac = (r.symbol for r in c.relations)
        perf = realise(c)
        w = {k: {o: str(v) for o, v in P.as_dict().items()} for k, P in perf.items()} if perf else None
        out.append(Statement(f"case-{i}", "A.2.3", f"case {i}: P_a {ab} P_b, P_b {bc} P_c, P_a {ac} P_c is possible",
                             "proved", "z3 (sat: a witness preorder); realised by ROC dominance", witness=w,
                             smtlib=((f"cases.possible-{i}", case_smtlib(c)),)))
    impossible = [c for c in cases if not c.possible]
    out.append(Statement("cases-impossible", "A.2.3", f"the other {len(impossible)} assignments are impossible",
                         "proved" if all(c.verdict.label == "proved" for c in impossible) else "unknown", "z3 (unsat)",
                         smtlib=tuple((f"cases.impossible-{j}", case_smtlib(c)) for j, c in enumerate(impossible, 1))))
    out.append(Statement("cases-list", "A.2.3", "the derived list of 29 cases equals the list printed in A.2.3",
                         "proved" if not diffs else "refuted", "comparison of the derived list with the printed one",
                         printed_claim=True, witness={"differences": diffs} if diffs else None,
                         seconds=time.perf_counter() - t0))
    return out


def phase_generic(space_name: str, timeout: float) -> list[Statement]:
    from ordertheory.engine.prove import prove
    from ordertheory.sample_space import from_name
    from ordertheory.theory.theorems import axioms_consistent, generic_obligations

    space = from_name(space_name)
    out = []
    if space_name == "binary":
        r = axioms_consistent(space, timeout)
        out.append(_r(r, "4.1", None))
    for ob in generic_obligations(space):
        r = prove(ob, timeout)
        section = "A.5.1" if ob.id.startswith("A.5.1") else "4.1" if ob.id.startswith("corollary") else "4.2"
        sid = f"{ob.id}[{space_name}]" if "[" not in ob.id else ob.id
        st = _r(r, section, ob.smtlib(), f"generic.{sid}")
        out.append(Statement(sid, st.section, f"{ob.statement} (Ω = {space_name})" if "[" not in ob.id else ob.statement,
                             st.verdict, st.method, reason=st.reason, smtlib=st.smtlib, seconds=st.seconds))
    return out


def phase_claims() -> list[Statement]:
    from ordertheory.paper.claims import check_a6_claims, check_properties

    out = []
    for c in check_properties():
        printed = "/printed" in c.id
        out.append(Statement(c.id, "A.5.2", c.statement, c.verdict.label, c.method, printed_claim=printed,
                             witness=c.witness, corrected=c.corrected, seconds=c.seconds))
    for c in check_a6_claims():
        out.append(Statement(c.id, "A.6", c.statement, c.verdict.label, c.method, printed_claim=True,
                             witness=c.witness, corrected=c.corrected, seconds=c.seconds))
    return out


def phase_rewritings() -> list[Statement]:
    """A.3: the two rewritings of A and TPR hold for every α, β on the simplex."""
    import sympy

    from ordertheory.catalogue import get
    from ordertheory.performance_set import all_performances
    from ordertheory.sample_space import BINARY_OUTCOMES, binary

    t0 = time.perf_counter()
    params, mapping, _ = all_performances(binary()).parametrise("r")
    tn, fp, fn, tp = (mapping[s] for s in sorted(mapping, key=lambda s: BINARY_OUTCOMES.index(s.name)))
    a, b = sympy.symbols("alpha beta", real=True)
    A = (1 - a) * tn - a * fp - a * fn + (1 - a) * tp + a
    T = (-a * tn - a * fp - a * fn + (1 - a) * tp + a) / (-b * tn - b * fp + (1 - b) * fn + (1 - b) * tp + b)
    out = []
    for sid, slug, expr, text in (("A.3/accuracy", "accuracy", A, "A = (1−α)P(tn) − αP(fp) − αP(fn) + (1−α)P(tp) + α for every α"),
                                  ("A.3/tpr", "tpr", T, "TPR = (−αP(tn) − αP(fp) − αP(fn) + (1−α)P(tp) + α) / "
                                   "(−βP(tn) − βP(fp) + (1−β)P(fn) + (1−β)P(tp) + β) for every α, β")):
        X = get(slug).score().expr.xreplace(mapping)
        ok = sympy.expand(sympy.numer(sympy.together(X - expr))) == 0
        out.append(Statement(sid, "A.3", text, "proved" if ok else "refuted", "sympy: the difference vanishes on the simplex",
                             printed_claim=True, seconds=time.perf_counter() - t0))
    return out


def phase_table1_cell(slug: str, setting_name: str, timeout: float) -> dict:
    """One Table 1 row: the three tests (and closure), the derived importance, τ_min and τ_max."""
    from ordertheory.analyses.importance import derive_importance
    from ordertheory.analyses.tau import tau_range
    from ordertheory.catalogue import get
    from ordertheory.engine.witness import Witness
    from ordertheory.paper.table1 import setting
    from ordertheory.theory.score_tests import check_score

    t0 = time.perf_counter()
    X, Pi = get(slug).score(), setting(setting_name)
    rep = check_score(X, Pi, timeout=timeout)
    d = derive_importance(X, Pi, timeout=timeout)
    tau = tau_range(X, Pi)
    tests, lines = {}, {}
    smt = []
    for t in ("test1", "test2", "test3", "domain_closed", "theorem2_condition"):
        r = rep.tests[t]
        tests[t] = {"verdict": r.verdict.value, "witness": jsonable(r.witness), "reason": r.reason, "method": r.method}
        if isinstance(r.witness, Witness):
            lines[t] = r.witness.lines()
        smt.extend((f"table1.{slug}.{setting_name}.{qid}", text) for qid, text in r.certificate)
    return {"score": slug, "setting": setting_name, "tests": tests, "witness_lines": lines, "importance": d.to_json(),
            "derivation": list(d.steps), "tau": {k: v for k, v in tau.to_json().items() if k not in ("argmin", "argmax")},
            "tau_arg": {"argmin": {k: round(v, 4) for k, v in tau.argmin.items()},
                        "argmax": {k: round(v, 4) for k, v in tau.argmax.items()}},
            "smtlib": smt, "seconds": time.perf_counter() - t0}


def phase_classes(setting_name: str, timeout: float, scores=None):
    """The catalogue's equivalence classes on one Table 1 setting (all scores, or ``scores``)."""
    from ordertheory.analyses.equivalence import catalogue_classes
    from ordertheory.paper.table1 import setting

    return catalogue_classes(setting(setting_name), scores, timeout=min(timeout, 20.0), budget=20 * timeout)


def _table1_statements(rows: list[dict]) -> list[Statement]:
    out = []
    for row in rows:
        for t in ("test1", "test2", "test3"):
            js = row["tests"][t]
            out.append(Statement(f"table1/{row['score']}/{row['setting']}/{t}", "5.2",
                                 f"{row['score']} on Π = {row['setting']}: {t}", js["verdict"], js["method"],
                                 witness=js["witness"], reason=js["reason"],
                                 smtlib=tuple((fid, txt) for fid, txt in row["smtlib"] if f".{t}" in fid),
                                 seconds=row["seconds"]))
    return out


def _timed(f, *args):
    t0 = time.perf_counter()
    out = f(*args)
    return out, time.perf_counter() - t0


def run_paper(out: Path, jobs: int | None = None, timeout: float = 60.0, progress: bool = True,
              table1_scores=None, generic_spaces=("binary", "multiclass:3")) -> dict:
    """Run every phase, write the documents into ``out``, return the summary."""
    from ordertheory.catalogue import TABLE1
    from ordertheory.paper.table1 import SETTINGS
    from ordertheory.reports import render

    jobs = jobs or os.cpu_count() or 1
    scores = table1_scores or TABLE1
    t0 = time.perf_counter()
    tasks = [("lemmas", phase_lemmas, (timeout,)), ("cases", phase_cases, (timeout,)),
             ("structure", phase_structure, (timeout,))]
    tasks += [(f"generic-{sp}", phase_generic, (sp, timeout)) for sp in generic_spaces]
    tasks += [("claims", phase_claims, ()), ("rewritings", phase_rewritings, ())]
    tasks += [(f"table1:{s}:{st}", phase_table1_cell, (s, st, timeout)) for s in scores for st in SETTINGS]
    tasks += [(f"classes:{st}", phase_classes, (st, timeout, table1_scores)) for st in SETTINGS]
    results: dict[str, object] = {}
    timings: dict[str, float] = {}
    show = progress and sys.stderr.isatty()
    done = 0

    def tick(name: str) -> None:
        nonlocal done
        done += 1
        if progress:
            bar = "#" * (30 * done // len(tasks))
            print(f"[{bar:<30}] {done}/{len(tasks)} {name}".ljust(90), end="\r" if show else "\n",
                  file=sys.stderr, flush=True)

    if jobs <= 1:
        for name, f, args in tasks:
            results[name], secs = _timed(f, *args)
            timings[name] = round(secs, 3)
            tick(name)
    else:
        from concurrent.futures import as_completed

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            # the slowest phase first, so that it overlaps with the many small ones
            order = sorted(tasks, key=lambda t: t[0] != "generic-multiclass:3")
            futs = {pool.submit(_timed, f, *args): name for name, f, args in order}
            for fut in as_completed(futs):
                name = futs[fut]
                results[name], secs = fut.result()
                timings[name] = round(secs, 3)
                tick(name)
    if show:
        print(file=sys.stderr)
    rows = [results[f"table1:{s}:{st}"] for s in scores for st in SETTINGS]
    statements: list[Statement] = []
    for name in ("lemmas", "cases", *(f"generic-{sp}" for sp in generic_spaces), "claims", "rewritings", "structure"):
        statements.extend(results[name])
    statements.extend(_table1_statements(rows))
    order = {sec: i for i, (sec, _) in enumerate(SECTIONS)}
    statements.sort(key=lambda s: order[s.section])  # stable: keeps the order within a section
    wall = time.perf_counter() - t0
    classes = [results[f"classes:{st}"] for st in SETTINGS]
    summary = render.write_all(out, statements, rows, classes)
    timings["total"] = round(wall, 3)
    timings["jobs"] = jobs
    (out / "timings.json").write_text(json.dumps(timings, indent=2, sort_keys=True) + "\n")
    summary["seconds"] = wall
    return summary
