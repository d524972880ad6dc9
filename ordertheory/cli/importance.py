"""``ordertheory importance``: which importance does this score encode? (derived with sympy)."""

from __future__ import annotations

import time

from ordertheory.cli.common import (
    SATISFACTION_HELP,
    SPACE_HELP,
    emit_json,
    exit_code,
    heartbeat,
    performance_set,
    score_from,
    seconds,
)


def register(subparsers) -> None:
    s = subparsers.add_parser("importance", help="which importance does this score encode? (derived with sympy)",
                       epilog="JSON: {score, constraints, kind, importance, transform, monotone, tile, reason, domain}; "
                       "kind is ranking_score | monotone_transform | constant | none | unknown (plus ordertheory_version and "
                       "verdict: proved when an importance or a constant was derived), and satisfaction: the "
                       "satisfaction the score encodes when it is an expectation (the dual question). Exit 0 when an "
                       "importance (or a constant) was derived, 1 for none, 3 for unknown. --timeout bounds the "
                       "whole command.")
    s.add_argument("expr", help="a formula or a catalogue slug")
    s.add_argument("--space", default="binary", help=SPACE_HELP)
    s.add_argument("--satisfaction", help=SATISFACTION_HELP)
    s.add_argument("--prior", help="a setting (P or prior=P on two classes, priors=p1,...,pK, uniform), or a name "
                   "(p, prior, pi_pos) for a symbolic prior on the binary space")
    s.add_argument("--rate", help="a fixed rate of positive predictions T, or a name (tau) for a symbolic rate; "
                                  "with --prior both hold")
    s.add_argument("--constraint", action="append", default=[])
    s.add_argument("--timeout", type=seconds, default=20.0,
                   help="seconds for the whole command (default 20); past it the answer is unknown, with the reason")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    t0 = time.perf_counter()  # --timeout bounds the whole command, imports and parsing included
    from ordertheory.analyses.importance import Derivation, ImportanceKind, derive_importance
    from ordertheory.engine.deadline import call_within, own_budget
    from ordertheory.engine.result import Verdict

    space, Pi = performance_set(args, symbolic=True)
    X = score_from(args.expr, space)
    left = max(0.1, args.timeout - (time.perf_counter() - t0))
    with heartbeat(f"importance {args.expr}: deriving"):  # sympy has no clock: the call is stopped at --timeout
        done, d = call_within(derive_importance, 0.8 * left, X, Pi, timeout=own_budget(0.8 * left))
    if not done:
        d = Derivation(args.expr, tuple(str(c) for c in Pi.constraints), ImportanceKind.UNKNOWN,
                       reason=f"deadline reached: the derivation did not end within --timeout {args.timeout:g} s")
    verdict = {ImportanceKind.RANKING_SCORE: Verdict.PROVED, ImportanceKind.MONOTONE_TRANSFORM: Verdict.PROVED,
               ImportanceKind.CONSTANT: Verdict.PROVED, ImportanceKind.NONE: Verdict.REFUTED}.get(d.kind, Verdict.UNKNOWN)
    sat = encoded(X, Pi, max(0.2, args.timeout - (time.perf_counter() - t0)))
    if args.json:
        emit_json({"verdict": verdict, **d.to_json(), "score": args.expr,
                   "satisfaction": sat.to_json() if sat is not None else None})
    else:
        for line in d.steps:
            print(line)
        where = {"differs": " on dom(X) ∩ Π only (the domains differ on Π)",
                 "unknown": " on dom(X) ∩ dom(R_I) ∩ Π (whether the domains agree on Π is undecided)"}
        print(f"kind: {d.kind}" + where.get((d.domain or {}).get("status"), "")
              + (f" ({d.reason})" if d.reason and d.kind is not ImportanceKind.CONSTANT else ""))
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
    from ordertheory.analyses.encoded_satisfaction import (
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
