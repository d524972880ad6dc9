"""``ordertheory tile FILE --map value|rank|winner|correlation``: the Tile's maps (NUMERIC, vectorised)."""

from __future__ import annotations

import argparse
from fractions import Fraction

from ordertheory.cli._leaderboard import FORMATS, load, score
from ordertheory.cli.common import EXIT_OK, add_timeout, emit_json, score_text
from ordertheory.errors import InvalidInput

EPILOG = """Maps on the grid a, b in {0, 1/(N-1), ..., 1} (a horizontal, b vertical): value or rank of one
entity (--entity), the winner at each point, or Kendall's tau-b between a score X (--score) and R_(a,b)
over the entities. Values and tau are floats (numeric maps); ranks and winners at grid points are exact,
drawn from the frontiers and first-place regions of the Tile's geometry. --skill hatches where the
leader (every entity ranked first there) is at most level with a trivial classifier of its own test
set (always negative, always positive: no skill at the top) — and where --entity is strictly below
one — draws the no-skill
curve of the leaderboard's prior(s), and names the entities below a trivial classifier everywhere
(TPR < FPR, certified by the hull theorem) instead of hatching for them.
--family macro-micro draws the two-parameter family of importances on k classes as a Tile: a moves the
successes' weights from micro (1) to macro (1/(k·π_c)), b the errors' (see winners --help).
JSON: {ordertheory_version, verdict: "numeric", map, resolution, summary, out, below_trivial_everywhere
(with --skill: [{entity, certificate}])}; with the winner map, summary.share is the exact share of
pixels, summary.first_share the share of the Tile (see winners).

exit codes: 0 map computed, 2 bad input.""" + "\n\n" + FORMATS


def register(subparsers) -> None:
    s = subparsers.add_parser("tile", help="the Tile of ranking scores R_{a,b}: value, rank, winner, correlation maps",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("file", help="two-class leaderboard (.json or .csv)")
    s.add_argument("--map", required=True, choices=["value", "rank", "winner", "correlation"])
    s.add_argument("--entity", help="the entity of a value or rank map")
    s.add_argument("--score", type=score_text, help="the score X of a correlation map (catalogue slug or formula)")
    s.add_argument("--resolution", type=int, default=201, help="grid points per axis (default 201)")
    s.add_argument("--decimals", type=int, help="round non-integer numbers to N decimals (default: exact)")
    s.add_argument("--out", help="write the map as a PNG (needs matplotlib: the 'plot' extra)")
    s.add_argument("--skill", action="store_true",
                   help="hatch where the leader is at most level with a trivial classifier, draw the no-skill curve "
                        "(with --out) "
                        "and name the entities below a trivial classifier everywhere")
    s.add_argument("--family", choices=["macro-micro"],
                   help="a k-class leaderboard's two-parameter family of importances, drawn as a Tile (a: successes "
                        "micro to macro, b: errors micro to macro)")
    add_timeout(s, 300.0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


#: how the human output names each figure of a map's summary
LABELS = {"min": "smallest value", "max": "largest value", "best_on_grid": "best rank", "worst_on_grid": "worst rank",
          "share_ranked_first": "share of the grid where it ranks first", "tau_min": "τ_min", "tau_max": "τ_max"}


def _point(grid, flat: int) -> dict:
    n = grid.shape[0]
    j, i = divmod(int(flat), n)
    return {"a": str(Fraction(i, n - 1)), "b": str(Fraction(j, n - 1))}


def _overlays(lb, n: int, args):
    from ordertheory.ranking.tile_maps.skill import no_skill_curve, skill_masks

    e = lb.index(args.entity) if args.entity else None
    m = skill_masks(lb, n, e)
    masks = {"no skill at the top: the leader at most level with a trivial classifier": m["leader"]}
    if e is not None:
        masks = {f"{args.entity} below a trivial classifier": m["entity"], **masks}
    priors = sorted({P["fn"] + P["tp"] for P in lb.performances})
    shown = priors if len(priors) == 1 else [priors[0], priors[-1]]
    labels = {f"{float(p):.6g}": p for p in shown}  # priors equal to 6 digits: one curve
    curves = [(*no_skill_curve(p), f"no-skill curve, π₊ = {k}") for k, p in labels.items()]
    return curves, masks


def run(args) -> int:
    import numpy as np  # not at start-up: --help and a bad option answer without numpy

    from ordertheory.ranking.tile import tile
    from ordertheory.ranking.tile_maps import raster
    lb = load(args)
    x = None
    if args.map == "correlation" and args.score:  # the score is read on the entities' own performances
        X = score(args.score, lb.space)
        x = [X.value_or_none(P) for P in lb.performances]
    if args.family:
        from ordertheory.ranking.tile_k.families import Family, reduce

        if args.skill:
            raise InvalidInput("--skill draws the trivial classifiers of two classes: not with --family")
        lb = reduce(lb, Family(args.family)).pseudo
    n = args.resolution
    tile.check_tile_input(lb, n)
    if args.map in ("value", "rank") and not args.entity:
        raise InvalidInput(f"--map {args.map} needs --entity NAME (one of the leaderboard's entities)")
    if args.map == "correlation" and not args.score:
        raise InvalidInput("--map correlation needs --score X")
    summary: dict = {}
    if args.map == "value":
        grid = tile.values(lb, n, args.entity)
        summary = {"min": float(np.nanmin(grid)), "min_at": _point(grid, np.nanargmin(grid)),
                   "max": float(np.nanmax(grid)), "max_at": _point(grid, np.nanargmax(grid))}
        title = f"R_(a,b) of {args.entity}"
    elif args.map == "rank":
        grid = tile.rank_map(lb, args.entity, n)
        ok = np.where(grid > 0, grid, np.iinfo(np.int32).max)
        summary = {"best_on_grid": int(ok.min()), "best_at": _point(grid, np.argmin(ok)),
                   "worst_on_grid": int(grid.max()), "worst_at": _point(grid, np.argmax(grid)),
                   "share_ranked_first": float(np.mean(grid == 1))}
        title = f"rank of {args.entity} (1 = best)"
    elif args.map == "winner":
        grid = raster.winner_map(lb, n)
        ids, counts = np.unique(grid, return_counts=True)
        summary = {"share": {lb.names[int(i)]: round(float(c) / grid.size, 6) for i, c in zip(ids, counts)}}
        title = "winner of R_(a,b)"
    else:
        grid = tile.correlation_map(lb, x, n)
        summary = {"tau_min": float(np.nanmin(grid)), "tau_min_at": _point(grid, np.nanargmin(grid)),
                   "tau_max": float(np.nanmax(grid)), "tau_max_at": _point(grid, np.nanargmax(grid))}
        title = f"Kendall τ-b between {args.score} and R_(a,b)"
    if args.family:
        title += f" — the family {args.family}: a = successes micro → macro, b = errors micro → macro"
    below = ()
    if args.skill:
        from ordertheory.ranking.tile_maps.skill import below_everywhere

        below = below_everywhere(lb)
    if args.out:
        from ordertheory.ranking.tile_maps.plot import NAMED, draw, positions

        marks = positions(NAMED) if not args.family else {"accuracy": (0, 0), "balanced accuracy": (1, 1)}
        curves, masks = _overlays(lb, n, args) if args.skill else (None, None)
        axes = (("a   (successes weigh (1 − a) + a/(k·π_c))", "b   (errors of class c weigh (1 − b) + b/(k·π_c))")
                if args.family else None)
        draw(grid, title, args.map, args.out, marks, lb.names, curves, masks, axes)
    if args.json:
        emit_json({"verdict": "numeric", "map": args.map, "resolution": n, "entity": args.entity,
                   "score": args.score, "summary": summary, "out": args.out,
                   **({"family": args.family} if args.family else {}),
                   **({"below_trivial_everywhere": [{"entity": e, "certificate": c} for e, c in below]}
                      if args.skill else {})})
    else:
        print(f"{title} on a {n} x {n} grid (numeric: floats; ranks at grid points exact):")
        for k, v in summary.items():
            if k == "share":
                print(f"  {'share':>8}  entity ranked first")
                for name, sh in sorted(v.items(), key=lambda t: -t[1]):
                    print(f"  {sh:8.2%}  {name}")
            elif not k.endswith("_at"):
                at = summary.get(k.replace("_on_grid", "") + "_at")
                where = f" at (a, b) = ({at['a']}, {at['b']})" if at else ""
                shown = f"{v:.2%}" if k.startswith("share") else f"{v:.6g}" if isinstance(v, float) else str(v)
                print(f"  {LABELS.get(k, k)} = {shown}{where}")
        for e, c in below:
            print(f"  below a trivial classifier everywhere (not hatched): {e} — {c}")
        if args.out:
            print(f"written to {args.out}")
    return EXIT_OK
