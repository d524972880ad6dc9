"""Shared plumbing of the leaderboard commands (rank, tile, winners): reading, progress."""

from __future__ import annotations

import sys
import time

from ordertheory.errors import InvalidInput


def load(args):
    """The leaderboard named on the command line (with --decimals and --space when the command has
    them): every leaderboard command reads, and infers the space, this one way."""
    from ordertheory.ranking.leaderboard import read_leaderboard
    from ordertheory.sample_space import from_name

    space = getattr(args, "space", None)
    return read_leaderboard(args.file, decimals=getattr(args, "decimals", None),
                            space=from_name(space) if space else None)


def score(text: str, space):
    """A catalogue slug or a formula, parsed by the CLI's one score reader."""
    from ordertheory.cli.common import score_from

    return score_from(text, space)


def positive(value: str) -> float:
    """argparse type: a positive number of seconds."""
    try:
        x = float(value)
    except ValueError:
        raise InvalidInput(f"expected a positive number of seconds but got {value!r}") from None
    if not x > 0:
        raise InvalidInput(f"expected a positive number of seconds but got {value!r}")
    return x


class Progress:
    """Progress lines on stderr, shown only once the command has run for 2 s."""

    def __init__(self, what: str) -> None:
        self.what, self.t0, self.last = what, time.monotonic(), 0.0

    def __call__(self, i: int, n: int, name: str = "") -> None:
        now = time.monotonic()
        if now - self.t0 > 2 and now - self.last > 1:
            self.last = now
            print(f"{self.what}: {i}/{n} {name} ({now - self.t0:.0f} s)", file=sys.stderr, flush=True)
