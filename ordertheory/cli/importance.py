"""``ordertheory importance``: which importance does this score encode? (derived with sympy)."""

from __future__ import annotations

from ordertheory.cli.common import (
    SATISFACTION_HELP,
    SPACE_HELP,
    add_timeout,
    emit_json,
    exit_code,
    heartbeat,
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
                       "verdict: proved when an importance or a constant was derived), and satisfaction: the "
                       "satisfaction the score encodes when it is an expectation (the dual question). Exit 0 when an "
                       "importance (or a constant) was derived, 1 for none, 3 for unknown.")
    s.add_argument("expr", type=score_text, metavar="SCORE", help="a formula or a catalogue slug")
    s.add_argument("--space", default="binary", help=SPACE_HELP)
    s.add_argument("--satisfaction", help=SATISFACTION_HELP)
    s.add_argument("--prior", help="a setting (P or prior=P on two classes, priors=p1,...,pK, uniform), or a name "
                   "(p, prior, pi_pos) for a symbolic prior on the binary space")
    s.add_argument("--rate", help="a fixed rate of positive predictions T, or a name (tau) for a symbolic rate; "
                                  "with --prior both hold")
    s.add_argument("--constraint", action="append", default=[])
    add_timeout(s, 20.0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.analyses.importance.importance import (
        ImportanceDerivation,
        ImportanceKind,
        derive_importance,
    )
    from ordertheory.engine.deadline import call_within, own_budget

    space, Pi = performance_set(args, symbolic=True)
    X = score_from(args.expr, space)
    # sympy has no clock to look at (a prior and a rate both symbolic can take minutes): --timeout
    # bounds the whole derivation (start-up included), and what it does not settle is unknown
    left = max(0.1, time_left(args))
    with heartbeat(f"importance {args.expr}: deriving"):  # the call is stopped at its deadline
        done, d = call_within(derive_importance, 0.8 * left, X, Pi, timeout=own_budget(0.8 * left))
    if not done:
        d = ImportanceDerivation(args.expr, tuple(str(c) for c in Pi.constraints), ImportanceKind.UNKNOWN,
                       reason=f"deadline reached: the derivation did not end within --timeout {args.timeout:g} s")
    verdict = d.verdict
    sat = encoded(X, Pi, max(0.2, time_left(args) - 0.3))
    if args.json:
        emit_json({"verdict": verdict, **d.to_json(), **score_json(args.expr, X),
                   "satisfaction": sat.to_json() if sat is not None else None})
    else:
        for line in d.steps:
            print(line)
        where = {"differs": " on dom(X) ∩ Π only (the domains differ on Π)",
                 "unknown": " on dom(X) ∩ dom(R_I) ∩ Π (whether the domains agree on Π is undecided)"}
        said = d.reason in d.steps or d.witness is not None  # the steps already say why
        print(f"kind: {d.kind}" + where.get((d.domain or {}).get("status"), "")
              + (f" ({d.reason})" if d.reason and d.kind is not ImportanceKind.CONSTANT and not said else ""))
        if d.importance:
            print("importance: " + ", ".join(f"I({o}) = {v}" for o, v in d.importance.items()))
        if d.transform is not None:
            print(f"transform: X = g(R_I) with g(r) = {d.transform}" + (f", {d.monotone}" if d.monotone else ""))
        if d.tile:
            print(f"Tile position: a = {d.tile['a']}, b = {d.tile['b']}")
        for line in sat.lines() if sat is not None else ():
            print(line)
    return exit_code(verdict)


def encoded(X, Pi, timeout: float):
    """The satisfaction X encodes on Π (the dual question), stopped at ``timeout``; None with a
    symbolic prior."""
    from ordertheory.analyses.importance.encoded_satisfaction import (
        EncodedSatisfaction,
        SatisfactionKind,
        encoded_satisfaction,
    )
    from ordertheory.engine.deadline import call_within

    if any(c.expr.free_symbols - set(Pi.symbols) for c in Pi.constraints):
        return None
    done, e = call_within(encoded_satisfaction, timeout, X, Pi)
    return e if done else EncodedSatisfaction(X.text or X.name, Pi.label, SatisfactionKind.UNKNOWN,
                                              reason="deadline reached (--timeout)")
