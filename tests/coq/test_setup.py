"""Coq's set-up (ensure_coq.sh, run by make test and make run) never fails and never hangs the build,
and waits for an apt/dpkg process that holds the lock: a fake apt-get stands in for the real one."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("ensure_coq.sh")
ROOT_USER = os.geteuid() == 0


def _run(tmp_path: Path, apt_get: str | None, limit: int = 2) -> subprocess.CompletedProcess:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("sh", "id", "date", "timeout", "sleep", "touch", "tail", "grep", "cat", "rm", "expr"):
        if shutil.which(tool):
            (bin_dir / tool).symlink_to(shutil.which(tool))
    if apt_get is not None:
        (bin_dir / "apt-get").write_text("#!/bin/sh\n" + apt_get)
        (bin_dir / "apt-get").chmod(0o755)
    env = {"PATH": str(bin_dir), "TMPDIR": str(tmp_path), "ORDERTHEORY_COQC": "no-such-coqc",
           "ORDERTHEORY_COQ_INSTALL_SECONDS": str(limit), "ORDERTHEORY_COQ_LOCK_POLL_SECONDS": "1"}
    return subprocess.run([str(bin_dir / "sh"), str(SCRIPT)], env=env, capture_output=True, text=True, timeout=120)


def test_a_hanging_apt_get_is_killed_at_the_bound(tmp_path):
    marker = tmp_path / "apt-finished"
    r = _run(tmp_path, f"sleep 600\ntouch {marker}\n")
    assert r.returncode == 0 and "Coq kernel checks will be skipped" in r.stderr
    assert not marker.exists()
    if ROOT_USER:
        assert "ran out of time" in r.stderr


@pytest.mark.skipif(not ROOT_USER, reason="the lock is waited for only where apt-get may run (root)")
def test_a_held_lock_is_waited_for_then_the_install_goes_on(tmp_path):
    # apt-get reports the lock held twice, then succeeds: the set-up waits (no skip for the lock) and
    # reaches the install; it skips at the end only because this fake installs no coqc
    count = tmp_path / "count"
    fake = (f"n=$(cat {count} 2>/dev/null || echo 0); n=$(expr $n + 1); echo $n > {count}\n"
            "if [ $n -le 2 ]; then echo 'E: Could not get lock /var/lib/dpkg/lock-frontend'; exit 100; fi\nexit 0\n")
    r = _run(tmp_path, fake, limit=60)
    assert "waiting for it" in r.stderr and "coq installed but no-such-coqc is missing" in r.stderr
    assert int(count.read_text()) >= 5  # two refusals, then update, download and install


@pytest.mark.skipif(not ROOT_USER, reason="needs root to reach apt-get")
def test_a_lock_held_past_the_bound_is_reported(tmp_path):
    r = _run(tmp_path, "echo 'E: Could not get lock /var/lib/apt/lists/lock'\nexit 100\n", limit=3)
    assert r.returncode == 0 and "held the lock until the bound" in r.stderr


def test_nothing_is_done_when_coqc_is_there(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "coqc").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "coqc").chmod(0o755)
    r = subprocess.run(["sh", str(SCRIPT)], env={"PATH": f"{bin_dir}:/usr/bin:/bin"}, capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 0 and r.stderr == ""
