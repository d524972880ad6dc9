"""``ordertheory tau``: τ_min and τ_max: Kendall's τ between the score and the ranking scores."""

from __future__ import annotations

from ordertheory.cli.common import (
    EXIT_OK,
    add_timeout,
    emit_json,
    heartbeat,
    performance_set,
    score_from,
    score_json,
    score_text,
    time_left,
)
from ordertheory.errors import OrderTheoryError


def register(subparsers) -> None:
    s = subparsers.add_parser("tau", help="τ_min and τ_max: Kendall's τ between the score and the ranking scores",
                       epilog="JSON: {tau_min, tau_max, tau_min_exact, tau_max_exact, tau_min_at, tau_max_at, protocol, "
                       "exact_ties, tie_error, points}. Floats are numeric; *_exact marks ±1 or 0 proved by the importance "
                       "derivation. Protocol tile evaluates special points such as (1/2, 1/2) as they are (ties "
                       "included: larger τ there); generic evaluates every point shifted off ties by ~1e-7.")
    s.add_argument("expr", type=score_text, metavar="SCORE", help="a formula or a catalogue slug")
    s.add_argument("--space", default="binary")
    s.add_argument("--prior", help="fixed positive prior (grid of 81 × 81 (TPR, TNR) values)")
    s.add_argument("--constraint", action="append", default=[])
    s.add_argument("--step", default="1/32", help="simplex grid step (default 1/32: 6545 performances)")
    s.add_argument("--points", type=int, default=81, help="(TPR, TNR) values per axis at a fixed prior")
    s.add_argument("--protocol", choices=["tile", "generic"], default="tile",
                   help="tile (default, Table 1's): points as they are; generic: shifted off ties")
    add_timeout(s, 120.0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from fractions import Fraction

    from ordertheory.analyses.tau.tau import tau_range
    from ordertheory.engine.deadline import within

    space, Pi = performance_set(args)
    X = score_from(args.expr, space)
    try:
        step = Fraction(args.step)
    except (ValueError, ZeroDivisionError):
        raise OrderTheoryError(f"expected a step like 1/32 but got {args.step!r}") from None
    if step <= 0 or step > Fraction(1, 2) or step.numerator != 1 or step.denominator > 200:
        raise OrderTheoryError(f"expected a step 1/m with 2 <= m <= 200 but got {args.step}")
    if not 2 <= args.points <= 401:  # 401² = 160801 performances: the grid's size stays bounded
        raise OrderTheoryError(f"expected --points between 2 and 401 but got {args.points}")
    left = time_left(args)  # --timeout bounds the whole command, start-up included
    with heartbeat(f"tau {args.expr}: searching the ranking scores for τ_min and τ_max"):
        r = within(tau_range, left, f"the τ search for {args.expr.strip()}", X, Pi, step=step,
                        points=args.points, protocol=args.protocol)
    if args.json:
        emit_json({"verdict": "numeric", **score_json(args.expr, X), "Pi": Pi.label, **r.to_json()})
    else:
        mark = lambda e: " (exact: a derived monotone relation)" if e else " (numeric)"
        at = lambda p: ("(" + ", ".join(p) + ") = (" + ", ".join(f"{float(v):.6g}" for v in p.values()) + ")"
                        if isinstance(p, dict) else str(p))
        print(f"τ_min = {r.tau_min:+.4f}{mark(r.tau_min_exact)} at {at(r.argmin)}")
        print(f"τ_max = {r.tau_max:+.4f}{mark(r.tau_max_exact)} at {at(r.argmax)}")
        print(f"{r.points} performances on the grid, {r.evaluations} τ evaluations, protocol {r.protocol}, "
              + ("ties decided exactly" if r.exact_ties else
                 "X's ties by rounding to 10 digits (no exact order for this score: a sum of logs or probits)"
                 + (f"; τ may be off by at most {r.tie_error:.2g} there" if r.tie_error else "")))
    return EXIT_OK
