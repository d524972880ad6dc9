"""``ordertheory scores``: the catalogue of named scores, listed."""

from __future__ import annotations

from ordertheory.cli.common import EXIT_OK, add_timeout, emit_json

# the kinds of catalogue entries (ordertheory.catalogue.entry.KINDS, written out so that --help imports no sympy)
ENTRY_KINDS = ("binary", "decision", "multiclass", "scored", "selective", "thresholded")


def register(subparsers) -> None:
    s = subparsers.add_parser("scores", help="list the catalogue of named scores")
    s.add_argument("--kind", choices=ENTRY_KINDS)
    s.add_argument("--json", action="store_true")
    add_timeout(s, 60.0)
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.catalogue import TABLE1, all_entries

    rows = []
    for e in all_entries(args.kind):
        row = {"slug": e.slug, "name": e.name, "kind": e.kind, "aliases": list(e.aliases),
               "table1": e.slug in TABLE1, "source": e.source}
        if args.json:  # formulas and domains are sympy's work: only where they are printed
            X = e.score()
            row.update({"formula": str(X.expr), "domain": [str(c) for c in X.conditions]})
        rows.append(row)
    if args.json:
        emit_json({"verdict": "listed", "scores": rows})
    else:
        kinds = list(dict.fromkeys(r["kind"] for r in rows))
        width = max((len(r["slug"]) for r in rows), default=4) + 2
        for i, kind in enumerate(kinds):
            of = [r for r in rows if r["kind"] == kind]
            print(("\n" if i else "") + f"{KIND_TITLES.get(kind, kind)} ({len(of)})")
            print(f"  {'slug':<{width}}name (aliases)")
            for r in of:
                alias = f" ({', '.join(r['aliases'])})" if r["aliases"] else ""
                print(f"  {r['slug']:<{width}}{r['name']}{alias}")
        print(f"\n{len(rows)} scores: " + ", ".join(f"{sum(r['kind'] == k for r in rows)} {k}" for k in kinds)
              + "; use a slug or an alias in any command (check, importance, compare, rank, paper --only ...)")
    return EXIT_OK


#: how the listing heads each kind of catalogue entry
KIND_TITLES = {"binary": "two classes (Ω = tn, fp, fn, tp)", "multiclass": "k classes (multiclass:K, any K ≥ 2)"}
