"""Hypothesis strategies for exact objects."""

from fractions import Fraction

from hypothesis import strategies as st

from ordertheory.performances.performance import Importance, Performance
from ordertheory.spaces.sample_space import binary


@st.composite
def performances(draw, space=None, allow_zero=True):
    space = space or binary()
    lo = 0 if allow_zero else 1
    counts = draw(st.lists(st.integers(lo, 50), min_size=len(space), max_size=len(space)))
    if sum(counts) == 0:
        counts[draw(st.integers(0, len(space) - 1))] = 1
    total = sum(counts)
    return Performance(space, tuple(Fraction(c, total) for c in counts))


@st.composite
def importances(draw, space=None):
    space = space or binary()
    vals = draw(st.lists(st.fractions(0, 5, max_denominator=12), min_size=len(space), max_size=len(space)))
    if all(v == 0 for v in vals):
        vals[draw(st.integers(0, len(space) - 1))] = Fraction(1)
    return Importance(space, tuple(vals))
