"""The pictures people expect beside a leaderboard (matplotlib, the optional extra ``plot``):

- a **blob plot** (challengeR's): per entity, in the observed order, the frequency of each rank
  over the draws (disc area and colour), the median rank (×), the rank interval (a bar) and the entity's
  tier letters under its name (:mod:`~ordertheory.ranking.uncertainty.tiers`);
- a **significance map**: P(row ranks above column) for every ordered pair, the pairs the tiers separate
  (two-sided, Holm over every pair; with per-sample predictions, the paired permutation test's) marked;
- the **win-probability Tile**: P(the entity ranks first) over (a, b) for the likeliest winners,
  the named ranking scores marked;
- the **Kendall τ distribution** of the draws' rankings against the observed one, per score.

Perceptual colour maps (viridis, cividis), labels sized to the number of entities; the numbers
on a figure are floats, for display. Figures are drawn on a bare ``matplotlib.figure.Figure``
(no pyplot state), so drawing is safe in any process.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.ranking.uncertainty.tile_uncertainty import TileUncertainty
from ordertheory.ranking.uncertainty.uncertainty import RankUncertainty

try:  # the optional extra 'plot'
    from matplotlib.figure import Figure
except ImportError:  # pragma: no cover - exercised only without matplotlib
    Figure = None

DPI = 110
PNG_METADATA = {"Software": None}  # no version string in the file: the same figure, the same bytes


def _figure(width: float, height: float):
    if Figure is None:
        raise InvalidInput("drawing needs matplotlib: pip install 'ordertheory[plot]'")
    return Figure(figsize=(width, height), dpi=DPI)


def _label_size(n: int) -> float:
    return max(5.5, min(10.0, 260.0 / max(n, 1)))


def _save(fig, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI, bbox_inches="tight", metadata=PNG_METADATA)
    return path


def blob_plot(u: RankUncertainty, path: str | Path, title: str | None = None) -> Path:
    """Rank frequencies per entity (area and colour), median rank (×) and rank interval (bar)."""
    ents = [e for e in u.entities if e.rank is not None]
    n = len(u.entities)
    fig = _figure(max(6.0, 0.16 * len(ents) + 2), max(4.0, min(9.0, 0.12 * n + 3)))
    ax = fig.add_subplot(1, 1, 1)
    xs, ys, ps = [], [], []
    for x, e in enumerate(ents):
        for r, p in e.rank_distribution.items():
            xs.append(x)
            ys.append(r)
            ps.append(p)
    ps_a = np.array(ps)
    sc = ax.scatter(xs, ys, s=220 * ps_a + 2, c=ps_a, cmap="viridis", vmin=0, vmax=1, edgecolors="none", zorder=2)
    for x, e in enumerate(ents):
        if e.rank_interval is not None:
            ax.vlines(x, e.rank_interval[0], e.rank_interval[1], colors="black", linewidth=1, zorder=3)
        dist = e.rank_distribution
        if dist:
            ranks = sorted(dist)
            cum = np.cumsum([dist[r] for r in ranks]) / max(1e-300, sum(dist.values()))
            median = ranks[int(np.searchsorted(cum, 0.5))]
            ax.plot(x, median, marker="x", color="black", markersize=4, zorder=4)
    top = max([max(e.rank_distribution, default=1) for e in ents] + [len(ents)])
    ax.plot([0, len(ents) - 1], [1, len(ents)], linestyle=":", color="grey", linewidth=0.8, zorder=1)
    letters = u.tiers().letters
    ax.set_xticks(range(len(ents)))
    ax.set_xticklabels([f"{e.name} ({letters.get(e.name, '-')})" for e in ents], rotation=90,
                       fontsize=_label_size(len(ents)))
    ax.set_ylim(top + 0.6, 0.4)
    ax.set_ylabel("rank (1 = best)")
    ax.set_xlabel("entity, in the observed order")
    fig.colorbar(sc, ax=ax, label="share of the draws", fraction=0.03, pad=0.01)
    pct = f"{u.level:.0%}"
    ax.set_title(title or f"{u.score}: rank over {u.plan.draws} draws ({u.plan.method.value}); "
                 f"bars: {pct} rank intervals, ×: median; (letters): tiers", fontsize=9)
    return _save(fig, path)


def significance_map(u: RankUncertainty, path: str | Path, title: str | None = None) -> Path:
    """P(row above column); dots where the pair is separated (or significant, with predictions)."""
    names = [e.name for e in u.entities]
    n = len(names)
    m = np.full((n, n), np.nan)
    mark = np.zeros((n, n), dtype=bool)
    by_test = u.tiers_by_test()
    tiers = by_test if by_test is not None else u.tiers()
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if i != j:
                p = u.pair(a, b)
                m[i, j] = p.p_above
                mark[i, j] = tiers.separated(a, b) and p.p_above > 0.5
    size = max(4.5, min(16.0, 0.14 * n + 3))
    fig = _figure(size + 1.2, size)
    ax = fig.add_subplot(1, 1, 1)
    im = ax.imshow(m, cmap="cividis", vmin=0, vmax=1, interpolation="nearest")
    ii, jj = np.nonzero(mark)
    ax.scatter(jj, ii, s=max(2.0, 900.0 / n ** 1.2), c="white", marker="o", edgecolors="black", linewidths=0.3)
    fs = _label_size(n)
    ax.set_xticks(range(n))
    ax.set_yticks(range(n))
    ax.set_xticklabels(names, rotation=90, fontsize=fs)
    ax.set_yticklabels(names, fontsize=fs)
    ax.set_xlabel("B")
    ax.set_ylabel("A")
    fig.colorbar(im, ax=ax, label="P(A ranks above B)", fraction=0.04, pad=0.02)
    rule = f"separated ({tiers.rule})"
    ax.set_title(title or f"{u.score}: who ranks above whom ({u.plan.method.value}); dot: {rule}", fontsize=9)
    return _save(fig, path)


def win_probability_tile(t: TileUncertainty, path: str | Path, marks: Mapping[str, tuple[Fraction, Fraction]] = (),
                         labels: Mapping[str, str] | None = None, top: int = 6) -> Path:
    """P(ranks first) over the Tile for the ``top`` likeliest winners, one panel each."""
    order = sorted(range(len(t.names)), key=lambda e: -float(t.p_first[e].mean()))
    shown = [e for e in order[:top] if t.p_first[e].max() > 0] or order[:1]
    cols = min(3, len(shown))
    rows = -(-len(shown) // cols)
    fig = _figure(3.3 * cols + 0.8, 3.1 * rows + 0.5)
    axes = [fig.add_subplot(rows, cols, k + 1) for k in range(len(shown))]
    im = None
    for ax, e in zip(axes, shown):
        im = ax.imshow(t.p_first[e], origin="lower", extent=(0, 1, 0, 1), cmap="viridis", vmin=0, vmax=1,
                       interpolation="nearest")
        for slug, (a, b) in dict(marks).items():
            ax.plot(float(a), float(b), "^", color="white", markeredgecolor="black", markersize=5, clip_on=False)
            right, high = float(a) > 0.8, float(b) > 0.8  # labels stay inside the panel
            ax.annotate((labels or {}).get(slug, slug), (float(a), float(b)), textcoords="offset points",
                        xytext=(-3 if right else 3, -8 if high else 3), ha="right" if right else "left",
                        fontsize=6, color="white")
        ax.set_title(t.names[e], fontsize=8)
        ax.set_xlabel("a", fontsize=8)
        ax.set_ylabel("b", fontsize=8)
        ax.tick_params(labelsize=7)
    fig.colorbar(im, ax=axes, label="P(ranks first)", fraction=0.03, pad=0.02)
    fig.suptitle(f"P(ranks first) for R_(a,b) on a {t.resolution} × {t.resolution} grid, {t.plan.draws} draws "
                 f"({t.plan.method.value})", fontsize=9)
    return _save(fig, path)


def tau_distribution(taus: Mapping[str, np.ndarray], path: str | Path, level: float = 0.95) -> Path:
    """Kendall τ-b of the draws' rankings against the observed ranking, one violin per score."""
    names: Sequence[str] = list(taus)
    data = [np.clip(np.asarray(taus[k])[~np.isnan(taus[k])], -1, 1) for k in names]
    fig = _figure(max(4.5, 1.1 * len(names) + 2), 3.6)
    ax = fig.add_subplot(1, 1, 1)
    keep = [k for k, d in enumerate(data) if len(d)]
    if keep:
        parts = ax.violinplot([data[k] for k in keep], positions=keep, showmedians=True, widths=0.8)
        for body in parts["bodies"]:
            body.set_facecolor("#3b528b")
            body.set_alpha(0.6)
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("Kendall τ-b vs the observed ranking")
    low = min([float(d.min()) for d in data if len(d)] or [0.0])
    ax.set_ylim(max(-1.02, low - 0.1 * (1 - low) - 0.005), 1.0 + 0.02 * (1 - low) + 0.002)
    ax.set_title("How much the ranking moves under resampling (1 = never)", fontsize=9)
    ax.grid(axis="y", linewidth=0.3)
    return _save(fig, path)
