"""The docs site builds with warnings as errors, from pages and figures the package generates, and
renders its mathematics offline: MathJax is served from the site and no page shows a stray `$`."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    # a representative sample of the catalogue and of the claims (make docs classifies them all)
    env = dict(os.environ, ORDERTHEORY_DOCS_QUICK="1")
    gen = subprocess.run([sys.executable, str(ROOT / "docs" / "gen.py")], capture_output=True, text=True, cwd=ROOT,
                         env=env)
    assert gen.returncode == 0, gen.stderr
    out = tmp_path_factory.mktemp("docs") / "site"
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                           capture_output=True, text=True, cwd=ROOT)
    assert build.returncode == 0, build.stderr[-2000:]
    return out


def test_docs_build_strict(site):
    for f in ("reference/cli.md", "reference/catalogue.md", "reference/api.md", "reference/claims.md",
              "reference/out-of-scope.md", "figures/cases.png",
              "figures/mcc_witness.png", "figures/auc_mixture.png", "reference/robust-74.md", "figures/robust_order.png",
              "figures/robust_regions.png"):
        assert (ROOT / "docs" / f).exists(), f
    catalogue = (ROOT / "docs" / "reference" / "catalogue.md").read_text()
    assert "`mcc`" in catalogue and "`jaccard`" in catalogue and "## Equivalence classes" in catalogue
    assert "| `f_beta_1` |" in catalogue and "ranking (1, 1/2)" in catalogue  # classified, on the Tile
    claims = (ROOT / "docs" / "reference" / "claims.md").read_text()
    assert "`powers/wracc_informedness`" in claims and "**refuted**" in claims and "corrected:" in claims
    assert "GilbertWells" in (ROOT / "docs" / "reference" / "out-of-scope.md").read_text()
    assert (site / "tutorial" / "index.html").exists()
    for nb in ("tutorial", "check_my_score"):  # rendered, with the outputs computed at build time
        html = (site / "notebooks" / nb / "index.html").read_text()
        assert "jp-OutputArea" in html and "Traceback" not in html, nb


def _pages(site: Path):
    return sorted(p for p in site.rglob("index.html") if "notebooks" not in p.parts)


def test_mathjax_is_served_from_the_site(site):
    mathjax = site / "javascripts" / "mathjax" / "tex-mml-chtml.js"
    assert mathjax.stat().st_size > 500_000
    assert any((site / "javascripts" / "mathjax" / "output" / "chtml" / "fonts" / "woff-v2").glob("*.woff"))
    for page in [*_pages(site), *(site / "notebooks").rglob("index.html")]:
        html = page.read_text()
        scripts = re.findall(r"<script[^>]*\bsrc=\"([^\"]+)\"", html)
        assert not [s for s in scripts if re.match(r"(https?:)?//", s)], (page, scripts)  # nothing remote
        assert any(s.endswith("javascripts/mathjax/tex-mml-chtml.js") for s in scripts), page


def test_no_stray_dollar_outside_code(site):
    catalogue = (site / "reference" / "catalogue" / "index.html").read_text()
    assert catalogue.count('class="arithmatex"') >= 8  # one formula per entry (the docs test shows a sample)
    for page in _pages(site):
        html = page.read_text()
        text = re.sub(r"<(script|pre|code)\b.*?</\1>", "", html, flags=re.S)
        assert "$" not in text, (page, text[text.index("$") - 80: text.index("$") + 80])
