"""Issue 12: one regression test per class of input that used to end in exit 4, a hang or a wrong
"bad input": constants (e, π), the imaginary unit, huge integers in log, resource blow-ups, nan in
min/max, nested roots, non-linear constraints, binary class priors, unbounded number text, and
conditions checked in an order where each is defined."""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np
import pytest
import sympy

from ordertheory.cli import main
from ordertheory.encoding.z3_backend import Env
from ordertheory.errors import ExpressionError, InvalidInput, ResourceLimit
from ordertheory.exact import to_fraction
from ordertheory.guards import MAX_NESTING, check_decidable
from ordertheory.performances.performance import Performance
from ordertheory.scores.expression import parse_constraint, parse_score
from ordertheory.sets.performance_set import all_performances, fixed_priors
from ordertheory.spaces.sample_space import binary
from tests.red_team import RED_TEAM

B = binary()


def P(*xs) -> Performance:
    return Performance(B, [Fraction(x) for x in xs])


def cli(capsys, *argv: str) -> tuple[int, str]:
    rc = main(list(argv))
    return rc, capsys.readouterr().err


# --- constants: e, π, log(10**30) -------------------------------------------------------------
def test_exp_constant_is_encoded_in_a_rational_interval():
    from ordertheory.encoding.z3_backend import _Encoder

    env = Env()
    enc = _Encoder(env, {}, [])
    c = enc.go(sympy.E)
    assert len(enc.side) == 1 and c is not None  # a fresh real enclosed around e, no exception
    enc.go(sympy.pi + sympy.log(2))


def test_exp_of_the_total_mass_gets_a_verdict(capsys):
    rc, err = cli(capsys, "check", "exp(TPR)+exp(TNR)", "--timeout", "1")
    assert rc in (0, 1, 3) and "internal error" not in err


def test_log_of_a_huge_integer_evaluates_numerically():
    X = parse_score("tp + log(1e-30)", B)
    v = X.numeric([np.array([0.25])] * 4)
    assert abs(v[0] - (0.25 - 30 * np.log(10))) < 1e-9


# --- the imaginary unit --------------------------------------------------------------------------
def test_root_of_a_nonpositive_radicand_is_real_with_its_domain():
    X = parse_score("sqrt(-tp)", B)
    assert not X.expr.has(sympy.I)
    assert [str(c) for c in X.conditions] == ["-tp >= 0"]
    assert X.value(P("1/2", "1/2", 0, 0)) == 0
    assert X.value_or_none(P(0, 0, "1/2", "1/2")) is None
    assert np.isnan(X.numeric([np.array([0.1])] * 4)[0])


# --- resource guards -----------------------------------------------------------------------------
def test_huge_power_is_unknown_not_a_crash(capsys):
    with pytest.raises(ResourceLimit, match="too large to decide exactly"):
        check_decidable(parse_score("(tn+tp)**64", B))
    t0 = time.perf_counter()
    rc, err = cli(capsys, "check", "(tn+tp)**64", "--timeout", "1")
    assert rc == 3 and err.startswith("unknown: too large to decide exactly")
    assert time.perf_counter() - t0 < 60  # refused by a guard, not after expanding 2^64 terms


def test_deeply_nested_roots_are_unknown(capsys):
    text = "sqrt(" * 30 + "tp" + ")" * 30
    with pytest.raises(ResourceLimit, match="root of order"):
        check_decidable(parse_score(text, B))
    text = "sqrt(tp + " * (MAX_NESTING + 1) + "fn" + ")" * (MAX_NESTING + 1)
    with pytest.raises(ResourceLimit, match="nested"):
        check_decidable(parse_score(text, B))


def test_catalogue_scores_pass_the_guards():
    from ordertheory.catalogue import all_entries, as_score

    for e in all_entries("binary"):
        check_decidable(as_score(e, B))


# --- nan in min/max ----------------------------------------------------------------------------
def test_min_with_an_extreme_probit_is_exact():
    X = parse_score("min(tp, probit(1e-30))", B)
    assert X.expr.has(sympy.Function("probit")) or "probit" in str(X.expr)
    assert float(X.value(P("1/4", "1/4", "1/4", "1/4"))) == pytest.approx(-11.464024688443614)


# --- constraints must be linear ------------------------------------------------------------------
@pytest.mark.parametrize("text", ["sqrt(tp) <= 1/2", "max(tp, fn) <= 1/2", "exp(tp) >= 1", "tp*fn == 0",
                                  "abs(tp - fn) <= 1/5"])
def test_nonlinear_constraint_is_a_one_line_error(text):
    with pytest.raises(ExpressionError, match="linear constraint"):
        parse_constraint(text, B)


def test_nonlinear_constraint_in_the_cli(capsys):
    rc, err = cli(capsys, "check", "tp", "--constraint", "sqrt(tp) <= 1/2")
    assert rc == 2 and len(err.strip().splitlines()) == 1


# --- priors ----------------------------------------------------------------------------------------
def test_binary_class_priors_are_accepted():
    Pi = fixed_priors(B, ["0.2", "0.8"])
    assert [str(c) for c in Pi.constraints] == ["tn + fp == 1/5"]
    assert Pi.parametrise("x") is not None
    assert all_performances(B).label == "all"


@pytest.mark.parametrize("text", ["1e-10000", "1e-100000000", "9" * 500, "1" + "0" * 200 + "/3"])
def test_number_text_is_bounded(text):
    t0 = time.perf_counter()
    with pytest.raises(InvalidInput):
        to_fraction(text, "prior")
    assert time.perf_counter() - t0 < 10  # refused before building a 10^100000000 (hours)


def test_unbounded_prior_in_the_cli_returns_at_once(capsys):
    t0 = time.perf_counter()
    rc, err = cli(capsys, "check", "tp", "--prior", "1e-100000000")
    assert rc == 2 and "exponent" in err and time.perf_counter() - t0 < 30  # before any work


def test_number_in_a_formula_is_bounded():
    with pytest.raises(ExpressionError, match="digits"):
        parse_score("tp + 1e-100000000", B)


# --- conditions checked inner first ------------------------------------------------------------
def test_point_outside_the_domain_is_not_bad_input():
    X = parse_score("max(((0.25/probit(log(NPV))))**(-1), 1e-30)", B)
    kinds = [c.kind.value for c in X.conditions_inner_first]
    assert kinds.index("pos") < kinds.index("open_unit")
    # NPV = 1 there, so log(NPV) = 0 is outside probit's (0, 1): undefined, not an error
    assert X.value_or_none(P("1/2", "1/2", 0, 0)) is None


def test_parser_warnings_do_not_reach_stderr(capsys):
    rc, err = cli(capsys, "check", "0x1fe")
    assert rc == 2 and len(err.strip().splitlines()) == 1


# --- the deadline on a multi-class space -------------------------------------------------------
@pytest.mark.slow
def test_multiclass_check_holds_its_deadline(capsys):
    t0 = time.perf_counter()
    rc, err = cli(capsys, "check", "y0_p0+y1_p1+exp(y2_p2)", "--space", "multiclass:3", "--timeout", "1")
    assert rc in (0, 1, 3) and "internal error" not in err
    assert time.perf_counter() - t0 < 1 + 60  # the child is killed at the deadline (a load-proof bound)


# --- the leaderboard readers on the red-team files of issue 45 --------------------------------------
READER_COMMANDS = (["rank", "{f}", "--score", "f1", "--no-check"],
                   ["rank", "{f}", "--score", "f1", "--uncertainty", "posterior", "--no-check"],
                   ["rank", "{f}", "--score", "f1", "--uncertainty", "bootstrap", "--no-check"],
                   ["winners", "{f}"], ["tile", "{f}", "--map", "winner"], ["compare", "f1", "mcc", "--leaderboard", "{f}"],
                   ["rank", "{f}", "--over-tile"], ["rank", "{f}", "--predictions", "{f}", "--score", "f1", "--no-check"])


@pytest.mark.parametrize("name", sorted(RED_TEAM))
def test_every_reader_refuses_a_red_team_file_in_one_line(name, tmp_path, capsys):
    from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
    from ordertheory.ranking.leaderboards.per_sample import read_predictions

    f = tmp_path / name
    f.write_bytes(RED_TEAM[name])
    with pytest.raises(InvalidInput):
        read_leaderboard(f)
    if name.endswith(".csv"):
        with pytest.raises(InvalidInput):
            read_predictions(f)
    for argv in READER_COMMANDS:
        rc, err = cli(capsys, *[a.format(f=f) for a in argv])
        lines = err.strip().splitlines()
        assert rc == 2 and len(lines) == 1 and lines[0].startswith("error: "), (argv, rc, err)
