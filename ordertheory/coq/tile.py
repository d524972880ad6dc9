"""The Tile's two symmetries in Coq (``Tile.v``): section T's identities of rational functions in
(a, b, tn, fp, fn, tp), each proved by ``field`` once its one denominator is named non-zero.

Only what the package proved is written (:func:`~ordertheory.theory.tile_statements.tile_statements`
decides them with sympy; a refuted printed form is not a theorem to prove). The class-prior shift and
the no-skill curve stay with sympy and z3 (the coverage table says so).

>>> [t.statement_id for t in tile_file("0", {"tile/predicted-class"}).theorems]
['tile/predicted-class']
"""

from __future__ import annotations

from collections.abc import Iterable

from ordertheory.coq.vernacular import CoqFile, Theorem, assemble

#: R_(x,y) of the Tile on (tn, fp, fn, tp): I(tn) = 1 − x, I(tp) = x, I(fp) = 1 − y, I(fn) = y
PRELUDE = ("Definition Rab (x y tn fp fn tp : R) : R :=\n"
           "  ((1 - x) * tn + x * tp) / ((1 - x) * tn + x * tp + (1 - y) * fp + y * fn).")


def _symmetry(name: str, sid: str, words: str, lhs: str, rhs: str, denominator: str, swapped_denominator: str) -> Theorem:
    """lhs = rhs where both sides' denominators are one polynomial, written two ways."""
    return Theorem(name, sid, words,
                   f"forall a b tn fp fn tp : R,\n  {denominator} <> 0 ->\n  {lhs} = {rhs}",
                   f"  intros a b tn fp fn tp H. unfold Rab.\n"
                   f"  replace ({swapped_denominator}) with ({denominator}) by ring.\n"
                   "  field. exact H.")


THEOREMS = (
    _symmetry("tile_predicted_class", "tile/predicted-class",
              "changing the predicted class (tn ↔ fp, fn ↔ tp) maps R_(a,b)(P) to 1 − R_(b,a)(P)",
              "Rab a b fp tn tp fn", "1 - Rab b a tn fp fn tp",
              "(1 - b) * tn + b * tp + (1 - a) * fp + a * fn", "(1 - a) * fp + a * fn + (1 - b) * tn + b * tp"),
    _symmetry("tile_ground_truth", "tile/ground-truth",
              "changing the ground truth (tn ↔ fn, fp ↔ tp) maps R_(a,b)(P) to 1 − R_(1−b,1−a)(P)",
              "Rab a b fn tp tn fp", "1 - Rab (1 - b) (1 - a) tn fp fn tp",
              "(1 - (1 - b)) * tn + (1 - b) * tp + (1 - (1 - a)) * fp + (1 - a) * fn",
              "(1 - a) * fn + a * fp + (1 - b) * tp + b * tn"),
)


def tile_file(version: str, proved: Iterable[str]) -> CoqFile:
    """``Tile.v``: the symmetries the package proved."""
    proved = set(proved)
    return assemble("Tile.v", version, "The Tile's symmetries: changing the predicted class or the ground truth, as "
                    "identities of real rational functions (where the denominator is non-zero).", (), PRELUDE,
                    [t for t in THEOREMS if t.statement_id in proved], reals=True)


__all__ = ["THEOREMS", "tile_file"]
