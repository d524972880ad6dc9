"""Issue 34's list, one regression test per class: avoidable unknowns, a vacuous "fit", τ-b's
ties, and deadlines that a command must honour (asserted as a mechanism: the command returns,
and what it did not settle is unknown with the reason; how close to --timeout is bench's)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from ordertheory.cli import main

MULTICLASS3 = ["--space", "multiclass:3"]
OPEN = pytest.mark.xfail(strict=True, reason="issue 34: not fixed yet")


def _json(argv) -> list[str]:
    """``--json`` before the ``--`` that ends the options (after it, it would be a formula)."""
    argv = list(argv)
    i = argv.index("--") if "--" in argv else len(argv)
    return [*argv[:i], "--json", *argv[i:]]


def run(capsys, *argv: str) -> tuple[int, dict]:
    code = main(_json(argv))
    out = capsys.readouterr().out
    return code, (json.loads(out) if out.strip() else {})


def command(*argv: str, bound: float) -> tuple[int, dict, str]:
    """The CLI in a child process, killed at ``bound`` seconds: a command that ignores its own
    deadline fails here instead of hanging the suite."""
    try:
        p = subprocess.run([sys.executable, "-m", "ordertheory", *_json(argv)], capture_output=True,
                           text=True, timeout=bound)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running after {bound:.0f} s: {argv}")
    return p.returncode, (json.loads(p.stdout) if p.stdout.strip() else {}), p.stderr


# --- the vacuous "fit for ranking" ------------------------------------------------------------------
def test_an_empty_domain_on_pi_is_reported_never_fit(capsys):
    code = main(["check", "--constraint", "tp+fn==0", "--", "tp/(tp+fn)"])
    captured = capsys.readouterr()
    assert code == 2 and "=> fit for ranking" not in captured.out and "=> vacuous on Π" in captured.out
    assert "Π ∩ dom(X) is empty" in captured.err and captured.err.count("\n") == 1
    code, doc = run(capsys, "check", "--constraint", "tp+fn==0", "--", "tp/(tp+fn)")
    assert code == 2 and doc["vacuous"] is True and doc["fit_for_ranking"] is None
    assert doc["domain_sanity"]["kind"] == "vacuous" and doc["test2"]["method"].startswith("vacuous")


def test_a_domain_point_shows_a_check_is_not_vacuous(capsys):
    from fractions import Fraction

    code, doc = run(capsys, "check", "--prior", "1/3", "--", "tp/(tp+fn)")
    assert code == 0 and doc["vacuous"] is False and doc["fit_for_ranking"] is True
    P = {o: Fraction(v) for o, v in doc["domain_sanity"]["model"]["P"].items()}
    assert P["fn"] + P["tp"] == Fraction(1, 3) and P["fn"] + P["tp"] != 0  # in Π ∩ dom(X), exactly


# --- unknowns the documented machinery decides ---------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("expr", ["(y0_p0+y1_p1+y2_p2)**3", "(y0_p0+y1_p1+y2_p2 - 1/2)**3",
                                  "-(y0_p0/(y0_p0+y0_p1+y0_p2))**3"])
def test_odd_powers_of_linear_fractional_scores_are_quasi_linear(capsys, expr):
    code, doc = run(capsys, "check", *MULTICLASS3, "--timeout", "30", "--", expr)
    assert doc["test2"]["verdict"] == doc["test3"]["verdict"] == "proved", (doc["test2"], doc["test3"])


@pytest.mark.slow
def test_a_linear_score_with_an_irrational_coefficient_is_quasi_linear(capsys):
    code, doc = run(capsys, "check", *MULTICLASS3, "--timeout", "30", "--",
                    "sqrt(2)*y0_p0 + 14142135623730951/10**16*y1_p1 + sqrt(2)*y2_p2")
    assert doc["test2"]["verdict"] == doc["test3"]["verdict"] == "proved", (doc["test2"], doc["test3"])
    assert doc["test1"]["verdict"] == "refuted"  # y1_p1 weighs a little less than the others


@pytest.mark.parametrize("X", ["(TPR + TNR)/2",
                               "(y0_p0/(y0_p0+y0_p1+y0_p2) + y1_p1/(y1_p0+y1_p1+y1_p2) + y2_p2/(y2_p0+y2_p1+y2_p2))/3"])
def test_a_score_and_its_negation_are_reversed(capsys, X):
    space = [] if "TPR" in X else MULTICLASS3
    code, doc = run(capsys, "compare", *space, "--timeout", "20", "--", X, f"-({X})")
    assert code == 0 and doc["kind"] == "reversed"


def test_two_constants_rank_alike(capsys):
    code, doc = run(capsys, "compare", "--timeout", "20", "--", "1/2", "1/3")
    assert code == 0 and doc["kind"] in ("same", "reversed")


def test_probit_of_accuracy_encodes_accuracys_importance(capsys):
    code, doc = run(capsys, "importance", "--timeout", "20", "--", "probit(tp+tn)")
    assert code == 0 and doc["kind"] == "monotone_transform" and doc["monotone"] == "increasing"
    assert set(doc["importance"].values()) == {"1"}


# --- τ-b's ties, exact for algebraic scores ---------------------------------------------------------------
@pytest.mark.slow
def test_tau_counts_ties_of_mcc_exactly(capsys):
    code, doc = run(capsys, "tau", "mcc", "--prior", "1/2")
    assert doc["exact_ties"] is True
    assert round(doc["tau_max"], 7) == 0.966982  # 0.9669165 with float ties (FINDINGS: 0.9669820)


@pytest.mark.slow
def test_tau_of_a_sum_of_probits_says_its_ties_are_floats_and_bounds_the_error(capsys):
    code, doc = run(capsys, "tau", "d_prime", "--prior", "1/2")
    assert doc["exact_ties"] is False and 0 < doc["tie_error"] < 0.05


# --- deadlines: the command returns, unknown with the reason ------------------------------------------------
def _far_satisfaction(tmp_path, k: int = 12) -> str:
    path = tmp_path / "S.txt"
    path.write_text("\n".join(" ".join(f"{abs(i - j)}/{k - 1}" for j in range(k)) for i in range(k)) + "\n")
    return str(path)


@pytest.mark.slow
@pytest.mark.parametrize("argv", [
    ["importance", "--space", "multiclass:12", "--timeout", "5", "--", "y0_p0+y1_p1"],
    ["importance", "--timeout", "5", "--", "(tn+tp)**64"],
    ["tau", "--space", "multiclass:12", "--timeout", "5", "--", "y0_p0+y1_p1"],
], ids=["importance-multiclass12", "importance-power64", "tau-multiclass12"])
def test_commands_end_at_their_timeout(argv):
    code, doc, err = command(*argv, bound=65)
    assert code in (0, 1, 3) and "internal error" not in err
    if code == 3:
        assert doc.get("reason"), doc


@pytest.mark.slow
def test_importance_with_a_12_by_12_satisfaction_ends_at_its_timeout(tmp_path):
    code, doc, err = command("importance", "--satisfaction", _far_satisfaction(tmp_path), "--timeout", "5", "--",
                             "y0_p0+y1_p1", bound=65)
    assert code in (0, 1, 3) and "internal error" not in err
    assert code != 3 or doc.get("reason")


def test_importance_documents_its_default_deadline():
    import argparse

    from ordertheory.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    timeout = next(a for a in sub.choices["importance"]._actions if a.dest == "timeout")
    assert timeout.default and "default" in (timeout.help or "")


def _big_leaderboard(tmp_path, n: int = 10_000) -> str:
    rng = random.Random(34)
    rows = ["entity,tn,fp,fn,tp"] + [f"m{i},{rng.randint(0, 900)},{rng.randint(0, 100)},{rng.randint(0, 100)},"
                                     f"{rng.randint(0, 900)}" for i in range(n)]
    path = tmp_path / "big.csv"
    path.write_text("\n".join(rows) + "\n")
    return str(path)


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["winners"], ["rank", "--over-tile"], ["compare", "f1", "mcc", "--leaderboard"]],
                         ids=["winners", "rank-over-tile", "compare-leaderboard"])
def test_leaderboard_commands_end_at_their_timeout_on_10000_rows(tmp_path, argv):
    code, doc, err = command(*argv, _big_leaderboard(tmp_path), "--timeout", "5", bound=65)
    assert code in (0, 1, 3) and "internal error" not in err
    assert code != 3 or doc.get("reason") or doc.get("verdict") == "unknown"
