"""Checked derivations (section D, ``paper --only``): a wrong step is never rendered, the chains
reach R_I from the definitions, NLR and PLR come with their corrections."""

import shutil
import subprocess
from dataclasses import replace

import pytest
import sympy

from ordertheory.analyses.importance.derivation import DerivationChain, DerivationError, Step
from ordertheory.analyses.importance.derivation_chains import R_I, TP, importance_chain
from ordertheory.catalogue import get
from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.paper.table1 import setting
from ordertheory.reports.derivations_render import to_latex, to_markdown


@pytest.fixture(scope="module")
def ba():
    return importance_chain(get("balanced_accuracy").score(), setting("prior=0.2")).main


def test_a_corrupted_step_fails_the_check_and_is_not_rendered(ba):
    assert ba.checked and len(ba.steps) >= 3
    for i in range(1, len(ba.steps)):  # any one step off by a little: the check fails
        steps = list(ba.steps)
        steps[i] = Step(steps[i].expr + TP / 100, steps[i].why)
        bad = replace(ba, steps=tuple(steps), checked=False)
        with pytest.raises(DerivationError, match=f"step {i + 1}|step {i + 2}"):
            bad.check()
        with pytest.raises(DerivationError):
            to_markdown(bad)


def test_a_wrong_sign_is_not_accepted():
    r = sympy.Symbol("r", positive=True)
    d = DerivationChain("s", "sign", (Step(r**2 + 1, "definition"), Step(1 + r**2, "reorder")), sign=-1)
    with pytest.raises(DerivationError, match="sign"):
        d.check()


def test_the_check_is_on_pi_not_everywhere():
    # TPR = 5·P(tp) holds on Π = prior 1/5 only: checked there, refused on all performances
    X = get("tpr").score().expr
    steps = (Step(X, "definition"), Step(5 * TP, "P(fn) + P(tp) = 1/5"))
    _, mapping, _ = setting("prior=0.2").parametrise("d")
    assert DerivationChain("on", "on Π", steps, mapping=tuple(mapping.items())).check().checked
    with pytest.raises(DerivationError):
        DerivationChain("off", "everywhere", steps).check()


# The scores of Table 1 whose importance is derived on Π = prior 1/5 (verdicts are computed at
# run time; this list only says which chains the test expects to exist).
DERIVED_AT_02 = ("accuracy", "f_beta_0.5", "f_beta_1", "f_beta_2", "npv", "ppv", "tnr", "tpr",
                 "balanced_accuracy", "cohen_kappa", "informedness", "plr", "ptn", "ptp",
                 "error_rate", "fdr", "fnr", "for", "fpr", "nlr")


@pytest.mark.parametrize("slug", DERIVED_AT_02)
def test_every_derived_importance_has_a_checked_chain_to_r_i(slug):
    ch = importance_chain(get(slug).score(), setting("prior=0.2"))
    assert ch is not None and ch.main.checked and len(ch.main.steps) >= 3
    last = ch.main.steps[-1].expr
    assert R_I in last.free_symbols and not last.free_symbols & set(get(slug).score().expr.free_symbols)
    assert ch.main.conclusion.startswith(slug)
    if ch.monotone is not None:  # a transform: the sign of g′ is checked too
        assert ch.monotone.checked and ch.monotone.sign in (1, -1)
    tex = to_latex(ch.main)
    assert tex.count(r"\label{der:") == len(ch.main.steps) + 1 and r"\begin{align}" in tex


def test_no_chain_without_an_importance():
    assert importance_chain(get("g_mean").score(), setting("prior=0.5")) is None


def test_nlr_and_plr_counterexample_and_correction():
    from ordertheory.paper.derivations import likelihood_ratio_derivations

    ds = {d.id: d for d in likelihood_ratio_derivations()}
    for slug in ("nlr", "plr"):
        assert {f"A.6.2/{slug}/counterexample/value", f"A.6.2/{slug}/counterexample/printed",
                f"A.6.2/{slug}/corrected", f"A.6.2/{slug}/corrected/g-prime"} <= set(ds)
        assert "printed relation is wrong" in ds[f"A.6.2/{slug}/counterexample/printed"].conclusion
    assert "tn: pi_pos/pi_-, fp: 0, fn: 1, tp: 0" in ds["A.6.2/nlr/corrected"].conclusion
    assert "tn: 0, fp: pi_pos/pi_-, fn: 0, tp: 1" in ds["A.6.2/plr/corrected"].conclusion
    assert ds["A.6.2/nlr/corrected/g-prime"].sign == -1 and ds["A.6.2/plr/corrected/g-prime"].sign == 1
    md = to_markdown(ds["A.6.2/nlr/corrected"])
    assert "π₊/π₋" in md or r"\frac{\pi_{+}}{\pi_{-}}" in md


def test_lr_derivations_reuse_the_claims_verdicts(monkeypatch):
    """The paper job passes the claims phase's verdicts: they are not decided again, and the
    counterexample chains are built at the witness given."""
    from ordertheory.paper import derivations
    from ordertheory.paper.claims import check_a6_claims

    printed = {c.id: (c.verdict, c.witness) for c in check_a6_claims(("nlr", "plr"))}
    monkeypatch.setattr(derivations, "check_a6_claims", lambda *a: pytest.fail("decided a second time"))
    ds = {d.id: d for d in derivations.likelihood_ratio_derivations(printed)}
    P = printed["A.6.2/nlr"][1]["P"]
    assert all(f"P({o}) = {P[o]}" in ds["A.6.2/nlr/counterexample/value"].assumptions[0] for o in P)
    held = {k: ("proved", None) for k in printed}  # a claim that held: no counterexample chains
    ids = {d.id for d in derivations.likelihood_ratio_derivations(held)}
    assert "A.6.2/nlr/corrected" in ids and not any("counterexample" in i for i in ids)


def test_paper_only_prints_one_self_contained_derivation(capsys):
    assert main(["paper", "--only", "f_beta_2"]) == 0
    md = capsys.readouterr().out
    assert md.startswith("# F-score for β = 2") and md.count("$$") >= 2 * 3 * 3  # three settings, ≥ 3 steps each
    assert r"\documentclass" not in md and md.count("## Π = ") == 3
    assert "I(tn) = 0, I(fp) = 1/5, I(fn) = 4/5, I(tp) = 1" in md
    assert main(["paper", "--only", "f_beta_2", "--format", "tex"]) == 0
    tex = capsys.readouterr().out
    assert r"\begin{align}" in tex and r"\documentclass" not in tex and tex.isascii()  # a fragment to \input
    assert main(["paper", "--only", "f_beta_2", "--format", "tex", "--standalone"]) == 0
    doc = capsys.readouterr().out
    assert doc.rstrip().endswith(r"\end{document}") and tex.strip() in doc
    assert main(["paper", "--only", "f_beta_2"]) == 0 and capsys.readouterr().out == md  # deterministic


def test_paper_only_has_the_verdict_of_importance_and_writes_the_refutation(capsys):
    """A score with no importance: paper --only says none (test 2 refuted), as importance does, and
    writes the witness's arithmetic as checked derivations (was 'unknown (not a rational function)')."""
    assert main(["paper", "--only", "mcc", "--prior", "0.3", "--name", "MCC"]) == 1
    md = capsys.readouterr().out
    assert md.startswith("# MCC:") and "No importance: test 2" in md and "#### X at M" in md
    assert "the inequality test 2 forbids" in md and "> 0" in md
    assert main(["importance", "mcc", "--prior", "0.3"]) == 1 and "kind: none" in capsys.readouterr().out


def test_paper_only_bad_score_is_one_line(capsys):
    assert main(["paper", "--only", "no_such_score"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert main(["paper", "--prior", "0.3"]) == 2  # --prior goes with --only


@pytest.mark.skipif(not (shutil.which("pdflatex") or shutil.which("tectonic")), reason="no pdflatex or tectonic")
def test_only_latex_compiles(tmp_path):
    # exit 1: balanced accuracy has no importance on every performance (Π = all), one on each fixed prior
    assert main(["paper", "--only", "balanced_accuracy", "--format", "tex", "--out", str(tmp_path / "ba.tex")]) == 1
    src = tmp_path / "ba-standalone.tex"  # \input{ba}: the fragment compiles inside a document
    cmd = (["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-output-directory", str(tmp_path), str(src)]
           if shutil.which("pdflatex") else ["tectonic", "--outdir", str(tmp_path), str(src)])
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert r.returncode == 0, r.stdout[-2000:]


def test_witnesses_show_the_strict_inequality_with_exact_values():
    from types import SimpleNamespace

    from ordertheory import binary, fixed_prior
    from ordertheory.catalogue import get
    from ordertheory.engine.result import Result, Verdict
    from ordertheory.engine.witness import Witness, WitnessKind
    from ordertheory.fitness.searches import search_mixture
    from ordertheory.reports.derivations import witnesses_latex, witnesses_markdown
    from ordertheory.reports.model import ROW_TESTS, Table1Row

    X, Pi = get("g_mean").score(), fixed_prior(binary(), "1/2")
    w = Witness.of(WitnessKind("test2"), X, search_mixture(X, Pi, 1, 0))  # the G-mean's test 2, exact
    tests = {t: Result(t, t, Verdict.PROVED) for t in ROW_TESTS} | {"test2": Result("test2", "", Verdict.REFUTED, witness=w)}
    row = Table1Row(SimpleNamespace(score="g_mean", setting="prior=0.5", report=SimpleNamespace(tests=tests)))
    md = witnesses_markdown([row])
    v = w.to_json()["values"]
    assert f"X(M) = {v['X(M)']}" in md and f"> X(P1) = {v['X(P1)']}" in md and f"> X(P2) = {v['X(P2)']}" in md
    assert "violated: X(M) ≤ max(X(P1), X(P2))" in md and witnesses_latex([row]).isascii()
    tests["test2"] = Result("test2", "", Verdict.PROVED)
    assert witnesses_markdown([row]) == ""


def test_a_transform_that_is_not_linear_fractional_gets_its_chain():
    from ordertheory import binary, parse_score
    from ordertheory.sets.performance_set import all_performances

    ch = importance_chain(parse_score("sqrt(tp/(tp+fn))", binary()), all_performances(binary()))
    assert ch.main.steps[-1].expr == sympy.sqrt(R_I) and ch.monotone.sign == 1


def test_a_chain_that_fails_its_check_is_reported_unknown_not_printed(monkeypatch):
    import ordertheory.reports.derivations as section_d  # where the chains are built
    from ordertheory.reports.derivations import derivation_statements
    from ordertheory.reports.render import summary, supplementary_markdown

    def broken(*a, **k):
        raise DerivationError("importance/tpr/all: step 3 does not follow from step 2 (collect)")

    monkeypatch.setattr(section_d, "importance_chain", broken)
    (st,) = derivation_statements("all", ["tpr"])
    assert st.verdict is Verdict.UNKNOWN and not st.document and "step 3 does not follow" in st.reason
    md = supplementary_markdown([st], [])
    assert "did not check, so it is not shown" in md and "$$" not in md and summary([st])["unknown"] == 1


def test_symbolic_prior_importances_are_derived_once_per_process(monkeypatch):
    """A.6.2's claims and section D's chains read one derivation per score at the symbolic prior."""
    from ordertheory.paper import claims
    from ordertheory.paper.derivations import likelihood_ratio_derivations

    calls = []
    real = claims.derive_importance
    monkeypatch.setattr(claims, "derive_importance", lambda X, Pi, **k: calls.append(X.name) or real(X, Pi, **k))
    claims.symbolic_derivation.cache_clear()
    printed = {c.id: (c.verdict.label, c.witness) for c in claims.check_a6_claims(("nlr", "plr"))}
    ds = likelihood_ratio_derivations(printed)
    assert sorted(calls) == ["nlr", "plr"] and any(d.id == "A.6.2/plr/corrected" for d in ds)
    claims.symbolic_derivation.cache_clear()
