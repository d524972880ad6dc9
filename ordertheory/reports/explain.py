"""Explanations of the axioms, lemmas, cases and the Tile's statements, from one source for the
terminal and the docs.

>>> print(explain("axiom", 2).splitlines()[0])
Axiom 2 (§4.1.2) — leveraging the satisfaction S
"""

from __future__ import annotations

from ordertheory.engine.prove import prove
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.theory.axioms import AXIOMS
from ordertheory.theory.cases import possible_cases, realise
from ordertheory.theory.hull_statements import ARGUMENT, hull_statements
from ordertheory.theory.lemmas import STATEMENTS, obligation
from ordertheory.theory.readable.lemma_proofs import lemma_proofs
from ordertheory.theory.tile_statements import tile_statements


def explain(kind: str, n: int) -> str:
    """Statement, proof status and a short explanation of an axiom, lemma, case or Tile statement
    (1 predicted class, 2 ground truth, 3 prior shift read for values, 4 prior shift for orderings,
    5 no-skill curve, 6 the no-skill curve in balanced coordinates), or hull statement (1–3 H1–H3,
    4 H5, 5 H6, 6 H7, 7 the theorem H with its argument, 8 H8: no common prior)."""
    if kind == "axiom":
        if n not in (1, 2, 3):
            raise InvalidInput(f"expected an axiom number 1-3 but got {n}")
        title, statement, why = AXIOMS[n - 1].title, AXIOMS[n - 1].statement, AXIOMS[n - 1].why
        return f"{title}\n{statement}\n{why}\nStatus: an axiom (a requirement), consistent by §4.1.4: the trivial " \
               "preorder satisfies all three (proved by z3, see `ordertheory paper`)."
    if kind == "lemma":
        ids = {f"lemma-{n}", f"rule-{n}"}
        st = next((s for s in STATEMENTS if s.id in ids and s.id.startswith("lemma")), None) or \
            next((s for s in STATEMENTS if s.id in ids), None)
        if st is None:
            raise InvalidInput(f"expected a lemma number 1-12 (or a rule 7-14) but got {n}")
        main = prove(obligation(st))
        weaker = {p: prove(obligation(st, k)) for p, k in (("reflexivity", "transitive only"),
                                                          ("transitivity", "reflexive only"))}
        needs = [p for p, r in weaker.items() if r.verdict is Verdict.REFUTED]
        lean = f" (Lean mathlib: {st.mathlib})" if st.mathlib else ""
        return (f"{st.reference}: when ≲ is a preorder, {st.text}{lean}\n"
                f"Status: {main.verdict.label} by z3 in {main.seconds * 1000:.0f} ms.\n"
                + (f"It needs {' and '.join(needs)}: without it, z3 exhibits a finite relation where it fails:"
                   if needs else "It follows from the definitions (1)–(6) alone: z3 proves it with no property of ≲.")
                + "".join(_counter_model(p, weaker[p].witness) for p in needs)
                + _readable(st.id))
    if kind == "case":
        cases = possible_cases()
        if not 1 <= n <= len(cases):
            raise InvalidInput(f"expected a case number 1-{len(cases)} but got {n}")
        c = cases[n - 1]
        ab, bc, ac = (r.symbol for r in c.relations)
        perf = realise(c)
        lines = [f"Case {n} of A.2.3: P_a {ab} P_b, P_b {bc} P_c, P_a {ac} P_c",
                 "Status: possible under transitivity (z3 found this preorder; 35 other patterns are proved "
                 "impossible).",
                 "As classifiers under ROC dominance (P ≲ P′ iff TPR and TNR are both ≤):"]
        for k, P in (perf or {}).items():
            tpr = P["tp"] / (P["tp"] + P["fn"])
            tnr = P["tn"] / (P["tn"] + P["fp"])
            lines.append(f"  P_{k}: TPR = {tpr}, TNR = {tnr}, prior π₊ = {P['tp'] + P['fn']}")
        return "\n".join(lines)
    if kind == "tile":
        results = tile_statements()
        if not 1 <= n <= len(results):
            raise InvalidInput(f"expected a Tile statement number 1-{len(results)} but got {n}")
        r = results[n - 1]
        lines = [f"Tile statement {n} ({r.id}): {r.statement}", f"Status: {r.verdict.label} ({r.method})."]
        if r.witness:
            lines.append("Counterexample: " + ", ".join(f"{k} = {v}" for k, v in r.witness.items()))
        if r.corrected:
            lines.append(f"What holds instead: {r.corrected}")
        if r.reason:
            lines.append(r.reason)
        return "\n".join(lines)
    if kind == "hull":
        results = hull_statements()
        if not 1 <= n <= len(results):
            raise InvalidInput(f"expected a hull statement number 1-{len(results)} but got {n}")
        r = results[n - 1]
        lines = [f"Hull statement {n} ({r.id}): {r.statement}", f"Status: {r.verdict.label} ({r.method})."]
        if r.witness:
            lines.append("Counterexample: " + "; ".join(f"{k}: {v}" for k, v in r.witness.items()))
        if r.corrected:
            lines.append(f"What holds instead: {r.corrected}")
        if r.reason:
            lines.append(r.reason)
        if r.id == "tile/hull/H":
            lines += list(ARGUMENT)
        return "\n".join(lines)
    raise InvalidInput(f"expected 'axiom', 'lemma', 'case', 'tile' or 'hull' but got {kind!r}")


def _counter_model(missing: str, witness: dict) -> str:
    """z3's finite relation where a lemma fails once ``missing`` is dropped (as z3 gives it)."""
    elements, table = witness["elements"], witness["le"]
    holds = [pair for pair, v in table.items() if v]
    fails = [pair for pair, v in table.items() if not v]
    return (f"\n  without {missing}: elements {', '.join(elements)}; "
            f"≲ holds for {', '.join(holds) or 'no pair'}; "
            f"not for {', '.join(p.replace(' ≲ ', ' ≴ ') for p in fails) or 'any pair'}")


def _readable(lemma_id: str) -> str:
    """The lemma's readable proof, every step re-checked (theory.lemma_proofs)."""
    r = lemma_proofs().get(lemma_id)
    if r is None or r.proof is None:
        return "\nReadable proof: none (the solver proof stands)."
    return "\nReadable proof (each step re-checked):\n" + "\n".join(f"  {line}" for line in r.proof.lines())
