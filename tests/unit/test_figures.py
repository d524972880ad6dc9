"""Teaching figures: the 29 Hasse diagrams are faithful and pairwise distinct (as structures and as
pictures), the MCC witness has the chance diagonal and readable labels, counter-models draw."""

import hashlib
import itertools

import numpy as np
import pytest

from ordertheory.reports import figures
from ordertheory.theory.cases import ELEMENTS, possible_cases
from ordertheory.theory.statements import prove_statement

pytest.importorskip("matplotlib")


@pytest.fixture(scope="module")
def cases():
    return possible_cases()


def _diagram(case):
    le = case.preorder()
    return figures.preorder_diagram(ELEMENTS, lambda x, y: le[x, y])


def _preorder_from(d: figures.HasseDiagram) -> dict:
    """Read ≲ back from what is drawn: same box, or a chain of arrows upwards."""
    node_of = {x: i for i, label in enumerate(d.nodes) for x in label.split(" ∼ ")}
    reach = {(i, i) for i in range(len(d.nodes))} | set(d.covers)
    for _ in d.nodes:
        reach |= {(i, k) for i, j in reach for j2, k in reach if j == j2}
    return {(x, y): (node_of[x], node_of[y]) in reach for x in ELEMENTS for y in ELEMENTS}


def test_each_case_diagram_shows_exactly_its_preorder(cases):
    assert len(cases) == 29
    for c in cases:
        assert _preorder_from(_diagram(c)) == c.preorder()
    keys = [_diagram(c).key() for c in cases]
    assert len(set(keys)) == 29


def test_case_4_is_not_drawn_like_case_29(cases):
    four = next(c for c in cases if [r.symbol for r in c.relations] == ["⋈", "⋈", "∼"])
    d = _diagram(four)
    assert set(d.nodes) == {"a ∼ c", "b"} and d.covers == ()


def _pixels(fig) -> str:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return hashlib.sha256(np.asarray(canvas.buffer_rgba()).tobytes()).hexdigest()


def test_the_29_pictures_are_pairwise_distinct(cases):
    # untitled drawings: only the diagram itself can tell two cases apart
    hashes = [_pixels(figures.hasse_figure(_diagram(c))) for c in cases]
    assert len(set(hashes)) == 29
    for a, b in itertools.combinations(range(29), 2):
        assert hashes[a] != hashes[b], (a + 1, b + 1)


def test_grid_of_cases_renders(cases):
    png = figures.png_bytes(figures.cases_figure(cases), dpi=30)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_arrows_are_large_and_point_from_worse_to_better(cases):
    chain = next(c for c in cases if [r.symbol for r in c.relations] == ["<", "<", "<"])
    fig = figures.hasse_figure(_diagram(chain))
    arrows = [t.arrow_patch for t in fig.axes[0].texts if getattr(t, "arrow_patch", None) is not None]
    assert len(arrows) == 2 and all(a.get_mutation_scale() >= 16 for a in arrows)
    assert _diagram(chain).levels == (0, 1, 2)  # a lowest, c highest


def test_mcc_witness_in_roc_space():
    from ordertheory import check_score, fixed_prior, get_score
    from ordertheory.spaces.sample_space import binary

    X = get_score("mcc").score()
    w = check_score(X, fixed_prior(binary(), "1/2"), timeout=20, tests=("test2",)).tests["test2"].witness
    fig = figures.witness_figure(X, w["P1"], w["P2"], w["lambda"], "MCC", "1/2")
    ax = fig.axes[0]
    assert any(list(line.get_xdata()) == [0, 1] and list(line.get_ydata()) == [0, 1] for line in ax.lines)
    boxes, frame = figures.label_boxes(fig)
    assert len(boxes) == 3
    for b in boxes:
        assert frame.x0 <= b.x0 and b.x1 <= frame.x1 and frame.y0 <= b.y0 and b.y1 <= frame.y1
    for a, b in itertools.combinations(boxes, 2):
        assert not a.overlaps(b)
    assert figures.png_bytes(fig, dpi=40)[:4] == b"\x89PNG"


def test_countermodel_diagram():
    m = prove_statement("a < b -> (a < c or c < b)", "partial").witness
    d = m.diagram()
    assert set(d.nodes) == {"a", "b", "c"} and len(d.covers) == 1  # a < b, c incomparable to both
    assert figures.png_bytes(m.figure(), dpi=40)[:4] == b"\x89PNG"
