"""Figures that teach: the 29 cases of A.2.3 as Hasse diagrams, a score's witness in ROC space,
the ROC curves of AUC's mixture counterexample.

Hasse diagrams come from :mod:`ordertheory.theory.preorders.hasse`; matplotlib is imported only when
something is drawn, and the numbers on a figure are floats, for display only.
"""

from __future__ import annotations

from collections.abc import Sequence

from ordertheory.catalogue import get
from ordertheory.catalogue.scoring import roc_points
from ordertheory.performances.performance import mixture
from ordertheory.theory.cases import ELEMENTS
from ordertheory.theory.preorders.hasse import (  # noqa: F401  (re-exported for docs/gen.py and notebooks)
    HasseDiagram,
    draw_hasse,
    hasse_figure,
    png_bytes,
    preorder_diagram,
    save_png,
)


def _figure(**kw):
    from matplotlib.figure import Figure

    return Figure(**kw)


def cases_figure(cases):
    """The 29 preorders on {a, b, c} (checks.cases.possible_cases), one Hasse diagram each."""
    fig = _figure(figsize=(13, 15), dpi=100)
    cols = 6
    rows = -(-len(cases) // cols)
    for k, case in enumerate(cases):
        ax = fig.add_subplot(rows, cols, k + 1)
        le = case.preorder()
        draw_hasse(ax, preorder_diagram(ELEMENTS, lambda x, y: le[x, y]), fontsize=11, shrink=8)
        ab, bc, ac = (r.symbol for r in case.relations)
        ax.set_title(f"case {k + 1}:  a {ab} b,  b {bc} c,  a {ac} c", fontsize=9)
        ax.set_ylim(-0.6, 2.6)
        ax.set_xlim(-1.9, 1.9)
    fig.suptitle("The 29 preorders on {a, b, c}: arrow = strictly worse → better, shaded box = equivalent (∼), "
                 "no line = incomparable (⋈)", fontsize=11)
    fig.subplots_adjust(left=0.02, right=0.98, bottom=0.02, top=0.93, wspace=0.1, hspace=0.35)
    return fig


# --- ROC space --------------------------------------------------------------------------------------
_OFFSETS = [(10, 10), (10, -24), (-10, 10), (-10, -24), (14, -7), (-14, -7), (0, 18), (0, -34),
            (24, 24), (-24, 24), (24, -40), (-24, -40)]


def roc_figure(points: Sequence[tuple[str, float, float]], segment: tuple[int, int] | None = None,
               title: str = ""):
    """Labelled points (label, FPR, TPR) in ROC space with the chance diagonal.

    Each label is put at the first offset where it stays inside the axes and overlaps neither
    another label nor a point, preferring offsets that keep clear of the lines too; ``segment``
    joins two points (the mixtures of a witness).
    """
    fig = _figure(figsize=(5.2, 5.2), dpi=100)
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1], "--", color="gray", lw=1)
    ax.text(0.62, 0.55, "chance", rotation=45, color="gray", fontsize=8, ha="center", va="center")
    if segment is not None:
        (_, x1, y1), (_, x2, y2) = points[segment[0]], points[segment[1]]
        ax.plot([x1, x2], [y1, y2], ":", color="black", lw=1.2, label="mixtures")
    markers = [ax.plot(x, y, "o", ms=7, zorder=3)[0] for _, x, y in points]
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.set_xlabel("FPR (false positive rate)")
    ax.set_ylabel("TPR (true positive rate)")
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    renderer = _renderer(fig)
    frame = ax.get_window_extent(renderer)
    taken = [m.get_window_extent(renderer).expanded(1.3, 1.3) for m in markers]
    lines = [_line_boxes(ax, renderer, line) for line in ax.lines[: 2 if segment is not None else 1]]
    for (label, x, y), marker in zip(points, markers):
        best = None
        for dx, dy in _OFFSETS:
            text = ax.annotate(label, (x, y), textcoords="offset points", xytext=(dx, dy), fontsize=8,
                               ha="left" if dx > 0 else "right" if dx < 0 else "center",
                               bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": marker.get_color(),
                                     "alpha": 0.9})
            box = text.get_window_extent(renderer)
            crossed = sum(any(box.overlaps(b) for b in line) for line in lines)
            clash = sum(box.overlaps(t) for t in taken) + (0 if _inside(box, frame) else 10) + 0.1 * crossed
            if best is None or clash < best[0]:
                if best is not None:
                    best[1].remove()
                best = (clash, text, box)
            else:
                text.remove()
            if clash == 0:
                break
        taken.append(best[2])
    return fig


def _line_boxes(ax, renderer, line, samples: int = 60) -> list:
    """Small display boxes along a straight line (to keep labels off it)."""
    from matplotlib.transforms import Bbox

    (x0, x1), (y0, y1) = line.get_xdata(), line.get_ydata()
    out = []
    for k in range(samples + 1):
        t = k / samples
        px, py = ax.transData.transform((x0 + t * (x1 - x0), y0 + t * (y1 - y0)))
        out.append(Bbox([[px - 1.5, py - 1.5], [px + 1.5, py + 1.5]]))
    return out


def _inside(box, frame) -> bool:
    return box.x0 >= frame.x0 and box.x1 <= frame.x1 and box.y0 >= frame.y0 and box.y1 <= frame.y1


def _renderer(fig):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    return canvas.get_renderer()


def label_boxes(fig) -> list:
    """The display boxes of every annotation of a figure's first axes (for overlap tests)."""
    renderer = _renderer(fig)
    ax = fig.axes[0]
    return [t.get_window_extent(renderer) for t in ax.texts if t.get_text() != "chance"], \
        ax.get_window_extent(renderer)


def witness_figure(score, P1, P2, lam, name: str = "X", prior: str = ""):
    """Test 2's witness: two performances, their mixture, and the score's value at each (floats)."""
    M = mixture([P1, P2], [lam, 1 - lam])

    def point(label, P):
        fpr = P["fp"] / (P["fp"] + P["tn"])
        tpr = P["tp"] / (P["tp"] + P["fn"])
        return (f"{label}\n{name} = {float(score.value(P)):.3f}", float(fpr), float(tpr))

    points = [point("P1", P1), point("P2", P2), point(f"mixture (λ = {lam})", M)]
    title = f"{name}{', prior ' + prior if prior else ''}: the mixture beats both ends"
    return roc_figure(points, segment=(0, 1), title=title)


def auc_mixture_figure(P1, P2, lam):
    """ROC AUC's counterexample on a scored space. Left: where each performance puts its negatives
    and positives on the score levels (marker area ∝ probability); right: the ROC curves of P1, P2
    and of their mixture λP1 + (1 − λ)P2, each with its exact AUC (points exact, drawn as floats)."""
    M = mixture([P1, P2], [lam, 1 - lam])
    auc = get("roc_auc").score(P1.space)
    q = [float(v) for v in P1.space.q]
    rows = ((P1, "P1", "-"), (P2, "P2", "-."), (M, f"mixture (λ = {lam})", ":"))
    fig = _figure(figsize=(10, 4.6), dpi=100)
    left, right = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
    for y, (P, _label, _) in enumerate(reversed(rows)):
        for c, marker, colour, dy in ((0, "o", "tab:red", -0.12), (1, "s", "tab:blue", 0.12)):
            mass = [float(P[f"y{c}_s{i}"]) for i in range(len(q))]
            left.scatter(q, [y + dy] * len(q), s=[1200 * m for m in mass], marker=marker, color=colour,
                         alpha=0.7, label=("negatives" if c == 0 else "positives") if y == 0 else None)
    left.set_yticks(range(len(rows)), [f"{label}\nAUC = {auc(P)}" for P, label, _ in reversed(rows)])
    left.set_xticks(q, [str(v) for v in P1.space.q])
    left.set_xlim(0, 1)
    left.set_ylim(-0.6, len(rows) - 0.4)
    left.set_xlabel("score level q (probability of the positive class)")
    left.set_title("where the samples sit", fontsize=10)
    left.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, fontsize=8, markerscale=0.4)
    right.plot([0, 1], [0, 1], "--", color="gray", lw=1)
    for P, label, style in rows:
        xs, ys = zip(*roc_points(P))
        right.plot([float(x) for x in xs], [float(y) for y in ys], style, lw=2.2, marker="o", ms=4,
                   label=f"{label}: AUC = {auc(P)}")
    right.set_xlim(-0.02, 1.02)
    right.set_ylim(-0.02, 1.02)
    right.set_aspect("equal")
    right.set_xlabel("FPR (false positive rate)")
    right.set_ylabel("TPR (true positive rate)")
    right.set_title("ROC curves (P1 and P2 coincide: both perfect)", fontsize=10)
    right.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    return fig
