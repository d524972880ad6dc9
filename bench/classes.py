"""A benchmark-sized k-class leaderboard: 11 entities, 1000 classes, 50 000 samples each.

The test set has 50 samples per class (ImageNet's validation set: 50 000 images, 1000 classes), so
every entity has the same uniform class priors; each entity is right with a probability between
0.55 and 0.95 and otherwise predicts a neighbouring class (70 %) or any class. The leaderboard is
written as its non-zero cells, ``entity,true,pred,count`` (≈ 10 000 cells per entity, not 10⁶).

1. ``ordertheory rank FILE --score S`` for the five scores of issue 28, each a fresh process: its
   wall time and peak memory (the acceptance: 30 s and 2 GB), its check's verdict, and the largest
   difference between its exact values and scikit-learn's (computed from the labels; the same run
   times scikit-learn on them, the baseline of the ratio).
2. ``ordertheory check S --space multiclass:1000`` for the six checks of the acceptance (30 s for
   each proof, 60 s for each refutation, its witness re-validated exactly at k = 1000).
3. The Tile's questions on the same file: ``ordertheory winners FILE`` and ``ordertheory rank FILE
   --over-tile`` (target: 30 s each on 2 cores), each against a baseline measured in the same run —
   scipy's HiGHS alone on the same LPs in floats (one "first alone" LP per entity for winners, and
   one "every other entity above" LP more for the rank ranges), which proves nothing.

    python -m bench classes
"""

from __future__ import annotations

import csv
import json
import os
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

K, PER_CLASS, ENTITIES = 1000, 50, 11
RANK = ("macro_f1", "multiclass_accuracy", "cohen_kappa_k", "mcc_k", "macro_jaccard")
CHECKS = (("multiclass_accuracy", "", "proved", 30), ("macro_recall", "uniform", "proved", 30),
          ("macro_f1", "", "refuted", 60), ("macro_jaccard", "", "refuted", 60),
          ("cohen_kappa_k", "", "refuted", 60), ("mcc_k", "", "refuted", 60))


def leaderboard(seed: int = 0) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """(ground truth, each entity's predictions), deterministic."""
    rng = np.random.default_rng(seed)
    y = np.repeat(np.arange(K), PER_CLASS)
    out = {}
    for e in range(ENTITIES):
        pred = y.copy()
        wrong = rng.random(y.size) > 0.55 + 0.04 * e
        near = (y[wrong] + rng.integers(1, 4, wrong.sum())) % K
        pred[wrong] = np.where(rng.random(wrong.sum()) < 0.7, near, rng.integers(0, K, wrong.sum()))
        out[f"model{e:02d}"] = pred
    return y, out


def write_cells(path: Path, y: np.ndarray, preds: dict[str, np.ndarray]) -> int:
    """The sparse leaderboard file; returns its number of rows (non-zero cells)."""
    rows = 0
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["entity", "true", "pred", "count"])
        for name, p in preds.items():
            cells, counts = np.unique(y * K + p, return_counts=True)
            for c, n in zip(cells.tolist(), counts.tolist()):
                w.writerow([name, c // K, c % K, n])
            rows += len(cells)
    return rows


def sklearn_values(y, preds) -> tuple[dict[str, dict[str, float]], float]:
    """scikit-learn's values of the five scores, and the seconds it took (the baseline)."""
    from sklearn import metrics

    fns = {"macro_f1": lambda t, p: metrics.f1_score(t, p, average="macro"),
           "multiclass_accuracy": metrics.accuracy_score, "cohen_kappa_k": metrics.cohen_kappa_score,
           "mcc_k": metrics.matthews_corrcoef, "macro_jaccard": lambda t, p: metrics.jaccard_score(t, p, average="macro")}
    t0 = time.perf_counter()
    out = {s: {name: float(f(y, p)) for name, p in preds.items()} for s, f in fns.items()}
    return out, time.perf_counter() - t0


TIME = "/usr/bin/time"  # started by it, the command's peak RSS is its own (a child forked from this
# process would inherit this process's high-water mark, scikit-learn and the labels included)


def _command(args: list[str]) -> tuple[int, float, float, str]:
    """(exit code, wall seconds, peak RSS in MB of the command's largest process, stdout) of
    ``ordertheory ARGS``."""
    import subprocess

    cmd = [sys.executable, "-m", "ordertheory", *args]
    timed = os.path.exists(TIME)
    t0 = time.perf_counter()
    out = subprocess.run([TIME, "-f", "maxrss=%M", *cmd] if timed else cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    rss = [line for line in out.stderr.splitlines() if line.startswith("maxrss=")]
    mb = int(rss[-1].split("=")[1]) / 1024 if rss else float("nan")
    return out.returncode, seconds, mb, out.stdout


def _exact(value_exact: str, value: float) -> float:
    """The exact value as a float: a rational read exactly, else (a root) its decimal."""
    try:
        return float(Fraction(value_exact))
    except ValueError:
        return value


def highs_baseline(path: Path, per_entity: int) -> float:
    """Seconds of scipy's HiGHS alone on ``per_entity`` float LPs per entity (signs +1: every other
    entity not above; −1: every one above), over the cells non-zero in some entity."""
    import scipy.sparse as sp
    from scipy.optimize import linprog

    from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard

    lb = read_leaderboard(path)
    P = lb.performances
    ids = np.unique(np.concatenate([p.rows * K + p.cols for p in P]))
    sat = (ids // K) == (ids % K)
    M = sp.csr_matrix(np.array([np.bincount(np.searchsorted(ids, p.rows * K + p.cols), p.counts / p.total,
                                            len(ids)) for p in P]))
    sgn = sp.diags(np.where(sat, 1.0, -1.0))
    c = np.zeros(len(ids) + 1)
    c[-1] = -1.0
    t0 = time.perf_counter()
    for e in range(len(P)):
        others = [j for j in range(len(P)) if j != e]
        pe = M[e].toarray().ravel()
        A_eq = np.vstack([np.append(pe * sat, 0.0), np.append(pe * ~sat, 0.0)])
        for s in (1.0, -1.0)[:per_entity]:
            A_ub = sp.hstack([s * (M[others] @ sgn), np.ones((len(others), 1))]).tocsr()
            linprog(c, A_ub=A_ub, b_ub=np.zeros(len(others)), A_eq=A_eq, b_eq=[1.0, 1.0],
                    bounds=[(0, None)] * len(ids) + [(None, 1.0)], method="highs")
    return time.perf_counter() - t0


def tile_rows(path: Path) -> list[str]:
    """winners and rank --over-tile on the sparse file, each a fresh process, against HiGHS alone."""
    lines = ["", "| Tile command | exit | seconds | target | peak MB | verdict | decided | HiGHS alone (floats) | ratio |",
             "|---|---|---|---|---|---|---|---|---|"]
    for args, per_entity in ((["winners", str(path), "--json"], 1), (["rank", str(path), "--over-tile", "--json"], 2)):
        code, secs, mb, out = _command(args)
        doc = json.loads(out) if out.strip().startswith("{") else {}
        ents = doc.get("entities", [])
        decided = sum(e.get("can_win", e.get("verdict")) != "unknown" for e in ents)
        base = highs_baseline(path, per_entity)
        lines.append(f"| {' '.join(a for a in args if a not in (str(path), '--json'))} | {code} | {secs:.1f} | 30 "
                     f"| {mb:.0f} | {doc.get('verdict', '?')} | {decided}/{len(ents)} | {base:.1f} s | "
                     f"{secs / base:.1f}x |")
        print(lines[-1], file=sys.stderr, flush=True)
    return lines


def run() -> list[str]:
    y, preds = leaderboard()
    folder = Path(tempfile.mkdtemp(prefix="bench-classes-"))
    path = folder / "k1000.csv"
    cells = write_cells(path, y, preds)
    expected, sk_seconds = sklearn_values(y, preds)
    lines = [f"## classes ({ENTITIES} entities, {K} classes, {K * PER_CLASS} samples each, {cells} non-zero cells "
             f"in {path.stat().st_size / 1e6:.1f} MB; scikit-learn on the labels: {sk_seconds:.2f} s for all five scores)",
             "| command | exit | seconds | peak MB | check | max abs(exact - scikit-learn) | ratio to scikit-learn |",
             "|---|---|---|---|---|---|---|"]
    for s in RANK:
        code, secs, mb, out = _command(["rank", str(path), "--score", s, "--json"])
        doc = json.loads(out) if out.strip().startswith("{") else {}
        diff = max((abs(_exact(e["value_exact"], e["value"]) - expected[s][e["entity"]]) for e in doc.get("entities", [])),
                   default=float("nan"))
        lines.append(f"| rank --score {s} | {code} | {secs:.1f} | {mb:.0f} | {doc.get('verdict', '?')} | {diff:.1e} "
                     f"| {secs / (sk_seconds / len(RANK)):.0f}x |")
        print(lines[-1], file=sys.stderr, flush=True)
    lines += ["", "| check (--space multiclass:1000) | exit | seconds | limit | peak MB | verdict | expected |",
              "|---|---|---|---|---|---|---|"]
    for s, prior, want, limit in CHECKS:
        args = ["check", s, "--space", f"multiclass:{K}", "--json"] + (["--prior", prior] if prior else [])
        code, secs, mb, out = _command(args)
        verdict = json.loads(out).get("verdict", "?") if out.strip().startswith("{") else "?"
        lines.append(f"| {s}{' --prior ' + prior if prior else ''} | {code} | {secs:.1f} | {limit} | {mb:.0f} "
                     f"| {verdict} | {want} |")
        print(lines[-1], file=sys.stderr, flush=True)
    return lines + tile_rows(path)
