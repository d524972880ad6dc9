"""How much of what the package proves the Coq kernel re-checks, family by family (the documents'
sections), beside what stands on an SMT certificate (z3's unsat, which ``ordertheory replay`` also
gives cvc5) or on a sympy identity, and what blocks the rest.

A statement counts as re-checked by the Coq kernel when a theorem of the export names it and coqc
accepted that theorem's file; without coqc nothing is counted as re-checked (the files are written,
the check is said to be skipped, with the reason).

>>> Coverage((), None).share
0.0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ordertheory.coq.export import CoqExport
from ordertheory.coq.run import CoqCheck
from ordertheory.engine.result import Verdict

# why a family's statements are not (all) exported, said once per family (the documents' sections)
BLOCKERS = {
    "A.2": "",
    "A.2.3": "the comparison of the derived list with the printed one is a comparison of lists, not a theorem",
    "4.1": "",
    "4.2": "",
    "A.5.1": "",
    "A.5.2": "",
    "A.3": "",
    "A.6": "",
    "S": "the harmonic-mean, sum-of-bounds and polynomial-face lemmas are not exported yet",
    "T": "the class-prior shift and the no-skill curve are not exported yet (sympy and z3 decide them)",
    "H": "not exported yet: the hull theorem's lemmas (sympy and z3 decide them)",
    "K": "statements for every number of classes k: a Coq proof needs sums over k classes (induction)",
    "5.2": "scores that are not a ratio of affine forms on Π (square roots, products of rates, probit) stay "
           "with the SMT certificates",
}


@dataclass(frozen=True)
class FamilyCoverage:
    """One family (a section of the documents): its proved statements and how each is re-checked."""

    section: str
    title: str
    proved: int
    coq: int
    smt: int  # proved on a z3 certificate (replayable by cvc5 with ``ordertheory replay``), not by Coq
    other: int  # proved otherwise (sympy identities, comparisons), not by Coq
    blocker: str

    def to_json(self) -> dict:
        return {"section": self.section, "title": self.title, "proved": self.proved, "coq_kernel": self.coq,
                "smt_certificate_only": self.smt, "other_only": self.other, "what_blocks_the_rest": self.blocker}


@dataclass(frozen=True)
class Coverage:
    families: tuple[FamilyCoverage, ...]
    check: CoqCheck | None
    exported: int = 0  # statements of the package that some exported theorem re-checks

    @property
    def proved(self) -> int:
        return sum(f.proved for f in self.families)

    @property
    def coq(self) -> int:
        return sum(f.coq for f in self.families)

    @property
    def share(self) -> float:
        return self.coq / self.proved if self.proved else 0.0

    def line(self) -> str:
        """The one line the paper job prints."""
        if self.check is None or self.check.skipped:
            why = self.check.skipped if self.check is not None else "the check was not run"
            return f"Coq kernel: not run ({why}); the .v files are written for {self.exported} statements"
        ok = len(self.check.accepted)
        return (f"Coq kernel: {self.coq} of {self.proved} proved statements re-checked ({100 * self.share:.1f} %); "
                f"coqc {self.check.version} accepted {ok} of {len(self.check.files)} files in {self.check.seconds:.1f} s"
                + (" (its verdict on these very files, from the result cache)" if self.check.cached else ""))

    def markdown(self) -> str:
        rows = ["| family | proved | re-checked by the Coq kernel | on an SMT certificate only (z3; cvc5 by "
                "`replay`) | otherwise only (sympy, comparisons) | what blocks the rest |", "|---|---|---|---|---|---|"]
        for f in self.families:
            rows.append(f"| {f.section} — {f.title} | {f.proved} | {f.coq} | {f.smt} | {f.other} | {f.blocker or '—'} |")
        rows.append(f"| **all** | **{self.proved}** | **{self.coq}** | {sum(f.smt for f in self.families)} | "
                    f"{sum(f.other for f in self.families)} | |")
        return "\n".join([f"# Re-checked by a proof assistant\n\n{self.summary()}\n", *rows]) + "\n"

    def summary(self) -> str:
        """The document's line: the share and coqc's verdict, no time and no cache (a warm run's documents
        are the cold run's byte for byte); :meth:`line` is what the job prints."""
        if self.check is None or self.check.skipped:
            return self.line()
        return (f"Coq kernel: {self.coq} of {self.proved} proved statements re-checked ({100 * self.share:.1f} %); "
                f"coqc {self.check.version} accepted {len(self.check.accepted)} of {len(self.check.files)} files")

    def to_json(self) -> dict:
        return {"proved": self.proved, "coq_kernel": self.coq, "share": round(self.share, 4),
                "check": None if self.check is None else _document(self.check.to_json()),
                "families": [f.to_json() for f in self.families]}


def _document(check: dict) -> dict:
    """coqc's verdict as the documents keep it: without its seconds and whether it came from the cache
    (a warm run writes the cold run's files byte for byte)."""
    return {k: ([{x: y for x, y in f.items() if x != "seconds"} for f in v] if k == "files" else v)
            for k, v in check.items() if k not in ("seconds", "cached")}


def coverage(statements: Iterable, sections: Iterable[tuple[str, str]], export: CoqExport,
             check: CoqCheck | None) -> Coverage:
    """Per family, the proved statements (derivations, which explain statements counted elsewhere,
    left out, as the documents' summary does) and how they are re-checked."""
    accepted = set() if check is None else {name.removesuffix(".v") for name in check.accepted}
    rechecked = {sid for sid, names in export.statement_map().items()
                 if names and all(n.split(".")[0] in accepted for n in names)}
    out = []
    statements = [s for s in statements if s.verdict is Verdict.PROVED and not s.document]
    for section, title in sections:
        mine = [s for s in statements if s.section == section]
        if not mine:
            continue
        coq = sum(s.id in rechecked for s in mine)
        smt = sum(s.id not in rechecked and bool(s.smtlib) for s in mine)
        out.append(FamilyCoverage(section, title, len(mine), coq, smt, len(mine) - coq - smt,
                                  "" if coq == len(mine) else BLOCKERS.get(section) or "not exported"))
    return Coverage(tuple(out), check, len(export.statement_map()))
