"""Any finite Ω at scale: checks of k-class scores for k = 2, 3, 5, 10, 19, 50, 150, 1000 classes.

Each check runs in a fresh child process, so that its seconds and its peak memory are its own:
accuracy on all performances, macro recall at uniform priors (1/k each), macro F1, mIoU, Cohen's κ
and Gorodkin's R_K on all performances — tests 1–3 and domain closure, 60 s per check, as the
CLI's ``check SCORE --space multiclass:K`` runs them (by structure: statements for every k,
counterexamples lifted from 3 classes, the general procedure for what is left at small k).

The baseline, measured in the same run, is the general procedure alone on the expanded formula
(:func:`~ordertheory.fitness.bounded_check.check_score_within`, structural lemmas included) for the
k where its formula can be written quickly (BASELINE_KS); its children are killed at BASELINE_BOUND.

    python -m bench omega                 # the table (OMEGA_KS=2,3,1000 to restrict the k)
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time

CASES = (("multiclass_accuracy", "all"), ("macro_recall", "uniform"), ("macro_f1", "all"),
         ("macro_jaccard", "all"), ("cohen_kappa_k", "all"), ("mcc_k", "all"))
KS = (2, 3, 5, 10, 19, 50, 150, 1000)
TIMEOUT = 60.0  # per check, as the CLI's default --timeout
BASELINE_KS = tuple(int(x) for x in os.environ.get("OMEGA_BASELINE_KS", "2,3,5,10").split(","))
# beyond 10 classes the general procedure spends its minute expanding the formula and on z3 with k² variables
BASELINE_BOUND = float(os.environ.get("OMEGA_BASELINE_BOUND", "120"))
TESTS = ("test1", "test2", "test3", "domain_closed")


def _child(slug: str, k: int, setting: str, mode: str) -> dict:
    """One check in this process: seconds, verdicts, peak memory (this process; its solver children)."""
    from ordertheory.catalogue import get
    from ordertheory.catalogue.class_forms import form_of
    from ordertheory.errors import ResourceLimit
    from ordertheory.fitness.bounded_check import check_score_within
    from ordertheory.fitness.classes.structured_check import check_classes
    from ordertheory.sets.class_pi import ClassPi

    Pi = ClassPi.uniform(k) if setting == "uniform" else ClassPi.all(k)
    t0 = time.perf_counter()
    try:
        if mode == "structured":
            rep = check_classes(form_of(slug).at(k), Pi, timeout=TIMEOUT, tests=TESTS)
        else:
            from ordertheory.spaces.sample_space import multiclass

            rep = check_score_within(get(slug).score(multiclass(k)), Pi.performance_set(), timeout=TIMEOUT,
                                     tests=TESTS)
    except ResourceLimit as exc:  # the general procedure past a guard: unknown, with its reason
        return {"seconds": time.perf_counter() - t0, "verdicts": f"U (guard: {str(exc)[:40]}…)", "verdict": "unknown",
                "children_mb": 0.0}
    seconds = time.perf_counter() - t0
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # its solver children, once ended
    return {"seconds": seconds, "verdicts": "/".join(rep.tests[t].verdict.label[0].upper() for t in TESTS),
            "verdict": rep.verdict.label, "children_mb": round(kids, 1)}


TIME = "/usr/bin/time"  # started by it, a child's peak RSS is its own (a child forked from this process
# would start from this process's high-water mark)


def _run_child(slug: str, k: int, setting: str, mode: str, bound: float) -> dict | None:
    cmd = [sys.executable, "-m", "bench.omega", slug, str(k), setting, mode]
    timed = os.path.exists(TIME)
    try:
        out = subprocess.run([TIME, "-f", "maxrss=%M", *cmd] if timed else cmd, capture_output=True, text=True,
                             timeout=bound)
    except subprocess.TimeoutExpired:
        return None
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    if not lines:
        err = [line for line in out.stderr.strip().splitlines() if not line.startswith("maxrss=")]
        return {"error": (err or ["?"])[-1][:100]}
    r = json.loads(lines[-1])
    rss = [line for line in out.stderr.splitlines() if line.startswith("maxrss=")]
    r["peak_mb"] = int(rss[-1].split("=")[1]) / 1024 if rss else float("nan")
    return r


def run() -> list[str]:
    ks = tuple(int(x) for x in os.environ.get("OMEGA_KS", ",".join(map(str, KS))).split(","))
    lines = ["## omega (k classes: one check per child process; seconds of the check, peak RSS of the process "
             "and of its solver children; P/R/U = proved/refuted/unknown for tests 1-3 and domain closure)",
             "| score | Π | k | seconds | peak MB | solver MB | verdicts | baseline (general procedure) | ratio |",
             "|---|---|---|---|---|---|---|---|---|"]
    for slug, setting in CASES:
        for k in ks:
            r = _run_child(slug, k, setting, "structured", TIMEOUT + 60)
            if r is None or "error" in r:
                lines.append(f"| {slug} | {setting} | {k} | failed: {r and r['error']} | | | | | |")
                continue
            base, ratio = "not run", ""
            if k in BASELINE_KS:
                b = _run_child(slug, k, setting, "general", BASELINE_BOUND)
                if b is None:
                    base = f"> {BASELINE_BOUND:.0f} s (killed)"
                elif "error" in b:
                    base = f"failed: {b['error']}"
                else:
                    base = f"{b['seconds']:.1f} s, {b['verdicts']}, {b['peak_mb']:.0f} MB"
                    ratio = f"{b['seconds'] / max(r['seconds'], 1e-3):.1f}x"
            lines.append(f"| {slug} | {setting} | {k} | {r['seconds']:.2f} | {r['peak_mb']:.0f} | {r['children_mb']:.0f} "
                         f"| {r['verdicts']} | {base} | {ratio} |")
            print(lines[-1], file=sys.stderr, flush=True)  # progress
    return lines


if __name__ == "__main__":  # one check: python -m bench.omega SLUG K SETTING MODE
    os.environ.setdefault("ORDERTHEORY_NO_CACHE", "1")
    print(json.dumps(_child(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4])))
