"""``ordertheory check``: may this score rank? Tests 1–3 with proofs or exact counterexamples."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ordertheory.cli.common import (
    EXIT_CODES,
    PRIOR_HELP,
    SATISFACTION_HELP,
    SPACE_HELP,
    add_rate_option,
    emit_json,
    exit_code,
    performance_set,
    score_from,
    seconds,
)

EPILOG = EXIT_CODES


def register(subparsers) -> None:
    s = subparsers.add_parser("check", help="may this score rank? tests 1–3 with proofs or exact counterexamples",
                       epilog=EPILOG + "\n\nJSON (one score): {ordertheory_version, score (as typed), formula, space, Pi, constraints, "
                       "domain, verdict, fit_for_ranking, test1, test2, test3, theorem2_condition, domain_closed}; "
                       "each test {verdict, witness, reason, method, seconds}. Several scores: {ordertheory_version, "
                       "verdict, fit_for_ranking, space, Pi, reports: [...]}; the exit code is the worst.",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("expr", nargs="+", metavar="SCORE",
                   help="one or more scores: formulas such as '2*tp/(2*tp+fp+fn)' or catalogue slugs (f1 mcc ...)")
    s.add_argument("--space", default="binary", help=SPACE_HELP)
    s.add_argument("--satisfaction", help=SATISFACTION_HELP)
    s.add_argument("--prior", help=PRIOR_HELP)
    add_rate_option(s)
    s.add_argument("--constraint", action="append", default=[], help="linear constraint, e.g. 'tp+fn==1/5'")
    s.add_argument("--timeout", type=seconds, default=60.0,
                   help="seconds for the whole command (default 60); what it does not settle is unknown")
    s.add_argument("--smt-dir", help="write the SMT-LIB certificates of the proofs into this folder")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    """Tests 1–3, domain closure and Theorem 2's condition for each score given; one report each."""
    from ordertheory.analyses.encoded_satisfaction import suggest_satisfaction
    from ordertheory.encoding import smtlib
    from ordertheory.engine.result import Verdict
    from ordertheory.fitness.bounded_check import check_score_within

    t0 = time.perf_counter()  # building a k-class score is sympy work too (GPS on 5 classes: 6 s): on the clock
    deadline = t0 + args.timeout  # --timeout bounds the whole command: the scores share it
    space, Pi = performance_set(args)
    scores = [(text.strip(), score_from(text, space)) for text in args.expr]  # bad input fails before any work
    reports = []

    def progress(test: str) -> None:  # past two seconds, say what is being decided
        if time.perf_counter() - t0 > 2:
            print(f"[check {text}] {test} … ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)

    suggestions = []  # when test 1 fails although X is an expectation: the satisfaction X encodes
    for i, (text, X) in enumerate(scores):
        left = max(0.0, deadline - time.perf_counter()) / (len(scores) - i)
        rep = check_score_within(X, Pi, timeout=left, progress=progress)  # stopped at its deadline
        reports.append((text, X, rep))
        suggestions.append(suggest_satisfaction(X, Pi, rep, max(0.0, deadline - time.perf_counter()) / (len(scores) - i)))
        if args.smt_dir:
            for r in rep.tests.values():
                for qid, smt in r.certificate:
                    smtlib.write(Path(args.smt_dir), f"{X.name}.{Pi.label}.{qid}", smt)
        if not args.json:
            if i:
                print()
            print(_report_text(text, X, rep))
            for line in suggestions[-1].lines() if suggestions[-1] is not None else ():
                print(line)
    overall = Verdict.conjunction(rep.verdict for _, _, rep in reports)
    if args.json:
        docs = [{**rep.to_json(), "score": text, "formula": str(X.expr),
                 **({"satisfaction": sug.to_json()} if sug is not None else {})}
                for (text, X, rep), sug in zip(reports, suggestions)]
        fit = {Verdict.PROVED: True, Verdict.REFUTED: False}.get(overall)
        if len(docs) == 1:
            emit_json(docs[0])
        else:
            emit_json({"verdict": overall.value, "fit_for_ranking": fit, "space": space.name, "Pi": Pi.label,
                       "reports": docs})
    return exit_code(overall)


def _report_text(text: str, X, rep) -> str:
    """A report as printed: the score as typed (and its formula when the text was a name or was
    rewritten), then the tests."""
    lines = str(rep).splitlines()
    lines[0] = f"score: {text}"
    if text.strip() != str(X.expr):
        lines.insert(1, f"formula: {X.expr}")
    return "\n".join(lines)
