"""Hasse diagrams of preorders: one node per class of ∼, one arrow per covering pair.

The structure is computed in pure Python (:class:`HasseDiagram`: one node per class of ∼, one
arrow per covering pair of the strict order, none between incomparable classes), so a test can
compare structures; matplotlib is imported only when something is drawn.

>>> d = preorder_diagram("abc", lambda x, y: x == y or (x, y) in {("a", "c"), ("c", "a")})
>>> d.nodes, d.covers
(('a ∼ c', 'b'), ())
>>> preorder_diagram("abc", lambda x, y: x <= y).covers
((0, 1), (1, 2))
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

NODE_FACE = {"single": "white", "merged": "#cfe3ff"}
ARROW = {"arrowstyle": "-|>", "mutation_scale": 22, "lw": 1.6, "color": "black", "shrinkA": 13, "shrinkB": 13}


@dataclass(frozen=True)
class HasseDiagram:
    """Classes of ∼ (labelled 'a ∼ c'), covering pairs (worse, better) and each class's height."""

    nodes: tuple[str, ...]
    covers: tuple[tuple[int, int], ...]
    levels: tuple[int, ...]

    def key(self) -> tuple:
        """What the drawing shows, as data: two diagrams look alike iff their keys are equal."""
        return (frozenset(self.nodes), frozenset((self.nodes[i], self.nodes[j]) for i, j in self.covers))


def preorder_diagram(elements: Sequence[str], leq: Callable[[str, str], bool]) -> HasseDiagram:
    """The Hasse diagram of a preorder: its classes of ∼ and the covering pairs between them."""
    classes: list[list[str]] = []
    for x in elements:
        home = next((c for c in classes if leq(x, c[0]) and leq(c[0], x)), None)
        if home is None:
            classes.append([x])
        else:
            home.append(x)
    n = len(classes)

    def lt(i: int, j: int) -> bool:
        return leq(classes[i][0], classes[j][0]) and not leq(classes[j][0], classes[i][0])

    covers = tuple((i, j) for i in range(n) for j in range(n)
                   if lt(i, j) and not any(lt(i, k) and lt(k, j) for k in range(n)))
    levels = [0] * n
    for _ in range(n):  # longest chain below each class
        for i, j in covers:
            levels[j] = max(levels[j], levels[i] + 1)
    return HasseDiagram(tuple(" ∼ ".join(c) for c in classes), covers, tuple(levels))


def _positions(d: HasseDiagram) -> list[tuple[float, float]]:
    pos = [(0.0, 0.0)] * len(d.nodes)
    for level in set(d.levels):
        row = sorted((i for i in range(len(d.nodes)) if d.levels[i] == level), key=lambda i: d.nodes[i])
        for k, i in enumerate(row):
            pos[i] = (k - (len(row) - 1) / 2, float(level))
    return pos


def draw_hasse(ax, d: HasseDiagram, fontsize: int = 12, shrink: float = 13) -> None:
    """Draw a diagram on a matplotlib axes: better is higher, arrows point from worse to better."""
    pos = _positions(d)
    for i, j in d.covers:
        ax.annotate("", xy=pos[j], xytext=pos[i], arrowprops={**ARROW, "shrinkA": shrink, "shrinkB": shrink})
    for label, (x, y) in zip(d.nodes, pos):
        face = NODE_FACE["merged" if "∼" in label else "single"]
        ax.text(x, y, label, ha="center", va="center", fontsize=fontsize,
                bbox={"boxstyle": "round,pad=0.35", "fc": face, "ec": "black", "lw": 1.2})
    width = max([abs(x) for x, _ in pos] + [0.5]) + 0.9
    ax.set_xlim(-width, width)
    ax.set_ylim(-0.6, max(d.levels, default=0) + 0.6)
    ax.axis("off")


def _figure(**kw):
    from matplotlib.figure import Figure

    return Figure(**kw)


def hasse_figure(d: HasseDiagram, title: str = ""):
    """One diagram as a matplotlib Figure (no pyplot state)."""
    height = max(d.levels, default=0) + 1
    fig = _figure(figsize=(max(5.0, 1.6 * len(d.nodes)), 1.4 + 1.1 * height), dpi=100)
    ax = fig.add_subplot()
    draw_hasse(ax, d)
    if title:
        ax.set_title(title, fontsize=10)
    fig.text(0.5, 0.01, "arrow: worse → better · shaded box: equivalent (∼) · no line: incomparable (⋈)",
             ha="center", fontsize=7, color="dimgray")
    return fig


# --- output -----------------------------------------------------------------------------------------
def png_bytes(fig, dpi: int = 100) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def save_png(fig, path: str | Path, dpi: int = 100) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(fig, dpi))
    return path
