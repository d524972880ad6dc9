"""``ordertheory lemmas``: Lemmas 1–12, rules (7)–(14) and the trichotomy, proved by z3; ``--json``
carries each one's readable proof too (``proof: [{step, rule, statement, …}]``, as ``prove --json``)."""

from __future__ import annotations

from pathlib import Path

from ordertheory.cli.common import add_timeout, emit_json, exit_code, seconds, time_left


def register(subparsers) -> None:
    s = subparsers.add_parser("lemmas", help="Lemmas 1–12, rules (7)–(14) and the trichotomy, proved by z3")
    s.add_argument("--json", action="store_true")
    s.add_argument("--query-timeout", type=seconds, default=10.0, metavar="T",
                   help="seconds per solver query (default 10)")
    add_timeout(s, 120.0)
    s.add_argument("--smt-dir", help="write the SMT-LIB certificates into this folder")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.encoding import smtlib
    from ordertheory.engine.result import Verdict
    from ordertheory.theory.lemmas import STATEMENTS, check_lemmas, obligation
    from ordertheory.theory.readable.lemma_proofs import lemma_proofs

    results = check_lemmas(min(args.query_timeout, time_left(args)))
    if args.smt_dir:  # the proofs' certificates, each headed by its sanity model
        by_id = {r.id: r for r in results}
        for st in STATEMENTS:
            r = by_id[st.id].result
            for qid, text in r.certificate or ((obligation(st).id, obligation(st).smtlib()),):
                smtlib.write(Path(args.smt_dir), qid, text)
    if args.json:
        readable = lemma_proofs()
        emit_json({"verdict": Verdict.conjunction(r.verdict for r in results).value,
                   "lemmas": [{**r.to_json(), "proof": readable[r.id].to_json() if r.id in readable else None}
                              for r in results]})
    else:
        for r in results:
            needs = ", ".join(r.needs) or "nothing"
            lean = f" [{r.mathlib}]" if r.mathlib else ""
            print(f"{r.id:<18} {r.verdict.label.upper():<8} {r.result.seconds * 1000:7.1f} ms  "
                  f"{r.text}{lean}  — needs: {needs}")
    return exit_code(Verdict.conjunction(r.verdict for r in results))
