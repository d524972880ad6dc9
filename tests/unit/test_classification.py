"""The classification of a score per setting and per entry (issue 31): a ranking score with its
place on the Tile, a transform (increasing, or a loss), not fit with an exact witness that
re-validates, fit only under a constraint; and how cells make an entry's class."""

import pytest

from ordertheory.analyses.classification import (
    Category,
    Classified,
    EntryClass,
    categorise,
    classify_cell,
    summarise,
)
from ordertheory.catalogue import get
from ordertheory.engine.result import Result, Verdict
from ordertheory.engine.witness import mixture_violation
from ordertheory.sets.settings import setting
from ordertheory.spaces.sample_space import binary


@pytest.mark.slow
def test_ranking_score_loss_and_fixed_rate_transform():
    f1 = classify_cell("f_beta_1", "all", timeout=30)
    assert f1.category is Category.RANKING_SCORE and f1.tile == {"a": "1", "b": "1/2"}
    err = classify_cell("error_rate", "all", timeout=30)
    assert err.category is Category.LOSS and err.tests["test1"].refuted  # a loss fails Axiom 2
    mk = classify_cell("markedness", "rate=0.2", timeout=30)
    assert mk.category is Category.TRANSFORM and mk.tile == {"a": "4/5", "b": "1/5"}  # (1 − τ, τ)


@pytest.mark.slow
def test_not_fit_carries_a_witness_that_revalidates():
    c = classify_cell("yule_q", "all", timeout=30)
    assert c.category is Category.NOT_FIT and c.verdict is Verdict.REFUTED
    t = next(t for t in ("test1", "test2", "test3") if c.tests[t].refuted)
    w = c.tests[t].witness
    if t != "test1":  # a mixture test's witness: re-checked here in exact arithmetic
        assert mixture_violation(get("yule_q").score(), setting(binary(), "all"), w["P1"], w["P2"], w["lambda"],
                                 1 if t == "test2" else -1)


def _cell(slug, st, cat):
    r = Result("test1", "", Verdict.PROVED)
    return Classified(slug, st, cat, {"test1": r, "test2": r, "test3": r}, None, cat.value, 0.0)


def test_entry_classes():
    s = {x.slug: x for x in summarise([
        _cell("a", "all", Category.RANKING_SCORE), _cell("a", "0.2", Category.RANKING_SCORE),
        _cell("b", "all", Category.NOT_FIT), _cell("b", "0.2", Category.TRANSFORM), _cell("b", "rate=0.2", Category.NOT_FIT),
        _cell("c", "all", Category.NOT_FIT), _cell("c", "0.2", Category.CONSTANT),
        _cell("d", "all", Category.NOT_FIT), _cell("d", "0.2", Category.UNKNOWN),
        _cell("e", "all", Category.LOSS)])}
    assert s["a"].klass is EntryClass.RANKING_SCORE
    assert s["b"].klass is EntryClass.CONSTRAINED and "0.2" in s["b"].detail and "rate" not in s["b"].detail
    assert s["c"].klass is EntryClass.NOT_FIT  # constant at a fixed prior is no reason to rank with it
    assert s["d"].klass is EntryClass.UNKNOWN and "0.2" in s["d"].detail
    assert s["e"].klass is EntryClass.TRANSFORM


def test_no_derivation_and_undecided_tests_is_unknown_with_the_sub_case():
    r = Result("t", "", Verdict.UNKNOWN, reason="z3 timeout")
    from ordertheory.fitness.report import ScoreReport

    rep = ScoreReport(get("mcc").score(), setting(binary(), "all"), {"test1": r, "test2": r, "test3": r})
    cat, detail = categorise(rep, None)
    assert cat is Category.UNKNOWN and "z3 timeout" in detail and "no answer in time" in detail


def test_an_entry_labelled_ranking_score_has_an_importance_derived():
    """The summary's label follows what was derived: tests 1–3 proved with no importance derived
    (accuracy_at_coverage on selective:2) is "fit, no importance derived", never "ranking score"."""
    s = {x.slug: x for x in summarise([
        _cell("fit", "all", Category.FIT), _cell("fit", "0.2", Category.RANKING_SCORE),
        _cell("const", "all", Category.CONSTANT), _cell("rs", "all", Category.RANKING_SCORE)])}
    assert s["fit"].klass is EntryClass.FIT and s["fit"].klass.value == "fit for ranking, no importance derived"
    assert s["const"].klass is EntryClass.CONSTANT
    assert s["rs"].klass is EntryClass.RANKING_SCORE
    assert all(x.klass is not EntryClass.RANKING_SCORE or x.cells[0].category is Category.RANKING_SCORE
               for x in s.values())
