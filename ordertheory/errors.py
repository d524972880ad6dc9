"""The package's exceptions: one root, a few subclasses, each saying when it is raised.

Every message is one line that says what was wrong and what was expected, so the CLI can print
it as is and exit with code 2.
"""

from __future__ import annotations


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
