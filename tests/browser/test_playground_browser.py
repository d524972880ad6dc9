"""End to end in a real browser (Debian's headless Chromium driven by Playwright): each page of the
playground, as a person would use it. Screenshots go to build/screenshots/.

Skipped, with the reason, where Chromium or Playwright is missing (`make test` installs Chromium
first when it runs as root: tests/browser/ensure_chromium.sh)."""

import os
import shutil
from pathlib import Path

import pytest

from tests.playground_server import ROOT, leaderboard_file, running, tasks_table, three_classes

WANTED = os.environ.get("ORDERTHEORY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM = WANTED if Path(WANTED).exists() else shutil.which("chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = ROOT / "build" / "screenshots"

pytestmark = pytest.mark.slow
playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (the test extra)")
pytest.importorskip("starlette", reason="the 'serve' extra is not installed")
if CHROMIUM is None:
    pytest.skip(f"no Chromium at {WANTED} (Debian's chromium package; tests/browser/ensure_chromium.sh installs it "
                "as root)", allow_module_level=True)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with running(tmp_path_factory.mktemp("playground")) as url:
        yield url


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    SHOTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(str(tmp_path_factory.mktemp("profile")), headless=True,
                                                       executable_path=CHROMIUM, args=FLAGS,
                                                       viewport={"width": 1200, "height": 900})
        pg = context.new_page()
        pg.set_default_timeout(90_000)
        yield pg
        context.close()


def test_order_statements_page(site, page):
    page.goto(site + "/")
    page.fill("#statement", "(a ~ b and b < c) or (a < b and b ~ c) -> a < c")
    page.click("#prove")
    proof = page.wait_for_selector("#proof")
    assert "transitivity" in proof.inner_text() and "definition (3)" in proof.inner_text()
    assert "proved" in page.inner_text("#verdict")
    page.screenshot(path=str(SHOTS / "order_statements.png"), full_page=True)
    page.fill("#statement", "__import__('os').system('rm -rf /')")  # hostile: a one-line error, nothing run
    page.click("#prove")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert page.inner_text("#error").startswith("error: unexpected character '_' at column 1")
    page.fill("#statement", "a # b and b # c -> a # c")
    page.click("#prove")
    page.wait_for_selector("#diagram")
    assert "refuted" in page.inner_text("#verdict")
    page.screenshot(path=str(SHOTS / "countermodel.png"), full_page=True)


def test_exercises_on_the_order_page(site, page):
    page.goto(site + "/")
    page.fill("#statement", "a <")  # an error of one form…
    page.click("#prove")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    page.select_option("#family", "order")
    page.click("#pose")  # …is gone with the next action, whichever form it uses (issue 52)
    page.wait_for_selector("#answer-1")
    assert page.inner_text("#error") == ""
    page.select_option("#family", "order")
    page.click("#pose")
    page.wait_for_selector("#answer-1")
    page.locator("#exercises li").first.locator("button", has_text="valid").first.click()
    page.wait_for_function("document.getElementById('judgement-1').textContent.match(/right|wrong/)")
    page.screenshot(path=str(SHOTS / "exercises.png"), full_page=True)


def test_my_score_page(site, page):
    page.goto(site + "/score")
    page.fill("#score", "sqrt(TPR*TNR)")
    page.fill("#prior", "1/2")
    page.click("#check")
    page.wait_for_selector("#roc")
    assert "NOT fit" in page.inner_text("#verdict")
    assert "test 2 (a mixture is never better than both)" in page.inner_text("#tests")  # plain names (issue 52)
    assert "importance" in page.inner_text("#importance")
    page.screenshot(path=str(SHOTS / "my_score.png"), full_page=True)


def test_leaderboard_page(site, page):
    page.goto(site + "/leaderboard")
    page.set_input_files("#file", str(leaderboard_file()))
    page.fill("#lbscore", "f1")
    page.click("#rank")
    page.wait_for_selector("#tile")
    rows = page.locator("#ranking tr")
    assert rows.count() > 2 and "1" in rows.nth(1).inner_text()
    assert page.locator("#tile").evaluate("img => img.naturalWidth") > 100
    assert page.locator("#tile-rank").evaluate("img => img.naturalWidth") > 100  # the first entity's rank map
    assert "can rank first" in page.inner_text("#winners")
    page.screenshot(path=str(SHOTS / "leaderboard.png"), full_page=True)


def test_leaderboard_page_k_classes_and_stale_errors(site, page, tmp_path):
    """A 3-class leaderboard ranked by macro-F1; the error of a missing file cleared by the next action; a
    file of no known shape refused with the line that names the shapes and the commands."""
    three_classes(tmp_path / "k3.csv")
    page.goto(site + "/leaderboard")
    page.click("#rank")
    page.wait_for_function("document.getElementById('error').textContent.includes('choose a leaderboard file')")
    page.set_input_files("#file", str(tmp_path / "k3.csv"))
    page.fill("#lbscore", "macro_f1")
    page.click("#rank")
    page.wait_for_selector("#ranking")
    assert page.inner_text("#error") == "" and page.locator("#ranking tr").count() == 5
    assert page.inner_text("#read-as").startswith("4 entities on multiclass:3 — leaderboard: counts")
    assert "test 2 (a mixture is never better than both): refuted" in page.inner_text("#fitness-lines")
    assert page.locator("#json").count() == 1  # the whole answer: rank --json
    page.screenshot(path=str(SHOTS / "leaderboard_k_classes.png"), full_page=True)
    (tmp_path / "odd.csv").write_text("entity,a,b\nA,1,2\n")
    page.set_input_files("#file", str(tmp_path / "odd.csv"))
    page.click("#rank")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert "per-sample predictions" in page.inner_text("#error") and "ordertheory rank" in page.inner_text("#error")
    assert page.locator("#ranking").count() == 0


def test_benchmark_page(site, page, tmp_path):
    """Upload a table of tasks: average ranks, Friedman, the critical-difference diagram; one leaderboard
    instead gets the line naming the shape expected and the command that ranks it."""
    tasks_table(tmp_path / "tasks.csv")
    page.goto(site + "/tasks")
    page.set_input_files("#file", str(tmp_path / "tasks.csv"))
    page.click("#compare")
    page.wait_for_selector("#cd-diagram")
    assert page.locator("#average-ranks tr").count() == 7
    assert "Friedman χ²" in page.inner_text("#friedman") and "CD =" in page.inner_text("#nemenyi")
    assert page.locator("#cd-diagram").evaluate("img => img.naturalWidth") > 100
    page.screenshot(path=str(SHOTS / "benchmark.png"), full_page=True)
    (tmp_path / "one.csv").write_text("entity,tn,fp,fn,tp\nA,6,2,1,1\nB,7,0,0,3\n")
    page.set_input_files("#file", str(tmp_path / "one.csv"))
    page.click("#compare")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert "expected a task column" in page.inner_text("#error") and "ordertheory rank" in page.inner_text("#error")
    assert page.locator("#cd-diagram").count() == 0
