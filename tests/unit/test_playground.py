"""The playground's mechanisms: pages served, bad input refused with the CLI's line (the red-team
uploads and requests of issue 45 included), limits on size, queue and time enforced, the server still
up after a killed computation, writes in its folder only."""

import json
import threading
import uuid

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from ordertheory.cli import main  # noqa: E402
from ordertheory.playground.limits import Limits  # noqa: E402
from tests.playground_jobs import NEVER_ENDS  # noqa: E402
from tests.playground_server import get, post, ready, request, running  # noqa: E402
from tests.red_team import BIG, RED_TEAM  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("playground")
    limits = Limits(workers=1, queue=1, deadlines={"prove": 60, "exercises": 60, "judge": 60, "score": 60,
                                                   "leaderboard": 60})
    with running(workdir, limits, jobs="tests.playground_jobs") as url:
        yield url, workdir


def test_pages_and_a_proof(server):
    url, _ = server
    for path in ("/", "/score", "/leaderboard", "/static/app.js"):
        status, body = get(url + path)
        assert status == 200 and ("playground" in body or "post(" in body), path
    status, body = post(url + "/api/prove", {"statement": "a < b and b <= c -> a < c"})
    assert status == 200 and body["verdict"] == "proved" and body["proof"][-1]["rule"] == "logic"
    status, body = post(url + "/api/prove", {"statement": "a # b and b # c -> a # c"})
    assert body["verdict"] == "refuted" and body["diagram"]


def test_bad_input_gets_the_cli_line(server):
    url, _ = server
    from ordertheory.errors import InvalidInput
    from ordertheory.theory.statements import parse_statement

    hostile = "__import__('os').system('id')"
    with pytest.raises(InvalidInput) as cli:
        parse_statement(hostile)
    status, body = post(url + "/api/prove", {"statement": hostile})
    assert status == 400 and body["error"] == f"error: {cli.value}"
    assert request(url + "/api/prove", b"not json", {"Content-Type": "application/json"})[0] == 400
    assert post(url + "/api/prove", {"statement": "a <= b", "order": "lattice"})[0] == 400
    status, body = request(url + "/api/prove", b"x" * (Limits().max_json_bytes + 1))
    assert status == 413 and "over the limit" in body["error"]
    status, body = request(url + "/api/leaderboard", b"--x--", {"Content-Type": "multipart/form-data; boundary=x"})
    assert status == 400


@pytest.fixture(scope="module")
def overrun(tmp_path_factory):
    """A playground whose score requests have 3 s, and a score job that never ends."""
    limits = Limits(workers=1, queue=1, deadlines={**Limits().deadlines, "score": 3})
    with running(tmp_path_factory.mktemp("overrun"), limits, jobs="tests.playground_jobs") as url:
        yield url


def test_a_computation_past_its_deadline_is_stopped_and_the_server_stays_up(overrun):
    """A job made to overrun (it blocks until killed) is answered 504 at its deadline; its worker is
    replaced and the next request is answered by the new one."""
    killed = get(overrun + "/api/health")[1]["killed"]
    status, body = post(overrun + "/api/score", {"score": NEVER_ENDS})
    assert status == 504 and body["error"] == "unknown: the computation ran past its 3 s and was stopped"
    ready(overrun, 1)  # the killed worker's replacement has started
    assert post(overrun + "/api/prove", {"statement": "a ~ a"})[1]["verdict"] == "proved"  # a fresh worker
    health = get(overrun + "/api/health")[1]
    assert health["ok"] and health["killed"] == killed + 1 and health["workers"] == 1


def test_a_full_queue_is_refused_at_once(overrun):
    """One worker, a queue of one: while a job that never ends holds the worker and one request waits,
    every further request is refused at once (503)."""
    ready(overrun, 1)
    answers = []

    def ask():
        answers.append(post(overrun + "/api/score", {"score": NEVER_ENDS})[0])

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    # the first holds the worker until its deadline (504), two wait (503 or, on the replacement, 504)
    assert len(answers) == 6 and answers.count(503) >= 3 and 504 in answers and set(answers) <= {503, 504}
    assert get(overrun + "/api/health")[0] == 200


@pytest.mark.parametrize("name", sorted(RED_TEAM))
def test_a_red_team_upload_gets_the_cli_line(server, name, tmp_path, monkeypatch, capsys):
    """Each red-team leaderboard: 400 with the very line the command line prints for a file of that name."""
    url, _ = server
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_bytes(RED_TEAM[name])
    assert main(["rank", name, "--score", "f1", "--no-check"]) == 2
    cli_line = capsys.readouterr().err.strip()
    boundary = uuid.uuid4().hex
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="score"\r\n\r\nf1\r\n--{boundary}\r\n'
            f'Content-Disposition: form-data; name="file"; filename="{name}"\r\n'
            'Content-Type: application/octet-stream\r\n\r\n').encode() + RED_TEAM[name] + f"\r\n--{boundary}--\r\n".encode()
    status, answer = request(url + "/api/leaderboard", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    assert status == 400 and answer["error"] == cli_line


BAD_REQUESTS = [
    ("/api/prove", b"\xff\xfe{}"), ("/api/prove", b"[" * 20_000), ("/api/prove", b'{"statement": NaN}'),
    ("/api/exercises", json.dumps({"seed": BIG}).encode()), ("/api/exercises", json.dumps({"seed": "\u00b2"}).encode()),
    ("/api/exercises", b'{"seed": 1e999}'), ("/api/exercises", json.dumps({"count": 10**100}).encode()),
    ("/api/judge", json.dumps({"valid": True, "number": BIG}).encode()),
    ("/api/judge", b'{"valid": false, "family": "score", "number": 1, "witness": {"test": "test2", '
                   b'"P1": {"tn": NaN, "fp": 1, "fn": 0, "tp": 0}, "P2": {"tn": 1, "fp": 0, "fn": 0, "tp": 0}, '
                   b'"lambda": Infinity}}'),
    ("/api/score", json.dumps({"score": "f1", "prior": "nan"}).encode()),
    ("/api/score", json.dumps({"score": "f1", "prior": "p"}).encode()),
    ("/api/score", json.dumps({"score": "tp + 1e999999"}).encode()),
]


def test_bad_requests_get_one_line_and_4xx(server):
    url, _ = server
    for path, body in BAD_REQUESTS:
        status, answer = request(url + path, body, {"Content-Type": "application/json"})
        assert status == 400 and answer["error"].startswith("error: ") and "\n" not in answer["error"], (path, body[:80])
        assert "internal" not in answer["error"] and "unpicklable" not in answer["error"], answer


def test_writes_stay_in_the_temporary_folder(server):
    url, workdir = server
    assert (workdir / "uploads").is_dir() and not list((workdir / "uploads").iterdir())  # uploads removed
    assert (workdir / "cache").is_dir()  # the workers' result cache lives there, not in ~/.cache


def _asgi(limits: Limits, chunks: list[bytes], announced: int | None):
    """Run BodyLimit on a request whose body comes in ``chunks``; (chunks read, status sent)."""
    import asyncio

    from ordertheory.playground.limits import BodyLimit

    read, sent = [], []

    async def receive():
        k = len(read)
        read.append(k)
        return {"type": "http.request", "body": chunks[k], "more_body": k + 1 < len(chunks)}

    async def send(message):
        sent.append(message)

    async def app(scope, receive, send):  # reads the whole body, as Starlette's request.body() does
        while (await receive()).get("more_body"):
            pass

    headers = [(b"content-length", str(announced).encode())] if announced is not None else []
    scope = {"type": "http", "path": "/api/leaderboard", "headers": headers}
    asyncio.run(BodyLimit(app, limits)(scope, receive, send))
    return len(read), next((m["status"] for m in sent if m["type"] == "http.response.start"), None)


def test_a_refused_body_is_read_to_its_end_before_the_refusal():
    """Else the server closes the connection with unread data, the kernel resets it, and the client
    (still sending) sees no 413 at all."""
    limits = Limits(max_upload_bytes=1000, drain_bytes=10_000)
    chunks = [b"x" * 500] * 8
    assert _asgi(limits, chunks, 4000) == (8, 413)  # announced too large: drained, then refused
    assert _asgi(limits, chunks, None) == (8, 413)  # streamed past the limit: the same
    assert _asgi(limits, [b"x" * 500] * 30, 15_000) == (0, 413)  # past drain_bytes: refused at once
    assert _asgi(limits, [b"x" * 500] * 2, 1000) == (2, None)  # within the limit: the application's to answer
