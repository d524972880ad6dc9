"""What every subcommand shares: exit codes, JSON output, reading a score, a space and a set Π."""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING

from ordertheory.engine.result import Verdict, jsonable
from ordertheory.errors import InvalidInput

if TYPE_CHECKING:
    from ordertheory.sample_space import SampleSpace

EXIT_OK, EXIT_REFUTED, EXIT_BAD_INPUT, EXIT_UNKNOWN, EXIT_INTERNAL = 0, 1, 2, 3, 4
SPACE_HELP = ("binary (default), multiclass:K (any K >= 2), ordinal:K, scored:L (two classes × L score levels; "
              "scored:q0,q1,… gives the levels' probabilities) or selective:K (K classes, may abstain)")
SATISFACTION_HELP = ("the satisfaction S: a file with a k × k matrix of rationals S(y=i, ŷ=j) (k classes); "
                     "on scored:L and selective:K, rows of S per ground-truth class (2 × L, or K × (K+1) with "
                     "the abstention last), from a file or inline as '1,0,1/2; 0,1,1/2'")
PRIOR_HELP = ("a setting: a positive prior P or prior=P (two classes), class priors priors=p1,...,pK (or "
              "p1,...,pK), or uniform (every class prior 1/K)")

EXIT_CODES = """exit codes (every command):
  0  everything asked was proved (or the listing succeeded)
  1  something was refuted: a validated exact counterexample is shown (for claims: a printed
     claim of the paper is wrong; for importance: the score encodes no importance)
  2  bad input (one-line message on stderr)
  3  otherwise: something stayed unknown (timeout, resource guard or solver incompleteness)
  4  internal error (a bug: please report it)"""


@contextmanager
def heartbeat(what: str, after: float = 2.0, every: float = 3.0):
    """While the block runs, a line on stderr once it has taken ``after`` seconds, then every
    ``every`` seconds: for commands whose work is one call with no steps to report.

    >>> with heartbeat("nothing"):
    ...     pass
    """
    import sys
    import threading
    import time

    t0, stop = time.monotonic(), threading.Event()

    def beat() -> None:
        wait = after
        while not stop.wait(wait):
            print(f"[{what}] still working ({time.monotonic() - t0:.0f} s)", file=sys.stderr, flush=True)
            wait = every

    thread = threading.Thread(target=beat, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def package_version() -> str:
    """The installed package's version (the one ``--version`` and every JSON output carry)."""
    try:
        return version("ordertheory")
    except PackageNotFoundError:  # running from a source tree that was never installed
        from ordertheory import __version__

        return __version__


def exit_code(verdict: Verdict) -> int:
    """The one map from a verdict to an exit code."""
    return {Verdict.PROVED: EXIT_OK, Verdict.REFUTED: EXIT_REFUTED, Verdict.UNKNOWN: EXIT_UNKNOWN}[verdict]


def emit_json(payload: dict) -> None:
    """Print a command's JSON: always an object, with ``ordertheory_version`` first."""
    print(json.dumps({"ordertheory_version": package_version(), **jsonable(payload)}, indent=2,
                     ensure_ascii=False))


def score_from(text: str, space):
    """A catalogue slug or alias, or a formula in the outcome names of ``space``."""
    from ordertheory.catalogue import as_score

    return as_score(text, space)


def score_name(text: str, X) -> str:
    """How the output names a score: as typed, with k on a k-class space (its formula, which runs to
    thousands of characters on 10 classes, only with --verbose)."""
    k = X.k if hasattr(X, "k") else X.space.classes
    return f"{text.strip()} (k = {k})" if k and k > 2 else text.strip()


def formula_of(X) -> str:
    """A score's formula as printed: a k-class catalogue score by its class sums (short at any k),
    any other by its expression."""
    if hasattr(X, "formula"):
        return X.formula
    from ordertheory.catalogue.class_forms import form_of

    form = form_of(X.name) if X.space.classes and X.space.classes > 2 else None
    return form.at(X.space.classes).formula if form is not None and not form.weighted else str(X.expr)


def read_satisfaction(path: str) -> SampleSpace:
    """A k × k satisfaction matrix from a text file: one row per line, rationals separated by
    commas or spaces (``#`` starts a comment)."""
    from pathlib import Path

    from ordertheory.sample_space import with_satisfaction

    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise InvalidInput(f"cannot read the satisfaction file {path!r}: {exc.strerror}") from None
    rows = [line.split("#")[0].replace(",", " ").split() for line in text.splitlines()]
    return with_satisfaction([r for r in rows if r], f"satisfaction:{Path(path).name}")


def performance_set(args, symbolic: bool = False, structured: bool = False):
    """(space, Π) from --space, --satisfaction, --prior, --rate and --constraint: a prior and a rate
    hold at once.

    ``--prior`` is a setting (P or prior=P on two classes, priors=p1,…, uniform; a bare list
    p1,…,pk stands for priors=p1,…,pk); ``--rate T`` fixes the rate of positive predictions, or
    every prediction rate. With ``symbolic`` P and T may be the names p and tau (the importance
    derivation and compare keep them symbolic); otherwise a name is a one-line error.
    Past :data:`~ordertheory.class_scores.SYMBOLIC_MAX_CLASSES` classes Π is not written with k²
    coordinates: with ``structured`` (the commands that check k-class scores by their structure) it
    is a :class:`~ordertheory.class_sets.ClassPi`, else the command is past a resource guard
    (unknown, with the reason)."""
    from ordertheory.class_scores import SYMBOLIC_MAX_CLASSES
    from ordertheory.performance_set import all_performances, intersect, setting, with_constraints
    from ordertheory.sample_space import from_name

    space = from_name(args.space or "binary")
    if getattr(args, "satisfaction", None):
        if space.classes:  # a k × k matrix file replaces S (k from the file)
            space = read_satisfaction(args.satisfaction)
        else:  # scored:L, selective:K: rows of S in the space's own layout
            space = satisfaction_rows(space, args.satisfaction)
    uniform = args.prior is not None and args.prior.strip().lower() == "uniform"
    if uniform and not space.classes:
        raise InvalidInput(f"--prior uniform needs a classification space, not {space.name}")
    if space.classes and space.classes > SYMBOLIC_MAX_CLASSES:
        return space, _class_set(args, space, uniform, structured)
    parts = []
    for kind in ("prior", "rate"):
        value = getattr(args, kind, None)
        if value is None:
            continue
        value = value.strip()
        if value.isidentifier() and value not in ("all", "uniform") and not symbolic:
            raise InvalidInput(f"a symbolic --{kind} ({value}) is for 'importance' and 'compare'; "
                               f"give a number here")
        text = value if "=" in value or value in ("all", "uniform") else f"{kind}{'s' if ',' in value else ''}={value}"
        parts.append(setting(space, text))
    Pi = intersect(*parts) if parts else all_performances(space)
    if args.constraint:
        Pi = with_constraints(Pi, args.constraint)
    return space, Pi


def _class_set(args, space, uniform: bool, structured: bool):
    """Π on many classes, by its structure: every performance or fixed class priors."""
    from ordertheory.class_sets import ClassPi
    from ordertheory.errors import ResourceLimit

    k = space.classes
    if not structured or not space.is_crisp_multiclass:
        raise ResourceLimit(f"too large to write out: Π on {k} classes has {k * k} coordinates; this command "
                            "needs them (check and rank decide catalogue k-class scores at any k)")
    if getattr(args, "constraint", None) or getattr(args, "rate", None):
        raise InvalidInput(f"--constraint and --rate are not supported on {k} classes (Π is all performances "
                           "or fixed priors)")
    if uniform:
        return ClassPi.uniform(k)
    if args.prior is not None:  # priors=p1,…,pk or the bare list, as on few classes
        return ClassPi.fixed(args.prior.strip().removeprefix("priors=").split(","))
    return ClassPi.all(k)


def add_rate_option(parser) -> None:
    """``--rate``, beside ``--prior``: the fixed prediction rate(s) of the positive class / every class."""
    parser.add_argument("--rate", help="fixed rate of positive predictions T = fp + tp (binary) or comma-separated "
                                       "prediction rates of every class; with --prior both hold")


def satisfaction_rows(space: SampleSpace, text: str) -> SampleSpace:
    """``space`` with the satisfaction given as rows of rationals, one row per ground-truth class in
    Ω's order (2 × L for ``scored:L``, k × (k + 1) for ``selective:k``, the last column the
    abstention): rows separated by ';' or newlines, values by ',' or spaces; ``text`` may be the
    path of a file holding them (``#`` starts a comment).

    >>> from ordertheory.sample_space import selective
    >>> satisfaction_rows(selective(2), "1, 0, 3/4; 0, 1, 3/4").S("y0_abstain")
    Fraction(3, 4)
    """
    source = "the command line"
    inline = any(c in text for c in ",; \n")
    if not inline or Path(text).is_file():  # a single word is a file name
        try:
            text, source = Path(text).read_text(), Path(text).name
        except OSError as exc:
            raise InvalidInput(f"cannot read the satisfaction file {text!r}: {exc.strerror}") from None
    lines = [r.split("#")[0] for part in text.splitlines() for r in part.split(";")]
    rows = [r.replace(",", " ").split() for r in lines]
    rows = [r for r in rows if r]
    k = space.truth_classes
    shape = [len(space.row(i)) for i in range(k)] if k else []
    if not k or sum(shape) != len(space) or [len(r) for r in rows] != shape:
        raise InvalidInput(f"expected {k} rows of {shape[0] if shape else '?'} satisfaction values for {space.name} "
                           f"(one row per ground-truth class) but got rows of lengths {[len(r) for r in rows]}")
    values = dict(zip((o for i in range(k) for o in space.row(i)), (v for r in rows for v in r)))
    return space.with_values([values[o] for o in space.outcomes], f"{space.name}, S from {source}")


def seconds(text: str) -> float:
    """An argparse type for --timeout: a finite number of seconds > 0 (else a one-line error)."""
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds but got {text!r}") from None
    if not math.isfinite(value) or value <= 0 or value > 10**7:
        raise argparse.ArgumentTypeError(f"expected a number of seconds in (0, 1e7] but got {text!r}")
    return value


def add_run_options(parser) -> None:
    """``--scheduler`` and ``--no-cache``, for the commands that submit work to an executor."""
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run on Dask: 'local' (a LocalCluster of --jobs workers) or tcp://HOST:PORT "
                        "(needs pip install 'ordertheory[distributed]'); default: local processes")
    parser.add_argument("--no-cache", action="store_true",
                        help="neither read nor write the result cache (~/.cache/ordertheory, or $ORDERTHEORY_CACHE)")


@contextmanager
def no_cache():
    """The result cache off for the duration (``--no-cache``): the variable reaches child processes."""
    old = os.environ.get("ORDERTHEORY_NO_CACHE")
    os.environ["ORDERTHEORY_NO_CACHE"] = "1"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("ORDERTHEORY_NO_CACHE", None)
        else:
            os.environ["ORDERTHEORY_NO_CACHE"] = old
