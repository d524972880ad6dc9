"""Coq's set-up (ensure_coq.sh, run by make test and make run) is tests/ensure_apt.sh for the package
coq (its waiting, bounds and reports are tested with the browser's set-up, tests/browser/test_setup.py):
here, that it asks for coq and coqc, and does nothing when coqc is there."""

import shutil
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).with_name("ensure_coq.sh")


def test_nothing_is_done_when_coqc_is_there(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "coqc").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "coqc").chmod(0o755)
    r = subprocess.run(["sh", str(SCRIPT)], env={"PATH": f"{bin_dir}:/usr/bin:/bin"}, capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 0 and r.stderr == ""


def test_without_coqc_and_apt_get_the_coq_checks_are_skipped_with_the_reason(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("sh", "id", "date", "timeout", "sleep", "cat", "tail", "grep"):
        if shutil.which(tool):
            (bin_dir / tool).symlink_to(shutil.which(tool))
    env = {"PATH": str(bin_dir), "TMPDIR": str(tmp_path), "ORDERTHEORY_COQC": "no-such-coqc",
           "ORDERTHEORY_COQ_INSTALL_SECONDS": "2"}
    r = subprocess.run([str(bin_dir / "sh"), str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stderr.startswith("coq: ") and "the Coq kernel checks will be skipped" in r.stderr
