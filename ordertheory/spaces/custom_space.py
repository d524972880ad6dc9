"""A sample space from a user's own outcome names and satisfactions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction
from ordertheory.spaces.sample_space import SampleSpace


def custom(
    outcomes: Iterable[str] | Mapping[str, object],
    satisfaction: Iterable[object] | None = None,
    name: str = "custom",
) -> SampleSpace:
    """A sample space from outcome names and satisfactions (or a mapping name -> satisfaction).

    >>> custom({"bad": 0, "ok": "1/2", "good": 1}).levels
    (Fraction(0, 1), Fraction(1, 2), Fraction(1, 1))
    """
    if isinstance(outcomes, Mapping):
        if satisfaction is not None:
            raise InvalidInput("expected either a mapping outcome -> satisfaction or two lists, not both")
        names = tuple(str(k) for k in outcomes)
        values = tuple(to_fraction(v, f"S({k})") for k, v in outcomes.items())
    else:
        names = tuple(str(o) for o in outcomes)
        if satisfaction is None:
            raise InvalidInput("expected a satisfaction value for every outcome but got none")
        values = tuple(to_fraction(v, f"S({n})") for n, v in zip(names, satisfaction))
        if len(values) != len(names):
            raise InvalidInput(
                f"expected {len(names)} satisfaction values but got {len(list(satisfaction))}"
            )
    return SampleSpace(name, names, values)
