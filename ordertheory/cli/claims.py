"""``ordertheory claims``: the paper's printed claims (A.6) and Properties 1–7, checked."""

from __future__ import annotations

from ordertheory.cli.common import emit_json, exit_code, heartbeat


def register(subparsers) -> None:
    s = subparsers.add_parser("claims", help="check the paper's printed claims (A.6) and Properties 1–7")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.engine.result import Verdict
    from ordertheory.paper.claims import check_a6_claims, check_properties

    with heartbeat("claims: deciding the paper's printed claims"):
        results = check_a6_claims() + check_properties()
    overall = Verdict.conjunction(r.verdict for r in results)
    if args.json:
        emit_json({"verdict": overall.value, "claims": [r.to_json() for r in results]})
    else:
        for r in results:
            print(f"{r.id:<34} {r.verdict.value.upper():<8} {r.statement}")
            if r.refuted:
                print(f"{'':<43}counterexample: {r.witness}")
                print(f"{'':<43}corrected: {r.corrected}")
        count = {v: sum(r.verdict is v for r in results) for v in Verdict}
        print(f"{len(results)} claims: {count[Verdict.PROVED]} proved, "
              f"{count[Verdict.REFUTED]} printed claims wrong (corrected above), {count[Verdict.UNKNOWN]} unknown")
    return exit_code(overall)
