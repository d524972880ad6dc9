"""``paper --only SCORE``: one score's checked write-up, to paste into a paper.

For each setting (Table 1's three, or the Π of ``--prior``/``--rate``) the importance derivation
decides what the score is — the verdict of ``ordertheory importance`` on the same Π — and the
write-up shows why: the chain from the definition to g(R_I) when an importance was derived, the
refuted test written up as derivations (the exact values at its witness, the inequality they break)
when none exists, the reason when it stays unknown. Markdown, a LaTeX fragment to ``\\input``, or a
standalone LaTeX document; deterministic (no timestamps, stable order).

>>> w = write_up("f_beta_2", timeout=20)
>>> w.verdict.label, [s.kind.value for s in w.sections]
('proved', ['ranking_score', 'ranking_score', 'ranking_score'])
>>> w.markdown().splitlines()[0]
'# F-score for β = 2: from its definition to the ranking score R_I'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ordertheory.analyses.importance.derivation import DerivationChain, DerivationError
from ordertheory.analyses.importance.derivation_chains import importance_chain
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.analyses.importance.importance import ImportanceKind
from ordertheory.catalogue import as_score, find
from ordertheory.engine.result import Verdict
from ordertheory.paper.table1 import SETTINGS, setting
from ordertheory.reports.derivations_render import latex_expr, to_latex, to_markdown
from ordertheory.reports.latex import latex_escape
from ordertheory.reports.refutations import refutation_derivations
from ordertheory.scores.score import Score
from ordertheory.sets.performance_set import PerformanceSet


@dataclass(frozen=True)
class Section:
    """One setting: what the score is there (the importance derivation's kind and verdict), the
    sentence that says it, and the checked derivations behind it."""

    Pi: str
    kind: ImportanceKind
    verdict: Verdict
    summary: str
    derivations: tuple[DerivationChain, ...]


@dataclass(frozen=True)
class WriteUp:
    """A score's write-up over one or more settings."""

    name: str
    score: str
    formula: str
    formula_latex: str
    sections: tuple[Section, ...]

    @property
    def verdict(self) -> Verdict:
        """The conjunction of the settings' verdicts (those of ``ordertheory importance``)."""
        return Verdict.conjunction(s.verdict for s in self.sections)

    @property
    def title(self) -> str:
        return f"{self.name}: from its definition to the ranking score R_I"

    def markdown(self) -> str:
        out = [f"# {self.title}", "", f"{self.name} is ${self.formula_latex}$ (as written).", ""]
        for s in self.sections:
            out += [f"## Π = {s.Pi}", "", s.summary, ""]
            out += [to_markdown(d) for d in s.derivations]
        return "\n".join(out).rstrip() + "\n"

    def latex(self) -> str:
        """A fragment to ``\\input`` into a document that loads amsmath: one subsection per setting."""
        out = [f"% {self.score}: written by ordertheory paper --only (checked derivations)",
               r"\subsection*{" + latex_escape(self.title) + "}",
               latex_escape(f"{self.name} is ") + f"${self.formula_latex}$" + latex_escape(" (as written).")
               + r"\par"]
        for s in self.sections:
            out.append(r"\subsubsection*{" + latex_escape(f"Π = {s.Pi}") + "}")
            out.append(latex_escape(s.summary) + r"\par")
            out += [to_latex(d) for d in s.derivations]
        return "\n".join(out) + "\n"

    def latex_document(self, fragment: str | None = None) -> str:
        """A standalone document: the fragment inline, or ``\\input{fragment}`` when it is a file."""
        body = r"\input{" + fragment + "}" if fragment else self.latex().rstrip()
        return "\n".join([r"\documentclass[10pt]{article}", r"\usepackage[T1]{fontenc}",
                          r"\usepackage[margin=2cm]{geometry}", r"\usepackage{amsmath,amssymb}",
                          r"\begin{document}", body, r"\end{document}"]) + "\n"

    def to_json(self) -> dict:
        return {"score": self.score, "name": self.name, "formula": self.formula, "verdict": self.verdict.value,
                "settings": [{"Pi": s.Pi, "kind": s.kind.value, "verdict": s.verdict.value, "summary": s.summary,
                              "derivations": [d.id for d in s.derivations]} for s in self.sections]}


def _section(X: Score, Pi: PerformanceSet, timeout: float) -> Section:
    d = derive_importance(X, Pi, timeout=timeout)  # tests 2 and 3 checked: "none" is proved, as in importance
    slug = X.name or X.text
    chains: tuple[DerivationChain, ...] = ()
    if d.kind is ImportanceKind.NONE and d.witness is not None:
        summary = (f"No importance: {d.reason}. The exact witness, and the arithmetic behind it "
                   "(every step checked by sympy):")
        chains = tuple(refutation_derivations(X, d.witness, f"{slug} on Π = {Pi.label}"))
    elif d.verdict is Verdict.PROVED and d.kind is not ImportanceKind.CONSTANT:
        try:
            ch = importance_chain(X, Pi, derivation=d, timeout=timeout)
        except DerivationError as exc:  # never rendered: say so
            ch, why = None, str(exc).splitlines()[0]
        else:
            why = "the derivation is written for two classes only"
        imp = ", ".join(f"I({o}) = {v}" for o, v in (d.importance or {}).items())
        kind = "a ranking score" if d.kind is ImportanceKind.RANKING_SCORE else f"a {d.monotone} transform of a ranking score"
        summary = f"{slug} is {kind} on Π with {imp}" + (
            f", at (a, b) = ({d.tile['a']}, {d.tile['b']}) on the Tile" if d.tile else "") + "."
        if ch is not None:
            chains = ch.all()
        else:
            summary += f" (No chain shown: {why}.)"
    elif d.kind is ImportanceKind.CONSTANT:
        summary = f"{slug} is constant on Π ({d.transform}): every importance orders Π alike (all ties)."
    else:
        summary = f"Unknown: {d.reason or 'the derivation did not settle the question'}."
    return Section(Pi.label, d.kind, d.verdict, summary, chains)


def write_up(score_text: str, settings: Sequence[PerformanceSet] | None = None, name: str | None = None,
             timeout: float = 10.0) -> WriteUp:
    """The write-up of one score (a slug or a formula) on ``settings`` (default: Table 1's three);
    ``name`` heads it (default: the catalogue's name, else the formula as typed)."""
    entry = find(score_text)
    X = entry.score() if entry is not None else as_score(score_text)
    Pis = list(settings) if settings else [setting(s) for s in SETTINGS]
    sections = tuple(_section(X, Pi, timeout) for Pi in Pis)
    return WriteUp(name or (entry.name if entry is not None else score_text.strip()), score_text.strip(),
                   str(X.expr), latex_expr(X.expr), sections)
