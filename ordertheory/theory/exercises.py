"""Exercises on order statements: pose one, take the student's answer, judge it exactly.

An exercise asks whether a statement about ≲ ∼ < > ⋈ holds for every order of a kind. The
student answers *valid* or *not valid*; "not valid" comes with a counter-model, written as the
pairs that are related (``a <= b; b <= c``, reflexive pairs implied) and the names that denote one
element (``a = c``). The answer key is decided by brute force over every preorder on the
statement's names (exact, no solver: at most 4 names), and a student's counter-model is checked
the same way as the package's own (:meth:`ordertheory.theory.countermodel.CounterModel.problems`),
with an explanation of what is wrong: which pair breaks transitivity, or which atoms make the
statement true in it.

Statements are generated from a seed (:func:`order_exercise`), so a set handed out to a class
is the same every time.

>>> ex = order_exercise(seed=3, difficulty=Difficulty.MEDIUM)
>>> ex.statement
'a >= b and b > c -> a > c'
>>> judge_order(ex, valid=True).correct
True
>>> ex = order_exercise(seed=2, difficulty=Difficulty.MEDIUM)
>>> ex.statement
'a <= b and b > c -> a > c'
>>> judge_order(ex, valid=False, countermodel="a <= b; a = c").explanation[0]
'right: the statement is not valid, and your counter-model is one'
>>> judge_order(ex, valid=False, countermodel="a <= b; b <= c").explanation[1]
'≲ is not transitive: a ≲ b and b ≲ c but not a ≲ c'
"""

from __future__ import annotations

import enum
import itertools
import random
import re
from dataclasses import dataclass, field

from ordertheory.errors import InvalidInput
from ordertheory.theory.countermodel import CounterModel, Order
from ordertheory.theory.preorders.listing import preorders_of_kind, set_partitions
from ordertheory.theory.readable.proof_rules import valid_everywhere
from ordertheory.theory.statement_syntax import ASCII_SYMBOLS, OrderStatement, parse_statement

MAX_ANSWER_LENGTH = 400


class Difficulty(enum.Enum):
    """How hard an exercise is: two names, three names, or three names with ∨ / ¬ and other order kinds."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    @classmethod
    def parse(cls, text: str | Difficulty) -> Difficulty:
        if isinstance(text, Difficulty):
            return text
        try:
            return cls(str(text).strip().lower())
        except ValueError:
            raise InvalidInput(f"unknown difficulty {text!r}; expected easy, medium or hard") from None


class Family(enum.Enum):
    """The kinds of exercise: a statement about an order, or "is this score fit for ranking on Π?"."""

    ORDER = "order"
    SCORE = "score"


@dataclass(frozen=True)
class OrderExercise:
    """Does ``statement`` hold for every order of the kind ``order``?"""

    seed: int
    difficulty: Difficulty
    statement: str
    order: Order = Order.PREORDER
    family: Family = field(default=Family.ORDER, init=False)

    @property
    def parsed(self) -> OrderStatement:
        return parse_statement(self.statement)

    @property
    def question(self) -> str:
        return (f"Is {self.parsed} true for every {self.order.description} and every choice of "
                f"{', '.join(self.parsed.names)}? Answer valid, or not valid with a counter-model "
                "(e.g. 'a <= b; b <= c; a = d', or 'none').")

    def to_json(self) -> dict:
        return {"family": self.family.value, "difficulty": self.difficulty.value, "seed": self.seed,
                "statement": self.statement, "parsed": str(self.parsed), "order": self.order.value,
                "question": self.question}


@dataclass(frozen=True)
class Judgement:
    """The verdict on a student's answer: right or wrong, why, and the answer key."""

    correct: bool
    valid: bool | None  # the truth, None when the package could not decide it
    explanation: tuple[str, ...]
    solution: dict

    def to_json(self) -> dict:
        return {"correct": self.correct, "valid": self.valid, "explanation": list(self.explanation),
                "solution": self.solution}


# --- generating statements --------------------------------------------------------------------------
_RELATIONS = ("le", "ge", "sim", "lt", "gt", "inc")


def _atom(rng: random.Random, x: str, y: str) -> str:
    return f"{x} {ASCII_SYMBOLS[rng.choice(_RELATIONS)]} {y}"


def _candidate(rng: random.Random, difficulty: Difficulty) -> tuple[str, Order]:
    if difficulty is Difficulty.EASY:
        shape = rng.randrange(3)
        a1, a2 = _atom(rng, "a", "b"), _atom(rng, *rng.choice((("a", "b"), ("b", "a"))))
        text = {0: f"{a1} -> {a2}", 1: f"not ({a1} and {a2})", 2: f"{a1} or {a2}"}[shape]
        return text, Order.PREORDER
    if difficulty is Difficulty.MEDIUM:
        return f"{_atom(rng, 'a', 'b')} and {_atom(rng, 'b', 'c')} -> {_atom(rng, 'a', 'c')}", Order.PREORDER
    shape = rng.randrange(3)
    order = rng.choice((Order.PREORDER, Order.PARTIAL, Order.TOTAL))
    if shape == 0:
        first, second = rng.sample(_RELATIONS, 2)
        text = (f"{_atom(rng, 'a', 'b')} and {_atom(rng, 'b', 'c')} -> "
                f"a {ASCII_SYMBOLS[first]} c or a {ASCII_SYMBOLS[second]} c")
    elif shape == 1:
        text = f"not {_atom(rng, 'a', 'b')} and not {_atom(rng, 'b', 'c')} -> not {_atom(rng, 'a', 'c')}"
    else:
        text = f"({_atom(rng, 'a', 'b')} or {_atom(rng, 'a', 'c')}) and {_atom(rng, 'b', 'c')} -> {_atom(rng, 'a', 'c')}"
    return text, order


def is_valid(statement: OrderStatement, order: Order) -> bool:
    """Brute force: the statement holds in every order of the kind on its names (at most 4 names)."""
    verdict = valid_everywhere([], statement.formula, order.value)
    if verdict is None:
        raise InvalidInput(f"an exercise may name at most 4 elements but {statement} names {len(statement.names)}")
    return verdict


def order_exercise(seed: int, difficulty: Difficulty | str = Difficulty.MEDIUM) -> OrderExercise:
    """The exercise of this seed and difficulty: valid and not valid statements half the time each."""
    rng = random.Random(f"order-{seed}-{Difficulty.parse(difficulty).value}")
    want_valid = rng.random() < 0.5
    for _ in range(200):
        text, order = _candidate(rng, Difficulty.parse(difficulty))
        if is_valid(parse_statement(text), order) == want_valid:
            return OrderExercise(seed, Difficulty.parse(difficulty), text, order)
    return OrderExercise(seed, Difficulty.parse(difficulty), text, order)


def smallest_countermodel(statement: OrderStatement, order: Order) -> CounterModel | None:
    """A counter-model with as few elements as possible, by brute force (None when valid)."""
    names = list(statement.names)
    for blocks in sorted(set_partitions(names), key=len):
        denotes = {n: b for b, block in enumerate(blocks) for n in block}
        for rel in preorders_of_kind(len(blocks), order.value):
            model = CounterModel(order, statement, denotes, rel.le)
            if not model.statement_holds():
                return model
    return None


# --- reading and judging answers ---------------------------------------------------------------------
_ITEM = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*(<=|≲|≤|=)\s*([A-Za-z][A-Za-z0-9_]*)\s*$")


def parse_countermodel(text: str, statement: OrderStatement, order: Order) -> CounterModel:
    """A student's counter-model: related pairs ``x <= y`` and equal names ``x = y``, separated by ; or ,.

    Reflexive pairs are implied; nothing else is (transitivity is the student's to state); ``none``
    is the model where the names denote distinct, pairwise incomparable elements."""
    if not isinstance(text, str) or len(text) > MAX_ANSWER_LENGTH:
        raise InvalidInput(f"expected a counter-model of at most {MAX_ANSWER_LENGTH} characters")
    pairs, same = [], []
    items = [] if text.strip().lower() == "none" else [i for i in re.split(r"[;,]", text) if i.strip()]
    for k, item in enumerate(items):
        m = _ITEM.match(item)
        if m is None:
            raise InvalidInput(f"cannot read {item.strip()!r} (item {k + 1} of the counter-model); "
                               "expected 'x <= y' or 'x = y'")
        for name in (m.group(1), m.group(3)):
            if name not in statement.names:
                raise InvalidInput(f"{name!r} in the counter-model is not a name of the statement "
                                   f"({', '.join(statement.names)})")
        (same if m.group(2) == "=" else pairs).append((m.group(1), m.group(3)))
    parent = {n: n for n in statement.names}

    def root(n: str) -> str:
        while parent[n] != n:
            n = parent[n]
        return n

    for x, y in same:
        parent[root(y)] = root(x)
    roots = list(dict.fromkeys(root(n) for n in statement.names))
    denotes = {n: roots.index(root(n)) for n in statement.names}
    le = {(i, i) for i in range(len(roots))} | {(denotes[x], denotes[y]) for x, y in pairs}
    return CounterModel(order, statement, denotes, frozenset(le))


def _what_is_wrong(model: CounterModel) -> list[str]:
    labels = model.elements
    n = model.size
    out = []
    for i, j, k in itertools.product(range(n), repeat=3):
        if model.leq(i, j) and model.leq(j, k) and not model.leq(i, k):
            out.append(f"≲ is not transitive: {labels[i]} ≲ {labels[j]} and {labels[j]} ≲ {labels[k]} "
                       f"but not {labels[i]} ≲ {labels[k]}")
            break
    if model.order is Order.PARTIAL:
        out += [f"≲ is not antisymmetric: {labels[i]} ≲ {labels[j]} and back, yet they are different elements"
                for i, j in itertools.combinations(range(n), 2) if model.leq(i, j) and model.leq(j, i)][:1]
    if model.order is Order.TOTAL:
        out += [f"≲ is not total: neither {labels[i]} ≲ {labels[j]} nor {labels[j]} ≲ {labels[i]}"
                for i, j in itertools.combinations(range(n), 2) if not model.leq(i, j) and not model.leq(j, i)][:1]
    if not out and model.statement_holds():
        values = ", ".join(f"{a} is {'true' if v else 'false'}" for a, v in model.atom_values().items())
        out.append(f"the statement holds in your model ({values})")
    return out


def judge_order(ex: OrderExercise, valid: bool, countermodel: str | None = None) -> Judgement:
    """Judge an answer exactly: the truth by brute force, a counter-model by evaluating it."""
    s = ex.parsed
    truth = is_valid(s, ex.order)
    key = smallest_countermodel(s, ex.order) if not truth else None
    solution = {"valid": truth, "countermodel": key.to_json() if key else None,
                "countermodel_text": countermodel_text(key) if key else None}
    if valid and truth:
        return Judgement(True, truth, ("right: the statement holds in every " + ex.order.description,), solution)
    if valid and not truth:
        return Judgement(False, truth, ("wrong: the statement is not valid; a counter-model: " + str(key),), solution)
    if truth:
        return Judgement(False, truth, ("wrong: the statement is valid (no counter-model exists; "
                                        "`ordertheory prove` shows a proof)",), solution)
    if not countermodel:
        return Judgement(False, truth, ("half right: the statement is not valid, but a 'not valid' answer "
                                        "needs a counter-model",), solution)
    model = parse_countermodel(countermodel, s, ex.order)
    problems = _what_is_wrong(model) or model.problems()
    if problems:
        return Judgement(False, truth, ("wrong: the statement is not valid, but yours is not a counter-model",
                                        *problems), solution)
    return Judgement(True, truth, ("right: the statement is not valid, and your counter-model is one",
                                   str(model)), solution)


def countermodel_text(model: CounterModel) -> str:
    """A counter-model in the answer syntax (what a student would type)."""
    names = list(model.denotes)
    first = {i: next(n for n in names if model.denotes[n] == i) for i in range(model.size)}
    same = [f"{first[model.denotes[n]]} = {n}" for n in names if first[model.denotes[n]] != n]
    pairs = [f"{first[i]} <= {first[j]}" for i, j in sorted(model.le) if i != j]
    return "; ".join(pairs + same) or "none"
