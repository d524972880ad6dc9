"""Every committed certificate (``proofs/``) replayed by z3 and by cvc5 under the deterministic
resource limits (:data:`~ordertheory.engine.replay.DETERMINISTIC`): how many each solver confirms,
whether any contradicts its expectation, and each solver's wall time, cvc5's as a ratio to z3's
measured in the same run. The suite replays a fixed sample with cvc5 (tests/slow/test_scores_decided.py);
this is the whole set, the coverage the README and issue 34 quote.

    python -m bench replay [--jobs 2]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from ordertheory.encoding.answer import Status
from ordertheory.encoding.smtlib import available_solvers
from ordertheory.engine.replay import DETERMINISTIC, replay_directory

PROOFS = Path(__file__).resolve().parents[1] / "proofs"


def run(argv: list[str] | None = None) -> list[str]:
    p = argparse.ArgumentParser(prog="python -m bench replay")
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args(argv or [])
    lines = [f"## replay ({PROOFS.name}/, deterministic limits: z3 rlimit {DETERMINISTIC.z3_rlimit}, "
             f"cvc5 rlimit-per {DETERMINISTIC.cvc5_rlimit}, {DETERMINISTIC.cpu:g} CPU s per check)",
             "| solver | certificates | confirmed | share | contradicted | unknown | seconds | ratio to z3 |",
             "|---|---|---|---|---|---|---|---|"]
    base = None
    for solver in [s for s in ("z3", "cvc5") if s in available_solvers()]:
        t0 = time.perf_counter()
        replays = replay_directory(PROOFS, timeout=300, solvers=[solver], jobs=a.jobs, limits=DETERMINISTIC)
        seconds = time.perf_counter() - t0
        base = seconds if base is None else base
        said = Counter(r.answers[solver] for r in replays)
        confirmed = sum(r.answers[solver] is r.expected for r in replays)
        wrong = sum(not r.agreed for r in replays)
        lines.append(f"| {solver} | {len(replays)} | {confirmed} | {confirmed / max(1, len(replays)):.1%} | {wrong} | "
                     f"{said[Status.UNKNOWN]} | {seconds:.1f} | {seconds / base:.2f}x |")
    return lines
