"""The differential run: generated cases through ``check``, ``compare`` and ``importance``, each
answer judged by the independent falsifier (:mod:`ordertheory.crosscheck`).

    python -m bench differential                      # 2000 cases, --timeout 6, 2 jobs
    python -m bench differential --cases 300 --timeout 4 --jobs 2 --seed 1 --out diff.jsonl
    python -m bench differential --cases 150 --families catalogue,catalogue_pair   # the catalogue by slug

Each case runs the command in-process (``ordertheory.cli.main``, its JSON captured) in a forked
child of its own, killed at ``--timeout`` + HARD_EXTRA seconds if it has not ended; the child then
judges the answer. Printed: wrong verdicts (must be 0), exit 4 (0), overruns beyond --timeout + 2 s
(0), unconfirmed witnesses, and the unknowns by class (command/space/family: claim).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import pickle
import select
import signal
import struct
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from ordertheory.crosscheck.generate import SPACES, Case, cases
from ordertheory.crosscheck.judge import Judgement, judge

OVERRUN = 2.0  # seconds past --timeout that count as an overrun
HARD_EXTRA = 30.0  # seconds past --timeout at which a case's process is killed (the safety net)


def run_case(case: Case, timeout: float, workdir: str) -> Judgement:
    """Run one case in this process and judge its answer."""
    from ordertheory.cli import main

    sat = os.path.join(workdir, f"S{case.seed}.txt")
    if case.satisfaction is not None:
        Path(sat).write_text(case.satisfaction_text() + "\n")
    out, err = io.StringIO(), io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(case.argv(timeout, sat))
    seconds = time.perf_counter() - t0
    text = out.getvalue()
    try:
        doc = json.loads(text) if text.strip() else None
    except json.JSONDecodeError:
        doc = None
    try:
        j = judge(case, code, doc, seconds, seed=case.seed)
    except Exception as exc:  # the judge's own failure is reported, never silenced
        j = Judgement(case, code, seconds, wrong=[f"the judge failed: {type(exc).__name__}: {exc}"])
    if code == 4:
        j.wrong.append("stderr: " + err.getvalue().strip().splitlines()[-1] if err.getvalue().strip() else "")
    return j


def _child(case: Case, timeout: float, workdir: str, fd: int) -> None:
    try:
        j = run_case(case, timeout, workdir)
        data = pickle.dumps(j.to_json() | {"_seconds": j.seconds})
    except BaseException as exc:
        data = pickle.dumps({"label": case.label, "argv": case.argv(), "exit": 4, "seconds": 0.0,
                             "wrong": [f"runner: {type(exc).__name__}: {exc}"], "unconfirmed": [],
                             "unknown": [], "checked": 0})
    os.write(fd, struct.pack("!Q", len(data)))
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _kill_tree(pid: int) -> None:
    try:
        import psutil

        kids = psutil.Process(pid).children(recursive=True)
    except Exception:
        kids = []
    for p in kids:
        with contextlib.suppress(Exception):
            p.kill()
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def run_cases(todo: list[Case], timeout: float, jobs: int = 2, progress=None) -> list[dict]:
    """Every case in a forked child, ``jobs`` at a time; one JSON-able record per case."""
    workdir = tempfile.mkdtemp(prefix="ordertheory-differential-")
    pending, running, done = list(reversed(todo)), {}, []
    while pending or running:
        while pending and len(running) < jobs:
            case = pending.pop()
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(r)
                try:
                    _child(case, timeout, workdir, w)
                finally:
                    os._exit(0)
            os.close(w)
            running[r] = (pid, case, time.perf_counter(), b"")
        ready, _, _ = select.select(list(running), [], [], 0.5)
        for fd in ready:
            pid, case, t0, buf = running[fd]
            chunk = os.read(fd, 1 << 16)
            if chunk:
                running[fd] = (pid, case, t0, buf + chunk)
                continue
            os.close(fd)
            os.waitpid(pid, 0)
            del running[fd]
            if len(buf) >= 8 and len(buf) >= 8 + struct.unpack("!Q", buf[:8])[0]:
                rec = pickle.loads(buf[8:])
            else:
                rec = {"label": case.label, "argv": case.argv(), "exit": 4, "seconds": time.perf_counter() - t0,
                       "wrong": ["the case's process died without an answer"], "unconfirmed": [], "unknown": [],
                       "checked": 0}
            rec["wall"] = round(time.perf_counter() - t0, 3)
            done.append(rec)
            if progress is not None:
                progress(len(done), len(todo), rec)
        for fd, (pid, case, t0, _) in list(running.items()):
            if time.perf_counter() - t0 > timeout + HARD_EXTRA:
                _kill_tree(pid)
                os.close(fd)
                os.waitpid(pid, 0)
                del running[fd]
                done.append({"label": case.label, "argv": case.argv(), "exit": None,
                             "seconds": time.perf_counter() - t0, "wall": time.perf_counter() - t0,
                             "wrong": [], "unconfirmed": [], "unknown": ["killed by the runner"], "checked": 0,
                             "killed": True})
    return done


REASONS = (("deadline reached", "stopped at the command's deadline"), ("no time left", "no time left for it"),
           ("closed under mixtures", "domain closure undecided"), ("timeout", "solver timeout"),
           ("failed exact validation", "solver model not validated"), ("too large", "resource guard"),
           ("cvc5", "solver incompleteness"), ("unknown", "solver incompleteness"))


def reason_class(reason: str) -> str:
    """The kind of an unknown's reason, for counting (the reason itself says which sub-case).

    >>> reason_class("test2: z3 5.4.1: timeout; split: test2.cell[x_1<=x_2]: timeout")
    'solver timeout'
    """
    for key, name in REASONS:
        if key in reason:
            return name
    return reason[:60]


def summary(records: list[dict], timeout: float) -> list[str]:
    """The counts the acceptance asks for, then the unknowns by class."""
    wrong = [r for r in records if r["wrong"]]
    exit4 = [r for r in records if r["exit"] == 4]
    overruns = [r for r in records if r["seconds"] > timeout + OVERRUN]
    unconfirmed = sum(len(r["unconfirmed"]) for r in records)
    claims = sum(r["checked"] for r in records)
    by_class: Counter = Counter()
    for r in records:
        command, _space, family = r["label"].split("/")
        for u in r["unknown"]:
            claim, _, reason = u.partition(": ")
            by_class[f"{command}/{family}: {claim} — {reason_class(reason)}"] += 1
    lines = [f"{len(records)} cases, {claims} claims re-validated or searched; --timeout {timeout:g} s",
             f"wrong verdicts: {sum(len(r['wrong']) for r in wrong)} in {len(wrong)} cases",
             f"exit 4: {len(exit4)}",
             f"overruns beyond --timeout + {OVERRUN:g} s: {len(overruns)}"
             + (f" (longest {max(r['seconds'] for r in overruns):.1f} s)" if overruns else ""),
             f"unconfirmed witnesses (too close to call): {unconfirmed}",
             f"cases with an unknown: {sum(1 for r in records if r['unknown'])}"]
    for r in wrong[:20]:
        lines.append(f"  WRONG {r['label']}: {'; '.join(r['wrong'])}  argv: {r['argv']}")
    for r in overruns[:10]:
        lines.append(f"  OVERRUN {r['label']}: {r['seconds']:.1f} s  argv: {r['argv']}")
    lines.append("unknowns by class (command/family: claim — why), all spaces together:")
    lines += [f"  {n:5d}  {k}" for k, n in sorted(by_class.items(), key=lambda kv: (-kv[1], kv[0]))]
    return lines


def run(argv: list[str] | None = None) -> list[str]:
    p = argparse.ArgumentParser(prog="python -m bench differential")
    p.add_argument("--cases", type=int, default=2000)
    p.add_argument("--timeout", type=float, default=6.0)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--commands", default="check,compare,importance")
    p.add_argument("--spaces", default=",".join(SPACES), help="the spaces drawn from (repeat one to weigh it)")
    p.add_argument("--families", help="only these generated families (e.g. catalogue,catalogue_pair: the "
                   "catalogue's scored, selective, thresholded and decision scores by slug)")
    p.add_argument("--out", help="write one JSON line per case here")
    a = p.parse_args(argv or [])
    try:
        todo = cases(a.cases, a.seed, tuple(a.commands.split(",")), tuple(a.spaces.split(",")),
                     tuple(a.families.split(",")) if a.families else None)
    except ValueError as exc:
        p.error(str(exc))
    t0 = time.perf_counter()

    def progress(i, n, rec):
        if i % 50 == 0 or rec["wrong"]:
            print(f"[differential] {i}/{n} ({time.perf_counter() - t0:.0f} s)"
                  + (f" WRONG {rec['label']}: {rec['wrong']}" if rec["wrong"] else ""), file=sys.stderr, flush=True)

    records = run_cases(todo, a.timeout, a.jobs, progress)
    if a.out:
        Path(a.out).write_text("".join(json.dumps(r) + "\n" for r in records))
    return summary(records, a.timeout) + [f"total {time.perf_counter() - t0:.0f} s on {a.jobs} jobs"]
