"""End to end in a real browser (Debian's headless Chromium driven by Playwright): each page of the
playground, as a person would use it. Screenshots go to build/screenshots/.

Skipped, with the reason, where Chromium or Playwright is missing (`make test` installs Chromium
first when it runs as root: tests/browser/ensure_chromium.sh)."""

import os
import shutil
from pathlib import Path

import pytest

from tests.playground_server import ROOT, leaderboard_file, running

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
