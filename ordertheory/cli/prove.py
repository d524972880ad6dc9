"""`ordertheory prove "STATEMENT"`: decide a statement about named elements of an order.

Exit 0 proved (for every order of the kind), 1 refuted (smallest counter-model shown, validated
without z3), 2 bad input, 3 unknown.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from ordertheory.cli.common import add_timeout, time_left
from ordertheory.errors import InvalidInput

HELP = "decide a statement about named elements: prove \"a < b and b ~ c -> a < c\""
EPILOG = """statements:
  atoms      a <= b (≲), a >= b (≳), a ~ b (∼), a < b, a > b, a # b (⋈, incomparable), a = b (same element)
  connectives not, and, or, -> (implies), <-> (iff), parentheses; loosest first: <->, ->, or, and, not
  names      letters, digits and _, starting with a letter; at most 8 names. Names are variables: the
             statement is claimed for every order of the kind and every choice of elements, and two
             names may denote the same element (which `a = b` tests).

output:
  proved     the claim holds in every order of the kind; --smt FILE saves the SMT-LIB certificate
             (z3 or cvc5 answer unsat on it). A readable proof follows when a short chain of named
             steps is found (definitions (1)-(6), reflexivity, transitivity, logic), each step
             re-checked on its own; --latex prints it as a LaTeX tabular
  refuted    the smallest counter-model (fewest elements), checked in pure Python: its elements,
             how they compare, which atoms hold; --out PNG draws its Hasse diagram
  --json     {"verdict", "order", "statement", "parsed", "countermodel", "certificate", "reason",
             "proof": [{"step", "rule", "statement", "from", "depth", "mathlib"?, "note"?}] or null,
             "proof_reason" (why there is none), "seconds", "ordertheory_version"}

exit codes: 0 proved, 1 refuted, 2 bad input, 3 unknown"""


def register(subparsers) -> None:
    import argparse

    s = subparsers.add_parser("prove", help=HELP, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("statement", help="e.g. \"a <= b and b <= c -> a <= c\" (quote it)")
    s.add_argument("--order", default="preorder", choices=["preorder", "partial", "total"],
                   help="preorder (default), partial order (antisymmetric), total preorder")
    s.add_argument("--json", action="store_true", help="one JSON object on stdout")
    s.add_argument("--out", help="write the counter-model's Hasse diagram to this PNG file (when refuted)")
    s.add_argument("--smt", help="write the SMT-LIB certificate to this file (when proved)")
    s.add_argument("--latex", action="store_true", help="print the readable proof as LaTeX (when proved)")
    add_timeout(s, 10.0)
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.cli.common import emit_json, exit_code
    from ordertheory.engine.result import Verdict
    from ordertheory.reports.proof_render import proof_latex
    from ordertheory.theory.readable.proof_search import readable_proof
    from ordertheory.theory.statements import parse_statement, prove_statement

    if args.out and not args.out.lower().endswith(".png"):
        raise InvalidInput(f"expected --out to name a .png file but got {args.out!r}")
    statement = parse_statement(args.statement)
    r = prove_statement(statement, args.order, timeout=time_left(args), progress=_progress(time.monotonic()))
    verdict = r.verdict.value
    model = r.witness if r.verdict is Verdict.REFUTED else None
    readable = readable_proof(statement, args.order) if r.verdict is Verdict.PROVED else None
    if model is not None and args.out:
        model.save(args.out)
    if r.smtlib and args.smt:
        Path(args.smt).write_text(r.smtlib)
    if args.json:
        emit_json({
            "verdict": verdict, "order": args.order, "statement": args.statement, "parsed": str(statement),
            "countermodel": model.to_json() if model is not None else None, "certificate": r.smtlib,
            "reason": r.reason, "seconds": round(r.seconds, 4),
            "proof": readable.to_json() if readable else None,
            "proof_reason": readable.reason if readable else None,
        })
    elif args.latex and readable is not None and readable.proof is not None:
        print(proof_latex(readable.proof.to_json()))
    else:
        print(_headline(r.verdict, statement, args.order))
        if model is not None:
            print(f"smallest counter-model ({model.size} element{'s' if model.size > 1 else ''}, "
                  "validated without z3):")
            for name, label in model.to_json()["denotes"].items():
                if "=" in label:  # only where two names denote one element
                    print(f"  {name} denotes {label}")
            for line in model.comparisons():
                print(f"  {line}")
            for atom, value in model.atom_values().items():
                print(f"  {atom:<12} {'true' if value else 'false'}")
            if args.out:
                print(f"Hasse diagram written to {args.out}")
        elif r.verdict is Verdict.PROVED:
            if readable.proof is not None:
                checked = readable.proof.checked
                print(f"readable proof ({checked['steps']} steps, each re-checked as an instance of its rule; "
                      f"{checked['by_brute_force']} also in every preorder on their names):")
                for line in readable.proof.lines():
                    print(f"  {line}")
            else:
                print(f"readable proof: none — {readable.reason}")
            where = f"written to {args.smt}" if args.smt else "use --smt FILE or --json to get it"
            print(f"certificate: SMT-LIB, z3 answers unsat ({where})")
        else:
            print(f"reason: {r.reason}")
    return exit_code(r.verdict)


def _headline(verdict, statement, order: str) -> str:
    """``proved: S holds in every preorder`` / ``refuted: S fails in some preorder`` / ``unknown: …``."""
    from ordertheory.engine.result import Verdict
    from ordertheory.theory.statements import Order

    kind = Order.parse(order).description
    return {Verdict.PROVED: f"proved: {statement} holds in every {kind}",
            Verdict.REFUTED: f"refuted: {statement} fails in some {kind}",
            Verdict.UNKNOWN: f"unknown: whether {statement} holds in every {kind}"}[verdict]


def _progress(start: float):
    """Report the steps of a search on stderr, once the command has run for more than 2 s."""

    def report(message: str) -> None:
        elapsed = time.monotonic() - start
        if elapsed > 2:
            print(f"[{elapsed:5.1f} s] {message}", file=sys.stderr, flush=True)

    return report
