"""Command-line interface: the parser assembled from one module per subcommand, and :func:`main`.

Subcommands wire the package together, nothing more. Exit codes are listed once, in
:data:`ordertheory.cli.common.EXIT_CODES` (and in ``--help``); every command maps its verdict to one
with :func:`ordertheory.cli.common.exit_code` and prints its JSON with
:func:`ordertheory.cli.common.emit_json`. Errors are one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
import time

from ordertheory.cli import watchdog
from ordertheory.cli.common import (
    BINS_COMMANDS,
    EXIT_BAD_INPUT,
    EXIT_CODES,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_UNKNOWN,
    STARTED,
    add_bins,
    apply_bins,
    deadline,
    emit_json,
    emitted,
    no_cache,
    package_version,
    resolve_timeout,
)
from ordertheory.cli.vocabulary import error_object, stopped_object
from ordertheory.errors import OrderTheoryError, ResourceLimit, did_you_mean

# One module per subcommand (ordertheory/cli/<name>.py), each with ``register(subparsers)`` adding its
# parser (``set_defaults(func=run)``) and ``run(args) -> int``; in the order ``--help`` lists them.
# A command module imports the standard library only at its top (``--help`` before sympy and z3).
COMMAND_MODULES: tuple[str, ...] = ("scores", "check", "table1", "importance", "tau", "claims", "paper", "explain",
                                    "lemmas", "cases", "preorders", "replay", "prove", "compare", "rank", "tile",
                                    "winners", "tasks", "sweep", "catalogue", "literature", "advise", "exercise", "export",
                                    "serve")

EPILOG = EXIT_CODES


class UsageError(OrderTheoryError):
    """A command line argparse refused (exit 2, like any bad input)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2: main() prints it (as JSON under --json)
        raise UsageError(f"{message}{_near_miss(self, message)} (see {self.prog} --help)")


def _near_miss(parser: argparse.ArgumentParser, message: str) -> str:
    """"did you mean …" for a mistyped command, choice or option; for an option that other
    commands have but this one lacks, says so (and what this command's output is)."""
    m = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
    if m:
        return did_you_mean(m.group(1), re.findall(r"'([^']*)'", m.group(2)))
    m = re.search(r"unrecognized arguments: (--[\w-]+)", message)
    if m:
        return _unknown_option(parser, m.group(1))
    return ""


def _long_options(parser: argparse.ArgumentParser) -> set[str]:
    return {o for a in parser._actions for o in a.option_strings if o.startswith("--")}


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return {n: c for a in parser._actions if isinstance(a, argparse._SubParsersAction) for n, c in a.choices.items()}


def _unknown_option(parser: argparse.ArgumentParser, option: str) -> str:
    """Why ``option`` is refused: when other commands have it, this one lacks it, and the answer
    names them (``serve --json`` was answered "did you mean --version?"); else a typo, with the
    nearest of this command's own options."""
    commands = _commands(parser)
    if len(commands) != 1:  # the parser of every command: no command to speak of
        return did_you_mean(option, _long_options(parser).union(*map(_long_options, commands.values())))
    ((name, sub),) = commands.items()
    others = [n for n, c in _commands(build_parser()).items() if n != name and option in _long_options(c)]
    if not others:  # a typo: the nearest of this command's own options
        return did_you_mean(option, _long_options(parser) | _long_options(sub))
    shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
    output = getattr(importlib.import_module(f"ordertheory.cli.{name}"), "OUTPUT", None)
    return (f"; {name} has no {option} (an option of {shown})"
            + (f"; its output is {output}" if output else ""))


class _Version(argparse.Action):
    """``--version``: the installed version, read only when asked (importlib.metadata is not free)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"ordertheory {package_version()}")
        parser.exit()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of the command ``only`` alone (what :func:`main` needs once
    it has seen the command's name: start-up skips building the other eighteen)."""
    p = _Parser(prog="ordertheory", description="Machine-checked performance-based ranking.",
                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action=_Version, help="print the version and exit")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    for name in (only,) if only in COMMAND_MODULES else COMMAND_MODULES:
        importlib.import_module(f"ordertheory.cli.{name}").register(sub)
    from ordertheory.cli._leaderboard import LEADERBOARD_COMMANDS, add_pos_label

    for name in LEADERBOARD_COMMANDS:  # one shared --pos-label, added here for every leaderboard command
        if name in sub.choices:
            add_pos_label(sub.choices[name])
    for name in BINS_COMMANDS:  # one shared --bins (the ECE's), for every command that takes a score
        if name in sub.choices:
            add_bins(sub.choices[name])
    return p


def _negative_expressions(argv: list[str]) -> list[str]:
    """A leading space keeps argparse from reading an expression such as ``-(2*tp/(tp+fn))`` as an
    option: a single-dash word other than ``-h`` is always an expression here (no short options)."""
    return [f" {a}" if a.startswith("-") and not a.startswith("--") and a != "-h" and len(a) > 1 else a
            for a in argv]


def _fail(message: str, code: int, as_json: bool) -> int:
    """A command that could not run: one line on stderr, and the JSON error object under --json."""
    if as_json:
        emit_json(error_object(message, code))
    watchdog.answering()
    print(f"{'error' if code == EXIT_BAD_INPUT else 'internal error'}: {message}", file=sys.stderr)
    return code


def _stopped(reason: str, why: str, as_json: bool) -> int:
    """A command stopped before its end: unknown, with the reason (exit 3)."""
    if as_json:
        emit_json(stopped_object(reason, why))
    else:
        watchdog.answering()
        print(f"=> unknown: {reason}")
    print(f"unknown: {reason}", file=sys.stderr)
    return EXIT_UNKNOWN


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code (so that tests can call it: with ``argv`` given, the
    watchdog of ``--timeout`` raises in the command but never ends the calling process).

    A real command (``argv`` None) with a ``--timeout`` runs in a child of a supervising process,
    forked here — after the parser, before any heavy import — which ends it at the deadline plus
    :data:`~ordertheory.cli.watchdog.HARD` seconds whatever it is doing (:func:`watchdog.supervise`)."""
    real, called = argv is None, time.monotonic()
    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in argv
    args, late = None, ""
    watchdog.reset()
    try:
        command = next((a for a in argv if not a.startswith("-")), None)
        args = build_parser(command).parse_args(_negative_expressions(argv))
        args.started = STARTED if real else called  # --timeout counts from here
        apply_bins(args)
        as_json = bool(getattr(args, "json", False))
        limit = deadline(args) if resolve_timeout(args) else None
        late = (f"the command's --timeout of {args.timeout:g} s (start-up included) was reached before it "
                "ended; what it printed before stands") if limit is not None else ""
        supervised = real and limit is not None and watchdog.supervise(limit, lambda: _stopped(late, "deadline",
                                                                                                as_json))
        with watchdog.armed(limit, lambda: _stopped(late, "deadline", as_json), hard=real and not supervised,
                            finished=emitted):
            if getattr(args, "no_cache", False):  # inherited by every process the command starts
                with no_cache():
                    return args.func(args)
            return args.func(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    except watchdog.DeadlineReached:
        return _past_deadline(late, as_json)
    except ResourceLimit as exc:  # a valid question past a resource guard: unknown, with the reason
        return _stopped(str(exc), "resource_limit", as_json)
    except OrderTheoryError as exc:
        if watchdog.fired():
            return _past_deadline(late, as_json)
        return _fail(str(exc), EXIT_BAD_INPUT, as_json)
    except UnicodeDecodeError as exc:  # only a user's file is decoded: bad input, not a bug
        return _fail(f"an input file is not UTF-8 text ({exc.reason} at byte {exc.start})", EXIT_BAD_INPUT, as_json)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into head & co.
        sys.stderr.close()
        return EXIT_OK
    except Exception as exc:  # a bug: one line, the traceback only on request
        if watchdog.fired():  # e.g. "ImportError: initialization failed": an import stopped by the alarm
            return _past_deadline(late, as_json)
        if os.environ.get("ORDERTHEORY_DEBUG"):
            raise
        return _fail(f"{type(exc).__name__}: {exc} (set ORDERTHEORY_DEBUG=1 for the traceback)", EXIT_INTERNAL,
                     as_json)


def _past_deadline(late: str, as_json: bool) -> int:
    """The command's --timeout passed: its children killed, the answer unknown with the reason."""
    watchdog.kill_descendants()
    return _stopped(late, "deadline", as_json)
