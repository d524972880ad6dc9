"""A confusion-matrix DataFrame is read by its labels, never by the order of its rows (issue 33).

scikit-learn's convention, as ``from_labels`` follows it: the classes in sorted order; on two
classes the positive class is ``pos_label``, 1 (or True) by default for {0, 1} / {False, True}
labels and otherwise required — a DataFrame whose rows are ("pos", "neg") must not silently swap
the classes.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ordertheory import InvalidInput, from_confusion_matrix, from_labels

pd = pytest.importorskip("pandas")
metrics = pytest.importorskip("sklearn.metrics")

LABELS = {2: [0, 1], 3: ["ant", "bee", "cat"], 4: [2, 5, 7, 11]}


def _frame(counts, labels, order):
    """The matrix of ``counts`` (rows/columns in ``labels``' order) with rows and columns permuted."""
    rows = [[counts[i][j] for j in order] for i in order]
    return pd.DataFrame(rows, index=[labels[i] for i in order], columns=[labels[j] for j in order])


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([2, 3, 4]).flatmap(lambda k: st.tuples(
    st.just(k),
    st.lists(st.lists(st.integers(0, 9), min_size=k, max_size=k), min_size=k, max_size=k)
    .filter(lambda m: sum(map(sum, m)) > 0),
    st.permutations(range(k)),
    st.permutations(range(k)))))
def test_a_shuffled_frame_gives_the_performance_of_the_sorted_one(case):
    k, counts, rows_order, cols_order = case
    labels = LABELS[k]
    sorted_frame = _frame(counts, labels, list(range(k)))
    shuffled = _frame(counts, labels, list(rows_order)).loc[:, [labels[j] for j in cols_order]]
    assert from_confusion_matrix(shuffled) == from_confusion_matrix(sorted_frame) == from_confusion_matrix(counts)


def test_a_string_labelled_two_class_frame_needs_pos_label():
    cm = pd.DataFrame([[8, 2], [1, 5]], index=["pos", "neg"], columns=["pos", "neg"])
    with pytest.raises(InvalidInput, match=r"pos_label=.*\['neg', 'pos'\]") as err:
        from_confusion_matrix(cm)
    assert "\n" not in str(err.value)
    with pytest.raises(InvalidInput, match="pos_label"):
        from_confusion_matrix(cm, pos_label="maybe")


def test_with_pos_label_the_frame_equals_from_labels_on_the_same_data():
    y_true = ["pos"] * 9 + ["neg"] * 7          # 8 pos predicted pos, 1 pos predicted neg, ...
    y_pred = ["pos"] * 8 + ["neg"] + ["pos"] * 2 + ["neg"] * 5
    cm = pd.DataFrame([[8, 1], [2, 5]], index=["pos", "neg"], columns=["pos", "neg"])
    for pos in ("pos", "neg"):
        assert from_confusion_matrix(cm, pos_label=pos) == from_labels(y_true, y_pred, pos_label=pos)
    assert from_confusion_matrix(cm, pos_label="pos")["tp"] == pytest.approx(8 / 16)


@pytest.mark.parametrize("labels", [[0, 1], [1, 0], [True, False], [1, -1]])
def test_numeric_two_class_labels_default_to_positive_one(labels):
    order = sorted(labels)
    y_true = [order[1]] * 3 + [order[0]] * 5
    y_pred = [order[1], order[1], order[0], order[1], order[0], order[0], order[0], order[0]]
    cm = metrics.confusion_matrix(y_true, y_pred, labels=order)
    at = [order.index(x) for x in labels]  # by position: .loc reads a list of booleans as a mask
    frame = pd.DataFrame(cm, index=order, columns=order).iloc[at, at]
    P = from_confusion_matrix(frame)
    assert (P["tp"], P["fn"], P["fp"], P["tn"]) == (2 / 8, 1 / 8, 1 / 8, 4 / 8)


def test_k_classes_are_sorted_like_scikit_learns_confusion_matrix():
    y_true = ["cat", "ant", "bee", "cat", "bee", "ant", "cat"]
    y_pred = ["ant", "ant", "cat", "cat", "bee", "bee", "cat"]
    labels = sorted(set(y_true))
    cm = metrics.confusion_matrix(y_true, y_pred, labels=labels)
    shuffled = ["cat", "ant", "bee"]
    frame = pd.DataFrame(cm, index=labels, columns=labels).loc[shuffled, ["bee", "cat", "ant"]]
    assert from_confusion_matrix(frame) == from_confusion_matrix(cm.tolist()) == from_labels(y_true, y_pred)


def test_unsortable_or_mismatched_labels_are_refused_in_one_line():
    with pytest.raises(InvalidInput, match="sorted"):
        from_confusion_matrix(pd.DataFrame([[1, 0, 0], [0, 1, 0], [0, 0, 1]], index=[1, "a", 2.5],
                                           columns=[1, "a", 2.5]))
    with pytest.raises(InvalidInput, match="same classes"):
        from_confusion_matrix(pd.DataFrame([[1, 0], [0, 1]], index=[0, 1], columns=[0, 2]))
