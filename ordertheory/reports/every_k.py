"""Section K of the supplementary material: statements about k-class scores for every number k.

For each k-class score of :data:`SCORES` and each Π — every performance, uniform class priors,
fixed class priors — what the package decides once for all k, with its argument step by step:

- **fit for every k ≥ 2** when the score is h(R_I) on Π with I in closed form
  (:func:`~ordertheory.fitness.classes.closed_importance.closed_importance`; the identity by sympy, k a symbol);
- **not fit for every k ≥ 3** when a counterexample on 3 classes (the general procedure) is carried
  to every k by an embedding (:mod:`~ordertheory.fitness.classes.lifts`) — stated, and the lifted
  witness re-validated exactly at k = :data:`VALIDATE_AT`;
- and, whatever the verdict, **test 1 for every k** by per-class bounds (four z3 queries on one
  class) and **domain closure for every k** by non-negative polynomials.

Each statement is deterministic (no times, sorted), with its SMT-LIB certificates.
"""

from __future__ import annotations

from ordertheory.catalogue.class_forms import FORMS
from ordertheory.engine.prove import Decider
from ordertheory.engine.result import Verdict, jsonable
from ordertheory.engine.witness import TestName
from ordertheory.fitness.classes.closed_importance import SETTING_TEXT, closed_importance
from ordertheory.fitness.classes.every_k_lemmas import bounds_shape, closure_argument, lemma_certificates
from ordertheory.fitness.classes.structured_check import (
    BOUNDS_REASON,
    CLOSURE_LEMMAS,
    LIFT_FROM,
    RI_LEMMAS,
    bounds_certificates,
    lifted_refutations,
)
from ordertheory.reports.model import DocumentStatement
from ordertheory.sets.class_pi import ClassPi

SCORES = ("multiclass_accuracy", "macro_recall", "micro_f1", "macro_f1", "macro_jaccard", "frequency_weighted_iou",
          "cohen_kappa_k", "mcc_k", "class_weighted_accuracy")
SETTINGS = ("all", "uniform", "priors")
VALIDATE_AT = 1000  # the lifted witnesses are re-validated exactly on this many classes
SECTION = "K"


def _pi(setting: str, k: int) -> ClassPi:
    return ClassPi.uniform(k) if setting == "uniform" else ClassPi.all(k)


def every_k_statements(timeout: float = 60.0) -> list[DocumentStatement]:
    """The statements of section K, in a stable order (score, then setting)."""
    return [st for slug in SCORES for st in score_statements(slug, timeout)]


def score_statements(slug: str, timeout: float = 60.0) -> list[DocumentStatement]:
    """One score's statements of section K (its closure, test 1, then each setting): an
    independent task of the paper job."""
    out: list[DocumentStatement] = []
    decider = Decider(timeout, tactics=(None,))
    try:
        form = FORMS[slug]
        X = form.at(VALIDATE_AT, [1] * VALIDATE_AT if form.weighted else None)
        lines = closure_argument(X)
        if lines is not None:
            out.append(DocumentStatement.of(f"K/{slug}/closure", SECTION, f"for every k ≥ 2 and every convex Π, "
                                 f"Π ∩ dom({slug}) is closed under mixtures", Verdict.PROVED,
                                 "lemma: closure for every k (non-negative polynomials)", steps=lines,
                                 smtlib=lemma_certificates(CLOSURE_LEMMAS)))
        certs = bounds_certificates(X, decider, lambda: timeout)
        if certs is not None:
            how = "prior-weighted mean" if bounds_shape(X).weighted else "mean"
            out.append(DocumentStatement.of(f"K/{slug}/test1", SECTION, f"for every k ≥ 2 and every Π, test 1 and Theorem "
                                 f"2's condition hold for {slug}", Verdict.PROVED,
                                 "lemma: per-class bounds for every k (z3 on one class)",
                                 steps=(BOUNDS_REASON.format(how=how) + ".",), smtlib=certs))
        for setting in SETTINGS:
            out.extend(_fitness(slug, setting, timeout))
    finally:
        decider.close()
    return out


def _fitness(slug: str, setting: str, timeout: float) -> list[DocumentStatement]:
    form = FORMS[slug]
    I = closed_importance(form, setting)
    text = f"for every k ≥ {{k}}, {slug} is fit for ranking on Π = {SETTING_TEXT[setting]}"
    if I is not None:
        return [DocumentStatement.of(f"K/{slug}/{setting}", SECTION, text.format(k=2), Verdict.PROVED,
                          f"lemma: ranking score for every k ({I.importance_text})", steps=I.argument(),
                          smtlib=lemma_certificates(RI_LEMMAS))]
    if setting == "priors" or form.weighted:  # no statement for every fixed prior vector
        return []
    X = form.at(VALIDATE_AT)
    found = [lf for lf in lifted_refutations(X, _pi(setting, VALIDATE_AT), (TestName.TEST1, TestName.TEST2, TestName.TEST3), timeout)
             if lf.every_k]
    if not found:
        return []
    lf = found[0]
    steps = lf.embedding.argument(slug) + tuple(
        f"{TestName(x.test).plain} on {LIFT_FROM} classes ({x.small.method}), lifted to k = {VALIDATE_AT}: violated exactly "
        f"({x.witness.violated}; values {', '.join(f'{k}: {v}' for k, v in x.witness.values.items())})"
        for x in found)
    return [DocumentStatement.of(f"K/{slug}/{setting}", SECTION, text.format(k=LIFT_FROM), Verdict.REFUTED,
                      f"counterexample on {LIFT_FROM} classes, {lf.embedding.kind} embedding into every k ≥ {LIFT_FROM}",
                      witness={x.test: jsonable(x.small.witness) for x in found}, steps=steps)]
