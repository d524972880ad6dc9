"""The playground's web application (Starlette): three pages and the JSON endpoints they call.

Pages: ``GET /`` (order statements and exercises), ``GET /score``, ``GET /leaderboard``, ``GET /tasks``
(a benchmark); assets under ``/static``. Endpoints (POST, JSON in and out, except the uploads):
``/api/prove``, ``/api/exercises``, ``/api/judge``, ``/api/score``, ``/api/leaderboard`` (multipart:
``file``, ``score``, ``pos_label``: ``rank --json``), ``/api/tasks`` (multipart: ``file``, ``score``,
``pos_label``, ``alpha``, ``rope``, ``direction``: ``tasks --json``); ``GET /api/health``. A refusal is ``{"error": "error: …"}`` with 400 (bad input, the
CLI's line), 413 (too large), 503 (busy) or 504 (past the deadline: unknown).
"""

from __future__ import annotations

import contextlib
import json
import uuid
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ordertheory.playground.limits import BodyLimit, Limits, error
from ordertheory.playground.workers import JOBS, Busy, Crashed, Overrun, WorkerPool

STATIC = Path(__file__).with_name("static")
PAGES = {"/": "index.html", "/score": "score.html", "/leaderboard": "leaderboard.html", "/tasks": "tasks.html"}
UPLOAD_SUFFIXES = (".json", ".csv", ".tsv")  # what the commands read (rank, tasks)


async def _json_body(request: Request) -> dict:
    try:
        body = json.loads(await request.body() or b"{}")
    except (ValueError, RecursionError):  # not JSON, not UTF-8, nested too deeply, a number past 4300 digits
        raise _Bad("expected a JSON object as the request body") from None
    if not isinstance(body, dict):
        raise _Bad("expected a JSON object as the request body")
    return body


class _Bad(Exception):
    pass


def _text(body: dict, key: str, required: bool = True, limit: int = 2000) -> str | None:
    value = body.get(key)
    if value is None or value == "":
        if required:
            raise _Bad(f"expected '{key}' in the request")
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise _Bad(f"expected '{key}' as text of at most {limit} characters")
    return value


def _int(body: dict, key: str, default: int, low: int, high: int) -> int:
    value = body.get(key, default)
    digits = value.strip().removeprefix("-") if isinstance(value, str) else ""
    if digits.isascii() and digits.isdigit() and len(digits) <= 30:  # text of a number, never a 5000-digit one
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise _Bad(f"expected '{key}' as a whole number between {low} and {high} but got {shown}")
    return value


def create_app(workdir: Path, limits: Limits | None = None, jobs: str = JOBS) -> BodyLimit:
    """The ASGI application: Starlette wrapped in the body-size limit. ``workdir`` is the one
    folder the playground writes to (uploads, caches, figures), created and removed by the caller;
    ``jobs`` the module whose ``run(name, kwargs)`` the workers call."""
    limits = limits or Limits()
    pool = WorkerPool(limits.workers, workdir, limits.worker_memory_bytes, limits.queue, limits.jobs_per_worker,
                      jobs)
    uploads = workdir / "uploads"
    uploads.mkdir(parents=True, exist_ok=True)

    async def compute(kind: str, kwargs: dict) -> JSONResponse:
        try:
            answer = await pool.run(kind, kwargs, limits.deadline(kind))
        except Busy as exc:
            return error(str(exc), 503)
        except Overrun as exc:
            return error(str(exc), 504)
        except Crashed as exc:
            return error(str(exc), 500)
        if "error" in answer:
            return JSONResponse({"error": answer["error"]}, status_code=500 if answer.get("internal") else 400)
        return JSONResponse(answer)

    def guarded(handler):
        async def endpoint(request: Request):
            try:
                return await handler(request)
            except _Bad as exc:
                return error(str(exc))
        return endpoint

    async def page(request: Request):
        return FileResponse(STATIC / PAGES[request.url.path])

    async def prove(request: Request):
        body = await _json_body(request)
        order = _text(body, "order", required=False) or "preorder"
        if order not in ("preorder", "partial", "total"):
            raise _Bad(f"unknown order {order!r}; expected preorder, partial or total")
        return await compute("prove", {"statement": _text(body, "statement"), "order": order,
                                       "seconds": limits.deadline("prove") - 1})

    def _set(body: dict) -> dict:
        family = _text(body, "family", required=False) or "all"
        difficulty = _text(body, "difficulty", required=False)
        if difficulty in (None, "mixed"):
            difficulty = None
        return {"seed": _int(body, "seed", 1, 0, 2**62), "count": _int(body, "count", 10, 1, 50),
                "difficulty": difficulty, "family": family}

    async def exercises(request: Request):
        return await compute("exercises", _set(await _json_body(request)))

    async def judge(request: Request):
        body = await _json_body(request)
        valid = body.get("valid")
        if not isinstance(valid, bool):
            raise _Bad("expected 'valid' as true or false")
        witness = body.get("witness")
        if witness is not None and not isinstance(witness, dict):
            raise _Bad("expected 'witness' as an object {test, P1, P2, lambda}")
        return await compute("judge", {**_set(body), "number": _int(body, "number", 1, 1, 50), "valid": valid,
                                       "countermodel": _text(body, "countermodel", required=False, limit=400),
                                       "witness": witness, "seconds": limits.deadline("judge") - 3})

    async def score(request: Request):
        body = await _json_body(request)
        return await compute("score", {"text": _text(body, "score", limit=1000),
                                       "prior": _text(body, "prior", required=False, limit=40),
                                       "seconds": limits.deadline("score") - 3})

    async def upload(request: Request, kind: str, fields: tuple[str, ...], extra) -> JSONResponse:
        """A file and text fields in a multipart form: the file saved under a fresh name in ``uploads``
        (never the client's name: nothing outside workdir), the job run, the copy removed."""
        try:
            form = await request.form(max_files=1, max_fields=len(fields) + 2, max_part_size=limits.max_upload_bytes)
        except Exception:  # a malformed multipart body
            raise _Bad(f"expected a multipart form with a {kind} file") from None
        upload = form.get("file")
        if upload is None or not hasattr(upload, "filename"):
            raise _Bad(f"expected a {kind} file (.json, .csv or .tsv) in the field 'file'")
        suffix = Path(upload.filename or "").suffix.lower()
        if suffix not in UPLOAD_SUFFIXES:
            raise _Bad(f"expected a .json, .csv or .tsv {kind} but got {upload.filename!r}")
        texts = {f: _text(dict(form), f, required=False, limit=1000) for f in fields}
        kwargs = {"text": texts.pop("score"), **extra(texts)}
        path = uploads / f"{uuid.uuid4().hex}{suffix}"
        path.write_bytes(await upload.read())
        try:
            return await compute(kind, {"path": str(path), "seconds": limits.deadline(kind) - 3,
                                        "name": Path(upload.filename).name, **kwargs})
        finally:
            with contextlib.suppress(OSError):
                path.unlink()

    async def leaderboard(request: Request):
        return await upload(request, "leaderboard", ("score", "pos_label"), lambda t: t)

    def _benchmark(texts: dict) -> dict:
        direction = texts.get("direction")
        if direction not in (None, "higher", "lower"):
            raise _Bad(f"expected 'direction' higher or lower but got {direction!r}")
        alpha = texts.pop("alpha") or "0.05"
        try:
            value = float(alpha)
        except ValueError:
            value = -1.0
        if not 0 < value < 1:
            raise _Bad(f"expected 'alpha' between 0 and 1 (the Nemenyi CD's level) but got {alpha!r}")
        return {**texts, "alpha": value, "rope": texts.get("rope") or "0"}

    async def tasks(request: Request):
        return await upload(request, "tasks", ("score", "pos_label", "alpha", "rope", "direction"), _benchmark)

    async def health(request: Request):
        return JSONResponse({"ok": True, "workers": len(pool.all), "idle": pool.idle.qsize() if pool.idle else 0,
                             **pool.stats})

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await pool.start()
        try:
            yield
        finally:
            pool.stop()

    routes = [Route(path, page) for path in PAGES]
    routes += [Route("/api/prove", guarded(prove), methods=["POST"]),
               Route("/api/exercises", guarded(exercises), methods=["POST"]),
               Route("/api/judge", guarded(judge), methods=["POST"]),
               Route("/api/score", guarded(score), methods=["POST"]),
               Route("/api/leaderboard", guarded(leaderboard), methods=["POST"]),
               Route("/api/tasks", guarded(tasks), methods=["POST"]),
               Route("/api/health", health),
               Mount("/static", StaticFiles(directory=STATIC), name="static")]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.pool = pool
    return BodyLimit(app, limits)
