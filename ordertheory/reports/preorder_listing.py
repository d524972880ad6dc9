"""Preorders on a few elements, listed and drawn (``ordertheory preorders N --list / --draw``).

Labelled (every relation on the elements a, b, c, …) or one per isomorphism class; each drawn as
its Hasse diagram (classes of ∼ shaded, arrows from worse to better), in a grid.

>>> [line for line in listing(2, labelled=True)]
['1. a ⋈ b', '2. a < b', '3. a > b', '4. a ∼ b']
"""

from __future__ import annotations

import math
import string

from ordertheory.errors import InvalidInput
from ordertheory.theory.preorders.hasse import draw_hasse, preorder_diagram
from ordertheory.theory.preorders.listing import Relation, labelled_preorders, preorders_up_to_isomorphism

MAX_DRAW = 4  # 355 labelled diagrams on 4 elements (33 up to isomorphism); 5 would be 6942


def relations(n: int, labelled: bool) -> tuple[Relation, ...]:
    return labelled_preorders(n) if labelled else preorders_up_to_isomorphism(n)


def listing(n: int, labelled: bool) -> list[str]:
    """One line per preorder: how each pair of elements compares."""
    labels = string.ascii_lowercase[:n]
    return [f"{k}. {r.describe(labels)}" for k, r in enumerate(relations(n, labelled), 1)]


def preorders_figure(n: int, labelled: bool):
    """Every preorder on n ≤ 4 elements as a grid of Hasse diagrams (a matplotlib Figure)."""
    if n > MAX_DRAW:
        raise InvalidInput(f"--draw is for n <= {MAX_DRAW} (there are {len(relations(n, labelled))} diagrams on {n})")
    from matplotlib.figure import Figure

    rels = relations(n, labelled)
    labels = string.ascii_lowercase[:n]
    cols = min(len(rels), 10 if len(rels) > 40 else 6)
    rows = math.ceil(len(rels) / cols)
    fig = Figure(figsize=(2.0 * cols, 1.9 * rows + 0.5), dpi=90)
    kind = "labelled" if labelled else "up to isomorphism"
    fig.suptitle(f"the {len(rels)} preorders on {n} element{'s' if n != 1 else ''} ({kind})", fontsize=11)
    for k, r in enumerate(rels):
        ax = fig.add_subplot(rows, cols, k + 1)
        d = preorder_diagram(labels, lambda x, y, r=r: r.leq(labels.index(x), labels.index(y)))
        draw_hasse(ax, d, fontsize=8, shrink=8)
        ax.set_title(str(k + 1), fontsize=7)
    return fig
