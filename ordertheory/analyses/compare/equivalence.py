"""The catalogue's equivalence classes: scores that induce the same ordering ≲_X on Π (computed).

Two scores fall together only with a proof: the same ordering on Π ∩ dom(X) ∩ dom(Y)
(:func:`~ordertheory.analyses.compare.compare.compare_scores`: z3, or the importance derivation) *and*
equal domains on Π (z3), so that the induced preorders of Theorem 1 are equal — an equivalence,
hence one comparison with the class's first member suffices. Candidates come from a numeric
fingerprint (the float ranks of the scores on exact sample points of Π); scores in different
classes are separated by an exact witness re-validated without any solver, and the witness between
each two neighbouring classes (in catalogue order) is kept for the documents. Unresolved pairs
are reported, never guessed. The cost is bounded: a time limit per comparison and a total budget.

>>> from ordertheory.paper.table1 import setting
>>> r = catalogue_classes(setting("all"), ["f_beta_1", "jaccard", "accuracy", "error_rate"], timeout=20)
>>> [c.members for c in r.classes]
[('f_beta_1', 'jaccard'), ('accuracy',), ('error_rate',)]
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ordertheory.analyses.compare.compare import (
    Agreement,
    DomainWitness,
    PairWitness,
    classify,
    compare_scores,
    search_domain,
    search_pair,
)
from ordertheory.catalogue import all_entries, get
from ordertheory.engine.prove import Decider
from ordertheory.engine.result import Verdict
from ordertheory.engine.search import falsify
from ordertheory.errors import InvalidInput
from ordertheory.sets.performance_set import PerformanceSet


@dataclass(frozen=True)
class ScoreClass:
    """Scores proved to induce one preorder on Π; ``how`` says how each joined the first."""

    members: tuple[str, ...]
    how: tuple[str, ...]  # one entry per member after the first


@dataclass(frozen=True)
class Separation:
    """Why two classes differ: an exact pair ordered differently, or a performance in one domain only."""

    left: int
    right: int
    witness: PairWitness | DomainWitness | None  # None: not separated within the budget
    note: str = ""


@dataclass(frozen=True)
class Classes:
    """The classes of the catalogue on one Π, the neighbours' witnesses, and what stayed open."""

    Pi: PerformanceSet
    classes: tuple[ScoreClass, ...]
    neighbours: tuple[Separation, ...]
    separated_pairs: int  # pairs of classes separated by a validated witness
    open_pairs: tuple[tuple[str, str, str], ...]  # (slug, slug, reason) left undecided
    seconds: float

    def to_json(self) -> dict:
        return {"Pi": self.Pi.label, "classes": [list(c.members) for c in self.classes],
                "how": [list(c.how) for c in self.classes],
                "neighbours": [{"left": s.left + 1, "right": s.right + 1, "note": s.note,
                                "witness": None if s.witness is None else s.witness.to_json()} for s in self.neighbours],
                "separated_pairs": self.separated_pairs, "open_pairs": [list(p) for p in self.open_pairs]}


def _fingerprint(v: np.ndarray) -> tuple:
    """Domain mask and dense float ranks (ties within 1e-9 relative). NUMERIC: a candidate key only."""
    ok = ~np.isnan(v)
    x = v[ok]
    order = np.argsort(x, kind="stable")
    xs = x[order]
    new = np.r_[True, np.diff(xs) > 1e-9 * (1 + np.abs(xs[1:]))] if len(xs) else np.array([], bool)
    ranks = np.empty(len(xs), dtype=np.int64)
    ranks[order] = np.cumsum(new) - 1
    return (ok.tobytes(), ranks.tobytes())


def catalogue_classes(Pi: PerformanceSet, slugs=None, timeout: float = 10.0, budget: float = 300.0,
                      seed: int = 0, decider=None) -> Classes:
    """Group the two-class catalogue (or ``slugs``) into classes of equal induced orderings on Π.

    ``timeout`` bounds each comparison, ``budget`` the whole grouping (past it, the remaining
    candidates stay in classes of their own and are listed as open)."""
    t0 = time.perf_counter()
    slugs = list(slugs) if slugs is not None else [e.slug for e in all_entries("binary")]
    scores = {s: get(s).score(Pi.space) for s in slugs}
    smp = falsify.sample(Pi, None, 1500, seed)
    vals = {s: falsify.values(X, smp.coords) for s, X in scores.items()}
    prints = {s: _fingerprint(vals[s]) for s in slugs}
    own = decider is None
    decider = decider or Decider(timeout)
    members: list[list[str]] = []
    hows: list[list[str]] = []
    open_pairs: list[tuple[str, str, str]] = []
    try:
        for s in slugs:
            joined = False
            for k, cls in enumerate(members):
                rep = cls[0]
                if prints[rep] != prints[s]:
                    continue
                if time.perf_counter() - t0 > budget:
                    open_pairs.append((rep, s, "budget exhausted"))
                    continue
                c = compare_scores(scores[rep], scores[s], Pi, timeout=timeout, seed=seed, decider=decider,
                                   certificate=False)
                if c.kind is Agreement.SAME and c.domains.proved:
                    cls.append(s)
                    hows[k].append(f"{s}: " + ("importance derivation" if c.method.startswith("importance")
                                                else c.method))
                    joined = True
                    break
                if c.kind is Agreement.UNKNOWN or c.domains.verdict is Verdict.UNKNOWN:
                    open_pairs.append((rep, s, c.reason or c.domains.reason or "undecided"))
            if not joined:
                members.append([s])
                hows.append([])
        memo = {s: _Memo(X) for s, X in scores.items()}
        separated, neighbours, apart = _separations(members, memo, Pi, smp, vals, seed)
        # two classes no search separates may be one that the float fingerprints split (ties):
        # compared, and merged when the same ordering and equal domains are proved
        merged = False
        for a, b in apart:
            i, j = (next(k for k, m in enumerate(members) if x in m) for x in (a, b))
            if i == j or any({a, b} == {p, q} for p, q, _ in open_pairs):
                continue
            c = compare_scores(scores[a], scores[b], Pi, timeout=timeout, seed=seed, decider=decider,
                               certificate=False)
            if c.kind is Agreement.SAME and c.domains.proved:
                hows[i] += [f"{b}: " + ("importance derivation" if c.method.startswith("importance") else c.method),
                            *hows[j]]  # the others joined b (an equivalence: with a too)
                members[i] = sorted(members[i] + members[j], key=slugs.index)
                del members[j], hows[j]
                merged = True
            else:
                open_pairs.append((a, b, c.reason or c.domains.reason or "no separating witness found by the search"))
        if merged:
            separated, neighbours, apart = _separations(members, memo, Pi, smp, vals, seed)
        open_pairs += [(a, b, "no separating witness found by the search") for a, b in apart
                       if not any({a, b} == {p, q} for p, q, _ in open_pairs)]
    finally:
        if own:
            decider.close()
    classes = tuple(ScoreClass(tuple(m), tuple(h)) for m, h in zip(members, hows))
    return Classes(Pi, classes, tuple(neighbours), separated, tuple(open_pairs), time.perf_counter() - t0)


class _Memo:
    """A score whose exact domain test and value at each performance are computed once: the
    separating search meets the same sample points in many pairs of classes (measured on the
    full catalogue: most of a phase's time went to recomputing them)."""

    def __init__(self, score) -> None:
        self.score = score
        self._dom: dict = {}
        self._val: dict = {}

    def in_domain(self, P) -> bool:
        k = P.probabilities
        if k not in self._dom:
            self._dom[k] = self.score.in_domain(P)
        return self._dom[k]

    def value(self, P):
        k = P.probabilities
        if k not in self._val:
            self._val[k] = self.score.value(P)
        return self._val[k]

    def __getattr__(self, name: str):
        return getattr(self.score, name)


def _separations(members: list[list[str]], memo: dict, Pi, smp, vals: dict, seed: int):
    """(pairs of classes separated by a validated witness, the neighbours' separations, the pairs of
    representatives not separated)."""
    separated, neighbours, apart = 0, [], []
    for i in range(len(members)):
        for j in range(i + 1, len(members)):
            a, b = members[i][0], members[j][0]
            # only neighbours' witnesses are shown (the simplest of four); the others are counted,
            # and any validated witness will do: first the pairs adjacent in a's order (one pass)
            w = None if j == i + 1 else _adjacent_witness(memo[a], memo[b], Pi, smp, vals[a], vals[b])
            w = w or _separate(memo[a], memo[b], Pi, seed, (vals[a], vals[b]), 4 if j == i + 1 else 1)
            if w is None:
                apart.append((a, b))
            else:
                separated += 1
            if j == i + 1:
                neighbours.append(Separation(i, j, w, f"{a} vs {b}"))
    return separated, neighbours, apart


def _adjacent_witness(X, Y, Pi, smp, xv: np.ndarray, yv: np.ndarray, tries: int = 4):
    """A validated pair that X and Y order differently, among sample points adjacent in X's order:
    if Y is monotone along X's order (ties alike) the two orderings agree on the sample, so a
    disagreement, when there is one, shows between neighbours. The most convincing few (the
    float gaps NUMERIC, a candidate only) are re-validated exactly; None when none is."""
    ok = np.flatnonzero(~np.isnan(xv) & ~np.isnan(yv))
    if len(ok) < 2:
        return None
    order = ok[np.argsort(xv[ok], kind="stable")]
    dx, dy = np.diff(xv[order]), np.diff(yv[order])
    tol = 1e-9 * (1 + np.abs(xv[order][1:]) + np.abs(yv[order][1:]))
    gap = np.where(dx > tol, np.where(dy < -tol, np.minimum(dx, -dy), np.where(np.abs(dy) <= tol, dx / 4, -1.0)),
                   np.where(np.abs(dy) > tol, np.abs(dy) / 4, -1.0))  # discordant, then a tie in one only
    for h in np.argsort(-gap, kind="stable")[:tries]:
        if gap[h] <= 0:
            break
        try:
            w = classify(X, Y, Pi, smp.performance(int(order[h])), smp.performance(int(order[h + 1])), 1)
        except InvalidInput:  # a sign sympy cannot decide exactly (probits): not a witness
            continue
        if w is not None:
            return w
    return None


def _separate(X, Y, Pi, seed, values, enough: int = 4):
    """A validated reason why two representatives induce different preorders."""
    w = search_pair(X, Y, Pi, 1, seed, values=values, enough=enough)
    return w if w is not None else search_domain(X, Y, Pi, seed, values=values)


# --- rendering (deterministic: no run times) -----------------------------------------------------------------
def _vec(P) -> str:
    return "(" + ", ".join(str(p) for p in P.probabilities) + ")"


def witness_text(w: PairWitness | DomainWitness | None, x: str, y: str) -> str:
    """One line, plain ASCII apart from the score names: the witness between two representatives."""
    if w is None:
        return "not separated within the budget"
    if isinstance(w, DomainWitness):
        inside, outside = (x, y) if w.in_x else (y, x)
        return f"P = {_vec(w.P)} is in dom({inside}) but not in dom({outside})"
    x1, x2, y1, y2 = (str(v) for v in w.values)
    rel = {"discordant": ("<", ">"), "tie_in_x_only": ("=", "!="), "tie_in_y_only": ("<", "=")}[w.kind.value]
    return (f"{w.kind.value.replace('_', ' ')}: P1 = {_vec(w.P1)}, P2 = {_vec(w.P2)}; "
            f"{x}: {x1} {rel[0]} {x2}, {y}: {y1} {rel[1]} {y2}")


def classes_markdown(results: list[Classes], level: int = 3) -> str:
    """The classes of every Π as Markdown: a table per Π (headings of ``level``), then the
    neighbours' witnesses."""
    out = ["Scores of the two-class catalogue grouped by the preorder they induce on Π (Theorem 1): two scores "
           "share a class only when the same ordering on Π ∩ dom(X) ∩ dom(Y) and equal domains on Π are "
           "proved (the column says how the ordering was proved; the domains were proved equal by z3); classes are listed in catalogue order, and two neighbouring classes are separated by an exact "
           "witness (performances as (tn, fp, fn, tp)), re-validated without any solver.", ""]
    for r in results:
        out += [f"{'#' * level} Π = {r.Pi.label}", "", "| class | scores | proved by |", "|---|---|---|"]
        for k, c in enumerate(r.classes, 1):
            how = "; ".join(c.how) if c.how else "—"
            out.append(f"| {k} | {', '.join(c.members)} | {how} |")
        out += ["", "Witnesses between neighbouring classes:", ""]
        for s in r.neighbours:
            a, b = r.classes[s.left].members[0], r.classes[s.right].members[0]
            out.append(f"- {s.left + 1} / {s.right + 1} ({a} vs {b}): {witness_text(s.witness, a, b)}")
        n = len(r.classes)
        out += ["", f"{r.separated_pairs} of {n * (n - 1) // 2} pairs of classes separated by a validated witness; "
                f"{len(r.open_pairs)} pairs left open" + ("." if not r.open_pairs else ": " + "; ".join(
                    f"{a} / {b} ({why})" for a, b, why in r.open_pairs)), ""]
    return "\n".join(out)


_TEX = {"\\": r"\textbackslash{}", "_": r"\_", "&": r"\&", "%": r"\%", "#": r"\#", "$": r"\$", "{": r"\{",
        "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "<": "$<$", ">": "$>$",
        "—": "--", "Π": r"$\Pi$", "∩": r"$\cap$"}


def _tex(text: str) -> str:
    """Plain text as ASCII LaTeX ('!=' becomes ≠; any other non-ASCII character is spelled out)."""
    out = "".join(_TEX.get(c, c if ord(c) < 128 else f"[U+{ord(c):04X}]") for c in text)
    return out.replace("!=", r"$\neq$")


def classes_latex(results: list[Classes]) -> str:
    """The same content as :func:`classes_markdown`, as ASCII LaTeX (a longtable per Π:
    the preamble needs the longtable package)."""
    out = []
    for r in results:
        out += [rf"\paragraph{{Equivalence classes on $\Pi$ = {_tex(r.Pi.label)}}}", "",
                r"\begin{longtable}{rp{0.45\linewidth}p{0.4\linewidth}}", r"class & scores & proved by \\ \hline"]
        for k, c in enumerate(r.classes, 1):
            out.append(f"{k} & {_tex(', '.join(c.members))} & {_tex('; '.join(c.how) or '--')} \\\\")
        out += [r"\end{longtable}", "", r"\begin{itemize}"]
        for s in r.neighbours:
            a, b = r.classes[s.left].members[0], r.classes[s.right].members[0]
            out.append(rf"\item {s.left + 1} / {s.right + 1} ({_tex(a)} vs {_tex(b)}): "
                       + _tex(witness_text(s.witness, a, b)))
        out += [r"\end{itemize}", ""]
    return "\n".join(out)
