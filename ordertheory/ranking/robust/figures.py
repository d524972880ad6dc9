"""The robust order's pictures (matplotlib, the 'plot' extra; no pyplot state): its Hasse diagram sized for
dozens of entities, and the Tile coloured by who is separated above whom for one pair.

The diagram's structure is :class:`~ordertheory.theory.preorders.hasse.HasseDiagram` (one node per entity,
covering pairs, heights), the one the package draws for preorders; here the nodes in relation with none are
listed beneath rather than drawn, and each row is ordered by its neighbours' mean position (one sweep of the
barycentre heuristic) so that arrows cross less.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.ranking.robust.regions import RegionMap
from ordertheory.theory.preorders.hasse import ARROW, HasseDiagram

MAX_DRAWN = 200  # entities drawn in a diagram (the rest listed)


def _figure(**kw):
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise InvalidInput("drawing needs matplotlib: pip install 'ordertheory[plot]'") from None
    return Figure(**kw)


def _layout(d: HasseDiagram, drawn: list[int]) -> dict[int, tuple[float, float]]:
    """Columns by height (better to the right); within a column, by the mean row of the nodes below (then name)."""
    cols: dict[int, list[int]] = {}
    for i in drawn:
        cols.setdefault(d.levels[i], []).append(i)
    below = {i: [w for w, b in d.covers if b == i] for i in drawn}
    pos: dict[int, tuple[float, float]] = {}
    for level in sorted(cols):
        def key(i: int) -> tuple:
            ys = [pos[w][1] for w in below[i] if w in pos]
            return (-sum(ys) / len(ys) if ys else 0.0, d.nodes[i])

        col = sorted(cols[level], key=key)
        for k, i in enumerate(col):
            pos[i] = (float(level), (len(col) - 1) / 2 - k)
    return pos


def draw_order(d: HasseDiagram, out: str | Path, title: str) -> str:
    """The Hasse diagram of a strict order — better to the right, an arrow from worse to better, one column per
    height (the longest chain below) — sized for dozens of entities; PNG or SVG by the suffix."""
    linked = sorted({i for c in d.covers for i in c})
    drawn = linked[:MAX_DRAWN]
    alone = [d.nodes[i] for i in range(len(d.nodes)) if i not in set(linked)]
    pos = _layout(d, drawn)
    longest = max([len(d.nodes[i]) for i in drawn] + [4])
    column = 0.075 * longest + 1.6  # inches per column: a label and room for the arrows
    half = max([abs(y) for _, y in pos.values()] + [1.0]) + 0.8
    columns = max(d.levels[i] for i in drawn) + 1 if drawn else 1
    fig = _figure(figsize=(min(60.0, max(6.0, column * columns + 1.0)), min(60.0, max(3.0, 0.3 * 2 * half + 1.2))))
    ax = fig.add_subplot()
    for worse, better in d.covers:
        if worse in pos and better in pos:
            ax.annotate("", xy=pos[better], xytext=pos[worse],
                        arrowprops={**ARROW, "mutation_scale": 8, "lw": 0.5, "color": "#555555",
                                    "shrinkA": 4 + 2.1 * len(d.nodes[worse]), "shrinkB": 4 + 2.1 * len(d.nodes[better])})
    for i, (x, y) in pos.items():
        ax.text(x, y, d.nodes[i], ha="center", va="center", fontsize=7,
                bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": "black", "lw": 0.6})
    ax.set_xlim(-0.6, columns - 0.4)
    ax.set_ylim(-half, half)
    ax.axis("off")
    ax.set_title(title, fontsize=9)
    note = "arrow: worse → better, for every importance (covering pairs; better to the right)"
    if alone:
        shown = ", ".join(alone[:12]) + (f" and {len(alone) - 12} more" if len(alone) > 12 else "")
        note += f" · in relation with none: {shown}"
    if len(linked) > len(drawn):
        note += f" · {len(linked) - len(drawn)} more not drawn"
    fig.text(0.5, 0.005, note, ha="center", fontsize=7, color="dimgray", wrap=True)
    fig.savefig(str(out), dpi=100)
    return str(out)


def draw_regions(region: RegionMap, out: str | Path) -> str:
    """The Tile coloured by who is separated above whom, and where neither is; the observed frontier δ̂ = 0
    dashed. PNG or SVG by the suffix."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    colours = ["#e6862a", "#e8e8e8", "#3b75af"]  # b above, neither, a above
    fig = _figure(figsize=(6.4, 5.2))
    ax = fig.add_subplot()
    ax.imshow(region.map + 1, origin="lower", extent=(0, 1, 0, 1), cmap=ListedColormap(colours), vmin=-0.5, vmax=2.5,
              interpolation="nearest")
    x = np.linspace(0, 1, region.resolution)
    if np.nanmin(region.observed) < 0 < np.nanmax(region.observed):
        ax.contour(x, x, region.observed, levels=[0.0], colors="black", linestyles="--", linewidths=1.0)
    sh = region.shares()
    ax.legend([Patch(color=colours[2]), Patch(color=colours[0]), Patch(color=colours[1])],
              [f"{region.a} separated above ({sh[region.a]:.0%})", f"{region.b} separated above ({sh[region.b]:.0%})",
               f"neither ({sh['neither']:.0%})"], fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=1)
    ax.set_xlabel("a   (I(tn) = 1 − a, I(tp) = a)")
    ax.set_ylabel("b   (I(fp) = 1 − b, I(fn) = b)")
    ax.set_title(f"{region.a} vs {region.b}: separated at {region.level:.0%} over the whole Tile at once\n"
                 f"({region.plan.method.value}, {region.draws} draws; dashed: the observed frontier)", fontsize=9)
    fig.savefig(str(out), dpi=110, bbox_inches="tight")
    return str(out)
