"""Listing preorders: exactly the reflexive transitive relations, one per class up to isomorphism,
listed and drawn by the command; explain lemma N prints the counter-model it speaks of."""

from ordertheory.cli import main
from ordertheory.performances.relations import is_preorder
from ordertheory.reports.explain import explain
from ordertheory.reports.preorder_listing import listing
from ordertheory.theory.preorders.counting import count_preorders
from ordertheory.theory.preorders.listing import (
    labelled_preorders,
    preorders_of_kind,
    preorders_up_to_isomorphism,
    verify_listing,
)


def test_the_listing_is_every_preorder_once():
    assert verify_listing(3)
    for n in range(5):
        rels = labelled_preorders(n)
        assert len(rels) == count_preorders(n) == len({r.le for r in rels})
        assert all(is_preorder(range(n), r.leq) for r in rels)
    assert [len(preorders_up_to_isomorphism(n)) for n in range(5)] == [1, 1, 3, 9, 33]
    assert len(labelled_preorders(5)) == count_preorders(5) == 6942
    assert len(preorders_of_kind(4, "partial")) == 219 and len(preorders_of_kind(4, "total")) == 75


def test_preorders_command_lists_and_draws(tmp_path, capsys):
    assert main(["preorders", "3", "--list", "--up-to-isomorphism"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == listing(3, labelled=False) and len(out) == 9
    png = tmp_path / "p.png"
    assert main(["preorders", "3", "--draw", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert main(["preorders", "5", "--draw", str(png)]) == 2


def test_explain_lemma_prints_its_counter_model_and_proof():
    text = explain("lemma", 7)
    assert "without transitivity: elements e0, e1, e2" in text and "≲ holds for" in text
    assert "Readable proof" in text and "transitivity (contrapositive)" in text
