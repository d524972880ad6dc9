"""What the playground allows a request: size, concurrency and time (one place for every limit).

>>> Limits().deadline("prove")
10.0
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from starlette.responses import JSONResponse

# seconds each kind of request may compute (the commands' own defaults, or lower)
UPLOADS = ("/api/leaderboard", "/api/tasks")  # the endpoints that take a file: the upload's size limit
DRAIN_SECONDS = 5.0  # at most this long reading the rest of a refused body
DEADLINES = {"prove": 10.0, "exercises": 10.0, "judge": 25.0, "score": 40.0, "leaderboard": 60.0, "tasks": 60.0}


@dataclass(frozen=True)
class Limits:
    """Request size, concurrency and time limits of the playground."""

    max_json_bytes: int = 64 * 1024  # a statement, a score, an answer
    max_upload_bytes: int = 2 * 1024 * 1024  # a leaderboard file
    workers: int = 2  # worker processes: computations at once
    queue: int = 6  # requests that may wait for a worker; more are refused at once (503)
    connections: int = 64  # open connections uvicorn accepts (503 beyond)
    worker_memory_bytes: int = 3 * 1024**3  # address space of one worker (RLIMIT_AS)
    jobs_per_worker: int = 50  # a worker is replaced after this many jobs (memory stays bounded)
    drain_bytes: int = 16 * 1024 * 1024  # a refused body is read (and dropped) up to this size, see BodyLimit
    deadlines: dict = field(default_factory=lambda: dict(DEADLINES))

    def deadline(self, kind: str) -> float:
        return float(self.deadlines[kind])


def error(message: str, status: int = 400) -> JSONResponse:
    """A refusal with the CLI's one-line message (``error: …``)."""
    text = message if message.startswith(("error:", "unknown:")) else f"error: {message}"
    return JSONResponse({"error": text.splitlines()[0] if text else "error"}, status_code=status)


class BodyLimit:
    """ASGI middleware: refuse a request body larger than the limit (413), whether announced by
    Content-Length or streamed, before the application reads it.

    The rest of a refused body (up to ``drain_bytes``, for at most ``DRAIN_SECONDS``) is read and
    thrown away before the refusal is sent: a server that closes a connection with unread data in
    it resets it, and the client, still sending, never sees the 413 (1 upload of 3 MiB in 40 did
    not, before). Past either bound the refusal goes out at once.
    """

    def __init__(self, app, limits: Limits) -> None:
        self.app, self.limits = app, limits

    async def _drain(self, receive, more: bool) -> None:
        seen, deadline = 0, asyncio.get_running_loop().time() + DRAIN_SECONDS
        while more and seen <= self.limits.drain_bytes:
            left = deadline - asyncio.get_running_loop().time()
            try:
                message = await asyncio.wait_for(receive(), timeout=max(left, 0.001))
            except TimeoutError:
                return
            if message["type"] != "http.request":
                return  # the client has gone
            seen += len(message.get("body", b""))
            more = message.get("more_body", False)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        limit = self.limits.max_upload_bytes if path in UPLOADS else self.limits.max_json_bytes
        headers = dict(scope.get("headers") or [])
        try:
            announced = int(headers.get(b"content-length", b"0"))
        except ValueError:
            announced = limit + 1
        if announced > limit:
            if announced <= self.limits.drain_bytes:
                await self._drain(receive, True)
            await error(f"request body of {announced} bytes is over the limit of {limit} bytes", 413)(scope, receive, send)
            return
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge(message.get("more_body", False))
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge as exc:
            await self._drain(receive, exc.args[0])
            await error(f"request body is over the limit of {limit} bytes", 413)(scope, receive, send)


class _TooLarge(Exception):
    """A streamed body went past the limit (raised inside the middleware, answered 413)."""
