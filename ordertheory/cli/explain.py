"""``ordertheory explain``: statement, status and explanation of an axiom, a lemma, a case, one of the
Tile's statements or one of the hull theorem's (who can rank first or last at one prior)."""

from __future__ import annotations

from ordertheory.cli.common import EXIT_OK, add_timeout, emit_json


def register(subparsers) -> None:
    s = subparsers.add_parser("explain", help="statement, status and explanation: explain case 13 | lemma 7 | axiom 2 | tile 3 | hull 7")
    s.add_argument("kind", choices=["case", "lemma", "axiom", "tile", "hull"])
    s.add_argument("n", type=int)
    add_timeout(s, 60.0)
    s.add_argument("--json", action="store_true", help="{ordertheory_version, verdict: listed, kind, n, text}")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.reports.explain import explain

    text = explain(args.kind, args.n)
    if args.json:
        emit_json({"verdict": "listed", "kind": args.kind, "n": args.n, "text": text})
    else:
        print(text)
    return EXIT_OK
