"""`ordertheory serve`: the playground in the browser (a local web application; needs the 'serve' extra).

Starlette serves the pages and uvicorn runs it: both well kept, small, and ASGI (so a request waits
for a worker without holding a thread). Every computation runs in a worker process killed at its
deadline; the server writes only inside one temporary folder, removed when it stops.
"""

from __future__ import annotations

import argparse
import ipaddress
import signal
import sys
import tempfile
from pathlib import Path

from ordertheory.cli.common import EXIT_OK
from ordertheory.errors import InvalidInput

EPILOG = """pages: / (order statements, readable proofs, counter-models, exercises), /score (may I rank with
this score? witness on the ROC plane, importance, Tile position), /leaderboard (every file `rank` ranks:
leaderboards of two or k classes, dense or sparse, per-sample predictions and scores, multi-task tables;
the same JSON as rank --json, winners, the Tile's winner map), /tasks (a benchmark: what `tasks` computes,
the same JSON as tasks --json, the critical-difference diagram). JSON endpoints under /api (see
ordertheory/playground/app.py).

limits: binds to 127.0.0.1 unless --host names another address and --allow-remote is given; JSON
bodies up to 64 KiB, uploads up to 2 MiB (413 beyond); --workers computations at once, --queue more
may wait (503 beyond); each computation stops at its deadline (prove 10 s, exercises 10 s, judge 25 s,
score 40 s, leaderboard 60 s, tasks 60 s: 504, unknown). Bad input gets the CLI's one-line error (400).
Ctrl-C (SIGINT) or SIGTERM stops it and removes its temporary folder, uploads included.

exit codes: 0 stopped by SIGTERM, 130 by Ctrl-C, 2 bad input (e.g. the serve extra is missing)"""
OUTPUT = "a web application at http://HOST:PORT/ (its JSON endpoints are under /api), not text"


def register(subparsers) -> None:
    s = subparsers.add_parser("serve", help="the playground: order statements, my score, a leaderboard, in the browser",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free port)")
    s.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    s.add_argument("--allow-remote", action="store_true", help="allow a --host that is not a loopback address")
    s.add_argument("--workers", type=int, default=2, help="worker processes: computations at once (default 2)")
    s.add_argument("--queue", type=int, default=6, help="requests that may wait for a worker (default 6)")
    s.set_defaults(func=run)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Terminated(SystemExit):
    """SIGTERM: the server stops as on Ctrl-C, and its temporary folder is removed."""


def _terminated(signum, frame) -> None:
    raise Terminated(EXIT_OK)


def run(args) -> int:
    try:
        import uvicorn

        from ordertheory.playground.app import create_app
        from ordertheory.playground.limits import Limits
    except ImportError as exc:
        raise InvalidInput(f"the playground needs the 'serve' extra: pip install 'ordertheory[serve]' ({exc.name} "
                           "is missing)") from None
    if not _loopback(args.host) and not args.allow_remote:
        raise InvalidInput(f"--host {args.host} is not a loopback address; add --allow-remote to serve other machines")
    if not 0 <= args.port <= 65535:
        raise InvalidInput(f"expected --port between 0 and 65535 but got {args.port}")
    if not 1 <= args.workers <= 16 or not 0 <= args.queue <= 256:
        raise InvalidInput("expected 1 <= --workers <= 16 and 0 <= --queue <= 256")
    limits = Limits(workers=args.workers, queue=args.queue)
    # uvicorn stops on SIGTERM as on SIGINT, then raises the signal again once it has stopped: with
    # SIGTERM's default action the process would end there, its temporary folder (uploads included) left
    # behind; this handler makes it unwind like Ctrl-C, through the folder's removal
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        with tempfile.TemporaryDirectory(prefix="ordertheory-serve-") as tmp:
            app = create_app(Path(tmp), limits)
            print(f"ordertheory playground on http://{args.host}:{args.port}/ (temporary folder {tmp}; Ctrl-C stops)",
                  file=sys.stderr, flush=True)
            uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                        limit_concurrency=limits.connections, timeout_keep_alive=5,
                        h11_max_incomplete_event_size=16 * 1024)
    finally:
        signal.signal(signal.SIGTERM, previous)
    return 0
