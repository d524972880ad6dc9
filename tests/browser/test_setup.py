"""The browser tests' set-up (ensure_chromium.sh, run by `make test`) never fails and never hangs the
build: an apt-get that hangs is killed at the set-up's bound, one that fails or is missing leads to
a skip with the reason. A fake apt-get stands in for the real one (nothing is installed)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("ensure_chromium.sh")
ROOT_USER = os.geteuid() == 0


def _run(tmp_path: Path, apt_get: str | None, limit: int = 2) -> subprocess.CompletedProcess:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("sh", "id", "date", "timeout", "sleep", "touch"):
        (bin_dir / tool).symlink_to(shutil.which(tool))
    if apt_get is not None:
        (bin_dir / "apt-get").write_text("#!/bin/sh\n" + apt_get)
        (bin_dir / "apt-get").chmod(0o755)
    env = {"PATH": str(bin_dir), "TMPDIR": str(tmp_path), "ORDERTHEORY_CHROMIUM": str(tmp_path / "no-chromium"),
           "ORDERTHEORY_CHROMIUM_INSTALL_SECONDS": str(limit)}
    return subprocess.run([str(bin_dir / "sh"), str(SCRIPT)], env=env, capture_output=True, text=True, timeout=120)


def test_a_hanging_apt_get_is_killed_at_the_bound(tmp_path):
    marker = tmp_path / "apt-finished"
    r = _run(tmp_path, f"sleep 600\ntouch {marker}\n")
    assert r.returncode == 0 and "browser tests will be skipped" in r.stderr
    assert not marker.exists()  # killed, not waited for (else subprocess.run's own timeout fires first)
    if ROOT_USER:
        assert "ran out of time" in r.stderr


def test_a_failing_or_missing_apt_get_means_a_skip(tmp_path):
    (tmp_path / "failing").mkdir()
    (tmp_path / "missing").mkdir()
    failing = _run(tmp_path / "failing", "echo 'E: network unreachable'\nexit 100\n")
    missing = _run(tmp_path / "missing", None)
    for r in (failing, missing):
        assert r.returncode == 0 and r.stderr.strip().endswith("browser tests will be skipped")
    if ROOT_USER:
        assert "network unreachable" in (tmp_path / "failing" / "ordertheory-chromium-install.log").read_text()
        assert "no apt-get" in missing.stderr
    else:
        assert "not root" in missing.stderr


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs Debian's chromium installed")
def test_nothing_is_done_when_chromium_is_there(tmp_path):
    r = subprocess.run(["sh", str(SCRIPT)], env={**os.environ, "ORDERTHEORY_CHROMIUM": "/usr/bin/chromium"},
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and r.stderr == ""
