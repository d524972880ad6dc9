"""The playground's mechanisms: pages served, bad input refused with the CLI's line (the red-team
uploads and requests of issue 45 included), limits on size, queue and time enforced, the server still
up after a killed computation, writes in its folder only (removed on SIGTERM as on Ctrl-C); every input
the command line ranks answered as ``rank --json`` and ``tasks --json`` answer it, defaults the CLI's."""

import base64
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from ordertheory.cli import build_parser, main  # noqa: E402
from ordertheory.playground.limits import Limits  # noqa: E402
from tests.playground_jobs import NEVER_ENDS  # noqa: E402
from tests.playground_server import (  # noqa: E402
    ROOT,
    free_port,
    get,
    post,
    ready,
    request,
    running,
    scored_samples,
    tasks_table,
    three_classes,
    upload,
)
from tests.red_team import BIG, RED_TEAM  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("playground")
    limits = Limits(workers=1, queue=1, deadlines={kind: 60 for kind in Limits().deadlines})
    with running(workdir, limits, jobs="tests.playground_jobs") as url:
        yield url, workdir


def test_pages_and_a_proof(server):
    url, _ = server
    for path in ("/", "/score", "/leaderboard", "/tasks", "/static/app.js"):
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


def _same(d):
    """A JSON answer without what differs from run to run or from the command line's (seconds, version,
    the file's name, the playground's pictures and notes)."""
    if isinstance(d, dict):
        return {k: _same(v) for k, v in d.items()
                if k not in ("seconds", "ordertheory_version", "source", "diagram", "input", "hint", "fitness_lines",
                             "space")}
    return [_same(x) for x in d] if isinstance(d, list) else d


def _cli_json(capsys, *argv) -> dict:
    main(list(argv))
    return json.loads(capsys.readouterr().out)


def test_per_sample_probabilities_are_ranked_by_roc_auc_as_scikit_learn(server, tmp_path):
    """Issue 52's acceptance: 7 models × 4 000 per-sample probabilities, score roc_auc: scikit-learn's values."""
    metrics = pytest.importorskip("sklearn.metrics")
    url, _ = server
    y, scores = scored_samples(tmp_path / "probabilities.json")
    status, answer = upload(url + "/api/leaderboard", tmp_path / "probabilities.json", {"score": "roc_auc"})
    assert status == 200, answer
    assert answer["input"] == "per-sample scores" and answer["leaderboard"]["format"] == "per-sample scores"
    got = {e["entity"]: e["value"] for e in answer["entities"]}
    want = {e: metrics.roc_auc_score(y, s) for e, s in scores.items()}
    assert got == pytest.approx(want, rel=1e-12) and len(got) == 7
    assert [e["entity"] for e in answer["entities"]] == sorted(want, key=want.get, reverse=True)


def test_a_three_class_leaderboard_is_ranked_by_macro_f1(server, tmp_path):
    """Issue 52's acceptance: a 3-class counts file ranked by macro-F1 (values by hand), checked on its Π, the
    adjacent pairs the posterior separates (rank --json's keys; its equality with the command's JSON is
    test_shared_answers')."""
    url, _ = server
    cm = three_classes(tmp_path / "k3.csv")
    status, answer = upload(url + "/api/leaderboard", tmp_path / "k3.csv", {"score": "macro_f1"})
    assert status == 200, answer
    for e in answer["entities"]:
        m = cm[e["entity"]]
        assert e["value"] == pytest.approx(sum(2 * m[c, c] / (m[c, :].sum() + m[:, c].sum()) for c in range(3)) / 3)
    assert answer["space"] == "multiclass:3" and answer["fitness"]["verdict"] == "refuted"  # tests 2 and 3 fail
    assert answer["fitness"]["tests"]["test2"]["name"] == "test 2 (a mixture is never better than both)"
    assert isinstance(answer["not_separated"], list) and answer["uncertainty"]["counts"]
    assert "winners" not in answer  # the Tile's pictures are for two classes


def test_a_ten_task_table_on_the_benchmark_page(server, tmp_path, capsys):
    """Issue 52's acceptance: a 10-task table of counts, score f1: Friedman's χ² is scipy's; the answer is
    tasks --json, with the critical-difference diagram."""
    stats = pytest.importorskip("scipy.stats")
    url, _ = server
    counts = tasks_table(tmp_path / "tasks.csv")
    status, answer = upload(url + "/api/tasks", tmp_path / "tasks.csv", {"score": "f1"})
    assert status == 200, answer
    tn, fp, fn, tp = np.moveaxis(counts, 2, 0)
    f1 = 2 * tp / (2 * tp + fp + fn)
    assert answer["friedman"]["chi2"] == pytest.approx(stats.friedmanchisquare(*f1.T).statistic, rel=1e-12)
    assert base64.b64decode(answer["diagram"]).startswith(b"\x89PNG")
    assert _same(answer) == _same(_cli_json(capsys, "tasks", str(tmp_path / "tasks.csv"), "--score", "f1", "--jobs",
                                            "1", "--json"))


def test_one_leaderboard_on_the_benchmark_page_gets_the_cli_line(server, tmp_path, monkeypatch, capsys):
    """A file without a task column: the line `ordertheory tasks` prints, naming the shape expected and the
    command that ranks the file."""
    url, _ = server
    monkeypatch.chdir(tmp_path)
    Path("one.csv").write_text("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,7,0,0,3\n")
    assert main(["tasks", "one.csv", "--score", "f1"]) == 2
    line = capsys.readouterr().err.strip()
    status, answer = upload(url + "/api/tasks", tmp_path / "one.csv", {"score": "f1"})
    assert status == 400 and answer["error"] == line and "ordertheory rank FILE" in line and "task,entity" in line


def test_the_exercise_sheet_defaults_are_the_command_lines(server, capsys):
    """The order page's form as served, the endpoint's defaults and `exercise`'s: one sheet for seed 1."""
    url, _ = server
    page = get(url + "/")[1]
    form = {k: re.search(rf'id="{k}" value="([^"]*)"', page).group(1) for k in ("seed", "count")}
    for k in ("difficulty", "family"):
        form[k] = re.search(rf'<select id="{k}"[^>]*><option selected>(\w+)<', page).group(1)
    cli = _cli_json(capsys, "exercise", "--seed", "1", "--json")
    args = build_parser("exercise").parse_args(["exercise"])
    assert form == {"seed": str(args.seed), "count": str(args.count), "difficulty": args.difficulty, "family": args.family}
    assert post(url + "/api/exercises", form)[1]["exercises"] == cli["exercises"]
    assert post(url + "/api/exercises", {})[1]["exercises"] == cli["exercises"]


def test_sigterm_removes_the_temporary_folder_as_ctrl_c_does(tmp_path):
    """`ordertheory serve` stopped by SIGTERM while a leaderboard is being ranked: it answers, stops, exits 0
    and leaves no temporary folder behind (the upload included)."""
    port, tmp = free_port(), tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp), "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-m", "ordertheory", "serve", "--port", str(port), "--workers", "1"],
                              env=env, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(3000):  # a bound on the waiting (0.1 s apart), not an expectation of speed
            try:
                if get(url + "/api/health")[1].get("idle") == 1:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        folders = list(tmp.glob("ordertheory-serve-*"))
        assert len(folders) == 1 and (folders[0] / "uploads").is_dir()
        three_classes(tmp_path / "k3.csv")
        answers = []
        ask = threading.Thread(target=lambda: answers.append(
            upload(url + "/api/leaderboard", tmp_path / "k3.csv", {"score": "macro_f1"})))
        ask.start()
        for _ in range(3000):  # until the upload is on disk, in the server's folder
            if list((folders[0] / "uploads").iterdir()):
                break
            time.sleep(0.01)
        server.send_signal(signal.SIGTERM)
        ask.join(timeout=300)
        assert server.wait(timeout=300) == 0
    finally:
        if server.poll() is None:
            server.kill()
    assert answers and answers[0][0] == 200  # the request under way was answered before the server stopped
    assert not list(tmp.iterdir()), list(tmp.iterdir())  # no folder left, no upload in it
