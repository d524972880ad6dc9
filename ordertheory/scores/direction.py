"""Which way a score ranks: higher is better (a gain: accuracy, F1) or lower is better (a loss: error
rate, Brier, log loss, a cost).

The theory's scores rank by "higher is better" (Theorem 1: P1 ≲_X P2 iff X(P1) ≤ X(P2)); a loss X
ranks by −X, the score its users mean. Every score carries its direction: a catalogue entry says
whether it is a loss; ``-SLUG`` and ``neg_SLUG`` (scikit-learn's names) turn a loss into the gain −X;
a formula that is an expectation, X = E_P[f], is a loss when f is larger where the space's written
satisfaction is smaller (``fp + 5*fn``, an expected cost), else a gain. Every order shown to a user —
a ranking, a comparison of two scores on a leaderboard, an uncertainty — follows it.

>>> Direction.LOWER.words, Direction.LOWER.best_first([3, 1, 2])
('lower is better', [1, 2, 3])
>>> Direction.HIGHER.oriented(Fraction(1, 3)), Direction.LOWER.oriented(Fraction(1, 3))
(Fraction(1, 3), Fraction(-1, 3))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from fractions import Fraction

import sympy

NEGATION_PREFIXES = ("-", "−", "neg_")  # -brier, −brier, neg_log_loss: the gain −X of a score X


class Direction(enum.Enum):
    """Higher is better (a gain) or lower is better (a loss)."""

    HIGHER = "higher"
    LOWER = "lower"

    @property
    def words(self) -> str:
        """``higher is better`` or ``lower is better``."""
        return f"{self.value} is better"

    @property
    def sign(self) -> int:
        """+1 for a gain, −1 for a loss: ranking by sign·X is ranking higher-is-better."""
        return 1 if self is Direction.HIGHER else -1

    def oriented(self, value):
        """``value`` as the theory ranks it (higher is better): the value itself, or its negation for a loss."""
        return value if self is Direction.HIGHER else -value

    def best_first(self, values: Iterable) -> list:
        """The values sorted best first (a stable sort: equal values keep their order)."""
        return sorted(values, key=lambda v: -self.oriented(v))

    def ranked_by(self, name: str) -> str:
        """How an output says the order it shows: ``ranked by f1 (higher is better)`` or
        ``ranked by −brier (lower brier is better)``."""
        if self is Direction.HIGHER:
            return f"ranked by {name} ({self.words})"
        return f"ranked by −{name} (lower {name} is better)"

    def to_json(self) -> str:
        return self.value


def split_negation(text: str) -> tuple[bool, str]:
    """(True, SLUG) for ``-SLUG``, ``−SLUG`` or ``neg_SLUG``; (False, text) otherwise.

    >>> split_negation("neg_log_loss"), split_negation("-brier"), split_negation("f1")
    ((True, 'log_loss'), (True, 'brier'), (False, 'f1'))
    """
    t = text.strip()
    for p in NEGATION_PREFIXES:
        if t.startswith(p) and len(t) > len(p):
            rest = t[len(p):].strip()
            if rest[:1].isalpha():
                return True, rest
    return False, t


def expectation_direction(expr: sympy.Expr, symbols: Sequence[sympy.Symbol],
                          satisfaction: Sequence[Fraction]) -> Direction:
    """The direction of an affine formula X = c0 + Σ c_ω P(ω), read against the space's written
    satisfaction S: with f(ω) = c0 + c_ω (so that X = E_P[f]), a loss when f is a non-negative cost
    (f ≥ 0) that is smaller, on average, on the outcomes where S is largest than on those where S is
    smallest (an expected cost, ``fp + 5*fn``); a gain otherwise — a formula written with a minus
    (``-tp``, ``1 - fp - 5*fn``) is read as written, the gain scikit-learn's ``neg_`` scorers are — and
    for any formula that is not affine (a ratio, a root: the theory's convention).

    >>> from ordertheory.spaces.sample_space import binary
    >>> omega = binary()
    >>> syms = [sympy.Symbol(o, nonnegative=True, real=True) for o in omega.outcomes]
    >>> tn, fp, fn, tp = syms
    >>> expectation_direction(fp + 5 * fn, syms, omega.satisfaction).value
    'lower'
    >>> expectation_direction(1 - fp - 5 * fn, syms, omega.satisfaction).value, expectation_direction(-tp, syms, omega.satisfaction).value
    ('higher', 'higher')
    """
    try:
        poly = sympy.Poly(expr, *symbols)
    except (sympy.PolynomialError, sympy.GeneratorsNeeded):
        return Direction.HIGHER
    if poly.total_degree() > 1 or not all(c.is_Rational for c in poly.coeffs()):
        return Direction.HIGHER
    c0 = poly.coeff_monomial(1)
    f = [c0 + poly.coeff_monomial(s) for s in symbols]
    top, bottom = max(satisfaction), min(satisfaction)
    if top == bottom:
        return Direction.HIGHER
    if any(v < 0 for v in f):
        return Direction.HIGHER
    good = [v for v, s in zip(f, satisfaction) if s == top]
    bad = [v for v, s in zip(f, satisfaction) if s == bottom]
    mean_good, mean_bad = sum(good) / len(good), sum(bad) / len(bad)
    return Direction.LOWER if mean_good < mean_bad else Direction.HIGHER
