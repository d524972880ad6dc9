"""The playground's mechanisms: pages served, bad input refused with the CLI's line, limits on size,
queue and time enforced, the server still up after a killed computation, writes in its folder only."""

import threading

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from ordertheory.playground.limits import Limits  # noqa: E402
from tests.playground_server import get, post, request, running  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("playground")
    limits = Limits(workers=1, queue=1, deadlines={"prove": 10, "exercises": 10, "judge": 10, "score": 0.5,
                                                   "leaderboard": 30})
    with running(workdir, limits) as url:
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


def test_a_computation_past_its_deadline_is_stopped_and_the_server_stays_up(server):
    url, workdir = server
    status, body = post(url + "/api/score", {"score": "mcc", "prior": "1/3"})  # 0.5 s: far too little
    assert status == 504 and body["error"].startswith("unknown:")
    assert post(url + "/api/prove", {"statement": "a ~ a"})[1]["verdict"] == "proved"  # a fresh worker
    health = get(url + "/api/health")[1]
    assert health["ok"] and health["killed"] >= 1 and health["workers"] == 1


def test_a_full_queue_is_refused_at_once(server):
    url, _ = server
    answers = []

    def ask():
        answers.append(post(url + "/api/score", {"score": "g_mean", "prior": "1/2"})[0])

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert len(answers) == 6 and 503 in answers and set(answers) <= {503, 504, 200}
    assert get(url + "/api/health")[0] == 200


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
