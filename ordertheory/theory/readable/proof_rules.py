"""Readable proofs of order statements: the steps, their named rules, and the checker.

A proof is a Fitch-style list of steps. An *assumption* opens a box (its depth is one more than
the step before); a box is cited as a range ``(first, last)`` and stands for "first ⇒ last". Each
other step names one rule and cites earlier steps in scope:

- ``definition (k)`` — one of the paper's eqs. (1)–(4), (6): ∼, >, <, ⋈ from ≲, and ≳ = > ∨ ∼;
- ``reflexivity`` (mathlib ``le_refl``) — x ≲ x;
- ``transitivity`` (``le_trans``) — x ≲ y ∧ y ≲ z ⇒ x ≲ z, forwards or read backwards
  (from x ≲ y and x ≴ z, y ≴ z: the contrapositive);
- ``totality`` (``le_total``, total preorders only) — x ≲ y ∨ y ≲ x;
- ``logic`` — a propositional step (∧, ∨, ⇒, ⇔, ¬, cases, contradiction) with no order fact at all.

:func:`check_proof` re-checks a proof without the search that found it, twice over: every step
is an *instance of its rule* — the cited formulas together with one instance of the rule's
axiom (the definitional equivalences, for a definition) entail the step in propositional
logic, decided by a truth table in which atoms are opaque — and every step is *true in every
preorder* of the kind on the names it mentions (brute force over all of them, up to 4 names),
evaluated by :class:`ordertheory.performances.relations.Comparison`, not by this module's definitions.
Nothing is trusted: a step that fails either check makes the whole proof rejected.

>>> from ordertheory.theory.statement_syntax import parse_statement
>>> s = parse_statement("a ~ a")
>>> le = parse_statement("a <= a").formula
>>> p = Proof(s, "preorder", (Step(1, 0, le, Rule.REFLEXIVITY, instance=("a",)),
...                           Step(2, 0, s.formula, Rule.DEFINITION, (1,), definitions=(1,))))
>>> check_proof(p)
[]
>>> bad = Proof(s, "preorder", (Step(1, 0, s.formula, Rule.LOGIC),))
>>> check_proof(bad)
['step 1 (logic): a ∼ a does not follow from the cited steps by logic']
"""

from __future__ import annotations

import enum
import itertools
import re
from dataclasses import dataclass, field

from ordertheory.performances.relations import Comparison
from ordertheory.theory.preorders.listing import preorders_of_kind, set_partitions
from ordertheory.theory.statement_syntax import Atom, Binary, Formula, Not, OrderStatement

MAX_TRUTH_TABLE_ATOMS = 14  # 16 384 rows: a step wider than this is rejected, never guessed
MAX_BRUTE_FORCE_NAMES = 4  # every preorder on ≤ 4 elements: at most 355 × 15 name maps per step


class Rule(enum.Enum):
    """The named rules a readable proof may use (the closed set the checker knows)."""

    ASSUMPTION = "assumption"
    DEFINITION = "definition"
    REFLEXIVITY = "reflexivity"
    TRANSITIVITY = "transitivity"
    TOTALITY = "totality"
    LOGIC = "logic"

    @property
    def mathlib(self) -> str:
        return {"reflexivity": "le_refl", "transitivity": "le_trans", "totality": "le_total"}.get(self.value, "")


# The paper's eqs. (1)-(4) and (6), with the mathlib name of each (Mathlib/Order/Basic, Defs).
DEFINITION_OF = {"sim": 1, "gt": 2, "lt": 3, "inc": 4, "ge": 6}
DEFINITION_MATHLIB = {1: "AntisymmRel", 2: "gt_iff_lt, lt_iff_le_not_le", 3: "lt_iff_le_not_le",
                      4: "IncompRel", 6: "ge_iff_le"}


@dataclass(frozen=True)
class Falsum:
    """⊥: the conclusion of a contradiction."""

    def __str__(self) -> str:
        return "⊥"


FALSUM = Falsum()
Claim = Formula | Falsum


@dataclass(frozen=True)
class Step:
    """One line: its number, box depth, the formula it states, its rule and what it cites.

    ``cites`` holds earlier step numbers and closed boxes ``(first, last)``; ``definitions`` the
    equations a definition step uses; ``instance`` the names of the rule's instance (x for
    reflexivity, x, y, z for transitivity, x, y for totality); ``note`` a word for the reader.
    """

    number: int
    depth: int
    statement: Claim
    rule: Rule
    cites: tuple[int | tuple[int, int], ...] = ()
    definitions: tuple[int, ...] = ()
    instance: tuple[str, ...] = ()
    note: str = ""

    @property
    def label(self) -> str:
        """The rule as printed: 'definition (3)', 'definitions (2), (4)', 'transitivity', …"""
        if self.rule is Rule.DEFINITION:
            eqs = ", ".join(f"({k})" for k in self.definitions)
            return f"definition{'s' if len(self.definitions) > 1 else ''} {eqs}"
        return self.rule.value + (f" ({self.note})" if self.note and self.rule is not Rule.LOGIC else "")

    @property
    def mathlib(self) -> str:
        if self.rule is Rule.DEFINITION:
            return "; ".join(DEFINITION_MATHLIB[k] for k in self.definitions)
        return self.rule.mathlib

    def cited(self) -> str:
        return ", ".join(f"{c[0]}–{c[1]}" if isinstance(c, tuple) else str(c) for c in self.cites)

    def to_json(self) -> dict:
        out = {"step": self.number, "rule": self.label, "statement": show(self.statement), "depth": self.depth,
               "from": [f"{c[0]}-{c[1]}" if isinstance(c, tuple) else c for c in self.cites]}
        if self.note:
            out["note"] = self.note
        if self.mathlib:
            out["mathlib"] = self.mathlib
        return out


@dataclass(frozen=True)
class Proof:
    """A readable proof of ``statement`` for every order of the kind (``preorder``, ``partial``, ``total``)."""

    statement: OrderStatement
    order: str
    steps: tuple[Step, ...]
    checked: dict = field(default_factory=dict, compare=False)  # what check_proof counted

    def lines(self) -> list[str]:
        """The proof as text, one step a line: number, Fitch bars, formula, rule and citations."""
        return fitch_lines(self.to_json())

    def to_json(self) -> list[dict]:
        return [s.to_json() for s in self.steps]


def why(row: dict) -> str:
    """A step's justification as printed: its rule, what it cites, and the logic step's name."""
    cites = ", ".join(str(c).replace("-", "–") for c in row["from"])
    out = row["rule"] + (f", from {cites}" if cites else "")
    return out + (f" ({row['note']})" if row.get("note") and row["rule"] == Rule.LOGIC.value else "")


def fitch_lines(rows: list[dict]) -> list[str]:
    """Steps (as :meth:`Step.to_json` gives them) laid out as text: a box's assumption opens with ┌,
    the steps inside it carry a bar │ per open box."""
    def left(r: dict) -> str:
        bars = "│ " * (r["depth"] - 1) + "┌ " if r["rule"] == Rule.ASSUMPTION.value else "│ " * r["depth"]
        return bars + r["statement"]

    width = max(len(left(r)) for r in rows)
    return [f"{r['step']:>3}  {left(r):<{width}}   {why(r)}" for r in rows]


_NOT_LE = re.compile(r"¬\((\w+) ≲ (\w+)\)")
_NOT_EQ = re.compile(r"¬\((\w+) = (\w+)\)")


def show(f: Claim) -> str:
    """A formula as printed in a proof: ¬(a ≲ b) is written a ≴ b."""
    return _NOT_EQ.sub(r"\1 ≠ \2", _NOT_LE.sub(r"\1 ≴ \2", str(f)))


# --- propositional machinery (atoms are opaque variables) -----------------------------------
def le(x: str, y: str) -> Atom:
    return Atom("le", x, y)


def conj(*fs: Formula) -> Formula:
    out = fs[0]
    for f in fs[1:]:
        out = Binary("and", out, f)
    return out


def disj(*fs: Formula) -> Formula:
    out = fs[0]
    for f in fs[1:]:
        out = Binary("or", out, f)
    return out


def iff(a: Formula, b: Formula) -> Formula:
    return Binary("iff", a, b)


def definition(atom: Atom) -> Formula:
    """The right-hand side of the paper's definition of a derived atom, eqs. (1)-(4) and (6)."""
    x, y = atom.left, atom.right
    return {
        "sim": lambda: conj(le(x, y), le(y, x)),  # (1)
        "gt": lambda: conj(Not(le(x, y)), le(y, x)),  # (2)
        "lt": lambda: conj(le(x, y), Not(le(y, x))),  # (3)
        "inc": lambda: conj(Not(le(x, y)), Not(le(y, x))),  # (4)
        "ge": lambda: disj(Atom("gt", x, y), Atom("sim", x, y)),  # (6)
    }[atom.relation]()


def atoms_of(f: Claim, out: list | None = None) -> list[Atom]:
    out = [] if out is None else out
    if isinstance(f, Atom):
        if f not in out:
            out.append(f)
    elif isinstance(f, Not):
        atoms_of(f.arg, out)
    elif isinstance(f, Binary):
        atoms_of(f.left, out)
        atoms_of(f.right, out)
    return out


def truth(f: Claim, value) -> bool:
    """The truth of a formula given ``value(atom) -> bool``; ⊥ is false."""
    if isinstance(f, Falsum):
        return False
    if isinstance(f, Atom):
        return value(f)
    if isinstance(f, Not):
        return not truth(f.arg, value)
    a, b = truth(f.left, value), truth(f.right, value)
    return {"and": a and b, "or": a or b, "implies": (not a) or b, "iff": a == b}[f.op]


def entails(premises: list[Claim], conclusion: Claim) -> bool | None:
    """Whether the premises entail the conclusion in propositional logic (None: too many atoms)."""
    atoms: list[Atom] = []
    for f in (*premises, conclusion):
        atoms_of(f, atoms)
    if len(atoms) > MAX_TRUTH_TABLE_ATOMS:
        return None
    index = {a: i for i, a in enumerate(atoms)}
    for bits in itertools.product((False, True), repeat=len(atoms)):
        value = lambda a: bits[index[a]]  # noqa: E731
        if all(truth(p, value) for p in premises) and not truth(conclusion, value):
            return False
    return True


def names_of(fs) -> list[str]:
    out: list[str] = []
    for f in fs:
        for a in atoms_of(f):
            for n in (a.left, a.right):
                if n not in out:
                    out.append(n)
    return out


# --- the checker ----------------------------------------------------------------------------------
def _rule_axioms(step: Step, cited: list[Claim], order: str) -> list[Formula] | str:
    """The instance of the step's rule that the cited formulas may use, or why there is none."""
    if step.rule is Rule.LOGIC:
        return []
    if step.rule is Rule.DEFINITION:
        if not step.definitions or any(k not in DEFINITION_MATHLIB for k in step.definitions):
            return "names no definition among (1)-(4), (6)"
        todo, axioms, seen = atoms_of(step.statement), [], set()
        for f in cited:
            atoms_of(f, todo)
        while todo:
            a = todo.pop()
            if a in seen or DEFINITION_OF.get(a.relation) not in step.definitions:
                continue
            seen.add(a)
            rhs = definition(a)
            axioms.append(iff(a, rhs))
            atoms_of(rhs, todo)
        return axioms or "uses none of the definitions it names"
    arity = {Rule.REFLEXIVITY: 1, Rule.TRANSITIVITY: 3, Rule.TOTALITY: 2}[step.rule]
    if len(step.instance) != arity:
        return f"needs an instance of {arity} name(s)"
    if step.rule is Rule.REFLEXIVITY:
        (x,) = step.instance
        return [le(x, x)]
    if step.rule is Rule.TRANSITIVITY:
        x, y, z = step.instance
        return [Binary("implies", conj(le(x, y), le(y, z)), le(x, z))]
    if order != "total":
        return "totality holds only in a total preorder"
    x, y = step.instance
    return [disj(le(x, y), le(y, x))]


def valid_everywhere(premises: list[Claim], conclusion: Claim, order: str) -> bool | None:
    """Brute force: in every preorder of the kind, on every way the names can denote elements,
    the premises imply the conclusion (None: more than MAX_BRUTE_FORCE_NAMES names)."""
    names = names_of([*premises, conclusion])
    if len(names) > MAX_BRUTE_FORCE_NAMES:
        return None
    kind = "partial" if order == "partial" else "total" if order == "total" else "preorder"
    for blocks in set_partitions(names):  # which names denote the same element
        home = {n: b for b, block in enumerate(blocks) for n in block}
        for rel in preorders_of_kind(len(blocks), kind):
            def value(a: Atom, rel=rel, home=home) -> bool:
                i, j = home[a.left], home[a.right]
                if a.relation == "eq":
                    return i == j
                if a.relation == "le":
                    return rel.leq(i, j)
                if a.relation == "ge":
                    return rel.leq(j, i)
                case = Comparison.from_leq(rel.leq(i, j), rel.leq(j, i))
                return case is {"sim": Comparison.EQUIVALENT, "lt": Comparison.WORSE, "gt": Comparison.BETTER,
                                "inc": Comparison.INCOMPARABLE}[a.relation]

            if all(truth(p, value) for p in premises) and not truth(conclusion, value):
                return False
    return True


def _scopes(steps: tuple[Step, ...]) -> tuple[list[tuple[int, ...]], list[str]]:
    """Each step's path of open boxes (their first step numbers), and structural problems."""
    stack: list[int] = []
    paths, problems = [], []
    for k, s in enumerate(steps, 1):
        if s.number != k:
            problems.append(f"step {k} is numbered {s.number}")
        if s.rule is Rule.ASSUMPTION:
            if not 1 <= s.depth <= len(stack) + 1:
                problems.append(f"step {k}: an assumption at depth {s.depth} after depth {len(stack)}")
            del stack[max(0, s.depth - 1):]
            stack.append(s.number)
        else:
            if s.depth > len(stack):
                problems.append(f"step {k}: depth {s.depth} but only {len(stack)} box(es) open")
            del stack[s.depth:]
        paths.append(tuple(stack))
    return paths, problems


def check_proof(proof: Proof) -> list[str]:
    """Why the proof is not a proof of its statement (empty when every step checks).

    Records in ``proof.checked`` how many steps were re-checked by rule and by brute force.
    """
    steps = proof.steps
    if not steps:
        return ["the proof has no step"]
    paths, problems = _scopes(steps)
    by_number = {s.number: s for s in steps}
    brute = 0
    for k, s in enumerate(steps):
        if s.rule is Rule.ASSUMPTION:
            continue
        cited: list[Claim] = []
        for c in s.cites:
            if isinstance(c, tuple):
                first, last = c
                ok = (first in by_number and last in by_number and first <= last < s.number
                      and by_number[first].rule is Rule.ASSUMPTION
                      and paths[first - 1][:-1] == paths[k] and paths[first - 1][-1] == first
                      and paths[last - 1][:len(paths[first - 1])] == paths[first - 1]
                      and (last == len(steps) or paths[last][:len(paths[first - 1])] != paths[first - 1]))
                if not ok:
                    problems.append(f"step {s.number} cites {first}–{last}, which is not a closed box in scope")
                    continue
                hyp, end = by_number[first].statement, by_number[last].statement
                cited.append(Not(hyp) if isinstance(end, Falsum) else Binary("implies", hyp, end))
            else:
                if not (c in by_number and c < s.number and paths[c - 1] == paths[k][:len(paths[c - 1])]):
                    problems.append(f"step {s.number} cites {c}, which is not in scope")
                    continue
                cited.append(by_number[c].statement)
        axioms = _rule_axioms(s, cited, proof.order)
        if isinstance(axioms, str):
            problems.append(f"step {s.number} ({s.label}) {axioms}")
            continue
        verdict = entails([*cited, *axioms], s.statement)
        if verdict is not True:
            why = "is too wide to check" if verdict is None else f"does not follow from the cited steps by {s.label}"
            problems.append(f"step {s.number} ({s.label}): {show(s.statement)} {why}")
            continue
        semantic = valid_everywhere(cited, s.statement, proof.order)
        if semantic is False:
            problems.append(f"step {s.number}: {show(s.statement)} fails in some preorder where the cited steps hold")
        brute += semantic is True
    last = steps[-1]
    if last.depth != 0 or paths[-1]:
        problems.append("the last step is inside a box")
    if last.statement != proof.statement.formula:
        problems.append(f"the last step states {show(last.statement)}, not the statement {proof.statement}")
    proof.checked.update({"steps": len(steps), "by_rule": len(steps), "by_brute_force": brute})
    return problems
