"""The critical-difference diagram (Demšar, JMLR 2006): average ranks on an axis, the Nemenyi CD, cliques as bars.

The axis runs from rank 1 (the best, whatever the score's direction: the ranks already follow it) to k,
best on the left as in Demšar's figures and scikit-posthocs' ``critical_difference_diagram``. Each
entity is a line from its average rank to its name — the better half on the left, the others on the
right —; the CD is drawn as a bar of that length above the axis; each clique (a maximal run of entities
whose average ranks differ by less than CD, :func:`~ordertheory.ranking.tasks.statistics.cliques`) is a
thick bar joining its members. Needs matplotlib (the ``plot`` extra); PNG or SVG by the file's suffix.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from ordertheory.errors import InvalidInput

SUFFIXES = (".png", ".svg", ".pdf")


def draw_cd(names: Sequence[str], avg: Sequence[Fraction], cd: float, groups: Sequence[Sequence[int]], path: str | Path,
            title: str = "") -> Path:
    """Draw the diagram of ``names`` at their average ranks ``avg`` into ``path``; returns the path."""
    path = Path(path)
    if path.suffix.lower() not in SUFFIXES:
        raise InvalidInput(f"expected a .png, .svg or .pdf file for the diagram but got {str(path)!r}")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InvalidInput("the critical-difference diagram needs matplotlib: pip install 'ordertheory[plot]'") from None
    k = len(names)
    order = sorted(range(k), key=lambda i: (avg[i], names[i]))
    left = order[: (k + 1) // 2]
    right = order[(k + 1) // 2:]
    rows = max(len(left), len(right))
    below = -0.5 - 0.3 * len(groups)  # the first name's line, under the cliques' bars
    bottom = below - 0.35 * (rows - 1) - 0.3
    fig, ax = plt.subplots(figsize=(7.5, 0.45 * (1.7 - bottom) + 0.4))
    lo, hi = 1, max(k, 2)
    ax.set_xlim(lo - 0.2 * (hi - lo) - 0.5, hi + 0.2 * (hi - lo) + 0.5)
    ax.set_ylim(bottom, 1.7)
    ax.axis("off")
    ax.plot([lo, hi], [0, 0], color="black", lw=1)
    for r in range(lo, hi + 1):
        ax.plot([r, r], [0, 0.12], color="black", lw=1)
        ax.text(r, 0.2, str(r), ha="center", va="bottom", fontsize=9)
    if cd > 0:
        ax.plot([lo, lo + cd], [1.0, 1.0], color="black", lw=1.5)
        for x in (lo, lo + cd):
            ax.plot([x, x], [0.92, 1.08], color="black", lw=1.5)
        ax.text(lo + cd / 2, 1.15, f"CD = {cd:.3f}", ha="center", va="bottom", fontsize=9)
    bar_y = [-0.35 - 0.3 * g for g in range(len(groups))]
    for g, members in enumerate(groups):
        xs = [float(avg[i]) for i in members]
        ax.plot([min(xs) - 0.03, max(xs) + 0.03], [bar_y[g], bar_y[g]], color="black", lw=3.5, solid_capstyle="round")
    for side, members, x_end in (("left", left, lo - 0.15 * (hi - lo) - 0.3), ("right", right, hi + 0.15 * (hi - lo) + 0.3)):
        for n, i in enumerate(members if side == "left" else reversed(members)):
            y = below - 0.35 * n
            x = float(avg[i])
            ax.plot([x, x, x_end], [0, y, y], color="black", lw=0.8)
            ax.text(x_end + (-0.05 if side == "left" else 0.05), y, f"{names[i]} ({x:.2f})",
                    ha="right" if side == "left" else "left", va="center", fontsize=9)
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=150)
    plt.close(fig)
    return path


__all__ = ["draw_cd"]
