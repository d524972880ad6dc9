"""Which verdicts of a command's JSON answer are wrong: the differential check itself.

For each claim of the answer:

- a **refuted** claim's witness (exact performances in the JSON) is re-validated here — a witness
  that fails is a wrong verdict, one too close to call is *unconfirmed*;
- a **proved** claim is searched for a counterexample — one found is a wrong verdict;
- a verdict contradicting what the case's generator knows (``Case.truth``) is a wrong verdict;
- the exit code must be the verdict's (0 proved, 1 refuted, 3 unknown) — 4 is always wrong;
- an **unknown** claim is counted under its class (command/space/family: claim).

>>> from ordertheory.crosscheck.generate import Case
>>> c = Case("check", "ranking", "binary", ("tp",), {"test1": True})
>>> doc = {"verdict": "refuted", "test1": {"verdict": "refuted", "witness": {"s": "0",
...        "P1": {"tn": "0", "fp": "0", "fn": "0", "tp": "1"}, "P2": {"tn": "1", "fp": "0", "fn": "0", "tp": "0"}}}}
>>> j = judge(c, 1, doc)
>>> j.wrong
['check test1: refuted, but the truth by construction is that it holds', 'check test1: the witness fails exact re-validation']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from ordertheory.catalogue import find
from ordertheory.crosscheck import falsifier, orderings
from ordertheory.crosscheck.arith import read_exact
from ordertheory.crosscheck.generate import Case
from ordertheory.crosscheck.points import points
from ordertheory.errors import OrderTheoryError
from ordertheory.performances.performance import Performance
from ordertheory.scores.expression import parse_score, parse_term
from ordertheory.scores.formula import Term
from ordertheory.scores.score import Score
from ordertheory.spaces.sample_space import SampleSpace

CHECK_TESTS = ("test1", "test2", "test3", "domain_closed", "theorem2_condition")
class Said(enum.StrEnum):
    """A verdict as a command's JSON writes it (text: the judge reads the answer from outside)."""

    PROVED = "proved"
    REFUTED = "refuted"
    UNKNOWN = "unknown"
    VACUOUS = "vacuous"  # check on an empty Π ∩ dom(X): exit 2, as an empty Π

    @classmethod
    def of(cls, text: object) -> Said | None:
        try:
            return cls(str(text))
        except ValueError:
            return None


EXIT = {Said.PROVED: 0, Said.REFUTED: 1, Said.UNKNOWN: 3, Said.VACUOUS: 2}


@dataclass
class Judgement:
    """The differential verdict on one case."""

    case: Case
    exit_code: int
    seconds: float = 0.0
    wrong: list[str] = field(default_factory=list)
    unconfirmed: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)  # "claim: reason" for each unknown claim
    checked: int = 0  # claims re-validated or searched

    def to_json(self) -> dict:
        return {"label": self.case.label, "argv": self.case.argv(), "exit": self.exit_code,
                "seconds": round(self.seconds, 3), "wrong": self.wrong, "unconfirmed": self.unconfirmed,
                "unknown": self.unknown, "checked": self.checked}


def performance(space: SampleSpace, d: dict) -> Performance:
    """An exact performance from a JSON witness ({outcome: "1/3"} or {outcome: {exact, decimal}})."""
    return Performance(space, tuple(read_exact(d[o]) for o in space.outcomes))


def judge(case: Case, exit_code: int, doc: dict | None, seconds: float = 0.0, seed: int = 0,
          size: int = 40) -> Judgement:
    """Judge one answer (``doc`` is the command's JSON, None when it printed none)."""
    j = Judgement(case, exit_code, seconds)
    if exit_code == 4:
        j.wrong.append("exit 4 (internal error)")
        return j
    if exit_code == 2 and not (doc or {}).get("vacuous"):
        j.wrong.append("exit 2 (the generated input was refused)")
        return j
    if doc is None:
        j.wrong.append(f"exit {exit_code} without a JSON answer")
        return j
    # (docs/json.md: a command stopped at its deadline or past a guard says only why, and how it stopped)
    if Said.of(doc.get("verdict")) is Said.UNKNOWN and set(doc) <= {"ordertheory_version", "verdict", "reason",
                                                                      "stopped"}:
        _exit(j, Said.UNKNOWN)  # stopped at its deadline, or past a resource guard: one reason for all
        j.unknown.append(f"{case.command}: {doc.get('reason')}")
        return j
    space = case.sample_space()
    Pi = case.performance_set()
    scores = [score_of(f, space) for f in case.formulas]
    {"check": _check, "compare": _compare, "importance": _importance}[case.command](j, doc, space, Pi, scores,
                                                                                  seed, size)
    return j


def score_of(text: str, space: SampleSpace) -> Score:
    """A case's score: a catalogue slug (the catalogue family) as the catalogue defines it on
    ``space``, else a formula read by the whitelist parser.

    >>> from ordertheory.spaces.sample_space import binary, scored
    >>> score_of("brier", scored(3)).space.name, score_of("tp", binary()).name
    ('scored:3', 'tp')
    """
    entry = find(text)
    if entry is not None and entry.accepts(space):
        return entry.score(space)
    return parse_score(text, space)


def _exit(j: Judgement, verdict: object) -> None:
    if EXIT.get(Said.of(verdict)) != j.exit_code:
        j.wrong.append(f"exit {j.exit_code} for the overall verdict {verdict!r}")


def _witness_items(test: str, space: SampleSpace, w: dict) -> dict:
    if test == "theorem2_condition":
        return {"event": list(w["event"]), "P": performance(space, w["P"])}
    items = {k: performance(space, w[k]) for k in ("P1", "P2")}
    if test == "test1":
        items["s"] = Fraction(w["s"])
    else:
        items["lambda"] = Fraction(w["lambda"])
    return items


def _oriented(j, doc, X: Score) -> Score:
    """The score whose tests the answer reports: −X when it says X is a loss (lower is better), which must
    be X's own direction (the catalogue's, or an expected cost's: the objects say it, not the engine)."""
    said = doc.get("direction", "higher")
    if said != X.direction.value:
        j.wrong.append(f"{j.case.command}: direction {said!r}, but {X.name} is {X.direction.words}")
    return X.oriented() if said == "lower" else X


def _encoded(j, doc, X: Score, Pi, seed, size) -> bool:
    """An answer 'fit for the satisfaction it encodes': X = offset + scale·E_P[S′] at exact points of Π,
    with S′ in [0, 1] and scale ≠ 0 — an affine image of an expected satisfaction, a ranking score with I
    uniform (Theorems 1–3) — re-checked here in exact arithmetic. False (a wrong verdict) when it fails."""
    sat = (doc.get("satisfaction") or {})
    S, offset, scale = sat.get("satisfaction"), sat.get("offset"), sat.get("scale")
    try:
        S = {o: read_exact(v) for o, v in (S or {}).items()}
        offset, scale = read_exact(offset), read_exact(scale)
    except (TypeError, ValueError, ZeroDivisionError):  # an irrational S′ (logs of score levels): not re-checked here
        j.unconfirmed.append(f"{j.case.command}: the encoded satisfaction is not rational (not re-checked exactly)")
        return True
    if not S or scale == 0 or not all(0 <= v <= 1 for v in S.values()):
        j.wrong.append(f"{j.case.command}: 'fit for the satisfaction it encodes' without a rational S′ in [0, 1]")
        return False
    j.checked += 1
    for P in points(Pi, seed=seed, size=size):
        x = falsifier.value(X, P)
        if x is not None and x != offset + scale * sum(S[o] * P[o] for o in X.space.outcomes):
            j.wrong.append(f"{j.case.command}: X = {offset} + {scale}·E_P[S′] fails at {P}")
            return False
    return True


def _check(j, doc, space, Pi, scores, seed, size) -> None:
    (X,) = scores
    _exit(j, Said.VACUOUS if doc.get("vacuous") else doc["verdict"])
    encoded = doc.get("fit_for") == "encoded_satisfaction" and _encoded(j, doc, X, Pi, seed, size)
    X = _oriented(j, doc, X)
    proved = []
    for t in CHECK_TESTS:
        r = doc.get(t)
        if r is None:
            continue
        v, truth = Said.of(r["verdict"]), j.case.truth.get(t)
        if v is Said.UNKNOWN:
            j.unknown.append(f"{t}: {r.get('reason')}")
        elif v is Said.REFUTED:
            if truth is True:
                j.wrong.append(f"check {t}: refuted, but the truth by construction is that it holds")
            j.checked += 1
            ok = falsifier.validate(X, Pi, t, _witness_items(t, space, r["witness"]))
            if ok is False:
                j.wrong.append(f"check {t}: the witness fails exact re-validation")
            elif ok is None:
                j.unconfirmed.append(f"check {t}: the witness is too close to call")
        elif v is Said.PROVED:
            if truth is False:
                j.wrong.append(f"check {t}: proved, but the truth by construction is that it fails")
            proved.append(t)
    if proved:
        j.checked += len(proved)
        found = falsifier.search(X, Pi, proved, seed=seed, size=size)
        for t, w in found.items():
            if w is not None:
                j.wrong.append(f"check {t}: proved, but the falsifier found {w}")
    sanity = doc.get("domain_sanity") or {}
    if sanity.get("kind") == "model":  # the point shown non-vacuous must be in Π ∩ dom(X), exactly
        j.checked += 1
        if falsifier.inside(X, Pi, performance(space, sanity["model"]["P"])) is False:
            j.wrong.append("check: the sanity model is not in Π ∩ dom(X)")
    elif sanity.get("kind") == "vacuous":  # "Π ∩ dom(X) is empty": any point of it refutes that
        j.checked += 1
        if any(falsifier.inside(X, Pi, P) is True for P in points(Pi, seed=seed, size=size)):
            j.wrong.append("check: Π ∩ dom(X) claimed empty, but a point of it exists")
    fit = [Said.of(doc[t]["verdict"]) for t in ("test1", "test2", "test3", "domain_closed") if t in doc]
    overall = Said.of(doc["verdict"])
    if overall is Said.VACUOUS and not doc.get("vacuous"):
        j.wrong.append("check: verdict 'vacuous' on a report that is not")
    elif encoded and fit and fit[0] is Said.REFUTED and all(v is Said.PROVED for v in fit[1:]):
        if overall is not Said.PROVED:  # fit for the satisfaction it encodes: test 1 fails only for the written S
            j.wrong.append(f"check: fit for the satisfaction it encodes, but the overall verdict is {doc['verdict']!r}")
    elif Said.REFUTED in fit and overall is not Said.REFUTED or fit and all(v is Said.PROVED for v in fit) and \
            overall not in (Said.PROVED, Said.VACUOUS):
        j.wrong.append(f"check: overall verdict {doc['verdict']!r} does not follow from the tests {fit}")


def _compare(j, doc, space, Pi, scores, seed, size) -> None:
    X, Y = scores
    _exit(j, doc["verdict"])
    kind, truth = doc["kind"], j.case.truth
    for name, d in (("same", 1), ("reversed", -1)):
        r = doc[name]
        v = Said.of(r["verdict"])
        if v is Said.REFUTED:
            if truth.get(name):
                j.wrong.append(f"compare {name}: refuted, but it holds by construction")
            j.checked += 1
            w = r["witness"]
            ok = orderings.validate_order(X, Y, Pi, d, performance(space, w["P1"]), performance(space, w["P2"]))
            if ok is False:
                j.wrong.append(f"compare {name}: the witness pair fails exact re-validation")
            elif ok is None:
                j.unconfirmed.append(f"compare {name}: the witness pair is too close to call")
        elif v is Said.PROVED:
            j.checked += 1
            w = orderings.search_order(X, Y, Pi, d, seed=seed, size=size)
            if w is not None:
                j.wrong.append(f"compare {name}: proved, but the falsifier found {w}")
    if Said.of(kind) is Said.UNKNOWN:
        j.unknown.append(f"compare: {doc.get('reason')}")
    if kind == "different" and any(truth.get(n) for n in ("same", "reversed")):
        j.wrong.append(f"compare: 'different', but the truth by construction is {truth}")
    dom = doc.get("domains_equal") or {}
    if Said.of(dom.get("verdict")) is Said.REFUTED:
        j.checked += 1
        ok = orderings.validate_domains(X, Y, Pi, performance(space, dom["witness"]["P"]))
        if ok is False:
            j.wrong.append("compare domains: the witness fails exact re-validation")
    elif Said.of(dom.get("verdict")) is Said.PROVED:
        j.checked += 1
        w = orderings.search_domains(X, Y, Pi, seed=seed, size=size)
        if w is not None:
            j.wrong.append(f"compare domains: proved equal, but {w}")


def transform(text: str | None, space: SampleSpace) -> sympy.Expr | None:
    """g(r) from the JSON, read by the whitelist parser with r as its one extra name."""
    if text is None:
        return None
    return parse_term(text, space, extra={"r": Term(sympy.Symbol("r", real=True))}).expr


def _importance(j, doc, space, Pi, scores, seed, size) -> None:
    (X,) = scores
    kind = doc["kind"]
    overall = {"ranking_score": Said.PROVED, "monotone_transform": Said.PROVED, "constant": Said.PROVED,
               "none": Said.REFUTED}.get(kind, Said.UNKNOWN)
    if kind == "none" and doc.get("fit_for") == "encoded_satisfaction" and _encoded(j, doc, X, Pi, seed, size):
        overall = Said.PROVED  # no importance for the written S, one for the satisfaction X encodes
    _exit(j, overall)
    if Said.of(kind) is Said.UNKNOWN:
        j.unknown.append(f"importance: {doc.get('reason')}")
        return
    if kind == "none":
        if j.case.truth.get("encodes_importance"):
            j.wrong.append("importance: 'none', but the score encodes an importance by construction")
        return
    j.checked += 1
    if kind == "constant":
        w = orderings.search_constant(X, Pi, seed=seed, size=size)
        if w is not None:
            j.wrong.append(f"importance constant: {w}")
        return
    I = {o: Fraction(str(v)) for o, v in doc["importance"].items()}  # exact rationals as text, e.g. '1/2'
    monotone = -1 if doc.get("monotone") == "decreasing" else 1
    try:
        g = transform(doc.get("transform"), space) if kind == "monotone_transform" else None
        identity = True
    except OrderTheoryError:  # a transform the whitelist cannot read: the ordering is still checked
        g, identity = None, False
    w = orderings.search_transform(X, Pi, I, g, monotone, seed=seed, size=size, identity=identity)
    if w is not None:
        j.wrong.append(f"importance {kind}: {w}")
    dom = doc.get("domain") or {}
    if dom.get("status") == "equal":
        j.checked += 1
        w = orderings.search_ranking_domain(X, Pi, I, seed=seed, size=size)
        if w is not None:
            j.wrong.append(f"importance domain: claimed equal, but {w}")
