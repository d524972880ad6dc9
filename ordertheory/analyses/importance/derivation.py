"""Derivations a reader can follow: chains of equalities, each link checked by sympy on Π.

A :class:`DerivationChain` is a sequence of :class:`Step` s (an expression and the reason it equals the
previous one). Expressions may use named abbreviations (TPR, π₊, R_I, …) whose meaning is stated in
``definitions``; :meth:`DerivationChain.check` expands them, substitutes Π's parametrisation (its
equalities solved away) and requires every difference of consecutive steps to vanish exactly. A
``sign`` fact on the last expression (e.g. g′(r) > 0) is decided the same way: only when sympy's
assumptions (or one sign across all coefficients) decide it. A derivation that does not check
raises :class:`DerivationError`: it is never rendered.

>>> import sympy
>>> x, y = sympy.symbols("x y", positive=True)
>>> d = DerivationChain("demo", "x·y over y", (Step(x * y / y, "definition"), Step(x, "cancel y > 0")))
>>> d.check().checked
True
>>> bad = DerivationChain("bad", "wrong", (Step(x + y, "definition"), Step(x, "drop y")))
>>> try:
...     bad.check()
... except DerivationError as e:
...     print(str(e).splitlines()[0])
bad: step 2 does not follow from step 1 (drop y)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from ordertheory.errors import DerivationError
from ordertheory.exact import as_sympy, is_zero, symbolic_sign

__all__ = ["DerivationChain", "DerivationError", "Step", "decide_sign", "vanishes"]


@dataclass(frozen=True)
class Step:
    """One link of a chain: ``expr`` equals the previous step's expression because of ``why``."""

    expr: sympy.Expr
    why: str
    ref: str = ""  # the paper's equation number, e.g. "(15)", when the step is one of its equations


@dataclass(frozen=True)
class DerivationChain:
    """A checked chain ``lhs = steps[0] = steps[1] = …``.

    * ``definitions``: abbreviations used in the expressions (symbol → its meaning), expanded
      before checking and shown to the reader;
    * ``mapping``: Π's parametrisation (outcome symbol → expression in free coordinates), applied
      after the definitions: an identity is checked on Π, not on all of ℝ^Ω;
    * ``assumptions``/``domain``: what the chain assumes, in words (shown, and used by the sign
      check through the symbols' sympy assumptions);
    * ``sign``: +1 / −1 when the last expression is claimed > 0 / < 0 (checked), else 0.
    """

    id: str
    title: str
    steps: tuple[Step, ...]
    lhs: sympy.Expr | None = None
    definitions: tuple[tuple[sympy.Symbol, sympy.Expr], ...] = ()
    mapping: tuple[tuple[sympy.Symbol, sympy.Expr], ...] = ()
    assumptions: tuple[str, ...] = ()
    domain: str = ""
    conclusion: str = ""
    sign: int = 0
    sign_why: str = ""
    notes: tuple[str, ...] = ()
    checked: bool = field(default=False, compare=False)

    def expand(self, e: sympy.Expr) -> sympy.Expr:
        """``e`` with the abbreviations expanded and Π's parametrisation substituted."""
        defs = dict(self.definitions)
        e = as_sympy(e).doit()
        for _ in range(8):  # abbreviations may use one another; bounded, acyclic in practice
            new = e.xreplace(defs).doit()
            if new == e:
                break
            e = new
        return e.xreplace(dict(self.mapping)).doit() if self.mapping else e

    def check(self) -> DerivationChain:
        """Verify every link (and the sign); return the derivation marked checked, or raise."""
        if self.checked:
            return self
        if len(self.steps) < 2:
            raise DerivationError(f"{self.id}: a derivation needs at least two steps")
        prev = self.expand(self.steps[0].expr)
        for i, st in enumerate(self.steps[1:], start=2):
            cur = self.expand(st.expr)
            if not vanishes(prev - cur):
                raise DerivationError(f"{self.id}: step {i} does not follow from step {i - 1} ({st.why})\n"
                                      f"  {self.steps[i - 2].expr}  ≠  {st.expr}")
            prev = cur
        if self.sign:
            got = decide_sign(prev)
            if got != self.sign:
                raise DerivationError(f"{self.id}: the sign {'> 0' if self.sign > 0 else '< 0'} of "
                                      f"{self.steps[-1].expr} is not decided (got {got})")
        object.__setattr__(self, "checked", True)
        return self

    def __len__(self) -> int:
        return len(self.steps)


def vanishes(e: sympy.Expr) -> bool:
    """Exact zero test of a link of a chain (:func:`ordertheory.exact.is_zero` of its normal form,
    radical identities on the open orthant of Π's coordinates included)."""
    return is_zero(sympy.together(as_sympy(e)), positive=True)


def decide_sign(e: sympy.Expr) -> int | None:
    """+1 / −1 when ``e`` is decided > 0 / < 0 under its symbols' assumptions, 0 when it is zero, else
    None (never guessed): :func:`ordertheory.exact.symbolic_sign`."""
    return symbolic_sign(e)
