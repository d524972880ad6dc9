"""The k-class structured check gives every proved test a sparse sanity model (issue 34).

A lemma "for every k" proves a test without asking whether its assumptions can hold at this k;
:mod:`ordertheory.fitness.classes.class_sanity` adds an exact point where they do — k cells, never k² —
re-validated without any solver by the structured score's own evaluation and Π's priors. A
tampered model is rejected, and a Π that empties the domain is never "fit for ranking".
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from ordertheory.catalogue.class_forms import class_weighted_accuracy, form_of
from ordertheory.cli import main
from ordertheory.engine.result import Verdict, jsonable
from ordertheory.engine.sanity import Sanity, SanityKind
from ordertheory.fitness.classes.class_sanity import from_json, revalidate, sanity_of
from ordertheory.fitness.classes.structured_check import check_classes
from ordertheory.performances.sparse_performance import SparsePerformance
from ordertheory.sets.class_pi import ClassPi

TESTS = ("test1", "test2", "test3", "theorem2_condition", "domain_closed")


def _pis(k: int) -> dict[str, ClassPi]:
    n = k * (k + 1) // 2
    return {"all": ClassPi.all(k), "uniform": ClassPi.uniform(k),
            "priors": ClassPi.fixed([Fraction(c + 1, n) for c in range(k)])}


CASES = [("macro_recall", "uniform"), ("macro_recall", "priors"), ("multiclass_accuracy", "all"),
         ("micro_f1", "priors"), ("micro_jaccard", "all"), ("cwa", "priors")]


def _score(slug: str, k: int):
    return class_weighted_accuracy([c % 3 for c in range(k)]) if slug == "cwa" else form_of(slug).at(k)


@pytest.mark.parametrize("k", [3, 1000])
@pytest.mark.parametrize(("slug", "setting"), CASES)
def test_every_proved_test_has_a_sanity_model_that_revalidates(k, slug, setting):
    X, Pi = _score(slug, k), _pis(k)[setting]
    rep = check_classes(X, Pi, timeout=20)
    proved = [t for t, r in rep.tests.items() if r.verdict is Verdict.PROVED]
    assert proved, rep
    assert rep.domain is not None and rep.domain.kind is SanityKind.MODEL
    for t in proved:
        s = rep.tests[t].sanity
        assert s is not None and s.kind is SanityKind.MODEL, (t, s)
        assert revalidate(X, Pi, t, s), (t, s)
        assert revalidate(X, Pi, t, from_json(k, jsonable(s))), t  # as check --json writes it
        sparse = [v for v in s.model.values() if isinstance(v, SparsePerformance)]
        assert all(P.nnz <= 2 * k for P in sparse)  # linear in the support, never k² cells


def _diagonal(k: int, weights=None) -> SparsePerformance:
    w = weights or [1] * k
    return SparsePerformance.from_cells(k, [(c, c, x) for c, x in enumerate(w)])


@pytest.mark.parametrize("k", [3, 1000])
def test_a_tampered_model_is_rejected(k):
    X, Pi = form_of("macro_recall").at(k), ClassPi.uniform(k)
    good = sanity_of(X, Pi, "test2")
    assert revalidate(X, Pi, "test2", good)
    D = _diagonal(k)
    skewed = _diagonal(k, [2] + [1] * (k - 1))  # not Π's priors
    off = SparsePerformance.from_cells(k, [(c, (c + 1) % k, 1) for c in range(k)])  # S = 0 everywhere
    bad = [("test2", {"P1": skewed, "P2": D, "lambda": Fraction(1, 2)}),  # P1 ∉ Π
           ("test2", {"P1": D, "P2": D, "lambda": Fraction(2)}),  # λ ∉ [0, 1]
           ("test2", {"P1": D, "P2": D}),  # λ missing
           ("test1", {"s": Fraction(1), "P1": D, "P2": off}),  # P2(S ≥ 1) = 0
           ("test1", {"s": Fraction(0), "P1": D, "P2": D}),  # P1(S ≤ 0) = 0
           ("test1", {"s": Fraction(1, 2), "P1": D, "P2": D}),  # not a level
           ("theorem2_condition", {"event": ["S = 1 (the diagonal)"], "P": off}),  # P(E) = 0
           ("theorem2_condition", {"event": ["y0_p0"], "P": D})]  # P(E) < 1
    for test, model in bad:
        assert not revalidate(X, Pi, test, Sanity(SanityKind.MODEL, model, "tampered")), (test, model)
    assert not revalidate(X, Pi, "test2", Sanity(SanityKind.UNDECIDED, {}, "none"))
    Xa, all_ = form_of("macro_recall").at(k), ClassPi.all(k)  # class 0 absent: its recall is undefined
    gap = SparsePerformance.from_cells(k, [(c, c, 1) for c in range(1, k)])
    assert not revalidate(Xa, all_, "test3", Sanity(SanityKind.MODEL, {"P1": gap, "P2": gap, "lambda": 0}, ""))


def test_check_on_1000_classes_shows_each_model_compactly_and_in_json(capsys):
    argv = ["check", "macro_recall", "--space", "multiclass:1000", "--prior", "uniform"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "sanity undecided" not in out and out.count("      assumptions satisfiable at ") == len(TESTS)
    assert "the diagonal at the priors (1000 cells)" in out and max(map(len, out.splitlines())) < 300
    assert main([*argv, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    X, Pi = form_of("macro_recall").at(1000), ClassPi.uniform(1000)
    assert doc["fit_for_ranking"] is True and doc["domain_sanity"]["kind"] == "model"
    for t in TESTS:
        assert doc[t]["sanity"]["kind"] == "model"
        assert revalidate(X, Pi, t, from_json(1000, doc[t]["sanity"]))


def test_a_pi_that_empties_the_domain_is_never_fit_for_ranking(capsys):
    """The structured path takes no such Π (priors are positive, constraints are refused on many
    classes): a zero prior is bad input there, and on 3 classes the general procedure says vacuous."""
    zero = ",".join(["0"] + ["1/999"] * 999)
    code = main(["check", "macro_recall", "--space", "multiclass:1000", "--prior", zero])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "positive class priors" in err
    code = main(["check", "macro_recall", "--space", "multiclass:3", "--constraint", "y0_p0+y0_p1+y0_p2==0",
                 "--timeout", "20", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 2 and doc["vacuous"] is True and doc["fit_for_ranking"] is None
    assert all(doc[t]["sanity"]["kind"] == "vacuous" for t in TESTS)
