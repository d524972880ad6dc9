"""Section D of the supplementary material: checked derivations, as statements carrying their
rendered Markdown and LaTeX (so the paper job's phases return plain, picklable data).

* per Table 1 setting: every score with a derived importance, from its definition to g(R_I);
* ``paper``: the corrected NLR and PLR of A.6.2 with their counterexamples, Properties 1–7 and
  the algebraic part of Theorem 2's condition (:mod:`ordertheory.paper.derivations`);
* the witnesses of refuted tests, rendered from the Table 1 rows (:func:`witnesses_markdown`).
"""

from __future__ import annotations

import re

from ordertheory.analyses.importance.derivation import DerivationChain, DerivationError
from ordertheory.analyses.importance.derivation_chains import importance_chain
from ordertheory.catalogue import TABLE1, get
from ordertheory.encoding.smtlib import expected_answer, file_name
from ordertheory.engine.result import Verdict, jsonable
from ordertheory.engine.witness import TestName
from ordertheory.fitness.report import verdict_word
from ordertheory.paper.derivations import paper_derivations
from ordertheory.paper.table1 import setting
from ordertheory.reports.derivations_render import to_latex, to_markdown
from ordertheory.reports.latex import latex_escape
from ordertheory.reports.model import ROW_TESTS, DocumentStatement, Table1Row

SECTION = "D"
METHOD = "sympy: every step of the chain reduces to 0 on Π"


def _statement(d: DerivationChain) -> DocumentStatement:
    d.check()
    return DocumentStatement.of(d.id, SECTION, d.title, Verdict.PROVED, METHOD, document=(to_markdown(d), to_latex(d)))


def setting_derivations(setting_name: str, scores=None, timeout: float = 10.0) -> list[DerivationChain | DocumentStatement]:
    """The importance chains of the Table 1 scores (or ``scores``) on one setting, paper's order;
    a chain that fails its check is replaced by an ``unknown`` statement saying so (never printed)."""
    return [x for slug in scores or TABLE1 for x in score_derivations(slug, setting_name, timeout)]


def score_derivations(slug: str, setting_name: str, timeout: float = 10.0,
                      derivation=None) -> list[DerivationChain | DocumentStatement]:
    """The importance chain of one catalogue score on one Table 1 setting (empty when no importance
    was derived); ``derivation``: the score's importance on that setting when already derived
    (:func:`~ordertheory.analyses.importance.derive.derive_importance`, e.g. by its Table 1 cell)."""
    Pi = setting(setting_name)
    try:
        ch = importance_chain(get(slug).score(), Pi, derivation=derivation, timeout=timeout)
    except DerivationError as exc:
        return [_failed(f"importance/{slug}/{Pi.label}", f"{slug} on Π = {Pi.label}", exc)]
    return list(ch.all()) if ch is not None else []


def score_statements(slug: str, setting_name: str, timeout: float = 10.0, derivation=None) -> list[DocumentStatement]:
    """:func:`score_derivations` as statements of section D (checked, rendered)."""
    return [x if isinstance(x, DocumentStatement) else _statement(x)
            for x in score_derivations(slug, setting_name, timeout, derivation)]


def _failed(did: str, title: str, exc: Exception) -> DocumentStatement:
    return DocumentStatement.of(did, SECTION, title, Verdict.UNKNOWN, METHOD,
                     reason=f"the derivation did not check, so it is not shown: {str(exc).splitlines()[0]}")


def derivation_statements(part: str, scores=None, timeout: float = 10.0, printed: dict | None = None) -> list[DocumentStatement]:
    """Statements of section D for one part: a Table 1 setting name, or ``paper`` (``printed``:
    A.6.2's verdicts when already decided, see
    :func:`~ordertheory.paper.derivations.likelihood_ratio_derivations`)."""
    if part == "paper":
        try:
            return [_statement(d) for d in paper_derivations(printed)]
        except DerivationError as exc:
            return [_failed("paper", "the paper's derivations", exc)]
    return [x if isinstance(x, DocumentStatement) else _statement(x) for x in setting_derivations(part, scores, timeout)]


# --- witnesses of the refuted tests (from the Table 1 rows) --------------------------------------
def _refuted(rows: list[Table1Row]):
    for r in rows:
        for t in ROW_TESTS:
            lines = r.witness_lines(t)
            if r.verdict(t) is Verdict.REFUTED and lines:
                yield r, t, lines


_STRICT = {TestName.TEST1: ("P1", ">", ("P2",)), TestName.TEST2: ("M", ">", ("P1", "P2")), TestName.TEST3: ("M", "<", ("P1", "P2"))}


def _strict(test: str, witness: dict | None) -> str | None:
    """The strict inequality the witness establishes, with exact values and decimals (a reading
    of the engine's exactly re-validated witness, never a new decision)."""
    if test not in _STRICT or not witness or "values" not in witness:
        return None
    vals, decs = witness["values"], witness.get("decimals", {})
    top, rel, others = _STRICT[test]
    show = lambda k: vals[f"X({k})"] + (f" ≈ {decs[f'X({k})']}" if decs.get(f"X({k})") not in (None, vals[f"X({k})"]) else "")
    if any(vals.get(f"X({k})") is None for k in (top, *others)):
        return None
    return "so, strictly: " + "; ".join(f"X({top}) = {show(top)} {rel} X({k}) = {show(k)}" for k in others)


def _refuted_title(test: str) -> str:
    """``test 2 (…) refuted``; for Theorem 2's sufficient condition, a note: ``… not met`` (no failed test)."""
    t = TestName(test)
    return f"{t.plain}: {verdict_word(t, Verdict.REFUTED)}" if t.is_note else f"{t.plain} refuted"


def witnesses_markdown(rows: list[Table1Row]) -> str:
    """Every refuted test of Table 1: the witness, X at P1, P2 and M (exact and decimal), and the
    inequality it violates (re-validated in exact arithmetic by the engine)."""
    out = []
    for r, t, lines in _refuted(rows):
        out += [f"#### {r.score} on Π = {r.setting}: {_refuted_title(t)}", ""]
        out += [f"- {x}" for x in lines]
        strict = _strict(t, jsonable(r.result(t).witness))
        out += [f"- {strict}"] if strict else []
        out.append("")
    if not out:
        return ""
    return "\n".join(["### Witnesses of the refuted tests", "", *out])


def witnesses_latex(rows: list[Table1Row]) -> str:
    """The same witnesses in LaTeX."""
    out = []
    for r, t, lines in _refuted(rows):
        out.append(r"\paragraph{" + latex_escape(f"{r.score} on Π = {r.setting}: {_refuted_title(t)}") + "}")
        out.append(r"\begin{itemize}")
        strict = _strict(t, jsonable(r.result(t).witness))
        out += [r"\item " + latex_escape(x) for x in [*lines, *([strict] if strict else [])]]
        out.append(r"\end{itemize}")
    if not out:
        return ""
    return "\n".join([r"\subsubsection*{Witnesses of the refuted tests}", *out])


# --- obligations decided by z3: a readable statement beside the certificate -------------------------
_DECLS = re.compile(r"\(declare-(?:fun|const) (\S+) (\([^)]*\) )?(\w+)\)")


def _card(x: DocumentStatement) -> list[str]:
    """Readable lines for one z3-decided statement: what was asked and where the certificate is."""
    out = []
    for fid, text in x.smtlib:
        reals, funcs = [], []
        for name, args, _sort in _DECLS.findall(text):
            (funcs if args and args.strip("() ") else reals).append(name)
        asserts = [ln for ln in text.splitlines() if ln.startswith("(assert")]
        out += [f"- to prove: {x.text}",
                f"- asked of z3: {max(len(asserts) - 1, 0)} assumptions (each performance on the simplex: "
                "P(ω) ≥ 0, Σ P(ω) = 1, and the hypotheses) with the negated claim; answer: "
                f"{expected_answer(text).value}, so the claim holds",
                f"- variables: {', '.join(reals) or 'none'} (reals)"
                + (f"; uninterpreted: {', '.join(funcs)}" if funcs else ""),
                f"- certificate: proofs/{file_name(fid)} (replay with z3 or cvc5: `ordertheory replay proofs/`)"]
    return out


def _z3_items(statements: list[DocumentStatement]) -> list[DocumentStatement]:
    return [x for x in statements if x.section in ("4.1", "4.2", "A.5.1") and x.smtlib and x.verdict is Verdict.PROVED]


def obligations_markdown(statements: list[DocumentStatement]) -> str:
    """Theorems, corollaries and A.5.1 decided by z3: the obligation in words beside its file."""
    out = []
    for x in _z3_items(statements):
        out += [f"#### {x.id}", "", *_card(x), ""]
    return "\n".join(["### Obligations decided by z3", "", *out]) if out else ""


def obligations_latex(statements: list[DocumentStatement]) -> str:
    out = []
    for x in _z3_items(statements):
        out += [r"\paragraph{" + latex_escape(x.id) + "}", r"\begin{itemize}"]
        out += [r"\item " + latex_escape(line[2:].replace("`", "")) for line in _card(x)]
        out.append(r"\end{itemize}")
    return "\n".join([r"\subsubsection*{Obligations decided by z3}", *out]) if out else ""
