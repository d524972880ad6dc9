"""The order theory of §3 and A.2 in Coq: ≲ and the derived ∼ < > ⋈ ≳, Lemmas 1–12, rules (7)–(14),
the four cases, eq. (5), and the 29 cases of A.2.3 (with the 35 patterns transitivity forbids).

Each lemma's Coq proof is its readable proof (:mod:`ordertheory.theory.readable`) replayed step by
step: a step becomes ``assert (Hn : …)`` proved by its rule — ``reflexivity`` and ``transitivity``
are the preorder's hypotheses instantiated at the step's names, a definition or logic step unfolds
eqs. (1)–(6) and closes by ``tauto`` from the cited steps only (``generalize``), and a Fitch box is a
nested ``assert (Hk_l : first -> last)``. The paper reasons classically; Coq's logic does not, so
the section assumes, beside reflexivity and transitivity, that ≲ is decidable (every P1 ≲ P2 holds
or not) — a hypothesis of each theorem, never an axiom — and a step that needs excluded middle
decides the atoms of its own formula first. ``Check`` after the section shows which hypotheses
each lemma really uses (Lemma 3 none, Lemma 7 transitivity only).

>>> files = order_theory_files("0")
>>> [f.name for f in files], len(files[0].theorems), len(files[1].theorems)
(['Preorders.v', 'Cases.v'], 22, 65)
"""

from __future__ import annotations

import itertools

from ordertheory.coq.vernacular import (
    DERIVED,
    RELATION_NAMES,
    CoqFile,
    Theorem,
    assemble,
    ident,
    order_formula,
)
from ordertheory.performances.relations import Comparison, is_preorder
from ordertheory.theory.cases import ELEMENTS, PAIRS, PAPER_ORDER
from ordertheory.theory.lemma_statements import LEMMAS
from ordertheory.theory.readable.lemma_proofs import lemma_proofs
from ordertheory.theory.readable.proof_facts import NoProof, unfold
from ordertheory.theory.readable.proof_rules import Proof, Rule, Step, atoms_of
from ordertheory.theory.statement_syntax import Atom, parse_statement

UNFOLD = "unfold " + ", ".join(DERIVED[::-1])  # ≳ first: it unfolds into > and ∼

DEFINITIONS = """\
(* A.2.2: the relations derived from a preorder ≲ (P1 ≲ P2: P1 is worse than or equivalent to P2). *)
Definition equivalent {performance : Type} (le : performance -> performance -> Prop) (P1 P2 : performance) : Prop :=
  le P1 P2 /\\ le P2 P1.                          (* eq. (1): P1 ∼ P2 *)
Definition better {performance : Type} (le : performance -> performance -> Prop) (P1 P2 : performance) : Prop :=
  ~ le P1 P2 /\\ le P2 P1.                        (* eq. (2): P1 > P2 *)
Definition worse {performance : Type} (le : performance -> performance -> Prop) (P1 P2 : performance) : Prop :=
  le P1 P2 /\\ ~ le P2 P1.                        (* eq. (3): P1 < P2 *)
Definition incomparable {performance : Type} (le : performance -> performance -> Prop) (P1 P2 : performance) : Prop :=
  ~ le P1 P2 /\\ ~ le P2 P1.                      (* eq. (4): P1 ⋈ P2 *)
Definition better_or_equivalent {performance : Type} (le : performance -> performance -> Prop) (P1 P2 : performance) : Prop :=
  better le P1 P2 \\/ equivalent le P1 P2.        (* eq. (6): P1 ≳ P2 *)
Definition is_preorder {performance : Type} (le : performance -> performance -> Prop) : Prop :=
  (forall P, le P P) /\\ (forall P1 P2 P3, le P1 P2 -> le P2 P3 -> le P1 P3).
"""

NOTATIONS = """\
Local Infix "≲" := worse_or_equivalent (at level 70).
Local Notation "a ∼ b" := (equivalent worse_or_equivalent a b) (at level 70).
Local Notation "a > b" := (better worse_or_equivalent a b).
Local Notation "a < b" := (worse worse_or_equivalent a b).
Local Notation "a ⋈ b" := (incomparable worse_or_equivalent a b) (at level 70).
Local Notation "a ≳ b" := (better_or_equivalent worse_or_equivalent a b) (at level 70).
"""

SECTION = """\
Section Preorders.
Variable performance : Type.
Variable worse_or_equivalent : performance -> performance -> Prop.
""" + NOTATIONS + """\
Hypothesis reflexivity : forall P, P ≲ P.                                   (* mathlib: le_refl *)
Hypothesis transitivity : forall P1 P2 P3, P1 ≲ P2 -> P2 ≲ P3 -> P1 ≲ P3.   (* mathlib: le_trans *)
(* The paper reasons classically: ≲ holds or not (a hypothesis of the theorems, not an axiom). *)
Hypothesis decidable : forall P1 P2, P1 ≲ P2 \\/ ~ P1 ≲ P2.
(* a logic step: propositional logic on the cited steps, the definitions (1)-(6) unfolded if need be *)
""" + f"Ltac logic := first [tauto | {UNFOLD}; tauto].\n"


# --- Lemmas 1-12, rules (7)-(14), the four cases, eq. (5) ---------------------------------------------
def _cite(c: int | tuple[int, int]) -> str:
    return f"H{c[0]}_{c[1]}" if isinstance(c, tuple) else f"H{c}"


def _decided_atoms(step: Step) -> list[Atom]:
    """The ≲-atoms of the step's own formula: deciding them is all the excluded middle a step needs
    (Glivenko: what the cited steps give classically, with those atoms decided, tauto finds)."""
    try:
        return [a for a in atoms_of(unfold(step.statement, set())) if a.relation == "le"]
    except NoProof:  # a statement with =: nothing to decide
        return []


def _tactic(step: Step) -> str:
    """The tactic that proves one step from the steps it cites, by its rule."""
    if step.rule is Rule.REFLEXIVITY:
        return f"exact (reflexivity {step.instance[0]})"
    cites = " ".join(_cite(c) for c in step.cites)
    given = []
    if step.rule is Rule.TRANSITIVITY:
        given.append(f"(transitivity {' '.join(step.instance)})")
    if cites:
        given.append(cites)
    # intuitionistic logic first (the atoms opaque, then the definitions unfolded); a step that needs
    # the excluded middle decides the atoms of its own formula, then tauto
    tactic = "logic"
    decide = [f"(decidable {a.left} {a.right})" for a in _decided_atoms(step)]
    if decide and step.rule is not Rule.TRANSITIVITY:
        tactic = f"first [logic | destruct {', '.join(decide)}; logic]"
    return f"generalize {' '.join(given)}; {tactic}" if given else tactic


def _boxes(steps: tuple[Step, ...], start: int, end: int, depth: int) -> list[tuple[int, int]]:
    """The (first, last) indices of the boxes opened at ``depth + 1`` among steps[start:end]."""
    out, i = [], start
    while i < end:
        if steps[i].rule is Rule.ASSUMPTION and steps[i].depth == depth + 1:
            j = i + 1
            while j < end and steps[j].depth > depth and not (steps[j].rule is Rule.ASSUMPTION
                                                              and steps[j].depth == depth + 1):
                j += 1
            out.append((i, j))
            i = j
        else:
            i += 1
    return out


def _script(steps: tuple[Step, ...], start: int, end: int, depth: int, indent: str) -> list[str]:
    lines, i = [], start
    boxes = dict(_boxes(steps, start, end, depth))
    while i < end:
        s = steps[i]
        if i in boxes:
            j = boxes[i]
            first, last = steps[i], steps[j - 1]
            lines.append(f"{indent}assert (H{first.number}_{last.number} : {order_formula(first.statement)} -> "
                         f"{order_formula(last.statement)}).  (* box {first.number}–{last.number} *)")
            lines.append(f"{indent}{{ intro H{first.number}.")
            lines += _script(steps, i + 1, j, depth + 1, indent + "  ")
            lines.append(f"{indent}  exact H{last.number}. }}")
            i = j
            continue
        note = s.label + (f", from {s.cited()}" if s.cites else "")
        lines.append(f"{indent}assert (H{s.number} : {order_formula(s.statement)}) by ({_tactic(s)}).  (* {note} *)")
        i += 1
    return lines


def replayed(proof: Proof) -> str:
    """A readable proof as a Coq script, one assert per step (the last step is the statement)."""
    names = " ".join(proof.statement.names)
    lines = [f"  intros {names}."] + _script(proof.steps, 0, len(proof.steps), 0, "  ")
    lines.append(f"  exact H{proof.steps[-1].number}.")
    return "\n".join(lines)


def automated(names: tuple[str, ...]) -> str:
    """Coq's own automation, where no readable proof was found: every ≲ between the names decided,
    every instance of transitivity given, then tauto."""
    pairs = [(x, y) for x in names for y in names if x != y]
    trans = " ".join(f"(transitivity {x} {y} {z})" for x, y, z in itertools.product(names, repeat=3))
    refl = " ".join(f"(reflexivity {x})" for x in names)
    return (f"  intros {' '.join(names)}.\n  generalize {refl} {trans}; {UNFOLD}.\n"
            f"  destruct {', '.join(f'(decidable {x} {y})' for x, y in pairs)}; tauto.")


def lemma_theorems() -> list[Theorem]:
    """Lemmas 1–12, rules (7)–(14), the four cases and eq. (5), each from its readable proof."""
    proofs = lemma_proofs()
    out = []
    for t in LEMMAS:
        statement = parse_statement(t.formula)
        found = proofs.get(t.id)
        script = replayed(found.proof) if found is not None and found.proof is not None else automated(statement.names)
        names = " ".join(statement.names)
        lean = f" [mathlib: {t.mathlib}]" if t.mathlib else ""
        out.append(Theorem(ident(t.id), t.id, f"{t.reference}: when ≲ is a preorder, {t.text}{lean}",
                           f"forall {names} : performance, {order_formula(statement.formula)}", script))
    return out


def preorders_file(version: str) -> CoqFile:
    """``Preorders.v``: the definitions of A.2.2 and every lemma, each proved from its readable proof."""
    theorems = lemma_theorems()
    checks = "\n".join(f"Check {t.name}." for t in theorems)
    return assemble("Preorders.v", version, "Order theory (§3.2, A.2): a preorder ≲ on performances, the "
                    "derived relations, Lemmas 1–12, rules (7)–(14), the four cases and eq. (5).", (),
                    DEFINITIONS + "\n" + SECTION, theorems,
                    "End Preorders.\n\n(* What each lemma needs, as Coq sees it after the section: *)\n" + checks,
                    ("Each proof replays the package's readable proof: one assert per step, by its rule.",))


# --- the 29 cases of A.2.3 ----------------------------------------------------------------------------
CASE_RELATION = {Comparison.INCOMPARABLE: "incomparable", Comparison.BETTER: "better",
                 Comparison.WORSE: "worse", Comparison.EQUIVALENT: "equivalent"}
CASE_SYMBOL = {Comparison.INCOMPARABLE: "⋈", Comparison.BETTER: ">", Comparison.WORSE: "<",
               Comparison.EQUIVALENT: "∼"}


def _bits(assignment: tuple[bool, ...]) -> str:
    return "".join("1" if v else "0" for v in assignment)


def _pattern(assignment: tuple[bool, ...], le: str = "le") -> str:
    return " /\\ ".join(f"{'' if v else '~ '}{le} P{x} P{y}" for (x, y), v in zip(PAIRS, assignment))


def _relations(assignment: tuple[bool, ...]) -> tuple[Comparison, Comparison, Comparison]:
    le = dict(zip(PAIRS, assignment))
    return tuple(Comparison.from_leq(le[x, y], le[y, x]) for x, y in (("a", "b"), ("b", "c"), ("a", "c")))


def _preorder(assignment: tuple[bool, ...]) -> dict[tuple[str, str], bool]:
    le = {(x, x): True for x in ELEMENTS}
    le.update(zip(PAIRS, assignment))
    return le


def possible_patterns() -> list[tuple[bool, ...]]:
    """The patterns a preorder on {a, b, c} allows (decided here by brute force, re-proved in Coq:
    the same 29 the package's z3 decision finds), in the paper's order."""
    ok = [a for a in itertools.product((False, True), repeat=6) if is_preorder(ELEMENTS, _preorder(a))]
    return sorted(ok, key=lambda a: tuple(PAPER_ORDER.index(r) for r in _relations(a)))


def _case_formula(assignment: tuple[bool, ...], le: str = "le") -> str:
    pairs = (("a", "b"), ("b", "c"), ("a", "c"))
    return " /\\ ".join(f"{CASE_RELATION[r]} {le} P{x} P{y}" for (x, y), r in zip(pairs, _relations(assignment)))


def _words(assignment: tuple[bool, ...]) -> str:
    return ", ".join(f"P{x} {'≲' if v else '≴'} P{y}" for (x, y), v in zip(PAIRS, assignment))


def _witness(assignment: tuple[bool, ...]) -> str:
    le = _preorder(assignment)
    rows = [f"  | P{x}, P{y} => {'True' if le[x, y] else 'False'}" for x in ELEMENTS for y in ELEMENTS]
    return "match x, y with\n" + "\n".join(rows) + "\n  end"


def _forbidding(assignment: tuple[bool, ...]) -> tuple[str, str, str]:
    """A transitivity instance the pattern breaks: x ≲ y, y ≲ z and x ≴ z (all three distinct)."""
    le = _preorder(assignment)
    return next((x, y, z) for x, y, z in itertools.permutations(ELEMENTS)
                if le[x, y] and le[y, z] and not le[x, z])


def case_theorems() -> tuple[list[Theorem], str]:
    """The 29 possible cases (a witness preorder on three performances each), the 35 impossible
    patterns (transitivity forbids each) and "only these 29" (every preorder falls in one)."""
    possible = possible_patterns()
    impossible = [a for a in itertools.product((False, True), repeat=6) if a not in possible]
    numbers = {a: i for i, a in enumerate(possible, 1)}
    defs = ["Inductive three_performances := Pa | Pb | Pc.", ""]
    for i, c in enumerate(possible, 1):
        ab, bc, ac = (CASE_SYMBOL[r] for r in _relations(c))
        defs.append(f"(* case {i}: P_a {ab} P_b, P_b {bc} P_c, P_a {ac} P_c *)")
        defs.append(f"Definition case_{i} {{performance : Type}} (le : performance -> performance -> Prop) "
                    f"(Pa Pb Pc : performance) : Prop :=\n  {_case_formula(c)}.")
    out = []
    for i, c in enumerate(possible, 1):
        ab, bc, ac = (CASE_SYMBOL[r] for r in _relations(c))
        relation = f"(fun x y : three_performances => {_witness(c)})"
        out.append(Theorem(f"case_{i}_possible", f"case-{i}", f"case {i}: P_a {ab} P_b, P_b {bc} P_c, P_a {ac} P_c "
                           "is possible: a preorder on three performances shows it",
                           f"exists le : three_performances -> three_performances -> Prop, is_preorder le /\\ "
                           f"case_{i} le Pa Pb Pc", _possible_proof(i, relation), kind="Example"))
    for c in impossible:
        x, y, z = _forbidding(c)
        bits = _bits(c)
        out.append(Theorem(f"pattern_{bits}_impossible", "cases-impossible",
                           f"no preorder has {_words(c)} (transitivity: "
                           f"P{x} ≲ P{y} ≲ P{z})",
                           f"forall (performance : Type) (le : performance -> performance -> Prop), is_preorder le ->\n"
                           f"  forall Pa Pb Pc : performance, ~ ({_pattern(c)})",
                           f"  intros performance le [_ trans] Pa Pb Pc.\n"
                           f"  generalize (trans P{x} P{y} P{z}); tauto."))
    # every preorder: the 64 patterns decided (≲ decidable), each either one of the 29 or impossible
    branches = []
    for assignment in itertools.product((True, False), repeat=6):
        if assignment in numbers:
            k = numbers[assignment]
            pick = ("do 28 right" if k == 29 else f"do {k - 1} right; left") if k > 1 else "left"
            branches.append(f"  - {pick}; unfold case_{k}, {', '.join(DERIVED[:4])}; tauto.")
        else:
            branches.append(f"  - exfalso; apply (pattern_{_bits(assignment)}_impossible performance le H Pa Pb Pc); "
                            "tauto.")
    names = " ".join(f"d{x}{y}" for x, y in PAIRS)
    destruct = "; ".join(f"destruct (dec P{x} P{y}) as [d{x}{y}|d{x}{y}]" for x, y in PAIRS)
    cases_or = " \\/ ".join(f"case_{i} le Pa Pb Pc" for i in range(1, len(possible) + 1))
    out.append(Theorem("only_29_cases", "cases-impossible",
                       f"A.2.3: for a preorder, only {len(possible)} of the 2^6 patterns of ≲ between three "
                       "performances are possible: the cases listed",
                       "forall (performance : Type) (le : performance -> performance -> Prop), is_preorder le ->\n"
                       "  (forall P1 P2, le P1 P2 \\/ ~ le P1 P2) ->\n"
                       f"  forall Pa Pb Pc : performance,\n  {cases_or}",
                       f"  intros performance le H dec Pa Pb Pc.\n  {destruct}.\n" + "\n".join(branches)
                       + f"\n  (* {names}: the 64 branches in the order (≲ first) of the pairs ab ba bc cb ca ac *)"))
    return out, "\n".join(defs)


def _possible_proof(i: int, relation: str) -> str:
    return (f"  exists {relation.replace(chr(10), chr(10) + '  ')}.\n  split.\n"
            "  - split; [intros []; simpl; tauto | intros [] [] []; simpl; tauto].\n"
            f"  - unfold case_{i}, {', '.join(DERIVED[:4])}; simpl; tauto.")


def cases_file(version: str) -> CoqFile:
    """``Cases.v``: the 29 cases of A.2.3 and the 35 patterns transitivity forbids."""
    theorems, defs = case_theorems()
    order = ", ".join(CASE_SYMBOL[r] for r in PAPER_ORDER)
    return assemble("Cases.v", version, "The 29 cases of A.2.3: the patterns of ≲ and ≴ between three "
                    "performances that a preorder allows.", ("Preorders.v",), defs, theorems,
                    notes=(f"Cases are numbered in the paper's order ({order} for P_a vs P_b, then P_b vs P_c, "
                           "then P_a vs P_c).",))


def order_theory_files(version: str) -> list[CoqFile]:
    """Preorders.v and Cases.v."""
    return [preorders_file(version), cases_file(version)]


__all__ = ["RELATION_NAMES", "case_theorems", "cases_file", "lemma_theorems", "order_theory_files",
           "possible_patterns", "preorders_file", "replayed"]
