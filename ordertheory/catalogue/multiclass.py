"""k-class scores on Ω = {(ground truth i, prediction j)}: accuracy, macro/micro averages, GPS.

Class c's one-vs-rest counts: tp_c = P(y=c, ŷ=c), fn_c = P(y=c, ŷ≠c), fp_c = P(y≠c, ŷ=c).
Each formula is written as its source writes it, so that its domain is the domain as written
(a macro average is undefined where one of its classes' terms is). Values agree with
scikit-learn on confusion matrices without empty classes (tests/unit/test_multiclass.py).

>>> from ordertheory.performances.performance import Performance
>>> from ordertheory.spaces.sample_space import multiclass
>>> P = Performance.from_probabilities(multiclass(2), ["1/2", "1/4", 0, "1/4"])
>>> get("macro_jaccard").score(multiclass(2)).value(P), get("cohen_kappa_k").score(multiclass(2)).value(P)
(Fraction(7, 12), Fraction(1, 2))
"""

from __future__ import annotations

from ordertheory.catalogue.binary import GPS, harmonic
from ordertheory.catalogue.entry import Entry, get, register
from ordertheory.errors import InvalidInput
from ordertheory.scores.formula import Term
from ordertheory.spaces.sample_space import SampleSpace

SKLEARN = "scikit-learn metrics (recall_score, precision_score, f1_score with average=macro/micro)"
JACCARD = "Everingham et al., The PASCAL VOC challenge, IJCV 2010 (IoU); sklearn jaccard_score"
FWIOU = "Long, Shelhamer, Darrell, Fully convolutional networks for semantic segmentation, CVPR 2015 (§5)"
COHEN = "Cohen, A coefficient of agreement for nominal scales, 1960; sklearn cohen_kappa_score"
GORODKIN = "Gorodkin, Comparing two K-category assignments by a K-category correlation coefficient, 2004"


cell = SampleSpace.confusion_outcome  # the outcome "class i predicted as j"


def _one_vs_rest(t: dict[str, Term], k: int, c: int) -> dict[str, Term]:
    zero = Term.const(0)
    tp = t[cell(c, c)]
    fn = sum((t[cell(c, j)] for j in range(k) if j != c), zero)
    fp = sum((t[cell(i, c)] for i in range(k) if i != c), zero)
    tn = sum((t[cell(i, j)] for i in range(k) for j in range(k) if i != c and j != c), zero)
    return {"tn": tn, "fp": fp, "fn": fn, "tp": tp}


def _mean(terms: list[Term]) -> Term:
    return sum(terms, Term.const(0)) / len(terms)


def _m(slug, name, build, source=SKLEARN, aliases=()):
    return register(Entry(slug, name, build, source, "multiclass", tuple(aliases)))


_m("multiclass_accuracy", "Accuracy (k classes)",
   lambda t, s: sum((t[cell(c, c)] for c in range(s.classes)), Term.const(0)),
   aliases=("mc_accuracy",))
_m("macro_recall", "Macro-averaged recall",
   lambda t, s: _mean([(lambda r: r["tp"] / (r["tp"] + r["fn"]))(_one_vs_rest(t, s.classes, c))
                       for c in range(s.classes)]), aliases=("balanced_accuracy_k",))
_m("macro_precision", "Macro-averaged precision",
   lambda t, s: _mean([(lambda r: r["tp"] / (r["tp"] + r["fp"]))(_one_vs_rest(t, s.classes, c))
                       for c in range(s.classes)]))
_m("macro_f1", "Macro-averaged F1",
   lambda t, s: _mean([(lambda r: 2 * r["tp"] / (2 * r["tp"] + r["fp"] + r["fn"]))(_one_vs_rest(t, s.classes, c))
                       for c in range(s.classes)]))


def _micro_f1(t, s):
    rs = [_one_vs_rest(t, s.classes, c) for c in range(s.classes)]
    tp = sum((r["tp"] for r in rs), Term.const(0))
    fp = sum((r["fp"] for r in rs), Term.const(0))
    fn = sum((r["fn"] for r in rs), Term.const(0))
    return 2 * tp / (2 * tp + fp + fn)


_m("micro_f1", "Micro-averaged F1", _micro_f1)


def _micro(t, s, ratio):
    rs = [_one_vs_rest(t, s.classes, c) for c in range(s.classes)]
    tot = {k: sum((r[k] for r in rs), Term.const(0)) for k in ("tp", "fp", "fn")}
    return ratio(tot)


_m("micro_recall", "Micro-averaged recall", lambda t, s: _micro(t, s, lambda r: r["tp"] / (r["tp"] + r["fn"])))
_m("micro_precision", "Micro-averaged precision",
   lambda t, s: _micro(t, s, lambda r: r["tp"] / (r["tp"] + r["fp"])))


def _iou(r):
    return r["tp"] / (r["tp"] + r["fp"] + r["fn"])


_m("macro_jaccard", "Macro-averaged Jaccard index (mean IoU, the segmentation benchmark score)",
   lambda t, s: _mean([_iou(_one_vs_rest(t, s.classes, c)) for c in range(s.classes)]), JACCARD,
   aliases=("miou", "mean_iou_k", "macro_iou"))
_m("micro_jaccard", "Micro-averaged Jaccard index", lambda t, s: _micro(t, s, _iou), JACCARD,
   aliases=("micro_iou",))


def _fw_iou(t, s):
    """FCN's (Σ_k t_k)⁻¹ Σ_i t_i n_ii / (t_i + Σ_j n_ji − n_ii), t_i the class-i ground-truth mass."""
    rs = [_one_vs_rest(t, s.classes, c) for c in range(s.classes)]
    total = sum(t.values(), Term.const(0))
    return sum(((r["tp"] + r["fn"]) * _iou(r) for r in rs), Term.const(0)) / total


_m("frequency_weighted_iou", "Frequency-weighted IoU", _fw_iou, FWIOU, aliases=("fwiou",))


def _rows_cols(t, s):
    k = s.classes
    rows = [sum((t[cell(i, j)] for j in range(k)), Term.const(0)) for i in range(k)]
    cols = [sum((t[cell(i, j)] for i in range(k)), Term.const(0)) for j in range(k)]
    diag = sum((t[cell(c, c)] for c in range(k)), Term.const(0))
    return rows, cols, diag


def _kappa(t, s):
    """κ = (p_o − p_e)/(1 − p_e), p_e = Σ_c P(y = c) P(ŷ = c)."""
    rows, cols, p_o = _rows_cols(t, s)
    p_e = sum((r * c for r, c in zip(rows, cols)), Term.const(0))
    return (p_o - p_e) / (1 - p_e)


_m("cohen_kappa_k", "Cohen's κ (k classes)", _kappa, COHEN, aliases=("multiclass_kappa",))


def _r_k(t, s):
    """Gorodkin's R_K = (c·s − Σ p_k t_k) / √((s² − Σ p_k²)(s² − Σ t_k²)), as sklearn computes it."""
    rows, cols, c = _rows_cols(t, s)
    total = sum(rows, Term.const(0))
    num = c * total - sum((p * q for p, q in zip(cols, rows)), Term.const(0))
    a = total * total - sum((p * p for p in cols), Term.const(0))
    b = total * total - sum((q * q for q in rows), Term.const(0))
    return num / (a * b).sqrt()


_m("mcc_k", "Matthews correlation coefficient (k classes, Gorodkin's R_K)", _r_k, GORODKIN,
   aliases=("multiclass_mcc", "r_k"))


def one_vs_rest(binary_slug: str, c: int) -> Entry:
    """An (unregistered) entry: a two-class catalogue score on class c's one-vs-rest counts.

    >>> from ordertheory.spaces.sample_space import multiclass
    >>> one_vs_rest("tpr", 1).score(multiclass(3)).expr
    y1_p1/(y1_p0 + y1_p1 + y1_p2)
    """
    inner = get(binary_slug)

    def build(t: dict[str, Term], space: SampleSpace) -> Term:
        if not 0 <= c < space.classes:
            raise InvalidInput(f"expected a class index in 0..{space.classes - 1} but got {c}")
        return inner.build(_one_vs_rest(t, space.classes, c), space)

    return Entry(f"{inner.slug}_class{c}", f"{inner.name}, class {c} against the rest", build,
                 inner.source, "multiclass")


for _slug in ("tpr", "ppv", "f_beta_1", "jaccard"):
    register(one_vs_rest(_slug, 0))


def _gps_upm(t, s):
    per_class = []
    for c in range(s.classes):
        r = _one_vs_rest(t, s.classes, c)
        ppv = r["tp"] / (r["tp"] + r["fp"])
        tpr = r["tp"] / (r["tp"] + r["fn"])
        tnr = r["tn"] / (r["tn"] + r["fp"])
        npv = r["tn"] / (r["tn"] + r["fn"])
        per_class.append(harmonic(ppv, tpr, tnr, npv))
    return harmonic(*per_class)


_m("multiclass_gps", "Multiclass GPS (GPS of the one-vs-rest UPMs)", _gps_upm, source=GPS,
   aliases=("gps_upm",))
