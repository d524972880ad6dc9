"""The Coq phase of the paper job and of ``ordertheory export coq``: export, write, check, count.

>>> from ordertheory.coq.job import version
>>> isinstance(version(), str)
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

from ordertheory.coq.coverage import Coverage, coverage
from ordertheory.coq.export import CoqExport, export, table_cells
from ordertheory.coq.run import CoqCheck, check_files
from ordertheory.engine.result import Verdict

CHECK_SECONDS = 600.0


def version() -> str:
    """The package's version, written in every file's header."""
    try:
        return metadata.version("ordertheory")
    except metadata.PackageNotFoundError:
        return "unknown"


def write_export(out: Path, rows: Iterable = (), proved: Iterable[str] = ()) -> CoqExport:
    """Export every statement (the order theory, the generic lemmas, the Table 1 ``rows`` and the
    printed claims among ``proved``) into ``out``."""
    ex = export(version(), table_cells(rows), proved)
    ex.write(out)
    return ex


def check_export(out: Path, ex: CoqExport, timeout: float = CHECK_SECONDS) -> CoqCheck:
    """coqc on every file of ``ex`` written in ``out``."""
    return check_files(out, list(ex.files), timeout)


def paper_phase(out: Path, statements, rows, sections, check: bool = True,
                timeout: float = CHECK_SECONDS) -> Coverage:
    """The paper job's Coq phase: ``out`` (its ``proofs/coq``) gets the .v files, ``coverage.md`` and
    ``coverage.json``; coqc checks them unless ``check`` is False or coqc is absent (then said)."""
    ex = write_export(out, rows, {s.id for s in statements if s.verdict is Verdict.PROVED})
    result = check_export(out, ex, timeout) if check else None
    cov = coverage(statements, sections, ex, result)
    (out / "coverage.md").write_text(cov.markdown(), encoding="utf-8")
    (out / "coverage.json").write_text(json.dumps(cov.to_json(), indent=1, ensure_ascii=False) + "\n",
                                       encoding="utf-8")
    return cov
