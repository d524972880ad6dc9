"""Any finite Ω at scale: tests 1–3 for k = 2 … 8 and 19 classes, with the growth ratio per step.

Accuracy and macro F1 and mIoU on all performances, macro recall at fixed uniform class priors.
The baseline is the previous engine (``structure=False``: search then z3, no structural lemmas),
run in a child process killed at ``BASELINE_BOUND`` seconds, for the k where it can finish.

    python -m bench omega                 # the table (OMEGA_KS=2,3,4 to restrict the k)
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

CASES = (("multiclass_accuracy", False), ("macro_recall", True), ("macro_f1", False), ("macro_jaccard", False))
KS = (2, 3, 4, 5, 6, 7, 8, 19)
TIMEOUT = 60.0  # per solver query, as the CLI's --timeout
BASELINE_BOUND = float(os.environ.get("OMEGA_BASELINE_BOUND", "120"))  # seconds before the child is killed
BASELINE_KS = (2, 3, 4)  # beyond, the previous engine's vertex enumeration alone runs for hours
TESTS = ("test1", "test2", "test3")


def _pi(k: int, prior: bool):
    from ordertheory.performance_set import all_performances, fixed_priors
    from ordertheory.sample_space import multiclass

    space = multiclass(k)
    return fixed_priors(space, [f"1/{k}"] * k) if prior else all_performances(space)


def _check(slug: str, k: int, prior: bool, structure: bool):
    from ordertheory.catalogue import get
    from ordertheory.fitness.score_tests import check_score

    Pi = _pi(k, prior)
    X = get(slug).score(Pi.space)
    t0 = time.perf_counter()
    rep = check_score(X, Pi, timeout=TIMEOUT, tests=TESTS, structure=structure)
    return rep, time.perf_counter() - t0


def _baseline(slug: str, k: int, prior: bool) -> str:
    """The previous engine's total time (seconds) in a child process, or '> bound'."""
    cmd = [sys.executable, "-m", "bench.omega", slug, str(k), str(int(prior))]
    t0 = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=BASELINE_BOUND)
    except subprocess.TimeoutExpired:
        return f"> {BASELINE_BOUND:.0f} s"
    return f"{time.perf_counter() - t0:.1f} s ({out.stdout.strip() or 'no output'})"


def _verdicts(rep) -> str:
    return "/".join(rep.tests[t].verdict.label[0].upper() for t in TESTS)


def run() -> list[str]:
    ks = tuple(int(x) for x in os.environ.get("OMEGA_KS", ",".join(map(str, KS))).split(","))
    lines = ["## omega (k classes; seconds per test, P/R/U = proved/refuted/unknown for tests 1-3)",
             "| score | Π | k | test 1 | test 2 | test 3 | total | growth | verdicts | previous engine |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for slug, prior in CASES:
        prev = None
        for k in ks:
            rep, total = _check(slug, k, prior, True)
            growth = f"{total / prev:.2f}x" if prev else "-"
            prev = total
            base = _baseline(slug, k, prior) if k in BASELINE_KS else "not run"
            secs = " | ".join(f"{rep.tests[t].seconds:.2f}" for t in TESTS)
            lines.append(f"| {slug} | {'priors 1/k' if prior else 'all'} | {k} | {secs} | {total:.1f} | {growth} "
                         f"| {_verdicts(rep)} | {base} |")
            print(lines[-1], file=sys.stderr, flush=True)  # progress
    return lines


if __name__ == "__main__":  # one baseline run: python -m bench.omega SLUG K PRIOR
    rep, _ = _check(sys.argv[1], int(sys.argv[2]), bool(int(sys.argv[3])), False)
    print(_verdicts(rep))
