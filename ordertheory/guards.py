"""Resource guards: bounds checked *before* any expansion, so that a valid but huge question is
answered ``unknown`` ("too large to decide exactly: …") instead of exhausting memory or time.

The bounds are on the formula as sympy holds it, never on its expansion (computing that is the
very thing to avoid):

- :data:`MAX_DEGREE`: total degree of every polynomial in the obligation, with the z3 encoder's
  fresh variables (a bound computed from the tree: sums take the largest degree, products add
  degrees, integer powers multiply them; an inverse, root, abs, min, max or transcendental
  function is one fresh variable whose defining equation is bounded in turn);
- :data:`MAX_TERMS`: an upper bound on the number of terms of an integer power once expanded, with
  every outcome replaced by a combination of up to |Ω| parameters (sums add counts, products
  multiply them, a t-term sum to the power k has at most C(t + k − 1, k) monomials);
- :data:`MAX_NESTING`: non-polynomial operations (divisions, roots, abs, min, max, log, exp, probit) nested
  inside one another (30 nested square roots exhaust z3's memory);
- :data:`MAX_DIGITS`: digits of any number in the formula (numbers grow under integer powers).

>>> from ordertheory.scores.expression import parse_score
>>> from ordertheory.spaces.sample_space import binary
>>> check_decidable(parse_score("2*tp/(2*tp+fp+fn)", binary()))
>>> check_decidable(parse_score("(tn+tp)**64", binary()))
Traceback (most recent call last):
...
ordertheory.errors.ResourceLimit: too large to decide exactly: (tn + tp)**64 may expand to 1329890705 terms (at most 1000000)
"""

from __future__ import annotations

from math import comb, prod

import sympy

from ordertheory.errors import ResourceLimit

MAX_DEGREE = 64
MAX_TERMS = 1_000_000
MAX_NESTING = 10
MAX_DIGITS = 2_000


def _too_large(what: str) -> ResourceLimit:
    return ResourceLimit(f"too large to decide exactly: {what}")


class _Size:
    """One walk over the tree: the polynomial degree of each sub-expression between fresh solver
    variables (as the z3 encoder introduces them), the largest degree met anywhere, the deepest
    nesting and the longest number."""

    def __init__(self, variables: int) -> None:
        self.variables = variables
        self.degree = 0
        self.digits = 0
        self.cache: dict[sympy.Basic, tuple[int, int, int]] = {}

    def walk(self, e: sympy.Basic) -> tuple[int, int, int]:
        """(degree, nesting, term count bound once expanded) of ``e``."""
        if e in self.cache:
            return self.cache[e]
        out = self._walk(e)
        self.cache[e] = out
        self._record(out[0])
        if out[1] > MAX_NESTING:
            raise _too_large(f"roots, divisions or functions nested {out[1]} deep (at most {MAX_NESTING})")
        return out

    def _record(self, degree: int) -> None:
        self.degree = max(self.degree, degree)
        if self.degree > MAX_DEGREE:
            raise _too_large(f"the obligation has degree up to {self.degree} (at most {MAX_DEGREE})")

    def _walk(self, e: sympy.Basic) -> tuple[int, int, int]:
        if e.is_Symbol:  # an outcome becomes a combination of up to |Ω| parameters
            return 1, 0, self.variables
        if e.is_Rational:
            self.digits = max(self.digits, int(e.p).bit_length() * 3 // 10, int(e.q).bit_length() * 3 // 10)
            if self.digits > MAX_DIGITS:
                raise _too_large(f"a number with more than {MAX_DIGITS} digits")
            return 0, 0, 1
        if e.is_Atom:
            return 0, 0, 1
        if e.is_Pow and e.exp.is_Rational:
            d, depth, t = self.walk(e.base)
            p, q = int(e.exp.p), int(e.exp.q)
            if q > MAX_DEGREE:  # √√…√x is folded by sympy into one root of order 2^k
                raise _too_large(f"a root of order {q} (at most {MAX_DEGREE})")
            power_terms = comb(t + abs(p) - 1, abs(p)) if t > 1 else 1  # monomials of a t-term sum^|p|
            if abs(p) > 1 and power_terms > MAX_TERMS:
                base = str(e.base) if len(str(e.base)) <= 40 else str(e.base)[:37] + "..."
                raise _too_large(f"({base})**{abs(p)} may expand to {power_terms} terms "
                                 f"(at most {MAX_TERMS})")
            if q == 1 and p >= 0:
                return d * p, depth, power_terms
            # a root or an inverse is a fresh variable r with r^q = b^|p| (or r^q · b^|p| = 1)
            self._record(q + d * abs(p))
            return 1, depth + 1, 1
        parts = [self.walk(a) for a in e.args]
        depth = max((p[1] for p in parts), default=0)
        if e.is_Add:
            return max(p[0] for p in parts), depth, min(sum(p[2] for p in parts), MAX_TERMS + 1)
        if e.is_Mul:
            return sum(p[0] for p in parts), depth, min(prod(p[2] for p in parts), MAX_TERMS + 1)
        # abs, min, max, log, exp, probit (and any other function): one fresh variable
        return 1, depth + 1, 1


def check_decidable(score) -> None:
    """Raise :class:`~ordertheory.errors.ResourceLimit` when deciding anything about ``score``
    exactly would need an obligation past the guards above."""
    size = _Size(len(score.space))
    for e in [score.expr, *(c.expr for c in score.conditions)]:
        size.walk(e)
