"""The Coq export: generated files only (no Admitted, admit or Axiom), byte-identical twice, changed
by a change in the package; coqc accepts every file of the whole Table 1 and rejects a tampered
statement (slow: one coqc run over the files). Coq comes from ensure_coq.sh (make test); without it
the coqc tests are skipped with the reason."""

import shutil
from pathlib import Path

import pytest

from ordertheory.coq import order_theory
from ordertheory.coq.export import TableCell, export
from ordertheory.coq.run import check_files, coqc_version, forbidden
from ordertheory.theory.lemma_statements import LEMMAS, LemmaText

COQ = coqc_version()
needs_coq = pytest.mark.skipif(COQ is None, reason="coqc is not installed (tests/coq/ensure_coq.sh installs Debian's coq)")
# a few cells as the package decides them (the slow tests below take the whole Table 1 from the solvers)
CELLS = (TableCell("f_beta_1", "prior=0.2", {"test1": True, "test2": True, "test3": True}),
         TableCell("fpr", "all", {"test1": False, "test2": True, "test3": True}),
         TableCell("g_mean", "all", {"test1": True, "test2": False, "test3": False}))


def _texts(ex) -> dict[str, str]:
    return {f.name: f.text for f in ex.files}


def test_no_result_without_a_proof():
    ex = export("0", CELLS)
    for f in ex.files:
        assert forbidden(f.text) == [], f.name
        assert f.text.count("Proof.") == f.text.count("Qed.") >= len(f.theorems), f.name  # every proof closed
    assert forbidden("Lemma x : True.\nAdmitted.") == ["Admitted"]
    assert forbidden("(* no Axiom here: a comment *) Lemma x : True. Proof. exact I. Qed.") == []


def test_statements_mirror_the_paper_and_cover_the_order_theory():
    ex = export("0", CELLS)
    smap = ex.statement_map()
    assert all(t.id in smap for t in LEMMAS)  # Lemmas 1-12, rules (7)-(14), the four cases, eq. (5)
    assert all(f"case-{i}" in smap for i in range(1, 30)) and len(smap["cases-impossible"]) == 36
    assert ex.theorems_of("table1/f_beta_1/prior=0.2/test2") == ["Table1_prior_0_2.f_beta_1_on_prior_0_2_test2"]
    assert not ex.theorems_of("table1/fpr/all/test1")  # refuted by the package: no theorem
    assert dict(ex.left_out)["table1/g_mean/all/test1"].startswith("X is not a ratio")  # said, not hidden
    text = _texts(ex)
    assert "Definition worse_or_equivalent" not in text["Preorders.v"]  # a variable: ≲ is any preorder
    assert "Variable worse_or_equivalent : performance -> performance -> Prop." in text["Preorders.v"]
    assert "Definition ranking_score (I : importance) (P : performance)" in text["Binary.v"]


def test_two_exports_are_byte_identical_and_follow_the_package(tmp_path, monkeypatch):
    a, b, c = (tmp_path / x for x in "abc")
    export("0", CELLS).write(a)
    export("0", CELLS).write(b)
    for p in sorted(a.iterdir()):
        assert p.read_bytes() == (b / p.name).read_bytes(), p.name
    # a change in the package (a lemma's statement) changes the files: they are outputs, not sources
    changed = tuple(LemmaText(t.id, t.text, t.reference, t.mathlib, "a ~ b -> b ~ a and a <= b") if t.id == "lemma-3"
                    else t for t in LEMMAS)
    monkeypatch.setattr(order_theory, "LEMMAS", changed)
    export("0", CELLS).write(c)
    assert (a / "Preorders.v").read_bytes() != (c / "Preorders.v").read_bytes()
    assert (a / "Cases.v").read_bytes() == (c / "Cases.v").read_bytes()


def _tamper(folder: Path) -> None:
    """A ≤ flipped into < in one theorem (test 2 of f_beta_1) and one constant changed in an importance."""
    t1 = folder / "Table1_prior_0_2.v"
    text = t1.read_text()
    old = "f_beta_1 (mixture l P1 P2) <= Rmax (f_beta_1 P1) (f_beta_1 P2)"
    assert text.count(old) == 1
    t1.write_text(text.replace(old, old.replace("<=", "<")))
    imp = folder / "Importances.v"
    text = imp.read_text()
    old = "tn := 0; fp := (1 / 2); fn := (1 / 2); tp := 1"
    assert old in text
    imp.write_text(text.replace(old, "tn := 0; fp := (1 / 3); fn := (1 / 2); tp := 1", 1))


@pytest.fixture(scope="module")
def table1_cells():
    from ordertheory.coq.export import table_cells
    from ordertheory.paper.table1 import run_table1

    # the very call of tests/slow/test_scores_decided.py: whichever runs second takes it from the session's cache
    return table_cells(run_table1(timeout=30, jobs=2, progress=False, tau=True, importance=True))


@pytest.mark.slow
@needs_coq
def test_coqc_accepts_everything_and_rejects_a_tampered_statement(table1_cells, tmp_path):
    ex = export("0", table1_cells)
    good, bad = tmp_path / "good", tmp_path / "bad"
    ex.write(good)
    check = check_files(good, list(ex.files), timeout=900)
    assert [f.name for f in check.files if not f.accepted] == [], [f.error for f in check.files if not f.accepted]
    assert check.verdict.label == "proved"
    smap = ex.statement_map()
    # the acceptance: the order theory whole, and tests 1-3 of the three Table 1 settings
    assert sum(k.startswith("table1/") for k in smap) >= 150
    for setting in ("all", "prior=0.2", "prior=0.5"):
        assert all(f"table1/{s}/{setting}/test{t}" in smap for s in ("accuracy", "f_beta_1", "tpr") for t in (1, 2, 3))
    shutil.copytree(good, bad)
    _tamper(bad)
    names = ["Lemmas.v", "Binary.v", "Scores.v", "Table1_prior_0_2.v", "Importances.v"]
    tampered = check_files(bad, [f for f in ex.files if f.name in names], timeout=600)
    rejected = {f.name for f in tampered.files if not f.accepted}
    assert rejected == {"Table1_prior_0_2.v", "Importances.v"} == set(tampered.rejected), tampered.to_json()
    assert tampered.verdict.label == "unknown"  # not confirmed by the kernel: it refutes nothing


def test_the_paper_phase_writes_the_files_and_says_when_coqc_did_not_run(tmp_path):
    from ordertheory.coq.job import paper_phase
    from ordertheory.engine.result import Verdict
    from ordertheory.reports.model import SECTIONS, DocumentStatement

    statements = [DocumentStatement.of("lemma-7", "A.2", "> and < are transitive", Verdict.PROVED, "z3"),
                  DocumentStatement.of("K/x/all", "K", "for every k", Verdict.PROVED, "z3")]
    cov = paper_phase(tmp_path, statements, (), SECTIONS, check=False)
    assert (tmp_path / "Preorders.v").exists() and (tmp_path / "coverage.md").exists()
    assert cov.coq == 0 and cov.proved == 2  # nothing counts as re-checked without the kernel's check
    assert cov.line().startswith("Coq kernel: not run (the check was not run)")


@needs_coq
def test_a_rejected_file_is_not_confirmed_and_its_dependants_are_not_checked(tmp_path):
    from ordertheory.coq.vernacular import CoqFile

    (tmp_path / "A.v").write_text("Lemma a : 1 = 2. Proof. reflexivity. Qed.\n")
    (tmp_path / "B.v").write_text("Require Import OrderTheory.A.\n")
    check = check_files(tmp_path, [CoqFile("A.v", (), "", ()), CoqFile("B.v", ("A.v",), "", ())], timeout=120)
    assert [f.accepted for f in check.files] == [False, False] and check.verdict.label == "unknown"
    assert check.rejected == ("A.v",)
    assert check.files[1].error == "not checked: A.v was not accepted"
