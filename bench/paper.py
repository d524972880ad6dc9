"""The paper job (``make run``) cold and warm, with 1 and 2 jobs, as ratios measured in one run.

Each cold run gets an empty result cache of its own (a temporary ORDERTHEORY_CACHE); the warm run
repeats the 2-job run on its cache. Every run is the command itself (``python -m ordertheory
paper``, start-up included), so the figures are those of ``make run``; the CPU seconds of each run
(getrusage of the finished children: the command, its workers and solver processes) are printed
too, since other work on a shared machine disturbs them far less than the wall time. ``--scores a,b`` runs a reduced job (Table 1
restricted to those scores) for a quick look.

    python -m bench paper [--scores accuracy,g_mean]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _run(out: Path, cache: Path, jobs: int, scores: str | None) -> tuple[float, dict, float]:
    cmd = [sys.executable, "-m", "ordertheory", "paper", "--out", str(out), "--jobs", str(jobs), "--quiet"]
    if scores:
        cmd += ["--scores", scores]
    env = {**os.environ, "ORDERTHEORY_CACHE": str(cache)}
    env.pop("ORDERTHEORY_NO_CACHE", None)
    t0, c0 = time.perf_counter(), _children_cpu()
    subprocess.run(cmd, env=env, check=False, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    return wall, json.loads((out / "timings.json").read_text()), _children_cpu() - c0


def _children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes and of those they waited for:
    a figure that other work on the machine disturbs far less than the wall time."""
    import resource

    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(argv: list[str] | None = None) -> list[str]:
    argv = argv or []
    scores = argv[argv.index("--scores") + 1] if "--scores" in argv else None
    lines = ["## paper" + (f" --scores {scores}" if scores else " (the whole job, as make run)")]
    with tempfile.TemporaryDirectory(prefix="bench-paper-") as tmp:
        root = Path(tmp)
        cold1, t1, cpu1 = _run(root / "cold1", root / "cache1", 1, scores)
        cold2, t2, cpu2 = _run(root / "cold2", root / "cache2", 2, scores)
        warm2, tw, cpuw = _run(root / "warm2", root / "cache2", 2, scores)
        same = all((root / "cold2" / f).read_bytes() == (root / "warm2" / f).read_bytes() == (root / "cold1" / f).read_bytes()
                   for f in ("supplementary.md", "supplementary.tex", "table1.json", "proofs/certificates.json"))
    lines.append(f"cold, jobs=1: {cold1:.1f} s   cold, jobs=2: {cold2:.1f} s   warm, jobs=2: {warm2:.1f} s "
                 "(wall, start-up included)")
    lines.append(f"CPU (user + system, all processes): cold jobs=1 {cpu1:.1f} s, cold jobs=2 {cpu2:.1f} s, "
                 f"warm jobs=2 {cpuw:.1f} s; with 2 cores the cold job needs at least {cpu2 / 2:.1f} s of wall")
    lines.append(f"ratios: jobs=2/jobs=1 cold {cold2 / cold1:.2f}; warm/cold (jobs=2) {warm2 / cold2:.3f}; "
                 f"documents identical in the three runs: {same}")
    phases = {k: v for k, v in t1.items() if isinstance(v, int | float) and k not in ("total", "jobs")}
    top = sorted(phases.items(), key=lambda kv: -kv[1])[:10]
    lines.append("slowest phases (cold, jobs=1, seconds): " + ", ".join(f"{k} {v:.1f}" for k, v in top))
    lines.append(f"sum of phases (cold, jobs=1): {sum(phases.values()):.1f} s; critical path (cold, jobs=2): "
                 f"{max(v for k, v in t2.items() if isinstance(v, int | float) and k not in ('total', 'jobs')):.1f} s")
    return lines
