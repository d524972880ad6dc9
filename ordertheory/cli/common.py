"""What every subcommand shares: exit codes, the one meaning of ``--timeout`` and ``--jobs``, JSON
output, reading a score, a space and a set Π.

Start-up is fast: this module (and every command module at import) imports the standard library
only, so that ``--help`` and a bad argument are answered before sympy, z3 or numpy are loaded;
each command imports what it needs inside ``run``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable
from contextlib import contextmanager
from fractions import Fraction

from ordertheory.cli import watchdog
from ordertheory.cli.vocabulary import check_payload
from ordertheory.errors import ExpressionError, InvalidInput
from ordertheory.syntax import check_shape

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
  2  bad input (one-line message on stderr; with --json also a JSON error object on stdout)
  3  otherwise: something stayed unknown (timeout, resource guard or solver incompleteness)
  4  internal error (a bug: please report it)

--timeout T bounds the whole command, start-up included: what is not settled after T seconds is
unknown, with the reason. JSON output: docs/json.md (the verdict words, the field names) and one
JSON Schema per command in ordertheory/cli/schemas/."""


def _process_start() -> float:
    """When this process started, on the clock of :func:`time.monotonic` (start-up is on the
    clock of ``--timeout``); now, where the kernel does not say."""
    now = time.monotonic()
    try:
        with open("/proc/self/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # seconds after boot
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - started
    except (OSError, ValueError, IndexError, AttributeError):
        return now
    return now - age if 0 <= age < 60 else now


STARTED = _process_start()
TIMEOUT_HELP = ("seconds for the whole command, start-up included (default {default:g}); what is not settled by "
                "then is unknown, with the reason")


def seconds(text: str) -> float:
    """An argparse type for a number of seconds: finite, > 0 (else a one-line error)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds but got {text!r}") from None
    if not math.isfinite(value) or value <= 0 or value > 10**7:
        raise argparse.ArgumentTypeError(f"expected a number of seconds in (0, 1e7] but got {text!r}")
    return value


def positive_int(text: str) -> int:
    """An argparse type for a count >= 1 (``--jobs``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1 but got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1 but got {text!r}")
    return value


def add_timeout(parser, default: float, depends: Callable[[argparse.Namespace], float] | None = None,
                says: str = "") -> None:
    """``--timeout T``: the one meaning, the whole command (see :func:`time_left`). A default that
    depends on other options is ``depends(args)``, described by ``says`` (e.g. "60; 600 with --over-tile")."""
    help = TIMEOUT_HELP.format(default=default)
    if depends is not None:
        help = help.replace(f"(default {default:g})", f"(default {says})")
        parser.set_defaults(timeout_default=depends)
    parser.add_argument("--timeout", type=seconds, default=None if depends else default, metavar="T", help=help)


def resolve_timeout(args) -> float | None:
    """The command's ``--timeout`` with its default filled in (None for a command without one)."""
    if getattr(args, "timeout", None) is None and hasattr(args, "timeout_default"):
        args.timeout = args.timeout_default(args)
    return getattr(args, "timeout", None)


def deadline(args) -> float:
    """The moment (:func:`time.monotonic`) the command's ``--timeout`` ends: start-up counts (the
    process's start, or the call of :func:`ordertheory.cli.main` that parsed ``args``)."""
    return getattr(args, "started", STARTED) + resolve_timeout(args)


def time_left(args) -> float:
    """Seconds left before the command's ``--timeout`` (>= 0): the budget to hand to its work."""
    return max(0.0, deadline(args) - time.monotonic())


def default_jobs() -> int:
    """The one default of ``--jobs``: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def add_jobs(parser, what: str = "parallel worker processes") -> None:
    """``--jobs N``: worker processes, by default as many as the cores this process may use."""
    parser.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                        help=f"{what} (default: the cores available, {default_jobs()} here)")


def jobs(args) -> int:
    """``--jobs`` or its default."""
    return args.jobs or default_jobs()


@contextmanager
def heartbeat(what: str, after: float = 2.0, every: float = 3.0):
    """While the block runs, a line on stderr once it has taken ``after`` seconds, then every
    ``every`` seconds: for commands whose work is one call with no steps to report.

    >>> with heartbeat("nothing"):
    ...     pass
    """
    import threading

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
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ordertheory")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0+unknown"


def exit_code(verdict) -> int:
    """The one map from a verdict (:class:`~ordertheory.engine.result.Verdict`) to an exit code."""
    from ordertheory.engine.result import Verdict

    return {Verdict.PROVED: EXIT_OK, Verdict.REFUTED: EXIT_REFUTED, Verdict.UNKNOWN: EXIT_UNKNOWN}[verdict]


def emit_json(payload: dict) -> None:
    """Print a command's JSON: always an object, with ``ordertheory_version`` first and a
    ``verdict`` among the words of :class:`~ordertheory.cli.vocabulary.Word` (docs/json.md)."""
    doc = {"ordertheory_version": package_version(), **payload}
    check_payload(doc)
    try:  # plain data (the error object) needs no import: the package's encoder only for its objects
        text = json.dumps(doc, indent=2, ensure_ascii=False, default=_jsonable)
    except TypeError:  # keys that are not text
        text = json.dumps(_jsonable(doc), indent=2, ensure_ascii=False)
    watchdog.answering()  # the watchdog now lets it finish, and its supervisor prints no second answer
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _jsonable(obj):
    from ordertheory.engine.result import jsonable

    return jsonable(obj)


def emitted() -> bool:
    """Whether the command has started writing its JSON answer (or its one-line refusal)."""
    return watchdog.is_answering()


def score_from(text: str, space, structured: bool = False):
    """A catalogue slug or alias (``-SLUG``, ``neg_SLUG``: its negation), or a formula in the outcome
    names of ``space``: the CLI's one score reader (every slug ``ordertheory scores`` lists, near misses
    answered "did you mean"); ``structured``: a catalogue k-class score by its class sums at any k."""
    from ordertheory.catalogue import as_score

    return as_score(text, space, structured)


def score_name(text: str, X) -> str:
    """How the output names a score: as typed, with k on a k-class space (its formula, which runs to
    thousands of characters on 10 classes, only with --verbose)."""
    k = X.k if hasattr(X, "k") else X.space.classes
    return f"{text.strip()} (k = {k})" if k and k > 2 else text.strip()


def formula_of(X) -> str:
    """A score's formula as printed: a k-class catalogue score by its class sums (short at any k),
    any other by its expression."""
    if hasattr(X, "form") or not hasattr(X, "expr"):  # a ClassScore: its class sums; a LevelScore: its form in words
        return X.formula
    from ordertheory.catalogue.class_forms import form_of

    form = form_of(X.name) if X.space.classes and X.space.classes > 2 else None
    return form.at(X.space.classes).formula if form is not None and not form.weighted else str(X.expr)



def performance_set(args, symbolic: bool = False, structured: bool = False):
    """(space, Π) from --space, --satisfaction, --prior, --rate and --constraint: a prior and a rate
    hold at once.

    ``--prior`` and ``--rate`` are read by the one setting parser (:mod:`ordertheory.sets.settings`:
    P or prior=P on two classes, priors=p1,…, uniform, all; a bare list p1,…,pk stands for
    priors=p1,…,pk; ``--rate T`` fixes the rate of positive predictions, or every prediction rate),
    and Π carries the setting's one label. With ``symbolic`` P and T may be the names p and tau (the
    importance derivation and compare keep them symbolic); otherwise a name is a one-line error.
    Past :data:`~ordertheory.scores.class_score.SYMBOLIC_MAX_CLASSES` classes Π is not written with k²
    coordinates: with ``structured`` (the commands that check k-class scores by their structure) it
    is a :class:`~ordertheory.sets.class_pi.ClassPi`, else the command is past a resource guard
    (unknown, with the reason)."""
    from ordertheory.scores.class_score import SYMBOLIC_MAX_CLASSES
    from ordertheory.sets.performance_set import with_constraints
    from ordertheory.sets.settings import from_options
    from ordertheory.spaces.sample_space import from_name

    space = from_name(args.space or "binary")
    if getattr(args, "satisfaction", None):
        from ordertheory.cli.satisfaction import read_satisfaction, satisfaction_rows

        if space.classes:  # a k × k matrix file replaces S (k from the file)
            space = read_satisfaction(args.satisfaction)
        else:  # scored:L, selective:K: rows of S in the space's own layout
            space = satisfaction_rows(space, args.satisfaction)
    st = from_options(args.prior, getattr(args, "rate", None), symbolic).on(space)  # a one-line error first
    if space.classes and space.classes > SYMBOLIC_MAX_CLASSES:
        return space, _class_set(args, space, st, structured)
    Pi = st.performance_set(space)
    if args.constraint:
        Pi = with_constraints(Pi, args.constraint)
    return space, Pi


def _class_set(args, space, st, structured: bool):
    """Π on many classes, by its structure: every performance or fixed class priors."""
    from ordertheory.errors import ResourceLimit

    k = space.classes
    if not structured or not space.is_crisp_multiclass:
        raise ResourceLimit(f"too large to write out: Π on {k} classes has {k * k} coordinates; this command "
                            "needs them (check and rank decide catalogue k-class scores at any k)")
    Pi = None if getattr(args, "constraint", None) else st.class_pi(space)
    if Pi is None:
        raise InvalidInput(f"--constraint and --rate are not supported on {k} classes (Π is all performances "
                           "or fixed priors)")
    return Pi


def add_rate_option(parser) -> None:
    """``--rate``, beside ``--prior``: the fixed prediction rate(s) of the positive class / every class."""
    parser.add_argument("--rate", help="fixed rate of positive predictions T = fp + tp (binary) or comma-separated "
                                       "prediction rates of every class; with --prior both hold")



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


_SLUG_SHAPED = re.compile(r"(-|−)?\s*[A-Za-z][A-Za-z0-9_.]*(@\S*)?")  # −SLUG too (a name, not a formula)


def score_text(text: str) -> str:
    """The argparse type of a score argument: a formula whose syntax the parser would refuse fails
    here, before any heavy import; a slug-shaped word (``f_beta_0.5``) is left to the catalogue,
    which answers "did you mean …" for a near miss (:func:`score_from`)."""
    if not _SLUG_SHAPED.fullmatch(text.strip()):
        try:
            check_shape(text)
        except ExpressionError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def witness_lines(witness, indent: int = 6) -> list[str]:
    """A witness as every command prints it — the layout of ``check``: one fact per line
    (performances, λ, values exact ≈ decimal, what is violated), indented under its verdict."""
    if hasattr(witness, "lines"):
        lines = witness.lines()
    elif isinstance(witness, dict):  # a claim's counterexample: {name: exact text or a performance}
        lines = [f"{k} = {_fact(v)}" for k, v in witness.items()]
    else:
        lines = [str(witness)]
    return [" " * indent + line for line in lines]


def _fact(value) -> str:
    """``(tn=1/3, fp=0)`` for a performance, ``8/23 ≈ 0.347826`` for an exact fraction, else the text."""
    if isinstance(value, dict):
        return "(" + ", ".join(f"{k}={v}" for k, v in value.items()) + ")"
    try:
        q = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return str(value)
    return str(value) if q.denominator == 1 else f"{value} ≈ {float(q):.6g}"


def score_json(text: str, X) -> dict:
    """A score in JSON (docs/json.md): as typed, and the formula it was read as."""
    from ordertheory.ranking.rank_answer import score_json as library_score_json

    return library_score_json(text, X)


def score_heading(name: str, text: str, X) -> str:
    """``X = f1: 2*tp/(fn + fp + 2*tp)`` — the score as typed, then its formula when they differ."""
    formula = X.formula if hasattr(X, "formula") else str(X)
    loss = "  (a loss: lower is better)" if getattr(getattr(X, "direction", None), "value", "") == "lower" else ""
    return f"{name} = {text.strip()}" + ("" if formula == text.strip() else f": {formula}") + loss


BINS_COMMANDS = ("advise", "check", "compare", "importance", "paper", "rank", "tasks", "tau", "tile")
SCORE_ARGS = ("expr", "X", "Y", "score", "scores", "only")  # where a command holds its score texts


def add_bins(parser) -> None:
    """``--bins N``: the ECE's number of equal-width bins, on every command that takes a score."""
    parser.add_argument("--bins", type=int, metavar="N", help="the ECE's equal-width bins of the positive class's "
                        "probability, [i/N, (i+1)/N) with the last closed (default 15; ece@N says the same)")


def apply_bins(args) -> None:
    """Read --bins into the command's score texts (``ece`` → ``ece@N``), or say in one line that no score
    given is the ECE."""
    bins = getattr(args, "bins", None)
    if bins is None:
        return
    from ordertheory.catalogue.scoring.level_score import names_ece, with_bins

    seen = False
    for name in SCORE_ARGS:
        value = getattr(args, name, None)
        parts = (value.split(",") if name == "scores" else [value]) if isinstance(value, str) else value
        if isinstance(parts, list):
            seen |= any(names_ece(p) for p in parts)
            new = [with_bins(p, bins) for p in parts]
            setattr(args, name, ",".join(new) if name == "scores" else new[0] if isinstance(value, str) else new)
    if not seen:
        raise InvalidInput(f"--bins {bins} is the ECE's number of bins, but no score given is the ECE (ece)")
