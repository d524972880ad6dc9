"""The phases of the paper job (``ordertheory paper``): each a function of plain arguments that
decides one part of the paper and returns its statements, run as one task on the executor and
stored in the result cache under the code it depends on (:func:`ordertheory.engine.cache.code_fingerprint`):
the documents' rendering (:mod:`ordertheory.reports.render`) is not part of it, so a change there
re-renders without deciding anything again. :mod:`ordertheory.reports.paper` plans and runs them.
"""

from __future__ import annotations

import dataclasses
import time

from ordertheory.analyses.compare.equivalence import catalogue_classes
from ordertheory.catalogue import get
from ordertheory.encoding.answer import Status
from ordertheory.engine.prove import prove
from ordertheory.engine.result import Verdict
from ordertheory.exact import is_zero
from ordertheory.fitness.structure.generic_lemmas import all_lemmas, check_structure_lemmas
from ordertheory.paper.claims import check_a6_claims, check_properties
from ordertheory.paper.printed_claims import compare_with_paper
from ordertheory.paper.table1 import cell, setting
from ordertheory.ranking.tasks.coincidence import coincidence_statements
from ordertheory.reports import every_k
from ordertheory.reports.derivations import derivation_statements, score_statements
from ordertheory.reports.model import DocumentStatement
from ordertheory.sets.performance_set import all_performances
from ordertheory.spaces.sample_space import BINARY_OUTCOMES, binary, from_name
from ordertheory.theory.cases import case_smtlib, derive_cases, realise
from ordertheory.theory.hull_statements import ARGUMENT, hull_statements
from ordertheory.theory.lemmas import STATEMENTS, check_lemmas, obligation
from ordertheory.theory.readable.lemma_proofs import lemma_proofs
from ordertheory.theory.robust_statements import STEPS, robust_statements
from ordertheory.theory.theorems import axioms_consistent, generic_obligations
from ordertheory.theory.tile_statements import tile_statements


def _r(result, section: str, smt: str | None = None, name: str | None = None) -> DocumentStatement:
    files = ((name or result.id, smt),) if smt and result.verdict is Verdict.PROVED else ()
    return DocumentStatement(result, section, smtlib=files)


def phase_lemmas(timeout: float) -> list[DocumentStatement]:
    res = {r.id: r for r in check_lemmas(timeout)}
    readable = lemma_proofs()
    out = []
    for st in STATEMENTS:
        r = res[st.id]
        needs = (f"needs {' and '.join(r.needs)}: without it z3 finds a counter-model" if r.needs else
                 "follows from the definitions (1)–(6) alone: z3 proves it without reflexivity or transitivity")
        lean = f" [mathlib: {st.mathlib}]" if st.mathlib else ""
        decided = dataclasses.replace(r.result, id=st.id, statement=f"{st.reference}: when ≲ is a preorder, "
                                      f"{st.text}{lean}", witness=None, reason=needs)
        text = r.result.certificate[0][1] if r.result.certificate else obligation(st).smtlib()  # with its sanity
        out.append(DocumentStatement(decided, "A.2", smtlib=((f"lemmas.{st.id}", text),),
                             proof=readable[st.id].proof if st.id in readable else None))
    return out


def phase_structure(timeout: float) -> list[DocumentStatement]:
    """The structural lemmas behind the multi-class checks, each proved by z3 with symbolic coefficients."""
    obs = {ob.id: ob for ob in all_lemmas()}
    return [_r(r, "S", r.certificate[0][1] if r.certificate else obs[r.id].smtlib(), f"structure.{r.id}")
            for r in check_structure_lemmas(timeout)]


def phase_every_k(slug: str, timeout: float) -> list[DocumentStatement]:
    """Section K for one k-class score, decided once for every number of classes (one task per
    score: the lifted counterexamples are 3-class checks of their own)."""
    return every_k.score_statements(slug, timeout)


def phase_cases(timeout: float) -> list[DocumentStatement]:
    t0 = time.perf_counter()
    cases = derive_cases(timeout)
    possible = [c for c in cases if c.possible]
    diffs = compare_with_paper(cases)
    out = []
    for i, c in enumerate(possible, 1):
        ab, bc, ac = (r.symbol for r in c.relations)
        perf = realise(c)
        w = {k: {o: str(v) for o, v in P.as_dict().items()} for k, P in perf.items()} if perf else None
        out.append(DocumentStatement.of(f"case-{i}", "A.2.3", f"case {i}: P_a {ab} P_b, P_b {bc} P_c, P_a {ac} P_c is possible",
                                Verdict.PROVED, "z3 (sat: a witness preorder); realised by ROC dominance", witness=w,
                                smtlib=((f"cases.possible-{i}", case_smtlib(c)),)))
    impossible = [c for c in cases if not c.possible]
    out.append(DocumentStatement.of("cases-impossible", "A.2.3", f"the other {len(impossible)} assignments are impossible",
                            Verdict.conjunction(c.verdict for c in impossible), f"z3 ({Status.UNSAT})",
                            smtlib=tuple((f"cases.impossible-{j}", case_smtlib(c)) for j, c in enumerate(impossible, 1))))
    out.append(DocumentStatement.of("cases-list", "A.2.3", "the derived list of 29 cases equals the list printed in A.2.3",
                            Verdict.REFUTED if diffs else Verdict.PROVED,
                            "comparison of the derived list with the printed one",
                            printed_claim=True, witness={"differences": diffs} if diffs else None,
                            seconds=time.perf_counter() - t0))
    return out


def phase_generic(space_name: str, timeout: float) -> list[DocumentStatement]:
    space = from_name(space_name)
    out = []
    if space_name == "binary":
        r = axioms_consistent(space, timeout)
        out.append(_r(r, "4.1", None))
    for ob in generic_obligations(space):
        r = prove(ob, timeout)
        section = "A.5.1" if ob.id.startswith("A.5.1") else "4.1" if ob.id.startswith("corollary") else "4.2"
        sid = f"{ob.id}[{space_name}]" if "[" not in ob.id else ob.id
        files = tuple((f"generic.{sid}" + qid[len(ob.id):], text) for qid, text in r.certificate)
        res = dataclasses.replace(r, id=sid, statement=f"{ob.statement} (Ω = {space_name})" if "[" not in ob.id
                                  else ob.statement)
        out.append(DocumentStatement(res, section, smtlib=files if r.verdict is Verdict.PROVED else ()))
    return out


def phase_claims() -> list[DocumentStatement]:
    """The paper's printed claims: Properties 1–7 (A.5.2) and the importances of A.6."""
    out = []
    for c in check_properties():
        printed = "/printed" in c.id
        out.append(DocumentStatement(dataclasses.replace(c, reason=None), "A.5.2", printed_claim=printed))
    for c in check_a6_claims():
        out.append(DocumentStatement(dataclasses.replace(c, reason=None), "A.6", printed_claim=True))
    return out


def phase_rewritings() -> list[DocumentStatement]:
    """A.3: the two rewritings of A and TPR hold for every α, β on the simplex."""
    import sympy

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
        ok = is_zero(X - expr)  # exact: a rational function, its expanded numerator
        out.append(DocumentStatement.of(sid, "A.3", text, Verdict.PROVED if ok else Verdict.REFUTED,
                                "sympy: the difference vanishes on the simplex", printed_claim=True,
                                seconds=time.perf_counter() - t0))
    return out


def phase_tile() -> list[DocumentStatement]:
    """The Tile's symmetries, class-prior shift and no-skill curve, each decided (sympy, z3)."""
    return [DocumentStatement(r, "T", smtlib=tuple((f"tile.{qid}", text) for qid, text in r.certificate))
            for r in tile_statements()]


def phase_hull() -> list[DocumentStatement]:
    """The hull theorem (who can rank first or last at one prior), its lemmas and its broken condition."""
    return [DocumentStatement(r, "H", smtlib=tuple((f"hull.{qid}", text) for qid, text in r.certificate),
                              steps=ARGUMENT if r.id == "tile/hull/H" else ()) for r in hull_statements()]


def phase_robust() -> list[DocumentStatement]:
    """Section R: better for every importance — rate dominance at one prior, the four corners otherwise, the
    k-class families' corners, ROC-hull dominance of scoring classifiers (and the broken condition, refuted)."""
    return [DocumentStatement(r, "R", smtlib=tuple((f"robust.{qid}", text) for qid, text in r.certificate),
                              steps=STEPS.get(r.id, ())) for r in robust_statements()]


def phase_tasks() -> list[DocumentStatement]:
    """Section M: when the ranking of each entity's summarized performance coincides with the ranking by
    the mean of its per-task scores (proved for a ranking score whose E_P[I] is the same on every task,
    always for accuracy; refuted with an exact counterexample for F1, the Jaccard index and precision)."""
    return [DocumentStatement(r, "M") for r in coincidence_statements()]


def phase_classes(setting_name: str, timeout: float, scores=None):
    """The catalogue's equivalence classes on one Table 1 setting (all scores, or ``scores``)."""
    return catalogue_classes(setting(setting_name), scores, timeout=min(timeout, 20.0), budget=20 * timeout)


def phase_derivations(part: str, scores, timeout: float, printed: dict | None = None) -> list[DocumentStatement]:
    """Section D: checked derivations for one Table 1 setting (``part``), or the paper's (``paper``;
    ``printed``: A.6.2's verdicts from the claims phase, not decided a second time)."""
    return derivation_statements(part, scores, timeout=min(timeout, 10.0), printed=printed)


def phase_claims_and_derivations(scores, timeout: float) -> tuple[list[DocumentStatement], list[DocumentStatement]]:
    """:func:`phase_claims`, then the paper's part of section D in the same process: A.6.2's
    derivations start from the claims' verdicts and witnesses, and from the importances the
    claims derived at the symbolic prior (:func:`~ordertheory.paper.claims.symbolic_derivation`)."""
    claims = phase_claims()
    printed = {st.id: (st.verdict, st.witness) for st in claims if st.id in ("A.6.2/nlr", "A.6.2/plr")}
    return claims, phase_derivations("paper", scores, timeout, printed)


def both_settled(parts) -> bool:
    return all(settled(p) for p in parts)


def settled(statements) -> bool:
    """Nothing stayed unknown (what the cache entry of the phase records)."""
    if hasattr(statements, "open_pairs"):  # the equivalence classes
        return not statements.open_pairs
    return all(st.verdict is not Verdict.UNKNOWN for st in statements)


def cell_task(slug: str, setting_name: str, timeout: float):
    """One Table 1 cell of the paper job (tests and importance; τ is computed per setting by
    :func:`ordertheory.paper.table1.tau_column`) with its section D derivations, built from the
    cell's importance instead of deriving it a second time: ``(Cell, [DocumentStatement, …])``."""
    c = cell(slug, setting_name, timeout, with_tau=False, with_importance=True)
    return c, score_statements(slug, setting_name, min(timeout, 10.0), derivation=c.importance)


def cell_settled(value) -> bool:
    return value[0].settled and settled(value[1])
