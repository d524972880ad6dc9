"""A certificate's text depends on its formulas only: z3 let-binds a subterm that has more than one
reference, and a Python handle (or garbage not yet collected) used to count as one — the same query
printed differently in a local and a Dask run."""

from ordertheory.encoding.z3_backend import Env


def _formulas(env: Env):
    x, y = env.Real("x"), env.Real("y")
    return [x + y >= 1, x * y <= 2], x + y


def test_an_outside_reference_to_a_subterm_does_not_change_the_text():
    env = Env()
    formulas, _ = _formulas(env)
    alone = env.smtlib(formulas, "q")
    env2 = Env()
    formulas2, held = _formulas(env2)  # x + y stays referenced from Python while printing
    assert env2.smtlib(formulas2, "q") == alone and held is not None
    assert "let" not in alone  # nothing is shared inside the formulas themselves
