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
