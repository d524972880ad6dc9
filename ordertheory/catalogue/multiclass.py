"""k-class scores on Ω = {(ground truth i, prediction j)}: accuracy, macro/micro averages, GPS.

Class c's one-vs-rest counts: tp_c = P(y=c, ŷ=c), fn_c = P(y=c, ŷ≠c), fp_c = P(y≠c, ŷ=c).
"""

from __future__ import annotations

from ordertheory.catalogue.binary import GPS, _harmonic
from ordertheory.catalogue.entry import Entry, register
from ordertheory.formula import Term

SKLEARN = "scikit-learn metrics (recall_score, precision_score, f1_score with average=macro/micro)"


def _one_vs_rest(t: dict[str, Term], k: int, c: int) -> dict[str, Term]:
    zero = Term.const(0)
    tp = t[f"y{c}_p{c}"]
    fn = sum((t[f"y{c}_p{j}"] for j in range(k) if j != c), zero)
    fp = sum((t[f"y{i}_p{c}"] for i in range(k) if i != c), zero)
    tn = sum((t[f"y{i}_p{j}"] for i in range(k) for j in range(k) if i != c and j != c), zero)
    return {"tn": tn, "fp": fp, "fn": fn, "tp": tp}


def _mean(terms: list[Term]) -> Term:
    return sum(terms, Term.const(0)) / len(terms)


def _m(slug, name, build, source=SKLEARN, aliases=()):
    return register(Entry(slug, name, build, source, "multiclass", tuple(aliases)))


_m("multiclass_accuracy", "Accuracy (k classes)",
   lambda t, s: sum((t[f"y{c}_p{c}"] for c in range(s.classes)), Term.const(0)),
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


def _gps_upm(t, s):
    per_class = []
    for c in range(s.classes):
        r = _one_vs_rest(t, s.classes, c)
        ppv = r["tp"] / (r["tp"] + r["fp"])
        tpr = r["tp"] / (r["tp"] + r["fn"])
        tnr = r["tn"] / (r["tn"] + r["fp"])
        npv = r["tn"] / (r["tn"] + r["fn"])
        per_class.append(_harmonic(ppv, tpr, tnr, npv))
    return _harmonic(*per_class)


_m("multiclass_gps", "Multiclass GPS (GPS of the one-vs-rest UPMs)", _gps_upm, source=GPS,
   aliases=("gps_upm",))
