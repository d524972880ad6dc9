"""The browser tests' set-up (ensure_chromium.sh on tests/ensure_apt.sh, run by `make test`) never
fails and never hangs the build: an apt-get that hangs is killed at the set-up's bound, one that fails
or is missing leads to a skip with the reason, an apt/dpkg run already under way is waited for (and
what it installed is used). Fake apt-get and dpkg stand in for the real ones (nothing is installed);
the processes waited for are named for each test, so that a real apt run on the machine does not
interfere."""

import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("ensure_chromium.sh")
ROOT_USER = os.geteuid() == 0
TOOLS = ("sh", "id", "date", "timeout", "sleep", "touch", "tail", "grep", "chmod")


def _run(tmp_path: Path, apt_get: str | None, limit: int = 2, busy: str = "") -> subprocess.CompletedProcess:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for tool in TOOLS:
        if not (bin_dir / tool).exists():
            (bin_dir / tool).symlink_to(shutil.which(tool))
    if apt_get is not None:
        (bin_dir / "apt-get").write_text("#!/bin/sh\n" + apt_get)
        (bin_dir / "apt-get").chmod(0o755)
    env = {"PATH": str(bin_dir), "TMPDIR": str(tmp_path), "ORDERTHEORY_CHROMIUM": str(tmp_path / "chromium"),
           "ORDERTHEORY_CHROMIUM_INSTALL_SECONDS": str(limit),
           "ORDERTHEORY_APT_PROCESSES": busy or f"nothing-{uuid.uuid4().hex[:6]}"}
    return subprocess.run([str(bin_dir / "sh"), str(SCRIPT)], env=env, capture_output=True, text=True, timeout=300)


def _under_way(tmp_path: Path, script: str) -> tuple[str, subprocess.Popen]:
    """A fake apt/dpkg run already under way: a script of its own name (its /proc comm), started now."""
    name = f"otdpkg{uuid.uuid4().hex[:6]}"
    fake = tmp_path / name
    fake.write_text("#!/bin/sh\n" + script)
    fake.chmod(0o755)
    return name, subprocess.Popen([str(fake)])


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


@pytest.mark.skipif(not ROOT_USER, reason="the set-up installs only as root")
def test_an_install_under_way_is_waited_for_and_used(tmp_path):
    """The issue-45 fresh machine: another run is installing; the set-up waits for it instead of
    giving up, finds the program it installed, and runs no apt-get of its own."""
    marker = tmp_path / "our-apt-get-ran"
    chromium = tmp_path / "chromium"
    release = tmp_path / "release"  # the fake run ends once this exists: no timing in the test
    name, run = _under_way(tmp_path, f"while [ ! -e {release} ]; do sleep 0.1; done\n"
                                     f"printf '#!/bin/sh\\n' > {chromium}; chmod +x {chromium}\n")
    try:
        waiting = subprocess.Popen(["sh", "-c", f"sleep 1; touch {release}"])
        r = _run(tmp_path, f"touch {marker}\n", limit=240, busy=name)
        waiting.wait(timeout=60)
    finally:
        release.touch()
        run.wait(timeout=60)
    assert r.returncode == 0 and not marker.exists(), r.stderr
    lines = r.stderr.strip().splitlines()
    assert lines[0].startswith(f"chromium: waiting for an apt/dpkg run already under way (pid {run.pid}: {name})")
    assert lines[-1].startswith("chromium: installed meanwhile by the apt/dpkg run waited for")
    assert lines[-1].endswith("the browser tests will run")


@pytest.mark.skipif(not ROOT_USER, reason="the set-up installs only as root")
def test_waiting_for_an_install_under_way_is_bounded(tmp_path):
    name, run = _under_way(tmp_path, "sleep 600\n")
    try:
        r = _run(tmp_path, "exit 0\n", limit=2, busy=name)
    finally:
        run.kill()
        run.wait(timeout=60)
    assert r.returncode == 0 and "waiting for an apt/dpkg run already under way" in r.stderr
    assert r.stderr.strip().endswith("did not end within 2 s: the browser tests will be skipped")


@pytest.mark.skipif(not ROOT_USER, reason="the set-up installs only as root")
def test_an_install_says_what_it_did(tmp_path):
    chromium = tmp_path / "chromium"
    r = _run(tmp_path, f'case "$*" in *--download-only*) ;; *install*) printf "#!/bin/sh\\n" > {chromium}; '
                       f'chmod +x {chromium} ;; esac\n', limit=240)
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip().splitlines()[-1].startswith("chromium: installed in ")
    assert r.stderr.strip().endswith("the browser tests will run")


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs Debian's chromium installed")
def test_nothing_is_done_when_chromium_is_there(tmp_path):
    r = subprocess.run(["sh", str(SCRIPT)], env={**os.environ, "ORDERTHEORY_CHROMIUM": "/usr/bin/chromium"},
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and r.stderr == ""
