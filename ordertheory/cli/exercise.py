"""`ordertheory exercise`: a seeded set of exercises, or the judgement of one answer.

    ordertheory exercise --seed 1 --count 20                      # the same 20 exercises every time
    ordertheory exercise --seed 1 --count 20 --solutions          # with the answer key (for the teacher)
    ordertheory exercise --seed 1 --number 3 --answer "not valid" --countermodel "a <= b; a = c"
    ordertheory exercise --seed 1 --number 4 --answer "not valid" \\
        --witness '{"test": "test2", "P1": ["1/2","0","1/2","0"], "P2": ["0","1/2","0","1/2"], "lambda": "1/2"}'
"""

from __future__ import annotations

import argparse
import json

from ordertheory.cli.common import EXIT_OK, EXIT_REFUTED, EXIT_UNKNOWN, seconds
from ordertheory.errors import InvalidInput

EPILOG = """families:
  order   is a statement about <= >= ~ < > # true for every preorder (partial order, total preorder)?
          A 'not valid' answer needs a counter-model: related pairs 'x <= y' and equal names 'x = y',
          separated by ';' (reflexive pairs are implied, transitivity is not).
  score   is this score fit for ranking on Π? A 'not valid' answer needs a witness (JSON): {"test":
          "test1"|"test2"|"test3"|"domain_closed", "P1": [tn, fp, fn, tp], "P2": [...], "lambda": "1/2"}.

--json    listing: {ordertheory_version, verdict: "listed", seed, count, exercises: [{number, family,
          difficulty, seed, question, statement | score, ...}]}; with --solutions each has "solution".
          answer: {ordertheory_version, verdict: "proved" (right) | "refuted" (wrong) | "unknown",
          exercise, correct, valid, explanation, solution}

exit codes: 0 listed, or the answer is right; 1 the answer is wrong; 2 bad input; 3 not judged (undecided)"""


def register(subparsers) -> None:
    s = subparsers.add_parser("exercise", help="seeded exercises on orders and scores; judge a student's answer",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--seed", type=int, default=1, help="the set's seed (default 1)")
    s.add_argument("--count", type=int, default=10, help="exercises in the set (default 10, at most 200)")
    s.add_argument("--difficulty", choices=["easy", "medium", "hard", "mixed"], default="mixed")
    s.add_argument("--family", choices=["order", "score", "all"], default="all")
    s.add_argument("--number", type=int, help="judge an answer to exercise NUMBER of the set (1-based)")
    s.add_argument("--answer", choices=["valid", "not valid", "not-valid", "invalid"],
                   help="the student's answer to exercise --number")
    s.add_argument("--countermodel", help="for 'not valid' on an order exercise, e.g. 'a <= b; b <= c; a = d'")
    s.add_argument("--witness", help="for 'not valid' on a score exercise: JSON (see below)")
    s.add_argument("--solutions", action="store_true", help="list the answer key too (computed, exact)")
    s.add_argument("--timeout", type=seconds, default=20.0, help="seconds to decide a score exercise (default 20)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.analyses.exercise_sets import exercise_set, judge, parse_families
    from ordertheory.cli.common import emit_json

    difficulty = None if args.difficulty == "mixed" else args.difficulty
    exercises = exercise_set(args.seed, args.count if args.number is None else max(args.count, args.number),
                             difficulty, parse_families(args.family))
    if args.number is None:
        if args.answer:
            raise InvalidInput("expected --number N with --answer (which exercise is answered?)")
        return _list(args, exercises, emit_json)
    if not 1 <= args.number <= len(exercises):
        raise InvalidInput(f"expected --number between 1 and {len(exercises)} but got {args.number}")
    if not args.answer:
        raise InvalidInput("expected --answer 'valid' or 'not valid' with --number")
    ex = exercises[args.number - 1]
    witness = None
    if args.witness:
        try:
            witness = json.loads(args.witness)
        except json.JSONDecodeError as exc:
            raise InvalidInput(f"expected --witness as JSON but it does not parse ({exc.msg} at column {exc.colno})") from None
    j = judge(ex, args.answer == "valid", args.countermodel, witness, args.timeout)
    verdict = "unknown" if j.valid is None else "proved" if j.correct else "refuted"
    if args.json:
        emit_json({"verdict": verdict, "exercise": {"number": args.number, **ex.to_json()}, **j.to_json()})
    else:
        print(f"exercise {args.number}: {ex.question}")
        for line in j.explanation:
            print(f"  {line}")
    return {"proved": EXIT_OK, "refuted": EXIT_REFUTED, "unknown": EXIT_UNKNOWN}[verdict]


def _list(args, exercises, emit_json) -> int:
    from ordertheory.analyses.exercise_sets import judge

    rows = []
    for k, ex in enumerate(exercises, 1):
        row = {"number": k, **ex.to_json()}
        if args.solutions:
            row["solution"] = judge(ex, True, timeout=args.timeout).solution
        rows.append(row)
    if args.json:
        emit_json({"verdict": "listed", "seed": args.seed, "count": len(rows), "exercises": rows})
        return EXIT_OK
    for row in rows:
        print(f"{row['number']:>3}. [{row['family']}, {row['difficulty']}] {row['question']}")
        if args.solutions:
            sol = row["solution"]
            answer = {True: "valid", False: "not valid", None: "undecided"}[sol["valid"]]
            extra = sol.get("countermodel_text") or ""
            print(f"     answer: {answer}" + (f" — counter-model: {extra}" if extra else ""))
    return EXIT_OK
