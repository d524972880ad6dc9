"""The docs site builds with warnings as errors, from pages and figures the package generates."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def test_docs_build_strict(tmp_path):
    gen = subprocess.run([sys.executable, str(ROOT / "docs" / "gen.py")], capture_output=True, text=True, cwd=ROOT)
    assert gen.returncode == 0, gen.stderr
    for f in ("reference/cli.md", "reference/catalogue.md", "reference/api.md", "figures/cases.png",
              "figures/mcc_witness.png"):
        assert (ROOT / "docs" / f).exists(), f
    catalogue = (ROOT / "docs" / "reference" / "catalogue.md").read_text()
    assert "`mcc`" in catalogue and "`jaccard`" in catalogue
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
                           capture_output=True, text=True, cwd=ROOT)
    assert build.returncode == 0, build.stderr[-2000:]
    assert (tmp_path / "site" / "tutorial" / "index.html").exists()
