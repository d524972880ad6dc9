"""Explanations of the axioms, lemmas and cases, from one source for the terminal and the docs.

>>> print(explain("axiom", 2).splitlines()[0])
Axiom 2 (§4.1.2) — leveraging the satisfaction S
"""

from __future__ import annotations

from ordertheory.errors import InvalidInput

AXIOMS = {
    1: ("Axiom 1 (§4.1.1) — leveraging the preorder ≲",
        "The ranking of entities is based on a preorder ≲ on performances: an entity's rank lies between "
        "1 + #(entities strictly better) and #(entities better or equivalent).",
        "Why it matters for a benchmark: adding or removing an entry never changes the relative order of "
        "the others, and ties are handled within explicit bounds. Any score induces such a preorder "
        "(Theorem 1), so this axiom is never what disqualifies a score."),
    2: ("Axiom 2 (§4.1.2) — leveraging the satisfaction S",
        "If P1(S ≤ s) = 1 and P2(S ≥ s) = 1 for some s, then P1 ≲ P2 or P1 ⋈ P2: P1 is not better than P2.",
        "Why it matters: an entity that is surely less satisfying cannot be ranked above one that is surely "
        "more satisfying. 'Lower is better' scores (error rate, FPR, …) fail it as written: rank with 1 − X. "
        "Test 1 checks it for the ordering induced by a score on a set Π."),
    3: ("Axiom 3 (§4.1.3) — leveraging the combinations Φ",
        "If every performance of Π is ≲ P (resp. not ≲ P, ≳ P, not ≳ P), so is every combination in Φ(Π). "
        "With Φ = conv, combinations are mixtures: randomly choosing which entity to run.",
        "Why it matters: mixing entities must not produce something better than the best of them or worse "
        "than the worst. Tests 2 and 3 (and the closure of the domain under mixtures) are exactly this "
        "axiom for a score-induced ordering (Theorem 3 and its converse, both proved by the package)."),
}


def explain(kind: str, n: int) -> str:
    """Statement, proof status and a short explanation of an axiom, lemma or case."""
    if kind == "axiom":
        if n not in AXIOMS:
            raise InvalidInput(f"expected an axiom number 1-3 but got {n}")
        title, statement, why = AXIOMS[n]
        return f"{title}\n{statement}\n{why}\nStatus: an axiom (a requirement), consistent by §4.1.4: the trivial " \
               "preorder satisfies all three (proved by z3, see `ordertheory paper`)."
    if kind == "lemma":
        from ordertheory.engine.prove import prove
        from ordertheory.theory.lemmas import STATEMENTS, obligation

        ids = {f"lemma-{n}", f"rule-{n}"}
        st = next((s for s in STATEMENTS if s.id in ids and s.id.startswith("lemma")), None) or \
            next((s for s in STATEMENTS if s.id in ids), None)
        if st is None:
            raise InvalidInput(f"expected a lemma number 1-12 (or a rule 7-14) but got {n}")
        main = prove(obligation(st))
        weaker = {k: prove(obligation(st, k)).verdict.label for k in ("reflexive only", "transitive only")}
        needs = [p for p, k in (("reflexivity", "transitive only"), ("transitivity", "reflexive only"))
                 if weaker[k] == "refuted"]
        lean = f" (Lean mathlib: {st.mathlib})" if st.mathlib else ""
        return (f"{st.reference}: when ≲ is a preorder, {st.text}{lean}\n"
                f"Status: {main.verdict.label} by z3 in {main.seconds * 1000:.0f} ms.\n"
                + (f"It needs {' and '.join(needs)}: without it, z3 exhibits a finite relation where it fails."
                   if needs else "It follows from the definitions (1)–(6) alone: z3 proves it with no property of ≲."))
    if kind == "case":
        from ordertheory.theory.cases import possible_cases, realise

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
    raise InvalidInput(f"expected 'axiom', 'lemma' or 'case' but got {kind!r}")
