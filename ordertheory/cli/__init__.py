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
import sys

from ordertheory.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_CODES,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_UNKNOWN,
    emit_json,
    no_cache,
    package_version,
)
from ordertheory.errors import OrderTheoryError, ResourceLimit

# One module per subcommand (ordertheory/cli/<name>.py), each with ``register(subparsers)`` adding its
# parser (``set_defaults(func=run)``) and ``run(args) -> int``; in the order ``--help`` lists them.
COMMAND_MODULES: tuple[str, ...] = ("scores", "check", "table1", "importance", "tau", "claims", "paper", "explain",
                                    "lemmas", "cases", "preorders", "replay", "prove", "compare", "rank", "tile",
                                    "winners", "sweep", "catalogue", "literature", "advise", "exercise", "serve")

EPILOG = EXIT_CODES


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        print(f"error: {message} (see --help)", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ordertheory", description="Machine-checked performance-based ranking.",
                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"ordertheory {package_version()}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    for name in COMMAND_MODULES:
        importlib.import_module(f"ordertheory.cli.{name}").register(sub)
    return p


def _negative_expressions(argv: list[str]) -> list[str]:
    """A leading space keeps argparse from reading an expression such as ``-(2*tp/(tp+fn))`` as an
    option: a single-dash word other than ``-h`` is always an expression here (no short options)."""
    return [f" {a}" if a.startswith("-") and not a.startswith("--") and a != "-h" and len(a) > 1 else a
            for a in argv]


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code (so that tests can call it)."""
    parser = build_parser()
    args = None
    try:
        args = parser.parse_args(_negative_expressions(sys.argv[1:] if argv is None else argv))
        if getattr(args, "no_cache", False):  # inherited by every process the command starts
            with no_cache():
                return args.func(args)
        return args.func(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    except ResourceLimit as exc:  # a valid question past a resource guard: unknown, with the reason
        if getattr(args, "json", False):
            emit_json({"verdict": "unknown", "reason": str(exc)})
        print(f"unknown: {exc}", file=sys.stderr)
        return EXIT_UNKNOWN
    except OrderTheoryError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into head & co.
        sys.stderr.close()
        return EXIT_OK
    except Exception as exc:  # a bug: one line, the traceback only on request
        if os.environ.get("ORDERTHEORY_DEBUG"):
            raise
        print(f"internal error: {type(exc).__name__}: {exc} (set ORDERTHEORY_DEBUG=1 for the traceback)",
              file=sys.stderr)
        return EXIT_INTERNAL
