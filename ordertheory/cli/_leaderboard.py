"""Shared plumbing of the leaderboard commands (rank, tile, winners): reading, progress."""

from __future__ import annotations

import sys
import time

#: the leaderboard files every leaderboard command reads (ordertheory.ranking.leaderboards.leaderboard), for --help
FORMATS = """leaderboard files (.json or .csv; one entity per row or object):
  two classes  columns or keys tn, fp, fn, tp (counts or probabilities), or proba_tn, proba_fp,
               proba_fn, proba_tp (sorbetto's file)
  k classes    the k² columns y{i}_p{j} (ground truth i, prediction j), or in JSON a key
               confusion_matrix holding a k × k list
  names        the column or key entity, else name, else filename, else model
  numbers      read exactly (decimal text as written, binary floats by their exact value, or rounded
               with --decimals N); each row normalised exactly by its sum
  two labels   of sparse cells or per-sample predictions: the positive class is --pos-label, 1 by
               default for labels 0/1 or -1/1 (other labels need --pos-label)"""


#: the commands that read leaderboards or per-sample predictions: each gets --pos-label (build_parser)
LEADERBOARD_COMMANDS = ("advise", "compare", "rank", "tile", "winners")
POS_LABEL_HELP = ("the positive class of two labelled classes (sparse cells entity,true,pred,count, per-sample "
                  "predictions or scores): required unless the labels are 0/1 or -1/1 (then 1), as in scikit-learn")


def add_pos_label(parser) -> None:
    """``--pos-label LABEL``, the one option every leaderboard command shares for it (issue 33)."""
    parser.add_argument("--pos-label", metavar="LABEL", help=POS_LABEL_HELP)


def pos_label(args):
    """The --pos-label of the command line, or None."""
    return getattr(args, "pos_label", None)


def load(args):
    """The leaderboard named on the command line (with --decimals, --space and --pos-label when the
    command has them): every leaderboard command reads, and infers the space, this one way."""
    from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
    from ordertheory.spaces.sample_space import from_name

    space = getattr(args, "space", None)
    return read_leaderboard(args.file, decimals=getattr(args, "decimals", None),
                            space=from_name(space) if space else None, pos_label=pos_label(args))


def score(text: str, space):
    """A catalogue slug or a formula, parsed by the CLI's one score reader."""
    from ordertheory.cli.common import score_from

    return score_from(text, space)


class Progress:
    """Progress lines on stderr, shown only once the command has run for 2 s."""

    def __init__(self, what: str) -> None:
        self.what, self.t0, self.last = what, time.monotonic(), 0.0

    def __call__(self, i: int, n: int, name: str = "") -> None:
        now = time.monotonic()
        if now - self.t0 > 2 and now - self.last > 1:
            self.last = now
            print(f"{self.what}: {i}/{n} {name} ({now - self.t0:.0f} s)", file=sys.stderr, flush=True)


FAMILY_HELP = ("ask the Tile's questions inside a family of importances: all (every importance, the default), "
               "class-weights (I(y = c, ·) = w_c; one class prior), symmetric-costs (successes 1, c_ij = c_ji), "
               "per-class-errors (successes 1, errors of class c cost e_c), macro-micro (two parameters a, b: "
               "successes (1 − a) + a/(k·π_c), errors (1 − b) + b/(k·π_c); one class prior); witnesses are printed "
               "in the family's parameters, normalised to sum 1")


def add_family(parser) -> None:
    """``--family NAME``, shared by winners, rank --over-tile and tile."""
    from_names = ["all", "class-weights", "symmetric-costs", "per-class-errors", "macro-micro"]
    parser.add_argument("--family", choices=from_names, help=FAMILY_HELP)


def weights_text(weights, most: int = 6) -> str:
    """A family member by its normalised parameters (exact fractions), at most ``most`` of them."""
    items = [f"{k}: {v}" for k, v in weights]
    return "(" + ", ".join(items[:most]) + (f", … {len(items) - most} more" if len(items) > most else "") + ")"


def importance_text(I, most: int = 6) -> str:
    """An importance by its non-zero outcomes, scaled to sum 1, at most ``most`` of them (all, exact, in --json)."""
    if I is None:
        return "-"
    items = {o: v for o, v in I.as_dict().items() if v}
    total = sum(items.values())
    shown = [f"{o}={v / total}" for o, v in items.items()]
    return "(" + ", ".join(shown[:most]) + (f", … {len(shown) - most} more" if len(shown) > most else "") + ")"
