"""Readable proofs: every lemma and rule (7)-(14) has one, every step re-checks on its own, and the
checker rejects what is not a proof (so a search bug never becomes a shown proof)."""

import dataclasses

import pytest

from ordertheory.engine.prove import Obligation, prove
from ordertheory.engine.result import Verdict
from ordertheory.theory.lemmas import STATEMENTS, vocabulary
from ordertheory.theory.readable.lemma_proofs import LEMMA_STATEMENTS, lemma_proofs
from ordertheory.theory.readable.proof_rules import FALSUM, Proof, Rule, Step, check_proof, valid_everywhere
from ordertheory.theory.readable.proof_search import readable_proof
from ordertheory.theory.statements import Not, build_formula, parse_statement


def test_every_lemma_and_rule_has_a_checked_readable_proof():
    assert set(LEMMA_STATEMENTS) == {st.id for st in STATEMENTS}
    proofs = lemma_proofs()
    for lid, r in proofs.items():
        assert r.proof is not None, (lid, r.reason)
        assert check_proof(r.proof) == [], lid
        assert r.proof.steps[-1].statement == parse_statement(LEMMA_STATEMENTS[lid]).formula
    assert {f"rule-{k}" for k in range(7, 15)} <= set(proofs)


@pytest.mark.parametrize("lid", sorted(LEMMA_STATEMENTS))
def test_each_step_is_checked_one_by_one(lid):
    """Each step on its own: replacing any one step's statement by its negation breaks the proof."""
    proof = lemma_proofs()[lid].proof
    for k, step in enumerate(proof.steps):
        if step.rule is Rule.ASSUMPTION:
            continue
        wrong = Not(step.statement) if step.statement is not FALSUM else parse_statement("a <= a").formula
        steps = list(proof.steps)
        steps[k] = dataclasses.replace(step, statement=wrong)
        assert check_proof(Proof(proof.statement, proof.order, tuple(steps))), (lid, step.number)


@pytest.mark.parametrize("st", STATEMENTS, ids=lambda s: s.id)
def test_the_text_says_what_the_lemma_claims(st):
    """z3 (through the one decider): the statement text and the lemma's own claim agree for every
    relation ≲ (no axiom assumed)."""
    s = parse_statement(LEMMA_STATEMENTS[st.id])

    def build(env):
        V = vocabulary(env)
        consts = dict(zip(("a", "b", "c"), env.Consts("a b c", V.sort)))
        atom = {"le": V.le, "ge": V.ge, "sim": V.sim, "lt": V.lt, "gt": V.gt, "inc": V.inc}
        text = build_formula(s.formula, lambda a: atom[a.relation](consts[a.left], consts[a.right]), env)
        return [], text == st.claim(V, consts["a"], consts["b"], consts["c"])

    r = prove(Obligation(f"text-of-{st.id}", f"{s} says what {st.id} claims", build))
    assert r.verdict is Verdict.PROVED, (st.id, r.reason)


def test_the_checker_rejects_what_is_not_a_proof():
    p = readable_proof("a < b and b <= c -> a < c").proof
    steps = list(p.steps)
    trans = next(k for k, s in enumerate(steps) if s.rule is Rule.TRANSITIVITY)
    bad_instance = dataclasses.replace(steps[trans], instance=("c", "b", "a"))
    wrong_rule = dataclasses.replace(steps[trans], rule=Rule.REFLEXIVITY, instance=("a",))
    out_of_scope = list(steps) + [Step(len(steps) + 1, 0, steps[2].statement, Rule.LOGIC, (3,))]
    for variant in (steps[:trans] + [bad_instance] + steps[trans + 1:], steps[:trans] + [wrong_rule] + steps[trans + 1:]):
        assert check_proof(Proof(p.statement, p.order, tuple(variant)))
    problems = check_proof(Proof(p.statement, p.order, tuple(out_of_scope)))
    assert any("not in scope" in x for x in problems)
    assert any("not the statement" in x for x in check_proof(Proof(p.statement, p.order, tuple(steps[:-1]))))
    total_only = readable_proof("a <= b or b <= a", "total").proof
    assert check_proof(total_only) == []
    assert check_proof(Proof(total_only.statement, "preorder", total_only.steps))  # totality needs a total order


STATEMENTS_TO_TRY = ["a < b and b < c -> a < c", "a # b and b # c -> a # c", "a <= b -> a < b or a ~ b",
                     "not (a < b) and not (b < a) -> a ~ b or a # b", "a > b <-> b < a", "a < b -> not (b <= a)",
                     "(a < b or a ~ b) and b < c -> a < c", "a # b -> not (a ~ b)", "a <= b and b <= a -> a ~ b",
                     "a <= b or b <= a", "a < b and c < d -> a < d"]


@pytest.mark.parametrize("text", STATEMENTS_TO_TRY)
def test_a_proof_is_found_exactly_for_the_valid_statements(text):
    s = parse_statement(text)
    valid = valid_everywhere([], s.formula, "preorder")
    r = readable_proof(s)
    assert (r.proof is not None) == valid, (text, r.reason)


def test_the_search_and_the_checker_reach_no_solver():
    """A readable proof is checked on its own: the search, the checker and the exercises' answer key
    import neither the engine nor a solver, even indirectly (the verdict is the one decider's)."""
    import grimp

    g = grimp.build_graph("ordertheory", cache_dir=None, include_external_packages=True)
    solver = ("ordertheory.engine", "ordertheory.encoding", "z3", "cvc5")
    assert {"ordertheory.engine.prove", "z3"} <= g.find_upstream_modules("ordertheory.theory.statements")
    for module in ("readable.proof_rules", "readable.proof_facts", "readable.proof_search", "readable.lemma_proofs",
                   "exercises", "preorders.listing"):
        reached = g.find_upstream_modules(f"ordertheory.theory.{module}")
        assert not {m for m in reached if m.startswith(solver)}, module


def test_statements_with_equality_keep_the_solver_proof():
    r = readable_proof("a = b -> b = a")
    assert r.proof is None and "solver proof stands" in r.reason


def test_prove_json_carries_the_proof(capsys):
    import json

    from ordertheory.cli import main

    assert main(["prove", "a < b and b <= c -> a < c", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [row["rule"] for row in out["proof"]][-2:] == ["definition (3)", "logic"]
    assert all({"step", "rule", "statement"} <= set(row) for row in out["proof"])
    assert main(["prove", "a = b -> b = a", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["proof"] is None and out["proof_reason"]


def test_lemmas_json_carries_each_lemmas_proof(capsys):
    import json

    from ordertheory.cli import main

    assert main(["lemmas", "--json"]) == 0
    rows = {row["id"]: row["proof"] for row in json.loads(capsys.readouterr().out)["lemmas"]}
    assert rows.keys() == LEMMA_STATEMENTS.keys()
    assert all(rows[lid] == r.to_json() for lid, r in lemma_proofs().items())


def test_on_generated_statements_a_proof_exists_exactly_when_valid():
    """Soundness and reach of the search on 90 generated statements (all three difficulties):
    a checked proof is found for each valid one, and never for an invalid one."""
    from ordertheory.theory.exercises import Difficulty, is_valid, order_exercise

    for seed in range(30):
        for level in Difficulty:
            ex = order_exercise(seed, level)
            r = readable_proof(ex.parsed, ex.order)
            assert (r.proof is not None) == is_valid(ex.parsed, ex.order), (ex.statement, ex.order, r.reason)
