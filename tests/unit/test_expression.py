import pytest
import sympy

from ordertheory import ExpressionError, binary, multiclass, parse_score
from ordertheory.catalogue import all_entries
from ordertheory.cli import main
from ordertheory.scores.expression import parse_constraint

HOSTILE = [
    "__import__('os').system('touch /tmp/ordertheory-pwned')",
    "().__class__",
    "().__class__.__bases__[0].__subclasses__()",
    "lambda: 0",
    "(" * 10_000 + "tp" + ")" * 10_000,
    "open('/etc/passwd').read()",
    "tp if fp else fn",
    "[tp for tp in range(10)]",
    "'tp'",
    "tp.real",
    "tp ^ 2",
    "tp % 2",
    "tp ** fp",
    "9" * 100,
    "tp ** 1000",
    "1/0",
    "sqrt(-1)",
    "log(0)",
    "probit(1)",
    "min(tp)",
    "sqrt(tp, fp)",
    "exec('1')",
    "tp; fp",
    "",
    "tp == fp",
    "x",
    "1j",
    "b'tp'",
    "{tp: 1}",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_rejects_hostile(text, tmp_path):
    with pytest.raises(ExpressionError) as info:
        parse_score(text, binary())
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("text", HOSTILE[:6])
def test_cli_exit_2_and_nothing_executed(text, capsys):
    import os

    assert main(["check", text, "--timeout", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1
    assert not os.path.exists("/tmp/ordertheory-pwned")


def test_numbers_are_exact():
    X = parse_score("0.2*tp + 1/3*fn", binary())
    assert X.expr == sympy.Rational(1, 5) * sympy.Symbol("tp", real=True, nonnegative=True) + \
        sympy.Rational(1, 3) * sympy.Symbol("fn", real=True, nonnegative=True)


def test_domain_is_as_written():
    X = parse_score("tp*fp/fp", binary())
    assert str(X.expr) == "tp"
    assert [str(c) for c in X.conditions] == ["fp != 0"]
    Y = parse_score("sqrt(tp - fp)", binary())
    assert [str(c) for c in Y.conditions] == ["-fp + tp >= 0"]
    Z = parse_score("probit(TPR)", binary())
    assert any(c.kind == "open_unit" for c in Z.conditions)


def test_derived_names():
    X = parse_score("TPR", binary())
    assert str(X.expr) == "tp/(fn + tp)"
    with pytest.raises(ExpressionError, match="unknown name 'TPR'"):
        parse_score("TPR", multiclass(3))


@pytest.mark.parametrize("entry", all_entries(), ids=lambda e: e.slug)
def test_round_trip_catalogue(entry):
    X = entry.score()
    Y = parse_score(str(X.expr), X.space)
    assert sympy.simplify(X.expr - Y.expr) == 0


def test_constraints():
    expr, op = parse_constraint("tp + fn == 1/5", binary())
    assert op == "==" and str(expr) == "fn + tp - 1/5"
    with pytest.raises(ExpressionError, match="linear"):
        parse_constraint("tp*fn == 1/5", binary())
    with pytest.raises(ExpressionError):
        parse_constraint("tp + fn", binary())


# --- long operator chains (issue 34): read iteratively, or refused in one line; never exit 4 ---------
CHAINS = {
    "sum of 500 constants": "tp" + "+1.5" * 499 + "+1",
    "product of 500 factors": "tp" + "*tp" * 499 + "*1",
    "2000-term sum": "+".join(["tp"] * 2000),
    "800 divisions": "tp" + "/tp" * 800,
    "1500 powers by 1": "tp" + "**1" * 1500,
    "3000 unary minus": "-" * 3000 + "tp",
}


@pytest.mark.parametrize("text", CHAINS.values(), ids=CHAINS.keys())
def test_long_chains_parse_or_are_refused_in_one_line(text):
    from ordertheory.errors import OrderTheoryError

    try:
        X = parse_score(text, binary())
    except OrderTheoryError as exc:  # refused cleanly: "too complex", or a resource guard
        assert "\n" not in str(exc)
        return
    assert X.expr.free_symbols <= set(X.symbols)


def test_a_2kb_sum_is_read_exactly():
    X = parse_score("tp" + "+1.5" * 499 + "+1", binary())
    tp = sympy.Symbol("tp", real=True, nonnegative=True)
    assert X.expr == tp + sympy.Rational(1497, 2) + 1


def test_the_first_offending_token_from_the_left_is_reported():
    with pytest.raises(ExpressionError, match="unknown name 'x'"):
        parse_score("tp" + "+tp" * 700 + "+x+y", binary())
    with pytest.raises(ExpressionError, match="operator '%'"):
        parse_score("tp" + "+1" * 700 + "+tp%2", binary())


@pytest.mark.parametrize("cmd", [["check", "--timeout", "3"], ["importance", "--timeout", "3"]])
def test_cli_never_exits_4_on_a_2kb_chain(cmd, capsys):
    assert main([*cmd, "--", "tp" + "+1.5" * 499 + "+1"]) in (0, 1, 2, 3)
    assert main([*cmd, "--", "+".join(["tp"] * 2000)]) in (0, 1, 2, 3)
    assert "internal error" not in capsys.readouterr().err
