"""Drawing the Tile with matplotlib (optional extra ``plot``): a on the horizontal axis, b on the
vertical one (origin at the bottom left, like sorbetto), the named ranking scores marked.

The marks are computed, not typed in: each named score's importance is derived with sympy
(:func:`~ordertheory.analyses.importance.derive_importance`) and its Tile position read from it.

>>> positions(["tnr", "accuracy"])
{'tnr': (Fraction(0, 1), Fraction(0, 1)), 'accuracy': (Fraction(1, 2), Fraction(1, 2))}
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ordertheory.analyses.importance import derive_importance
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


def draw(grid: np.ndarray, title: str, kind: str, out: str, marks: dict | None = None,
         names: tuple[str, ...] = ()) -> None:
    """Save one map as a PNG; ``kind`` is value | rank | winner | correlation."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 5.6))
    cmap = {"value": "viridis", "rank": "rainbow_r", "winner": "tab20", "correlation": "coolwarm"}[kind]
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
    if kind == "winner":
        handles = [plt.Rectangle((0, 0), 1, 1, color=im.cmap(im.norm(k))) for k in range(len(shown))]
        ax.legend(handles, [names[v] for v in shown], fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1))
    else:
        fig.colorbar(im, ax=ax, label={"value": "R_{a,b}", "rank": "rank", "correlation": "Kendall τ-b"}[kind])
    for slug, (a, b) in (marks or {}).items():
        ax.plot(float(a), float(b), "k^", markersize=7, markerfacecolor="white", clip_on=False)
        ax.annotate(LABELS.get(slug, slug), (float(a), float(b)), textcoords="offset points", xytext=(4, 4),
                    fontsize=8)
    ax.set_xlabel("a   (I(tn) = 1 − a, I(tp) = a)")
    ax.set_ylabel("b   (I(fp) = 1 − b, I(fn) = b)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=120, bbox_inches="tight")
    plt.close(fig)
