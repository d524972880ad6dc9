"""``ordertheory preorders``: the preorders on N labelled elements, counted; ``--list`` and ``--draw``
show each one (labelled, or one per isomorphism class) for a few elements."""

from __future__ import annotations

import time

from ordertheory.cli.common import EXIT_OK, add_timeout, emit_json


def register(subparsers) -> None:
    s = subparsers.add_parser("preorders", help="count the preorders on N labelled elements (N ≤ 7); --list, --draw")
    s.add_argument("n", type=int)
    s.add_argument("--list", action="store_true", help="list each preorder (n <= 5): how every pair compares")
    s.add_argument("--draw", metavar="PNG", help="draw every preorder's Hasse diagram into PNG (n <= 4)")
    s.add_argument("--up-to-isomorphism", action="store_true", help="one preorder per isomorphism class")
    s.add_argument("--json", action="store_true")
    add_timeout(s, 60.0)
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.theory.preorders.counting import count_preorders

    if args.list or args.draw:  # every preorder on a few elements (reports.preorder_listing)
        return _list_preorders(args)

    t0 = time.perf_counter()
    n = count_preorders(args.n)
    dt = time.perf_counter() - t0
    if args.json:
        emit_json({"verdict": "computed", "n": args.n, "preorders": n, "seconds": round(dt, 4)})
    else:
        print(f"{n} preorders on {args.n} labelled elements ({dt:.3f} s)")
    return EXIT_OK


def _list_preorders(args) -> int:
    from ordertheory.reports.preorder_listing import listing, preorders_figure, relations
    from ordertheory.theory.preorders.hasse import save_png

    labelled = not args.up_to_isomorphism
    lines = listing(args.n, labelled)
    if args.draw:
        save_png(preorders_figure(args.n, labelled), args.draw)
    if args.json:
        emit_json({"verdict": "computed", "n": args.n, "labelled": labelled, "preorders": len(lines),
                   "relations": [sorted(r.le) for r in relations(args.n, labelled)], "drawn": args.draw})
    else:
        print("\n".join(lines) if args.list else f"{len(lines)} preorders")
        if args.draw:
            print(f"Hasse diagrams written to {args.draw}")
    return EXIT_OK
