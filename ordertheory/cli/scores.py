"""``ordertheory scores``: the catalogue of named scores, listed."""

from __future__ import annotations

from ordertheory.cli.common import EXIT_OK, emit_json

# the kinds of catalogue entries (ordertheory.catalogue.entry.KINDS, written out so that --help imports no sympy)
ENTRY_KINDS = ("binary", "decision", "multiclass", "scored", "selective", "thresholded")


def register(subparsers) -> None:
    s = subparsers.add_parser("scores", help="list the catalogue of named scores")
    s.add_argument("--kind", choices=ENTRY_KINDS)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.catalogue import TABLE1, all_entries

    rows = []
    for e in all_entries(args.kind):
        X = e.score()
        rows.append({"slug": e.slug, "name": e.name, "kind": e.kind, "aliases": list(e.aliases),
                     "formula": str(X.expr), "domain": [str(c) for c in X.conditions],
                     "table1": e.slug in TABLE1, "source": e.source})
    if args.json:
        emit_json({"verdict": "listed", "scores": rows})
    else:
        for r in rows:
            alias = f" ({', '.join(r['aliases'])})" if r["aliases"] else ""
            print(f"{r['slug']:<28} {r['name']}{alias}")
        print(f"{len(rows)} scores")
    return EXIT_OK
