"""The grammar of a score formula, without sympy: what the whitelist parser accepts, in one place.

:mod:`ordertheory.scores.expression` builds a score from a formula; this module holds what that parser and
the command line's fast start (arguments checked before the heavy imports) share: the size limits,
the syntax tree read by Python's ``ast`` (parsing executes nothing), the functions and their arity,
the derived names of two classes and their definitions, and :func:`check_shape`, which rejects a
formula whose tree the parser would reject — with the parser's own message — in a millisecond.

>>> check_shape("2*tp/(2*tp+fp+fn)")
>>> check_shape("tp/(tp+fn")
Traceback (most recent call last):
...
ordertheory.errors.ExpressionError: syntax error in the expression at column 4 ('(' was never closed): 'tp/(tp+fn'
>>> check_shape("sqrtt(tp)")
Traceback (most recent call last):
...
ordertheory.errors.ExpressionError: call of 'sqrtt' is not allowed; expected one of abs, exp, log, max, min, probit, sqrt (did you mean sqrt?)
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Callable, Mapping

from ordertheory.errors import ExpressionError, did_you_mean

MAX_LENGTH = 10_000
MAX_DEPTH = 60
MAX_DIGITS = 40
MAX_NODES = 10_000

#: the functions a formula may call, with their number of arguments (None: two or more)
FUNCTIONS: dict[str, int | None] = {"abs": 1, "exp": 1, "log": 1, "max": None, "min": None, "probit": 1, "sqrt": 1}

#: sympy prints abs, min, max as Abs, Min, Max: a printed formula parses back to the same score
PRINTED = {"Abs": "abs", "Min": "min", "Max": "max"}

#: the tokens of operators a formula may not use, as the error names them
OPERATOR_TOKENS = {
    ast.Mod: "%", ast.FloorDiv: "//", ast.BitXor: "^", ast.BitAnd: "&",
    ast.BitOr: "|", ast.LShift: "<<", ast.RShift: ">>", ast.MatMult: "@", ast.Invert: "~",
    ast.Not: "not",
}


def operator_hint(op: ast.AST) -> str:
    """What an error about a refused operator adds: the hint a user of ``^`` needs."""
    return " (use ** for powers)" if isinstance(op, ast.BitXor) else ""
_ALLOWED_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.USub, ast.UAdd)

#: the names a two-class formula may use besides tn, fp, fn, tp, each defined from the outcomes
#: (any objects with + and /: sympy terms in the parser, Fractions elsewhere)
DERIVED: dict[str, Callable[[Mapping], object]] = {
    "TPR": lambda t: t["tp"] / (t["tp"] + t["fn"]),
    "TNR": lambda t: t["tn"] / (t["tn"] + t["fp"]),
    "FPR": lambda t: t["fp"] / (t["fp"] + t["tn"]),
    "FNR": lambda t: t["fn"] / (t["fn"] + t["tp"]),
    "PPV": lambda t: t["tp"] / (t["tp"] + t["fp"]),
    "NPV": lambda t: t["tn"] / (t["tn"] + t["fn"]),
    "FDR": lambda t: t["fp"] / (t["fp"] + t["tp"]),
    "FOR": lambda t: t["fn"] / (t["fn"] + t["tn"]),
    "ACC": lambda t: t["tn"] + t["tp"],
    "prior_pos": lambda t: t["fn"] + t["tp"],
    "prior_neg": lambda t: t["tn"] + t["fp"],
    "pred_pos": lambda t: t["fp"] + t["tp"],
    "pred_neg": lambda t: t["tn"] + t["fn"],
}


def parse_tree(text: str) -> ast.Expression:
    """The syntax tree of a formula, within the size limits (a one-line error otherwise)."""
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
        why = f" ({exc.msg})" if exc.msg and exc.msg != "invalid syntax" else ""
        raise ExpressionError(f"syntax error in the expression{where}{why}: {text.strip()!r}") from None
    except (RecursionError, MemoryError, ValueError):
        raise ExpressionError("expression too complex to parse") from None
    if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
        raise ExpressionError(f"expression too large (more than {MAX_NODES} syntax nodes)")
    return tree


def call_error(name: str) -> ExpressionError:
    """The error for a call of a function that is not one of :data:`FUNCTIONS`."""
    name = name if len(name) <= 40 else name[:37] + "..."
    return ExpressionError(f"call of {name!r} is not allowed; expected one of {', '.join(sorted(FUNCTIONS))}"
                           + did_you_mean(name, list(FUNCTIONS), " (did you mean {}?)"))


def check_shape(text: str) -> None:
    """Reject a formula whose syntax tree the whitelist parser rejects whatever the sample space:
    a syntax error, a call of an unknown function, an operator outside + - * / **, a literal that is
    not a real number. Names are not checked (they depend on the space); what passes may still be
    rejected by the parser, never the other way round."""
    tree = parse_tree(text)
    for node in ast.walk(tree.body):
        if isinstance(node, ast.BinOp | ast.UnaryOp) and not isinstance(node.op, _ALLOWED_OPS):
            token = OPERATOR_TOKENS.get(type(node.op))
            if token is not None:
                raise ExpressionError(f"operator {token!r} is not allowed in a score expression"
                                      + operator_hint(node.op))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id not in FUNCTIONS \
                and node.func.id not in PRINTED:
            raise call_error(node.func.id)
        elif isinstance(node, ast.Constant) and (isinstance(node.value, bool)
                                                 or not isinstance(node.value, int | float)):
            seg = ast.get_source_segment(text.strip(), node) or type(node.value).__name__
            raise ExpressionError(f"constant {seg!r} is not allowed: only real numbers and names")
