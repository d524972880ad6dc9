"""``ordertheory preorders``: the preorders on N labelled elements, counted."""

from __future__ import annotations

import time

from ordertheory.cli.common import EXIT_OK, emit_json


def register(subparsers) -> None:
    s = subparsers.add_parser("preorders", help="count the preorders on N labelled elements (N ≤ 7)")
    s.add_argument("n", type=int)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.theory.preorders import count_preorders

    t0 = time.perf_counter()
    n = count_preorders(args.n)
    dt = time.perf_counter() - t0
    if args.json:
        emit_json({"verdict": "computed", "n": args.n, "preorders": n, "seconds": round(dt, 4)})
    else:
        print(f"{n} preorders on {args.n} labelled elements ({dt:.3f} s)")
    return EXIT_OK
