"""Fuzz suite (issue 12): every input gets a verdict, an honest unknown or a one-line error.

Generated formulas (outcome names, derived terms, huge and tiny numbers, every operator and
function, nesting), random invalid text, constraints, priors and spaces go through the API
(parse_score, performance sets, exact and numeric evaluation, check_score) and the CLI's main().
Asserted: no exception other than the package's own (OrderTheoryError: exit 2, or ResourceLimit:
exit 3), never exit 4, at most one line on stderr for an error, and the deadline held.
Deterministic (derandomize=True) so that CI is reproducible.
"""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ordertheory.cli import main
from ordertheory.errors import OrderTheoryError
from ordertheory.guards import check_decidable
from ordertheory.performances.performance import Performance
from ordertheory.scores.expression import parse_score
from ordertheory.sets.performance_set import all_performances, fixed_prior, fixed_priors, with_constraints
from ordertheory.spaces.sample_space import binary, multiclass

BINARY, MC3 = binary(), multiclass(3)
FAST = dict(derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))

NUMBERS = st.sampled_from(["0", "1", "2", "0.5", "1/3", "0.25", "1e-30", "1e30", "1e-40", "3.14159",
                           "10**30", "1e-300", "0.000000000000000000001", "123456789012345678901234567890",
                           "1e400", "2**64", "0.1", "7"])
FUNCTIONS1 = ["sqrt", "log", "exp", "abs", "probit"]
DERIVED = ["TPR", "TNR", "FPR", "FNR", "PPV", "NPV", "FDR", "FOR", "ACC", "prior_pos", "pred_neg"]


def formulas(names: list[str]) -> st.SearchStrategy[str]:
    """Formulas from a small grammar: leaves are outcome/derived names and numbers."""
    leaves = st.one_of(st.sampled_from(names), NUMBERS)

    def extend(inner):
        return st.one_of(
            st.tuples(inner, st.sampled_from(["+", "-", "*", "/"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            st.tuples(inner, st.sampled_from(["2", "3", "-1", "0.5", "-2", "1/3", "64", "(-1)"])).map(
                lambda t: f"({t[0]})**{t[1]}"),
            st.tuples(st.sampled_from(FUNCTIONS1), inner).map(lambda t: f"{t[0]}({t[1]})"),
            st.tuples(st.sampled_from(["min", "max"]), st.lists(inner, min_size=2, max_size=3)).map(
                lambda t: f"{t[0]}({', '.join(t[1])})"),
            inner.map(lambda s: f"-{s}"),
        )

    return st.recursive(leaves, extend, max_leaves=6)


BINARY_FORMULAS = formulas(["tn", "fp", "fn", "tp"] + DERIVED)
MC3_FORMULAS = formulas([f"y{i}_p{j}" for i in range(3) for j in range(3)])
TOKENS = st.sampled_from(["tp", "fn", "(", ")", "+", "*", "**", "/", "//", "%", "__class__", ".", "lambda x: x",
                          "[", "]", "{", "}", ",", "'a'", "1j", "True", "None", "import", "os", "sqrt", "exp(",
                          "1e-100000000", "0x1f", "@", "~", "not", "if", "else", "=", "==", ":", ";", " ",
                          "__import__('os')", "().__class__.__bases__", "**-", "e", "pi", "E", "I", "nan",
                          "inf", "9" * 60, "\\", "\n", "é", "\x00", "min(", "max()", "probit"])
RANDOM_TEXT = st.one_of(st.lists(TOKENS, min_size=1, max_size=12).map("".join), st.text(max_size=30))


def _points(space, n: int = 3) -> list[Performance]:
    """A few exact performances, some on the boundary of the simplex."""
    rng = np.random.default_rng(0)
    out = []
    for i in range(n):
        w = [int(x) for x in rng.integers(0, 4, len(space))]
        if i == 0:
            w = [1] * len(space)
        if sum(w) == 0:
            w[0] = 1
        out.append(Performance(space, [Fraction(x, sum(w)) for x in w]))
    return out


BIN_POINTS, MC3_POINTS = _points(BINARY), _points(MC3)


def _total_on(text: str, space, points) -> None:
    """Parse, guard, evaluate exactly and numerically: only the package's own errors may escape."""
    try:
        X = parse_score(text, space)
    except OrderTheoryError as exc:
        assert "\n" not in str(exc)
        return
    try:
        check_decidable(X)
    except OrderTheoryError as exc:  # ResourceLimit
        assert str(exc).startswith("too large to decide exactly: ")
        return
    for P in points:
        try:
            X.value_or_none(P)
        except OrderTheoryError as exc:
            assert "\n" not in str(exc)
    cols = [np.array([float(P.probabilities[i]) for P in points]) for i in range(len(space))]
    v = X.numeric(cols)
    assert v.dtype == float and v.shape == (len(points),)


@settings(max_examples=800, **FAST)
@given(BINARY_FORMULAS)
def test_generated_binary_formulas_are_total(text):
    _total_on(text, BINARY, BIN_POINTS)


@settings(max_examples=200, **FAST)
@given(MC3_FORMULAS)
def test_generated_multiclass_formulas_are_total(text):
    _total_on(text, MC3, MC3_POINTS)


@settings(max_examples=1000, **FAST)
@given(RANDOM_TEXT)
def test_random_text_is_valid_or_one_line_error(text):
    _total_on(text, BINARY, BIN_POINTS[:1])


@settings(max_examples=300, **FAST)
@given(st.one_of(RANDOM_TEXT, BINARY_FORMULAS,
                 st.tuples(BINARY_FORMULAS, st.sampled_from(["==", "<=", ">=", "<", "!="]), NUMBERS).map(" ".join)))
def test_constraints_are_linear_or_one_line_error(text):
    try:
        with_constraints(all_performances(BINARY), [text])
    except OrderTheoryError as exc:
        assert "\n" not in str(exc)


PRIORS = st.one_of(NUMBERS, RANDOM_TEXT, st.lists(NUMBERS, min_size=1, max_size=4).map(",".join),
                   st.sampled_from(["1e-10000", "1e-100000000", "0.2,0.8", "1/3,1/3,1/3", "nan", "-0.5", "1",
                                    "0.5,0.5", "9" * 500]))


@settings(max_examples=300, **FAST)
@given(PRIORS, st.sampled_from([BINARY, MC3]))
def test_priors_are_accepted_or_one_line_error(text, space):
    t0 = time.perf_counter()
    try:
        if "," in text:
            fixed_priors(space, text.split(","))
        else:
            fixed_prior(space, text)
    except OrderTheoryError as exc:
        assert "\n" not in str(exc)
    assert time.perf_counter() - t0 < 10  # a guard refuses huge numbers before building them


def _run_cli(argv: list[str], capsys, timeout: float) -> None:
    t0 = time.perf_counter()
    rc = main(argv)
    elapsed = time.perf_counter() - t0
    err = capsys.readouterr().err
    assert rc in (0, 1, 2, 3), (argv, rc, err)
    assert "Traceback" not in err and "internal error" not in err
    if rc == 2:
        assert len(err.strip().splitlines()) <= 1, err
    assert elapsed <= timeout + 60, (argv, elapsed)  # the deadline's mechanism, load-proof


@pytest.mark.slow
@settings(max_examples=8, **FAST)
@given(st.one_of(BINARY_FORMULAS, RANDOM_TEXT))
def test_cli_check_never_exits_4(capsys, text):
    _run_cli(["check", text, "--timeout", "0.3"], capsys, 0.3)


@settings(max_examples=100, **FAST)
@given(st.one_of(BINARY_FORMULAS, RANDOM_TEXT), PRIORS, st.one_of(RANDOM_TEXT, BINARY_FORMULAS))
def test_cli_bad_options_fail_fast_in_one_line(capsys, text, prior, constraint):
    # a bad prior or constraint is rejected before any solver work: these calls are cheap
    t0 = time.perf_counter()
    try:
        fixed_prior(BINARY, prior) if "," not in prior else fixed_priors(BINARY, prior.split(","))
        with_constraints(all_performances(BINARY), [constraint])
    except OrderTheoryError:
        _run_cli(["check", text, "--prior", prior, "--constraint", constraint, "--timeout", "0.5"], capsys, 0.5)
    assert time.perf_counter() - t0 < 90
