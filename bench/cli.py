"""The command line as a user meets it (issue 33), each part against ``python -c pass`` measured
in the same run, every command a fresh process (``ordertheory`` as installed, stdin closed):

* ``startup``: wall time to the first byte of output for ``--help``, ``check --help``, a bad
  formula and a bad option (each answered before sympy, z3 and numpy are imported), and
  ``check f1`` to its first byte; the target is 0.3 s above ``python -c pass`` on 2 cores.
* ``check``: ``check SCORE`` with a cold result cache (an empty ``ORDERTHEORY_CACHE``) on every two-class catalogue
  score and on 20 custom formulas; median and 95th percentile of the wall time (targets 2 s and 10 s).
* ``timeout``: ``--timeout T`` on inputs of the fuzz suite that do not end by themselves within T
  (k-class checks, huge constants, a symbolic derivation) and on ``prove`` (32 s at load 9 with
  ``--timeout 20`` before issue 45): the wall time past T (target ≤ 2 s; the supervisor of a real
  command ends it at T + 1 s, start-up included), the exit code (3 when stopped, never 4) and the
  machine's load average, since the promise is about a busy machine.

``python -m bench cli [startup] [check] [timeout]`` (default: startup and timeout; ``check`` runs
the whole catalogue, tens of minutes on a loaded machine). ``python -m bench`` sets
``ORDERTHEORY_NO_CACHE=1``, which every command inherits: the timings are of cold work.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

FORMULAS = (
    "2*tp/(2*tp+fp+fn)", "tp/(tp+fn)", "(tp+tn)/(tp+tn+fp+fn)", "min(TPR, TNR)", "max(PPV, NPV)",
    "sqrt(TPR*TNR)", "TPR - FPR", "tp/(tp+fp+fn)", "(TPR + TNR)/2", "2*PPV*TPR/(PPV+TPR)",
    "tn/(tn+fp)", "1 - fp - fn", "1 - fp - 5*fn", "tp - fp", "tp*tn - fp*fn", "(tp+fn)*(tp+fp)",
    "log(1 + tp)", "exp(tp) - 1", "abs(tp - fn)", "TPR*TNR",
)
# inputs of tests/properties/test_fuzz.py and tests/unit/test_deadlines.py that run past T
OVERDUE = (
    ["check", "y0_p0+y1_p1+y2_p2+y3_p3", "--space", "multiclass:4"],
    ["check", "multiclass_gps", "--space", "multiclass:4"],
    ["check", "10**30*(sqrt(tp)+sqrt(fp)-sqrt(tp+fp+2*sqrt(tp*fp)))"],
    ["importance", "cohen_kappa", "--prior", "p", "--rate", "tau"],
    ["compare", "markedness", "macro_precision", "--rate", "tau"],
    ["catalogue", "--scores", "mcc,upm,f1"],
    ["table1"],
    ["claims"],
    ["prove", "a ~ b"],
    ["prove", "(a < b and b < c and c < d and d < e and e < f and f < g and g < h) -> (a < h or (h # a and "
              "not b ~ g))"],
)


def _command() -> list[str]:
    exe = shutil.which("ordertheory", path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", "ordertheory.cli"]


def first_byte(argv: list[str], env: dict | None = None) -> tuple[float, float, int]:
    """(seconds to the first byte on stdout or stderr, seconds to the end, exit code)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    p.stdout.read(1)
    first = time.perf_counter() - t0
    p.stdout.read()
    code = p.wait()
    return first, time.perf_counter() - t0, code


def _best(argv: list[str], runs: int = 3) -> float:
    return min(first_byte(argv)[0] for _ in range(runs))


def startup() -> list[str]:
    base = _best([sys.executable, "-c", "print()"])
    cli = _command()
    lines = ["## cli startup (first byte, best of 3)", f"python -c pass: {base:.3f} s"]
    for label, args in (("--help", ["--help"]), ("check --help", ["check", "--help"]),
                        ("a bad formula", ["check", "tp/("]), ("a bad option", ["check", "f1", "--timeout", "x"]),
                        ("check f1", ["check", "f1"])):
        t = _best(cli + args)
        heavy = "" if label == "check f1" else (" ok" if t - base <= 0.3 else " OVER 0.3 s")
        lines.append(f"{label:<18} {t:.3f} s  (+{t - base:.3f} s, ratio {t / base:.1f}x){heavy}")
    return lines


def check_latency() -> list[str]:
    from ordertheory.catalogue import all_entries

    cli = _command()
    inputs = [e.slug for e in all_entries("binary")] + list(FORMULAS)
    times, slow = [], []
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "ORDERTHEORY_CACHE": cache}
        for x in inputs:
            _, wall, _ = first_byte(cli + ["check", x, "--timeout", "60"], env)
            times.append(wall)
            slow.append((wall, x))
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    worst = ", ".join(f"{x} {t:.1f} s" for t, x in sorted(slow, reverse=True)[:5])
    return ["## cli check, cold cache", f"{len(inputs)} inputs: median {statistics.median(times):.2f} s (target 2), "
            f"95th percentile {p95:.2f} s (target 10); slowest: {worst}"]


def timeout(T: float = 5.0) -> list[str]:
    cli = _command()
    lines = [f"## cli --timeout {T:g} (wall time past T; target <= 2 s), load average {os.getloadavg()[0]:.1f}"]
    for args in OVERDUE:
        _, wall, code = first_byte(cli + args + ["--timeout", f"{T:g}"])
        late = wall - T
        lines.append(f"{' '.join(args)[:60]:<60} {wall:5.1f} s, exit {code}, {late:+.1f} s past T"
                     + ("" if late <= 2 else "  OVER") + ("  EXIT 4" if code == 4 else ""))
    lines.append(f"load average after: {os.getloadavg()[0]:.1f}")
    return lines


def run(argv: list[str] | None = None) -> list[str]:
    parts = argv or ["startup", "timeout"]
    out: list[str] = []
    for part in parts:
        out += {"startup": startup, "check": check_latency, "timeout": timeout}[part]()
    return out
