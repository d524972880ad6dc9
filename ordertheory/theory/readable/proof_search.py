"""Find a readable proof of an order statement: a short chain of named steps a student can follow.

The search works like a student with the paper open: assume the hypotheses, unfold each derived
relation by its definition (eqs. (1)–(4), (6)) into facts about ≲, chain them by transitivity
(forwards: x ≲ y, y ≲ z give x ≲ z; backwards: x ≲ y and x ≴ z give y ≴ z), and close the goal by
its definition as soon as the facts decide it; a hypothesis that is a disjunction is split into
cases, and a goal the facts do not decide is proved by contradiction. Only the facts a step
actually uses are written, so the chains stay short.

The search is not trusted: :func:`readable_proof` returns a proof only after
:func:`ordertheory.theory.readable.proof_rules.check_proof` has re-checked every step (an instance of its
rule, and true in every preorder on its names). Where no short chain is found — a statement with
``=``, one wider than the limits, or a search that gives up — it returns ``None`` with the reason,
and the verdict stays the solver's proof.

>>> r = readable_proof("a < b and b <= c -> a < c")
>>> print("\\n".join(r.proof.lines()))
  1  ┌ a < b ∧ b ≲ c         assumption
  2  │ a ≲ b                 definition (3), from 1
  3  │ b ≴ a                 definition (3), from 1
  4  │ b ≲ c                 logic, from 1 (∧ elimination)
  5  │ a ≲ c                 transitivity, from 2, 4
  6  │ c ≴ a                 transitivity (contrapositive), from 4, 3
  7  │ a < c                 definition (3), from 5, 6
  8  a < b ∧ b ≲ c ⇒ a < c   logic, from 1–7 (⇒ introduction)
>>> readable_proof("a = b -> b = a").reason
'no readable proof for statements with = (the solver proof stands)'
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ordertheory.theory.countermodel import Order
from ordertheory.theory.readable.proof_facts import (
    DEFS,
    FACTS,
    NoProof,
    closure,
    flatten,
    is_literal,
    literal,
    negate,
    unfold,
)
from ordertheory.theory.readable.proof_rules import (
    FALSUM,
    Claim,
    Proof,
    Rule,
    Step,
    atoms_of,
    check_proof,
    disj,
    entails,
    le,
)
from ordertheory.theory.statement_syntax import Atom, Binary, Not, OrderStatement, parse_statement

MAX_STEPS = 60
MAX_NAMES = 6
SEARCH_SECONDS = 2.0

# a derived atom, as the ≲-facts it gives (when true) and the cases it leaves (when false)
@dataclass(frozen=True)
class ReadableProof:
    """What :func:`readable_proof` found: a checked proof, or None and the reason."""

    proof: Proof | None
    reason: str | None = None

    def to_json(self) -> list[dict] | None:
        return self.proof.to_json() if self.proof else None


class _Search:
    def __init__(self, statement: OrderStatement, order: Order, deadline: float) -> None:
        self.statement, self.order, self.deadline = statement, order, deadline
        self.steps: list[Step] = []
        self.depth = 0
        self.frames: list[dict] = [{}]  # per open box: formula -> step number
        self.pending: list[list] = [[]]  # per open box: (disjuncts, step number)
        self.used: list[set] = [set()]  # per open box: the step numbers of disjunctions already split

    # --- writing steps ---------------------------------------------------------------------------
    def add(self, formula: Claim, rule: Rule, cites=(), definitions=(), instance=(), note: str = "") -> int:
        if len(self.steps) >= MAX_STEPS:
            raise NoProof(f"no chain of at most {MAX_STEPS} steps found (the solver proof stands)")
        if time.monotonic() > self.deadline:
            raise NoProof("the search for a readable proof ran out of time (the solver proof stands)")
        n = len(self.steps) + 1
        self.steps.append(Step(n, self.depth, formula, rule, tuple(cites), tuple(sorted(set(definitions))),
                               tuple(instance), note))
        self.frames[-1].setdefault(formula, n)
        return n

    def lookup(self, formula) -> int | None:
        return next((f[formula] for f in reversed(self.frames) if formula in f), None)

    def open_box(self, hypothesis) -> int:
        self.depth += 1
        self.frames.append({})
        self.pending.append([])
        self.used.append(set())
        return self.add(hypothesis, Rule.ASSUMPTION)

    def close_box(self, first: int, goal: Claim, line: int) -> tuple[int, int]:
        if line != len(self.steps) or self.steps[-1].statement != goal:
            self.add(goal, Rule.LOGIC, (line,), note="repeated")
        last = len(self.steps)
        self.depth -= 1
        self.frames.pop()
        self.pending.pop()
        self.used.pop()
        return first, last

    # --- what the facts in scope say about ≲ ---------------------------------------------------------
    def _closure(self):
        return closure(self.frames, self.statement.names)

    def _emit(self, pair, positive: bool, pos, neg) -> int:
        x, y = pair
        formula = literal(x, y, positive)
        found = self.lookup(formula)
        if found is not None:
            return found
        how = (pos if positive else neg)[pair]
        if how[0] == "line":
            return how[1]
        if how[0] == "refl":
            return self.add(formula, Rule.REFLEXIVITY, instance=(x,))
        if how[0] == "trans":
            _, p, q = how
            a, b = self._emit(p, True, pos, neg), self._emit(q, True, pos, neg)
            return self.add(formula, Rule.TRANSITIVITY, (a, b), instance=(p[0], p[1], q[1]))
        kind, p, q = how
        a, b = self._emit(p, True, pos, neg), self._emit(q, False, pos, neg)
        instance = (p[0], p[1], q[1]) if kind == "up" else (q[0], p[0], p[1])
        return self.add(formula, Rule.TRANSITIVITY, (a, b), instance=instance, note="contrapositive")

    def _known(self, atoms, pos, neg) -> dict:
        out = {}
        for a in atoms:
            if isinstance(a, Atom) and a.relation == "le":
                pair = (a.left, a.right)
                if pair in pos:
                    out[a] = True
                elif pair in neg:
                    out[a] = False
        return out

    def conflict(self) -> int | None:
        pos, neg = self._closure()
        both = sorted(set(pos) & set(neg), key=lambda p: (len(str(pos[p])) + len(str(neg[p])), p))
        if not both:
            return None
        a, b = self._emit(both[0], True, pos, neg), self._emit(both[0], False, pos, neg)
        return self.add(FALSUM, Rule.LOGIC, (a, b), note="contradiction")

    def entailed(self, goal) -> bool:
        """Whether the facts in scope decide the goal true (nothing written)."""
        if self.lookup(goal) is not None:
            return True
        unfolded = unfold(goal, set())
        pos, neg = self._closure()
        known = self._known(atoms_of(unfolded), pos, neg)
        return entails([literal(a.left, a.right, v) for a, v in known.items()], unfolded) is True

    def establish(self, goal) -> int | None:
        """The goal written as one step from the ≲-facts it needs, when they decide it."""
        found = self.lookup(goal)
        if found is not None:
            return found
        if goal is FALSUM:
            return self.conflict()
        defs: set[int] = set()
        unfolded = unfold(goal, defs)
        pos, neg = self._closure()
        known = self._known(atoms_of(unfolded), pos, neg)
        lits = lambda k: [literal(a.left, a.right, v) for a, v in k.items()]  # noqa: E731
        if entails(lits(known), unfolded) is not True:
            return None
        for a in list(known):  # keep only the facts the step needs
            trial = {b: v for b, v in known.items() if b != a}
            if entails(lits(trial), unfolded) is True:
                known = trial
        cites = [self._emit((a.left, a.right), v, pos, neg) for a, v in known.items()]
        found = self.lookup(goal)
        if found is not None:
            return found
        rule = Rule.DEFINITION if defs else Rule.LOGIC
        return self.add(goal, rule, cites, definitions=_all_defs(goal))

    # --- taking a hypothesis apart ---------------------------------------------------------------
    def absorb(self, f, line: int) -> None:
        if is_literal(f) or f is FALSUM:
            return
        if isinstance(f, Atom) and f.relation in FACTS:
            for i, j, positive in FACTS[f.relation]:
                xy = (f.left, f.right)
                self.add(literal(xy[i], xy[j], positive), Rule.DEFINITION, (line,), definitions=DEFS[f.relation])
            return
        if isinstance(f, Atom):  # =
            raise NoProof("no readable proof for statements with = (the solver proof stands)")
        if isinstance(f, Not) and isinstance(f.arg, Atom):
            a = f.arg
            if a.relation == "eq":
                raise NoProof("no readable proof for statements with = (the solver proof stands)")
            x, y = a.left, a.right
            if a.relation == "ge":  # ¬(x ≳ y) ⇔ y ≴ x
                self.add(Not(le(y, x)), Rule.DEFINITION, (line,), definitions=DEFS["ge"])
                return
            facts = FACTS[a.relation]
            cases = [literal((x, y)[i], (x, y)[j], not positive) for i, j, positive in facts]
            n = self.add(disj(*cases), Rule.DEFINITION, (line,), definitions=DEFS[a.relation])
            self.pending[-1].append((tuple(cases), n))
            return
        if isinstance(f, Binary) and f.op == "and":
            for c in flatten(f, "and"):
                if isinstance(c, Atom) and c.relation in FACTS:
                    self.absorb_through(c, line)
                else:
                    n = self.lookup(c) or self.add(c, Rule.LOGIC, (line,), note="∧ elimination")
                    self.absorb(c, n)
            return
        if isinstance(f, Binary) and f.op == "or":
            self.pending[-1].append((tuple(flatten(f, "or")), line))
            return
        if isinstance(f, Binary) and f.op == "implies":
            self.pending[-1].append(((negate(f.left), f.right), line))
            return
        if isinstance(f, Binary):  # iff
            self.pending[-1].append(((Binary("and", f.left, f.right), Binary("and", negate(f.left), negate(f.right))),
                                     line))
            return
        g = f.arg  # a negated compound
        if isinstance(g, Not):
            n = self.add(g.arg, Rule.LOGIC, (line,), note="double negation")
            self.absorb(g.arg, n)
        elif g.op == "or":
            for d in flatten(g, "or"):
                n = self.add(negate(d), Rule.LOGIC, (line,), note="¬ of ∨")
                self.absorb(negate(d), n)
        elif g.op == "implies":
            for part in (g.left, negate(g.right)):
                n = self.add(part, Rule.LOGIC, (line,), note="¬ of ⇒")
                self.absorb(part, n)
        elif g.op == "and":
            self.pending[-1].append((tuple(negate(c) for c in flatten(g, "and")), line))
        else:  # ¬(A ⇔ B)
            self.pending[-1].append(((Binary("and", g.left, negate(g.right)), Binary("and", negate(g.left), g.right)),
                                     line))

    def absorb_through(self, atom: Atom, line: int) -> None:
        """A derived atom inside a conjunction: its ≲-facts straight from the conjunction's step."""
        for i, j, positive in FACTS[atom.relation]:
            xy = (atom.left, atom.right)
            lit = literal(xy[i], xy[j], positive)
            if self.lookup(lit) is None:
                self.add(lit, Rule.DEFINITION, (line,), definitions=DEFS[atom.relation])

    # --- cases and goals ---------------------------------------------------------------------------
    def pick(self):
        used = set().union(*self.used)
        best = None
        for frame in self.pending:
            for cases, line in frame:
                if line in used or any(self.entailed(c) for c in cases):
                    continue
                if best is None or len(cases) < len(best[0]):
                    best = (cases, line)
        return best

    def split(self, chosen, goal: Claim) -> int:
        cases, line = chosen
        self.used[-1].add(line)
        live, excluded = [], []
        for c in cases:
            n = self.establish(negate(c))
            (live.append(c) if n is None else excluded.append(n))
        if not live:
            bottom = self.add(FALSUM, Rule.LOGIC, (line, *excluded), note="every case is excluded")
            return bottom if goal is FALSUM else self.add(goal, Rule.LOGIC, (bottom,), note="from ⊥")
        if len(live) == 1:
            n = self.add(live[0], Rule.LOGIC, (line, *excluded), note="the other case is excluded")
            self.absorb(live[0], n)
            return self.refute() if goal is FALSUM else self.prove(goal)
        boxes = []
        for c in live:
            h = self.open_box(c)
            self.absorb(c, h)
            r = self.refute() if goal is FALSUM else self.prove(goal)
            boxes.append(self.close_box(h, goal, r))
        return self.add(goal, Rule.LOGIC, (line, *excluded, *boxes), note="cases")

    def refute(self) -> int:
        found = self.conflict()
        if found is not None:
            return found
        chosen = self.pick()
        if chosen is not None:
            return self.split(chosen, FALSUM)
        if self.order is Order.TOTAL:
            pos, neg = self._closure()
            names = self.statement.names
            open_pairs = [(x, y) for i, x in enumerate(names) for y in names[i + 1:]
                          if not {(x, y), (y, x)} & set(pos) and self.lookup(disj(le(x, y), le(y, x))) is None]
            if open_pairs:
                x, y = open_pairs[0]
                n = self.add(disj(le(x, y), le(y, x)), Rule.TOTALITY, instance=(x, y))
                self.pending[-1].append(((le(x, y), le(y, x)), n))
                return self.refute()
        raise NoProof("the facts found give no contradiction (the solver proof stands)")

    def by_contradiction(self, goal) -> int:
        h = self.open_box(negate(goal))
        self.absorb(negate(goal), h)
        box = self.close_box(h, FALSUM, self.refute())
        return self.add(goal, Rule.LOGIC, (box,), note="¬ introduction" if isinstance(goal, Not) else "by contradiction")

    def prove(self, goal) -> int:
        found = self.establish(goal)
        if found is not None:
            return found
        if isinstance(goal, Binary) and goal.op == "implies":
            h = self.open_box(goal.left)
            self.absorb(goal.left, h)
            box = self.close_box(h, goal.right, self.prove(goal.right))
            return self.add(goal, Rule.LOGIC, (box,), note="⇒ introduction")
        if isinstance(goal, Binary) and goal.op in ("iff", "and"):
            parts = ((Binary("implies", goal.left, goal.right), Binary("implies", goal.right, goal.left))
                     if goal.op == "iff" else (goal.left, goal.right))
            lines = [self.prove(p) for p in parts]
            return self.add(goal, Rule.LOGIC, lines, note="⇔ introduction" if goal.op == "iff" else "∧ introduction")
        if isinstance(goal, Not):
            return self.by_contradiction(goal)
        chosen = self.pick()
        if chosen is not None:
            return self.split(chosen, goal)
        return self.by_contradiction(goal)


def _all_defs(goal) -> set[int]:
    defs: set[int] = set()
    todo = atoms_of(goal)
    while todo:
        a = todo.pop()
        if a.relation in DEFS:
            defs.update(DEFS[a.relation])
    return defs


def readable_proof(statement: str | OrderStatement, order: str | Order = Order.PREORDER,
                   seconds: float = SEARCH_SECONDS) -> ReadableProof:
    """A checked readable proof of a statement for every order of the kind, or the reason there is none.

    The statement need not be valid: for a false one the search fails (no contradiction) and the
    reason says so; the solver's verdict is what decides.
    """
    s = statement if isinstance(statement, OrderStatement) else parse_statement(statement)
    kind = Order.parse(order)
    if len(s.names) > MAX_NAMES:
        return ReadableProof(None, f"no readable proof for more than {MAX_NAMES} names (the solver proof stands)")
    search = _Search(s, kind, time.monotonic() + seconds)
    try:
        last = search.prove(s.formula)
        if last != len(search.steps) or search.steps[-1].depth != 0:
            search.add(s.formula, Rule.LOGIC, (last,), note="repeated")
    except NoProof as exc:
        return ReadableProof(None, str(exc))
    except RecursionError:
        return ReadableProof(None, "the statement is nested too deeply for a readable proof (the solver proof stands)")
    proof = Proof(s, kind.value, tuple(search.steps))
    problems = check_proof(proof)
    if problems:  # never shown: a search bug must not become a proof
        return ReadableProof(None, "the proof found failed its check (" + "; ".join(problems[:2]) + ")")
    return ReadableProof(proof)
