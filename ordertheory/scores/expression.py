"""Whitelist parser: score text -> :class:`~ordertheory.scores.score.Score`, never ``eval``.

The text is parsed by Python's ``ast`` module (parsing builds a tree and executes nothing) and the
tree is walked by a whitelist: numbers (read exactly: "0.2" is 1/5), the outcome names of the
space, derived names for two classes, ``+ - * / **``, unary minus, and the functions
``sqrt log exp abs min max probit``. Anything else is rejected with a one-line error naming the
offending token. The domain is collected while walking, before sympy can simplify it away.

>>> from ordertheory.spaces.sample_space import binary
>>> X = parse_score("2*tp/(2*tp+fp+fn)", binary())
>>> X.expr
2*tp/(fn + fp + 2*tp)
>>> parse_score("tp*fp/fp", binary()).conditions[0].expr
fp
>>> parse_score("__import__('os')", binary())
Traceback (most recent call last):
...
ordertheory.errors.ExpressionError: call of '__import__' is not allowed; expected one of abs, exp, log, max, min, probit, sqrt
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from fractions import Fraction

import sympy

from ordertheory.errors import ExpressionError, did_you_mean
from ordertheory.scores.direction import Direction, expectation_direction
from ordertheory.scores.formula import Term
from ordertheory.scores.score import Score, outcome_terms
from ordertheory.spaces.sample_space import SampleSpace
from ordertheory.syntax import (
    DERIVED,
    FUNCTIONS,
    MAX_DIGITS,
    OPERATOR_TOKENS,
    PRINTED,
    call_error,
    operator_hint,
    parse_tree,
)

_FUNCTIONS: dict[str, Callable[..., Term]] = {
    "sqrt": lambda x: x.sqrt(),
    "log": lambda x: x.log(),
    "exp": lambda x: x.exp(),
    "abs": lambda x: x.abs(),
    "probit": lambda x: x.probit(),
    "min": Term.min,
    "max": Term.max,
}
assert set(_FUNCTIONS) == set(FUNCTIONS), "ordertheory.syntax.FUNCTIONS lists the functions a formula may call"
_ARITY = {name: n for name, n in FUNCTIONS.items() if n is not None}
_OPERATOR_TOKENS = OPERATOR_TOKENS
_PRINTED = PRINTED
_BINARY: dict[type, Callable[[Term, Term], Term]] = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b, ast.Pow: lambda a, b: a**b,
}


def derived_terms(space: SampleSpace) -> dict[str, Term]:
    """The names a formula may use besides the outcomes (each with its domain): TPR, PPV, … on the
    binary space, as :data:`ordertheory.syntax.DERIVED` defines them; the space's named events
    elsewhere (``coverage`` on ``selective:k``)."""
    t = outcome_terms(space)
    if not space.is_binary:
        return {name: Term.sum(t[o] for o in event) for name, event in space.named_events().items()}
    return {name: define(t) for name, define in DERIVED.items()}


def derived_names(space: SampleSpace) -> frozenset[str]:
    """The names of :func:`derived_terms` without building their terms (a name test costs nothing
    on a million outcomes).

    >>> from ordertheory.spaces.sample_space import binary, multiclass
    >>> sorted(derived_names(multiclass(2)))
    []
    >>> {"TPR", "PPV"} <= derived_names(binary())
    True
    """
    return frozenset(DERIVED) if space.is_binary else frozenset(space.named_events())


def parse_term(text: str, space: SampleSpace, extra: dict[str, Term] | None = None) -> Term:
    """Parse ``text`` into a :class:`Term` over the space's outcome probabilities."""
    tree = parse_tree(text)
    names = {"pi": Term(sympy.pi)}  # π, as sympy prints it (discriminant power's √3/π)
    names.update(outcome_terms(space))
    names.update(derived_terms(space))
    if extra:
        names.update(extra)
    return _Walker(text, names, space).visit(tree.body)


def parse_score(text: str, space: SampleSpace, name: str = "") -> Score:
    """Parse a score formula written in the outcome names of ``space``; an expectation that is larger
    where the written satisfaction is smaller (an expected cost) is a loss, lower is better
    (:func:`~ordertheory.scores.direction.expectation_direction`).

    >>> from ordertheory.spaces.sample_space import binary
    >>> parse_score("fp + 5*fn", binary()).direction.words, parse_score("-(fp + 5*fn)", binary()).direction.words
    ('lower is better', 'higher is better')
    """
    term = parse_term(text, space)
    syms = [Term.symbol(o).expr for o in space.outcomes]
    direction = expectation_direction(term.expr, syms, space.satisfaction) if not term.conditions else Direction.HIGHER
    return Score.from_term(space, term, name=name or text.strip(), text=text.strip(), direction=direction)


def parse_constraint(text: str, space: SampleSpace) -> tuple[sympy.Expr, str]:
    """Parse a linear constraint like ``tp + fn == 1/5`` into (lhs − rhs, op), op in ==, <=, >=.

    >>> from ordertheory.spaces.sample_space import binary
    >>> parse_constraint("tp + fn == 1/5", binary())
    (fn + tp - 1/5, '==')
    """
    tree = parse_tree(text)
    node = tree.body
    if not isinstance(node, ast.Compare) or len(node.ops) != 1:
        raise ExpressionError(
            f"expected one comparison like 'tp + fn == 1/5' (==, <= or >=) but got {text.strip()!r}"
        )
    ops = {ast.Eq: "==", ast.LtE: "<=", ast.GtE: ">="}
    op = ops.get(type(node.ops[0]))
    if op is None:
        raise ExpressionError(f"expected ==, <= or >= in the constraint but got {text.strip()!r}")
    names = outcome_terms(space)
    walker = _Walker(text, {**names, **(derived_terms(space) if not space.is_binary else {})}, space)
    lhs, rhs = walker.visit(node.left), walker.visit(node.comparators[0])
    syms = [t.expr for t in names.values()]
    linear = not (lhs.conditions or rhs.conditions) and all(
        t.expr.is_polynomial(*syms) and sympy.Poly(t.expr, *syms).total_degree() <= 1 for t in (lhs, rhs))
    diff = sympy.expand(lhs.expr - rhs.expr) if linear else None
    if diff is None or not diff.is_real:
        raise ExpressionError(f"expected a linear constraint in the outcome probabilities but got {text.strip()!r}")
    return diff, op


class _Walker:
    """Turns a whitelisted syntax tree into a :class:`Term`, bottom-up with an explicit stack.

    Iterative, not recursive: a chain of 1 000 binary operators (``tp+1+1+…``, about 2 KB) is a
    tree 1 000 levels deep, past Python's recursion limit, and must be read like any other input.
    Each node is checked (its operator or function whitelisted) before its children are read, so
    the first offending token from the left is the one reported.
    """

    def __init__(self, text: str, names: dict[str, Term], space: SampleSpace) -> None:
        self.text = text.strip()
        self.names = names
        self.space = space

    def visit(self, root: ast.AST) -> Term:
        stack: list[tuple[ast.AST, list[ast.AST] | None]] = [(root, None)]
        values: list[Term] = []
        while stack:
            node, children = stack.pop()
            if children is None:  # first visit: check the node, then read its children left to right
                children = self._children(node)
                stack.append((node, children))
                stack.extend((c, None) for c in reversed(children))
                continue
            n = len(children)
            args = values[len(values) - n:] if n else []
            del values[len(values) - n:]
            values.append(self._combine(node, args))
        return values[0]

    def _children(self, node: ast.AST) -> list[ast.AST]:
        """The sub-expressions to read first; raises for anything outside the whitelist."""
        if isinstance(node, ast.Constant | ast.Name):
            return []
        if isinstance(node, ast.UnaryOp):
            if not isinstance(node.op, ast.USub | ast.UAdd):
                raise ExpressionError(f"{self._token(node)} is not allowed in a score expression")
            return [node.operand]
        if isinstance(node, ast.BinOp):
            if type(node.op) not in _BINARY:
                raise ExpressionError(f"{self._token(node)} is not allowed in a score expression")
            return [node.left, node.right]
        if isinstance(node, ast.Call):
            self._check_call(node)
            return list(node.args)
        raise ExpressionError(f"{self._token(node)} is not allowed in a score expression")

    def _combine(self, node: ast.AST, args: list[Term]) -> Term:
        if isinstance(node, ast.Constant):
            return self._constant(node)
        if isinstance(node, ast.Name):
            return self._name(node)
        if isinstance(node, ast.UnaryOp):
            return -args[0] if isinstance(node.op, ast.USub) else args[0]
        if isinstance(node, ast.BinOp):
            return _BINARY[type(node.op)](*args)
        return self._call(node, args)

    def _token(self, node: ast.AST) -> str:
        if isinstance(node, ast.BinOp | ast.UnaryOp) and type(node.op) in _OPERATOR_TOKENS:
            return f"operator {_OPERATOR_TOKENS[type(node.op)]!r}" + operator_hint(node.op)
        seg = ast.get_source_segment(self.text, node)
        kind = type(node).__name__.lower()
        if seg:
            seg = seg if len(seg) <= 40 else seg[:37] + "..."
            return f"{kind} {seg!r}"
        return kind

    def _constant(self, node: ast.Constant) -> Term:
        v = node.value
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise ExpressionError(f"{self._token(node)} is not allowed: only real numbers and names")
        seg = ast.get_source_segment(self.text, node) or repr(v)
        digits = sum(c.isdigit() for c in seg)
        if digits > MAX_DIGITS or "e" in seg.lower() and abs(int(seg.lower().split("e")[1] or 0)) > MAX_DIGITS:
            raise ExpressionError(f"number {seg!r} has too many digits (at most {MAX_DIGITS})")
        try:
            f = Fraction(seg.replace("_", ""))
        except ValueError:
            raise ExpressionError(f"cannot read the number {seg!r} exactly") from None
        return Term(sympy.Rational(f.numerator, f.denominator))

    def _name(self, node: ast.Name) -> Term:
        if node.id in self.names:
            return self.names[node.id]
        if node.id in _FUNCTIONS:
            raise ExpressionError(f"function {node.id!r} must be called, e.g. {node.id}(tp)")
        derived = [n for n in sorted(self.names) if n not in self.space.outcomes]
        msg = f"unknown name {node.id!r} in the score; expected an outcome ({', '.join(self.space.outcomes[:8])}"
        msg += ", ...)" if len(self.space) > 8 else ")"
        if derived:
            msg += f", a derived name ({', '.join(derived[:11])}, ...)"
        msg += f" or a function ({', '.join(sorted(_FUNCTIONS))})"
        raise ExpressionError(msg + did_you_mean(node.id, [*self.names, *_FUNCTIONS], "; did you mean {}?"))

    def _check_call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in _PRINTED:
            node.func.id = _PRINTED[node.func.id]
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
            name = node.func.id if isinstance(node.func, ast.Name) else (
                ast.get_source_segment(self.text, node.func) or type(node.func).__name__)
            raise call_error(name)
        fname = node.func.id
        if node.keywords:
            raise ExpressionError(f"keyword arguments are not allowed in {fname}(...)")
        if any(isinstance(a, ast.Starred) for a in node.args):
            raise ExpressionError(f"starred arguments are not allowed in {fname}(...)")

    def _call(self, node: ast.Call, args: list[Term]) -> Term:
        fname = node.func.id  # type: ignore[attr-defined]  # checked by _check_call
        want = _ARITY.get(fname)
        if want is not None and len(args) != want:
            raise ExpressionError(f"{fname} takes {want} argument but got {len(args)}")
        if want is None and len(args) < 2:
            raise ExpressionError(f"{fname} takes at least 2 arguments but got {len(args)}")
        return _FUNCTIONS[fname](*args)
