"""Per-sample predictions: the test cases themselves, for the paired analyses and the case bootstrap.

A predictions file is a CSV with a header ``sample, y_true, <one column per entity>``: one row
per test case, the ground truth and each entity's predicted label. Optional columns:

- ``group``: which cases belong together (several images of one patient, several records of one
  person); the case bootstrap then resamples groups, not cases, and the permutation test swaps
  whole groups — uncertainty must respect the structure of the data (the metrics ontology's rule
  on grouped data);
- ``score:<entity>`` (two classes): the entity's score for the positive class (higher = more
  positive), for DeLong's test on ROC AUC and the scoring scores;
- ``score:<entity>:<label>`` (k classes): the entity's probability of class ``label``, one column per class
  (``predict_proba``): each row sums to 1 within 1e-9 (renormalised exactly, see
  :class:`~ordertheory.performances.class_probabilities.ClassProbabilities`); an entity with such columns
  needs no column of predicted labels (its top label is its prediction, the first on a tie). With two
  classes, the positive class's column is the entity's score.

Labels are sorted as scikit-learn sorts them (numbers as numbers), and outcome ``yI_pJ`` (or
tn, fp, fn, tp for two classes: the positive class is ``pos_label``, 1 by default for labels 0/1
or −1/1, and other labels need it) is counted for each case — the same convention as
:meth:`ordertheory.performances.performance.Performance.from_labels`.

>>> import io
>>> text = "sample,y_true,A,B\\n1,0,0,1\\n2,1,1,1\\n3,1,0,1\\n4,0,0,0\\n"
>>> pr = read_predictions(io.StringIO(text))
>>> pr.names, pr.space.name, pr.counts().tolist()
(('A', 'B'), 'binary', [[2.0, 0.0, 1.0, 1.0], [1.0, 1.0, 0.0, 2.0]])
>>> pr.correct().tolist()
[[True, True, False, True], [False, True, True, True]]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction
from ordertheory.performances.performance import Performance
from ordertheory.ranking.leaderboards.leaderboard import Leaderboard, Provenance
from ordertheory.ranking.leaderboards.numbers import csv_errors
from ordertheory.spaces.labels import negative_first
from ordertheory.spaces.sample_space import SampleSpace, binary, multiclass

RESERVED = ("sample", "y_true", "group")
SCORE_PREFIX = "score:"


@dataclass(frozen=True)
class Predictions:
    """Test cases × entities: ground truth, predicted labels as outcome indices, groups, scores."""

    space: SampleSpace
    names: tuple[str, ...]
    labels: tuple[object, ...]  # sorted; for two classes (negative, positive)
    truth: np.ndarray  # int (cases,): index of the true label
    predicted: np.ndarray  # int (entities, cases): index of each predicted label
    groups: np.ndarray | None  # int (cases,): group index, or None (every case its own group)
    scores: np.ndarray | None  # float (entities, cases), or None
    source: str = "<predictions>"
    probabilities: np.ndarray | None = None  # float (entities, cases, k): each class's probability, labels' order

    @property
    def cases(self) -> int:
        return int(self.truth.shape[0])

    @property
    def outcomes(self) -> np.ndarray:
        """(entities, cases): the index in Ω of each case's outcome, truth·k + prediction."""
        k = len(self.labels)
        return self.truth[None, :] * k + self.predicted

    def correct(self) -> np.ndarray:
        """(entities, cases): whether each prediction is right (satisfaction 1)."""
        return self.predicted == self.truth[None, :]

    def counts(self) -> np.ndarray:
        """(entities, |Ω|) counts of each outcome."""
        e, k2 = len(self.names), len(self.space)
        flat = (np.arange(e)[:, None] * k2 + self.outcomes).ravel()
        return np.bincount(flat, minlength=e * k2).reshape(e, k2).astype(float)

    def group_index(self) -> np.ndarray:
        """(cases,): each case's group (its own index when there are no groups)."""
        return np.arange(self.cases) if self.groups is None else self.groups

    def group_counts(self) -> np.ndarray:
        """(groups, entities, |Ω|): the counts of each group, what the case bootstrap resamples."""
        g = self.group_index()
        n_g, e, k2 = int(g.max()) + 1, len(self.names), len(self.space)
        flat = ((g[None, :] * e + np.arange(e)[:, None]) * k2 + self.outcomes).ravel()
        return np.bincount(flat, minlength=n_g * e * k2).reshape(n_g, e, k2).astype(float)

    def leaderboard(self) -> Leaderboard:
        """The entities' exact performances (counts normalised exactly), with their counts."""
        c = self.counts().astype(int)
        entities = tuple((n, Performance.from_counts(self.space, [int(x) for x in row]))
                         for n, row in zip(self.names, c))
        prov = Provenance(self.source, "csv", "per-sample predictions, counted exactly")
        return Leaderboard(self.space, entities, prov, tuple(tuple(int(x) for x in row) for row in c))


def _label_order(values: Sequence[str]) -> list:
    """Sorted labels: as numbers when every label is one, else as text."""
    uniq = sorted(set(values))
    try:  # the exact kernel's reader: bounded digits and exponents (Fraction("1e-99999999") never ends)
        nums = {v: to_fraction(v, "a label") for v in uniq}
    except InvalidInput:
        return uniq
    return sorted(uniq, key=lambda v: nums[v])


def from_labels(y_true: Sequence[object], predictions: Mapping[str, Sequence[object]],
                groups: Sequence[object] | None = None, scores: Mapping[str, Sequence[float]] | None = None,
                source: str = "<labels>", pos_label: object = None) -> Predictions:
    """Predictions from Python sequences (scikit-learn's ``y_test`` and each model's ``predict``).
    On two classes the positive one is ``pos_label``, else 1 for labels 0/1 or −1/1; other labels
    need it (:func:`ordertheory.spaces.labels.positive_class`)."""
    t = [str(v) for v in y_true]
    if not t:
        raise InvalidInput("expected at least one test case but got none")
    if not predictions:
        raise InvalidInput("expected at least one entity's predictions but got none")
    cols = {}
    for name, p in predictions.items():
        p = [str(v) for v in p]
        if len(p) != len(t):
            raise InvalidInput(f"entity {name!r}: expected {len(t)} predictions (one per case) but got {len(p)}")
        cols[str(name)] = p
    labels = _label_order(t + [v for p in cols.values() for v in p])
    k = max(2, len(labels))
    if k == 2 and len(labels) == 1:
        raise InvalidInput(f"expected two classes at least but every label is {labels[0]!r}")
    if k == 2:  # (negative, positive): the binary space's order, never a silent choice (issue 33)
        labels = negative_first(labels, pos_label, source)
    elif pos_label is not None:
        raise InvalidInput(f"{source}: pos_label is for two classes but the labels are {len(labels)}")
    index = {v: i for i, v in enumerate(labels)}
    truth = np.array([index[v] for v in t], dtype=np.int64)
    pred = np.array([[index[v] for v in p] for p in cols.values()], dtype=np.int64)
    g = None
    if groups is not None:
        gs = [str(v) for v in groups]
        if len(gs) != len(t):
            raise InvalidInput(f"expected one group per case ({len(t)}) but got {len(gs)}")
        order = {v: i for i, v in enumerate(dict.fromkeys(gs))}
        g = np.array([order[v] for v in gs], dtype=np.int64)
    sc = None
    if scores:
        if k != 2:
            raise InvalidInput(f"score columns (DeLong's test of ROC AUC) need two classes but got {k}")
        missing = [n for n in cols if n not in scores]
        if missing:
            raise InvalidInput(f"expected a score column for every entity but {', '.join(missing)} have none")
        sc = np.empty((len(cols), len(t)))
        for e, n in enumerate(cols):
            if len(scores[n]) != len(t):
                raise InvalidInput(f"{source}: score:{n}: expected {len(t)} scores (one per case) but got {len(scores[n])}")
            for i, x in enumerate(scores[n]):
                try:
                    sc[e, i] = float(x)
                except (TypeError, ValueError):
                    raise InvalidInput(f"{source}: score:{n}, case {i + 1}: expected a number but got {x!r}") from None
                if not np.isfinite(sc[e, i]):
                    raise InvalidInput(f"{source}: score:{n}, case {i + 1}: expected a finite score but got {x!r}")
    space = binary() if k == 2 else multiclass(k)
    return Predictions(space, tuple(cols), tuple(labels), truth, pred, g, sc, source)


def read_predictions(source: object, pos_label: object = None) -> Predictions:
    """Read a predictions CSV (a path or a text stream); see the module's docstring for its columns
    (``pos_label``: the positive class of two, see :func:`from_labels`)."""
    if isinstance(source, str | Path):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidInput(f"cannot read predictions {str(source)!r}: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise InvalidInput(f"{source}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        where = str(source)
    elif hasattr(source, "read"):
        text, where = source.read(), "<stream>"
    else:
        raise InvalidInput(f"expected a path or a text stream of predictions but got {type(source).__name__}")
    reader = csv.DictReader(io.StringIO(text))
    with csv_errors(reader, where):
        header = reader.fieldnames or []
        rows = list(reader)
    if "y_true" not in header:
        raise InvalidInput(f"{where}: expected a header with sample, y_true and one column per entity "
                           f"but got {', '.join(header) or 'nothing'}")
    entity_cols = [h for h in header if h not in RESERVED and not h.startswith(SCORE_PREFIX)]
    class_cols = _class_columns(header, entity_cols)
    if not entity_cols and not class_cols:
        raise InvalidInput(f"{where}: expected one column of predicted labels per entity after y_true (sample,y_true,"
                           "A,B,..., with score:A,... beside them for scores, or score:<entity>:<label> for each "
                           "class's probability; scores alone: a JSON list of entities with y_true and y_score), "
                           "which `ordertheory rank FILE --score SCORE` ranks")
    for i, r in enumerate(rows, 1):
        if None in r or any(r.get(h) is None or str(r[h]).strip() == "" for h in ["y_true", *entity_cols]):
            raise InvalidInput(f"{where}: row {i}: expected a value in every column")
    score_cols = {h[len(SCORE_PREFIX):]: h for h in header if h.startswith(SCORE_PREFIX) and
                  h[len(SCORE_PREFIX):] not in class_cols}
    unknown = set(score_cols) - set(entity_cols)
    if unknown:
        raise InvalidInput(f"{where}: score columns for unknown entities: {', '.join(sorted(unknown))}")
    truth = [r["y_true"].strip() for r in rows]
    if class_cols:
        return with_probabilities(truth, {h: [r[h].strip() for r in rows] for h in entity_cols}, class_cols, rows,
                                  [r["group"].strip() for r in rows] if "group" in header else None, where, pos_label)
    return from_labels(truth, {h: [r[h].strip() for r in rows] for h in entity_cols},
                       [r["group"].strip() for r in rows] if "group" in header else None,
                       {n: [r[h] for r in rows] for n, h in score_cols.items()} or None, where, pos_label)


def _class_columns(header: Sequence[str], entity_cols: Sequence[str]) -> dict[str, str]:
    """``score:<entity>:<label>`` columns: {``<entity>:<label>``: column} (an entity's name may not hold ``:``
    followed by one of its labels; the last ``:`` splits)."""
    out = {}
    for h in header:
        rest = h[len(SCORE_PREFIX):] if h.startswith(SCORE_PREFIX) else None
        if rest and ":" in rest and rest not in entity_cols:
            out[rest] = h
    return out


def with_probabilities(truth: list[str], labelled: Mapping[str, list[str]], class_cols: Mapping[str, str],
                       rows: list[Mapping], groups, where: str, pos_label: object) -> Predictions:
    """Predictions whose entities give class probabilities (``score:<entity>:<label>``): the top label is the
    prediction of an entity without a label column; two classes keep the positive class's column as the score."""
    by_entity: dict[str, dict[str, str]] = {}
    for key, h in class_cols.items():
        entity, label = key.rsplit(":", 1)
        by_entity.setdefault(entity, {})[label.strip()] = h
    labels = _label_order(truth + [lab for cols in by_entity.values() for lab in cols])
    for entity, cols in by_entity.items():
        if sorted(cols) != sorted(labels):
            raise InvalidInput(f"{where}: entity {entity}: expected one probability column per class "
                               f"({', '.join(f'score:{entity}:{v}' for v in labels)}) but got "
                               f"{', '.join(f'score:{entity}:{v}' for v in cols)}")
    P = np.empty((len(by_entity), len(truth), len(labels)))
    for e, cols in enumerate(by_entity.values()):
        for j, lab in enumerate(labels):
            col = cols[lab]
            for i, r in enumerate(rows):
                try:
                    P[e, i, j] = float(r[col])
                except (TypeError, ValueError):
                    raise InvalidInput(f"{where}: {col}, row {i + 1}: expected a probability but got {r[col]!r}") from None
    predicted = {n: labelled[n] if n in labelled else [labels[j] for j in np.argmax(P[e], axis=1)]
                 for e, n in enumerate(by_entity)}
    predicted.update({n: v for n, v in labelled.items() if n not in predicted})
    if len(labels) == 2:  # two classes: the positive class's probability is the score
        pos = negative_first(labels, pos_label, where)[1]
        scores = {n: [str(x) for x in P[e, :, labels.index(pos)]] for e, n in enumerate(by_entity)}
        return from_labels(truth, predicted, groups, scores, where, pos_label)
    pr = from_labels(truth, predicted, groups, None, where, pos_label)
    order = [pr.labels.index(v) if v in pr.labels else None for v in labels]
    if None in order or len(pr.labels) != len(labels):
        raise InvalidInput(f"{where}: the predicted labels are not the classes of the probability columns")
    Q = np.zeros((len(pr.names), len(truth), len(labels)))
    for e, n in enumerate(by_entity):
        Q[pr.names.index(n)][:, order] = P[e]
    missing = [n for n in pr.names if n not in by_entity]
    if missing:
        raise InvalidInput(f"{where}: no probability columns for {', '.join(missing)}")
    return replace(pr, probabilities=Q)


def is_predictions_file(path: str) -> bool:
    """Whether a CSV file's header has a ``y_true`` column (a predictions file, not a leaderboard)."""
    p = Path(path)
    if p.suffix.lower() not in (".csv", ".txt"):
        return False
    try:
        with p.open(encoding="utf-8") as f:
            first = f.readline()
        return "y_true" in next(csv.reader([first]), [])
    except (OSError, UnicodeDecodeError, csv.Error):  # the reader of the leaderboard says what is wrong
        return False
