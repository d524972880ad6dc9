"""Load on the playground: 200 requests (50 of them hostile) to a real `ordertheory serve`, 8 clients at once.

Every request must be answered or refused within its deadline (the server's deadline for its kind,
plus 2 s for the network and the queue), the server must still be up at the end, and the memory
of the server with all its workers must stay bounded. Ratios are against this run's own baselines:
latency against the request's deadline, peak memory against the memory of the idle server.
Traffic goes to 127.0.0.1 only; the loop is bounded in count and time.

    python -m bench serve_load [--requests 200] [--hostile 50] [--clients 8]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

from ordertheory.playground.limits import DEADLINES

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "semantic_segmentation_74_models.json"
SLACK = 2.0  # seconds for the loopback network and the queue on top of a kind's deadline
MAX_SECONDS = 900  # the whole benchmark stops by itself


def _tree_rss(pid: int) -> int:
    """Resident memory (bytes) of a process and all its descendants, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        todo += children.get(p, [])
        try:
            with open(f"/proc/{p}/status") as f:
                total += next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            pass
    return total


def _multipart(name: str, content: bytes, score: str = "f1") -> tuple[bytes, str]:
    b = "ordertheoryboundary"
    body = (f"--{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            "Content-Type: application/octet-stream\r\n\r\n").encode() + content + \
        f"\r\n--{b}\r\nContent-Disposition: form-data; name=\"score\"\r\n\r\n{score}\r\n--{b}--\r\n".encode()
    return body, f"multipart/form-data; boundary={b}"


def workload(n: int, hostile: int, seed: int = 0) -> list[dict]:
    """The requests, shuffled: (kind, path, body, content type, hostile?)."""
    rng = random.Random(seed)
    board = DATA.read_bytes() if DATA.exists() else (ROOT / "tests" / "data" / "leaderboard_sample.json").read_bytes()
    j = lambda payload: json.dumps(payload).encode()  # noqa: E731
    normal = [
        ("page", "/", None), ("page", "/score", None), ("page", "/leaderboard", None),
        ("prove", "/api/prove", j({"statement": "a < b and b <= c -> a < c"})),
        ("prove", "/api/prove", j({"statement": "(a # b and b > c) or (a > b and b # c) -> a > c or a # c"})),
        ("prove", "/api/prove", j({"statement": "a # b and b # c -> a # c"})),
        ("prove", "/api/prove", j({"statement": "a <= b or b <= a", "order": "total"})),
        ("exercises", "/api/exercises", j({"seed": 7, "count": 10})),
        ("judge", "/api/judge", j({"seed": 1, "count": 5, "family": "order", "number": 2, "valid": False,
                                   "countermodel": "none"})),
        ("score", "/api/score", j({"score": "f1"})),
        ("score", "/api/score", j({"score": "sqrt(TPR*TNR)", "prior": "1/2"})),
    ]
    nasty = [
        ("prove", "/api/prove", j({"statement": "__import__('os').system('id')"})),
        ("prove", "/api/prove", j({"statement": "(" * 5000 + "a <= b" + ")" * 5000})),
        ("prove", "/api/prove", j({"statement": " and ".join(f"a{i} <= b{i}" for i in range(300))})),
        ("prove", "/api/prove", b"{not json"),
        ("prove", "/api/prove", b"x" * 200_000),
        ("score", "/api/score", j({"score": "tp**99999999999"})),
        ("score", "/api/score", j({"score": "exec('import os')"})),
        ("score", "/api/score", j({"score": "f1", "prior": "7/3"})),
        ("exercises", "/api/exercises", j({"seed": 1, "count": 10**9})),
        ("judge", "/api/judge", j({"seed": 1, "number": 1, "valid": "yes"})),
        ("leaderboard", "/api/leaderboard", _multipart("evil.sh", b"#!/bin/sh\nrm -rf /\n")),
        ("leaderboard", "/api/leaderboard", _multipart("../../etc/passwd.json", b"[{\"entity\": 1}]")),
        ("leaderboard", "/api/leaderboard", _multipart("big.json", b" " * (3 * 1024 * 1024))),
    ]
    uploads = [("leaderboard", "/api/leaderboard", _multipart("board.json", board))]
    out = [dict(zip(("kind", "path", "body"), rng.choice(nasty)), hostile=True) for _ in range(hostile)]
    out += [dict(zip(("kind", "path", "body"), uploads[0]), hostile=False) for _ in range(2)]
    out += [dict(zip(("kind", "path", "body"), rng.choice(normal)), hostile=False) for _ in range(n - hostile - 2)]
    rng.shuffle(out)
    return out


def _send(base: str, r: dict) -> tuple[int, float]:
    body = r["body"]
    ctype = "application/json"
    if isinstance(body, tuple):
        body, ctype = body
    req = urllib.request.Request(base + r["path"], data=body, headers={"Content-Type": ctype} if body else {},
                                 method="POST" if body is not None else "GET")
    limit = DEADLINES.get(r["kind"], 5.0) + SLACK
    t0 = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=limit + 30) as resp:
            resp.read()
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except OSError:
        status = -1  # no answer at all
    return status, time.monotonic() - t0


def run(argv: list[str] | None = None) -> list[str]:
    ap = argparse.ArgumentParser(prog="python -m bench serve_load")
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--hostile", type=int, default=50)
    ap.add_argument("--clients", type=int, default=8)
    args = ap.parse_args(argv or [])
    sock = __import__("socket").socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    server = subprocess.Popen([sys.executable, "-m", "ordertheory", "serve", "--port", str(port)],
                              stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    out = []
    try:
        t_end = time.monotonic() + 120
        while time.monotonic() < t_end:
            try:
                with urllib.request.urlopen(base + "/api/health", timeout=2) as r:
                    if json.loads(r.read())["workers"] == 2:
                        break
            except OSError:
                pass
            time.sleep(0.3)
        time.sleep(1.0)
        idle = _tree_rss(server.pid)
        peak = [idle]
        stop = threading.Event()

        def sample() -> None:
            while not stop.wait(0.5):
                peak[0] = max(peak[0], _tree_rss(server.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        requests = workload(args.requests, args.hostile)
        results: list[tuple[dict, int, float]] = []
        lock = threading.Lock()
        todo = list(requests)
        t0 = time.monotonic()

        def client() -> None:
            while time.monotonic() - t0 < MAX_SECONDS:
                with lock:
                    if not todo:
                        return
                    r = todo.pop()
                status, seconds = _send(base, r)
                with lock:
                    results.append((r, status, seconds))

        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.monotonic() - t0
        stop.set()
        with urllib.request.urlopen(base + "/api/health", timeout=5) as r:
            health = json.loads(r.read())
        late = [(r["kind"], s, round(sec, 2)) for r, s, sec in results if sec > DEADLINES.get(r["kind"], 5.0) + SLACK]
        unanswered = [r["kind"] for r, s, _ in results if s == -1]
        codes = Counter(s for _, s, _ in results)
        hostile_codes = Counter(s for r, s, _ in results if r["hostile"])
        ratio = max(sec / (DEADLINES.get(r["kind"], 5.0) + SLACK) for r, _, sec in results)
        out.append(f"serve_load: {len(results)} requests ({sum(r['hostile'] for r, _, _ in results)} hostile), "
                   f"{args.clients} clients, {wall:.1f} s")
        out.append(f"  status codes: {dict(sorted(codes.items()))}; hostile: {dict(sorted(hostile_codes.items()))}")
        out.append(f"  within deadline: {len(results) - len(late)}/{len(results)}; unanswered: {len(unanswered)}; "
                   f"worst latency / its deadline = {ratio:.2f}")
        out.append(f"  server up: {health['ok']} (workers {health['workers']}, jobs {health['jobs']}, "
                   f"killed at deadline {health['killed']}, refused busy {health['refused']})")
        out.append(f"  memory (server + workers): idle {idle / 2**20:.0f} MiB, peak {peak[0] / 2**20:.0f} MiB "
                   f"(peak / idle = {peak[0] / max(idle, 1):.2f})")
        ok = not late and not unanswered and health["ok"] and len(results) == args.requests \
            and not any(s == 200 for r, s, _ in results if r["hostile"])
        out.append(f"  verdict: {'PASS' if ok else 'FAIL'}" + (f" late={late[:5]} unanswered={unanswered[:5]}" if not ok else ""))
    finally:
        os.killpg(server.pid, 15)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
    return out


if __name__ == "__main__":
    print("\n".join(run(sys.argv[1:])))
