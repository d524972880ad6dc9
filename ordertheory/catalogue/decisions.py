"""Scores of decisions: costs and net benefit (binary, scored), and a classifier that may abstain.

On ``selective:k`` (outcomes ``y{i}_p{j}`` and ``y{i}_abstain``): coverage, selective risk,
selective accuracy and accuracy at a fixed coverage (Geifman & El-Yaniv). On the binary and
scored spaces: the net benefit of decision-curve analysis and the expected cost with a cost
matrix (Metrics Reloaded's definitions). On a scored space a decision needs a threshold: the net
benefit treats the levels with q ≥ p_t, the expected cost takes the Bayes decisions of its cost
matrix (decide positive iff q ≥ t* = (c01 − c00) / ((c01 − c00) + (c10 − c11))).

>>> from ordertheory.performances.performance import Performance
>>> from ordertheory.spaces.sample_space import selective
>>> sp = selective(2)
>>> P = Performance.from_counts(sp, {"y0_p0": 5, "y0_p1": 1, "y0_abstain": 2, "y1_p1": 2})
>>> get("coverage").score(sp)(P), get("selective_accuracy").score(sp)(P), get("expected_cost").score(sp)(P)
(Fraction(4, 5), Fraction(7, 8), Fraction(1, 5))
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from ordertheory.catalogue.entry import Entry, get, register
from ordertheory.catalogue.scoring import confusion_at, threshold_level
from ordertheory.errors import InvalidInput
from ordertheory.exact import to_fraction
from ordertheory.scores.formula import Term
from ordertheory.spaces.sample_space import SampleSpace, ScoredSpace, SelectiveSpace, binary

GEIFMAN = "Geifman & El-Yaniv, Selective classification for deep neural networks, NeurIPS 2017"
VICKERS = ("Vickers & Elkin, Decision curve analysis, Med. Decis. Making 2006; Metrics Reloaded (Maier-Hein et al., "
           "Nat. Methods 2024): NB = TP/n − FP/n · p_t/(1 − p_t)")
EC = ("Metrics Reloaded (Maier-Hein et al., Nat. Methods 2024): EC = Σᵢⱼ cᵢⱼ Pᵢ Rᵢⱼ with the data's priors Pᵢ; "
      "Ferrer, Analysis and comparison of classification metrics, 2022 (Bayes decisions for scores)")


def _event(t: dict[str, Term], space: SampleSpace, name: str) -> Term:
    return Term(sympy.Add(*(t[o].expr for o in space.named_events()[name])))


# --- abstention ----------------------------------------------------------------------------------
def _accuracy_at_coverage(c: Fraction, slug: str = "") -> Entry:
    if not 0 < c <= 1:
        raise InvalidInput(f"expected a coverage in (0, 1] but got {c}")
    return Entry(slug or f"accuracy_at_coverage@{c}", f"Accuracy at coverage {c}",
                 lambda t, s: _event(t, s, "correct") / Term.const(sympy.Rational(c.numerator, c.denominator)),
                 GEIFMAN, "selective", note=f"P(correct) / {c}: the accuracy among the answered samples of a "
                 f"classifier that answers a fraction {c} (selective accuracy on Π ∩ {{coverage = {c}}})",
                 argument=lambda arg: _accuracy_at_coverage(to_fraction(arg, "coverage")))


def _sel(slug, name, build, aliases=(), note="", lower=False):
    return register(Entry(slug, name, build, GEIFMAN, "selective", tuple(aliases), note, lower_is_better=lower))


_sel("coverage", "Coverage (fraction of samples answered)", lambda t, s: _event(t, s, "coverage"),
     note="φ = P(not abstaining)")
_sel("selective_risk", "Selective risk (error rate among the answered)",
     lambda t, s: _event(t, s, "errors") / _event(t, s, "coverage"), note="P(error) / P(answered)", lower=True)
_sel("selective_accuracy", "Selective accuracy (accuracy among the answered)",
     lambda t, s: _event(t, s, "correct") / _event(t, s, "coverage"), ("accuracy_on_answered",),
     note="P(correct) / P(answered)")
register(_accuracy_at_coverage(Fraction(4, 5), "accuracy_at_coverage"))  # accuracy_at_coverage@C for another C


# --- net benefit ---------------------------------------------------------------------------------
def _decision_counts(t: dict[str, Term], space: SampleSpace, threshold: Fraction) -> dict[str, Term]:
    """tn, fp, fn, tp of the decisions: the outcomes themselves on the binary space, the levels with
    q ≥ threshold predicted positive on a scored space."""
    if isinstance(space, ScoredSpace):
        return confusion_at(t, space, threshold_level(space, threshold))
    return {o: t[o] for o in ("tn", "fp", "fn", "tp")}


def _net_benefit(pt: Fraction) -> Entry:
    if not 0 < pt < 1:
        raise InvalidInput(f"expected a threshold probability p_t strictly between 0 and 1 but got {pt}")
    odds = sympy.Rational(pt.numerator, pt.denominator) / (1 - sympy.Rational(pt.numerator, pt.denominator))

    def build(t, space):
        c = _decision_counts(t, space, pt)
        return c["tp"] - c["fp"] * odds

    return Entry("net_benefit" if pt == Fraction(1, 2) else f"net_benefit@{pt}", f"Net benefit at p_t = {pt}",
                 build, VICKERS, "thresholded", ("nb",) if pt == Fraction(1, 2) else (),
                 f"TP/n − FP/n · {odds} (treat when q ≥ {pt} on a scored space); net_benefit@P for another p_t",
                 argument=lambda arg: _net_benefit(to_fraction(arg, "p_t")))


register(_net_benefit(Fraction(1, 2)))


# --- expected cost -------------------------------------------------------------------------------
def cost_matrix(text: str) -> tuple[tuple[Fraction, ...], ...]:
    """Rows of exact costs from ``c00,c01;c10,c11`` (row = ground truth, column = decision).

    >>> cost_matrix("0, 1; 5, 0")
    ((Fraction(0, 1), Fraction(1, 1)), (Fraction(5, 1), Fraction(0, 1)))
    """
    rows = tuple(tuple(to_fraction(v, f"cost[{i}][{j}]") for j, v in enumerate(r.replace(",", " ").split()))
                 for i, r in enumerate(text.split(";")) if r.strip())
    if len(rows) < 2 or len({len(r) for r in rows}) != 1:
        raise InvalidInput(f"expected a cost matrix such as '0,1;5,0' (rows = ground truth, columns = decision) "
                           f"but got {text!r}")
    return rows


def _costs_for(space: SampleSpace, costs) -> tuple[tuple[Fraction, ...], ...]:
    if costs is not None:
        k = space.truth_classes
        want = (k, k + 1) if isinstance(space, SelectiveSpace) else (2, 2)
        if (len(costs), len(costs[0])) != want:
            raise InvalidInput(f"expected a {want[0]} × {want[1]} cost matrix for {space.name} (rows = ground truth, "
                               f"columns = decision{', the last one abstain' if want[1] > want[0] else ''}) but got "
                               f"{len(costs)} × {len(costs[0])}")
        return costs
    if isinstance(space, SelectiveSpace):  # errors cost 1, abstentions 1/2 (1 − the default satisfaction)
        k = space.k
        return tuple(tuple(Fraction(int(i != j)) for j in range(k)) + (Fraction(1, 2),) for i in range(k))
    return ((Fraction(0), Fraction(1)), (Fraction(1), Fraction(0)))


def bayes_threshold(costs) -> Fraction:
    """t* = (c01 − c00) / ((c01 − c00) + (c10 − c11)): deciding positive costs less iff q ≥ t*."""
    (c00, c01), (c10, c11) = costs
    if not (c01 > c00 and c10 > c11):
        raise InvalidInput(f"expected errors that cost more than correct decisions (c01 > c00, c10 > c11) but got "
                           f"c00={c00}, c01={c01}, c10={c10}, c11={c11}")
    return (c01 - c00) / ((c01 - c00) + (c10 - c11))


def _expected_cost(costs=None, text: str = "") -> Entry:
    def build(t, space):
        c = _costs_for(space, costs)
        r = lambda v: sympy.Rational(v.numerator, v.denominator)  # noqa: E731
        if isinstance(space, SelectiveSpace):
            k = space.k
            return Term(sympy.Add(*(r(c[i][j]) * t[f"y{i}_p{j}"].expr for i in range(k) for j in range(k)),
                                  *(r(c[i][k]) * t[f"y{i}_abstain"].expr for i in range(k))))
        d = _decision_counts(t, space, bayes_threshold(c) if isinstance(space, ScoredSpace) else Fraction(1, 2))
        (c00, c01), (c10, c11) = c
        return d["tn"] * r(c00) + d["fp"] * r(c01) + d["fn"] * r(c10) + d["tp"] * r(c11)

    slug = "expected_cost" if costs is None else f"expected_cost@{text}"
    return Entry(slug, "Expected cost" + (f" with costs {text}" if costs is not None else " (0–1 costs; abstaining 1/2)"),
                 build, EC, "decision", ("ec",) if costs is None else (),
                 "Σ c(y, d)·P(y, d); decisions of a scored space: Bayes decisions q ≥ t*", lower_is_better=True,
                 argument=lambda arg: _expected_cost(cost_matrix(arg), arg.replace(" ", "")))


register(_expected_cost())


def at_threshold(entry: Entry, threshold: object) -> Entry:
    """A two-class score of the crisp classifier "positive iff q ≥ threshold" on a scored space:
    the score composed with the linear map from levels to a confusion matrix (``f1@1/2``).

    >>> from ordertheory.spaces.sample_space import scored
    >>> at_threshold(get("accuracy"), "1/2").score(scored(2)).expr
    y0_s0 + y1_s1
    """
    t = to_fraction(threshold, "threshold")
    if not 0 <= t <= 1:
        raise InvalidInput(f"expected a threshold in [0, 1] (a probability of the positive class) but got {t}")

    def build(terms, space):
        j = threshold_level(space, t)
        if j in (0, len(space.q)):
            raise InvalidInput(f"threshold {t} predicts every level of {space.name} {'positive' if j == 0 else 'negative'}:"
                               f" the crisp classifier is constant; expected q_0 < t <= q_{len(space.q) - 1}")
        return entry.build(_decision_counts(terms, space, t), binary())
    return Entry(f"{entry.slug}@{t}", f"{entry.name} at threshold {t}",
                 build,
                 f"{entry.source}; thresholded: positive iff q ≥ {t}", "scored", (), entry.note,
                 entry.at_zero, entry.lower_is_better)


def entry_at(key: str, space: SampleSpace | None = None) -> Entry:
    """The entry named ``SLUG@ARG``: the slug's own argument (a coverage, p_t, a cost matrix), or a
    two-class score at a threshold on a scored space (``space``; default scored:4)."""
    name, _, arg = key.partition("@")
    base = get(name.strip())
    if base.argument is not None:
        return base.argument(arg.strip())
    if base.kind == "binary" and (space is None or isinstance(space, ScoredSpace)):
        return at_threshold(base, arg.strip())
    where = "" if space is None else f" on {space.name}"
    raise InvalidInput(f"{name.strip()!r}@… is not defined{where}: expected a two-class score at a threshold on "
                       "scored:L (f1@1/2), or accuracy_at_coverage@C, net_benefit@P or expected_cost@C00,C01;C10,C11")
