"""The whole export: the .v files in dependency order, written deterministically, with the map from
each statement of the package to the Coq theorems that re-check it.

>>> ex = export(version="0", cells=())
>>> [f.name for f in ex.files]
['Lemmas.v', 'Preorders.v', 'Cases.v', 'Theorems.v', 'RankingScores.v', 'Binary.v', 'Scores.v', 'Tile.v', 'Importances.v']
>>> ex.theorems_of("lemma-7")
['Preorders.lemma_7']
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ordertheory.catalogue import get
from ordertheory.coq.generic import lemmas_file
from ordertheory.coq.identities import ranking_scores_file
from ordertheory.coq.importances import (
    SYMBOLIC_PRIOR,
    a6_theorems,
    a62_theorems,
    cell_importance,
    ranking_score_definition,
    rewriting_theorems,
)
from ordertheory.coq.order_theory import order_theory_files
from ordertheory.coq.performances import pi_definition, prelude, score_definition
from ordertheory.coq.scores import cell_theorems
from ordertheory.coq.theorems import theorems_file
from ordertheory.coq.tile import tile_file
from ordertheory.coq.vernacular import CoqFile, NotExportable, assemble, ident
from ordertheory.engine.result import Verdict
from ordertheory.engine.witness import TestName
from ordertheory.paper.printed_claims import A6_CLAIMS
from ordertheory.sets.performance_set import PerformanceSet
from ordertheory.sets.settings import Setting
from ordertheory.spaces.sample_space import binary

TABLE1_FILE = "Table1_{}.v"


@dataclass(frozen=True)
class TableCell:
    """What the exporter reads of a Table 1 cell: the score, the setting, which tests the package
    proved, and the importance derivation (None when not derived)."""

    score: str
    setting: str
    proved: dict[str, bool]
    importance: object = None


@dataclass(frozen=True)
class CoqExport:
    """The generated files and, per file, why cells were left out (statement id → reason)."""

    files: tuple[CoqFile, ...]
    left_out: tuple[tuple[str, str], ...] = ()

    def theorems_of(self, statement_id: str) -> list[str]:
        """``File.theorem`` of every theorem that re-checks the statement."""
        return [f"{f.module}.{t.name}" for f in self.files for t in f.theorems if statement_id in t.statement_ids]

    def statement_map(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for f in self.files:
            for t in f.theorems:
                for sid in t.statement_ids:
                    out.setdefault(sid, []).append(f"{f.module}.{t.name}")
        return out

    def write(self, out: Path) -> list[Path]:
        """The files, ``_CoqProject`` and ``statements.json`` (statement id → theorems), byte for byte
        the same for the same package and inputs."""
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("*.v"):
            old.unlink()
        paths = []
        for f in self.files:
            (out / f.name).write_text(f.text, encoding="utf-8")
            paths.append(out / f.name)
        (out / "_CoqProject").write_text("-Q . OrderTheory\n" + "".join(f.name + "\n" for f in self.files))
        (out / "statements.json").write_text(json.dumps(
            {"statements": self.statement_map(), "left_out": dict(self.left_out)},
            indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
        return paths


def _pi(name: str) -> PerformanceSet:
    return Setting.parse(name).performance_set(binary())


def export(version: str, cells: Iterable[TableCell] = (), proved: Iterable[str] = ()) -> CoqExport:
    """Every file: the generic lemmas, the order theory, the binary space and its settings, the
    scores of the cells, Table 1's proved tests and the importances (A.6.2's printed importances
    among ``proved``, the ids of the statements the package proved: a refuted printed claim is not
    a theorem to prove)."""
    cells, proved = list(cells), set(proved)
    files = [lemmas_file(version), *order_theory_files(version), theorems_file(version), ranking_scores_file(version)]
    space = binary()
    settings = sorted({c.setting for c in cells}, key=lambda s: (s != "all", s))
    pis = {s: _pi(s) for s in settings}
    if "all" not in pis:
        pis["all"] = _pi("all")
    files.append(assemble("Binary.v", version, "The two-class space: performances on the simplex of Ω = {tn, fp, fn, tp}, "
                          "mixtures, the satisfaction's events, the sets Π of Table 1's settings, the ranking score.",
                          ("Lemmas.v",), prelude(space) + "\n\n" + "\n".join(pi_definition(p) for p in pis.values())
                          + "\n" + ranking_score_definition(space), [], reals=True))
    slugs, defs, left_out = [], [], []
    claimed = {slug for _, slug, _, _ in A6_CLAIMS}  # A.6's scores have importances exported
    for slug in sorted({c.score for c in cells} | claimed):
        try:
            defs.append(score_definition(get(slug).score(), slug).text())
            slugs.append(slug)
        except NotExportable as exc:
            left_out.append((f"score/{slug}", str(exc)))
    files.append(assemble("Scores.v", version, "The scores as written, each with its domain (every denominator "
                          "non-zero, every radicand ≥ 0).", ("Lemmas.v", "Binary.v"), "\n".join(defs), [], reals=True))
    importances = a6_theorems(space) + rewriting_theorems(pis["all"])
    for setting_name in settings:
        Pi = pis[setting_name]
        preludes, theorems = [], []
        for c in cells:
            if c.setting != setting_name or c.score not in slugs:
                continue
            cell = cell_theorems(c.score, get(c.score).score(), Pi, c.proved, setting_name)
            exported = set()
            if cell is not None:
                preludes.append(cell.prelude)
                theorems += cell.theorems
                exported = {t.statement_id for t in cell.theorems}
            for test, ok in sorted(c.proved.items()):
                sid = f"table1/{c.score}/{setting_name}/{test}"
                if ok and sid not in exported:
                    left_out.append((sid, "X is not a ratio of affine forms on Π with one-signed denominator "
                                          "(a square root, a product of rates, a threshold not at a vertex)"))
            imp = cell_importance(c.score, Pi, c.importance)
            if imp is not None:
                importances.append(imp)
        files.append(assemble(TABLE1_FILE.format(ident(setting_name)), version,
                              f"Table 1 on Π = {Pi.label}: the tests the package proved, re-proved from the generic lemmas.",
                              ("Lemmas.v", "Binary.v", "Scores.v"), "\n\n".join(preludes), theorems, reals=True))
    importances += a62_theorems(space, proved)
    files.append(tile_file(version, proved))
    files.append(assemble("Importances.v", version, "Importances: X = R_I (or X = g(R_I)) on Π, as equalities of reals; "
                          "A.3's rewritings.", ("Lemmas.v", "Binary.v", "Scores.v"), SYMBOLIC_PRIOR, importances,
                          reals=True))
    return CoqExport(tuple(files), tuple(sorted(left_out)))


def table_cells(rows) -> list[TableCell]:
    """The cells of Table 1 rows (:class:`~ordertheory.reports.model.Table1Row` or
    :class:`~ordertheory.paper.table1.Table1Cell`) as the exporter reads them."""
    out = []
    for r in rows:
        c = getattr(r, "cell", r)
        proved = {str(t): c.report.tests[t].verdict is Verdict.PROVED
                  for t in (TestName.TEST1, TestName.TEST2, TestName.TEST3)}
        out.append(TableCell(c.score, c.setting, proved, c.importance))
    return out
