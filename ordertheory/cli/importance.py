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
    from ordertheory.analyses.answers import answer_importance
    from ordertheory.analyses.importance.derive import derive_importance
    from ordertheory.analyses.importance.importance import ImportanceDerivation, ImportanceKind
    from ordertheory.engine.deadline import call_within, own_budget

    space, Pi = performance_set(args, symbolic=True, structured=True)
    X = score_from(args.expr, space, structured=True)
    # sympy has no clock to look at (a prior and a rate both symbolic can take minutes): --timeout
    # bounds the whole derivation (start-up included), and what it does not settle is unknown
    left = max(0.1, time_left(args))
    with heartbeat(f"importance {args.expr}: deriving"):  # the call is stopped at its deadline
        done, d = call_within(derive_importance, 0.6 * left, X, Pi, timeout=own_budget(0.6 * left))
    if not done:
        d = ImportanceDerivation(args.expr, tuple(str(c) for c in Pi.constraints), ImportanceKind.UNKNOWN,
                                 reason=f"deadline reached: the derivation did not end within --timeout {args.timeout:g} s")
    with heartbeat(f"importance {args.expr}: the satisfaction it encodes"):
        done, a = call_within(answer_importance, max(0.2, time_left(args) - 0.5), X, Pi,
                              timeout=own_budget(max(0.2, time_left(args) - 0.5)), derivation=d)
    if not done:
        a = answer_importance(X, Pi, derivation=d, satisfaction=False)
    if args.json:
        emit_json({**a.to_json(), **score_json(args.expr, X)})
    else:
        print("\n".join(a.lines()))
    return exit_code(a.verdict)
