"""Whitelist parser: score text -> :class:`~ordertheory.scores.Score`, never ``eval``.

The text is parsed by Python's ``ast`` module (parsing builds a tree and executes nothing) and the
tree is walked by a whitelist: numbers (read exactly: "0.2" is 1/5), the outcome names of the
space, derived names for two classes, ``+ - * / **``, unary minus, and the functions
``sqrt log exp abs min max probit``. Anything else is rejected with a one-line error naming the
offending token. The domain is collected while walking, before sympy can simplify it away.

>>> from ordertheory.sample_space import binary
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
import warnings
from collections.abc import Callable
from fractions import Fraction

import sympy

from ordertheory.errors import ExpressionError
from ordertheory.formula import Term
from ordertheory.sample_space import SampleSpace
from ordertheory.scores import Score, outcome_terms

MAX_LENGTH = 10_000
MAX_DEPTH = 60
MAX_DIGITS = 40
MAX_NODES = 10_000

_FUNCTIONS: dict[str, Callable[..., Term]] = {
    "sqrt": lambda x: x.sqrt(),
    "log": lambda x: x.log(),
    "exp": lambda x: x.exp(),
    "abs": lambda x: x.abs(),
    "probit": lambda x: x.probit(),
    "min": Term.min,
    "max": Term.max,
    # sympy's printed names, so that a printed formula reads back (Abs(...), Max(...), Min(...))
    "Abs": lambda x: x.abs(),
    "Min": Term.min,
    "Max": Term.max,
}
_LISTED = sorted(k for k in _FUNCTIONS if k.islower())  # the names error messages offer
_ARITY = {"sqrt": 1, "log": 1, "exp": 1, "abs": 1, "Abs": 1, "probit": 1}
#: sympy prints abs, min, max as Abs, Min, Max: a printed formula parses back to the same score
_PRINTED = {"Abs": "abs", "Min": "min", "Max": "max"}
_BINARY: dict[type, Callable[[Term, Term], Term]] = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b, ast.Pow: lambda a, b: a**b,
}

_OPERATOR_TOKENS = {
    ast.Mod: "%", ast.FloorDiv: "//", ast.BitXor: "^ (use ** for powers)", ast.BitAnd: "&",
    ast.BitOr: "|", ast.LShift: "<<", ast.RShift: ">>", ast.MatMult: "@", ast.Invert: "~",
    ast.Not: "not",
}


def derived_terms(space: SampleSpace) -> dict[str, Term]:
    """The names a formula may use besides the outcomes (each with its domain): TPR, PPV, … on the
    binary space, the space's named events elsewhere (``coverage`` on ``selective:k``)."""
    t = outcome_terms(space)
    if not space.is_binary:
        return {name: Term.sum(t[o] for o in event) for name, event in space.named_events().items()}
    tn, fp, fn, tp = t["tn"], t["fp"], t["fn"], t["tp"]
    return {
        "TPR": tp / (tp + fn),
        "TNR": tn / (tn + fp),
        "FPR": fp / (fp + tn),
        "FNR": fn / (fn + tp),
        "PPV": tp / (tp + fp),
        "NPV": tn / (tn + fn),
        "FDR": fp / (fp + tp),
        "FOR": fn / (fn + tn),
        "ACC": tn + tp,
        "prior_pos": fn + tp,
        "prior_neg": tn + fp,
        "pred_pos": fp + tp,
        "pred_neg": tn + fn,
    }


def parse_term(text: str, space: SampleSpace, extra: dict[str, Term] | None = None) -> Term:
    """Parse ``text`` into a :class:`Term` over the space's outcome probabilities."""
    tree = _parse_tree(text)
    names = {"pi": Term(sympy.pi)}  # π, as sympy prints it (discriminant power's √3/π)
    names.update(outcome_terms(space))
    names.update(derived_terms(space))
    if extra:
        names.update(extra)
    return _Walker(text, names, space).visit(tree.body)


def parse_score(text: str, space: SampleSpace, name: str = "") -> Score:
    """Parse a score formula written in the outcome names of ``space``."""
    term = parse_term(text, space)
    return Score.from_term(space, term, name=name or text.strip(), text=text.strip())


def parse_constraint(text: str, space: SampleSpace) -> tuple[sympy.Expr, str]:
    """Parse a linear constraint like ``tp + fn == 1/5`` into (lhs − rhs, op), op in ==, <=, >=.

    >>> from ordertheory.sample_space import binary
    >>> parse_constraint("tp + fn == 1/5", binary())
    (fn + tp - 1/5, '==')
    """
    tree = _parse_tree(text)
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


def _parse_tree(text: str) -> ast.Expression:
    if not isinstance(text, str):
        raise ExpressionError(f"expected the score as text but got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"expression too long: {len(text)} characters (at most {MAX_LENGTH})")
    if not text.strip():
        raise ExpressionError("expected a formula but got an empty expression")
    depth = 0
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if depth > MAX_DEPTH:
            raise ExpressionError(f"expression nested too deeply (more than {MAX_DEPTH} levels)")
    for ch in text:
        if not (ch.isascii() and (ch.isprintable() or ch in " \t")):
            raise ExpressionError(f"unexpected character {ch!r} in the expression")
    try:
        with warnings.catch_warnings():  # '0x1fe' & co. warn on stderr: the error below is the one line
            warnings.simplefilter("ignore")
            tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        where = f" at column {exc.offset}" if exc.offset else ""
        raise ExpressionError(f"syntax error in the expression{where}: {text.strip()!r}") from None
    except (RecursionError, MemoryError, ValueError):
        raise ExpressionError("expression too complex to parse") from None
    if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
        raise ExpressionError(f"expression too large (more than {MAX_NODES} syntax nodes)")
    return tree


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
            return f"operator {_OPERATOR_TOKENS[type(node.op)]!r}"
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
        msg += f" or a function ({', '.join(_LISTED)})"
        raise ExpressionError(msg)

    def _check_call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in _PRINTED:
            node.func.id = _PRINTED[node.func.id]
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
            name = node.func.id if isinstance(node.func, ast.Name) else (
                ast.get_source_segment(self.text, node.func) or type(node.func).__name__)
            name = name if len(name) <= 40 else name[:37] + "..."
            raise ExpressionError(
                f"call of {name!r} is not allowed; expected one of {', '.join(_LISTED)}"
            )
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
