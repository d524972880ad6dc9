"""``ordertheory check``: may this score rank? Tests 1–3 with proofs or exact counterexamples."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ordertheory.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_CODES,
    PRIOR_HELP,
    SATISFACTION_HELP,
    SPACE_HELP,
    add_rate_option,
    add_timeout,
    emit_json,
    exit_code,
    formula_of,
    performance_set,
    resolve_timeout,
    score_from,
    score_name,
    score_text,
    time_left,
)

EPILOG = EXIT_CODES
OUTPUT_RESERVE = 0.1  # of --timeout, kept for writing the answer


def register(subparsers) -> None:
    s = subparsers.add_parser("check", help="may this score rank? tests 1–3 with proofs or exact counterexamples",
                       epilog=EPILOG + "\n\nJSON (one score): {ordertheory_version, score (as typed), formula, space, Pi, constraints, "
                       "domain, verdict, fit_for_ranking, vacuous, domain_sanity, test1, test2, test3, theorem2_condition, "
                       "domain_closed}; vacuous: Π ∩ dom(X) is empty (exit 2, every test holds vacuously); "
                       "each test {name, role, verdict, witness, reason, method, seconds} (name: its plain-language name; role "
                       "note for theorem2_condition, only sufficient for Axiom 2: unmet, it is no failed test). Several scores: {ordertheory_version, "
                       "verdict, fit_for_ranking, space, Pi, reports: [...]}; the exit code is the worst.",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("expr", nargs="+", metavar="SCORE", type=score_text,
                   help="one or more scores: formulas such as '2*tp/(2*tp+fp+fn)' or catalogue slugs (f1 mcc ...)")
    s.add_argument("--space", default="binary", help=SPACE_HELP)
    s.add_argument("--satisfaction", help=SATISFACTION_HELP)
    s.add_argument("--prior", help=PRIOR_HELP)
    add_rate_option(s)
    s.add_argument("--constraint", action="append", default=[], help="linear constraint, e.g. 'tp+fn==1/5'")
    add_timeout(s, 60.0)
    s.add_argument("--complete", action="store_true",
                   help="decide every test within --timeout, also after the verdict is settled; by default, once "
                        "test 1, 2 or 3 is refuted, each later test gets a few seconds (its reason says how many) and may stay unknown")
    s.add_argument("--smt-dir", help="write the SMT-LIB certificates of the proofs into this folder")
    s.add_argument("--verbose", action="store_true", help="print each score's formula and its whole domain")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    """Tests 1–3, domain closure and Theorem 2's condition for each score given; one answer each
    (:func:`ordertheory.analyses.answers.answer_check`: the one check, which picks the procedure — the
    statements for every k on a catalogue k-class score, else the general one — and, when test 1 fails
    only for the written satisfaction, the satisfaction the score encodes)."""
    from ordertheory.analyses.answers import answer_check
    from ordertheory.encoding import smtlib
    from ordertheory.engine.result import Verdict
    from ordertheory.fitness.score_tests import SETTLE

    t0 = time.perf_counter()  # building a k-class score is sympy work too (GPS on 5 classes: 6 s): on the clock
    space, Pi = performance_set(args, structured=True)
    scores = [(text.strip(), score_from(text, space, structured=True)) for text in args.expr]  # bad input first
    answers = []

    def progress(test: str) -> None:  # past two seconds, say what is being decided
        if time.perf_counter() - t0 > 2:
            print(f"[check {text}] {test} … ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)

    for i, (text, X) in enumerate(scores):
        # --timeout bounds the whole command: the scores share it, less the time to write the answer
        # (a k-class formula and domain as text: 0.5 s on 4 classes, past the watchdog's grace)
        left = max(0.0, time_left(args) - OUTPUT_RESERVE * resolve_timeout(args)) / (len(scores) - i)
        a = answer_check(X, Pi, timeout=left, progress=progress, settle=None if args.complete else SETTLE)
        answers.append((text, X, a))
        if args.smt_dir:
            for r in a.report.tests.values():
                for qid, smt in r.certificate:
                    smtlib.write(Path(args.smt_dir), f"{X.name}.{a.report.Pi.label}.{qid}", smt)
        if not args.json:
            if i:
                print()
            print(_report_text(text, X, a, args.verbose))
    overall = Verdict.conjunction(a.verdict for _, _, a in answers)
    vacuous = [text for text, _, a in answers if a.report.vacuous]
    if args.json:
        docs = [{**a.to_json(), "score": text, "formula": formula_of(X)} for text, X, a in answers]
        fit = None if vacuous else {Verdict.PROVED: True, Verdict.REFUTED: False}.get(overall)
        if len(docs) == 1:
            emit_json(docs[0])
        else:
            emit_json({"verdict": "vacuous" if vacuous else overall.value, "fit_for_ranking": fit, "space": space.name,
                       "Pi": Pi.label, "reports": docs})
    if vacuous:  # as for an empty Π: the question ranks nothing (the tests hold vacuously)
        print(f"error: {', '.join(vacuous)} is defined nowhere on Π = {Pi.label}: Π ∩ dom(X) is empty, "
              "nothing to rank", file=sys.stderr)
        return EXIT_BAD_INPUT
    return exit_code(overall)


def _report_text(text: str, X, answer, verbose: bool = False) -> str:
    """An answer as printed: the score as typed, with k on k classes and its direction (with --verbose,
    or for a formula read otherwise than typed, its formula), then the tests."""
    from ordertheory.catalogue import find

    lines = answer.lines()
    lines[0] = f"score: {score_name(text, X)}" + ("; a loss: lower is better" if X.direction.value == "lower" else "")
    if verbose or (find(text) is None and text.strip() != formula_of(X)):
        lines.insert(1, f"formula: {formula_of(X)}")
    if not verbose:  # the domain as written is the formula's: a k-class one is long
        lines = [x for x in lines if not (x.startswith("domain (as written):") and len(x) > 200)]
    return "\n".join(lines)
