"""Numbers of a leaderboard read exactly, with a bound on their size.

Integers and decimal text are read as written, binary floats by their exact value
(``Fraction(float)``), or rounded to ``decimals`` (half to even) when given. A number has at most
:data:`MAX_DIGITS` digits on either side of the point, so a count of 10^5000 (or 1e999999, a
million digits once exact) is refused in one line instead of exhausting memory or Python's
4300-digit printing limit. JSON integers are read as :class:`Integer` (``json.loads(parse_int=
Integer)``) so that their size is checked before ``int`` sees them.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ordertheory.errors import InvalidInput

TOLERANCE = Fraction(1, 10**6)  # how far from 1 a row of probabilities may sum before it is rejected
# The most digits a number may have on either side of the point. Every float fits (1.8e308 has 309
# digits, the smallest subnormal's exact value 5e-324 has 1074 binary places, i.e. a denominator
# of 324 digits), and a score's exact value on such counts stays far below Python's 4300-digit
# printing limit; a count of 10^5000 (or 1e999999, a million digits once exact) is refused in one line.
MAX_DIGITS = 400


class Integer(str):
    """An integer as written in JSON: read exactly and bounded by :func:`exact_number`, not by ``int``
    (which refuses more than 4300 digits with a ValueError outside the row's context)."""


def exact_number(value: object, decimals: int | None, where: str) -> tuple[Fraction, bool]:
    """(exact value, whether it was an integer as written); at most MAX_DIGITS digits each side.

    >>> exact_number("1e3", None, "row 1")
    (Fraction(1000, 1), False)
    >>> exact_number("1e999999", None, "row 1, tn")
    Traceback (most recent call last):
    ...
    ordertheory.errors.InvalidInput: row 1, tn: expected a number of at most 400 digits but got one of 1000000 digits
    """
    if isinstance(value, bool) or value is None:
        raise InvalidInput(f"{where}: expected a number but got {value!r}")
    if isinstance(value, Integer):
        return _decimal(Decimal(value), str(value), where), True
    if isinstance(value, int) or (hasattr(value, "dtype") and getattr(value.dtype, "kind", "") in "iu"):
        n = int(value)
        if n.bit_length() > 4 * MAX_DIGITS:  # 10^MAX_DIGITS < 2^(4·MAX_DIGITS): no decimal text needed
            raise InvalidInput(f"{where}: expected a number of at most {MAX_DIGITS} digits but got "
                               f"one of about {int(n.bit_length() * 0.30103)} digits")
        return Fraction(n), True
    if isinstance(value, str):
        text = value.strip()
        try:
            parts = [Decimal(t) for t in text.split("/")] if text.count("/") == 1 else [Decimal(text)]
        except (ValueError, InvalidOperation):
            raise InvalidInput(f"{where}: expected a finite number but got {_shown(value)}") from None
        exact = [_decimal(d, text, where) for d in parts]  # bounded before any big integer is built
        if len(exact) == 2 and exact[1] == 0:
            raise InvalidInput(f"{where}: expected a finite number but got {_shown(value)}")
        f = exact[0] / exact[1] if len(exact) == 2 else exact[0]
        is_int = "/" not in text and "." not in text and "e" not in text.lower()
    else:
        try:
            x = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise InvalidInput(f"{where}: expected a number but got {_shown(value)}") from None
        if not math.isfinite(x):
            raise InvalidInput(f"{where}: expected a finite number but got {value!r}")
        f, is_int = Fraction(x), False
    if decimals is not None and not is_int:
        scale = 10**decimals
        f = Fraction(round(f * scale), scale)
    return f, is_int


def _decimal(d: Decimal, text: str, where: str) -> Fraction:
    """A finite Decimal as a Fraction, once its size is known to be bounded (a Decimal holds
    1e999999 in a few bytes; its exact value has a million digits)."""
    if not d.is_finite():
        raise InvalidInput(f"{where}: expected a finite number but got {_shown(text)}")
    _, digits, exponent = d.as_tuple()
    size = len(digits) + max(0, exponent) if exponent >= 0 else max(len(digits) + exponent, -exponent)
    if size > MAX_DIGITS:
        raise InvalidInput(f"{where}: expected a number of at most {MAX_DIGITS} digits but got one of "
                           f"{size} digits")
    return Fraction(d)


def _shown(value: object) -> str:
    """The value as quoted in an error message: its text, cut to 40 characters."""
    text = repr(value) if not isinstance(value, str) else repr(value.strip())
    return text if len(text) <= 40 else text[:37] + "..."


def _approx(total: Fraction) -> str:
    """A row's sum for an error message, never through float (1e308 + 1e308 overflows it)."""
    return f"{Decimal(total.numerator) / Decimal(total.denominator):.6g}"


def check_total(total: Fraction, n: int, ints: bool, decimals: int | None, where: str) -> None:
    """Counts may sum to anything positive; probabilities must sum to 1 within the tolerance."""
    if total == 0:
        raise InvalidInput(f"{where}: every value is 0; expected counts or probabilities with a positive total")
    if not ints:
        slack = TOLERANCE if decimals is None else TOLERANCE + Fraction(n, 2 * 10**decimals)
        if abs(total - 1) > slack:
            raise InvalidInput(f"{where}: probabilities sum to {_approx(total)}, expected 1 "
                               "(give integer counts to have them normalised)")


@contextmanager
def csv_errors(reader, where: str) -> Iterator[None]:
    """Inside the block, an error of the ``csv`` reader ``reader`` (a field past the csv module's
    limit of 131072 characters, …) is one line of bad input naming the file and the line.

    >>> import csv, io
    >>> reader = csv.reader(io.StringIO("a,b\\n1," + "2" * 200000))
    >>> with csv_errors(reader, "lb.csv"):
    ...     rows = list(reader)
    Traceback (most recent call last):
    ...
    ordertheory.errors.InvalidInput: lb.csv: line 2 is not valid CSV (field larger than field limit (131072))
    """
    try:
        yield
    except csv.Error as exc:
        raise InvalidInput(f"{where}: line {reader.line_num} is not valid CSV ({exc})") from None


def json_document(text: str, where: str, **options) -> object:
    """``json.loads(text, **options)``, its failures as one line of bad input: invalid JSON, arrays
    or objects nested past Python's recursion limit, an integer past its 4300-digit limit.

    >>> json_document("[1, 2]", "lb.json")
    [1, 2]
    >>> json_document("[" * 100000, "lb.json")
    Traceback (most recent call last):
    ...
    ordertheory.errors.InvalidInput: lb.json: not valid JSON (nested too deeply)
    """
    try:
        return json.loads(text, **options)
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"{where}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise InvalidInput(f"{where}: not valid JSON (nested too deeply)") from None
    except ValueError:  # an integer past Python's 4300 digits (without parse_int)
        raise InvalidInput(f"{where}: a number in the file is too long to read (at most {MAX_DIGITS} digits)") from None


__all__ = ["MAX_DIGITS", "TOLERANCE", "Integer", "check_total", "csv_errors", "exact_number", "json_document"]
