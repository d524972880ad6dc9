"""Several tasks (datasets, videos, images, cases): the summarized performance and the statistics organisers use.

- :mod:`~ordertheory.ranking.tasks.summarized`: each entity's performances mixed across tasks (equal,
  size or given weights) — the theory's answer, ranked exactly and checked on the Π the mixtures live in;
- :mod:`~ordertheory.ranking.tasks.aggregates`: the alternatives people use (mean of scores, mean and
  median of ranks) and the exact pairs on which each disagrees with the summarized ranking;
- :mod:`~ordertheory.ranking.tasks.coincidence`: when the summarized and mean-of-scores rankings coincide,
  decided (an identity checked by sympy, or an exact counterexample);
- :mod:`~ordertheory.ranking.tasks.statistics`: per-task ranks, average ranks, Friedman, Iman–Davenport,
  the Nemenyi critical difference, Wilcoxon–Holm, challengeR's consensus (scipy's values);
- :mod:`~ordertheory.ranking.tasks.bayesian`: the Bayesian signed-rank test with a ROPE (baycomp's model);
- :mod:`~ordertheory.ranking.tasks.task_bootstrap`: rank uncertainty by resampling tasks (and test sets);
- :mod:`~ordertheory.ranking.tasks.cd_diagram`: the critical-difference diagram.
"""
