"""A playground server on a free loopback port, in this process (uvicorn in a thread), for the tests."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED_LEADERBOARD = ROOT.parent / "shared" / "data" / "semantic_segmentation_74_models.json"


def leaderboard_file() -> Path:
    """The shared 74-model leaderboard when it is beside the repository, else the test sample."""
    return SHARED_LEADERBOARD if SHARED_LEADERBOARD.exists() else ROOT / "tests" / "data" / "leaderboard_sample.json"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running(workdir: Path, limits=None, jobs: str = "ordertheory.playground.jobs"):
    """Yield the base URL of a running playground (its workers answering with ``jobs``); stop it (and
    its workers) afterwards."""
    import uvicorn

    from ordertheory.playground.app import create_app
    from ordertheory.playground.limits import Limits

    limits = limits or Limits()
    app = create_app(workdir, limits, jobs)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           limit_concurrency=limits.connections, timeout_keep_alive=5,
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    ready(url, limits.workers)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def ready(url: str, workers: int, polls: int = 3000) -> None:
    """Wait until every worker is idle (started, or replaced after a kill): at most ``polls`` looks at
    /api/health, 0.1 s apart — a bound on the waiting, not an expectation of speed."""
    for _ in range(polls):
        try:
            if get(url + "/api/health")[1].get("idle") == workers:
                return
        except OSError:
            pass
        time.sleep(0.1)


def request(url: str, data: bytes | None = None, headers: dict | None = None, timeout: float = 120):
    """(status, JSON or text) of one request; HTTP errors are answers too."""
    req = urllib.request.Request(url, data=data, headers=headers or {}, method="POST" if data is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            status, body = r.status, r.read()
    except urllib.error.HTTPError as exc:
        status, body = exc.code, exc.read()
    try:
        return status, json.loads(body)
    except ValueError:
        return status, body.decode(errors="replace")


def get(url: str):
    return request(url)


def post(url: str, payload: dict):
    return request(url, json.dumps(payload).encode(), {"Content-Type": "application/json"})


def upload(url: str, path: Path, fields: dict | None = None, name: str | None = None):
    """(status, JSON) of a multipart POST of the file at ``path`` (as ``name``) with text ``fields``."""
    import uuid

    b = uuid.uuid4().hex
    body = b"".join(f'--{b}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
                    for k, v in (fields or {}).items())
    body += (f'--{b}\r\nContent-Disposition: form-data; name="file"; filename="{name or path.name}"\r\n'
             'Content-Type: application/octet-stream\r\n\r\n').encode() + path.read_bytes() + f"\r\n--{b}--\r\n".encode()
    return request(url, body, {"Content-Type": f"multipart/form-data; boundary={b}"})


# --- files the playground's tests upload (seeded: the same bytes on every run) ----------------------------
def tasks_table(path: Path, tasks: int = 10, entities: str = "ABCDEF", seed: int = 5):
    """A multi-task table of counts ``task,entity,tn,fp,fn,tp``; returns the counts (task × entity × 4)."""
    import numpy as np

    counts = np.random.default_rng(seed).integers(1, 50, (tasks, len(entities), 4))
    path.write_text("task,entity,tn,fp,fn,tp\n" + "".join(
        f"t{t},{e}," + ",".join(map(str, counts[t, i])) + "\n" for t in range(tasks) for i, e in enumerate(entities)))
    return counts


def three_classes(path: Path, entities: str = "ABCD", seed: int = 3):
    """A leaderboard of 3-class confusion matrices (counts, ``y{i}_p{j}``); returns them by entity."""
    import numpy as np

    rng = np.random.default_rng(seed)
    cm = {e: rng.integers(1, 40, (3, 3)) for e in entities}
    path.write_text("entity," + ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3)) + "\n"
                    + "".join(e + "," + ",".join(str(x) for x in m.ravel()) + "\n" for e, m in cm.items()))
    return cm


def scored_samples(path: Path, models: int = 7, cases: int = 4000, seed: int = 0):
    """Per-sample probabilities of ``models`` classifiers on ``cases`` cases (JSON entities with y_true and
    y_score); returns (y_true, {entity: scores})."""
    import numpy as np

    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, cases)
    scores = {f"model{i}": np.round(np.clip(y * 0.3 * (1 + i / models) + rng.normal(0.35, 0.2, cases), 0, 1), 6)
              for i in range(models)}
    path.write_text(json.dumps([{"entity": e, "y_true": y.tolist(), "y_score": s.tolist()} for e, s in scores.items()]))
    return y, scores
