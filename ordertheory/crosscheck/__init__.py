"""An independent exact falsifier, to check the engine's verdicts from outside (issue 34).

Nothing here shares code with the engine's search, encoding or checks: an import-linter contract
(pyproject.toml) keeps this package away from ``engine``, ``encoding``, ``theory``, ``fitness``,
``analyses`` and everything above them. It reads only the objects — sample spaces, performances,
sets Π, scores and the whitelist parser — and states the paper's tests again, in its own words:

- :mod:`~ordertheory.crosscheck.arith` compares exact values (rationals exactly, algebraic and
  transcendental constants at a guarded precision, or not at all);
- :mod:`~ordertheory.crosscheck.points` builds exact points of Π and of its faces;
- :mod:`~ordertheory.crosscheck.falsifier` searches counterexamples to tests 1–3, domain closure
  and Theorem 2's condition, and re-validates a witness given from outside;
- :mod:`~ordertheory.crosscheck.orderings` does the same for "X and Y rank alike" and for
  "X = g(R_I) on Π" (what ``compare`` and ``importance`` claim);
- :mod:`~ordertheory.crosscheck.generate` writes formulas whose truth is known by construction
  (ranking scores and their monotone transforms) or unknown (products, random rational functions);
- :mod:`~ordertheory.crosscheck.judge` reads a command's JSON answer and says which verdicts are
  wrong: a refutation whose witness fails, a proof for which a counterexample is found, or a
  verdict contradicting the truth known by construction.

A falsifier proves nothing: finding no counterexample is no evidence of a proof. What it gives is
a second, independent opinion wherever the engine claims something, run by ``make test`` on a few
hundred generated cases and by ``python -m bench differential`` on thousands.

>>> from ordertheory.spaces.sample_space import binary
>>> from ordertheory.scores.expression import parse_score
>>> from ordertheory.sets.performance_set import all_performances
>>> from ordertheory.crosscheck.falsifier import search
>>> found = search(parse_score("tp*tn", binary()), all_performances(binary()), ("test2",))
>>> found["test2"].test, sorted(found["test2"].items)
('test2', ['P1', 'P2', 'lambda'])
"""
