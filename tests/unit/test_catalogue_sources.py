"""The catalogue's sources: ≥ 150 entries, each with a source; every statistic written from counts
is homogeneous of degree 0 in them (a function of the performance, proved by the structure of its
formula); every excluded count formula really depends on n (an exact pair C, 2·C)."""

from fractions import Fraction

import sympy

from ordertheory.catalogue import (
    all_entries,
    averages,
    distance,
    get,
    information,
    powers,
    pycm_class,
    pycm_overall,
)
from ordertheory.catalogue.excluded import EXCLUDED, Reason
from ordertheory.catalogue.pycm_names import CLASS, DISTANCE, OVERALL
from ordertheory.spaces.sample_space import binary, multiclass

COUNT_MODULES = (distance, pycm_class, pycm_overall, information, powers, averages)


def degree(e: sympy.Expr) -> Fraction | None:
    """d with e(c·x) = c^d·e(x) for every c > 0, from the expression's structure; None when the
    structure does not show one (a constant added to counts, say). Sound rule by rule."""
    if e.is_number:
        return Fraction(0)
    if e.is_Symbol:
        return Fraction(1)
    if e.is_Add or isinstance(e, (sympy.Max, sympy.Min)):
        ds = {degree(a) for a in e.args if not (e.is_Add and a == 0)}
        if None in ds:
            return None
        nonconst = {degree(a) for a in e.args if not a.is_number}
        if len(nonconst) != 1:
            return None
        d = nonconst.pop()
        if e.is_Add and d != 0 and any(a.is_number for a in e.args):
            return None
        return d
    if e.is_Mul:
        ds = [degree(a) for a in e.args]
        return None if None in ds else sum(ds, Fraction(0))
    if e.is_Pow and e.exp.is_Rational:
        d = degree(e.base)
        return None if d is None else d * Fraction(int(e.exp.p), int(e.exp.q))
    if isinstance(e, sympy.Abs):
        return degree(e.args[0])
    if isinstance(e, sympy.log):
        return Fraction(0) if degree(e.args[0]) == 0 else None
    return None



def test_at_least_150_entries_with_sources():
    entries = all_entries()
    assert len(entries) >= 150
    assert all(e.source.strip() for e in entries)
    assert len({e.slug for e in entries}) == len(entries)


def test_count_formulas_are_functions_of_the_performance():
    checked = 0
    for module in COUNT_MODULES:
        for e in all_entries():
            if e.build.__module__ != module.__name__:
                continue
            space = binary() if e.kind == "binary" else multiclass(3)
            X = e.score(space)
            assert degree(X.expr) == 0, (e.slug, X.expr)
            checked += 1
    assert checked >= 100


def test_degree_rules():
    tp, fp = sympy.symbols("tp fp", positive=True)
    assert degree(tp / (tp + fp)) == 0
    assert degree((tp + 1) / (tp + fp)) is None  # PyCM's BaulieuV: a constant added to counts
    assert degree(sympy.sqrt(tp * fp) / tp) == 0
    assert degree(sympy.Max(tp, fp) / (tp + fp)) == 0


def test_excluded_count_formulas_depend_on_n():
    with_counts = [x for x in EXCLUDED if x.counts is not None]
    assert len(with_counts) >= 15
    for x in with_counts:
        w = x.witness()
        assert w is not None and w[1] != w[2], x.name
        assert x.reason is Reason.SAMPLE_COUNT


def test_every_pycm_statistic_is_held_or_excluded():
    import pytest

    pycm = pytest.importorskip("pycm")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cm = pycm.ConfusionMatrix(matrix={0: {0: 5, 1: 2}, 1: {0: 1, 1: 4}})
    excluded = {x.name for x in EXCLUDED}
    for key in cm.class_stat:
        assert key in CLASS or key in excluded or key == "PR", key  # PR is PRE under a second name
    for key in cm.overall_stat:
        assert key in OVERALL or key in excluded or key.startswith("SOA"), key
    for d in pycm.DistanceType:
        assert d.name in DISTANCE or d.name in excluded, d.name
    for slug in (*CLASS.values(), *OVERALL.values(), *DISTANCE.values()):
        get(slug)
