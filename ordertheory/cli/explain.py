"""``ordertheory explain``: statement, status and explanation of an axiom, a lemma, a case or one of the
Tile's statements."""

from __future__ import annotations

from ordertheory.cli.common import EXIT_OK


def register(subparsers) -> None:
    s = subparsers.add_parser("explain", help="statement, status and explanation: explain case 13 | lemma 7 | axiom 2 | tile 3")
    s.add_argument("kind", choices=["case", "lemma", "axiom", "tile"])
    s.add_argument("n", type=int)
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.reports.explain import explain

    print(explain(args.kind, args.n))
    return EXIT_OK
