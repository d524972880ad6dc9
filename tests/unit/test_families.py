"""The Tile's questions inside families of importances on k classes: the reductions keep every
order (macro-micro: the very values), witnesses are normalised members re-checked on the leaderboard,
class weights on two classes are the Tile's diagonal (the hull), an entity can win with free cell
weights and not with class weights, and the digits leaderboard of seven scikit-learn classifiers."""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction

import numpy as np
import pytest

from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.performances.performance import Importance
from ordertheory.ranking import read_leaderboard
from ordertheory.ranking.tile_k.families import Family, projection, reduce
from ordertheory.ranking.tile_k.rechecks import values
from ordertheory.ranking.winners import Outcome, rank_ranges, winners

F = Fraction
HEAD3 = ",".join(f"y{i}_p{j}" for i in range(3) for j in range(3))


def lb3(rows: list[str]):
    return read_leaderboard(io.StringIO(f"entity,{HEAD3}\n" + "\n".join(rows) + "\n"))


def random_k(rng: random.Random, n: int, k: int = 3, per: int = 4):
    """n entities on one test set of ``per`` samples per class (one class prior)."""
    rows = []
    for e in range(n):
        cells = []
        for i in range(k):
            row = [0] * k
            for _ in range(per):
                row[i if rng.random() < 0.6 else rng.randrange(k)] += 1
            cells += row
        rows.append(f"E{e}," + ",".join(map(str, cells)))
    head = ",".join(f"y{i}_p{j}" for i in range(k) for j in range(k))
    return read_leaderboard(io.StringIO(f"entity,{head}\n" + "\n".join(rows) + "\n"))


def test_an_entity_wins_with_free_weights_but_not_with_class_weights():
    # C's recalls (0.6, 0.6, 0.4) are below ½A + ½B = (0.75, 0.75, 0.5); but C never errs as A does on
    # class 1 nor as B does on class 0, so an importance on those two errors makes R_C = 1 > R_A, R_B
    lb = lb3(["A,10,0,0,5,5,0,5,0,5", "B,5,0,5,0,10,0,0,5,5", "C,6,4,0,0,6,4,6,0,4"])
    free = {a.entity: a for a in winners(lb).answers}
    fam = {a.entity: a for a in winners(lb, family="class-weights").answers}
    assert free["C"].outcome is Outcome.WINS
    assert fam["C"].outcome is Outcome.NEVER and fam["A"].outcome is Outcome.WINS and fam["B"].outcome is Outcome.WINS


def test_witnesses_are_normalised_members_rechecked_on_the_leaderboard():
    rng = random.Random(4)
    for family in ("class-weights", "per-class-errors", "symmetric-costs", "macro-micro"):
        for _ in range(3):
            lb = random_k(rng, rng.randint(2, 5))
            perfs = lb.performances
            for e, a in enumerate(winners(lb, family=family).answers):
                assert a.outcome is not Outcome.UNKNOWN, a.certificate
                if a.outcome is Outcome.NEVER:
                    continue
                w = dict(a.weights)
                if family == "macro-micro":
                    assert set(w) == {"a", "b"} and all(0 <= v <= 1 for v in w.values())
                else:  # the weights (costs) sum to 1; a shared success weight is 1
                    assert sum(v for k, v in w.items() if k != "successes") == 1 and all(v > 0 for v in w.values())
                v = values(lb, a.importance)  # the printed member, evaluated exactly
                assert v[e] is not None and all(x is None or x <= v[e] for x in v)
                level = [j for j, x in enumerate(v) if j != e and x == v[e]]
                assert (a.outcome is Outcome.WINS) == all(perfs[j] == perfs[e] for j in level)


def test_class_weights_on_two_classes_are_the_tiles_diagonal():
    rng = random.Random(6)
    for _ in range(15):
        pos, neg = rng.randint(1, 4), rng.randint(1, 4)
        rows = [(rng.randint(0, neg), rng.randint(0, pos)) for _ in range(rng.randint(2, 7))]
        lb = read_leaderboard(io.StringIO("entity,tn,fp,fn,tp\n" + "\n".join(
            f"E{i},{neg - f},{f},{pos - t},{t}" for i, (f, t) in enumerate(rows)) + "\n"))
        hull = winners(lb)
        if any("the only entity defined there" in (a.certificate or "") for a in hull.answers):
            continue  # first alone only at a corner of the Tile, off its diagonal
        assert [a.outcome for a in winners(lb, family="class-weights").answers] == [a.outcome for a in hull.answers]


def test_macro_micro_is_a_tile_whose_values_are_the_familys():
    rng = random.Random(8)
    lb = random_k(rng, 4)
    red = reduce(lb, Family.MACRO_MICRO)
    assert {P["fn"] + P["tp"] for P in red.pseudo.performances} == {F(1, 2)}  # one prior: the hull decides
    for _ in range(5):
        a, b = F(rng.randint(0, 6), 6), F(rng.randint(0, 6), 6)
        pseudo = [(1 - a) * P["tn"] + a * P["tp"] for P in red.pseudo.performances]
        den = [n + (1 - b) * P["fp"] + b * P["fn"] for n, P in zip(pseudo, red.pseudo.performances)]
        assert [n / d for n, d in zip(pseudo, den)] == values(lb, red.lift((a, b)).importance)
    counts = np.array(lb.counts, dtype=float)  # the projection of draws: the same points, as floats
    got = counts @ projection(lb, Family.MACRO_MICRO)
    want = np.array([[float(x) for x in P.probabilities] for P in red.pseudo.performances])
    assert np.allclose(got / got.sum(axis=1, keepdims=True), want)


def test_what_a_family_cannot_answer_is_bad_input_in_one_line():
    mixed = lb3(["A,4,1,0,0,4,1,0,1,4", "B,5,0,0,1,3,1,0,0,6"])  # class 2: 5 and 6 samples
    with pytest.raises(InvalidInput, match="one class prior"):
        winners(mixed, family="class-weights")
    assert winners(mixed, family="per-class-errors").verdict is Verdict.PROVED  # any priors
    with pytest.raises(InvalidInput, match="last"):
        winners(mixed, family="per-class-errors", place="last")
    with pytest.raises(InvalidInput, match="expected a family"):
        winners(mixed, family="macro")


def test_rank_ranges_in_a_family_are_rechecked():
    rng = random.Random(10)
    lb = random_k(rng, 4)
    for family in ("class-weights", "macro-micro"):
        for e, r in enumerate(rank_ranges(lb, family=family)):
            assert r.verdict is Verdict.PROVED, r.reason
            for rank, I in ((r.rank_min, r.rank_min_importance), (r.rank_max, r.rank_max_importance)):
                v = values(lb, I)
                assert rank == 1 + sum(x is not None and x > v[e] for x in v)


@pytest.mark.slow
def test_the_digits_leaderboard_of_seven_classifiers(tmp_path, capsys):
    from tests.sklearn_leaderboards import write_digits_counts

    path = write_digits_counts(tmp_path)
    assert main(["winners", str(path), "--family", "class-weights", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["family"] == "class-weights" and 1 <= len(out["winners"]) < 7
    lb = read_leaderboard(path)
    for e, ent in enumerate(out["entities"]):
        if ent["outcome"] in ("wins", "ties"):
            w = {k: F(v) for k, v in ent["weights"].items()}
            assert sum(w.values()) == 1 and all(k.startswith("class ") for k in w)
            v = values(lb, Importance.from_values(lb.space, ent["importance"]))  # the JSON's importance, exactly
            assert all(x <= v[e] for x in v) and (ent["outcome"] == "wins") == (v.count(v[e]) == 1)
    free = winners(lb)
    assert len(free.names) > len(out["winners"])  # with k² free weights more of them "can win"
    main(["winners", str(path), "--family", "class-weights"])
    text = capsys.readouterr().out
    assert "CAN WIN" in text and "with weights (class " in text and "in the family class-weights" in text
