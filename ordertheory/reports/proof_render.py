"""Readable proofs as documents: Markdown (a Fitch layout in a code block) and LaTeX (a tabular).

Deterministic: the same proof gives the same bytes. The supplementary material puts each lemma's
proof next to the lemma; ``ordertheory prove --latex`` prints one.

>>> from ordertheory.theory.readable.proof_search import readable_proof
>>> p = readable_proof("a ~ a").proof
>>> print(proof_latex(p.to_json()))
\\begin{tabular}{rll}
1 & $a \\lesssim a$ & reflexivity \\\\
2 & $a \\sim a$ & definition (1), from 1 \\\\
\\end{tabular}
"""

from __future__ import annotations

from ordertheory.theory.readable.proof_rules import fitch_lines, why

_MATH = {"≲": r"\lesssim ", "≴": r"\not\lesssim ", "≳": r"\gtrsim ", "∼": r"\sim ", "⋈": r"\bowtie ",
         "∧": r"\wedge ", "∨": r"\vee ", "¬": r"\neg ", "⇒": r"\Rightarrow ", "⇔": r"\Leftrightarrow ",
         "⊥": r"\bot ", "≠": r"\neq ", "=": "=", "<": "<", ">": ">", "(": "(", ")": ")", " ": " "}
_TEXT = {"–": "--", "∧": r"$\wedge$", "∨": r"$\vee$", "⇒": r"$\Rightarrow$", "⇔": r"$\Leftrightarrow$",
         "¬": r"$\neg$", "⊥": r"$\bot$"}


def formula_latex(text: str) -> str:
    """A formula as printed by :func:`~ordertheory.theory.readable.proof_rules.show`, in LaTeX math."""
    out = []
    for ch in text:
        if ch in _MATH:
            out.append(_MATH[ch])
        elif ch.isalnum():
            out.append(ch)
        elif ch == "_":
            out.append(r"\_")
    return " ".join("".join(out).split())


def proof_markdown(rows: list[dict], indent: str = "") -> str:
    """A proof's steps (``Proof.to_json()``) as a fenced code block, Fitch bars for the boxes."""
    lines = [f"{indent}```text", *(indent + line for line in fitch_lines(rows)), f"{indent}```"]
    return "\n".join(lines)


def proof_latex(rows: list[dict]) -> str:
    """A proof's steps as a LaTeX tabular: number, formula (indented by its box depth), rule and citations."""
    out = [r"\begin{tabular}{rll}"]
    for r in rows:
        indent = r"\quad " * r["depth"]
        text = "".join(_TEXT.get(ch, ch) for ch in why(r))
        out.append(f"{r['step']} & {indent}${formula_latex(r['statement'])}$ & {text} \\\\")
    out.append(r"\end{tabular}")
    return "\n".join(out)
