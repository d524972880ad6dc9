"""The Coq kernel's check: ``coqc`` on every exported file, in dependency order, each in a child
process of its own session killed (with its process group) at the deadline. The files are compiled
in a scratch copy, so the exported folder holds only the .v sources. The verdict on the very same
bytes (and coqc version) is kept in the result cache, as a solver's answer is: a second ``make run``
does not check unchanged files again.

>>> check = CoqCheck(version=None, files=(), seconds=0.0, skipped="coqc is not installed")
>>> check.verdict.label, check.accepted
('unknown', ())
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from ordertheory.coq.vernacular import CoqFile
from ordertheory.engine import cache
from ordertheory.engine.result import Verdict

COQC = os.environ.get("ORDERTHEORY_COQC", "coqc")
DEADLINE = "not checked: the deadline came first"
FORBIDDEN = re.compile(r"\b(Admitted|admit|Axiom|Axioms|Parameter|Parameters|Conjecture)\b")


@dataclass(frozen=True)
class FileCheck:
    """One file's verdict from coqc: accepted, or the first lines of its error."""

    name: str
    accepted: bool
    seconds: float
    error: str = ""


@dataclass(frozen=True)
class CoqCheck:
    """coqc's answer on an export: per file, and why it did not run when it did not."""

    version: str | None
    files: tuple[FileCheck, ...]
    seconds: float
    skipped: str | None = None
    cached: bool = False  # the kernel's verdict on these very bytes, from the result cache

    @property
    def accepted(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.files if f.accepted)

    @property
    def rejected(self) -> tuple[str, ...]:
        """The files coqc refused (not those left unchecked by the deadline or by a refused dependency)."""
        return tuple(f.name for f in self.files if not f.accepted and not f.error.startswith("not checked"))

    @property
    def verdict(self) -> Verdict:
        """PROVED when coqc accepted every file; otherwise UNKNOWN — a file coqc refuses means the
        kernel did not confirm its proofs (a generated script that failed, or a tampered file), not
        that a statement is false; the package's own verdicts stand as they are."""
        if self.skipped or not self.files or not all(f.accepted for f in self.files):
            return Verdict.UNKNOWN
        return Verdict.PROVED

    def to_json(self) -> dict:
        return {"coqc": self.version, "verdict": self.verdict.value, "seconds": round(self.seconds, 3),
                "skipped": self.skipped, "cached": self.cached, "rejected": list(self.rejected),
                "files": [{"file": f.name, "accepted": f.accepted, "seconds": round(f.seconds, 3),
                           **({"error": f.error} if f.error else {})} for f in self.files]}


def coqc_version() -> str | None:
    """coqc's version line, or None when coqc cannot be run."""
    exe = shutil.which(COQC)
    if exe is None:
        return None
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"version ([0-9][^\s]*)", out)
    return found.group(1) if found else out.strip() or None


def forbidden(text: str) -> list[str]:
    """The words that would let a file hold a result without a proof (Admitted, admit, Axiom, …)."""
    return sorted(set(FORBIDDEN.findall(re.sub(r"\(\*.*?\*\)", "", text, flags=re.S))))


def _run(args: list[str], cwd: Path, seconds: float) -> tuple[int | None, str]:
    """One command in a new session, its whole process group killed at ``seconds``: (exit code or None, output)."""
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=max(seconds, 0.01))
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        with _suppress():
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, ""


class _suppress:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        return kind is not None and issubclass(kind, ProcessLookupError)


def check_files(folder: Path, files: list[CoqFile], timeout: float = 600.0) -> CoqCheck:
    """coqc on the exported ``files`` from ``folder``, within ``timeout`` seconds in all, one coqc per core
    (a file once the files it requires are accepted; the results in the files' order); a file whose
    required files were not accepted is not checked (and not accepted)."""
    names = [f.name for f in files]
    needs = {f.name: f.requires for f in files}
    t0 = time.monotonic()
    version = coqc_version()
    if version is None:
        return CoqCheck(None, (), 0.0, f"coqc is not installed ({COQC!r} not found on PATH): "
                                       "install Coq (Debian: apt-get install coq) to check the files")
    exe = shutil.which(COQC)
    store = cache.current()
    key = None
    if store is not None:  # coqc's verdict depends on the files' bytes and coqc's version only
        text = "".join(f"(* {n} *)\n" + (folder / n).read_text(encoding="utf-8") for n in names)
        key = store.key("coqc", text, f"coqc {version}", {"order": names})
        hit = store.get(key)
        if hit is not None:
            return CoqCheck(version, tuple(FileCheck(**f) for f in hit["files"]), hit["seconds"], cached=True)
    jobs = max(1, min(len(names), os.cpu_count() or 1))
    with tempfile.TemporaryDirectory(prefix="ordertheory-coq-") as scratch:
        work = Path(scratch)
        for name in names:
            shutil.copy(folder / name, work / name)

        def one(name: str) -> FileCheck:
            left = timeout - (time.monotonic() - t0)
            if left <= 0:
                return FileCheck(name, False, 0.0, DEADLINE)
            t1 = time.monotonic()
            code, out = _run([exe, "-q", "-Q", ".", "OrderTheory", name], work, left)
            seconds = time.monotonic() - t1
            if code is None:
                return FileCheck(name, False, seconds, DEADLINE)
            if code != 0:
                lines = [x for x in out.splitlines() if x.strip()]
                return FileCheck(name, False, seconds, " ".join(lines[-4:])[:600])
            bad = forbidden((folder / name).read_text(encoding="utf-8"))
            return FileCheck(name, not bad, seconds, f"holds {', '.join(bad)}: a result without a proof" if bad else "")

        # a file starts once the files it requires are accepted, up to one coqc per core (its .vo is then there)
        done: dict[str, FileCheck] = {}
        running: dict = {}
        with ThreadPoolExecutor(jobs) as pool:
            while len(done) < len(names):
                for name in names:
                    if name in done or name in running.values():
                        continue
                    failed = [r for r in needs[name] if r not in needs or r in done and not done[r].accepted]
                    if failed:
                        done[name] = FileCheck(name, False, 0.0, f"not checked: {', '.join(failed)} was not accepted")
                    elif all(r in done for r in needs[name]) and len(running) < jobs:
                        running[pool.submit(one, name)] = name
                if not running:
                    continue
                finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
                for fut in finished:
                    done[running.pop(fut)] = fut.result()
    results = [done[n] for n in names]
    check = CoqCheck(version, tuple(results), time.monotonic() - t0)
    if key is not None and not any(f.error == DEADLINE for f in results):  # a deadline is not a verdict
        store.put(key, {"files": [dataclasses.asdict(f) for f in results], "seconds": check.seconds})
    return check
