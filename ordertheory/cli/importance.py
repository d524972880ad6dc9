"""``ordertheory importance``: which importance does this score encode? (derived with sympy)."""

from __future__ import annotations

from ordertheory.cli.common import (
    add_timeout,
    emit_json,
    exit_code,
    performance_set,
    score_from,
    score_json,
    score_text,
    time_left,
)


def register(subparsers) -> None:
    s = subparsers.add_parser("importance", help="which importance does this score encode? (derived with sympy)",
                       epilog="JSON: {score, constraints, kind, importance, transform, monotone, tile, reason, domain}; "
                       "kind is ranking_score | monotone_transform | constant | none | unknown (plus ordertheory_version and "
                       "verdict: proved when an importance or a constant was derived). Exit 0 when an "
                       "importance (or a constant) was derived, 1 for none, 3 for unknown.")
    s.add_argument("expr", type=score_text, metavar="SCORE", help="a formula or a catalogue slug")
    s.add_argument("--space", default="binary", help="binary (default), multiclass:K or ordinal:K")
    s.add_argument("--satisfaction", help="file with a k × k matrix of rationals S(y=i, ŷ=j) (k classes)")
    s.add_argument("--prior", help="a fixed prior P, or a name (p) for a symbolic prior")
    s.add_argument("--rate", help="a fixed rate of positive predictions T, or a name (tau) for a symbolic rate; "
                                  "with --prior both hold")
    s.add_argument("--constraint", action="append", default=[])
    add_timeout(s, 20.0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.analyses.importance import Derivation, derive_importance
    from ordertheory.engine.deadline import TIMED_OUT, call_within

    space, Pi = performance_set(args, symbolic=True)
    X = score_from(args.expr, space)
    # sympy has no clock to look at (a prior and a rate both symbolic can take minutes): --timeout
    # bounds the whole derivation, and what it does not settle is unknown
    left = time_left(args)
    d = call_within(derive_importance, (X, Pi), {"timeout": 0.85 * left}, timeout=left)
    if d is TIMED_OUT:
        d = Derivation(args.expr, tuple(str(c) for c in Pi.constraints), "unknown",
                       reason=f"the derivation did not end within --timeout {args.timeout:g} s")
    verdict = d.verdict
    if args.json:
        emit_json({"verdict": verdict,
                   **d.to_json(), **score_json(args.expr, X)})
    else:
        for line in d.steps:
            print(line)
        where = {"differs": " on dom(X) ∩ Π only (the domains differ on Π)",
                 "unknown": " on dom(X) ∩ dom(R_I) ∩ Π (whether the domains agree on Π is undecided)"}
        said = d.reason in d.steps or d.witness is not None  # the steps already say why
        print(f"kind: {d.kind}" + where.get((d.domain or {}).get("status"), "")
              + (f" ({d.reason})" if d.reason and d.kind != "constant" and not said else ""))
        if d.importance:
            print("importance: " + ", ".join(f"I({o}) = {v}" for o, v in d.importance.items()))
        if d.transform is not None:
            print(f"transform: X = g(R_I) with g(r) = {d.transform}" + (f", {d.monotone}" if d.monotone else ""))
        if d.tile:
            print(f"Tile position: a = {d.tile['a']}, b = {d.tile['b']}")
    return exit_code(verdict)
