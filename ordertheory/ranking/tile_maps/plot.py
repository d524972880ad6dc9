"""Drawing the Tile with matplotlib (optional extra ``plot``): a on the horizontal axis, b on the
vertical one (origin at the bottom left, like sorbetto), the named ranking scores marked; and, for
any k, each entity's rank range over the Tile as an interval (:func:`draw_ranges`).

The marks are computed, not typed in: each named score's importance is derived with sympy
(:func:`~ordertheory.analyses.importance.derive.derive_importance`) and its Tile position read from it.

>>> positions(["tnr", "accuracy"])
{'tnr': (Fraction(0, 1), Fraction(0, 1)), 'accuracy': (Fraction(1, 2), Fraction(1, 2))}
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.catalogue import get
from ordertheory.errors import InvalidInput

NAMED = ("tnr", "tpr", "ppv", "npv", "accuracy", "f1")
LABELS = {"tnr": "TNR", "tpr": "TPR", "ppv": "PPV", "npv": "NPV", "accuracy": "accuracy", "f1": "F1 (= Jaccard order)"}


def positions(slugs=NAMED, Pi=None) -> dict[str, tuple[Fraction, Fraction]]:
    """(a, b) of each named score that is a ranking score (or a monotone transform of one) on Π."""
    out = {}
    for s in slugs:
        d = derive_importance(get(s).score(), Pi, check_tests=False)
        if d.tile is not None and all(v.is_Rational for v in d.tile.values()):
            out[s] = tuple(Fraction(int(d.tile[k].p), int(d.tile[k].q)) for k in ("a", "b"))
    return out


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InvalidInput("drawing needs matplotlib: pip install 'ordertheory[plot]'") from None
    return plt


def _label_offset(a: float, b: float) -> tuple[tuple[int, int], str, str]:
    """Keep a mark's label inside the axes: to the left near a = 1, below near b = 1."""
    dx, ha = (-6, "right") if a > 0.8 else (6, "left")
    dy, va = (-6, "top") if b > 0.9 else (6, "bottom")
    return (dx, dy), ha, va


def draw(grid: np.ndarray, title: str, kind: str, out: str, marks: dict | None = None,
         names: tuple[str, ...] = (), curves: list | None = None, masks: dict | None = None,
         axes: tuple[str, str] | None = None) -> None:
    """Save one map as a PNG; ``kind`` is value | rank | winner | correlation. ``curves``: (a, b, label)
    float arrays drawn as lines (the no-skill curve); ``masks``: label → boolean grid, hatched
    (the negative-skill zones); ``axes``: the labels of a and b (default: the Tile's importances)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.0, 5.8))
    # perceptual colour maps: viridis for values and ranks (rank 1 brightest), cividis-like
    # diverging for τ; a qualitative palette only for the winner map (categories)
    cmap = {"value": "viridis", "rank": "viridis_r", "winner": "tab20", "correlation": "PuOr"}[kind]
    kw = {"vmin": -1, "vmax": 1} if kind == "correlation" else {}
    shown: list[int] = []
    if kind == "winner":  # one distinct colour per entity that wins somewhere
        from matplotlib.colors import ListedColormap

        shown = sorted(int(v) for v in np.unique(grid))
        grid = np.searchsorted(np.array(shown), grid)
        cmap = ListedColormap([plt.get_cmap("tab20")(i % 20) for i in range(len(shown))])
        kw = {"vmin": -0.5, "vmax": len(shown) - 0.5}
    if kind == "rank":
        g = np.where(grid > 0, grid, np.nan).astype(float)
        kw = {"vmin": 0.5, "vmax": max(1.5, float(np.nanmax(g)) + 0.5)}
        grid = g
    im = ax.imshow(grid, origin="lower", extent=(0, 1, 0, 1), cmap=cmap, interpolation="nearest", **kw)
    n = grid.shape[0]
    styles = iter([("///", "white"), ("\\\\", "black"), ("xx", "red")])
    handles, labels = [], []
    for label, mask in (masks or {}).items():
        if not mask.any():
            continue
        hatch, colour = next(styles)
        x = np.linspace(0, 1, n)
        ax.contourf(x, x, mask.astype(float), levels=[0.5, 1.5], colors="none", hatches=[hatch])
        ax.contour(x, x, mask.astype(float), levels=[0.5], colors=colour, linewidths=0.8)
        handles.append(plt.Rectangle((0, 0), 1, 1, facecolor="lightgray", edgecolor="black" if colour == "white" else colour,
                                     hatch=hatch))
        labels.append(label)
    for a, b, label in curves or []:
        (line,) = ax.plot(a, b, "--", color="white", lw=1.4)
        handles.append(line)
        labels.append(label)
    if kind == "winner":
        handles = [plt.Rectangle((0, 0), 1, 1, color=im.cmap(im.norm(k))) for k in range(len(shown))] + handles
        labels = [names[v] for v in shown] + labels
        ax.legend(handles, labels, fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1))
    else:
        fig.colorbar(im, ax=ax, label={"value": "R_(a,b)", "rank": "rank (1 = best)",
                                       "correlation": "Kendall τ-b"}[kind], pad=0.02)
        if handles:
            ax.legend(handles, labels, fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
    for slug, (a, b) in (marks or {}).items():
        ax.plot(float(a), float(b), "k^", markersize=7, markerfacecolor="white", clip_on=False)
        offset, ha, va = _label_offset(float(a), float(b))
        ax.annotate(LABELS.get(slug, slug), (float(a), float(b)), textcoords="offset points", xytext=offset,
                    ha=ha, va=va, fontsize=8, bbox={"boxstyle": "round,pad=0.15", "fc": "white", "alpha": 0.8})
    xlabel, ylabel = axes or ("a   (I(tn) = 1 − a, I(tp) = a)", "b   (I(fp) = 1 − b, I(fn) = b)")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=120, bbox_inches="tight")
    plt.close(fig)


def draw_ranges(ranges, title: str, out: str) -> None:
    """Save each entity's best-to-worst rank over the Tile as one horizontal interval (any k: the
    k-class Tile has no 2-D map); an end still unknown is drawn as its proved bounds, dashed.
    PNG or SVG by the suffix of ``out``."""
    plt = _pyplot()
    n = len(ranges)
    fig, ax = plt.subplots(figsize=(7.0, max(2.0, 0.32 * n + 1.2)))
    top = 1
    for y, r in enumerate(ranges):
        b = r.bounds or ((r.rank_min, r.rank_min), (r.rank_max, r.rank_max))
        lo, hi = b[0][0], b[1][1]
        if lo is None or hi is None:
            continue
        top = max(top, hi)
        exact = r.rank_min is not None and r.rank_max is not None
        ax.plot([lo, hi], [y, y], "-" if exact else "--", color="tab:blue" if exact else "tab:gray", lw=3,
                solid_capstyle="round")
        if exact:
            ax.plot([r.rank_min], [y], "o", color="tab:green", ms=7)
            ax.plot([r.rank_max], [y], "s", color="tab:red", ms=6)
    ax.set_yticks(range(n))
    ax.set_yticklabels([r.entity for r in ranges], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0.5, top + 0.5)
    ax.set_xticks(range(1, top + 1))
    ax.set_xlabel("rank (1 = best): ● best, ■ worst; dashed: proved bounds, end unknown")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=120, bbox_inches="tight")
    plt.close(fig)
