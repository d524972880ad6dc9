"""Lemmas 1–12 (A.2.4), rules (7)–(14) (A.2.3) and the 4-case trichotomy, proved with z3.

≲ is an uninterpreted relation ``le`` over an abstract sort of performances; ∼, <, >, ⋈ and ≳ are
derived from it exactly as eqs. (1)–(6). Each statement is proved from "≲ is a preorder"; it is
also tried from reflexivity alone and from transitivity alone, where z3's counter-models (finite
relation tables) show which property each lemma needs.

>>> r = {x.id: x for x in check_lemmas(timeout=10)}
>>> r["lemma-7"].verdict.label, r["lemma-7"].mathlib
('proved', 'lt_trans')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ordertheory.encoding.z3_backend import Env
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.sanity import trivial_preorder
from ordertheory.theory.lemma_statements import LEMMAS
from ordertheory.theory.order import AbstractVocabulary, abstract_vocabulary

Vocabulary = AbstractVocabulary


SORT = "Performance"  # the abstract sort of performances (its elements are a counter-model's)


def vocabulary(env: Env) -> AbstractVocabulary:
    return abstract_vocabulary(env, SORT)


@dataclass(frozen=True)
class LemmaStatement:
    """One order-theory statement, stated once: id, words, reference, mathlib name, its claim as a
    statement about named elements (``formula``, read by :mod:`ordertheory.theory.readable.lemma_proofs`
    for the readable proof; eq. (6) defines ≳, eq. (5) rebuilds ≲) and the same claim in z3 (the
    tests check with z3 that the two say the same for every relation ≲)."""

    id: str
    text: str
    reference: str
    mathlib: str
    formula: str  # the claim about a, b, c in the syntax of ``ordertheory prove`` (its readable proof's statement)
    claim: Callable[[Vocabulary, object, object, object], object]  # (V, p1, p2, p3) -> formula
    needs: str = "preorder"


def _forall(V: Vocabulary, claim) -> object:
    p1, p2, p3 = V.env.Consts("p1 p2 p3", V.sort)
    return V.env.ForAll([p1, p2, p3], claim(V, p1, p2, p3))


def _imp(V, a, b):
    return V.env.Implies(a, b)


def _or(V, *a):
    return V.env.Or(*a)


def _and(V, *a):
    return V.env.And(*a)


# each statement's claim in z3, by id: the words, reference, mathlib name and readable form are
# stated once, in :mod:`ordertheory.theory.lemma_statements`
CLAIMS: dict[str, Callable[[Vocabulary, object, object, object], object]] = {
    "lemma-1":
        lambda V, a, b, c: V.sim(a, a),
    "lemma-2":
        lambda V, a, b, c: _imp(V, _and(V, V.sim(a, b), V.sim(b, c)), V.sim(a, c)),
    "lemma-3":
        lambda V, a, b, c: _imp(V, V.sim(a, b), V.sim(b, a)),
    "lemma-4":
        lambda V, a, b, c: V.gt(a, b) == V.lt(b, a),
    "lemma-5":
        lambda V, a, b, c: _and(V, V.env.Not(V.gt(a, a)), V.env.Not(V.lt(a, a))),
    "lemma-6":
        lambda V, a, b, c: _and(V, V.env.Not(_and(V, V.gt(a, b), V.gt(b, a))),
                                V.env.Not(_and(V, V.lt(a, b), V.lt(b, a)))),
    "lemma-7":
        lambda V, a, b, c: _and(V, _imp(V, _and(V, V.gt(a, b), V.gt(b, c)), V.gt(a, c)),
                                _imp(V, _and(V, V.lt(a, b), V.lt(b, c)), V.lt(a, c))),
    "lemma-8":
        lambda V, a, b, c: V.env.Not(V.inc(a, a)),
    "lemma-9":
        lambda V, a, b, c: _imp(V, V.inc(a, b), V.inc(b, a)),
    "lemma-10":
        lambda V, a, b, c: V.ge(a, b) == V.leq(b, a),
    "lemma-11":
        lambda V, a, b, c: _and(V, V.le(a, a), V.ge(a, a)),
    "lemma-12":
        lambda V, a, b, c: _and(V, _imp(V, _and(V, V.le(a, b), V.le(b, c)), V.le(a, c)),
                                _imp(V, _and(V, V.ge(a, b), V.ge(b, c)), V.ge(a, c))),
    "rule-7":
        lambda V, a, b, c: _imp(V, _and(V, V.sim(a, b), V.sim(b, c)), V.sim(a, c)),
    "rule-8":
        lambda V, a, b, c: _imp(V, _and(V, V.gt(a, b), V.gt(b, c)), V.gt(a, c)),
    "rule-9":
        lambda V, a, b, c: _imp(V, _and(V, V.lt(a, b), V.lt(b, c)), V.lt(a, c)),
    "rule-10":
        lambda V, a, b, c: _imp(V, _or(V, _and(V, V.sim(a, b), V.gt(b, c)),
                                       _and(V, V.gt(a, b), V.sim(b, c))), V.gt(a, c)),
    "rule-11":
        lambda V, a, b, c: _imp(V, _or(V, _and(V, V.sim(a, b), V.lt(b, c)),
                                       _and(V, V.lt(a, b), V.sim(b, c))), V.lt(a, c)),
    "rule-12":
        lambda V, a, b, c: _imp(V, _or(V, _and(V, V.sim(a, b), V.inc(b, c)),
                                       _and(V, V.inc(a, b), V.sim(b, c))), V.inc(a, c)),
    "rule-13":
        lambda V, a, b, c: _imp(V, _or(V, _and(V, V.inc(a, b), V.gt(b, c)),
                                       _and(V, V.gt(a, b), V.inc(b, c))),
                                _or(V, V.gt(a, c), V.inc(a, c))),
    "rule-14":
        lambda V, a, b, c: _imp(V, _or(V, _and(V, V.inc(a, b), V.lt(b, c)),
                                       _and(V, V.lt(a, b), V.inc(b, c))),
                                _or(V, V.lt(a, c), V.inc(a, c))),
    "four-cases":
        lambda V, a, b, c: _exactly_one(V, [V.lt(a, b), V.sim(a, b), V.gt(a, b), V.inc(a, b)]),
    "converse-derived":
        lambda V, a, b, c: V.le(a, b) == V.leq(a, b),
}

STATEMENTS: tuple[LemmaStatement, ...] = tuple(
    LemmaStatement(t.id, t.text, t.reference, t.mathlib, t.formula, CLAIMS[t.id]) for t in LEMMAS)


def _exactly_one(V: Vocabulary, cases: list) -> object:
    env = V.env
    at_least = env.Or(*cases)
    at_most = env.And(*[env.Not(env.And(cases[i], cases[j]))
                        for i in range(len(cases)) for j in range(i + 1, len(cases))])
    return env.And(at_least, at_most)


ASSUMPTIONS = {
    "preorder": ("reflexive", "transitive"),
    "reflexive only": ("reflexive",),
    "transitive only": ("transitive",),
    "nothing": (),
}


def obligation(st: LemmaStatement, assume: str = "preorder") -> Obligation:
    """The obligation "assume ⇒ statement" for one of the ASSUMPTIONS keys."""
    props = ASSUMPTIONS[assume]

    def build(env: Env):
        V = vocabulary(env)
        hyps = [getattr(V, p)() for p in props]
        return hyps, _forall(V, st.claim)

    def decode(model) -> dict:
        elems = model.universe(SORT)
        names = [f"e{i}" for i in range(len(elems))]
        le = model.table("le")
        table = {f"{names[i]} ≲ {names[j]}": bool(le.get((a, b), False))
                 for i, a in enumerate(elems) for j, b in enumerate(elems)}
        return {"elements": names, "le": table}

    suffix = "" if assume == "preorder" else f" [{assume}]"
    return Obligation(
        st.id + ("" if assume == "preorder" else "@" + assume.replace(" ", "-")),
        f"when ≲ is {'a preorder' if assume == 'preorder' else assume.replace(' only', '') + ' only'}, "
        f"{st.text}{suffix}",
        build, st.reference, st.mathlib, decode, sanity=trivial_preorder,
    )


@dataclass(frozen=True)
class LemmaResult:
    """A statement's result under the preorder assumption, and what fails without each property."""

    id: str
    text: str
    reference: str
    mathlib: str
    result: Result
    without: dict[str, Result]

    @property
    def verdict(self) -> Verdict:
        return self.result.verdict

    @property
    def needs(self) -> list[str]:
        """The properties of ≲ that the statement needs (those whose absence refutes it)."""
        out = []
        if self.without["transitive only"].refuted:
            out.append("reflexivity")
        if self.without["reflexive only"].refuted:
            out.append("transitivity")
        return out

    def to_json(self) -> dict:
        return {
            "id": self.id, "statement": self.text, "reference": self.reference,
            "mathlib": self.mathlib, "verdict": self.verdict.label,
            "seconds": round(self.result.seconds, 4), "needs": self.needs,
            "counter_models": {k: r.witness for k, r in self.without.items() if r.refuted},
        }


def check_lemmas(timeout: float = 10.0) -> list[LemmaResult]:
    """Prove every statement from the preorder axioms, and probe the weaker assumptions."""
    out = []
    for st in STATEMENTS:
        main = prove(obligation(st), timeout)
        without = {k: prove(obligation(st, k), timeout) for k in ("reflexive only", "transitive only")}
        out.append(LemmaResult(st.id, st.text, st.reference, st.mathlib, main, without))
    return out
