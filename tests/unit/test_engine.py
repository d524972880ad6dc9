"""The proof-obligation engine, the lemmas, the 29 cases and the preorder counts."""

import itertools

import pytest

from ordertheory.cli import main
from ordertheory.encoding import smtlib
from ordertheory.encoding.answer import Status
from ordertheory.encoding.isolated import IsolatedSolver
from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.replay import replay_directory
from ordertheory.engine.result import Verdict
from ordertheory.paper.printed_claims import CASES_A23, PREORDER_COUNTS, compare_with_paper
from ordertheory.performances.relations import Comparison
from ordertheory.theory.cases import derive_cases, realise, roc_leq
from ordertheory.theory.lemmas import STATEMENTS, check_lemmas, obligation
from ordertheory.theory.preorders.counting import (
    count_preorders,
    count_preorders_bruteforce,
    count_preorders_z3,
)


def _pigeonhole(n_holes: int):
    """n+1 pigeons in n holes: unsat, and hard enough that z3 needs far more than 1 ms."""

    def build(env):
        p = [[env.Bool(f"p{i}_{j}") for j in range(n_holes)] for i in range(n_holes + 1)]
        hyps = [env.Or(*row) for row in p]
        for j in range(n_holes):
            for a, b in itertools.combinations(range(n_holes + 1), 2):
                hyps.append(env.Not(env.And(p[a][j], p[b][j])))
        return hyps, env.BoolVal(False)

    return Obligation("php", f"pigeonhole {n_holes + 1} into {n_holes} is impossible", build)


def test_tiny_timeout_is_unknown_never_proved():
    r = prove(_pigeonhole(10), timeout=0.001)
    assert r.verdict is Verdict.UNKNOWN
    assert r.reason and "z3" in r.reason


def test_isolated_solver_is_killed_at_the_deadline():
    text = _pigeonhole(11).smtlib()
    with IsolatedSolver() as s:
        r = s.check(text, timeout=120, deadline=0.5)
        assert r.status is Status.UNKNOWN and "killed" in r.reason
        assert r.seconds < 5
        again = s.check("(declare-const x Real)(assert (> x 1.0))(check-sat)", 5)  # restarted child
        assert again.status is Status.SAT and again.model["x"] > 1


def test_refuted_obligation_carries_a_counter_model():
    ob = obligation(next(s for s in STATEMENTS if s.id == "lemma-2"), "reflexive only")
    r = prove(ob)
    assert r.verdict is Verdict.REFUTED
    table = r.witness["le"]
    els = r.witness["elements"]
    # the counter-model is reflexive but not transitive
    assert all(table[f"{e} ≲ {e}"] for e in els)
    assert any(table[f"{a} ≲ {b}"] and table[f"{b} ≲ {c}"] and not table[f"{a} ≲ {c}"]
               for a in els for b in els for c in els)


def test_all_lemmas_and_rules_proved():
    results = check_lemmas(timeout=20)
    assert {r.id for r in results} >= {f"lemma-{i}" for i in range(1, 13)} | {f"rule-{i}" for i in range(7, 15)}
    assert all(r.verdict is Verdict.PROVED for r in results)
    needs = {r.id: r.needs for r in results}
    assert needs["lemma-1"] == ["reflexivity"]
    assert needs["lemma-2"] == ["transitivity"]
    assert needs["lemma-3"] == []
    assert "lt_trans" in {r.mathlib for r in results}


def test_the_29_cases_match_the_paper():
    cases = derive_cases()
    possible = [c for c in cases if c.possible]
    assert len(cases) == 64 and len(possible) == 29
    assert all(c.verdict is Verdict.PROVED for c in cases)
    assert compare_with_paper(cases) == []
    assert len(CASES_A23) == 29 == count_preorders(3)


def test_a_changed_paper_list_is_caught(monkeypatch):
    import ordertheory.paper.printed_claims as claims

    bad = list(claims.CASES_A23)
    bad[4] = ("#", ">", ">")  # case 5 with one relation flipped
    monkeypatch.setattr(claims, "CASES_A23", tuple(bad))
    diffs = compare_with_paper(derive_cases())
    assert diffs and diffs[0].startswith("case 5")


def test_each_case_is_realised_by_classifiers():
    for c in derive_cases():
        if not c.possible:
            continue
        perf = realise(c)
        assert perf is not None
        for x, y in itertools.product("abc", repeat=2):
            assert roc_leq(perf[x], perf[y]) == c.preorder()[x, y]
        ab = Comparison.from_leq(roc_leq(perf["a"], perf["b"]), roc_leq(perf["b"], perf["a"]))
        assert ab is c.relations[0]


def test_preorder_counts():
    assert [count_preorders(n) for n in range(8)] == list(PREORDER_COUNTS)
    assert [count_preorders_bruteforce(n) for n in range(5)] == list(PREORDER_COUNTS[:5])
    assert [count_preorders_z3(n) for n in range(5)] == list(PREORDER_COUNTS[:5])


def test_smtlib_replay_agrees(tmp_path):
    for st in STATEMENTS[:4]:
        ob = obligation(st)
        smtlib.write(tmp_path, ob.id, ob.smtlib())
    seen = []
    replays = replay_directory(tmp_path, timeout=20, jobs=2, progress=lambda i, n, p: seen.append((i, n)))
    assert len(replays) == 4
    assert all(r.agreed and "z3" in r.confirmed_by for r in replays)
    assert sorted(seen) == [(1, 4), (2, 4), (3, 4), (4, 4)]  # one call per file, counted once each


def test_replay_reports_a_wrong_certificate(tmp_path):
    (tmp_path / "wrong.smt2").write_text("; expected: unsat\n(declare-const x Real)(assert (> x 1.0))(check-sat)\n")
    assert main(["replay", str(tmp_path)]) == 1


@pytest.mark.parametrize("argv,code", [
    (["cases", "--json"], 0), (["lemmas"], 0), (["preorders", "4"], 0), (["preorders", "9"], 2),
    (["scores", "--json"], 0), (["nonsense"], 2), (["check", "tp", "--space", "ternary"], 2),
])
def test_cli_codes(argv, code, capsys):
    assert main(argv) == code


def test_cases_json_shape(capsys):
    import json

    main(["cases", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "proved" and out["ordertheory_version"]
    data = out["cases"]
    assert [d["index"] for d in data] == list(range(1, 30))
    assert data[0] == {"index": 1, "ab": "incomparable", "bc": "incomparable", "ac": "incomparable"}
    assert data[11] == {"index": 12, "ab": "better", "bc": "better", "ac": "better"}


def test_cvc5_tries_its_configurations_until_one_decides():
    """F1 at prior 1/5, test 2: cvc5's default QF_NRA coverings answer "incomplete"; keeping the
    linear model settles it. A replay that stops at the first configuration leaves it unknown."""
    pytest.importorskip("cvc5")
    from pathlib import Path

    text = (Path(__file__).parents[2] / "proofs" / "table1" / "table1.f_beta_1.prior=0.2.test2.smt2").read_text()
    with IsolatedSolver() as s:
        first = s.check(text, 5, "cvc5", tactic="0")
        r = s.check(text, 10, "cvc5")
    assert first.status is Status.UNKNOWN
    assert r.status is Status.UNSAT and "nl-cov-linear-model=persistent" in r.solver


def test_cvc5_reads_a_script_with_exists_in_a_comment_as_quantifier_free():
    from ordertheory.encoding.cvc5_backend import QF_NRA_CONFIGS, configurations

    script = "; expected: unsat (no counterexample exists)\n(declare-fun x () Real)\n(check-sat)\n"
    assert configurations(script) == QF_NRA_CONFIGS
    assert configurations("(assert (forall ((x Real)) (> (* x x) -1.0)))\n") == (("ALL", {}),)


def test_a_replay_budget_in_resource_units_is_deterministic():
    """issue 34: the coverage of a replay must not depend on the machine's load. With z3's rlimit the
    same certificate runs out at the same point whatever the wall clock says: too few units is
    'unknown' (never a proof), enough is 'unsat', each time (MCC's domain closure needs ~2.3e4)."""
    from pathlib import Path

    from ordertheory.engine.replay import DETERMINISTIC, ReplayLimits, replay_file

    f = Path(__file__).resolve().parents[2] / "proofs" / "table1" / "table1.mcc.all.domain_closed.smt2"
    starved = [replay_file(f, ["z3"], 300, limits=ReplayLimits(z3_rlimit=2_000)).answers["z3"] for _ in range(2)]
    assert starved == [Status.UNKNOWN, Status.UNKNOWN]
    fed = replay_file(f, ["z3"], 300, limits=DETERMINISTIC)
    assert fed.answers["z3"] is Status.UNSAT and fed.agreed
