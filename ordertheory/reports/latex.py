r"""Plain text into LaTeX: the one escaper of the documents (Unicode mathematics, LaTeX's specials).

>>> latex_escape("Π ∩ dom(X) ≤ 1 & 50 %")
'$\\Pi$ $\\cap$ dom(X) $\\leq$ 1 \\& 50 \\%'
"""

from __future__ import annotations

_LATEX = {
    "≲": r"$\lesssim$", "≴": r"$\not\lesssim$", "∼": r"$\sim$", "⋈": r"$\bowtie$", "≳": r"$\gtrsim$",
    "≤": r"$\leq$", "≥": r"$\geq$", "≠": r"$\neq$", "∈": r"$\in$", "⇒": r"$\Rightarrow$", "⇔": r"$\Leftrightarrow$",
    "λ": r"$\lambda$", "α": r"$\alpha$", "β": r"$\beta$", "π": r"$\pi$", "τ": r"$\tau$", "Π": r"$\Pi$",
    "Ω": r"$\Omega$", "Φ": r"$\Phi$", "Σ": r"$\Sigma$", "ℛ": r"$\mathcal{R}$", "∂": r"$\partial$", "∘": r"$\circ$",
    "−": "-", "–": "--", "—": "---", "·": r"$\cdot$", "×": r"$\times$", "†": r"$^\dagger$", "₊": r"$_+$",
    "₋": r"$_-$", "⁻¹": r"$^{-1}$", "¹": r"$^1$", "²": r"$^2$", "√": r"$\surd$", "∅": r"$\emptyset$",
    "⊊": r"$\subsetneq$", "⊆": r"$\subseteq$", "′": "'", "…": r"\ldots{}", "’": "'", "“": "``", "”": "''",
    "ω": r"$\omega$", "§": r"\S{}", "∩": r"$\cap$", "ₑ": r"$_e$", "≈": r"$\approx$",
    "σ": r"$\sigma$", "↔": r"$\leftrightarrow$", "½": r"$\frac{1}{2}$", "↦": r"$\mapsto$",
    "→": r"$\to$", "∧": r"$\wedge$", "∨": r"$\vee$", "¬": r"$\neg$", "∀": r"$\forall$", "∃": r"$\exists$",
    "⟺": r"$\Leftrightarrow$", "₁": r"$_1$", "₂": r"$_2$",
}
_SPECIAL = {"<": "$<$", ">": "$>$", "|": r"$\vert$", "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
            "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def latex_escape(text: str) -> str:
    out = []
    i = 0
    while i < len(text):
        if text[i:i + 2] in _LATEX:
            out.append(_LATEX[text[i:i + 2]])
            i += 2
            continue
        ch = text[i]
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
        elif ch in _LATEX:
            out.append(_LATEX[ch])
        elif ord(ch) < 128:
            out.append(ch)
        else:
            out.append(f"[U+{ord(ch):04X}]")
        i += 1
    return "".join(out)
