"""The statement prover: rules (7)–(14) proved, false statements refuted with validated smallest
counter-models, under each kind of order; a brute-force oracle over all small orders cross-checks
random statements; the parser rejects bad text with one-line errors (CLI exit 2)."""

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ordertheory.cli import main
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.theory.countermodel import CounterModel, Order
from ordertheory.theory.lemmas import STATEMENTS
from ordertheory.theory.statements import Atom, Binary, Not, evaluate, parse_statement, prove_statement

ORDERS = ("preorder", "partial", "total")

# The paper's rules (7)–(14) (A.2.3), as a student would type them.
RULES = {
    "rule-7": "a ~ b and b ~ c -> a ~ c",
    "rule-8": "a > b and b > c -> a > c",
    "rule-9": "a < b and b < c -> a < c",
    "rule-10": "(a ~ b and b > c) or (a > b and b ~ c) -> a > c",
    "rule-11": "(a ~ b and b < c) or (a < b and b ~ c) -> a < c",
    "rule-12": "(a ~ b and b # c) or (a # b and b ~ c) -> a # c",
    "rule-13": "(a # b and b > c) or (a > b and b # c) -> a > c or a # c",
    "rule-14": "(a # b and b < c) or (a < b and b # c) -> a < c or a # c",
}

# statement -> {order: expected verdict, smallest counter-model size when refuted}
FALSE_STATEMENTS = {
    "a <= b or b <= a": {"preorder": 2, "partial": 2, "total": None},
    "a ~ b -> a = b": {"preorder": 2, "partial": None, "total": 2},
    "a # b and b # c -> a # c": {"preorder": 2, "partial": 2, "total": None},
    "a <= b -> a < b": {"preorder": 1, "partial": 1, "total": 1},
    "a < b or b < a or a = b": {"preorder": 2, "partial": 2, "total": 2},
    "not (a <= b and b <= a)": {"preorder": 1, "partial": 1, "total": 1},
    "a < b -> (a < c or c < b)": {"preorder": 3, "partial": 3, "total": None},
}


def test_rules_are_those_of_the_lemmas_module():
    assert set(RULES) == {s.id for s in STATEMENTS if s.id.startswith("rule-")}


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("rule", sorted(RULES))
def test_rules_7_to_14_proved(rule, order):
    r = prove_statement(RULES[rule], order)
    assert r.verdict is Verdict.PROVED, r.reason
    assert "expected: unsat" in r.smtlib and "(check-sat)" in r.smtlib
    assert r.witness is None


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("text", sorted(FALSE_STATEMENTS))
def test_false_statements_refuted_with_smallest_validated_countermodel(text, order):
    size = FALSE_STATEMENTS[text][order]
    r = prove_statement(text, order)
    if size is None:
        assert r.verdict is Verdict.PROVED
        return
    assert r.verdict is Verdict.REFUTED
    m = r.witness
    assert isinstance(m, CounterModel) and m.problems() == [] and m.order is Order.parse(order)
    assert m.size == size == _brute_force_smallest(parse_statement(text), Order.parse(order))
    assert evaluate(m.statement.formula, m.holds) is False


def test_countermodel_validation_catches_bad_models():
    s = parse_statement("a <= b or b <= a")
    not_transitive = CounterModel(Order.PREORDER, s, {"a": 0, "b": 1},
                                  frozenset({(0, 0), (1, 1), (0, 2), (2, 1)}))
    assert not_transitive.problems()
    not_antisymmetric = CounterModel(Order.PARTIAL, parse_statement("a = b or a # b"), {"a": 0, "b": 1},
                                     frozenset({(0, 0), (1, 1), (0, 1), (1, 0)}))
    assert "≲ is not antisymmetric" in not_antisymmetric.problems()
    not_total = CounterModel(Order.TOTAL, s, {"a": 0, "b": 1}, frozenset({(0, 0), (1, 1)}))
    assert "≲ is not total" in not_total.problems()
    true_there = CounterModel(Order.PREORDER, s, {"a": 0, "b": 1}, frozenset({(0, 0), (1, 1), (0, 1)}))
    assert true_there.problems() == ["the statement holds in this model"]


def test_countermodel_json_and_png():
    m = prove_statement("a # b and b # c -> a # c").witness
    j = m.to_json()
    assert j["elements"] == ["a = c", "b"] and j["denotes"]["c"] == "a = c"
    assert j["atoms"] == {"a ⋈ b": True, "b ⋈ c": True, "a ⋈ c": False} and j["validated"]
    assert m._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<img" in m._repr_html_()


# --- brute force: every order on at most n elements, every assignment of the names -------------------
def _orders(k: int, order: Order):
    pairs = [(i, j) for i in range(k) for j in range(k) if i != j]
    for bits in itertools.product((False, True), repeat=len(pairs)):
        le = {(i, i) for i in range(k)} | {p for p, b in zip(pairs, bits) if b}
        if any((i, j) in le and (j, l) in le and (i, l) not in le for i in range(k) for j in range(k) for l in range(k)):
            continue
        if order is Order.PARTIAL and any((i, j) in le and (j, i) in le for i, j in pairs):
            continue
        if order is Order.TOTAL and any((i, j) not in le and (j, i) not in le for i, j in pairs):
            continue
        yield frozenset(le)


def _brute_force_smallest(s, order: Order):
    """The fewest elements of a counter-model, or None when the statement holds in every small order."""
    for k in range(1, len(s.names) + 1):
        for le in _orders(k, order):
            for values in itertools.product(range(k), repeat=len(s.names)):
                if set(values) != set(range(k)):
                    continue
                m = CounterModel(order, s, dict(zip(s.names, values)), le)
                if not m.statement_holds():
                    return k
    return None


_NAMES = st.sampled_from("abc")
_ATOMS = st.builds(Atom, st.sampled_from(["le", "ge", "sim", "lt", "gt", "inc", "eq"]), _NAMES, _NAMES)
_FORMULAS = st.recursive(_ATOMS, lambda sub: st.one_of(
    st.builds(Not, sub), st.builds(Binary, st.sampled_from(["and", "or", "implies", "iff"]), sub, sub)),
    max_leaves=6)


@settings(max_examples=40, deadline=None)
@given(_FORMULAS, st.sampled_from(ORDERS))
def test_prover_agrees_with_brute_force(formula, order):
    text = str(formula)
    s = parse_statement(text)
    assert s.formula == formula  # printing then parsing gives the same tree (Unicode forms accepted)
    kind = Order.parse(order)
    r = prove_statement(s, kind)
    expected = _brute_force_smallest(s, kind)
    if expected is None:
        assert r.verdict is Verdict.PROVED
    else:
        assert r.verdict is Verdict.REFUTED and r.witness.size == expected and not r.witness.problems()


# --- parser ---------------------------------------------------------------------------------------
def test_precedence_and_associativity():
    assert str(parse_statement("a<b -> b<c -> c<a")) == "a < b ⇒ b < c ⇒ c < a"
    s = parse_statement("not a <= b and b <= c or a = c <-> c # a")
    assert s.formula.op == "iff" and s.formula.left.op == "or" and s.formula.left.left.op == "and"
    assert isinstance(s.formula.left.left.left, Not)
    assert parse_statement("(a ≲ b) ∧ ¬(b ⋈ c) ⇒ a ≳ b").formula == \
        parse_statement("a <= b and not b # c -> a >= b").formula


@pytest.mark.parametrize("text, culprit", [
    ("a <= <= b", "'<=' at column 6"),
    ("a <= b and", "end of statement at column 11"),
    ("a <= b $ c", "'$' at column 8"),
    ("(a < b", "end of statement at column 7"),
    ("a < b)", "')' at column 6"),
    ("a b", "'b' at column 3"),
    ("and a < b", "'and' at column 1"),
    ("a < b c < d", "'c' at column 7"),
    ("__import__('os')", "'_' at column 1"),
    ("a.real < b", "'.' at column 2"),
    ("", "empty statement"),
    ("a < b and " * 200 + "a < b", "characters long"),
    (" or ".join(f"x{i} < y{i}" for i in range(5)), "'x4' at column 45 is one too many"),
    ("not " * 50 + "a < b", "nested deeper"),
    ("(" * 50 + "a < b" + ")" * 50, "nested deeper"),
])
def test_parser_errors_are_one_line_and_name_the_culprit(text, culprit, capsys):
    with pytest.raises(InvalidInput) as exc:
        parse_statement(text)
    assert culprit in str(exc.value) and "\n" not in str(exc.value)
    assert main(["prove", text]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and culprit in err and "Traceback" not in err


# --- command line ---------------------------------------------------------------------------------
def test_cli_exit_codes_and_json(tmp_path, capsys):
    assert main(["prove", "a <= b or b <= a", "--order", "total"]) == 0
    capsys.readouterr()
    png = tmp_path / "m.png"
    assert main(["prove", "a <= b or b <= a", "--json", "--out", str(png)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "refuted" and out["order"] == "preorder" and out["ordertheory_version"]
    assert out["countermodel"]["comparisons"] == ["a ⋈ b"] and out["countermodel"]["validated"]
    assert png.read_bytes()[:4] == b"\x89PNG"
    smt = tmp_path / "c.smt2"
    assert main(["prove", "a ~ b -> a = b", "--order", "partial", "--json", "--smt", str(smt)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "proved" and out["countermodel"] is None and "(check-sat)" in smt.read_text()
    assert main(["prove", "a < b", "--order", "lattice"]) == 2
    assert main(["prove", "a < b", "--timeout", "-1"]) == 2


def test_certificate_replays_unsat():
    from ordertheory.encoding.answer import Status
    from ordertheory.encoding.isolated import check_smtlib_isolated

    r = prove_statement(RULES["rule-13"], "preorder")
    assert check_smtlib_isolated(r.smtlib, 20).status is Status.UNSAT
