"""The paper job (``make run``) cold and warm, with 1 and 2 jobs, as ratios measured in one run, and
the floor of its work: the CPU it needs, its critical path, and the least wall time 2 cores allow.

Each cold run gets an empty result cache of its own (a temporary ORDERTHEORY_CACHE); the warm run
repeats the 2-job run on its cache. Every run is the command itself (``python -m ordertheory
paper``, start-up included), so the figures are those of ``make run``. The CPU seconds of a run are
those of every process it started, solver workers and forked checks included: this process is made
a child subreaper (Linux ``prctl``), so that orphaned descendants are reparented here and reaped
with their resource usage — a figure that other work on a shared machine disturbs far less than
the wall time. The critical path is the longest chain of phases (a τ phase waits for its setting's
cells), each phase's wall time measured where it ran; the floor is the larger of CPU / jobs and the
critical path. ``--scores a,b`` runs a reduced job (Table 1 restricted to those scores).

    python -m bench paper [--scores accuracy,g_mean]
"""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FILES = ("supplementary.md", "supplementary.tex", "table1.json", "table1.csv", "table1.md", "proofs/certificates.json")
PR_SET_CHILD_SUBREAPER = 36


def _subreaper() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux); False elsewhere."""
    try:
        return ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _reap_all(pid: int, linger: float = 30.0) -> float:
    """Wait for ``pid`` and every descendant reparented here (at most ``linger`` seconds after
    ``pid`` ends); their CPU seconds (user + system)."""
    cpu, end = 0.0, None
    while True:
        try:
            got, _status, usage = os.wait4(-1, os.WNOHANG if end is not None else 0)
        except ChildProcessError:  # nothing left to wait for
            return cpu
        if got == 0:  # orphans still running
            if time.monotonic() > end:
                return cpu
            time.sleep(0.05)
            continue
        cpu += usage.ru_utime + usage.ru_stime
        if got == pid:
            end = time.monotonic() + linger


def _run(out: Path, cache: Path, jobs: int, scores: str | None) -> tuple[float, dict, float]:
    cmd = [sys.executable, "-m", "ordertheory", "paper", "--out", str(out), "--jobs", str(jobs), "--quiet"]
    if scores:
        cmd += ["--scores", scores]
    env = {**os.environ, "ORDERTHEORY_CACHE": str(cache)}
    env.pop("ORDERTHEORY_NO_CACHE", None)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
    cpu = _reap_all(proc.pid)
    proc.returncode = 0  # reaped above: Popen must not wait for it again
    wall = time.perf_counter() - t0
    return wall, json.loads((out / "timings.json").read_text()), cpu


def critical_path(timings: dict) -> tuple[float, str]:
    """The longest chain of phases (seconds, names): a τ phase after the slowest cell of its setting."""
    phases = {k: v for k, v in timings.items() if isinstance(v, int | float) and k not in ("total", "jobs")}
    chains = {k: (v, k) for k, v in phases.items() if not k.startswith("tau:")}
    for k, v in phases.items():
        if k.startswith("tau:"):
            st = k.split(":", 1)[1]
            cells = [(w, c) for c, w in phases.items() if c.startswith("table1:") and c.endswith(f":{st}")]
            w, c = max(cells, default=(0.0, ""))
            chains[k] = (w + v, f"{c} → {k}" if c else k)
    return max(chains.values())


def run(argv: list[str] | None = None) -> list[str]:
    argv = argv or []
    scores = argv[argv.index("--scores") + 1] if "--scores" in argv else None
    lines = ["## paper" + (f" --scores {scores}" if scores else " (the whole job, as make run)")]
    reaper = _subreaper()
    with tempfile.TemporaryDirectory(prefix="bench-paper-") as tmp:
        root = Path(tmp)
        cold1, t1, cpu1 = _run(root / "cold1", root / "cache1", 1, scores)
        cold2, t2, cpu2 = _run(root / "cold2", root / "cache2", 2, scores)
        warm2, tw, cpuw = _run(root / "warm2", root / "cache2", 2, scores)
        warm_same = [f for f in FILES if (root / "cold2" / f).read_bytes() != (root / "warm2" / f).read_bytes()]
        cold_same = [f for f in FILES if (root / "cold2" / f).read_bytes() != (root / "cold1" / f).read_bytes()]
    lines.append(f"cold, jobs=1: {cold1:.1f} s   cold, jobs=2: {cold2:.1f} s   warm, jobs=2: {warm2:.1f} s "
                 "(wall, start-up included)")
    what = "all processes" if reaper else "the processes waited for (no subreaper here: solver workers may be missed)"
    lines.append(f"CPU (user + system, {what}): cold jobs=1 {cpu1:.1f} s, cold jobs=2 {cpu2:.1f} s, "
                 f"warm jobs=2 {cpuw:.1f} s")
    path, chain = critical_path(t2)
    floor = max(cpu2 / 2, path)
    lines.append(f"floor of the cold job on 2 cores: {floor:.1f} s = max(CPU / 2 = {cpu2 / 2:.1f} s, critical path "
                 f"{path:.1f} s: {chain}); measured {cold2:.1f} s ({cold2 / floor:.2f}x the floor)")
    lines.append(f"ratios: jobs=2/jobs=1 cold {cold2 / cold1:.2f}; warm/cold (jobs=2) {warm2 / cold2:.3f}")
    lines.append("documents: warm = its cold run " + ("byte for byte" if not warm_same else f"NO ({', '.join(warm_same)})")
                 + "; the two cold runs " + ("identical" if not cold_same else
                                             f"differ in {', '.join(cold_same)} (a budget that ran out in one of them)"))
    phases = {k: v for k, v in t1.items() if isinstance(v, int | float) and k not in ("total", "jobs")}
    top = sorted(phases.items(), key=lambda kv: -kv[1])[:10]
    lines.append("slowest phases (cold, jobs=1, seconds): " + ", ".join(f"{k} {v:.1f}" for k, v in top))
    lines.append(f"sum of phases (cold, jobs=1): {sum(phases.values()):.1f} s")
    return lines
