"""Do two scores rank alike? On Π (z3 / importance / exact witnesses), on finite test sets
(minimality checked by brute force), on a leaderboard (discordances checked by brute force)."""

import itertools
import json
import time
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ordertheory.analyses.compare.compare import (
    Agreement,
    DomainWitness,
    PairKind,
    _by_importance,
    compare_scores,
    exact_sign,
)
from ordertheory.analyses.compare.discordance import discordant_pairs
from ordertheory.analyses.compare.finite_sets import confusion_matrices, decide_at, smallest_disagreement
from ordertheory.analyses.compare.witness_search import _largest
from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.engine.prove import Decider
from ordertheory.exact import sign, to_fraction
from ordertheory.performances.performance import Performance
from ordertheory.sets.performance_set import all_performances, fixed_prior
from ordertheory.spaces.sample_space import binary
from tests.strategies import performances

OMEGA = binary()
DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "semantic_segmentation_74_models.json"


def S(slug):
    return get(slug).score()


@pytest.fixture(scope="module")
def decider():
    """One solver child for the module (each compare_scores call would otherwise start its own)."""
    d = Decider(30)
    yield d
    d.close()


def _sx_sy(X, Y, P1, P2):
    """Signs of X(P2) − X(P1) and Y(P2) − Y(P1), by sympy directly (independent of the module)."""
    return sign(X.exact_value(P2) - X.exact_value(P1)), sign(Y.exact_value(P2) - Y.exact_value(P1))


@pytest.mark.parametrize("x, y, prior, kind", [
    ("f1", "jaccard", None, Agreement.SAME),
    ("balanced_accuracy", "informedness", None, Agreement.SAME),
    ("accuracy", "error_rate", None, Agreement.REVERSED),
    ("balanced_accuracy", "accuracy", "1/2", Agreement.SAME),
])
def test_decided_by_z3(x, y, prior, kind, decider):
    Pi = fixed_prior(OMEGA, prior) if prior else all_performances(OMEGA)
    c = compare_scores(S(x), S(y), Pi, timeout=30, decider=decider)
    assert c.kind is kind and c.method == "z3"
    assert c.domains.proved  # equal domains on Π
    if kind is Agreement.REVERSED:  # 'same' refuted by an exact discordant pair
        w = c.same.witness
        assert w.kind is PairKind.DISCORDANT and _sx_sy(S(x), S(y), w.P1, w.P2) == (1, -1)


def test_mcc_and_kappa_differ_with_a_validated_pair(decider):
    X, Y = S("mcc"), S("cohen_kappa")
    c = compare_scores(X, Y, timeout=30, decider=decider)
    assert c.kind is Agreement.DIFFERENT
    w = c.witness
    assert w.kind is PairKind.DISCORDANT
    for P in (w.P1, w.P2):
        assert X.in_domain(P) and Y.in_domain(P)
    assert _sx_sy(X, Y, w.P1, w.P2) == (1, -1)  # X(P1) < X(P2) and Y(P1) > Y(P2), exactly
    r = c.reversed.witness  # and not reversed either
    assert _sx_sy(X, Y, r.P1, r.P2)[0] == _sx_sy(X, Y, r.P1, r.P2)[1]
    js = c.to_json()
    assert js["kind"] == "different" and "/" in json.dumps(js["witness"])  # check's layout: exact strings,
    assert set(js["witness"]["decimals"]) == set(js["witness"]["values"]) == {"X(P1)", "X(P2)", "Y(P1)", "Y(P2)"}


def test_domains_differ_and_are_shown(decider):
    X, Y = S("tpr"), S("f1")  # F1 is defined at fp = 1, TPR is not
    c = compare_scores(X, Y, timeout=30, decider=decider)
    w = c.domains.witness
    assert c.domains.refuted and isinstance(w, DomainWitness)
    assert X.in_domain(w.P) == w.in_x and Y.in_domain(w.P) == w.in_y and w.in_x != w.in_y


def test_importance_derivation_proves_same_and_reversed(decider):
    d, deadline = decider, time.perf_counter() + 60
    assert _by_importance(S("f1"), S("jaccard"), all_performances(OMEGA), deadline, d)[0] == 1
    sign_, how = _by_importance(S("accuracy"), S("error_rate"), all_performances(OMEGA), deadline, d)
    assert sign_ == -1 and how.startswith("importance derivation")
    assert _by_importance(S("f1"), S("accuracy"), all_performances(OMEGA), deadline, d) is None


# --- finite test sets ------------------------------------------------------------------------------------
def _brute(X, Y, n, positives=None):
    """(same, reversed) at n by checking every pair of n-sample matrices with Fractions/sympy."""
    pts = []
    for c in confusion_matrices(n, positives):
        P = Performance(OMEGA, tuple(Fraction(k, n) for k in c))
        if X.in_domain(P) and Y.in_domain(P):
            pts.append((X.exact_value(P), Y.exact_value(P)))
    same = rev = True
    for (x1, y1), (x2, y2) in itertools.combinations(pts, 2):
        sx, sy = sign(x2 - x1), sign(y2 - y1)
        same &= sx == sy
        rev &= sx == -sy
    return same, rev


@pytest.mark.parametrize("x, y, positives", [("informedness", "cohen_kappa", None), ("mcc", "cohen_kappa", 5)])
def test_smallest_n_is_minimal_by_brute_force(x, y, positives):
    X, Y = S(x), S(y)
    r = smallest_disagreement(X, Y, 12, positives, timeout=30)
    assert r.kind is Agreement.DIFFERENT and r.smallest is not None
    n = r.smallest.n
    for m in range(max(1, positives or 1), n):
        assert any(_brute(X, Y, m, positives)), m  # same or reversed at every smaller m
    assert _brute(X, Y, n, positives) == (False, False)
    w = r.smallest.same  # the two confusion matrices, validated independently
    sx, sy = _sx_sy(X, Y, w.P1, w.P2)
    assert sx != sy and all(p * n == int(p * n) for P in (w.P1, w.P2) for p in P.probabilities)
    if positives is not None:
        assert all((P["fn"] + P["tp"]) * n == positives for P in (w.P1, w.P2))


@pytest.mark.parametrize("x, y", [("accuracy", "balanced_accuracy"), ("f1", "mcc"), ("accuracy", "error_rate"),
                                  ("tpr", "ppv"), ("f1", "jaccard"), ("g_mean", "balanced_accuracy")])
def test_sorting_decision_matches_brute_force(x, y):
    X, Y = S(x), S(y)
    for n in (2, 3, 4):
        a = decide_at(X, Y, n)
        assert (a.same is None, a.reversed is None) == _brute(X, Y, n), n


def test_same_scores_agree_on_every_test_set():
    r = smallest_disagreement(S("f1"), S("jaccard"), 10, timeout=30)
    assert r.kind is Agreement.SAME and r.checked == 10 and "enumeration" in r.proof


# --- leaderboard -------------------------------------------------------------------------------------------
def _rows(k=None):
    if not DATA.is_file():
        pytest.skip("shared leaderboard data absent")
    rows = json.loads(DATA.read_text())[:k]
    return [(r["filename"], Performance.from_counts(OMEGA, [to_fraction(r[f"proba_{o}"])
                                                             for o in ("tn", "fp", "fn", "tp")])) for r in rows]


@pytest.mark.parametrize("x, y, k", [("accuracy", "f1", 40), ("balanced_accuracy", "accuracy", 40),
                                     ("mcc", "cohen_kappa", 25)])
def test_leaderboard_discordances_by_brute_force(x, y, k):
    from scipy.stats import kendalltau

    X, Y = S(x), S(y)
    ents = _rows(k)
    r = discordant_pairs(X, Y, ents)
    vals = [(X.exact_value(P), Y.exact_value(P)) for _, P in ents]
    brute = {frozenset((ents[i][0], ents[j][0])) for i, j in itertools.combinations(range(len(ents)), 2)
             if sign(vals[j][0] - vals[i][0]) * sign(vals[j][1] - vals[i][1]) < 0}
    assert r.discordant == len(brute) == len(r.pairs) > 0
    assert {frozenset((p.first, p.second)) for p in r.pairs} == brute
    for p in r.pairs:
        assert exact_sign(*p.x) == 1 and exact_sign(*p.y) == -1
    fx, fy = [float(v[0]) for v in vals], [float(v[1]) for v in vals]
    assert r.tau_b == pytest.approx(kendalltau(fx, fy).statistic, abs=1e-12)


def test_leaderboard_ties_are_not_discordances():
    perf = lambda c: Performance.from_counts(OMEGA, c)
    ents = [("a", perf([5, 1, 2, 2])), ("b", perf([5, 2, 1, 2])), ("c", perf([4, 0, 1, 5]))]
    r = discordant_pairs(S("accuracy"), S("tpr"), ents)  # a and b: same accuracy, different TPR
    assert r.ties_x == 1 and r.discordant == 0 and r.concordant == 2


# --- CLI -----------------------------------------------------------------------------------------------------
def test_cli_exit_codes_and_json(capsys):
    assert main(["compare", "accuracy", "error_rate", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "reversed" and out["ordertheory_version"] and out["X"] == {"score": "accuracy", "formula": "tn + tp"}
    assert out["verdict"] == "proved"
    assert out["method"] == "z3" and out["Pi"] == "all"
    assert main(["compare", "mcc", "cohen_kappa", "--samples", "8", "--positives", "5", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["smallest_n"] == 7 and out["witness"]["counts1"] and out["kind"] == "different"
    assert main(["compare", "f1", "jaccard", "--timeout", "0.05"]) == 3  # no time for a proof: unknown
    assert main(["compare", "f1", "tp/(tn", "--json"]) == 2
    assert main(["compare", "f1", "jaccard", "--positives", "3"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err


def test_cli_leaderboard(capsys):
    if not DATA.is_file():
        pytest.skip("shared leaderboard data absent")
    assert main(["compare", "accuracy", "f1", "--leaderboard", str(DATA), "--json", "--list-pairs"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["entities"] == 74 and out["discordant"] == len(out["discordant_pairs"]) > 0
    assert main(["compare", "f1", "jaccard", "--leaderboard", str(DATA)]) == 0


def test_z3_counter_models_are_decoded_and_validated(decider):
    from ordertheory.analyses.compare.compare import _decide, domain_query, order_query

    X, Y, Pi, d = S("accuracy"), S("f1"), all_performances(OMEGA), decider
    r = _decide(d, order_query(X, Y, Pi, 1), time.perf_counter() + 20, 1, 1, X, Y, Pi)
    assert r.refuted and "validated exactly" in r.method
    sx, sy = _sx_sy(X, Y, r.witness.P1, r.witness.P2)
    assert sx != sy
    r = _decide(d, domain_query(X, Y, Pi), time.perf_counter() + 20, 1, None, X, Y, Pi)
    assert r.refuted and X.in_domain(r.witness.P) != Y.in_domain(r.witness.P)


@settings(max_examples=25, deadline=None)
@given(st.lists(performances(), min_size=2, max_size=9),
       st.sampled_from([("accuracy", "f1"), ("tpr", "ppv"), ("balanced_accuracy", "accuracy"), ("ptp", "tpr")]))
def test_random_leaderboards_match_brute_force(perfs, pair):
    """Exact counts of concordant, discordant and tied pairs (ties coming from small counts)."""
    X, Y = S(pair[0]), S(pair[1])
    ents = [(f"e{i}", P) for i, P in enumerate(perfs)]
    r = discordant_pairs(X, Y, ents)
    kept = [P for P in perfs if X.in_domain(P) and Y.in_domain(P)]
    assert r.entities == len(kept) and len(r.excluded) == len(perfs) - len(kept)
    signs = [(exact_sign(X.value(a), X.value(b)), exact_sign(Y.value(a), Y.value(b)))
             for a, b in itertools.combinations(kept, 2)]
    assert r.discordant == sum(sx * sy < 0 for sx, sy in signs)
    assert r.concordant == sum(sx * sy > 0 for sx, sy in signs)
    assert (r.ties_x, r.ties_y) == (sum(sx == 0 for sx, _ in signs), sum(sy == 0 for _, sy in signs))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([-1.0, 0.0, 1e-10, 0.125, 0.25, 0.5, 0.75, 1.0]) | st.floats(-1, 1), min_size=1,
                max_size=60), st.integers(1, 10))
def test_largest_is_the_full_sorts_prefix(vals, k):
    """What the witness search reads of the k largest strengths (those above 1e-9, in order) is
    exactly what a stable np.argsort(-v)[:k] gives, ties included (they fall back to the full sort)."""
    import numpy as np

    v = np.array(vals)
    shown = [int(h) for h in _largest(v, k) if v[h] > 1e-9]
    assert shown == [int(h) for h in np.argsort(-v, kind="stable")[:k] if v[h] > 1e-9]


def test_leaderboard_comparison_names_the_entities_left_out(tmp_path, capsys):
    from ordertheory.cli import main

    lb = tmp_path / "lb.csv"  # c predicts no positive: PPV is undefined there
    lb.write_text("name,tn,fp,fn,tp\na,5,1,1,3\nb,4,2,1,3\nc,6,0,4,0\n")
    assert main(["compare", "ppv", "tpr", "--leaderboard", str(lb)]) in (0, 1)
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("2 entities compared; 1 outside dom(X) or dom(Y), left out: c;"), first
