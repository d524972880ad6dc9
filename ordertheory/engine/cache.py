"""The result cache: solver answers keyed by the obligation's SMT-LIB text, on disk.

An entry's key is the SHA-256 of the obligation's text together with the solver's name and
version and the options of the call (tactic, model variables, …), so a changed encoding, solver
or option is a different key. Entries live in ``~/.cache/ordertheory`` (``$XDG_CACHE_HOME`` is
respected); ``ORDERTHEORY_CACHE=DIR`` moves them and ``ORDERTHEORY_NO_CACHE=1`` (the CLI's
``--no-cache``) turns the cache off.

What is reused, and when:

- an UNSAT answer (a proof) only with its certificate: the entry stores the SMT-LIB text, which
  must be the very text asked about (the key's hash is checked against it);
- a SAT answer only as the solver's model: the caller decodes and re-validates it in exact
  arithmetic, exactly as a fresh answer;
- an UNKNOWN answer only when the new time limit is not larger than the one that gave it (a larger
  budget retries).

Writes are atomic (a temporary file in the same folder, then :func:`os.replace`), so a run killed
mid-way leaves whole entries or none; each entry carries the SHA-256 of its body, so a corrupt or
truncated entry is detected, removed and recomputed.

>>> import tempfile, os
>>> c = Cache(tempfile.mkdtemp())
>>> k = c.key("smt", "(assert false)\\n(check-sat)", "z3 4.15", {"tactic": None})
>>> c.get(k) is None
True
>>> c.put(k, {"answer": {"status": "unknown"}, "timeout": 5})
>>> c.get(k)["timeout"]
5
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from ordertheory.encoding.answer import Answer, Status

FORMAT = 2  # bump when the layout of an entry changes: old entries then miss
ENV_DIR, ENV_OFF = "ORDERTHEORY_CACHE", "ORDERTHEORY_NO_CACHE"


def default_dir() -> Path:
    """``$ORDERTHEORY_CACHE``, else ``$XDG_CACHE_HOME/ordertheory``, else ``~/.cache/ordertheory``."""
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ordertheory"


def enabled() -> bool:
    """False when ``ORDERTHEORY_NO_CACHE`` is set to anything but '' or '0' (``--no-cache``)."""
    return os.environ.get(ENV_OFF, "") in ("", "0")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _canonical(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


class Cache:
    """Entries as small JSON files, ``DIR/ab/abcdef….json``, each with the hash of its body."""

    def __init__(self, directory: str | os.PathLike | None = None) -> None:
        self.dir = Path(directory) if directory is not None else default_dir()
        self.hits = self.misses = self.corrupt = self.writes = 0

    @staticmethod
    def key(kind: str, text: str, solver: str, options: dict) -> str:
        """The key of one question: its kind, the text's hash, the solver and the call's options."""
        return _digest(_canonical([FORMAT, kind, _digest(text), solver, options]))

    def _path(self, key: str) -> Path:
        return self.dir / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict | None:
        """The stored body, or None when absent; a corrupt entry is removed and counts as absent."""
        path = self._path(key)
        try:
            raw = path.read_text()
        except (FileNotFoundError, NotADirectoryError):
            self.misses += 1
            return None
        except OSError:
            self.misses += 1
            return None
        try:
            entry = json.loads(raw)
            body = entry["body"]
            ok = entry["key"] == key and entry["sha256"] == _digest(_canonical(body)) and isinstance(body, dict)
        except (ValueError, KeyError, TypeError):
            ok = False
        if not ok:
            self.corrupt += 1
            self.misses += 1
            with contextlib.suppress(OSError):  # another run removed it already
                path.unlink()
            return None
        self.hits += 1
        return body

    def put(self, key: str, body: dict) -> None:
        """Store ``body`` atomically (temporary file + ``os.replace``); a failure to write is ignored.

        No fsync: a killed run cannot leave a partial entry (the rename is atomic), and an entry
        left short by a crash of the machine fails its hash check and is recomputed; syncing each
        of a cold paper job's ~600 entries cost more than a second of disk waits."""
        path = self._path(key)
        text = _canonical({"key": key, "sha256": _digest(_canonical(body)), "body": body})
        tmp = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".part")
            with os.fdopen(fd, "w") as f:
                f.write(text)
            os.replace(tmp, path)
            tmp = None
            self.writes += 1
        except OSError:
            pass  # a read-only or full disk costs the reuse, never the result
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):  # renamed into place: nothing left to remove
                    os.unlink(tmp)


_CACHES: dict[str, Cache] = {}


def current() -> Cache | None:
    """The cache of this process (None when disabled); follows ``ORDERTHEORY_CACHE`` as it changes."""
    if not enabled():
        return None
    d = str(default_dir())
    if d not in _CACHES:
        _CACHES[d] = Cache(d)
    return _CACHES[d]


# --- solver answers ---------------------------------------------------------------------------------
def cached_check(check: Callable[..., Answer], text: str, timeout: float, solver: str, **options) -> Answer:
    """``check(text, timeout, **options)`` through the cache (``solver``: its name and version).

    A stored UNSAT comes back only with the stored certificate equal to ``text``; a stored UNKNOWN
    only when ``timeout`` is not larger than the one that gave it (its reason then says so); a stored
    SAT with its model (the caller validates it). The answer is marked ``cached`` when reused.
    """
    store = current()
    if store is None:
        return check(text, timeout, **options)
    key = store.key("smt", text, solver, {k: v for k, v in sorted(options.items())})
    body = store.get(key)
    if body is not None and reusable(body, text, timeout):
        answer = Answer.from_json(body["answer"], cached=True)
        if answer.status is Status.UNKNOWN:
            answer = Answer(answer.status, cached_reason(body), answer.model, answer.solver, answer.seconds,
                            answer.models, cached=True)
        return answer
    answer = check(text, timeout, **options)
    stored = {"answer": answer.to_json(), "timeout": timeout}
    if answer.status is Status.UNSAT:
        stored["certificate"] = text
    store.put(key, stored)
    return answer


def cached_reason(body: dict) -> str:
    """The reason of a reused UNKNOWN, saying it comes from an earlier run (its figures are that
    run's, not this one's).

    >>> cached_reason({"answer": {"status": "unknown", "reason": "z3: timeout"}, "timeout": 60})
    'z3: timeout (an earlier run with a 60 s budget, reused from the cache: this budget is not larger)'
    """
    reason = (body.get("answer") or {}).get("reason")
    return (f"{reason or 'unknown'} (an earlier run with a {body.get('timeout', 0):g} s budget, "
            "reused from the cache: this budget is not larger)")


def reusable(body: dict, text: str, timeout: float) -> bool:
    """May a stored answer stand for a new call on ``text`` with ``timeout``? (see the module)"""
    try:
        answer = Answer.from_json(body["answer"])
    except (KeyError, TypeError, ValueError):
        return False
    if answer.status is Status.UNSAT:
        return body.get("certificate") == text
    if answer.status is Status.SAT:
        return answer.model is not None or bool(answer.models)
    return isinstance(body.get("timeout"), int | float) and timeout <= body["timeout"]


# --- whole tasks ------------------------------------------------------------------------------------
_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(ordertheory[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)"
                     r"|import[ \t]+(ordertheory[\w.]*))", re.M)
_NAMED = re.compile(r"[\"']-m[\"'],\s*[\"'](ordertheory(?:\.\w+)+)[\"']")  # a module run as python -m …
_SOURCES: dict[str, tuple[Path, str]] = {}
_FINGERPRINTS: dict[str | None, str] = {}


def _sources() -> dict[str, tuple[Path, str]]:
    """Every module of the package: its file and its source (read once per process)."""
    if not _SOURCES:
        root = Path(__file__).resolve().parents[1]
        for p in sorted(root.rglob("*.py")):
            if "__pycache__" not in p.parts:
                parts = p.relative_to(root.parent).with_suffix("").parts
                _SOURCES[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = (p, p.read_text())
    return _SOURCES


def _deps(name: str, sources: dict) -> set[str]:
    """The package's modules ``name`` imports (its packages' ``__init__`` included), read off its source."""
    text = sources[name][1]
    found = set()
    for m in _IMPORT.finditer(text):
        if m.group(3):
            found.add(m.group(3))
        else:
            found.add(m.group(1))
            found |= {f"{m.group(1)}.{w}" for w in re.findall(r"\b(\w+)\b(?:\s+as\s+\w+)?", m.group(2))}
    found |= set(_NAMED.findall(text))
    found |= {name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1)}
    return {f for f in found if f in sources}


def dependencies(module: str) -> list[str]:
    """``module`` and every module of this package it needs, transitively, sorted: what it imports
    (imports are at the top of modules outside ``cli/``, so its source says them all), the packages
    on their way, and a module it runs as ``python -m …`` (the solver worker).

    >>> deps = dependencies("ordertheory.engine.cache")
    >>> "ordertheory.encoding.answer" in deps, "ordertheory.reports.render" in deps
    (True, False)
    """
    sources = _sources()
    seen, todo = {module}, [module]
    while todo:
        for d in _deps(todo.pop(), sources) - seen:
            seen.add(d)
            todo.append(d)
    return sorted(seen)


def code_fingerprint(module: str | None = None) -> str:
    """The hash of the code a task's stored result stands for and of the versions it computes with
    (Python, z3, sympy, numpy, scipy, cvc5): with ``module``, the source of its
    :func:`dependencies` and the data files beside them, so that a change elsewhere (a document's
    renderer, a command) keeps the results; without, the whole package."""
    if module not in _FINGERPRINTS:
        import platform
        from importlib import metadata

        sources = _sources()
        names = dependencies(module) if module in sources else sorted(sources)
        h = hashlib.sha256()
        folders = set()
        for n in names:
            path, text = sources[n]
            folders.add(path.parent)
            h.update(n.encode() + b"\0" + text.encode() + b"\0")
        for folder in sorted(folders):  # data beside the code (the JSON Schemas, the playground's page)
            for p in sorted(folder.iterdir()):
                if p.is_file() and p.suffix not in (".py", ".pyc", ".pyo"):
                    h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
        versions = [platform.python_version()]
        for dist in ("z3-solver", "sympy", "numpy", "scipy", "cvc5"):
            try:
                versions.append(f"{dist} {metadata.version(dist)}")
            except metadata.PackageNotFoundError:
                versions.append(f"{dist} -")
        h.update(" ".join(versions).encode())
        _FINGERPRINTS[module] = h.hexdigest()
    return _FINGERPRINTS[module]


def _task_key(store: Cache, fn: Callable, args: tuple) -> str:
    return store.key("task", f"{fn.__module__}.{fn.__qualname__}{args!r}", code_fingerprint(fn.__module__), {})


def task_get(fn: Callable, args: tuple) -> tuple | None:
    """``(result,)`` of ``fn(*args)`` stored by an earlier run of the same code, or None.

    The result is stored pickled (with the entry's hash, so a corrupt one is recomputed); only
    this user's cache folder is read, never a file from elsewhere.
    """
    import base64
    import pickle

    store = current()
    if store is None:
        return None
    body = store.get(_task_key(store, fn, args))
    if body is None:
        return None
    try:
        return (pickle.loads(base64.b64decode(body["pickle"])),)
    except Exception:  # an entry of an older layout: recompute
        return None


def task_put(fn: Callable, args: tuple, value, settled: bool = True) -> None:
    """Store ``fn(*args) == value`` for :func:`task_get` (nothing when the cache is off);
    ``settled`` False records that something in it stayed unknown (see
    :func:`ordertheory.engine.executor.run_tasks`)."""
    import base64
    import pickle

    store = current()
    if store is not None:
        store.put(_task_key(store, fn, args), {"pickle": base64.b64encode(pickle.dumps(value)).decode(),
                                               "settled": settled})
