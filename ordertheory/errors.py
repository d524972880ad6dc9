"""The package's exceptions: one root, a few subclasses, each saying when it is raised.

Every message is one line that says what was wrong and what was expected, so the CLI can print
it as is and exit with code 2.
"""

from __future__ import annotations

import difflib


class OrderTheoryError(Exception):
    """Root of every error this package raises on purpose."""


class InvalidInput(OrderTheoryError, ValueError):
    """Raised when a user-supplied value (probabilities, counts, importance, option) is malformed."""


class ExpressionError(InvalidInput):
    """Raised when a score expression is rejected by the whitelist parser."""


class UndefinedScore(OrderTheoryError, ArithmeticError):
    """Raised when a score is evaluated at a performance outside its domain."""


class SolverError(OrderTheoryError, RuntimeError):
    """Raised when a solver is missing or an SMT-LIB file cannot be replayed."""


class DerivationError(OrderTheoryError):
    """Raised when a step of a derivation does not follow from the previous one (sympy on Π), or a
    claimed sign is not decided: such a derivation is never rendered."""


class ResourceLimit(OrderTheoryError):
    """Raised when an input is past a resource guard (:mod:`ordertheory.guards`): the question is
    valid but too large to decide exactly, so the answer is ``unknown``, never a crash or a hang."""


def did_you_mean(word: str, candidates, template: str = "; did you mean {}?", limit: int = 3) -> str:
    """The near-miss hint an "unknown …" message ends with: ``template`` filled with the closest
    candidates by spelling (case-insensitive; within 0.1 of the best ratio, which must be ≥ 0.6),
    or "" when none is close. ``candidates`` may map each name to what to suggest for it.

    >>> did_you_mean("accurcy", ["accuracy", "balanced_accuracy", "mcc"])
    '; did you mean accuracy?'
    >>> did_you_mean("xyz", ["accuracy"])
    ''
    """
    names = candidates if isinstance(candidates, dict) else {c: c for c in candidates}
    w = str(word).lower()
    ratios = sorted(((difflib.SequenceMatcher(None, w, str(c).lower()).ratio(), str(c)) for c in names), reverse=True)
    if not ratios or ratios[0][0] < 0.6:
        return ""
    best = ratios[0][0]
    near = list(dict.fromkeys(str(names[c]) for r, c in ratios if r >= max(0.6, best - 0.1)))[:limit]
    return template.format(" or ".join(near))
