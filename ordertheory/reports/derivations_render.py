"""Checked derivations as documents: LaTeX (amsmath ``align``, numbered, labelled) and Markdown
(``$$`` math, for the docs). Only a derivation whose :meth:`check` passes is rendered.

Output is deterministic: expressions are printed by sympy with fixed symbol names, labels come
from the derivation's id, nothing depends on time or scheduling.

>>> import sympy
>>> from ordertheory.analyses.importance.derivation import DerivationChain, Step
>>> x = sympy.Symbol("tp", positive=True)
>>> d = DerivationChain("demo/x", "demo", (Step(2 * x / 2, "definition"), Step(x, "cancel")), lhs=sympy.Symbol("X"))
>>> print(to_markdown(d).splitlines()[0])
#### demo
"""

from __future__ import annotations

import re

import sympy

from ordertheory.analyses.importance.derivation import DerivationChain
from ordertheory.exact import as_sympy
from ordertheory.reports.latex import latex_escape

_NAMES = {"tn": r"P(\mathrm{tn})", "fp": r"P(\mathrm{fp})", "fn": r"P(\mathrm{fn})", "tp": r"P(\mathrm{tp})",
          "pi_+": r"\pi_{+}", "pi_-": r"\pi_{-}", "pi_pos": r"\pi_{+}", "pi_neg": r"\pi_{-}", "R_I": "R_I",
          "beta": r"\beta", "p_e": "p_e", "A": r"\mathrm{A}", "X": "X", "g'(r)": "g'(r)",
          "alpha0": r"\alpha_0", "alpha1": r"\alpha_1", "lambda1": r"\lambda_1", "lambda2": r"\lambda_2",
          "R_I'": "R_{I'}", "E_P[S]": r"\mathbb{E}_P[S]", "E_P[f]": r"\mathbb{E}_P[f]", "R_kI": "R_{kI}", "X^E_S(filter_I(P))": r"X^{E}_{S}(\mathrm{filter}_I(P))", "R_I1": "R_{I_1}", "R_I2": "R_{I_2}", "v": "v"}
for _r in ("TPR", "TNR", "FPR", "FNR", "PPV", "NPV", "FDR", "FOR", "NLR", "PLR"):
    _NAMES[_r] = rf"\mathrm{{{_r}}}"


def _name(sym: sympy.Symbol) -> str:
    n = sym.name
    if n in _NAMES:
        return _NAMES[n]
    m = re.fullmatch(r"([A-Za-z])(\d?)_(tn|fp|fn|tp)", n)  # I_tn -> I(tn), I1_tn -> I_1(tn)
    if m:
        return m.group(1) + (f"_{m.group(2)}" if m.group(2) else "") + rf"(\mathrm{{{m.group(3)}}})"
    m = re.fullmatch(r"y(\d+)_(p\d+|s\d+|abstain)", n)  # y1_s3 -> P(y = 1, s3): the k-class, scored, selective outcomes
    if m:
        return rf"P(y\!=\!{m.group(1)}, \mathrm{{{m.group(2)}}})"
    m = re.fullmatch(r"([A-Za-z]+)_?(\w*)", n)
    if m and m.group(2):
        return f"{m.group(1)}_{{{m.group(2)}}}"
    return n


def latex_expr(e: sympy.Expr) -> str:
    """An expression in LaTeX, terms in the order they were built (the paper's: tn, fp, fn, tp)."""
    names = {s: _name(s) for s in as_sympy(e).free_symbols if isinstance(s, sympy.Symbol)}
    return sympy.latex(e, order="none", symbol_names=names)


def _label(did: str, i: int | None = None) -> str:
    base = "der:" + re.sub(r"[^A-Za-z0-9]+", "-", did).strip("-")
    return base if i is None else f"{base}:{i}"


def _defs(d: DerivationChain, latex: bool) -> list[str]:
    out = []
    for k, v in d.definitions:
        if not _used(d, k):
            continue
        left, right = latex_expr(k), latex_expr(v)
        if left != right:
            out.append(f"{left} = {right}")
    return out


_WORDS = (("pi_pos", "π₊"), ("pi_neg", "π₋"), ("pi_-", "π₋"), ("pi_+", "π₊"), ("!=", "≠"))


def _t(text: str) -> str:
    """Plain text for a reader: the internal names of the priors written π₊, π₋."""
    for a, b in _WORDS:
        text = text.replace(a, b)
    return text


def _used(d: DerivationChain, k: sympy.Symbol) -> bool:
    """Whether ``k`` appears in a step, or in the definition of a symbol that does."""
    seen = set().union(*(as_sympy(st.expr).free_symbols for st in d.steps))
    defs = dict(d.definitions)
    for _ in range(4):
        seen |= set().union(*(as_sympy(defs[x]).free_symbols for x in seen if x in defs))
    return k in seen


def to_latex(d: DerivationChain, escape=None) -> str:
    """One derivation: a paragraph head, its assumptions, an align environment (one numbered,
    labelled line per step) and the justifications referring to those numbers."""
    d.check()
    esc = escape or _plain
    lhs = latex_expr(d.lhs) if d.lhs is not None else ""
    out = [r"\paragraph{" + esc(d.title) + "}" + r"\label{" + _label(d.id) + "}"]
    if d.assumptions:
        out.append(esc(_t("Assumptions: " + "; ".join(d.assumptions) + ".")) + r"\par")
    defs = _defs(d, True)
    if defs:
        out.append(esc("Where ") + ", ".join(f"${x}$" for x in defs) + r".\par")
    out.append(r"\begin{align}")
    rows = []
    for i, st in enumerate(d.steps, 1):
        rel = "&" if (i == 1 and d.lhs is None) else "&="
        rows.append(f"{lhs if i == 1 else ''} {rel} {latex_expr(st.expr)} \\label{{{_label(d.id, i)}}}".lstrip())
    out.append(" \\\\\n".join(rows))
    out.append(r"\end{align}")
    why = []
    for i, st in enumerate(d.steps, 1):
        ref = esc(f" (the paper's {st.ref})") if st.ref else ""
        why.append(r"\eqref{" + _label(d.id, i) + "}: " + esc(_t(st.why)) + ref)
    out.append(r"\noindent " + "; ".join(why) + r".\par")
    tail = _tail(d)
    if tail:
        out.append(esc(tail) + r"\par")
    return "\n".join(out) + "\n"


def to_markdown(d: DerivationChain) -> str:
    """One derivation in Markdown: the steps numbered, each with its justification and a ``$$``
    display of the expression."""
    d.check()
    lhs = latex_expr(d.lhs) + " " if d.lhs is not None else ""
    out = [f"#### {d.title}", ""]
    if d.assumptions:
        out += [_t("Assumptions: " + "; ".join(d.assumptions) + "."), ""]
    defs = _defs(d, True)
    if defs:
        out += ["Where " + ", ".join(f"${x}$" for x in defs) + ".", ""]
    for i, st in enumerate(d.steps, 1):
        ref = f" (the paper's {st.ref})" if st.ref else ""
        out.append(f"({i}) {_t(st.why)}{ref}:")
        out.append("")
        rel = "" if (i == 1 and d.lhs is None) else "= "
        out.append(f"$$ {lhs if i == 1 else ''}{rel}{latex_expr(st.expr)} $$")
        out.append("")
    tail = _tail(d)
    if tail:
        out += [tail, ""]
    return "\n".join(out)


def _tail(d: DerivationChain) -> str:
    parts = []
    if d.sign:
        parts.append(f"Sign: the last expression is {'> 0' if d.sign > 0 else '< 0'} ({d.sign_why}).")
    if d.domain:
        parts.append(f"Domain: {d.domain.rstrip('.')}.")
    if d.conclusion:
        parts.append(f"Conclusion: {d.conclusion}.")
    parts.extend(d.notes)
    parts.append("Every step checked by sympy" + (" on Π" if d.mapping else "") + ".")
    return _t(" ".join(parts))


def _plain(text: str) -> str:
    return latex_escape(text)


def standalone_latex(body: str, title: str) -> str:
    """A complete LaTeX document around ``body`` (for ``paper --only``)."""
    return "\n".join([r"\documentclass[10pt]{article}", r"\usepackage[T1]{fontenc}",
                      r"\usepackage[margin=2cm]{geometry}", r"\usepackage{amsmath,amssymb}", r"\begin{document}",
                      r"\section*{" + latex_escape(title) + "}", body, r"\end{document}"]) + "\n"
