"""``ordertheory importance``: which importance does this score encode? (derived with sympy)."""

from __future__ import annotations

from ordertheory.cli.common import emit_json, exit_code, performance_set, score_from, seconds
from ordertheory.errors import OrderTheoryError


def register(subparsers) -> None:
    s = subparsers.add_parser("importance", help="which importance does this score encode? (derived with sympy)",
                       epilog="JSON: {score, constraints, kind, importance, transform, monotone, tile, reason, domain}; "
                       "kind is ranking_score | monotone_transform | constant | none | unknown (plus ordertheory_version and "
                       "verdict: proved when an importance or a constant was derived). Exit 0 when an "
                       "importance (or a constant) was derived, 1 for none, 3 for unknown.")
    s.add_argument("expr", help="a formula or a catalogue slug")
    s.add_argument("--space", default="binary", help="binary (default), multiclass:K or ordinal:K")
    s.add_argument("--satisfaction", help="file with a k × k matrix of rationals S(y=i, ŷ=j) (k classes)")
    s.add_argument("--prior", help="a fixed prior P, or a name (p) for a symbolic prior")
    s.add_argument("--constraint", action="append", default=[])
    s.add_argument("--timeout", type=seconds, default=20.0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.analyses.importance import ImportanceKind, derive_importance
    from ordertheory.engine.result import Verdict

    space, Pi = importance_set(args)
    X = score_from(args.expr, space)
    d = derive_importance(X, Pi, timeout=args.timeout)
    verdict = {ImportanceKind.RANKING_SCORE: Verdict.PROVED, ImportanceKind.MONOTONE_TRANSFORM: Verdict.PROVED,
               ImportanceKind.CONSTANT: Verdict.PROVED, ImportanceKind.NONE: Verdict.REFUTED}.get(d.kind, Verdict.UNKNOWN)
    if args.json:
        emit_json({"verdict": verdict,
                   **d.to_json(), "score": args.expr})
    else:
        for line in d.steps:
            print(line)
        where = {"differs": " on dom(X) ∩ Π only (the domains differ on Π)",
                 "unknown": " on dom(X) ∩ dom(R_I) ∩ Π (whether the domains agree on Π is undecided)"}
        print(f"kind: {d.kind}" + where.get((d.domain or {}).get("status"), "")
              + (f" ({d.reason})" if d.reason and d.kind != "constant" else ""))
        if d.importance:
            print("importance: " + ", ".join(f"I({o}) = {v}" for o, v in d.importance.items()))
        if d.transform is not None:
            print(f"transform: X = g(R_I) with g(r) = {d.transform}" + (f", {d.monotone}" if d.monotone else ""))
        if d.tile:
            print(f"Tile position: a = {d.tile['a']}, b = {d.tile['b']}")
    return exit_code(verdict)


def importance_set(args):
    """Π for ``importance``: a numeric prior, or a symbolic one (--prior p)."""
    import sympy

    from ordertheory.performance_set import Constraint, PerformanceSet
    from ordertheory.sample_space import from_name

    if args.prior is not None and args.prior.strip().isidentifier():
        space = from_name(args.space)
        if not space.is_binary:
            raise OrderTheoryError("a symbolic prior needs the binary space")
        name = args.prior.strip()
        if name not in ("p", "prior", "pi_pos"):
            raise OrderTheoryError(f"expected a symbolic prior named p, prior or pi_pos but got {name!r}")
        p = sympy.Symbol(name, positive=True)
        fn, tp = (sympy.Symbol(o, real=True, nonnegative=True) for o in ("fn", "tp"))
        return space, PerformanceSet(space, (Constraint(fn + tp - p, "==", f"fn + tp == {name}"),), f"prior={name}")
    return performance_set(args)
